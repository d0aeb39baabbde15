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
    /// A trusted proxy did not say whose connection it passed on (`X-Forwarded-For`).
    Unforwarded,
    /// Too many connections that have not finished a request (or become a WebSocket),
    /// in all or from one source: half-open requests are capped, not held.
    PendingCap,
    /// A source asked to watch too many rooms that do not exist: it is guessing codes.
    Probing,
}

impl Rejection {
    /// Every reason, for the metrics.
    pub const ALL: [Rejection; 19] = [
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
        Rejection::Unforwarded,
        Rejection::PendingCap,
        Rejection::Probing,
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
            Rejection::Unforwarded => "unforwarded",
            Rejection::PendingCap => "pending_cap",
            Rejection::Probing => "probing",
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
    rejections: [AtomicU64; Rejection::ALL.len()],
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

    /// Prometheus text: the counters and `census`, every figure labelled with `instance`
    /// so that the figures of several instances can be told apart once gathered.
    pub fn render(&self, instance: &str, census: &Census) -> String {
        let label = format!("instance=\"{}\"", escaped(instance));
        let mut out = String::new();
        let mut figure = |name: &str, help: &str, kind: &str, value: u64| {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name}{{{label}}} {value}"
            );
        };
        let gauges = [
            (
                "rooms",
                "Rooms with at least one peer, or kept for players who dropped.",
                census.rooms,
            ),
            ("gathering_rooms", "Rooms whose seats have not all filled yet.", census.gathering),
            ("peers", "Connected peers.", census.peers),
            ("watchers", "Connected watchers.", census.watchers),
            ("connections", "Connections holding a place under the caps.", census.connections),
            ("connection_limit", "Connections the instance takes at once.", census.limit),
        ];
        for (name, help, value) in gauges {
            figure(&format!("carrom_signaling_{name}"), help, "gauge", value as u64);
        }
        let counters = [
            ("watcher_joins", "Watchers that joined a room.", &self.watchers_joined),
            ("rejoins", "Players that came back to their started room.", &self.rejoined),
            ("joins", "Peers that joined a room.", &self.joined),
            ("signals", "Signals routed.", &self.signals),
        ];
        for (name, help, value) in counters {
            let name = format!("carrom_signaling_{name}_total");
            figure(&name, help, "counter", value.load(Ordering::Relaxed));
        }
        let _ = writeln!(
            out,
            "# HELP carrom_signaling_rejections_total Refused connections and messages, by reason."
        );
        let _ = writeln!(out, "# TYPE carrom_signaling_rejections_total counter");
        for why in Rejection::ALL {
            let _ = writeln!(
                out,
                "carrom_signaling_rejections_total{{{label},reason=\"{}\"}} {}",
                why.label(),
                self.rejections(why)
            );
        }
        out
    }
}

/// What an instance holds right now, for [`Metrics::render`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Census {
    /// Rooms, those kept for players who dropped included.
    pub rooms: usize,
    /// Rooms still gathering: the ones lost if the instance dies.
    pub gathering: usize,
    /// Peers in rooms, watchers included.
    pub peers: usize,
    /// Watchers.
    pub watchers: usize,
    /// Connections admitted.
    pub connections: usize,
    /// The connection cap.
    pub limit: usize,
}

/// `text` as a Prometheus label value.
fn escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_carries_the_instance_label() {
        let metrics = Metrics::default();
        metrics.reject(Rejection::RoomFull);
        let census = Census { rooms: 3, gathering: 1, peers: 5, limit: 10, ..Census::default() };
        let text = metrics.render("sig-2", &census);
        let figures: Vec<&str> =
            text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).collect();
        assert_eq!(figures.len(), 10 + Rejection::ALL.len());
        for line in &figures {
            assert!(line.contains(r#"{instance="sig-2""#), "{line}");
        }
        assert!(text.contains("carrom_signaling_gathering_rooms{instance=\"sig-2\"} 1\n"));
        assert!(text.contains(
            "carrom_signaling_rejections_total{instance=\"sig-2\",reason=\"room_full\"} 1\n"
        ));
    }

    #[test]
    fn an_instance_name_cannot_break_the_format() {
        let text = Metrics::default().render("a\"b\\c\nd", &Census::default());
        assert!(text.contains(r#"carrom_signaling_peers{instance="a\"b\\c\nd"} 0"#), "{text}");
    }
}
