//! A draughts game stepped frame by frame, as rollback steps it online (src/rules/RULES.md
//! CK-15): each frame every player may commit a [`Turn`] — the number of the move it is for
//! and the move's index among the legal moves — resign, or say something about an offer:
//! offer a draw or a take-back (CK-13), accept or decline the other's. Only the side to
//! move's commitment for the next move is played, an offer is made at most once per
//! position, and an answer needs an offer, so a stale or predicted turn does nothing. Plain
//! old data, the same bytes on every peer.

use super::game::{Draughts, Status};
use super::moves::Moves;
use super::position::Colour;
use crate::determinism::fnv1a64;
use bytemuck::{Pod, Zeroable};

/// What a player says about an offer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Say {
    /// Nothing.
    #[default]
    Nothing = 0,
    /// "Shall we call it a draw?"
    OfferDraw = 1,
    /// "May I take back my last move?"
    OfferTakeBack = 2,
    /// Yes to the other's offer.
    Accept = 3,
    /// No to the other's offer.
    Decline = 4,
}

impl Say {
    /// The word stored as `code` (unknown codes say nothing).
    pub const fn from_code(code: u16) -> Say {
        match code {
            1 => Say::OfferDraw,
            2 => Say::OfferTakeBack,
            3 => Say::Accept,
            4 => Say::Decline,
            _ => Say::Nothing,
        }
    }
}

/// An offer waiting for its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// `Colour` offers a draw.
    Draw(Colour),
    /// `Colour` asks to take back its last move.
    TakeBack(Colour),
}

/// What a player commits in one frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Turn {
    /// The move it is for: plies played + 1 (0: no move).
    pub ply: u16,
    /// Its index among the legal moves ([`Draughts::moves`] order).
    pub index: u16,
    /// The player resigns.
    pub resign: bool,
    /// About an offer.
    pub say: Say,
}

/// A game under rollback.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct TurnGame {
    /// The game.
    pub game: Draughts,
    /// Frames stepped.
    pub frame: u32,
    /// The player (input slot) that plays Black; the other plays Red.
    pub black_player: u32,
    /// 0, or 1 + the colour index (Black 0, Red 1) that resigned.
    pub resigned: u32,
    /// Index of the last move played among its position's legal moves (`u32::MAX`: none).
    pub last_index: u32,
    /// The games before the last two moves, latest first (a take-back returns to them).
    pub before: [Draughts; 2],
    /// How many of `before` hold a game.
    pub depth: u32,
    /// The offer waiting: 0, or kind (1 draw, 2 take-back) × 4 + 1 + the offerer's colour
    /// index.
    pub offer: u32,
    /// Per kind of offer (draw, take-back) and colour index, at `kind × 2 + colour`: plies
    /// + 1 when it was last offered (each offer once per position).
    pub offered_at: [u32; 4],
    /// 1 once both agreed to a draw.
    pub drawn: u32,
    /// Reserved, zero (no padding in the bytes hashed).
    pub reserved: u32,
}

/// Where `colour`'s last offer of the kind `say` is noted in [`TurnGame::offered_at`].
pub const fn slot(say: Say, colour: Colour) -> usize {
    let kind = if matches!(say, Say::OfferTakeBack) { 1 } else { 0 };
    kind * 2 + index_of(colour)
}

/// The colour index: Black 0, Red 1.
const fn index_of(colour: Colour) -> usize {
    match colour {
        Colour::Black => 0,
        Colour::Red => 1,
    }
}

impl TurnGame {
    /// A game from `game`, player `black_player` playing Black.
    pub fn new(game: Draughts, black_player: u32) -> TurnGame {
        TurnGame {
            game,
            frame: 0,
            black_player,
            resigned: 0,
            last_index: u32::MAX,
            before: [game; 2],
            depth: 0,
            offer: 0,
            offered_at: [0; 4],
            drawn: 0,
            reserved: 0,
        }
    }

    /// The offer waiting for an answer, if any.
    pub const fn offer(&self) -> Option<Offer> {
        let colour = if self.offer % 4 == 1 { Colour::Black } else { Colour::Red };
        match self.offer / 4 {
            1 => Some(Offer::Draw(colour)),
            2 => Some(Offer::TakeBack(colour)),
            _ => None,
        }
    }

    /// Whether the players agreed to a draw.
    pub const fn agreed_draw(&self) -> bool {
        self.drawn != 0
    }

    /// The offer's colour, if any.
    fn offerer(&self) -> Option<Colour> {
        match self.offer()? {
            Offer::Draw(c) | Offer::TakeBack(c) => Some(c),
        }
    }

    /// `colour` says `say`.
    fn hear(&mut self, colour: Colour, say: Say) {
        let now = self.game.plies + 1;
        let pending_from_other = self.offerer() == Some(colour.other());
        match say {
            Say::OfferDraw | Say::OfferTakeBack
                if self.offer == 0 && self.offered_at[slot(say, colour)] != now =>
            {
                // A take-back needs a move of the offerer's to take back.
                let moved = self.depth > usize::from(self.game.position.to_move() == colour) as u32;
                if say == Say::OfferTakeBack && !moved {
                    return;
                }
                let kind = if say == Say::OfferDraw { 1 } else { 2 };
                self.offer = kind * 4 + 1 + index_of(colour) as u32;
                self.offered_at[slot(say, colour)] = now;
            }
            Say::Accept if pending_from_other => {
                match self.offer() {
                    Some(Offer::Draw(_)) => self.drawn = 1,
                    Some(Offer::TakeBack(by)) => self.take_back(by),
                    None => {}
                }
                self.offer = 0;
            }
            Say::Decline if pending_from_other => self.offer = 0,
            _ => {}
        }
    }

    /// Back to before `by`'s last move (and the reply to it, if there was one).
    fn take_back(&mut self, by: Colour) {
        let plies = if self.game.position.to_move() == by { 2 } else { 1 };
        if self.depth < plies {
            return;
        }
        self.game = self.before[plies as usize - 1];
        if plies == 1 {
            self.before[0] = self.before[1];
        }
        self.depth -= plies;
        self.last_index = u32::MAX;
    }

    /// The input slot of `colour`'s player.
    pub const fn player_of(&self, colour: Colour) -> usize {
        match colour {
            Colour::Black => self.black_player as usize,
            Colour::Red => 1 - self.black_player as usize,
        }
    }

    /// The colour that resigned, if one did.
    pub const fn resigned(&self) -> Option<Colour> {
        match self.resigned {
            1 => Some(Colour::Black),
            2 => Some(Colour::Red),
            _ => None,
        }
    }

    /// The winner, once there is one: the other side of a resignation, or the engine's.
    pub fn winner(&self) -> Option<Colour> {
        match (self.resigned(), self.game.status()) {
            (Some(colour), _) => Some(colour.other()),
            (None, Status::Won(colour)) if self.drawn == 0 => Some(colour),
            _ => None,
        }
    }

    /// Whether the game is over (a resignation, an agreed draw, or the engine's verdict).
    pub fn is_over(&self) -> bool {
        self.resigned != 0 || self.drawn != 0 || self.game.status() != Status::Playing
    }

    /// One frame: a resignation from either player, else the side to move's turn.
    pub fn step(&mut self, turns: &[Turn]) {
        self.frame += 1;
        if self.is_over() {
            return;
        }
        for colour in [Colour::Black, Colour::Red] {
            if turns.get(self.player_of(colour)).is_some_and(|t| t.resign) {
                self.resigned = if colour == Colour::Black { 1 } else { 2 };
                return;
            }
        }
        for colour in [Colour::Black, Colour::Red] {
            if let Some(turn) = turns.get(self.player_of(colour)) {
                self.hear(colour, turn.say);
            }
        }
        if self.is_over() {
            return;
        }
        let mover = self.player_of(self.game.position.to_move());
        let Some(turn) = turns.get(mover) else { return };
        if u32::from(turn.ply) != self.game.plies + 1 {
            return;
        }
        let mut moves = Moves::default();
        self.game.moves(&mut moves);
        if let Some(m) = moves.as_slice().get(turn.index as usize) {
            let m = *m;
            self.before = [self.game, self.before[0]];
            self.depth = (self.depth + 1).min(2);
            self.game.play(&m);
            self.last_index = u32::from(turn.index);
            // Playing on answers an offer with no.
            self.offer = 0;
        }
    }

    /// A game read back from bytes (sent by a peer), if they are a sound one.
    pub fn from_bytes(bytes: &[u8]) -> Option<TurnGame> {
        let t: TurnGame = bytemuck::try_pod_read_unaligned(bytes).ok()?;
        let sound = t.game.is_sound()
            && t.before.iter().all(Draughts::is_sound)
            && t.black_player <= 1
            && t.resigned <= 2
            && t.depth <= 2
            && t.drawn <= 1
            && t.reserved == 0;
        sound.then_some(t)
    }

    /// The checksum rollback compares.
    pub fn hash(&self) -> u64 {
        fnv1a64(bytemuck::bytes_of(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_survives_its_bytes_and_unsound_bytes_are_refused() {
        let mut t = TurnGame::new(Draughts::new(), 1);
        t.step(&[Turn::default(), Turn { ply: 1, index: 2, ..Turn::default() }]);
        let bytes = bytemuck::bytes_of(&t).to_vec();
        assert_eq!(TurnGame::from_bytes(&bytes), Some(t));
        assert_eq!(TurnGame::from_bytes(&bytes[1..]), None, "the wrong length");
        let mut both = t;
        both.game.position.red |= both.game.position.black & 1;
        both.game.position.black |= 1;
        both.game.position.red |= 1;
        assert_eq!(TurnGame::from_bytes(bytemuck::bytes_of(&both)), None, "one square, two sides");
        let mut long = bytes.clone();
        let at = core::mem::offset_of!(TurnGame, game) + core::mem::size_of::<Draughts>() - 8;
        long[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(TurnGame::from_bytes(&long), None, "a history past its end");
    }

    #[test]
    fn ck_15_only_the_side_to_move_plays_and_only_its_next_move() {
        let mut t = TurnGame::new(Draughts::new(), 1);
        let go = Turn { ply: 1, index: 0, ..Turn::default() };
        t.step(&[go, Turn::default()]);
        assert_eq!(t.game.plies, 0, "player 0 plays Red, and Black is to move");
        t.step(&[Turn::default(), go]);
        assert_eq!(t.game.plies, 1);
        t.step(&[Turn::default(), go]);
        assert_eq!(t.game.plies, 1, "a stale turn does nothing");
        t.step(&[Turn { ply: 2, index: 99, ..Turn::default() }, Turn::default()]);
        assert_eq!(t.game.plies, 1, "an index past the moves does nothing");
        t.step(&[Turn { ply: 2, index: 0, ..Turn::default() }, Turn::default()]);
        assert_eq!(t.game.plies, 2);
        assert_eq!(t.frame, 5);
    }

    #[test]
    fn ck_15_a_resignation_ends_the_game_on_any_frame() {
        let mut t = TurnGame::new(Draughts::new(), 0);
        t.step(&[Turn::default(), Turn { resign: true, ..Turn::default() }]);
        assert_eq!(t.resigned(), Some(Colour::Red));
        assert!(t.is_over());
        let before = t.hash();
        t.step(&[Turn { ply: 1, index: 0, ..Turn::default() }, Turn::default()]);
        assert_eq!(t.game.plies, 0, "nothing is played after the end");
        assert_ne!(t.hash(), before, "the frame still counts");
    }

    fn say(say: Say) -> Turn {
        Turn { say, ..Turn::default() }
    }

    fn play(t: &mut TurnGame, player: usize) {
        let mut turns = [Turn::default(); 2];
        turns[player] = Turn { ply: t.game.plies as u16 + 1, index: 0, ..Turn::default() };
        t.step(&turns);
    }

    #[test]
    fn ck_13_a_take_back_offer_accepted_undoes_the_offerers_move_and_the_reply() {
        let mut t = TurnGame::new(Draughts::new(), 0);
        let start = t.game;
        t.step(&[say(Say::OfferTakeBack), Turn::default()]);
        assert_eq!(t.offer(), None, "nothing to take back yet");
        play(&mut t, 0);
        let after_black = t.game;
        play(&mut t, 1);
        t.step(&[say(Say::OfferTakeBack), Turn::default()]);
        assert_eq!(t.offer(), Some(Offer::TakeBack(Colour::Black)));
        t.step(&[Turn::default(), say(Say::Accept)]);
        assert_eq!(t.game, start, "Black's move and Red's reply are undone");
        assert_eq!(t.offer(), None);
        play(&mut t, 0);
        assert_eq!(t.game, after_black);
        t.step(&[say(Say::OfferTakeBack), Turn::default()]);
        t.step(&[say(Say::Accept), say(Say::Accept)]);
        assert_eq!(t.game, start, "only Black's own move, when Red has not replied");
    }

    #[test]
    fn ck_13_an_offer_declined_or_played_past_changes_nothing_and_is_made_once() {
        let mut t = TurnGame::new(Draughts::new(), 0);
        t.step(&[say(Say::OfferDraw), Turn::default()]);
        assert_eq!(t.offer(), Some(Offer::Draw(Colour::Black)));
        t.step(&[say(Say::Accept), Turn::default()]);
        assert!(!t.agreed_draw(), "one cannot accept one's own offer");
        t.step(&[Turn::default(), say(Say::Decline)]);
        assert_eq!(t.offer(), None);
        t.step(&[say(Say::OfferDraw), Turn::default()]);
        assert_eq!(t.offer(), None, "the same offer again in the same position is ignored");
        t.step(&[Turn::default(), say(Say::OfferDraw)]);
        play(&mut t, 0);
        assert_eq!(t.offer(), None, "moving on declines");
        t.step(&[say(Say::OfferDraw), Turn::default()]);
        t.step(&[Turn::default(), say(Say::Accept)]);
        assert!(t.agreed_draw() && t.is_over());
    }
}
