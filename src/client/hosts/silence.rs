//! Which players GGRS has stopped hearing from, and how long each is waited for: every
//! silent player has its own wait, so one heard again ends no other player's wait.

use matchbox_socket::PeerId;
use web_time::{Duration, Instant};

/// The silent players of a match, each with the moment its wait ends.
#[derive(Debug, Default)]
pub struct Silence {
    waits: Vec<(PeerId, Instant)>,
    /// Since when some player has been silent, and the longest silence heard again.
    since: Option<Instant>,
    longest: Duration,
}

impl Silence {
    /// `peer` fell silent: it is waited for until `deadline`, or until the earlier end of
    /// a wait it already has.
    pub fn fall(&mut self, peer: PeerId, deadline: Instant) {
        self.since.get_or_insert_with(Instant::now);
        match self.waits.iter_mut().find(|(p, _)| *p == peer) {
            Some((_, ends)) => *ends = (*ends).min(deadline),
            None => self.waits.push((peer, deadline)),
        }
    }

    /// `peer` was heard again: its wait is over; the others' go on.
    pub fn heard(&mut self, peer: PeerId) {
        self.waits.retain(|(p, _)| *p != peer);
        if self.waits.is_empty()
            && let Some(since) = self.since.take()
        {
            self.longest = self.longest.max(since.elapsed());
        }
    }

    /// Whether `peer` is silent.
    pub fn contains(&self, peer: PeerId) -> bool {
        self.waits.iter().any(|(p, _)| *p == peer)
    }

    /// The silent player whose wait ends first, and when.
    pub fn first(&self) -> Option<(PeerId, Instant)> {
        self.waits.iter().min_by_key(|(_, deadline)| *deadline).copied()
    }

    /// The silent players whose wait had ended by `now`.
    pub fn overdue(&self, now: Instant) -> Vec<PeerId> {
        self.waits.iter().filter(|(_, ends)| now >= *ends).map(|(p, _)| *p).collect()
    }

    /// Every silent player, whose waits are now the hold's to judge.
    pub fn take(&mut self) -> Vec<PeerId> {
        std::mem::take(&mut self.waits).into_iter().map(|(p, _)| p).collect()
    }

    /// The longest a player went silent before every player was heard again.
    pub fn longest(&self) -> Duration {
        self.longest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peer(n: u128) -> PeerId {
        PeerId(uuid::Uuid::from_u128(n))
    }

    #[test]
    fn one_player_heard_again_ends_no_other_players_wait() {
        let now = Instant::now();
        let mut silence = Silence::default();
        silence.fall(peer(1), now + Duration::from_secs(5));
        silence.fall(peer(2), now + Duration::from_secs(7));
        silence.heard(peer(2));
        assert_eq!(silence.first(), Some((peer(1), now + Duration::from_secs(5))));
        assert!(silence.overdue(now + Duration::from_secs(4)).is_empty());
        assert_eq!(silence.overdue(now + Duration::from_secs(5)), vec![peer(1)]);
    }

    #[test]
    fn only_the_players_whose_wait_ended_are_overdue() {
        let now = Instant::now();
        let mut silence = Silence::default();
        silence.fall(peer(1), now);
        silence.fall(peer(2), now + Duration::from_secs(5));
        assert_eq!(silence.overdue(now + Duration::from_secs(1)), vec![peer(1)]);
        assert!(silence.contains(peer(2)));
        assert_eq!(silence.take(), vec![peer(1), peer(2)]);
        assert_eq!(silence.first(), None);
    }

    #[test]
    fn falling_silent_again_never_lengthens_a_wait() {
        let now = Instant::now();
        let mut silence = Silence::default();
        silence.fall(peer(1), now + Duration::from_secs(5));
        silence.fall(peer(1), now + Duration::from_secs(9));
        assert_eq!(silence.first(), Some((peer(1), now + Duration::from_secs(5))));
        silence.fall(peer(1), now);
        assert_eq!(silence.overdue(now), vec![peer(1)]);
    }

    #[test]
    fn the_longest_silence_is_measured_once_every_player_is_heard() {
        let mut silence = Silence::default();
        let later = Instant::now() + Duration::from_secs(60);
        silence.fall(peer(1), later);
        silence.fall(peer(2), later);
        std::thread::sleep(Duration::from_millis(20));
        silence.heard(peer(1));
        assert_eq!(silence.longest(), Duration::ZERO, "one player is still silent");
        silence.heard(peer(2));
        assert!(silence.longest() >= Duration::from_millis(20));
    }
}
