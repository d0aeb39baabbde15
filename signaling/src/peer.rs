//! One peer's connection: its id, its room, its bounded outgoing queue, and the checks on
//! everything it sends (size, rate, kind, silence).

use crate::admission::Ticket;
use crate::limits::{Config, RateLimit};
use crate::metrics::Rejection;
use crate::rooms::{Contact, Registry};
use crate::seat_token::SeatToken;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures::{SinkExt, StreamExt};
use matchbox_protocol::{JsonPeerEvent, JsonPeerRequest, PeerId, PeerRequest};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Notify, mpsc, watch};
use tracing::{debug, info};

/// Which room a connection asked for.
#[derive(Clone, Debug)]
pub enum Join {
    /// A private room by invite code, with its seats.
    Private {
        /// The code, normalised.
        code: String,
        /// Seats asked for.
        seats: u8,
        /// The client's protocol version (empty: not named).
        version: String,
        /// How long the room is kept for its players once they have all left.
        grace: Duration,
        /// What the player will show to take its seat back, if it gave one.
        token: Option<SeatToken>,
    },
    /// A player back in the started room `room` (its code or quick-match key) where it
    /// held seat id `old`.
    Rejoin {
        /// The room's name.
        room: String,
        /// The id it had.
        old: PeerId,
        /// The client's protocol version (empty: not named).
        version: String,
        /// The token it gave when it first joined.
        token: Option<SeatToken>,
    },
    /// A watcher of private room `code`'s match.
    Watch {
        /// The code, normalised.
        code: String,
        /// The client's protocol version (empty: not named).
        version: String,
    },
    /// The next quick-match group of `size` under `key`.
    Quick {
        /// The quick-match key.
        key: String,
        /// Players per group.
        size: u8,
        /// How long the room is kept for its players once they have all left.
        grace: Duration,
        /// What the player will show to take its seat back, if it gave one.
        token: Option<SeatToken>,
    },
}

/// Runs a connected peer until it leaves, misbehaves or the server stops.
pub async fn run(
    socket: WebSocket,
    join: Join,
    config: Arc<Config>,
    registry: Arc<Registry>,
    mut stop: watch::Receiver<bool>,
    _ticket: Ticket,
) {
    let peer = PeerId(uuid::Uuid::new_v4());
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut queue) = mpsc::channel::<Message>(config.queue);
    let kill = Arc::new(Notify::new());
    let hello = Message::Text(JsonPeerEvent::IdAssigned(peer).to_string().into());
    let _ = outbox.try_send(hello);
    let contact = Contact { outbox: outbox.clone(), kill: kill.clone() };
    let joined = match &join {
        Join::Private { code, seats, version, grace, token } => {
            let joined = registry.join_private(code, *seats, version, *grace, peer, contact);
            if let (Ok(_), Some(token)) = (&joined, token) {
                registry.keep_token(peer, token.clone());
            }
            joined.map(|_| ())
        }
        Join::Rejoin { room, old, version, token } => {
            registry.rejoin(room, *old, version, token.as_ref(), peer, contact).map(|_| ())
        }
        Join::Watch { code, version } => {
            registry.watch_private(code, version, peer, contact).map(|_| ())
        }
        Join::Quick { key, size, grace, token } => {
            registry.join_quick(key, *size, *grace, peer, contact);
            if let Some(token) = token {
                registry.keep_token(peer, token.clone());
            }
            Ok(())
        }
    };
    let writer = tokio::spawn(async move {
        while let Some(m) = queue.recv().await {
            let closing = matches!(m, Message::Close(_));
            if sink.send(m).await.is_err() || closing {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let why = match joined {
        Err(why) => Some(why),
        Ok(()) => {
            info!(%peer, ?join, "joined");
            let reading = read(&mut stream, peer, &config, &registry, &kill);
            tokio::select! {
                why = reading => why,
                _ = stop.wait_for(|stopping| *stopping) => None,
            }
        }
    };
    registry.leave(peer);
    let (code, reason) = match why {
        Some(why) => {
            registry.metrics.reject(why);
            (4000 + why as u16, why.label())
        }
        None => (1001, "goodbye"),
    };
    debug!(%peer, reason, "leaving");
    let _ = outbox.try_send(Message::Close(Some(CloseFrame { code, reason: reason.into() })));
    drop(outbox);
    // A peer that does not read its close within a moment is cut off.
    let abort = writer.abort_handle();
    if tokio::time::timeout(Duration::from_secs(2), writer).await.is_err() {
        abort.abort();
    }
}

/// Reads the peer's messages until it leaves (`None`) or must be dropped (`Some`).
async fn read(
    stream: &mut futures::stream::SplitStream<WebSocket>,
    peer: PeerId,
    config: &Config,
    registry: &Registry,
    kill: &Notify,
) -> Option<Rejection> {
    let mut rate = RateLimit::new(config.rate, config.burst);
    let mut bytes = RateLimit::new(config.byte_rate, config.byte_burst);
    loop {
        let next = tokio::select! {
            next = tokio::time::timeout(config.idle(), stream.next()) => next,
            _ = kill.notified() => return Some(Rejection::SlowReader),
        };
        let message = match next {
            Err(_) => return Some(Rejection::Idle),
            Ok(None) => return None,
            Ok(Some(Err(e))) => {
                let text = e.to_string();
                return (text.contains("too long") || text.contains("too big"))
                    .then_some(Rejection::Oversized);
            }
            Ok(Some(Ok(message))) => message,
        };
        let text = match message {
            Message::Text(text) => text,
            Message::Close(_) => return None,
            Message::Ping(_) | Message::Pong(_) => continue,
            Message::Binary(_) => return Some(Rejection::Malformed),
        };
        let now = Instant::now();
        if !rate.allow(now) || !bytes.allow_n(now, text.len()) {
            return Some(Rejection::RateLimited);
        }
        match serde_json::from_str::<JsonPeerRequest>(text.as_str()) {
            Ok(PeerRequest::Signal { receiver, data }) => {
                if let Err(why) = registry.route(peer, receiver, data) {
                    // Signals outside the room are dropped, and counted; the peer stays.
                    registry.metrics.reject(why);
                }
            }
            Ok(PeerRequest::KeepAlive) => {}
            Err(_) => return Some(Rejection::Malformed),
        }
    }
}
