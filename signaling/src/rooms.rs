//! Rooms and who is in them. One lock guards the whole registry, so joining (telling the
//! room about the newcomer and adding it) is one atomic step: two peers joining at the
//! same instant always learn of each other. Signals go only to peers of the sender's room.
//! A private room also takes up to [`MAX_WATCHERS`] watchers: they hold no seat, are
//! introduced to the players (never to each other) and may only signal players.
//!
//! A room whose seats all filled has *started*: nobody new takes a seat freed there, but a
//! player of it may come back to it by the id it had ([`Registry::rejoin`]), and the room
//! is kept for its grace period after its last player leaves, so a player who dropped
//! (or every player at once, after a network cut) finds it again.

use crate::metrics::{Metrics, Rejection};
use crate::news;
use crate::seat_token::SeatToken;
use axum::extract::ws::Message;
use matchbox_protocol::{JsonPeerEvent, PeerId};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
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

impl RoomKey {
    /// The name its players asked for it by: the invite code, or the quick-match key.
    pub fn name(&self) -> &str {
        match self {
            RoomKey::Private(code) => code,
            RoomKey::Quick { key, .. } => key,
        }
    }
}

/// What a room needs to reach a peer.
#[derive(Clone)]
pub struct Contact {
    /// The peer's outgoing queue (bounded).
    pub outbox: mpsc::Sender<Message>,
    /// Told when the peer must be dropped.
    pub kill: Arc<Notify>,
}

/// Watchers one private room takes.
pub const MAX_WATCHERS: usize = 8;

/// The grace period a room keeps when its first peer names none.
pub const DEFAULT_GRACE: Duration = Duration::from_secs(60);

/// The longest grace period a room may ask for.
pub const MAX_GRACE: Duration = Duration::from_secs(600);

/// Ids a started room remembers as its players' (every rejoin adds one).
const MAX_HOLDERS: usize = 32;

struct Room {
    seats: u8,
    /// The protocol version its first peer named (empty: none named).
    version: String,
    /// The players: they hold the seats.
    peers: BTreeMap<PeerId, Contact>,
    /// Watchers of the room's match: no seat, introduced only to the players.
    watchers: BTreeMap<PeerId, Contact>,
    /// Every id that has held a seat since the room started (none: not started).
    holders: Vec<PeerId>,
    /// What each player (and each holder gone) must show to take its seat back.
    tokens: BTreeMap<PeerId, SeatToken>,
    /// How long the room is kept once its last player has left, after it started.
    grace: Duration,
    /// When its last player left, if the room is being kept for them.
    empty_since: Option<Instant>,
}

impl Room {
    fn new(seats: u8, version: &str, grace: Duration) -> Room {
        Room {
            seats,
            version: version.to_owned(),
            peers: BTreeMap::new(),
            watchers: BTreeMap::new(),
            holders: Vec::new(),
            tokens: BTreeMap::new(),
            grace,
            empty_since: None,
        }
    }

    fn started(&self) -> bool {
        !self.holders.is_empty()
    }

    /// Whether the room is kept for players who may come back: started, and no longer than
    /// its grace period since the last of them left.
    fn kept(&self, now: Instant) -> bool {
        self.started() && self.empty_since.is_none_or(|since| now - since < self.grace)
    }

    /// When the room stops being kept, if its players have all left.
    fn deadline(&self) -> Option<Instant> {
        self.empty_since.map(|since| since + self.grace)
    }

    /// Marks the room kept from now (if it is not already) and returns until when.
    fn keep(&mut self) -> Instant {
        let since = *self.empty_since.get_or_insert_with(Instant::now);
        since + self.grace
    }

    fn everyone(&self) -> impl Iterator<Item = (&PeerId, &Contact)> {
        self.peers.iter().chain(self.watchers.iter())
    }

    fn contact(&self, peer: &PeerId) -> Option<&Contact> {
        self.peers.get(peer).or_else(|| self.watchers.get(peer))
    }

    /// Removes `peer` and tells those who knew of it: a player's leaving is told to
    /// everyone, a watcher's to the players only. Returns the peers too slow to be told.
    fn forget(&mut self, peer: PeerId) -> Vec<(PeerId, Arc<Notify>)> {
        let news = Message::Text(JsonPeerEvent::PeerLeft(peer).to_string().into());
        if self.watchers.remove(&peer).is_some() {
            return deliver(self.peers.iter(), &news);
        }
        self.peers.remove(&peer);
        if !self.holders.contains(&peer) {
            self.tokens.remove(&peer);
        }
        deliver(self.everyone(), &news)
    }

    fn is_empty(&self) -> bool {
        self.peers.is_empty() && self.watchers.is_empty()
    }
}

/// The grace period asked for (`?grace=` seconds), capped; `None`: malformed.
pub fn grace_of(seconds: Option<&str>) -> Option<Duration> {
    match seconds {
        None => Some(DEFAULT_GRACE),
        Some(s) => s.parse::<u64>().ok().map(|s| Duration::from_secs(s).min(MAX_GRACE)),
    }
}

#[derive(Default)]
struct Inner {
    rooms: BTreeMap<RoomKey, Room>,
    /// The group still filling for each quick-match (key, size).
    filling: BTreeMap<(String, u8), u64>,
    next_group: u64,
    room_of: HashMap<PeerId, RoomKey>,
    /// The started room each id that held a seat there belongs to.
    held: HashMap<PeerId, RoomKey>,
    /// The rooms kept for players who all dropped, by when they stop being kept: a join
    /// looks only at those whose time is up, never through every room.
    kept: BTreeSet<(Instant, RoomKey)>,
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
            Some(room) if room.kept(Instant::now()) => Err(Rejection::Started),
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
        grace: Duration,
        peer: PeerId,
        contact: Contact,
    ) -> Result<RoomKey, Rejection> {
        let key = RoomKey::Private(code.to_owned());
        let mut inner = self.lock();
        self.expire(&mut inner);
        let room =
            inner.rooms.entry(key.clone()).or_insert_with(|| Room::new(seats, version, grace));
        if room.version != version {
            return Err(Rejection::VersionMismatch);
        }
        if room.seats != seats {
            return Err(Rejection::SeatsMismatch);
        }
        if room.peers.len() >= room.seats as usize {
            return Err(Rejection::RoomFull);
        }
        if room.started() {
            return Err(Rejection::Started);
        }
        self.admit(&mut inner, &key, peer, contact);
        Ok(key)
    }

    /// Keeps `token` as what `peer`, a player just seated, must show to take its seat back.
    pub fn keep_token(&self, peer: PeerId, token: SeatToken) {
        let mut inner = self.lock();
        let Some(key) = inner.room_of.get(&peer).cloned() else { return };
        if let Some(room) = inner.rooms.get_mut(&key)
            && room.peers.contains_key(&peer)
        {
            room.tokens.insert(peer, token);
        }
    }

    /// Whether a player who held seat id `old` could come back to its room now, showing
    /// `token` (checked before the upgrade, to refuse with a clear HTTP reason; `rejoin`
    /// decides). A seat whose player gave a token is taken back only with it; a wrong one
    /// is answered as if there were no such seat.
    pub fn check_rejoin(
        &self,
        room: &str,
        old: PeerId,
        version: &str,
        token: Option<&SeatToken>,
    ) -> Result<(), Rejection> {
        let mut inner = self.lock();
        self.expire(&mut inner);
        let key = inner.held.get(&old).filter(|k| k.name() == room).ok_or(Rejection::NoMatch)?;
        let room = inner.rooms.get(key).ok_or(Rejection::NoMatch)?;
        if room.tokens.get(&old).is_some_and(|kept| !kept.is(token)) {
            return Err(Rejection::NoMatch);
        }
        if room.version != version {
            return Err(Rejection::VersionMismatch);
        }
        // Its old connection must be gone first: a seat is never held twice.
        if room.peers.len() >= room.seats as usize || room.peers.contains_key(&old) {
            return Err(Rejection::RoomFull);
        }
        Ok(())
    }

    /// Seats `peer` in the started room named `room` where id `old` held a seat, if a seat
    /// is free there: a player coming back after a crash or a network cut. The room's
    /// players are told of it as of any arrival. (The name is what a proxy in front of
    /// several instances routes by, so the player reaches the instance holding the room.)
    pub fn rejoin(
        &self,
        room: &str,
        old: PeerId,
        version: &str,
        token: Option<&SeatToken>,
        peer: PeerId,
        contact: Contact,
    ) -> Result<RoomKey, Rejection> {
        self.check_rejoin(room, old, version, token)?;
        let mut inner = self.lock();
        let key = inner.held.get(&old).cloned().ok_or(Rejection::NoMatch)?;
        let Some(room) = inner.rooms.get_mut(&key) else { return Err(Rejection::NoMatch) };
        if room.peers.len() >= room.seats as usize || room.peers.contains_key(&old) {
            return Err(Rejection::RoomFull);
        }
        if let Some(deadline) = room.deadline() {
            room.empty_since = None;
            inner.kept.remove(&(deadline, key.clone()));
        }
        self.admit(&mut inner, &key, peer, contact);
        if let (Some(token), Some(room)) = (token, inner.rooms.get_mut(&key)) {
            room.tokens.insert(peer, token.clone());
        }
        self.metrics.rejoined.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(key)
    }

    /// Adds `peer` to the quick-match group filling under `key` for `size` players; the
    /// arrival after a full group starts the next one.
    pub fn join_quick(
        &self,
        key: &str,
        size: u8,
        grace: Duration,
        peer: PeerId,
        contact: Contact,
    ) -> RoomKey {
        let mut inner = self.lock();
        self.expire(&mut inner);
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
        inner.rooms.entry(room_key.clone()).or_insert_with(|| Room::new(size, "", grace));
        self.admit(&mut inner, &room_key, peer, contact);
        if inner.rooms[&room_key].peers.len() >= size as usize {
            inner.filling.remove(&slot);
        }
        room_key
    }

    /// Whether private room `code` could take one more watcher of protocol `version`
    /// (checked before the upgrade, to refuse with a clear HTTP reason; `watch_private`
    /// decides).
    pub fn check_watch(&self, code: &str, version: &str) -> Result<(), Rejection> {
        let mut inner = self.lock();
        self.expire(&mut inner);
        watchable(inner.rooms.get(&RoomKey::Private(code.to_owned())), version)
    }

    /// Adds `peer` as a watcher of private room `code`, which must have players; the players
    /// are told, the other watchers are not.
    pub fn watch_private(
        &self,
        code: &str,
        version: &str,
        peer: PeerId,
        contact: Contact,
    ) -> Result<RoomKey, Rejection> {
        let key = RoomKey::Private(code.to_owned());
        let mut inner = self.lock();
        watchable(inner.rooms.get(&key), version)?;
        let room = inner.rooms.get_mut(&key).expect("the room was just checked");
        // Who it is first, so that no player takes it for one of them.
        let mut slow = match watcher_news(&room.version, peer) {
            Some(said) => deliver(room.peers.iter(), &said),
            None => Vec::new(),
        };
        let news = Message::Text(JsonPeerEvent::NewPeer(peer).to_string().into());
        slow.extend(deliver(room.peers.iter(), &news));
        room.watchers.insert(peer, contact);
        inner.room_of.insert(peer, key.clone());
        self.metrics.watchers_joined.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.drop_slow(&mut inner, slow);
        Ok(key)
    }

    /// Tells the room about `peer`, then adds it, under the one lock.
    fn admit(&self, inner: &mut Inner, key: &RoomKey, peer: PeerId, contact: Contact) {
        let room = inner.rooms.get_mut(key).expect("the room was just made");
        let news = Message::Text(JsonPeerEvent::NewPeer(peer).to_string().into());
        let mut slow = deliver(room.everyone(), &news);
        // The watchers already here will signal it: it is told who they are first.
        for watcher in room.watchers.keys() {
            if let Some(said) = watcher_news(&room.version, *watcher)
                && contact.outbox.try_send(said).is_err()
            {
                slow.push((peer, contact.kill.clone()));
            }
        }
        room.peers.insert(peer, contact);
        let full = room.peers.len() >= room.seats as usize;
        if (full || room.started()) && room.holders.len() < MAX_HOLDERS {
            // Seated now: everyone in a full room, or a player back in a started one.
            let newcomers: Vec<PeerId> =
                room.peers.keys().copied().filter(|p| !room.holders.contains(p)).collect();
            room.holders.extend(newcomers.iter().copied());
            for holder in newcomers {
                inner.held.insert(holder, key.clone());
            }
        }
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
        let slow = room.forget(peer);
        if room.peers.is_empty() && room.started() {
            // Kept for its players to come back to, for its grace period.
            let deadline = room.keep();
            inner.kept.insert((deadline, key));
        } else if room.is_empty() {
            self.close(inner, &key);
        }
        self.drop_slow(inner, slow);
    }

    /// Removes room `key` and everything that leads to it.
    fn close(&self, inner: &mut Inner, key: &RoomKey) {
        if let Some(room) = inner.rooms.remove(key) {
            if let Some(deadline) = room.deadline() {
                inner.kept.remove(&(deadline, key.clone()));
            }
            for holder in &room.holders {
                inner.held.remove(holder);
            }
        }
        if let RoomKey::Quick { key, size, group } = key
            && inner.filling.get(&(key.clone(), *size)) == Some(group)
        {
            inner.filling.remove(&(key.clone(), *size));
        }
    }

    /// Closes the rooms kept past their grace period with no player back.
    fn expire(&self, inner: &mut Inner) {
        let now = Instant::now();
        while inner.kept.first().is_some_and(|(deadline, _)| *deadline <= now) {
            let Some((_, key)) = inner.kept.pop_first() else { break };
            let watchers: Vec<(PeerId, Arc<Notify>)> = inner
                .rooms
                .get(&key)
                .map(|r| r.watchers.iter().map(|(p, c)| (*p, c.kill.clone())).collect())
                .unwrap_or_default();
            // Nobody is coming back: the watchers' match is over.
            for (watcher, kill) in watchers {
                inner.room_of.remove(&watcher);
                kill.notify_one();
            }
            self.close(inner, &key);
        }
    }

    /// Drops peers whose queues were full: slow readers are not buffered for.
    fn drop_slow(&self, inner: &mut Inner, mut slow: Vec<(PeerId, Arc<Notify>)>) {
        // Each dropped peer's own connection counts it (Rejection::SlowReader) as it ends.
        while let Some((peer, kill)) = slow.pop() {
            kill.notify_one();
            if let Some(key) = inner.room_of.remove(&peer)
                && let Some(room) = inner.rooms.get_mut(&key)
            {
                slow.extend(room.forget(peer));
                if room.peers.is_empty() && room.started() {
                    let deadline = room.keep();
                    inner.kept.insert((deadline, key));
                } else if room.is_empty() {
                    self.close(inner, &key);
                }
            }
        }
    }

    /// Passes a signal from `from` to `to` if they share a room and one of them is a player
    /// (watchers never meet each other).
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
        if room.watchers.contains_key(&from) && room.watchers.contains_key(&to) {
            return Err(Rejection::OtherRoom);
        }
        let Some(contact) = room.contact(&to).cloned() else { return Err(Rejection::OtherRoom) };
        let event = Message::Text(JsonPeerEvent::Signal { sender: from, data }.to_string().into());
        self.metrics.signals.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if contact.outbox.try_send(event).is_err() {
            self.drop_slow(&mut inner, vec![(to, contact.kill)]);
        }
        Ok(())
    }

    /// Rooms and peers (players and watchers) right now.
    pub fn counts(&self) -> (usize, usize) {
        let mut inner = self.lock();
        self.expire(&mut inner);
        (inner.rooms.len(), inner.room_of.len())
    }

    /// Watchers in every room right now.
    pub fn watchers(&self) -> usize {
        self.lock().rooms.values().map(|r| r.watchers.len()).sum()
    }

    /// Rooms, rooms still gathering, peers and watchers right now (for `/metrics`).
    pub fn census(&self) -> (usize, usize, usize, usize) {
        let mut inner = self.lock();
        self.expire(&mut inner);
        let gathering = inner.rooms.values().filter(|r| !r.started()).count();
        let watchers = inner.rooms.values().map(|r| r.watchers.len()).sum();
        (inner.rooms.len(), gathering, inner.room_of.len(), watchers)
    }
}

/// Whether `room` takes one more watcher of protocol `version`: it must have players.
/// A room of another version is answered as no room at all: whoever asks with a made-up
/// version learns nothing of which codes are in use.
fn watchable(room: Option<&Room>, version: &str) -> Result<(), Rejection> {
    match room {
        None => Err(Rejection::NoMatch),
        Some(room) if room.peers.is_empty() || room.version != version => Err(Rejection::NoMatch),
        Some(room) if room.watchers.len() >= MAX_WATCHERS => Err(Rejection::WatchersFull),
        Some(_) => Ok(()),
    }
}

/// The news that `watcher` is one, for the players of a room of protocol `version`, if
/// they read it.
fn watcher_news(version: &str, watcher: PeerId) -> Option<Message> {
    news::read_by(version).then(|| Message::Text(news::watcher(&watcher.0.to_string()).into()))
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
