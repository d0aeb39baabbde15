//! The online match's connection to the room: the socket (gone while it is made again),
//! how its end is heard, what the server said of the room's peers, the game channel every
//! session runs on, the counters of what went through it, this peer's hello, and the
//! faults a test asks it to add.

use crate::net::connect_error::ConnectError;
use crate::net::signaller::Introduced;
use crate::net::socket::{Counters, Impairment, SafeChannel, SharedChannel};
use matchbox_socket::{PeerId, WebRtcChannel, WebRtcSocket};
use std::sync::{Arc, Mutex, mpsc};

/// The connection an online match runs on.
pub struct Connection {
    socket: Option<WebRtcSocket>,
    failure: Mutex<mpsc::Receiver<ConnectError>>,
    introduced: Introduced,
    hello: Vec<u8>,
    counters: Arc<Counters>,
    game_channel: SharedChannel,
    impairment: Option<Impairment>,
}

/// What a connection is made of, as the lobby (or a ticket) opened it.
pub struct Opened {
    /// The socket to the room.
    pub socket: WebRtcSocket,
    /// Where the socket's end is said.
    pub failure: Mutex<mpsc::Receiver<ConnectError>>,
    /// What the server says of the room's peers.
    pub introduced: Introduced,
    /// This peer's hello, for a peer still in the lobby that has not heard it.
    pub hello: Vec<u8>,
    /// The counters of what went through the game channel.
    pub counters: Arc<Counters>,
    /// The game channel, taken from the socket.
    pub game_channel: SharedChannel,
    /// Faults to add to what this peer sends (tests).
    pub impairment: Option<Impairment>,
}

impl Connection {
    /// The connection `opened` describes.
    pub(super) fn new(opened: Opened) -> Connection {
        Connection {
            socket: Some(opened.socket),
            failure: opened.failure,
            introduced: opened.introduced,
            hello: opened.hello,
            counters: opened.counters,
            game_channel: opened.game_channel,
            impairment: opened.impairment,
        }
    }

    /// The socket, unless it is being made again.
    pub fn socket(&self) -> Option<&WebRtcSocket> {
        self.socket.as_ref()
    }

    /// The socket, unless it is being made again.
    pub(super) fn socket_mut(&mut self) -> Option<&mut WebRtcSocket> {
        self.socket.as_mut()
    }

    /// This peer's id on the socket, once the server has given one.
    pub(super) fn id(&mut self) -> Option<PeerId> {
        self.socket.as_mut().and_then(WebRtcSocket::id)
    }

    /// Why the socket's connection ended, if it has since last asked.
    pub(super) fn ended(&self) -> Option<ConnectError> {
        self.failure.lock().ok().and_then(|failure| failure.try_recv().ok())
    }

    /// Lets the socket go (the room takes the player back only once it is gone).
    pub(super) fn close(&mut self) {
        self.socket = None;
    }

    /// A new socket to the same room, whose game channel the sessions now run on.
    pub(super) fn reopened(
        &mut self,
        socket: WebRtcSocket,
        game: WebRtcChannel,
        failure: mpsc::Receiver<ConnectError>,
        introduced: Introduced,
    ) {
        if let Ok(mut shared) = self.game_channel.lock() {
            *shared = game;
        }
        self.socket = Some(socket);
        self.failure = Mutex::new(failure);
        self.introduced = introduced;
    }

    /// What the server said of the room's peers on this connection.
    pub fn introduced(&self) -> &Introduced {
        &self.introduced
    }

    /// This peer's hello.
    pub(super) fn hello(&self) -> &[u8] {
        &self.hello
    }

    /// What went through the game channel, by epoch and peer.
    pub fn counters(&self) -> &Counters {
        &self.counters
    }

    /// The game channel every session of the match runs on.
    pub(super) fn game_channel(&self) -> &SharedChannel {
        &self.game_channel
    }

    /// The faults added to what this peer sends (tests), if any.
    pub(super) fn impairment(&self) -> Option<Impairment> {
        self.impairment
    }

    /// The game channel as epoch `epoch`'s session sends and reads it.
    pub(super) fn session_channel(&self, epoch: u32) -> SafeChannel {
        let channel = SafeChannel::new(self.game_channel.clone(), epoch, self.counters.clone());
        match self.impairment {
            Some(impairment) => channel.impaired(impairment),
            None => channel,
        }
    }
}
