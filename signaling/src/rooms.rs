//! Rooms and who is in them. One lock guards the whole registry, so joining (telling the
//! room about the newcomer and adding it) is one atomic step: two peers joining at the
//! same instant always learn of each other. Signals go only to peers of the sender's room.

use crate::metrics::{Metrics, Rejection};
use axum::extract::ws::Message;
use matchbox_protocol::{JsonPeerEvent, PeerId};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use tokio::sync::{Notify, mpsc};

/// A room's name: a private invite code, or a quick-match group.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RoomKey {
    /// `/r/<CODE>`.
    Private(String),
    /// The `group`-th group of `size` formed under quick-match `key`.
    Quick {
        /// The quick-match key.
        key: String,
        /// Players per group.
        size: u8,
        /// Which group.
        group: u64,
    },
}

/// What a room needs to reach a peer.
#[derive(Clone)]
pub struct Contact {
    /// The peer's outgoing queue (bounded).
    pub outbox: mpsc::Sender<Message>,
    /// Told when the peer must be dropped.
    pub kill: Arc<Notify>,
}

struct Room {
    seats: u8,
    /// The protocol version its first peer named (empty: none named).
    version: String,
    peers: BTreeMap<PeerId, Contact>,
}

#[derive(Default)]
struct Inner {
    rooms: BTreeMap<RoomKey, Room>,
    /// The group still filling for each quick-match (key, size).
    filling: BTreeMap<(String, u8), u64>,
    next_group: u64,
    room_of: HashMap<PeerId, RoomKey>,
}

/// Every room.
pub struct Registry {
    inner: Mutex<Inner>,
    /// The server's counters.
    pub metrics: Arc<Metrics>,
}

impl Registry {
    /// An empty registry counting into `metrics`.
    pub fn new(metrics: Arc<Metrics>) -> Registry {
        Registry { inner: Mutex::new(Inner::default()), metrics }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic elsewhere must not take the whole server down with a poisoned lock.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether a private room could take one more peer asking for `seats` with protocol
    /// `version` (checked before the upgrade, to refuse with a clear HTTP reason;
    /// `join_private` decides).
    pub fn check_private(&self, code: &str, seats: u8, version: &str) -> Result<(), Rejection> {
        let inner = self.lock();
        match inner.rooms.get(&RoomKey::Private(code.to_owned())) {
            Some(room) if room.version != version => Err(Rejection::VersionMismatch),
            Some(room) if room.seats != seats => Err(Rejection::SeatsMismatch),
            Some(room) if room.peers.len() >= room.seats as usize => Err(Rejection::RoomFull),
            _ => Ok(()),
        }
    }

    /// Adds `peer` to private room `code`; the first peer's `seats` fixes its capacity and
    /// its `version` the protocol every other peer must speak.
    pub fn join_private(
        &self,
        code: &str,
        seats: u8,
        version: &str,
        peer: PeerId,
        contact: Contact,
    ) -> Result<RoomKey, Rejection> {
        let key = RoomKey::Private(code.to_owned());
        let mut inner = self.lock();
        let room = inner.rooms.entry(key.clone()).or_insert_with(|| Room {
            seats,
            version: version.to_owned(),
            peers: BTreeMap::new(),
        });
        if room.version != version {
            return Err(Rejection::VersionMismatch);
        }
        if room.seats != seats {
            return Err(Rejection::SeatsMismatch);
        }
        if room.peers.len() >= room.seats as usize {
            return Err(Rejection::RoomFull);
        }
        self.admit(&mut inner, &key, peer, contact);
        Ok(key)
    }

    /// Adds `peer` to the quick-match group filling under `key` for `size` players; the
    /// arrival after a full group starts the next one.
    pub fn join_quick(&self, key: &str, size: u8, peer: PeerId, contact: Contact) -> RoomKey {
        let mut inner = self.lock();
        let slot = (key.to_owned(), size);
        let group = match inner.filling.get(&slot) {
            Some(&g) => g,
            None => {
                inner.next_group += 1;
                let g = inner.next_group;
                inner.filling.insert(slot.clone(), g);
                g
            }
        };
        let room_key = RoomKey::Quick { key: key.to_owned(), size, group };
        inner.rooms.entry(room_key.clone()).or_insert_with(|| Room {
            seats: size,
            version: String::new(),
            peers: BTreeMap::new(),
        });
        self.admit(&mut inner, &room_key, peer, contact);
        if inner.rooms[&room_key].peers.len() >= size as usize {
            inner.filling.remove(&slot);
        }
        room_key
    }

    /// Tells the room about `peer`, then adds it, under the one lock.
    fn admit(&self, inner: &mut Inner, key: &RoomKey, peer: PeerId, contact: Contact) {
        let room = inner.rooms.get_mut(key).expect("the room was just made");
        let news = Message::Text(JsonPeerEvent::NewPeer(peer).to_string().into());
        let slow = deliver(room.peers.iter(), &news);
        room.peers.insert(peer, contact);
        inner.room_of.insert(peer, key.clone());
        self.metrics.joined.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.drop_slow(inner, slow);
    }

    /// Removes `peer` and tells the rest of its room.
    pub fn leave(&self, peer: PeerId) {
        let mut inner = self.lock();
        self.remove(&mut inner, peer);
    }

    fn remove(&self, inner: &mut Inner, peer: PeerId) {
        let Some(key) = inner.room_of.remove(&peer) else { return };
        let Some(room) = inner.rooms.get_mut(&key) else { return };
        room.peers.remove(&peer);
        let news = Message::Text(JsonPeerEvent::PeerLeft(peer).to_string().into());
        let slow = deliver(room.peers.iter(), &news);
        if room.peers.is_empty() {
            inner.rooms.remove(&key);
            if let RoomKey::Quick { key, size, group } = &key
                && inner.filling.get(&(key.clone(), *size)) == Some(group)
            {
                inner.filling.remove(&(key.clone(), *size));
            }
        }
        self.drop_slow(inner, slow);
    }

    /// Drops peers whose queues were full: slow readers are not buffered for.
    fn drop_slow(&self, inner: &mut Inner, mut slow: Vec<(PeerId, Arc<Notify>)>) {
        // Each dropped peer's own connection counts it (Rejection::SlowReader) as it ends.
        while let Some((peer, kill)) = slow.pop() {
            kill.notify_one();
            if let Some(key) = inner.room_of.remove(&peer)
                && let Some(room) = inner.rooms.get_mut(&key)
            {
                room.peers.remove(&peer);
                let news = Message::Text(JsonPeerEvent::PeerLeft(peer).to_string().into());
                slow.extend(deliver(room.peers.iter(), &news));
                if room.peers.is_empty() {
                    inner.rooms.remove(&key);
                }
            }
        }
    }

    /// Passes a signal from `from` to `to` if they share a room.
    pub fn route(
        &self,
        from: PeerId,
        to: PeerId,
        data: serde_json::Value,
    ) -> Result<(), Rejection> {
        let mut inner = self.lock();
        let (Some(a), Some(b)) = (inner.room_of.get(&from), inner.room_of.get(&to)) else {
            return Err(Rejection::OtherRoom);
        };
        if a != b {
            return Err(Rejection::OtherRoom);
        }
        let room = &inner.rooms[a];
        let contact = room.peers[&to].clone();
        let event = Message::Text(JsonPeerEvent::Signal { sender: from, data }.to_string().into());
        self.metrics.signals.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if contact.outbox.try_send(event).is_err() {
            self.drop_slow(&mut inner, vec![(to, contact.kill)]);
        }
        Ok(())
    }

    /// Rooms and peers right now.
    pub fn counts(&self) -> (usize, usize) {
        let inner = self.lock();
        (inner.rooms.len(), inner.room_of.len())
    }
}

/// Sends `message` to every peer; returns those whose queue was full.
fn deliver<'a>(
    peers: impl Iterator<Item = (&'a PeerId, &'a Contact)>,
    message: &Message,
) -> Vec<(PeerId, Arc<Notify>)> {
    peers
        .filter(|(_, c)| c.outbox.try_send(message.clone()).is_err())
        .map(|(p, c)| (*p, c.kill.clone()))
        .collect()
}
