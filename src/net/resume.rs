//! Reconnecting: a match whose player dropped resumes from a state every player agrees on.
//!
//! Every player keeps the match's *confirmed* history: the frames whose every input GGRS
//! has received. Confirmed histories are prefixes of one history, the inputs the players
//! really sent, so the longest one any player holds is the furthest point of the match
//! that is certain. When a player drops, the others stop their rollback session and each
//! offers, over a reliable channel, what it holds: a state at least [`KEPT`] frames back
//! (its *anchor*, with its hash) and every confirmed frame's inputs since. Once every seat
//! has offered — the dropped player back with its seat's secret — the lowest seat decides
//! alone: it resumes from the offer that reaches furthest, in a new *epoch*, and sends that
//! decision to everyone. Every player checks the state's hash, replays the frames, and
//! starts a fresh rollback session from the same frame, its datagrams tagged with the
//! epoch so the old session's are dropped. Only one player decides, and only with every
//! seat's offer in hand, so two decisions can never differ; the frames between a player's
//! own confirmed frame and the resume point are the same frames it would have confirmed.
//!
//! If the grace period ends without the player, or a player has dropped
//! [`MAX_DROPS`] times, the lowest seat present decides the forfeit the same way: the
//! absent player resigns at the resume point.

use super::watch::{Game, Watched};
use crate::determinism::fnv1a64;
use crate::game::Input;
use matchbox_socket::PeerId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Frames of confirmed history a player keeps behind its confirmed frame, at least: far
/// more than players' confirmed frames can differ by (the input delay and the prediction
/// window), so whoever holds the most, every other player holds its start.
pub const KEPT: usize = 64;

/// Drops after which a player forfeits rather than is waited for again.
pub const MAX_DROPS: u8 = 3;

/// Most frames an offer may carry.
const MAX_FRAMES: usize = 4 * KEPT;

/// Largest resumption message accepted from a peer.
const MAX_MESSAGE: usize = 128 * 1024;

/// A confirmed history: a state, its hash, and the inputs of the frames confirmed since.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    /// The game.
    pub game: Game,
    /// The anchor state's bytes.
    pub state: Vec<u8>,
    /// The anchor state's hash.
    pub hash: u64,
    /// (frames, every player's input) runs since the anchor.
    pub runs: Vec<(u16, Vec<Input>)>,
}

impl Held {
    /// The history from `anchor` through `frames`.
    pub fn of(anchor: &Watched, frames: &[Vec<Input>]) -> Held {
        let (game, state) = anchor.bytes();
        let mut runs: Vec<(u16, Vec<Input>)> = Vec::new();
        for inputs in frames {
            match runs.last_mut() {
                Some((n, same)) if same == inputs && *n < u16::MAX => *n += 1,
                _ => runs.push((1, inputs.clone())),
            }
        }
        Held { game, state, hash: anchor.hash(), runs }
    }

    /// The anchor and the frames, if the state is sound, has its hash and the frames are
    /// within bounds.
    pub fn open(&self) -> Option<(Watched, Vec<Vec<Input>>)> {
        let anchor = Watched::from_bytes(self.game, &self.state)?;
        if anchor.hash() != self.hash {
            return None;
        }
        let count: usize = self.runs.iter().map(|(n, _)| *n as usize).sum();
        if count > MAX_FRAMES || self.runs.iter().any(|(_, inputs)| inputs.len() > 4) {
            return None;
        }
        let frames = self.runs.iter().flat_map(|(n, inputs)| (0..*n).map(|_| inputs.clone()));
        Some((anchor, frames.collect()))
    }

    /// Whether this history and `other` are one where they meet: `Some(true)` if the later
    /// anchor is the earlier history's state at that frame and every frame both hold has
    /// the same inputs, `Some(false)` if not (or either is not sound), `None` if they do
    /// not meet (one ends before the other's anchor), so nothing can be compared.
    pub fn agrees_with(&self, other: &Held) -> Option<bool> {
        let (Some((a, a_frames)), Some((b, b_frames))) = (self.open(), other.open()) else {
            return Some(false);
        };
        if self.game != other.game {
            return Some(false);
        }
        let ((mut early, early_frames), (late, late_frames)) = if a.frame() <= b.frame() {
            ((a, a_frames), (b, b_frames))
        } else {
            ((b, b_frames), (a, a_frames))
        };
        let gap = (late.frame() - early.frame()) as usize;
        if gap > early_frames.len() {
            return None;
        }
        for inputs in &early_frames[..gap] {
            early.step(inputs);
        }
        let same_inputs = early_frames[gap..].iter().zip(&late_frames).all(|(x, y)| x == y);
        Some(early.hash() == late.hash() && same_inputs)
    }

    /// The frame it reaches: the anchor's plus the frames since.
    fn end(&self) -> u64 {
        let anchor = Watched::from_bytes(self.game, &self.state).map_or(0, |w| w.frame());
        anchor as u64 + self.runs.iter().map(|(n, _)| *n as u64).sum::<u64>()
    }
}

/// Furthest a history taken from another player may reach beyond this player's own,
/// frames: players' confirmed frames differ by far less, and a ticket written when the
/// anchor last moved by at most [`KEPT`] more. Frames beyond every honest player's own are
/// the one part of a history nobody can check (see the README's *Security*).
const REACH_BEYOND: u64 = 2 * KEPT as u64;

/// What players say to each other on the resume channel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Resumption {
    /// A player waiting to resume: who it is and what it holds.
    Offer(Offer),
    /// The lowest seat's decision: where everyone resumes.
    Resume(Resume),
}

/// A player's offer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// Its seat (player handle).
    pub seat: u8,
    /// Its seat's secret, whose [`seal`] every player learnt when the match began.
    pub secret: u64,
    /// The last epoch it played in.
    pub epoch: u32,
    /// How many times each seat has dropped, as it counted them.
    pub drops: [u8; 4],
    /// Its confirmed history.
    pub held: Held,
}

/// Where the match resumes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resume {
    /// The seat that decided.
    pub by: u8,
    /// The new epoch.
    pub epoch: u32,
    /// Every seat's peer now, in seat order.
    pub seats: Vec<PeerId>,
    /// Every seat's seal, in seat order.
    pub seals: Vec<u64>,
    /// How many times each seat has dropped.
    pub drops: [u8; 4],
    /// The seat that forfeits instead (it did not come back), if one does.
    pub forfeit: Option<u8>,
    /// The history resumed from.
    pub held: Held,
}

impl Resumption {
    /// The bytes sent.
    pub fn encode(&self) -> Vec<u8> {
        bincode::serde::encode_to_vec(self, bincode::config::standard()).unwrap_or_default()
    }

    /// A message from a peer, if the bytes are one and nothing else.
    pub fn decode(bytes: &[u8]) -> Option<Resumption> {
        super::socket::decode_exactly::<Resumption, MAX_MESSAGE>(bytes)
    }
}

impl Offer {
    /// Whether the offer proves its seat: a seat of the match whose seal its secret has.
    pub fn proves_seat(&self, seals: &[u64]) -> bool {
        seals.get(self.seat as usize) == Some(&seal(self.secret))
    }
}

/// What a seat's secret is shown to others as: they can check a secret, not forge one.
pub fn seal(secret: u64) -> u64 {
    fnv1a64(&secret.to_le_bytes())
}

/// Why a resumption message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// A seat out of range, or this peer's own.
    Seat,
    /// The secret does not match the seat's seal.
    Secret,
    /// The state is not sound, does not have its hash, or carries too many frames.
    State,
    /// A decision that leaves this peer out or goes back to an old epoch.
    Stale,
    /// An epoch other than this match's last or next one.
    Epoch,
    /// A history that contradicts this player's own, or reaches too far beyond it.
    History,
    /// A decision from a peer that is not the seat deciding, or for another match.
    Sender,
}

/// The match as resumed: where from, in which epoch, with whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumed {
    /// The anchor state.
    pub anchor: Watched,
    /// The frames from the anchor to the resume point.
    pub frames: Vec<Vec<Input>>,
    /// The epoch.
    pub epoch: u32,
    /// Every seat's peer, in seat order.
    pub seats: Vec<PeerId>,
    /// Every seat's seal.
    pub seals: Vec<u64>,
    /// Drops per seat.
    pub drops: [u8; 4],
    /// The seat that forfeits, if one does.
    pub forfeit: Option<u8>,
}

impl Resumed {
    /// The state at the resume point (with the forfeit applied, if any).
    pub fn state(&self) -> Watched {
        let mut state = self.anchor;
        for inputs in &self.frames {
            state.step(inputs);
        }
        if let Some(seat) = self.forfeit {
            state.step(&forfeit_inputs(self.seats.len(), seat));
        }
        state
    }
}

/// The inputs of the frame in which `seat` of `seats` forfeits.
pub fn forfeit_inputs(seats: usize, seat: u8) -> Vec<Input> {
    (0..seats).map(|s| if s == seat as usize { Input::resign() } else { Input::ZERO }).collect()
}

/// One round of agreement, as one player sees it: its own offer and those received.
#[derive(Clone, Debug)]
pub struct Round {
    seats: usize,
    seals: Vec<u64>,
    me: PeerId,
    mine: Offer,
    offers: BTreeMap<u8, (PeerId, Offer)>,
}

impl Round {
    /// A round of a match of `seats` players with their `seals`, where this player (`me`)
    /// offers `mine`.
    pub fn new(seats: usize, seals: Vec<u64>, me: PeerId, mine: Offer) -> Round {
        Round { seats, seals, me, mine, offers: BTreeMap::new() }
    }

    /// This player is now known as `me` (it came back with a new connection).
    pub fn set_me(&mut self, me: PeerId) {
        self.me = me;
    }

    /// This player's offer.
    pub fn mine(&self) -> &Offer {
        &self.mine
    }

    /// Takes `from`'s offer (a later one from the same seat replaces it).
    pub fn take(&mut self, from: PeerId, offer: Offer) -> Result<(), Refused> {
        let seat = offer.seat as usize;
        if seat >= self.seats || offer.seat == self.mine.seat {
            return Err(Refused::Seat);
        }
        if !offer.proves_seat(&self.seals) {
            return Err(Refused::Secret);
        }
        if offer.held.game != self.mine.held.game || offer.held.open().is_none() {
            return Err(Refused::State);
        }
        if offer.epoch.abs_diff(self.mine.epoch) > 1 {
            // Players resume together: one that missed a decision is one epoch behind.
            return Err(Refused::Epoch);
        }
        self.check_history(&offer.held)?;
        self.offers.retain(|_, (peer, _)| *peer != from);
        self.offers.insert(offer.seat, (from, offer));
        Ok(())
    }

    /// Refuses a history that contradicts this player's own or reaches too far beyond it.
    fn check_history(&self, held: &Held) -> Result<(), Refused> {
        let beyond = held.end().saturating_sub(self.mine.held.end());
        if held.agrees_with(&self.mine.held) == Some(false) || beyond > REACH_BEYOND {
            return Err(Refused::History);
        }
        Ok(())
    }

    /// Checks a decision `from` a peer (or this player's own) against this round: it must
    /// come from the seat that made it, whose offer proved that seat here, and that seat
    /// must be the lowest it seats unless this player's grace period is over too (`expired`:
    /// then any seat may rule alone). It must be for this match and its next epoch, seat
    /// this player, and carry a sound history that agrees with this player's own.
    pub fn accept(&self, from: PeerId, resume: &Resume, expired: bool) -> Result<Resumed, Refused> {
        let seats = &resume.seats;
        if seats.len() != self.seats || resume.seals != self.seals {
            return Err(Refused::Sender);
        }
        let by = resume.by;
        let lowest = seats.iter().position(|p| !p.0.is_nil());
        let proven = if by == self.mine.seat {
            from == self.me
        } else {
            self.offers.get(&by).is_some_and(|(peer, _)| *peer == from)
        };
        let in_turn = lowest == Some(by as usize) || expired;
        if seats.get(by as usize) != Some(&from) || !proven || !in_turn {
            return Err(Refused::Sender);
        }
        if resume.held.game != self.mine.held.game {
            return Err(Refused::Sender);
        }
        let epoch = self.mine.epoch;
        if resume.epoch <= epoch {
            return Err(Refused::Stale);
        }
        if resume.epoch - epoch > 2 {
            return Err(Refused::Epoch);
        }
        let me = self.me;
        let seat = self.mine.seat;
        if seats.get(seat as usize) != Some(&me)
            || resume
                .forfeit
                .is_some_and(|s| s == seat || seats.get(s as usize).is_none_or(|p| !p.0.is_nil()))
        {
            return Err(Refused::Stale);
        }
        self.check_history(&resume.held)?;
        let (anchor, frames) = resume.held.open().ok_or(Refused::State)?;
        Ok(Resumed {
            anchor,
            frames,
            epoch: resume.epoch,
            seats: resume.seats.clone(),
            seals: resume.seals.clone(),
            drops: resume.drops,
            forfeit: resume.forfeit,
        })
    }

    /// `peer` has gone: its offer no longer counts.
    pub fn forget(&mut self, peer: PeerId) {
        self.offers.retain(|_, (p, _)| *p != peer);
    }

    /// The seats with an offer here, this player's included, lowest first.
    pub fn present(&self) -> Vec<u8> {
        let mut seats: Vec<u8> = self.offers.keys().copied().collect();
        seats.push(self.mine.seat);
        seats.sort();
        seats
    }

    /// The seats without one.
    pub fn absent(&self) -> Vec<u8> {
        let present = self.present();
        (0..self.seats as u8).filter(|s| !present.contains(s)).collect()
    }

    /// Drops per seat, as the players present counted them (the most any counted).
    pub fn drops(&self) -> [u8; 4] {
        let mut drops = self.mine.drops;
        for (_, offer) in self.offers.values() {
            for (d, theirs) in drops.iter_mut().zip(offer.drops) {
                *d = (*d).max(theirs);
            }
        }
        drops
    }

    /// Whether this player decides: it has the lowest seat present.
    pub fn leads(&self) -> bool {
        self.present().first() == Some(&self.mine.seat)
    }

    /// The decision, if this player makes it now: every seat present resumes; a seat
    /// absent forfeits if `expired` (its grace period is over) or it has dropped
    /// [`MAX_DROPS`] times; otherwise the wait goes on.
    pub fn decide(&self, expired: bool) -> Option<Resume> {
        if !self.leads() {
            return None;
        }
        self.decision(expired)
    }

    /// The decision this player makes when the one who should has not made it long after
    /// the grace period: it resumes, or forfeits the first seat absent, on its own.
    pub fn decide_alone(&self) -> Option<Resume> {
        self.decision(true)
    }

    fn decision(&self, expired: bool) -> Option<Resume> {
        let drops = self.drops();
        let absent = self.absent();
        // A player out of drops forfeits at once, but only with every other seat here: one
        // merely slower to offer must not be left out.
        let forfeit = match absent[..] {
            [] => None,
            [seat, ..] if expired => Some(seat),
            [seat] if drops[seat as usize] >= MAX_DROPS => Some(seat),
            _ => return None,
        };
        // The furthest history; between equals, the lowest seat's.
        let mut best = (&self.mine.held, self.mine.seat);
        for (seat, (_, offer)) in &self.offers {
            if offer.held.end() > best.0.end()
                || (offer.held.end() == best.0.end() && *seat < best.1)
            {
                best = (&offer.held, *seat);
            }
        }
        let last = self.offers.values().map(|(_, o)| o.epoch).fold(self.mine.epoch, u32::max);
        let epoch = last.checked_add(1)?;
        let seats = (0..self.seats as u8)
            .map(|seat| match self.offers.get(&seat) {
                _ if seat == self.mine.seat => self.me,
                Some((peer, _)) => *peer,
                // A seat that forfeits keeps no peer: a nil id marks it.
                None => PeerId(Default::default()),
            })
            .collect();
        Some(Resume {
            by: self.mine.seat,
            epoch,
            seats,
            seals: self.seals.clone(),
            drops,
            forfeit,
            held: best.0.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Match;
    use crate::rules::{Settings, Variant};
    use crate::sim::PresetId;

    fn peer(n: u8) -> PeerId {
        PeerId(uuid::Uuid::from_bytes([n + 1; 16]))
    }

    fn start() -> Watched {
        let settings = Settings::new(Variant::Freestyle, 3, PresetId::Standard, 0, 7).unwrap();
        Watched::Carrom(Match::new(settings))
    }

    /// The history of `frames` idle frames from the start, kept from frame `from`.
    fn held(from: usize, frames: usize) -> Held {
        let mut anchor = start();
        let idle = vec![Input::ZERO; 3];
        for _ in 0..from {
            anchor.step(&idle);
        }
        Held::of(&anchor, &vec![idle; frames - from])
    }

    fn offer(seat: u8, epoch: u32, held: Held) -> Offer {
        Offer { seat, secret: 100 + seat as u64, epoch, drops: [0; 4], held }
    }

    fn seals() -> Vec<u64> {
        (0..3).map(|s| seal(100 + s)).collect()
    }

    #[test]
    fn the_lowest_seat_resumes_from_the_furthest_history_once_every_seat_has_offered() {
        let mut leader = Round::new(3, seals(), peer(0), offer(0, 1, held(0, 40)));
        let mut other = Round::new(3, seals(), peer(1), offer(1, 1, held(0, 45)));
        assert_eq!(leader.decide(false), None, "seats 1 and 2 are missing");
        leader.take(peer(1), other.mine().clone()).unwrap();
        assert_eq!(leader.decide(false), None, "seat 2 is missing");
        leader.take(peer(9), offer(2, 0, held(10, 43))).unwrap();
        other.take(peer(0), leader.mine().clone()).unwrap();
        other.take(peer(9), offer(2, 0, held(10, 43))).unwrap();
        assert_eq!(other.decide(false), None, "only the lowest seat decides");
        let resume = leader.decide(false).expect("every seat is here");
        assert_eq!(resume.epoch, 2);
        assert_eq!(resume.seats, vec![peer(0), peer(1), peer(9)]);
        assert_eq!(resume.forfeit, None);
        let mut third = Round::new(3, seals(), peer(9), offer(2, 0, held(10, 43)));
        third.take(peer(0), leader.mine().clone()).unwrap();
        for round in [&leader, &other, &third] {
            let resumed = round.accept(peer(0), &resume, false).unwrap();
            assert_eq!(resumed.state().frame(), 45, "seat 1 held the most");
        }
        let mut moved_on = Round::new(3, seals(), peer(1), offer(1, 2, held(0, 45)));
        moved_on.take(peer(0), offer(0, 2, held(0, 40))).unwrap();
        assert_eq!(moved_on.accept(peer(0), &resume, false).unwrap_err(), Refused::Stale);
        let mut elsewhere = Round::new(3, seals(), peer(5), offer(1, 1, held(0, 45)));
        elsewhere.take(peer(0), leader.mine().clone()).unwrap();
        assert_eq!(elsewhere.accept(peer(0), &resume, false).unwrap_err(), Refused::Stale);
    }

    /// `frames` frames from the start, all idle but frame `resigned`, in which seat 0
    /// resigns, kept from frame `from`.
    fn resigned_at(from: usize, frames: usize, resigned: usize) -> Held {
        let mut inputs = vec![vec![Input::ZERO; 3]; frames];
        inputs[resigned][0] = Input::resign();
        let mut anchor = start();
        for frame in &inputs[..from] {
            anchor.step(frame);
        }
        Held::of(&anchor, &inputs[from..])
    }

    #[test]
    fn histories_agree_where_they_meet_and_a_changed_input_contradicts() {
        assert_eq!(held(0, 40).agrees_with(&held(20, 60)), Some(true));
        assert_eq!(held(20, 60).agrees_with(&held(0, 40)), Some(true), "either way round");
        assert_eq!(held(0, 20).agrees_with(&held(20, 30)), Some(true), "they touch");
        assert_eq!(held(0, 19).agrees_with(&held(20, 30)), None, "a gap cannot be checked");
        assert_eq!(resigned_at(0, 40, 30).agrees_with(&held(20, 60)), Some(false), "an input");
        assert_eq!(resigned_at(0, 40, 5).agrees_with(&held(20, 60)), Some(false), "an anchor");
        assert_eq!(resigned_at(0, 40, 35).agrees_with(&held(10, 35)), Some(true), "past its end");
    }

    #[test]
    fn a_decision_counts_only_from_the_seat_deciding_for_this_match_and_its_next_epoch() {
        let mut leader = Round::new(3, seals(), peer(0), offer(0, 1, held(0, 40)));
        let mut mine = Round::new(3, seals(), peer(1), offer(1, 1, held(0, 42)));
        leader.take(peer(1), mine.mine().clone()).unwrap();
        leader.take(peer(2), offer(2, 1, held(0, 41))).unwrap();
        mine.take(peer(0), leader.mine().clone()).unwrap();
        mine.take(peer(2), offer(2, 1, held(0, 41))).unwrap();
        let honest = leader.decide(false).unwrap();
        assert!(mine.accept(peer(0), &honest, false).is_ok());
        let refused = |resume: &Resume, from: u8| mine.accept(peer(from), resume, false);
        assert_eq!(refused(&honest, 7), Err(Refused::Sender), "a watcher relaying it");
        assert_eq!(refused(&honest, 2), Err(Refused::Sender), "another seat relaying it");
        let mut by_seat_2 = honest.clone();
        by_seat_2.by = 2;
        assert_eq!(refused(&by_seat_2, 2), Err(Refused::Sender), "not its turn to decide");
        assert!(mine.accept(peer(2), &by_seat_2, true).is_ok(), "alone, after the grace period");
        let mut four = honest.clone();
        four.seats.push(peer(3));
        four.seals.push(seal(103));
        assert_eq!(refused(&four, 0), Err(Refused::Sender), "four seats in a three-seat match");
        let mut sealed = honest.clone();
        sealed.seals[2] = seal(7);
        assert_eq!(refused(&sealed, 0), Err(Refused::Sender), "a seat's seal replaced");
        let mut far = honest.clone();
        far.epoch = u32::MAX;
        assert_eq!(refused(&far, 0), Err(Refused::Epoch));
        let mut rewritten = honest.clone();
        rewritten.held = resigned_at(0, 42, 30);
        assert_eq!(refused(&rewritten, 0), Err(Refused::History), "inputs invented");
        let mut beyond = honest.clone();
        beyond.held = held(0, 42 + 2 * KEPT + 1);
        assert_eq!(refused(&beyond, 0), Err(Refused::History), "too far ahead to be true");
        let mut forfeit = honest.clone();
        forfeit.forfeit = Some(2);
        assert_eq!(refused(&forfeit, 0), Err(Refused::Stale), "a seat that came back");
        let mut swapped = honest;
        swapped.seats.swap(1, 2);
        assert_eq!(refused(&swapped, 0), Err(Refused::Stale), "this player moved");
    }

    #[test]
    fn an_offer_from_another_epoch_is_refused_and_no_epoch_wraps() {
        let mut round = Round::new(3, seals(), peer(0), offer(0, 4, held(0, 40)));
        assert_eq!(round.take(peer(1), offer(1, u32::MAX, held(0, 40))), Err(Refused::Epoch));
        assert_eq!(round.take(peer(1), offer(1, 2, held(0, 40))), Err(Refused::Epoch));
        assert_eq!(round.take(peer(1), offer(1, 5, resigned_at(0, 40, 20))), Err(Refused::History));
        round.take(peer(1), offer(1, 5, held(0, 40))).unwrap();
        round.take(peer(2), offer(2, 3, held(0, 40))).unwrap();
        assert_eq!(round.decide(false).map(|r| r.epoch), Some(6));
        let last = Round::new(2, seals()[..2].to_vec(), peer(0), offer(0, u32::MAX, held(0, 9)));
        assert_eq!(last.decide(true), None, "no epoch after the last");
    }

    #[test]
    fn a_seat_is_taken_back_only_with_its_secret_and_a_sound_state() {
        let mut round = Round::new(3, seals(), peer(0), offer(0, 0, held(0, 5)));
        let mut forged = offer(2, 0, held(0, 5));
        forged.secret = 7;
        assert_eq!(round.take(peer(3), forged), Err(Refused::Secret));
        assert_eq!(round.take(peer(3), offer(0, 0, held(0, 5))), Err(Refused::Seat));
        let mut tampered = offer(2, 0, held(0, 5));
        tampered.held.hash ^= 1;
        assert_eq!(round.take(peer(3), tampered), Err(Refused::State));
        let mut garbage = offer(2, 0, held(0, 5));
        garbage.held.state.truncate(10);
        assert_eq!(round.take(peer(3), garbage), Err(Refused::State));
        let mut flood = offer(2, 0, held(0, 5));
        flood.held.runs = vec![(u16::MAX, vec![Input::ZERO; 3])];
        assert_eq!(round.take(peer(3), flood), Err(Refused::State));
        assert_eq!(round.absent(), vec![1, 2]);
    }

    #[test]
    fn an_absent_seat_forfeits_when_the_grace_period_ends_or_after_three_drops() {
        let mut round = Round::new(3, seals(), peer(0), offer(0, 0, held(0, 30)));
        round.take(peer(1), offer(1, 0, held(0, 32))).unwrap();
        assert_eq!(round.decide(false), None, "seat 2 is still waited for");
        let resume = round.decide(true).expect("the grace period is over");
        assert_eq!(resume.forfeit, Some(2));
        let mut other = Round::new(3, seals(), peer(1), offer(1, 0, held(0, 32)));
        other.take(peer(0), round.mine().clone()).unwrap();
        let resumed = other.accept(peer(0), &resume, false).unwrap();
        let Watched::Carrom(m) = resumed.state() else { panic!("carrom") };
        assert_eq!(m.phase(), crate::game::Phase::MatchOver, "seat 2 resigned");
        assert_eq!(m.frame(), 33);
        let mut dropper = offer(1, 0, held(0, 32));
        dropper.drops = [0, 0, MAX_DROPS, 0];
        round.take(peer(1), dropper).unwrap();
        assert_eq!(round.decide(false).and_then(|r| r.forfeit), Some(2), "three drops");
        let mut counted = offer(0, 0, held(0, 30));
        counted.drops = [0, 0, MAX_DROPS, 0];
        let mut slow = Round::new(3, seals(), peer(0), counted);
        assert_eq!(slow.decide(false), None, "seat 1 has not offered yet: it is waited for");
        slow.take(peer(1), offer(1, 0, held(0, 30))).unwrap();
        assert_eq!(slow.decide(false).and_then(|r| r.forfeit), Some(2));
        round.forget(peer(1));
        assert_eq!(round.absent(), vec![1, 2]);
    }

    #[test]
    fn the_largest_offer_fits_a_message() {
        // Twice KEPT frames (the most a player keeps), four players, every frame different.
        let settings = Settings::new(Variant::Freestyle, 4, PresetId::Standard, 0, 7).unwrap();
        let anchor = Watched::Carrom(Match::new(settings));
        let frames: Vec<Vec<Input>> = (0..2 * KEPT)
            .map(|f| (0..4).map(|p| Input { angle: (f * 4 + p) as u16, ..Input::ZERO }).collect())
            .collect();
        let offer =
            Offer { seat: 3, secret: 1, epoch: 9, drops: [2; 4], held: Held::of(&anchor, &frames) };
        let bytes = Resumption::Offer(offer).encode();
        eprintln!("the largest offer: {} bytes", bytes.len());
        assert!(bytes.len() <= MAX_MESSAGE);
        assert!(Resumption::decode(&bytes).is_some());
    }

    #[test]
    fn resumption_messages_survive_the_wire_and_garbage_is_refused() {
        let message = Resumption::Offer(offer(1, 3, held(2, 20)));
        assert_eq!(Resumption::decode(&message.encode()), Some(message));
        assert_eq!(Resumption::decode(&[7, 7, 7]), None);
        assert_eq!(Resumption::decode(&vec![0; MAX_MESSAGE + 1]), None);
    }
}
