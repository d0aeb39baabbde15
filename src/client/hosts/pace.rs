//! How an online match went by the clock: when the lobby opened, when the first rollback
//! frame ran, and how many rollbacks there were and how long the slowest took. Only a
//! report (`carrom peer`'s) and the rule that a player gone before the first frame is
//! not waited for read it; nothing of the match depends on it.

use web_time::{Duration, Instant};

/// The online match's clock readings.
#[derive(Clone, Debug)]
pub struct Pace {
    joined: Instant,
    first_frame: Option<Instant>,
    rollbacks: u64,
    worst_resim: Duration,
    rollback_started: Option<Instant>,
}

impl Pace {
    /// A match whose lobby opened at `joined`.
    pub(super) fn new(joined: Instant) -> Pace {
        Pace {
            joined,
            first_frame: None,
            rollbacks: 0,
            worst_resim: Duration::ZERO,
            rollback_started: None,
        }
    }

    /// The lobby opened at `joined` (the connection is handed over later).
    pub(super) fn joined_at(&mut self, joined: Instant) {
        self.joined = joined;
    }

    /// A rollback began this frame (one frame's several loads count once each).
    pub(super) fn rollback_begins(&mut self) {
        self.rollbacks += 1;
        self.rollback_started.get_or_insert_with(Instant::now);
    }

    /// This frame's rollback, if any, is over; `running` says whether frames now run.
    pub(super) fn frame_ends(&mut self, running: bool) {
        if let Some(started) = self.rollback_started.take() {
            self.worst_resim = self.worst_resim.max(started.elapsed());
        }
        if running && self.first_frame.is_none() {
            self.first_frame = Some(Instant::now());
        }
    }

    /// Whether the first rollback frame has run.
    pub fn began(&self) -> bool {
        self.first_frame.is_some()
    }

    /// States loaded for rollback.
    pub fn rollbacks(&self) -> u64 {
        self.rollbacks
    }

    /// The slowest rollback (load and re-simulation).
    pub fn worst_resim(&self) -> Duration {
        self.worst_resim
    }

    /// From the lobby opening to the first frame (zero before it).
    pub fn join_to_first_frame(&self) -> Duration {
        self.first_frame.map_or(Duration::ZERO, |t| t.saturating_duration_since(self.joined))
    }

    /// Since the first frame (zero before it).
    pub fn playing_for(&self) -> Duration {
        self.first_frame.map_or(Duration::ZERO, |t| t.elapsed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_begins_at_its_first_running_frame_and_counts_each_rollback() {
        let mut pace = Pace::new(Instant::now());
        pace.frame_ends(false);
        assert!(!pace.began(), "frames do not run yet");
        assert_eq!(pace.join_to_first_frame(), Duration::ZERO);
        pace.rollback_begins();
        pace.rollback_begins();
        pace.frame_ends(true);
        assert!(pace.began());
        assert_eq!(pace.rollbacks(), 2);
        pace.frame_ends(true);
        assert_eq!(pace.rollbacks(), 2, "a frame with no rollback adds none");
    }
}
