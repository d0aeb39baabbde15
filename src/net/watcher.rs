//! A watcher's connection: it joins a private room as a watcher (`/w/<CODE>` on the
//! signaling server, no seat), says to every player that it watches, and follows the
//! match the players stream to it ([`super::watch`]). Front ends poll it once a frame and
//! step its [`Follower`]: `carrom peer --watch` and the client's watch screen.

use super::connect::{HELLO_CHANNEL, IceServer, PEER_CONNECT_BOUND, WATCH_CHANNEL, open};
use super::connect_error::ConnectError;
use super::hello::Hello;
use super::watch::{Follower, StreamFault, WatchMessage};
use crate::rules::Variant;
use crate::sim::PresetId;
use matchbox_socket::{PeerId, PeerState, WebRtcChannel, WebRtcSocket};
use std::sync::{Mutex, mpsc};
use web_time::{Duration, Instant};

/// How long after the last player left what they sent is still waited for.
const LAST_WORDS: Duration = Duration::from_secs(2);

/// What stops a watch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WatchEnd {
    /// The connection failed or the players left before the match could be followed.
    Failed(String),
    /// The stream broke its promises.
    Fault(StreamFault),
}

impl std::fmt::Display for WatchEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WatchEnd::Failed(why) => write!(f, "{why}"),
            WatchEnd::Fault(fault) => write!(f, "{fault}"),
        }
    }
}

/// A watcher of one match.
pub struct Watcher {
    socket: Option<WebRtcSocket>,
    /// Behind a lock so a watcher can live in a shared resource (a receiver is not `Sync`).
    failure: Mutex<mpsc::Receiver<ConnectError>>,
    stream: Option<WebRtcChannel>,
    hello: Vec<u8>,
    greeted: Vec<PeerId>,
    players: Vec<PeerId>,
    /// Since when no player has been connected (after one was).
    alone_since: Option<Instant>,
    /// Since when every player connected has been refused.
    refused_alone_since: Option<Instant>,
    /// Every player that has streamed, by the number the follower knows it by.
    sources: Vec<PeerId>,
    seen_player: bool,
    /// The match as followed, once a player has sent it.
    pub follower: Option<Follower>,
    problem: Option<WatchEnd>,
    opened: Instant,
    /// Peers whose stream is no longer read, and why each was refused.
    refused: Vec<PeerId>,
    refusals: Vec<(PeerId, String)>,
    /// Refusals already handed to the front end.
    told: usize,
}

impl Watcher {
    /// The same watcher saying in its hello that it comes to play a two-player Classic
    /// match (hostile-peer tests: the players must give it no seat).
    pub fn claiming_a_seat(mut self, name: &str) -> Watcher {
        let claim = Hello::new(false, Variant::Classic, 2, PresetId::Standard, 0, name);
        self.hello = claim.encode();
        self
    }

    /// Opens a connection to the watch address `url` as `name`.
    pub fn open(url: &str, ice: &[IceServer], name: &str) -> Result<Watcher, ConnectError> {
        let (mut socket, failure, _) = open(url, ice)?;
        // Taken now, so the stream goes on if the signaling server goes away.
        let stream = socket.take_channel(WATCH_CHANNEL).ok();
        Ok(Watcher {
            socket: Some(socket),
            failure: Mutex::new(failure),
            stream,
            hello: Hello::watcher(name).encode(),
            greeted: Vec::new(),
            players: Vec::new(),
            alone_since: None,
            refused_alone_since: None,
            sources: Vec::new(),
            seen_player: false,
            follower: None,
            problem: None,
            opened: Instant::now(),
            refused: Vec::new(),
            refusals: Vec::new(),
            told: 0,
        })
    }

    /// Reads the network: greets players who connected, takes what they streamed. An
    /// error once the watch cannot go on.
    pub fn poll(&mut self) -> Result<(), WatchEnd> {
        if let Some(problem) = &self.problem {
            return Err(problem.clone());
        }
        let failed = self.failure.lock().ok().and_then(|failure| failure.try_recv().ok());
        if let Some(why) = failed {
            // The socket's message loop has ended: polling it again would panic in matchbox.
            self.socket = None;
            if self.follower.is_none() {
                return self.end(WatchEnd::Failed(why.to_string()));
            }
        }
        // What arrived first, then who left: a player's last frames count before it goes.
        let received = self.stream.as_mut().map(|s| s.receive()).unwrap_or_default();
        for (peer, bytes) in received {
            if self.refused.contains(&peer) {
                continue;
            }
            let source = self.source(peer);
            let taken = match WatchMessage::decode(&bytes) {
                None => Err("it sent something that is not a match".to_string()),
                Some(message) => match &mut self.follower {
                    None => Follower::start(source, &message).map(|f| self.follower = Some(f)),
                    Some(follower) => follower.receive(source, message),
                }
                .map_err(|fault| fault.to_string()),
            };
            if let Err(why) = taken {
                self.refuse(peer, source, why);
            }
        }
        if let Some((_, why)) = self.refusals.last()
            && !self.players.is_empty()
            && self.players.iter().all(|p| self.refused.contains(p))
        {
            // Every player met so far lied, but a watcher meets the players one by one:
            // what the liars sent is dropped, and an honest stream is waited for as long
            // as a player may take to connect.
            self.follower = None;
            let since = *self.refused_alone_since.get_or_insert_with(Instant::now);
            if since.elapsed() >= PEER_CONNECT_BOUND {
                let why = format!("no player's stream could be followed: {why}");
                return self.end(WatchEnd::Failed(why));
            }
        } else {
            self.refused_alone_since = None;
        }
        if let Some(socket) = self.socket.as_mut() {
            match socket.try_update_peers() {
                Ok(changes) => {
                    for (peer, state) in changes {
                        match state {
                            PeerState::Connected => {
                                self.seen_player = true;
                                self.players.push(peer);
                            }
                            PeerState::Disconnected => {
                                self.players.retain(|p| *p != peer);
                                let source = self.source(peer);
                                if self.refused.contains(&peer) {
                                    continue;
                                }
                                if let Some(follower) = self.follower.as_mut() {
                                    follower.leave(source);
                                }
                            }
                        }
                    }
                }
                Err(_) => self.socket = None,
            }
            self.alone_since = match (self.players.is_empty(), self.alone_since) {
                (false, _) => None,
                (true, None) if self.seen_player => Some(Instant::now()),
                (true, since) => since,
            };
        }
        if let Some(channel) =
            self.socket.as_mut().and_then(|s| s.get_channel_mut(HELLO_CHANNEL).ok())
        {
            for peer in &self.players {
                if !self.greeted.contains(peer)
                    && channel.try_send(self.hello.clone().into(), *peer).is_ok()
                {
                    self.greeted.push(*peer);
                }
            }
            // The players' hellos say nothing a watcher needs: the stream names them.
            let _ = channel.receive();
        }
        if self.follower.is_none() {
            if self.players_gone() {
                return self.end(WatchEnd::Failed(
                    "the players left before the match could be shown".into(),
                ));
            }
            if !self.seen_player && self.opened.elapsed() > PEER_CONNECT_BOUND {
                let why = format!(
                    "no player could be reached in {} s (a firewall or NAT between you; a TURN \
                     relay in Settings fixes this)",
                    PEER_CONNECT_BOUND.as_secs()
                );
                return self.end(WatchEnd::Failed(why.to_string()));
            }
        }
        Ok(())
    }

    /// Simulates the next frame received, if any; an error if it differs from the players'.
    pub fn step(&mut self) -> Result<bool, WatchEnd> {
        let Some(follower) = self.follower.as_mut() else { return Ok(false) };
        match follower.step() {
            Ok(stepped) => Ok(stepped),
            Err(fault) => self.end(WatchEnd::Fault(fault)),
        }
    }

    /// The number the follower knows `peer`'s stream by.
    fn source(&mut self, peer: PeerId) -> usize {
        match self.sources.iter().position(|p| *p == peer) {
            Some(index) => index,
            None => {
                self.sources.push(peer);
                self.sources.len() - 1
            }
        }
    }

    /// Stops listening to `peer`, whose stream broke its promises: the match goes on from
    /// the others' streams.
    fn refuse(&mut self, peer: PeerId, source: usize, why: String) {
        self.refused.push(peer);
        self.refusals.push((peer, why));
        if let Some(follower) = self.follower.as_mut() {
            follower.leave(source);
        }
    }

    /// The peers refused since the last call, and why: the front end says so in its log.
    pub fn take_refusals(&mut self) -> Vec<(PeerId, String)> {
        let told = self.told;
        self.told = self.refusals.len();
        self.refusals[told..].to_vec()
    }

    /// Sends `bytes` on channel `channel` to every player connected (hostile-peer tests:
    /// players must read and drop whatever a watcher sends them).
    pub fn send_to_players(&mut self, channel: usize, bytes: &[u8]) {
        let players = self.players.clone();
        let target = match channel {
            WATCH_CHANNEL => self.stream.as_mut(),
            _ => self.socket.as_mut().and_then(|s| s.get_channel_mut(channel).ok()),
        };
        if let Some(target) = target {
            for player in players {
                let _ = target.try_send(bytes.to_vec().into(), player);
            }
        }
    }

    /// Players connected to this watcher now.
    pub fn players_connected(&self) -> usize {
        self.players.len()
    }

    /// Whether the stream can bring nothing more: every player has gone (or the network
    /// with them) and everything received has been simulated.
    pub fn stream_ended(&self) -> bool {
        let idle = self.follower.as_ref().is_none_or(|f| f.behind() == 0);
        idle && self.players_gone()
    }

    /// Whether every player has been gone for [`LAST_WORDS`]: what a player sent just
    /// before it left may still be on its way when its leaving is noticed.
    fn players_gone(&self) -> bool {
        self.alone_since.is_some_and(|since| since.elapsed() >= LAST_WORDS)
    }

    fn end<T>(&mut self, why: WatchEnd) -> Result<T, WatchEnd> {
        self.problem = Some(why.clone());
        Err(why)
    }
}
