//! Counters for `/metrics` (Prometheus text format).

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a connection or a message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The invite code or quick-match key is malformed.
    BadRoom,
    /// `seats` or `next` is missing or out of range.
    BadSize,
    /// The private room is full.
    RoomFull,
    /// The private room was opened with another number of seats.
    SeatsMismatch,
    /// The private room was opened by a client of another protocol version.
    VersionMismatch,
    /// Too many connections from one address.
    AddressCap,
    /// Too many connections in all.
    ServerCap,
    /// A message that is not valid JSON, or of an unknown kind.
    Malformed,
    /// A message over the size cap.
    Oversized,
    /// A peer over its message rate.
    RateLimited,
    /// A peer that stopped reading (its queue filled up).
    SlowReader,
    /// A peer silent for longer than the idle timeout.
    Idle,
    /// A signal addressed to a peer outside the sender's room (or from a watcher to a
    /// watcher).
    OtherRoom,
    /// A watcher asked for a room with no match in it.
    NoMatch,
    /// A newcomer asked for a seat in a room whose match has started.
    Started,
    /// A watcher asked for a room that has all the watchers it takes.
    WatchersFull,
}

impl Rejection {
    /// Every reason, for the metrics.
    pub const ALL: [Rejection; 16] = [
        Rejection::BadRoom,
        Rejection::BadSize,
        Rejection::RoomFull,
        Rejection::SeatsMismatch,
        Rejection::VersionMismatch,
        Rejection::AddressCap,
        Rejection::ServerCap,
        Rejection::Malformed,
        Rejection::Oversized,
        Rejection::RateLimited,
        Rejection::SlowReader,
        Rejection::Idle,
        Rejection::OtherRoom,
        Rejection::NoMatch,
        Rejection::WatchersFull,
        Rejection::Started,
    ];

    /// The metric label.
    pub const fn label(self) -> &'static str {
        match self {
            Rejection::BadRoom => "bad_room",
            Rejection::BadSize => "bad_size",
            Rejection::RoomFull => "room_full",
            Rejection::SeatsMismatch => "seats_mismatch",
            Rejection::VersionMismatch => "version_mismatch",
            Rejection::AddressCap => "address_cap",
            Rejection::ServerCap => "server_cap",
            Rejection::Malformed => "malformed",
            Rejection::Oversized => "oversized",
            Rejection::RateLimited => "rate_limited",
            Rejection::SlowReader => "slow_reader",
            Rejection::Idle => "idle",
            Rejection::OtherRoom => "other_room",
            Rejection::NoMatch => "no_match",
            Rejection::WatchersFull => "watchers_full",
            Rejection::Started => "started",
        }
    }
}

/// The server's counters.
#[derive(Default)]
pub struct Metrics {
    /// Peers that joined a room.
    pub joined: AtomicU64,
    /// Watchers that joined a room.
    pub watchers_joined: AtomicU64,
    /// Players that came back to their started room.
    pub rejoined: AtomicU64,
    /// Signals routed between peers.
    pub signals: AtomicU64,
    rejections: [AtomicU64; 16],
}

impl Metrics {
    /// Counts a rejection.
    pub fn reject(&self, why: Rejection) {
        self.rejections[why as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// How many rejections for `why`.
    pub fn rejections(&self, why: Rejection) -> u64 {
        self.rejections[why as usize].load(Ordering::Relaxed)
    }

    /// Prometheus text, with the current room, peer and watcher counts.
    pub fn render(&self, rooms: usize, peers: usize, watchers: usize) -> String {
        let mut out = String::new();
        let mut gauge = |name: &str, help: &str, kind: &str, value: u64| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}");
        };
        gauge("carrom_signaling_rooms", "Rooms with at least one peer.", "gauge", rooms as u64);
        gauge("carrom_signaling_peers", "Connected peers.", "gauge", peers as u64);
        gauge("carrom_signaling_watchers", "Connected watchers.", "gauge", watchers as u64);
        gauge(
            "carrom_signaling_watcher_joins_total",
            "Watchers that joined a room.",
            "counter",
            self.watchers_joined.load(Ordering::Relaxed),
        );
        gauge(
            "carrom_signaling_rejoins_total",
            "Players that came back to their started room.",
            "counter",
            self.rejoined.load(Ordering::Relaxed),
        );
        gauge(
            "carrom_signaling_joins_total",
            "Peers that joined a room.",
            "counter",
            self.joined.load(Ordering::Relaxed),
        );
        gauge(
            "carrom_signaling_signals_total",
            "Signals routed.",
            "counter",
            self.signals.load(Ordering::Relaxed),
        );
        let _ = writeln!(
            out,
            "# HELP carrom_signaling_rejections_total Refused connections and messages, by reason."
        );
        let _ = writeln!(out, "# TYPE carrom_signaling_rejections_total counter");
        for why in Rejection::ALL {
            let _ = writeln!(
                out,
                "carrom_signaling_rejections_total{{reason=\"{}\"}} {}",
                why.label(),
                self.rejections(why)
            );
        }
        out
    }
}
