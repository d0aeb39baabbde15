//! Who is in an online match: every seat's player (by peer id and name), this player's
//! seat, and the watchers connected.

use crate::net::watch::MAX_WATCHERS;
use matchbox_socket::PeerId;

/// The seats and the watchers of an online match, as this player knows them.
pub struct Roster {
    /// Every seat's peer, this player's included, in seat (GGRS handle) order.
    peers: Vec<PeerId>,
    /// Every seat's name (four, the unused ones empty).
    names: Vec<String>,
    /// This player's seat.
    local: usize,
    /// The watchers connected, in order of arrival (at most [`MAX_WATCHERS`]).
    watchers: Vec<PeerId>,
}

impl Roster {
    /// The seats' `peers` and `names`, this player at seat `local`, and the `watchers`
    /// already connected.
    pub fn new(
        peers: Vec<PeerId>,
        names: Vec<String>,
        local: usize,
        watchers: Vec<PeerId>,
    ) -> Roster {
        Roster { peers, names, local, watchers }
    }

    /// How many seats the match has.
    pub fn seats(&self) -> usize {
        self.peers.len()
    }

    /// This player's seat.
    pub fn local(&self) -> usize {
        self.local
    }

    /// This player's peer id, as the others know it.
    pub fn me(&self) -> PeerId {
        self.peers[self.local]
    }

    /// Every seat's peer, in seat order.
    pub fn peers(&self) -> &[PeerId] {
        &self.peers
    }

    /// The other seats and their peers.
    pub fn others(&self) -> impl Iterator<Item = (usize, PeerId)> + '_ {
        self.peers.iter().copied().enumerate().filter(|(seat, _)| *seat != self.local)
    }

    /// The seat `peer` plays, if it plays.
    pub fn seat_of(&self, peer: PeerId) -> Option<usize> {
        self.peers.iter().position(|p| *p == peer)
    }

    /// Whether `peer` has a seat.
    pub fn plays(&self, peer: PeerId) -> bool {
        self.peers.contains(&peer)
    }

    /// The seats' names, one for each seat.
    pub fn names(&self) -> &[String] {
        &self.names[..self.peers.len().min(self.names.len())]
    }

    /// The name of `seat`'s player (empty for a seat there is not).
    pub fn name_of_seat(&self, seat: usize) -> &str {
        self.names.get(seat).map_or("", String::as_str)
    }

    /// What the log calls `peer`: its player's name, or that it watches, or its id.
    pub fn call(&self, peer: PeerId) -> String {
        match self.seat_of(peer) {
            Some(seat) => {
                self.names.get(seat).cloned().unwrap_or_else(|| format!("Player {}", seat + 1))
            }
            None if self.watchers.contains(&peer) => format!("watcher {peer}"),
            None => format!("peer {peer}"),
        }
    }

    /// This player is now `id` (it came back with a new connection).
    pub fn now_me(&mut self, id: PeerId) {
        self.peers[self.local] = id;
    }

    /// `peer` plays `seat` now (a resumption seated it).
    pub fn seat(&mut self, seat: usize, peer: PeerId) {
        if let Some(slot) = self.peers.get_mut(seat) {
            *slot = peer;
        }
    }

    /// The watchers connected now.
    pub fn watchers(&self) -> &[PeerId] {
        &self.watchers
    }

    /// `peer` came to watch: kept, unless as many watch as a match takes. Whether it was.
    pub fn watcher_came(&mut self, peer: PeerId) -> bool {
        if self.watchers.contains(&peer) {
            return true;
        }
        let room = self.watchers.len() < MAX_WATCHERS;
        if room {
            self.watchers.push(peer);
        }
        room
    }

    /// The peers of `gone` no longer watch.
    pub fn watchers_left(&mut self, gone: &[PeerId]) {
        self.watchers.retain(|peer| !gone.contains(peer));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peer(n: u8) -> PeerId {
        PeerId(uuid::Uuid::from_bytes([n + 1; 16]))
    }

    #[test]
    fn a_roster_knows_each_seat_by_peer_and_name_and_takes_watchers_up_to_the_most() {
        let names = ["Asha", "Bela", "", ""].map(String::from).to_vec();
        let mut roster = Roster::new(vec![peer(0), peer(1)], names, 1, Vec::new());
        assert_eq!((roster.seats(), roster.me(), roster.names().len()), (2, peer(1), 2));
        assert_eq!(roster.others().collect::<Vec<_>>(), [(0, peer(0))]);
        assert_eq!((roster.call(peer(0)), roster.seat_of(peer(1))), ("Asha".into(), Some(1)));
        roster.now_me(peer(9));
        assert_eq!((roster.me(), roster.plays(peer(1))), (peer(9), false));
        for n in 0..MAX_WATCHERS as u8 {
            assert!(roster.watcher_came(peer(20 + n)));
        }
        assert!(!roster.watcher_came(peer(100)), "a watcher past the most is not kept");
        assert!(roster.call(peer(20)).starts_with("watcher"));
        roster.watchers_left(&[peer(20)]);
        assert!(roster.watcher_came(peer(100)), "a place freed is taken");
    }
}
