//! The signaling connection, watched. matchbox hides the peers the signaling server has
//! introduced until WebRTC connects them, so a peer whose connection can never be made (no
//! route between the two networks, no relay) would be waited for forever. This signaller
//! speaks the same protocol over the same WebSocket crates as matchbox's own (a native one
//! on the desktop, the browser's in a page) and notes every peer the server introduces, so
//! the lobby can say "could not connect" after a bounded time.
//!
//! Once a match runs, the server's word that a player left is only a hint: the server says
//! it of everyone when it stops or restarts, while the players' own connections carry the
//! match on. matchbox would take that word for a closed connection (and stop counting the
//! player as connected), so for the players [`Introduced::keep`] names it is held back from
//! matchbox and kept as news instead ([`Introduced::take_said_left`]).
//!
//! The server also says which peers came to watch (`carrom_signaling::news`): a peer's
//! hello can claim to be a player, the server's word decides ([`Introduced::watches`]).

use matchbox_socket::{PeerEvent, PeerId};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The peers the signaling server has introduced and not yet said are gone, and those it
/// said left.
#[derive(Clone, Debug, Default)]
pub struct Introduced(Arc<Mutex<Roster>>);

#[derive(Debug, Default)]
struct Roster {
    here: Vec<PeerId>,
    left: Vec<PeerId>,
    /// Peers whose leaving only their own connection to this one can show.
    kept: Vec<PeerId>,
    /// Kept peers the server said left, not yet read.
    news: Vec<PeerId>,
    /// Peers the server let in as watchers.
    watchers: Vec<PeerId>,
}

impl Introduced {
    /// The peers introduced so far, in order of arrival.
    pub fn peers(&self) -> Vec<PeerId> {
        self.0.lock().map(|roster| roster.here.clone()).unwrap_or_default()
    }

    /// Whether the server said `peer` left: its connection to the server closed (a peer
    /// lost only to WebRTC was not said to have left, and this side's own link may be the
    /// one that failed).
    pub fn said_left(&self, peer: PeerId) -> bool {
        self.0.lock().is_ok_and(|roster| roster.left.contains(&peer))
    }

    /// From now on the server's word that one of `peers` left is news for the match, not
    /// a closed connection for matchbox (the players of a running match).
    pub fn keep(&self, peers: &[PeerId]) {
        if let Ok(mut roster) = self.0.lock()
            && roster.kept != peers
        {
            roster.kept = peers.to_vec();
        }
    }

    /// Whether the server let `peer` in as a watcher: it holds no seat, whatever its hello
    /// says.
    pub fn watches(&self, peer: PeerId) -> bool {
        self.0.lock().is_ok_and(|roster| roster.watchers.contains(&peer))
    }

    fn watcher(&self, peer: PeerId) {
        if let Ok(mut roster) = self.0.lock()
            && !roster.watchers.contains(&peer)
            && roster.watchers.len() < MAX_WATCHERS_NOTED
        {
            roster.watchers.push(peer);
        }
    }

    /// The kept peers the server has said left since the last call.
    pub fn take_said_left(&self) -> Vec<PeerId> {
        self.0.lock().map(|mut roster| std::mem::take(&mut roster.news)).unwrap_or_default()
    }

    fn arrived(&self, peer: PeerId) {
        if let Ok(mut roster) = self.0.lock() {
            // Back by the same id: no longer gone.
            roster.left.retain(|p| *p != peer);
            if !roster.here.contains(&peer) {
                roster.here.push(peer);
            }
        }
    }

    /// Notes that the server said `peer` left; whether matchbox is to hear it too.
    fn left(&self, peer: PeerId) -> bool {
        let Ok(mut roster) = self.0.lock() else { return true };
        roster.here.retain(|p| *p != peer);
        if !roster.left.contains(&peer) {
            roster.left.push(peer);
        }
        if !roster.kept.contains(&peer) {
            return true;
        }
        if !roster.news.contains(&peer) {
            roster.news.push(peer);
        }
        false
    }

    /// Notes what an event from the server says about who is in the room; whether
    /// matchbox is to hear it.
    fn note(&self, event: &PeerEvent) -> bool {
        match event {
            PeerEvent::NewPeer(peer) => self.arrived(*peer),
            PeerEvent::Signal { sender, .. } => self.arrived(*sender),
            PeerEvent::PeerLeft(peer) => return self.left(*peer),
            PeerEvent::IdAssigned(_) => {}
        }
        true
    }
}

/// Most watchers noted: the server lets a room have far fewer.
const MAX_WATCHERS_NOTED: usize = 256;

/// Builds `WatchedSignaller`s that report to one [`Introduced`].
#[derive(Debug)]
pub struct WatchedSignallerBuilder(pub Introduced);

/// Pause between two attempts to reach the signaling server (matchbox's own).
const RETRY_AFTER: Duration = Duration::from_secs(3);

/// Connects with `connect`, trying `attempts` times (`None`: until it works), a pause
/// apart, unless `last` says a failure settles it; the last failure if none worked.
async fn with_retries<T, E, F: Future<Output = Result<T, E>>>(
    attempts: Option<u16>,
    last: impl Fn(&E) -> bool,
    mut connect: impl FnMut() -> F,
) -> Result<T, E> {
    let mut left = attempts;
    loop {
        match connect().await {
            Ok(connected) => return Ok(connected),
            Err(e) if last(&e) => return Err(e),
            Err(e) => match left {
                Some(n) if n <= 1 => return Err(e),
                Some(n) => left = Some(n - 1),
                None => {}
            },
        }
        futures_timer::Delay::new(RETRY_AFTER).await;
    }
}

/// Whether the server's HTTP answer to the WebSocket upgrade settles the matter: a refusal
/// of what was asked (a full room, another version, a malformed room), which another
/// attempt would only hear again, so the player is told at once. A slow request (408), an
/// overload (429) and the server's own trouble (5xx: a proxy whose instance is restarting)
/// may pass, and are tried again.
#[cfg(not(target_arch = "wasm32"))]
fn settled(status: u16) -> bool {
    (400..500).contains(&status) && status != 408 && status != 429
}

/// Reads one message of the server: the event it says, noted in `introduced`, if matchbox
/// is to hear it.
fn heard(
    introduced: &Introduced,
    text: &str,
) -> Result<Option<PeerEvent>, matchbox_socket::SignalingError> {
    if let Some(id) = carrom_signaling::news::watcher_of(text) {
        let id = uuid::Uuid::parse_str(id)
            .map_err(|_| matchbox_socket::SignalingError::UnknownFormat)?;
        introduced.watcher(PeerId(id));
        return Ok(None);
    }
    let event: PeerEvent =
        serde_json::from_str(text).map_err(|_| matchbox_socket::SignalingError::UnknownFormat)?;
    Ok(introduced.note(&event).then_some(event))
}

/// The desktop's WebSocket.
#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::{Introduced, WatchedSignallerBuilder, heard, settled, with_retries};
    use async_tungstenite::WebSocketStream;
    use async_tungstenite::smol::{ConnectStream, connect_async};
    use async_tungstenite::tungstenite::{Error, Message};
    use futures_util::StreamExt;
    use matchbox_socket::async_trait::async_trait;
    use matchbox_socket::{PeerEvent, PeerRequest, SignalingError, Signaller, SignallerBuilder};

    /// A WebSocket to the signaling server whose events are noted in [`Introduced`].
    struct WatchedSignaller {
        websocket: WebSocketStream<ConnectStream>,
        introduced: Introduced,
    }

    #[async_trait]
    impl SignallerBuilder for WatchedSignallerBuilder {
        async fn new_signaller(
            &self,
            attempts: Option<u16>,
            room_url: String,
        ) -> Result<Box<dyn Signaller>, SignalingError> {
            let refused =
                |e: &Error| matches!(e, Error::Http(answer) if settled(answer.status().as_u16()));
            let (websocket, _) = with_retries(attempts, refused, || connect_async(&room_url))
                .await
                .map_err(|e| SignalingError::NegotiationFailed(Box::new(e.into())))?;
            Ok(Box::new(WatchedSignaller { websocket, introduced: self.0.clone() }))
        }
    }

    #[async_trait]
    impl Signaller for WatchedSignaller {
        async fn send(&mut self, request: PeerRequest) -> Result<(), SignalingError> {
            let text = serde_json::to_string(&request)
                .map_err(|e| SignalingError::UserImplementationError(e.to_string()))?;
            Ok(self.websocket.send(Message::Text(text.into())).await?)
        }

        async fn next_message(&mut self) -> Result<PeerEvent, SignalingError> {
            loop {
                return match self.websocket.next().await {
                    Some(Ok(Message::Text(text))) => match heard(&self.introduced, &text)? {
                        Some(event) => Ok(event),
                        // Held back: the match judges that player by its own connection.
                        None => continue,
                    },
                    // Pings are answered by the WebSocket layer itself.
                    Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => continue,
                    // As matchbox's own signaller: a close or a binary message ends the loop.
                    Some(Ok(Message::Binary(_) | Message::Close(_))) => {
                        Err(SignalingError::UnknownFormat)
                    }
                    None => Err(SignalingError::StreamExhausted),
                    Some(Err(e)) => Err(e.into()),
                };
            }
        }
    }
}

/// The browser's WebSocket (its pings are answered by the browser).
#[cfg(target_arch = "wasm32")]
mod page {
    use super::{Introduced, WatchedSignallerBuilder, heard, with_retries};
    use futures_util::stream::Fuse;
    use futures_util::{SinkExt, StreamExt};
    use matchbox_socket::async_trait::async_trait;
    use matchbox_socket::{PeerEvent, PeerRequest, SignalingError, Signaller, SignallerBuilder};
    use ws_stream_wasm::{WsMessage, WsMeta, WsStream};

    /// A WebSocket to the signaling server whose events are noted in [`Introduced`].
    struct WatchedSignaller {
        websocket: Fuse<WsStream>,
        introduced: Introduced,
    }

    #[async_trait(?Send)]
    impl SignallerBuilder for WatchedSignallerBuilder {
        async fn new_signaller(
            &self,
            attempts: Option<u16>,
            room_url: String,
        ) -> Result<Box<dyn Signaller>, SignalingError> {
            // A page's WebSocket never learns the server's HTTP answer: every failure may pass.
            let (_, websocket) =
                with_retries(attempts, |_| false, || WsMeta::connect(&room_url, None))
                    .await
                    .map_err(|e| SignalingError::NegotiationFailed(Box::new(e.into())))?;
            let websocket = websocket.fuse();
            Ok(Box::new(WatchedSignaller { websocket, introduced: self.0.clone() }))
        }
    }

    #[async_trait(?Send)]
    impl Signaller for WatchedSignaller {
        async fn send(&mut self, request: PeerRequest) -> Result<(), SignalingError> {
            let text = serde_json::to_string(&request)
                .map_err(|e| SignalingError::UserImplementationError(e.to_string()))?;
            Ok(self.websocket.send(WsMessage::Text(text)).await?)
        }

        async fn next_message(&mut self) -> Result<PeerEvent, SignalingError> {
            loop {
                return match self.websocket.next().await {
                    Some(WsMessage::Text(text)) => match heard(&self.introduced, &text)? {
                        Some(event) => Ok(event),
                        // Held back: the match judges that player by its own connection.
                        None => continue,
                    },
                    Some(WsMessage::Binary(_)) => Err(SignalingError::UnknownFormat),
                    None => Err(SignalingError::StreamExhausted),
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_is_said_at_once_and_overload_or_a_restarting_server_is_tried_again() {
        for refusal in [400, 404, 409, 426] {
            assert!(settled(refusal), "{refusal}");
        }
        for passing in [408, 429, 500, 502, 503] {
            assert!(!settled(passing), "{passing}");
        }
        let mut tries = 0;
        let said: Result<(), u16> = bevy::tasks::block_on(with_retries(
            Some(3),
            |status: &u16| settled(*status),
            || {
                tries += 1;
                async { Err(409) }
            },
        ));
        assert_eq!((said, tries), (Err(409), 1), "a full room is not asked again");
    }

    #[test]
    fn introductions_follow_the_servers_events() {
        let introduced = Introduced::default();
        let (a, b) = (PeerId(uuid::Uuid::from_u128(1)), PeerId(uuid::Uuid::from_u128(2)));
        introduced.note(&PeerEvent::NewPeer(a));
        introduced.note(&PeerEvent::NewPeer(a));
        introduced.note(&PeerEvent::IdAssigned(b));
        assert_eq!(introduced.peers(), [a], "one arrival, and our own id is not a peer");
        assert!(!introduced.said_left(a));
        introduced.note(&PeerEvent::PeerLeft(a));
        assert!(introduced.peers().is_empty());
        assert!(introduced.said_left(a), "the server said it left");
        introduced.note(&PeerEvent::NewPeer(a));
        assert!(!introduced.said_left(a), "back by the same id");
    }

    #[test]
    fn a_kept_players_leaving_is_news_for_the_match_not_for_matchbox() {
        let introduced = Introduced::default();
        let (a, b) = (PeerId(uuid::Uuid::from_u128(1)), PeerId(uuid::Uuid::from_u128(2)));
        assert!(introduced.note(&PeerEvent::PeerLeft(a)), "before a match, matchbox hears it");
        assert!(introduced.take_said_left().is_empty(), "and it is no news for a match");
        introduced.keep(&[a]);
        assert!(!introduced.note(&PeerEvent::PeerLeft(a)), "a kept player's is held back");
        assert!(introduced.note(&PeerEvent::PeerLeft(b)), "another peer's is not");
        assert!(introduced.said_left(a) && introduced.said_left(b));
        assert_eq!(introduced.take_said_left(), [a], "told once to the match");
        assert!(introduced.take_said_left().is_empty());
        let said = heard(&introduced, r#"{"PeerLeft":"00000000-0000-0000-0000-000000000001"}"#);
        assert!(matches!(said, Ok(None)), "the server's message is read and held back");
        assert!(heard(&introduced, "{").is_err(), "garbage is refused");
    }

    #[test]
    fn the_servers_word_that_a_peer_watches_is_noted_and_held_back_from_matchbox() {
        let introduced = Introduced::default();
        let id = "00000000-0000-0000-0000-000000000009";
        let watcher = PeerId(uuid::Uuid::parse_str(id).unwrap());
        assert!(!introduced.watches(watcher));
        let said = heard(&introduced, &carrom_signaling::news::watcher(id));
        assert!(matches!(said, Ok(None)), "matchbox never hears it");
        assert!(introduced.watches(watcher));
        let garbled = carrom_signaling::news::watcher("not-an-id");
        assert!(heard(&introduced, &garbled).is_err(), "a garbled id is refused");
    }
}
