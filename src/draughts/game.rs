//! A game of draughts in progress, as plain data: the position and what the draw rules need
//! (src/rules/RULES.md CK-9, CK-10). This is the state checkers play (local or online)
//! drives.

use super::moves::{Move, Moves, apply, generate};
use super::position::{Colour, Position};
use super::zobrist::key;
use bytemuck::{Pod, Zeroable};

/// Plies without a capture or a man's move that make a draw: 40 moves by each side.
pub const QUIET_PLIES_FOR_DRAW: u32 = 80;

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Still being played.
    Playing,
    /// `Colour` won: the other side cannot move (CK-9).
    Won(Colour),
    /// The same position with the same side to move for the third time (CK-10).
    DrawByRepetition,
    /// 40 moves by each side without a capture or a man moving (CK-10).
    DrawByFortyMoves,
}

/// A game: the position, and the keys of every position since the last capture or man
/// move (only those can repeat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Pod, Zeroable)]
#[repr(C)]
pub struct Draughts {
    /// The current position.
    pub position: Position,
    /// Plies since the last capture or man move.
    pub quiet: u32,
    /// Plies played in all.
    pub plies: u32,
    /// Keys of the positions since the last capture or man move, current one last.
    history: [u64; QUIET_PLIES_FOR_DRAW as usize + 1],
    history_len: u32,
    reserved: u32,
}

impl Draughts {
    /// Whether these are a game's bytes: no square held by both sides, kings only on
    /// pieces, a side to move, and a history within its bounds. A game read from a peer is
    /// checked before anything indexes by it.
    pub fn is_sound(&self) -> bool {
        let p = &self.position;
        p.black & p.red == 0
            && p.kings & !(p.black | p.red) == 0
            && p.side <= 1
            && (self.history_len as usize) <= self.history.len()
            && self.reserved == 0
    }

    /// A game from `position`.
    pub fn from(position: Position) -> Draughts {
        let mut history = [0; QUIET_PLIES_FOR_DRAW as usize + 1];
        history[0] = key(&position);
        Draughts { position, quiet: 0, plies: 0, history, history_len: 1, reserved: 0 }
    }

    /// A game from the start.
    pub fn new() -> Draughts {
        Draughts::from(Position::START)
    }

    /// Plays `m` (legal in the current position).
    pub fn play(&mut self, m: &Move) {
        let man_moved = self.position.kings & (1 << m.from) == 0;
        self.position = apply(&self.position, m);
        self.plies += 1;
        if m.is_capture() || man_moved {
            self.quiet = 0;
            self.history_len = 0;
        } else {
            self.quiet += 1;
        }
        let slot = (self.history_len as usize).min(self.history.len() - 1);
        self.history[slot] = key(&self.position);
        self.history_len = slot as u32 + 1;
    }

    /// The keys since the last irreversible move, current one last.
    pub fn history(&self) -> &[u64] {
        &self.history[..self.history_len as usize]
    }

    /// How many times the current position has occurred (same side to move).
    pub fn repetitions(&self) -> usize {
        let now = key(&self.position);
        self.history().iter().filter(|&&k| k == now).count()
    }

    /// The legal moves (one per move for play).
    pub fn moves(&self, out: &mut Moves) {
        generate(&self.position, false, out);
    }

    /// Whether the game is over, and how.
    pub fn status(&self) -> Status {
        let mut moves = Moves::default();
        self.moves(&mut moves);
        if moves.is_empty() {
            return Status::Won(self.position.to_move().other());
        }
        if self.repetitions() >= 3 {
            return Status::DrawByRepetition;
        }
        if self.quiet >= QUIET_PLIES_FOR_DRAW {
            return Status::DrawByFortyMoves;
        }
        Status::Playing
    }
}

impl Default for Draughts {
    fn default() -> Self {
        Draughts::new()
    }
}
