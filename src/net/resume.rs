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

    /// The frame it reaches: the anchor's plus the frames since.
    fn end(&self) -> u64 {
        let anchor = Watched::from_bytes(self.game, &self.state).map_or(0, |w| w.frame());
        anchor as u64 + self.runs.iter().map(|(n, _)| *n as u64).sum::<u64>()
    }
}

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
        if self.seals.get(seat) != Some(&seal(offer.secret)) {
            return Err(Refused::Secret);
        }
        if offer.held.game != self.mine.held.game || offer.held.open().is_none() {
            return Err(Refused::State);
        }
        self.offers.retain(|_, (peer, _)| *peer != from);
        self.offers.insert(offer.seat, (from, offer));
        Ok(())
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
        let forfeit = match absent.first() {
            None => None,
            Some(&seat) if expired || drops[seat as usize] >= MAX_DROPS => Some(seat),
            Some(_) => return None,
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
        let epoch = self.offers.values().map(|(_, o)| o.epoch).fold(self.mine.epoch, u32::max) + 1;
        let seats = (0..self.seats as u8)
            .map(|seat| match self.offers.get(&seat) {
                _ if seat == self.mine.seat => self.me,
                Some((peer, _)) => *peer,
                // A seat that forfeits keeps no peer: a nil id marks it.
                None => PeerId(Default::default()),
            })
            .collect();
        Some(Resume {
            epoch,
            seats,
            seals: self.seals.clone(),
            drops,
            forfeit,
            held: best.0.clone(),
        })
    }
}

/// Checks a decision received (or made) against this player: it must seat `me` at
/// `seat`, move past `epoch`, and carry a sound history.
pub fn accept(resume: &Resume, me: PeerId, seat: u8, epoch: u32) -> Result<Resumed, Refused> {
    if resume.seats.get(seat as usize) != Some(&me)
        || resume.epoch <= epoch
        || resume.seals.len() != resume.seats.len()
        || !(2..=4).contains(&resume.seats.len())
        || resume.forfeit.is_some_and(|s| s as usize >= resume.seats.len() || s == seat)
    {
        return Err(Refused::Stale);
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Match;
    use crate::rules::{Settings, Variant};
    use crate::sim::PresetId;

    fn peer(n: u8) -> PeerId {
        PeerId(uuid::Uuid::from_bytes([n; 16]))
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
        for (me, seat) in [(peer(0), 0), (peer(1), 1), (peer(9), 2)] {
            let resumed = accept(&resume, me, seat, 1).unwrap();
            assert_eq!(resumed.state().frame(), 45, "seat 1 held the most");
        }
        assert_eq!(accept(&resume, peer(1), 1, 2), Err(Refused::Stale), "an old epoch");
        assert_eq!(accept(&resume, peer(5), 1, 1), Err(Refused::Stale), "not seated there");
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
        let resumed = accept(&resume, peer(1), 1, 0).unwrap();
        let Watched::Carrom(m) = resumed.state() else { panic!("carrom") };
        assert_eq!(m.phase(), crate::game::Phase::MatchOver, "seat 2 resigned");
        assert_eq!(m.frame(), 33);
        let mut dropper = offer(1, 0, held(0, 32));
        dropper.drops = [0, 0, MAX_DROPS, 0];
        round.take(peer(1), dropper).unwrap();
        assert_eq!(round.decide(false).and_then(|r| r.forfeit), Some(2), "three drops");
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
