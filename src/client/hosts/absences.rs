//! Which players of an online match seem gone, and how sure this player is of it: a
//! connection that closed, the signaling server's word, GGRS's silence, and a session
//! never synchronized with. Together they decide when the match holds for a player
//! ([`super::rejoin`]).

use super::silence::Silence;
use matchbox_socket::PeerId;
use web_time::{Duration, Instant};

/// The signs that players have gone, not yet dealt with.
pub struct Absences {
    /// Players whose connection to this one closed.
    closed: Vec<PeerId>,
    /// Players the signaling server said left: only a hint, as it says so of everyone
    /// when it stops, while their own connections carry the match on. With silence it
    /// makes the match hold for them; alone it does nothing.
    said_left: Vec<PeerId>,
    /// Players GGRS has not heard from for a while (and not heard again since).
    silent: Silence,
    /// Players this epoch's session has not yet synchronized with, and until when they
    /// may take: GGRS notices no silence before a session runs, so a player that never
    /// answers (or whose every message is refused) would otherwise be waited for forever.
    unsynchronized: (Vec<PeerId>, Instant),
}

impl Default for Absences {
    fn default() -> Absences {
        Absences {
            closed: Vec::new(),
            said_left: Vec::new(),
            silent: Silence::default(),
            unsynchronized: (Vec::new(), Instant::now()),
        }
    }
}

impl Absences {
    /// A session begins with `others`, who have until `until` to synchronize with it.
    pub fn session_begins(&mut self, others: Vec<PeerId>, until: Instant) {
        self.unsynchronized = (others, until);
    }

    /// `peer` synchronized with this session.
    pub fn synchronized(&mut self, peer: PeerId) {
        self.unsynchronized.0.retain(|p| *p != peer);
    }

    /// Once the time to synchronize is over (by `now`), the players never heard from in
    /// it fall silent with their wait already over, as one silent that long would; who.
    pub fn unsynchronized_fall_silent(&mut self, now: Instant) -> Vec<PeerId> {
        if now < self.unsynchronized.1 {
            return Vec::new();
        }
        let never = std::mem::take(&mut self.unsynchronized.0);
        for peer in &never {
            self.silent.fall(*peer, now);
        }
        never
    }

    /// `peer` fell silent: it is waited for until `deadline`.
    pub fn fell_silent(&mut self, peer: PeerId, deadline: Instant) {
        self.silent.fall(peer, deadline);
    }

    /// `peer` was heard again.
    pub fn heard(&mut self, peer: PeerId) {
        self.silent.heard(peer);
    }

    /// Every silent player's wait is over (a player was ruled gone, or the match resumed).
    pub fn silence_ends(&mut self) {
        self.silent.take();
    }

    /// The longest a player went silent before every player was heard again.
    pub fn longest_silence(&self) -> Duration {
        self.silent.longest()
    }

    /// The silent player whose wait ends first, and when.
    pub fn first_wait(&self) -> Option<(PeerId, Instant)> {
        self.silent.first()
    }

    /// The silent players whose wait had ended by `now`.
    pub fn overdue(&self, now: Instant) -> Vec<PeerId> {
        self.silent.overdue(now)
    }

    /// The connections of `peers` closed.
    pub fn closed(&mut self, peers: impl IntoIterator<Item = PeerId>) {
        self.closed.extend(peers);
    }

    /// Whether `peer`'s connection closed.
    pub fn has_closed(&self, peer: PeerId) -> bool {
        self.closed.contains(&peer)
    }

    /// The signaling server said `peers` left: those it had not said so of already.
    pub fn said_left(&mut self, peers: Vec<PeerId>) -> Vec<PeerId> {
        let new: Vec<PeerId> = peers.into_iter().filter(|p| !self.said_left.contains(p)).collect();
        self.said_left.extend(new.iter().copied());
        new
    }

    /// What connections and the server said is let go (the match is over).
    pub fn forget_leaving(&mut self) {
        self.closed.clear();
        self.said_left.clear();
    }

    /// Whether a player whose connection closed, or whom the server said left, is silent
    /// too: gone, not merely slow.
    pub fn left_and_silent(&self) -> bool {
        self.closed.iter().chain(&self.said_left).any(|p| self.silent.contains(*p))
    }

    /// The match holds: the players held for (gone and silent, or silent their whole
    /// wait, by `now`), and those silent their whole wait. Every wait is the hold's now.
    pub fn hold(&mut self, now: Instant) -> (Vec<PeerId>, Vec<PeerId>) {
        let overdue = self.silent.overdue(now);
        let silent = self.silent.take();
        let mut gone = std::mem::take(&mut self.closed);
        gone.extend(std::mem::take(&mut self.said_left));
        gone.retain(|p| silent.contains(p));
        gone.extend(overdue.iter().copied());
        gone.sort();
        gone.dedup();
        (gone, overdue)
    }

    /// While holding: the connections that closed since (their offers no longer count).
    /// The server's word takes nothing back, as it says everyone left when it stops.
    pub fn closed_while_holding(&mut self) -> Vec<PeerId> {
        self.said_left.clear();
        std::mem::take(&mut self.closed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peer(n: u8) -> PeerId {
        PeerId(uuid::Uuid::from_bytes([n + 1; 16]))
    }

    #[test]
    fn a_player_is_held_for_once_gone_and_silent_or_silent_its_whole_wait() {
        let now = Instant::now();
        let mut absent = Absences::default();
        assert!(absent.said_left(vec![peer(1), peer(2)]).len() == 2);
        assert_eq!(absent.said_left(vec![peer(1)]), [], "said once");
        assert!(!absent.left_and_silent(), "the server's word alone holds nothing");
        absent.fell_silent(peer(1), now + Duration::from_secs(60));
        assert!(absent.left_and_silent());
        absent.fell_silent(peer(3), now);
        let (gone, overdue) = absent.hold(now);
        assert_eq!((gone, overdue), (vec![peer(1), peer(3)], vec![peer(3)]));
        assert!(!absent.left_and_silent() && absent.first_wait().is_none());
        absent.closed([peer(2)]);
        absent.said_left(vec![peer(4)]);
        assert_eq!(absent.closed_while_holding(), [peer(2)]);
        assert!(absent.hold(now).0.is_empty(), "the server's word was let go");
    }

    #[test]
    fn a_player_never_synchronized_in_time_falls_silent_with_its_wait_over() {
        let now = Instant::now();
        let mut absent = Absences::default();
        absent.session_begins(vec![peer(1), peer(2)], now + Duration::from_secs(30));
        absent.synchronized(peer(1));
        assert_eq!(absent.unsynchronized_fall_silent(now), [], "still in time");
        let later = now + Duration::from_secs(30);
        assert_eq!(absent.unsynchronized_fall_silent(later), [peer(2)]);
        assert_eq!(absent.overdue(later), [peer(2)]);
    }
}
