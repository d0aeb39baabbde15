//! Reconnecting: a match whose player dropped resumes from a state every player agrees on.
//!
//! Every player keeps the match's *confirmed* history: the frames whose every input GGRS
//! has received. Confirmed histories are prefixes of one history, the inputs the players
//! really sent, so the longest one any player holds is the furthest point of the match
//! that is certain. When a player drops, the others stop their rollback session and each
//! offers, over a reliable channel, what it holds: a state at least [`KEPT`] frames back
//! (its *anchor*, with its hash) and every confirmed frame's inputs since. Once every seat
//! has offered — the dropped player back, signing with its seat's key — the lowest seat
//! decides alone: it resumes from the offer that reaches furthest, in a new *epoch*, and sends that
//! decision to everyone. Every player checks the state's hash, replays the frames, and
//! starts a fresh rollback session from the same frame, its datagrams tagged with the
//! epoch so the old session's are dropped. Only one player decides, and only with every
//! seat's offer in hand, so two decisions can never differ; the frames between a player's
//! own confirmed frame and the resume point are the same frames it would have confirmed.
//!
//! If the grace period ends without the player, the lowest seat present decides the
//! forfeit the same way: the absent player resigns at the resume point. A player that has
//! dropped [`MAX_DROPS`] times forfeits so too, back or not, once every other seat has
//! offered; it never decides, so a player who has its offer and one who has not yet
//! agree on who does. A hold adds one drop at most to a seat's agreed count, so no
//! player's word alone puts another out of drops.
//!
//! Every offer and decision is signed by its seat's key ([`super::seat_key`]) over the
//! sender's id, so only the seat's own player can offer for it or decide as it.
//!
//! # The whole path of a drop
//!
//! A Wi-Fi blip, a closed lid, a crash or a closed window need not end a match. GGRS has no
//! rejoin of its own, but the state is one plain value with a hash, so a match can start
//! again from any state every player agrees on. The client's side of what follows is
//! `src/client/hosts/rejoin.rs`; the ticket is `src/client/persistence/rejoin.rs`.
//!
//! - **Hold, then wait.** Each match has a grace period (Home: *If a player drops, wait*
//!   30, 60 or 120 s; `carrom peer --grace S`, 5–600; the room creator's choice is the
//!   match's, carried in the hello). A player who goes silent is waited for: the banner
//!   says "NAME disconnected - waiting N s", and the session stops once its prediction
//!   runs out, and the shot clock with it (it counts frames). If the connection outlives
//!   the silence (a 10 s cut does; WebRTC gives up after about 30 s), the match simply
//!   goes on. GGRS itself never rules a player gone ([`super::session`]). A player silent
//!   for the whole grace period is held for like one whose connection closed, with 3 s for
//!   the others to offer, and its forfeit is agreed as above. GGRS notices no silence
//!   before a session runs, so a player a new session has not synchronized with by the end
//!   of the grace period (it never answered, or everything it sent was refused) counts as
//!   silent that long. When a player's connection *closes* (its game was closed, or WebRTC
//!   gave up), or the signaling server says it left and it has gone silent too (a crashed
//!   game's connection lingers until WebRTC gives up, while its link to the server closes
//!   at once), the others stop the session and **hold** the match.
//! - **The server's word is a hint.** The signaling server says every player left when it
//!   stops (a restart, an upgrade) while the players' own connections carry the match on.
//!   So once a match runs, that word never closes a player's connection for matchbox
//!   ([`super::signaller`]): it only makes the match hold for a player who is also silent
//!   at that moment (a busy machine, a throttled tab), and the holding players still reach
//!   it to agree where to resume. A restart costs at most a short hold, never a forfeit.
//! - **The room keeps the seat.** A room whose seats have all filled has started: nobody
//!   new takes a freed seat (409 "this room's match has started"), but a player comes back
//!   by the id it had there, with the seat token it joined with
//!   (`/j/ROOM/ID?v=VERSION&seat=TOKEN`, [`super::room::rejoin_room`], for private rooms,
//!   quick matches and LAN games alike; refused while that id is still connected), and the
//!   room is kept for its grace period (`?grace=S`, at most 600 s) after its last player
//!   leaves, so even both players of a match cut off at once find it again.
//! - **Coming back.** A player that has lost every other player opens a new connection to
//!   the room by its id every 2 s until the grace period ends — unless the signaling server
//!   told it every one of them left: then the server reached it, its own link is fine, and
//!   the others come back to this connection (and its watchers keep watching). A game that
//!   was killed comes back from its *ticket*: `rejoin.json` in the data directory
//!   (`--seat-file` for `carrom peer`), written when the match starts and every 64
//!   confirmed frames, removed when it ends. It holds the room's server, this player's id
//!   and seat, its seat's private key, every seat's seal (public key), the epoch, and its
//!   confirmed history; it is readable by its owner only (mode 0600, as every file the game
//!   writes). Home then offers *Rejoin match CODE*; `carrom --join CODE` with the ticket's
//!   code takes the seat back too, and `carrom peer --seat-file F --rejoin` does it
//!   headless. A ticket older than its grace period (plus a minute), of another protocol,
//!   or damaged is not used (a damaged one is moved aside and said on Home).
//! - **Resuming.** Every player keeps its confirmed history ([`super::watch::Feed`], the
//!   same stream watchers get): an anchor state at least [`KEPT`] frames behind its last
//!   confirmed frame, with the inputs of every confirmed frame since. Holding, each player
//!   sends every other one, on the fourth data channel, an offer: its seat, its epoch, its
//!   count of drops per seat and that history, signed. Each player draws a fresh ed25519
//!   key per match from the system's randomness and sends only its public half, the seal,
//!   in its hello; the key itself is never sent, so a watcher or a stranger cannot take a
//!   seat. The decision names every seat's peer id, the seals, the drops and the history.
//!   Each player checks the history's hash, replays its frames into its records and the
//!   watchers' stream, sets the match to the end of it, and starts a fresh GGRS session
//!   there (its frame 0 is that match frame). Seats, scores, the seed and the shot clock
//!   are all in the state, so they carry on exactly.
//! - **Why it cannot fork.** A frame is confirmed only once every player's input for it
//!   has arrived, and those inputs are what the players really sent; so every player's
//!   confirmed history is a prefix of one history, and the furthest of them is as certain
//!   as any. A player's confirmed frame lags the furthest by at most the input delay and
//!   the prediction window (10 frames), so it always holds the successors of the furthest
//!   history's anchor, 64 frames back: nobody's records get a gap. A decision must name the
//!   receiver at its own seat and move past its epoch. What was predicted beyond the resume
//!   point is thrown away, as any rollback would.
//! - **Outcomes.** A player silent for a whole grace period is held for only the 3 s the
//!   others take to agree; a player merely slow to offer in that time still has its full
//!   grace period. If even the decision does not come (the lowest seat is gone too), each
//!   player rules alone 10 s later. Every wait has a bound and a countdown. In a true
//!   partition each side may rule the other absent, as in any peer-to-peer game.
//! - **Not covered.** A LAN host that drops cannot come back: its game serves the room. A
//!   player who comes back after a crash records the match from its return (its match
//!   record starts there; its desync record is empty). A network partition longer than the
//!   grace period ends as two forfeits. After a network cut on its own side, a player's
//!   watchers lose the match (it connects again by its id; they do not follow).
//!
//! What a hostile player can and cannot do with offers and decisions is in
//! `src/net/SECURITY.md`.
//!
//! # Tests
//!
//! Unit tests here: the lowest seat resumes from the furthest history once every seat has
//! offered; a seat counts only with its key's signature and a sound state; forfeits on
//! expiry and after three drops; the wire format. `signaling/tests/server/rooms.rs`: a started
//! room refuses newcomers, takes a player back by its id and the seat token it joined with
//! (not by the id alone, nor while that id is connected), is kept for its grace period
//! after everyone left, then expires. `tests/net/rejoin.rs` runs real `carrom peer`
//! processes, real signaling and real WebRTC in a namespace: a player killed (SIGKILL)
//! once every player has played a stroke and restarted with `--rejoin` once the others
//! hold the match for it — two players, four players, and draughts — and every peer ends
//! on one hash in epoch 1 or later, with a watcher there from the start following the match
//! through the drop to the same hash; a player who never comes back is a forfeit after the
//! 6 s grace period (exit 3); a player killed a third time, after coming back twice,
//! forfeits at once; a player coming back to a match nobody is left in is told so after the
//! grace period (exit 1), not handed a win; and the same match through nginx in front of
//! three instances. `tests/net/lan.rs`: a LAN player whose link goes down for 10 s and up
//! again keeps its connection, and both finish on one hash, each having waited 5 s or
//! more; down for 40 s, longer than WebRTC keeps a silent connection, the player cut off
//! connects again by its id once its link is back and the match resumes in epoch 1, on one
//! hash. `tests/client/rejoin.rs`: a client killed mid-match against a headless peer,
//! started again on the same files, is offered *Rejoin match CODE* on Home, the match
//! resumes where it stood, and when the client resigns both end on one hash; a friend who
//! never comes back is counted down and ruled a forfeit.

use super::seat_key::{SIGNATURE_BYTES, Seal, SeatKey};
use super::session::INPUT_DELAY;
use super::watch::{Game, KEPT, Watched};
use crate::game::Input;
use matchbox_socket::PeerId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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

    /// The inputs of its frames from match frame `from` on (all of them if it is anchored
    /// later), if it is sound.
    fn frames_from(&self, from: u64) -> Option<Vec<Vec<Input>>> {
        let (anchor, mut frames) = self.open()?;
        let skip = from.saturating_sub(anchor.frame() as u64) as usize;
        Some(frames.split_off(skip.min(frames.len())))
    }

    /// The frame it reaches: the anchor's plus the frames since.
    pub fn end(&self) -> u64 {
        let anchor = Watched::from_bytes(self.game, &self.state).map_or(0, |w| w.frame());
        anchor as u64 + self.runs.iter().map(|(n, _)| *n as u64).sum::<u64>()
    }
}

/// Furthest a history taken from another player may reach beyond this player's own,
/// frames, when this player does not know what it sent since (it comes back from a ticket):
/// players' confirmed frames differ by far less, and a ticket written when the anchor last
/// moved by at most [`KEPT`] more.
const REACH_BEYOND: u64 = 2 * KEPT as u64;

/// Frames of its own inputs a player has sent beyond the last it simulated: the input
/// delay's, and at most one more whose frame has not run yet.
const SENT_AHEAD: usize = INPUT_DELAY + 1;

/// What players say to each other on the resume channel (always [`Signed`]).
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
    pub seals: Vec<Seal>,
    /// How many times each seat has dropped.
    pub drops: [u8; 4],
    /// The seat that forfeits instead (it did not come back), if one does.
    pub forfeit: Option<u8>,
    /// The history resumed from.
    pub held: Held,
}

impl Resumption {
    /// The seat it speaks for: the offering seat, or the deciding one.
    pub fn seat(&self) -> u8 {
        match self {
            Resumption::Offer(offer) => offer.seat,
            Resumption::Resume(resume) => resume.by,
        }
    }
}

/// A resumption as it travels: the message's bytes and its seat's signature of them, made
/// for the one peer id that sends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signed {
    /// The message.
    pub message: Resumption,
    body: Vec<u8>,
    signature: Vec<u8>,
}

impl Signed {
    /// `message`, signed with `key` to be sent by `from`.
    pub fn new(message: Resumption, key: &SeatKey, from: PeerId) -> Signed {
        let body = bincode::serde::encode_to_vec(&message, bincode::config::standard())
            .unwrap_or_default();
        let signature = key.sign(from, &body).to_vec();
        Signed { message, body, signature }
    }

    /// The bytes sent.
    pub fn encode(&self) -> Vec<u8> {
        let envelope = (&self.body, &self.signature);
        bincode::serde::encode_to_vec(envelope, bincode::config::standard()).unwrap_or_default()
    }

    /// A message from a peer, if the bytes are one and nothing else (its signature is
    /// checked against the seat it names by [`Signed::proves_seat`]).
    pub fn decode(bytes: &[u8]) -> Option<Signed> {
        let (body, signature) =
            super::bounded::decode_exactly::<(Vec<u8>, Vec<u8>), MAX_MESSAGE>(bytes)?;
        if signature.len() != SIGNATURE_BYTES {
            return None;
        }
        let message = super::bounded::decode_exactly::<Resumption, MAX_MESSAGE>(&body)?;
        Some(Signed { message, body, signature })
    }

    /// Whether the seat it speaks for signed it, for `from` to send: the seat is one of
    /// the match's `seals` and the signature is that seal's key's.
    pub fn proves_seat(&self, from: PeerId, seals: &[Seal]) -> bool {
        seals
            .get(self.message.seat() as usize)
            .is_some_and(|seal| seal.signed(from, &self.body, &self.signature))
    }
}

/// Why a resumption message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// A seat out of range, or this peer's own.
    Seat,
    /// Not signed by the seat's key for the peer that sent it.
    Signature,
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
    pub seals: Vec<Seal>,
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
    seals: Vec<Seal>,
    me: PeerId,
    key: SeatKey,
    mine: Offer,
    signed: Signed,
    offers: BTreeMap<u8, (PeerId, Offer)>,
    /// This player's inputs after its confirmed history, if it knows them.
    sent: Option<Vec<Input>>,
}

impl Round {
    /// A round of a match of `seats` players with their `seals`, where this player (`me`,
    /// holding its seat's `key`) offers `mine`.
    pub fn new(seats: usize, seals: Vec<Seal>, me: PeerId, key: SeatKey, mine: Offer) -> Round {
        let signed = Signed::new(Resumption::Offer(mine.clone()), &key, me);
        Round { seats, seals, me, key, mine, signed, offers: BTreeMap::new(), sent: None }
    }

    /// This player is now known as `me` (it came back with a new connection).
    pub fn set_me(&mut self, me: PeerId) {
        self.me = me;
        self.signed = Signed::new(Resumption::Offer(self.mine.clone()), &self.key, me);
    }

    /// How many seats the match has.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// This player's offer.
    pub fn mine(&self) -> &Offer {
        &self.mine
    }

    /// This player's offer as it is sent.
    pub fn signed_offer(&self) -> &Signed {
        &self.signed
    }

    /// Takes `from`'s offer (a later one from the same seat replaces it).
    pub fn take(&mut self, from: PeerId, signed: &Signed) -> Result<(), Refused> {
        let Resumption::Offer(offer) = &signed.message else { return Err(Refused::Sender) };
        let seat = offer.seat as usize;
        if seat >= self.seats || offer.seat == self.mine.seat {
            return Err(Refused::Seat);
        }
        if !signed.proves_seat(from, &self.seals) {
            return Err(Refused::Signature);
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
        self.offers.insert(offer.seat, (from, offer.clone()));
        Ok(())
    }

    /// Refuses a history that contradicts this player's own or reaches too far beyond it.
    ///
    /// Past its own confirmed frames this player checks its own inputs, when it knows what
    /// it sent: no frame can have been confirmed with an input of its that it never sent,
    /// so a history that changes one, or reaches past what it has sent (with the input
    /// delay's frames sent ahead: [`SENT_AHEAD`]), is made up.
    fn check_history(&self, held: &Held) -> Result<(), Refused> {
        let end = self.mine.held.end();
        let beyond = held.end().saturating_sub(end);
        if held.agrees_with(&self.mine.held) == Some(false) || beyond > REACH_BEYOND {
            return Err(Refused::History);
        }
        let Some(sent) = &self.sent else { return Ok(()) };
        if beyond > (sent.len() + SENT_AHEAD) as u64 {
            return Err(Refused::History);
        }
        let seat = self.mine.seat as usize;
        let frames = held.frames_from(end).ok_or(Refused::History)?;
        if frames.iter().zip(sent).any(|(inputs, mine)| inputs.get(seat) != Some(mine)) {
            return Err(Refused::History);
        }
        Ok(())
    }

    /// This player's own inputs in the frames after its confirmed history, as it sent
    /// them: histories offered and decided are checked against them.
    pub fn knowing_sent(&mut self, sent: Vec<Input>) {
        self.sent = Some(sent);
    }

    /// Checks a decision `from` a peer (or this player's own) against this round: it must
    /// be signed by the seat that made it, for that seat's peer to send, and that seat
    /// must be the lowest it seats unless this player's grace period is over too (`expired`: then any seat may rule alone). It must be for this
    /// match and its next epoch, seat this player, and carry a sound history that agrees
    /// with this player's own.
    pub fn accept(&self, from: PeerId, signed: &Signed, expired: bool) -> Result<Resumed, Refused> {
        let Resumption::Resume(resume) = &signed.message else { return Err(Refused::Sender) };
        if !signed.proves_seat(from, &self.seals) {
            return Err(Refused::Signature);
        }
        let seats = &resume.seats;
        if seats.len() != self.seats || resume.seals != self.seals {
            return Err(Refused::Sender);
        }
        let by = resume.by;
        let lowest = seats.iter().position(|p| !p.0.is_nil());
        // The signature is over `from`, so the seat's own player sent it: its offer need
        // not have come first (one sent to a connection that has since closed never does).
        let as_me = by == self.mine.seat && from != self.me;
        let in_turn = lowest == Some(by as usize) || expired;
        if seats.get(by as usize) != Some(&from) || as_me || !in_turn {
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
        let named = seats.get(seat as usize);
        let sound = match resume.forfeit {
            // This player's own forfeit stands only for its being out of drops, by no
            // more than the one drop a hold adds to what it knows of.
            Some(s) if s == seat => {
                let drops = resume.drops[seat as usize];
                let counted = self.mine.drops[seat as usize].saturating_add(1);
                (MAX_DROPS..=counted).contains(&drops)
                    && named.is_some_and(|p| *p == me || p.0.is_nil())
            }
            Some(s) => named == Some(&me) && seats.get(s as usize).is_some_and(|p| p.0.is_nil()),
            None => named == Some(&me),
        };
        if !sound {
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

    /// Drops per seat, as the players present counted them: the most any counted, but
    /// never more than one beyond this player's own count (a hold adds one drop at most,
    /// so one player's word cannot put another out of drops).
    pub fn drops(&self) -> [u8; 4] {
        let mut drops = self.mine.drops;
        for (_, offer) in self.offers.values() {
            for ((d, theirs), mine) in drops.iter_mut().zip(offer.drops).zip(self.mine.drops) {
                *d = (*d).max(theirs.min(mine.saturating_add(1)));
            }
        }
        drops
    }

    /// The seats out of drops, lowest first: they forfeit, here or not, and never decide.
    fn out_of_drops(&self) -> Vec<u8> {
        let drops = self.drops();
        (0..self.seats as u8).filter(|s| drops[*s as usize] >= MAX_DROPS).collect()
    }

    /// Whether this player decides: it has the lowest seat present that is not out of
    /// drops. Every player agrees on that seat without the offers of those out of drops,
    /// so a slow one's offer arriving at some players and not others makes no second
    /// decider.
    pub fn leads(&self) -> bool {
        let out = self.out_of_drops();
        self.present().into_iter().find(|s| !out.contains(s)) == Some(self.mine.seat)
    }

    /// The decision, signed, if this player makes it now: every seat present resumes; a
    /// seat out of drops ([`MAX_DROPS`]) forfeits once every other seat is here, and a
    /// seat absent forfeits once its wait is over (it is among `expired`); otherwise the
    /// wait goes on.
    pub fn decide(&self, expired: &[u8]) -> Option<Signed> {
        if !self.leads() {
            return None;
        }
        self.signed_decision(expired)
    }

    /// The decision this player makes when the one who should has not made it long after
    /// the grace period: it resumes, or forfeits the first seat absent, on its own.
    pub fn decide_alone(&self) -> Option<Signed> {
        let every: Vec<u8> = (0..self.seats as u8).collect();
        self.signed_decision(&every)
    }

    fn signed_decision(&self, expired: &[u8]) -> Option<Signed> {
        let resume = self.decision(expired)?;
        Some(Signed::new(Resumption::Resume(resume), &self.key, self.me))
    }

    fn decision(&self, expired: &[u8]) -> Option<Resume> {
        let drops = self.drops();
        let out = self.out_of_drops();
        let absent = self.absent();
        // Only with every other seat here: one merely slower to offer must not be left out.
        let awaited: Vec<u8> = absent.iter().copied().filter(|s| !out.contains(s)).collect();
        let forfeit = if awaited.is_empty() {
            out.first().copied()
        } else if awaited.iter().all(|s| expired.contains(s)) {
            absent.first().copied()
        } else {
            return None;
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
                // A seat that forfeits keeps no peer: a nil id marks it.
                _ if Some(seat) == forfeit => PeerId(Default::default()),
                Some((peer, _)) => *peer,
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
        Offer { seat, epoch, drops: [0; 4], held }
    }

    /// Seat `seat`'s key.
    fn key(seat: u8) -> SeatKey {
        SeatKey::from_bytes([100 + seat; 32])
    }

    fn seals() -> Vec<Seal> {
        (0..3).map(|s| key(s).seal()).collect()
    }

    /// The round of a player of `seat`, known as `me`, offering `mine`.
    fn round(seat: u8, me: PeerId, mine: Offer) -> Round {
        Round::new(3, seals(), me, key(seat), mine)
    }

    /// `offer` signed by its seat, for `from` to send.
    fn signed(offer: Offer, from: PeerId) -> Signed {
        let seat = offer.seat;
        Signed::new(Resumption::Offer(offer), &key(seat), from)
    }

    /// `resume` signed by the seat that decides it, for `from` to send.
    fn decision(resume: Resume, from: PeerId) -> Signed {
        let seat = resume.by;
        Signed::new(Resumption::Resume(resume), &key(seat), from)
    }

    fn resume_of(signed: &Signed) -> &Resume {
        match &signed.message {
            Resumption::Resume(resume) => resume,
            Resumption::Offer(_) => panic!("an offer, not a decision"),
        }
    }

    #[test]
    fn the_lowest_seat_resumes_from_the_furthest_history_once_every_seat_has_offered() {
        let mut leader = round(0, peer(0), offer(0, 1, held(0, 40)));
        let mut other = round(1, peer(1), offer(1, 1, held(0, 45)));
        assert_eq!(leader.decide(&[]), None, "seats 1 and 2 are missing");
        leader.take(peer(1), other.signed_offer()).unwrap();
        assert_eq!(leader.decide(&[]), None, "seat 2 is missing");
        let third_offer = signed(offer(2, 0, held(10, 43)), peer(9));
        leader.take(peer(9), &third_offer).unwrap();
        other.take(peer(0), leader.signed_offer()).unwrap();
        other.take(peer(9), &third_offer).unwrap();
        assert_eq!(other.decide(&[]), None, "only the lowest seat decides");
        let signed_resume = leader.decide(&[]).expect("every seat is here");
        let resume = resume_of(&signed_resume);
        assert_eq!(resume.epoch, 2);
        assert_eq!(resume.seats, vec![peer(0), peer(1), peer(9)]);
        assert_eq!(resume.forfeit, None);
        let mut third = Round::new(3, seals(), peer(9), key(2), offer(2, 0, held(10, 43)));
        third.take(peer(0), leader.signed_offer()).unwrap();
        for round in [&leader, &other, &third] {
            let resumed = round.accept(peer(0), &signed_resume, false).unwrap();
            assert_eq!(resumed.state().frame(), 45, "seat 1 held the most");
        }
        let mut moved_on = round(1, peer(1), offer(1, 2, held(0, 45)));
        moved_on.take(peer(0), &signed(offer(0, 2, held(0, 40)), peer(0))).unwrap();
        assert_eq!(moved_on.accept(peer(0), &signed_resume, false).unwrap_err(), Refused::Stale);
        let mut elsewhere = round(1, peer(5), offer(1, 1, held(0, 45)));
        elsewhere.take(peer(0), leader.signed_offer()).unwrap();
        assert_eq!(elsewhere.accept(peer(0), &signed_resume, false).unwrap_err(), Refused::Stale);
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
        let mut leader = round(0, peer(0), offer(0, 1, held(0, 40)));
        let mut mine = round(1, peer(1), offer(1, 1, held(0, 42)));
        let seat_2 = signed(offer(2, 1, held(0, 41)), peer(2));
        leader.take(peer(1), mine.signed_offer()).unwrap();
        leader.take(peer(2), &seat_2).unwrap();
        mine.take(peer(0), leader.signed_offer()).unwrap();
        mine.take(peer(2), &seat_2).unwrap();
        let signed_honest = leader.decide(&[]).unwrap();
        assert!(mine.accept(peer(0), &signed_honest, false).is_ok());
        let relayed = |from: u8| mine.accept(peer(from), &signed_honest, false);
        assert_eq!(relayed(7), Err(Refused::Signature), "a watcher relaying it");
        assert_eq!(relayed(2), Err(Refused::Signature), "another seat relaying it");
        let honest = resume_of(&signed_honest).clone();
        let stranger = SeatKey::from_bytes([7; 32]);
        let forged = Signed::new(Resumption::Resume(honest.clone()), &stranger, peer(0));
        assert_eq!(
            mine.accept(peer(0), &forged, false),
            Err(Refused::Signature),
            "a key not seat 0's"
        );
        // What follows is signed by the deciding seat itself: a hostile player, not a stranger.
        let refused = |resume: &Resume, from: u8| {
            mine.accept(peer(from), &decision(resume.clone(), peer(from)), false)
        };
        let mut by_seat_2 = honest.clone();
        by_seat_2.by = 2;
        assert_eq!(refused(&by_seat_2, 2), Err(Refused::Sender), "not its turn to decide");
        let alone = decision(by_seat_2, peer(2));
        assert!(mine.accept(peer(2), &alone, true).is_ok(), "alone, after the grace period");
        let mut four = honest.clone();
        four.seats.push(peer(3));
        four.seals.push(key(3).seal());
        assert_eq!(refused(&four, 0), Err(Refused::Sender), "four seats in a three-seat match");
        let mut sealed = honest.clone();
        sealed.seals[2] = stranger.seal();
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
    fn a_decision_that_overtakes_its_deciders_offer_still_counts() {
        // The rejoiner's first connection took the leader's offer with it when it closed.
        let mut leader = round(0, peer(0), offer(0, 0, held(0, 40)));
        let mut back = round(1, peer(1), offer(1, 0, held(0, 30)));
        let seat_2 = signed(offer(2, 0, held(0, 35)), peer(2));
        leader.take(peer(1), back.signed_offer()).unwrap();
        leader.take(peer(2), &seat_2).unwrap();
        back.take(peer(2), &seat_2).unwrap();
        let decided = leader.decide(&[]).unwrap();
        let resumed = back.accept(peer(0), &decided, false).unwrap();
        assert_eq!((resumed.epoch, resumed.frames.len()), (1, 40));
        assert_eq!(back.accept(peer(2), &decided, false), Err(Refused::Signature));
    }

    #[test]
    fn an_offer_from_another_epoch_is_refused_and_no_epoch_wraps() {
        let mut leader = round(0, peer(0), offer(0, 4, held(0, 40)));
        let mut take = |o: Offer| leader.take(peer(o.seat), &signed(o.clone(), peer(o.seat)));
        assert_eq!(take(offer(1, u32::MAX, held(0, 40))), Err(Refused::Epoch));
        assert_eq!(take(offer(1, 2, held(0, 40))), Err(Refused::Epoch));
        assert_eq!(take(offer(1, 5, resigned_at(0, 40, 20))), Err(Refused::History));
        take(offer(1, 5, held(0, 40))).unwrap();
        take(offer(2, 3, held(0, 40))).unwrap();
        assert_eq!(leader.decide(&[]).map(|r| resume_of(&r).epoch), Some(6));
        let last =
            Round::new(2, seals()[..2].to_vec(), peer(0), key(0), offer(0, u32::MAX, held(0, 9)));
        assert_eq!(last.decide(&[0, 1]), None, "no epoch after the last");
    }

    #[test]
    fn a_seat_is_taken_back_only_with_its_key_and_a_sound_state() {
        let mut leader = round(0, peer(0), offer(0, 0, held(0, 5)));
        let stranger = SeatKey::from_bytes([7; 32]);
        let forged = Signed::new(Resumption::Offer(offer(2, 0, held(0, 5))), &stranger, peer(3));
        assert_eq!(leader.take(peer(3), &forged), Err(Refused::Signature));
        let seat_2 = signed(offer(2, 0, held(0, 5)), peer(3));
        assert_eq!(leader.take(peer(4), &seat_2), Err(Refused::Signature), "replayed as its own");
        assert_eq!(
            leader.take(peer(3), &signed(offer(0, 0, held(0, 5)), peer(3))),
            Err(Refused::Seat)
        );
        let mut tampered = offer(2, 0, held(0, 5));
        tampered.held.hash ^= 1;
        assert_eq!(leader.take(peer(3), &signed(tampered, peer(3))), Err(Refused::State));
        let mut garbage = offer(2, 0, held(0, 5));
        garbage.held.state.truncate(10);
        assert_eq!(leader.take(peer(3), &signed(garbage, peer(3))), Err(Refused::State));
        let mut flood = offer(2, 0, held(0, 5));
        flood.held.runs = vec![(u16::MAX, vec![Input::ZERO; 3])];
        assert_eq!(leader.take(peer(3), &signed(flood, peer(3))), Err(Refused::State));
        assert_eq!(leader.absent(), vec![1, 2]);
        leader.take(peer(3), &seat_2).unwrap();
        assert_eq!(leader.absent(), vec![1]);
    }

    #[test]
    fn an_absent_seat_forfeits_when_the_grace_period_ends_or_after_three_drops() {
        let mut leader = round(0, peer(0), offer(0, 0, held(0, 30)));
        leader.take(peer(1), &signed(offer(1, 0, held(0, 32)), peer(1))).unwrap();
        assert_eq!(leader.decide(&[]), None, "seat 2 is still waited for");
        let resume = leader.decide(&[0, 1, 2]).expect("the grace period is over");
        assert_eq!(resume_of(&resume).forfeit, Some(2));
        let mut other = round(1, peer(1), offer(1, 0, held(0, 32)));
        other.take(peer(0), leader.signed_offer()).unwrap();
        let resumed = other.accept(peer(0), &resume, false).unwrap();
        let Watched::Carrom(m) = resumed.state() else { panic!("carrom") };
        assert_eq!(m.phase(), crate::game::Phase::MatchOver, "seat 2 resigned");
        assert_eq!(m.frame(), 33);
        let mut counted = offer(0, 0, held(0, 30));
        counted.drops = [0, 0, 2, 0];
        let mut leader = Round::new(3, seals(), peer(0), key(0), counted);
        let mut dropper = offer(1, 0, held(0, 32));
        dropper.drops = [0, 0, MAX_DROPS, 0];
        let forfeit = |r: &Round| r.decide(&[]).and_then(|d| resume_of(&d).forfeit);
        assert_eq!(leader.decide(&[]), None, "seat 1 has not offered yet: it is waited for");
        leader.take(peer(1), &signed(dropper, peer(1))).unwrap();
        assert_eq!(forfeit(&leader), Some(2), "three drops");
        leader.forget(peer(1));
        assert_eq!(leader.absent(), vec![1, 2]);
    }

    #[test]
    fn a_seat_out_of_drops_forfeits_though_it_came_back_and_accepts_it() {
        // Seat 0 dropped a third time and came back at once: its offer reaches seat 1 and
        // not seat 2. Both rule alike, with seat 1 deciding: no second decision.
        let mut out = offer(0, 2, held(0, 30));
        out.drops = [2, 0, 0, 0];
        let mut liar = round(0, peer(0), out);
        let counted = |seat: u8| {
            let mut mine = offer(seat, 2, held(0, 30));
            mine.drops = [MAX_DROPS, 0, 0, 0];
            mine
        };
        let mut seat_1 = round(1, peer(1), counted(1));
        let mut seat_2 = round(2, peer(2), counted(2));
        seat_1.take(peer(0), liar.signed_offer()).unwrap();
        seat_1.take(peer(2), seat_2.signed_offer()).unwrap();
        seat_2.take(peer(1), seat_1.signed_offer()).unwrap();
        liar.take(peer(1), seat_1.signed_offer()).unwrap();
        liar.take(peer(2), seat_2.signed_offer()).unwrap();
        assert!(!liar.leads(), "a seat out of drops never decides");
        assert!(seat_1.leads() && !seat_2.leads());
        let decided = seat_1.decide(&[]).expect("every other seat is here");
        let resume = resume_of(&decided);
        assert_eq!(resume.forfeit, Some(0));
        assert!(resume.seats[0].0.is_nil(), "the seat that forfeits keeps no peer");
        assert!(seat_2.accept(peer(1), &decided, false).is_ok());
        let resumed = liar.accept(peer(1), &decided, false).expect("it takes its own forfeit");
        assert_eq!(resumed.forfeit, Some(0));
        let mut inflated = resume.clone();
        inflated.forfeit = Some(2);
        inflated.seats[2] = PeerId(Default::default());
        inflated.drops = [2, 0, MAX_DROPS, 0];
        let refused = seat_2.accept(peer(1), &decision(inflated, peer(1)), false);
        assert_eq!(refused.unwrap_err(), Refused::Stale, "a drop this player never had");
    }

    #[test]
    fn one_players_word_adds_one_drop_at_most() {
        let mut leader = round(0, peer(0), offer(0, 0, held(0, 30)));
        let mut claim = offer(1, 0, held(0, 30));
        claim.drops = [0, 0, MAX_DROPS, 0];
        leader.take(peer(1), &signed(claim, peer(1))).unwrap();
        assert_eq!(leader.drops(), [0, 0, 1, 0]);
        leader.take(peer(2), &signed(offer(2, 0, held(0, 30)), peer(2))).unwrap();
        let resume = leader.decide(&[]).expect("every seat is here");
        assert_eq!(resume_of(&resume).forfeit, None, "seat 2 is not out of drops");
    }

    #[test]
    fn once_a_silent_seats_wait_is_over_a_seat_merely_slow_is_still_waited_for() {
        let mut leader = round(0, peer(0), offer(0, 0, held(0, 30)));
        assert_eq!(leader.decide(&[2]), None, "seat 1 has had no wait yet");
        leader.take(peer(1), &signed(offer(1, 0, held(0, 30)), peer(1))).unwrap();
        let resume = leader.decide(&[2]).expect("seat 2's wait is over");
        assert_eq!(resume_of(&resume).forfeit, Some(2));
    }

    #[test]
    fn a_history_that_changes_or_outruns_what_this_player_sent_is_made_up() {
        let mut leader = round(0, peer(0), offer(0, 0, held(0, 30)));
        leader.knowing_sent(vec![Input::ZERO; 5]);
        let mut take = |held: Held| leader.take(peer(1), &signed(offer(1, 0, held), peer(1)));
        assert_eq!(take(held(0, 30 + 5 + SENT_AHEAD)), Ok(()), "as far as it has sent");
        assert_eq!(take(held(0, 30 + 5 + SENT_AHEAD + 1)), Err(Refused::History), "further");
        assert_eq!(take(resigned_at(0, 34, 32)), Err(Refused::History), "its own input changed");
        let mut other = round(1, peer(1), offer(1, 0, held(0, 30)));
        other.knowing_sent(vec![Input::ZERO; 5]);
        let seat_0 = signed(offer(0, 0, resigned_at(0, 34, 32)), peer(0));
        assert_eq!(other.take(peer(0), &seat_0), Ok(()), "seat 0's own input is seat 0's");
    }

    #[test]
    fn the_largest_offer_fits_a_message() {
        // Twice KEPT frames (the most a player keeps), four players, every frame different.
        let settings = Settings::new(Variant::Freestyle, 4, PresetId::Standard, 0, 7).unwrap();
        let anchor = Watched::Carrom(Match::new(settings));
        let frames: Vec<Vec<Input>> = (0..2 * KEPT)
            .map(|f| (0..4).map(|p| Input { angle: (f * 4 + p) as u16, ..Input::ZERO }).collect())
            .collect();
        let offer = Offer { seat: 3, epoch: 9, drops: [2; 4], held: Held::of(&anchor, &frames) };
        let bytes = signed(offer, peer(3)).encode();
        eprintln!("the largest offer: {} bytes", bytes.len());
        assert!(bytes.len() <= MAX_MESSAGE);
        assert!(Signed::decode(&bytes).is_some_and(|s| {
            s.proves_seat(peer(3), &[key(0).seal(), key(1).seal(), key(2).seal(), key(3).seal()])
        }));
    }

    #[test]
    fn resumption_messages_survive_the_wire_and_garbage_is_refused() {
        let message = signed(offer(1, 3, held(2, 20)), peer(1));
        assert_eq!(Signed::decode(&message.encode()), Some(message.clone()));
        assert_eq!(Signed::decode(&[7, 7, 7]), None);
        assert_eq!(Signed::decode(&vec![0; MAX_MESSAGE + 1]), None);
        let short = (&message.body, &message.signature[..32]);
        let bytes = bincode::serde::encode_to_vec(short, bincode::config::standard()).unwrap();
        assert_eq!(Signed::decode(&bytes), None, "a signature cut short");
        let unsigned =
            bincode::serde::encode_to_vec(&message.message, bincode::config::standard()).unwrap();
        assert_eq!(Signed::decode(&unsigned), None, "a message without its signature");
    }
}
