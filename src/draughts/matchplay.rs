//! Engine matches: games between two levels from varied openings, for measuring strength.

use super::game::{Draughts, Status};
use super::level::{Level, choose};
use super::moves::Moves;
use super::position::Colour;
use super::search::Searcher;
use crate::determinism::mix;

/// One side of an engine match.
#[derive(Clone, Copy, Debug)]
pub struct Player {
    /// Its strength.
    pub level: Level,
    /// Nodes per move for hard when no time limit applies.
    pub nodes: u64,
}

/// Plies after which an unfinished engine game is scored a draw (no real game gets near).
pub const PLY_CAP: u32 = 1_000;

/// A varied opening: `plies` random legal plies from the start, drawn from `seed`.
pub fn opening(seed: u64, plies: u32) -> Draughts {
    let mut game = Draughts::new();
    let mut moves = Moves::default();
    for ply in 0..plies {
        game.moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        // The remainder is taken in u64: `as usize` first would differ on 32-bit targets.
        let pick = (mix(seed.wrapping_add(ply as u64)) % moves.len() as u64) as usize;
        game.play(&moves.as_slice()[pick]);
    }
    game
}

/// Plays a game from `start` to its end. `timer` makes a fresh stop check for each hard
/// move (a time limit); without it hard searches its node budget. Returns the final game
/// and how it ended.
pub fn play_game(
    start: &Draughts,
    black: Player,
    red: Player,
    seed: u64,
    timer: Option<&dyn Fn() -> Box<dyn Fn() -> bool>>,
) -> (Draughts, Status) {
    let mut game = *start;
    let mut searcher = Searcher::default();
    loop {
        let status = game.status();
        if status != Status::Playing || game.plies >= PLY_CAP {
            let status = if status == Status::Playing { Status::DrawByFortyMoves } else { status };
            return (game, status);
        }
        let player = if game.position.to_move() == Colour::Black { black } else { red };
        let stop = timer.map(|t| t());
        let m = choose(&mut searcher, &game, player.level, seed, player.nodes, stop.as_deref())
            .expect("a game that is still playing has a move");
        game.play(&m);
    }
}
