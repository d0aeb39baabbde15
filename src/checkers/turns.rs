//! A draughts game stepped frame by frame, as rollback steps it online (RULES.md CK-15):
//! each frame every player may commit a [`Turn`] — the number of the move it is for and the
//! move's index among the legal moves — or resign. Only the side to move's commitment for
//! the next move is played, so a stale or predicted turn does nothing. Plain old data, the
//! same bytes on every peer.

use super::game::{Draughts, Status};
use super::moves::Moves;
use super::position::Colour;
use crate::determinism::fnv1a64;
use bytemuck::{Pod, Zeroable};

/// What a player commits in one frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Turn {
    /// The move it is for: plies played + 1 (0: no move).
    pub ply: u16,
    /// Its index among the legal moves ([`Draughts::moves`] order).
    pub index: u16,
    /// The player resigns.
    pub resign: bool,
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
}

impl TurnGame {
    /// A game from `game`, player `black_player` playing Black.
    pub fn new(game: Draughts, black_player: u32) -> TurnGame {
        TurnGame { game, frame: 0, black_player, resigned: 0, last_index: u32::MAX }
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

    /// Whether the game is over (a resignation, or the engine's verdict).
    pub fn is_over(&self) -> bool {
        self.resigned != 0 || self.game.status() != Status::Playing
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
        let mover = self.player_of(self.game.position.to_move());
        let Some(turn) = turns.get(mover) else { return };
        if u32::from(turn.ply) != self.game.plies + 1 {
            return;
        }
        let mut moves = Moves::default();
        self.game.moves(&mut moves);
        if let Some(m) = moves.as_slice().get(turn.index as usize) {
            let m = *m;
            self.game.play(&m);
            self.last_index = u32::from(turn.index);
        }
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
    fn ck_15_only_the_side_to_move_plays_and_only_its_next_move() {
        let mut t = TurnGame::new(Draughts::new(), 1);
        let go = Turn { ply: 1, index: 0, resign: false };
        t.step(&[go, Turn::default()]);
        assert_eq!(t.game.plies, 0, "player 0 plays Red, and Black is to move");
        t.step(&[Turn::default(), go]);
        assert_eq!(t.game.plies, 1);
        t.step(&[Turn::default(), go]);
        assert_eq!(t.game.plies, 1, "a stale turn does nothing");
        t.step(&[Turn { ply: 2, index: 99, resign: false }, Turn::default()]);
        assert_eq!(t.game.plies, 1, "an index past the moves does nothing");
        t.step(&[Turn { ply: 2, index: 0, resign: false }, Turn::default()]);
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
        t.step(&[Turn { ply: 1, index: 0, resign: false }, Turn::default()]);
        assert_eq!(t.game.plies, 0, "nothing is played after the end");
        assert_ne!(t.hash(), before, "the frame still counts");
    }
}
