//! The computer opponent's strengths (src/rules/RULES.md CK-11). Easy plays lightly and
//! makes deliberate mistakes drawn from the seed; medium looks a few moves ahead; hard
//! searches as deep as its budget allows (about 1.5 s per move in play).

use super::game::Draughts;
use super::moves::{Move, Moves};
use super::search::{Budget, Searcher};
use crate::determinism::mix;

/// A strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Two plies, and one move in four chosen at random.
    Easy,
    /// Six plies.
    Medium,
    /// Iterative deepening to the budget.
    Hard,
}

impl Level {
    /// The level's name.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

/// Nodes `hard` searches when no time limit is given (tests, reproducible matches).
pub const HARD_NODES: u64 = 400_000;

/// Chooses a move for the side to move at `level`. `seed` drives easy's mistakes; `stop`
/// (a time limit, in play) can end hard's search early. `None` when there is no move.
pub fn choose(
    searcher: &mut Searcher,
    game: &Draughts,
    level: Level,
    seed: u64,
    nodes: u64,
    stop: Option<&dyn Fn() -> bool>,
) -> Option<Move> {
    let mut legal = Moves::default();
    game.moves(&mut legal);
    let moves = legal.as_slice();
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let draw = mix(seed ^ (game.plies as u64).wrapping_mul(0x9E37_79B9));
    let budget = match level {
        Level::Easy if draw.is_multiple_of(4) => {
            return Some(moves[((draw >> 8) % moves.len() as u64) as usize]);
        }
        Level::Easy => Budget { depth: 2, nodes: u64::MAX, stop: None },
        Level::Medium => Budget { depth: 6, nodes: u64::MAX, stop: None },
        Level::Hard => Budget { depth: 64, nodes, stop },
    };
    searcher.search(game, &budget).map(|f| f.best)
}
