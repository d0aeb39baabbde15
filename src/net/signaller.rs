//! The signaling connection, watched. matchbox hides the peers the signaling server has
//! introduced until WebRTC connects them, so a peer whose connection can never be made (no
//! route between the two networks, no relay) would be waited for forever. This signaller
//! speaks the same protocol over the same WebSocket crates as matchbox's own (a native one
//! on the desktop, the browser's in a page) and notes every peer the server introduces, so
//! the lobby can say "could not connect" after a bounded time.

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

    fn arrived(&self, peer: PeerId) {
        if let Ok(mut roster) = self.0.lock()
            && !roster.here.contains(&peer)
        {
            roster.here.push(peer);
        }
    }

    fn left(&self, peer: PeerId) {
        if let Ok(mut roster) = self.0.lock() {
            roster.here.retain(|p| *p != peer);
            if !roster.left.contains(&peer) {
                roster.left.push(peer);
            }
        }
    }

    /// Notes what an event from the server says about who is in the room.
    fn note(&self, event: &PeerEvent) {
        match event {
            PeerEvent::NewPeer(peer) => self.arrived(*peer),
            PeerEvent::Signal { sender, .. } => self.arrived(*sender),
            PeerEvent::PeerLeft(peer) => self.left(*peer),
            PeerEvent::IdAssigned(_) => {}
        }
    }
}

/// Builds [`WatchedSignaller`]s that report to one [`Introduced`].
#[derive(Debug)]
pub struct WatchedSignallerBuilder(pub Introduced);

/// Pause between two attempts to reach the signaling server (matchbox's own).
const RETRY_AFTER: Duration = Duration::from_secs(3);

/// Connects with `connect`, trying `attempts` times (`None`: until it works), a pause
/// apart; the last failure if none worked.
async fn with_retries<T, E, F: Future<Output = Result<T, E>>>(
    attempts: Option<u16>,
    mut connect: impl FnMut() -> F,
) -> Result<T, E> {
    let mut left = attempts;
    loop {
        match connect().await {
            Ok(connected) => return Ok(connected),
            Err(e) => match left {
                Some(n) if n <= 1 => return Err(e),
                Some(n) => left = Some(n - 1),
                None => {}
            },
        }
        futures_timer::Delay::new(RETRY_AFTER).await;
    }
}

/// Reads one message of the server: the event it says, noted in `introduced`.
fn heard(
    introduced: &Introduced,
    text: &str,
) -> Result<PeerEvent, matchbox_socket::SignalingError> {
    let event: PeerEvent =
        serde_json::from_str(text).map_err(|_| matchbox_socket::SignalingError::UnknownFormat)?;
    introduced.note(&event);
    Ok(event)
}

/// The desktop's WebSocket.
#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::{Introduced, WatchedSignallerBuilder, heard, with_retries};
    use async_tungstenite::WebSocketStream;
    use async_tungstenite::smol::{ConnectStream, connect_async};
    use async_tungstenite::tungstenite::Message;
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
            let (websocket, _) = with_retries(attempts, || connect_async(&room_url))
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
                    Some(Ok(Message::Text(text))) => heard(&self.introduced, &text),
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
            let (_, websocket) = with_retries(attempts, || WsMeta::connect(&room_url, None))
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
            match self.websocket.next().await {
                Some(WsMessage::Text(text)) => heard(&self.introduced, &text),
                Some(WsMessage::Binary(_)) => Err(SignalingError::UnknownFormat),
                None => Err(SignalingError::StreamExhausted),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
