//! `carrom draughts play`: engine against engine from varied openings.

use crate::cli::exit::Exit;
use crate::cli::output::print_lines;
use crate::cli::values::DraughtsLevelArg;
use carrom::draughts::level::HARD_NODES;
use carrom::draughts::matchplay::{Player, opening, play_game};
use carrom::draughts::{Colour, Status};
use serde::Serialize;
use std::time::{Duration, Instant};

/// Arguments of `carrom draughts play`.
#[derive(clap::Args)]
pub struct Args {
    /// Red's level ("white" in PDN).
    #[arg(long, value_enum)]
    white: DraughtsLevelArg,
    /// Black's level.
    #[arg(long, value_enum)]
    black: DraughtsLevelArg,
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Seed for the openings and easy's mistakes.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Hard's time per move in milliseconds (0: use --nodes instead).
    #[arg(long, default_value_t = 1500)]
    move_time: u64,
    /// Hard's nodes per move when --move-time is 0.
    #[arg(long, default_value_t = HARD_NODES)]
    nodes: u64,
}

/// One game's line.
#[derive(Serialize)]
struct Game {
    game: u32,
    /// PDN's result: "1-0" (Black won), "0-1" (Red won) or "1/2-1/2".
    result: &'static str,
    plies: u32,
    ending: String,
}

/// The closing line.
#[derive(Serialize)]
struct Summary {
    games: u32,
    white_wins: u32,
    black_wins: u32,
    draws: u32,
}

/// Runs the command: one line per game, then the summary.
pub fn run(args: &Args) -> Exit {
    let red = Player { level: args.white.0, nodes: args.nodes };
    let black = Player { level: args.black.0, nodes: args.nodes };
    let limit = Duration::from_millis(args.move_time);
    let timer = move || -> Box<dyn Fn() -> bool> {
        let start = Instant::now();
        Box::new(move || start.elapsed() >= limit)
    };
    let timer: Option<&dyn Fn() -> Box<dyn Fn() -> bool>> =
        (args.move_time > 0).then_some(&timer as _);
    let mut summary = Summary { games: args.games, white_wins: 0, black_wins: 0, draws: 0 };
    for g in 0..args.games {
        let seed = args.seed.wrapping_add(u64::from(g));
        let (end, status) = play_game(&opening(seed, 3), black, red, seed, timer);
        let result = match status {
            Status::Won(Colour::Red) => {
                summary.white_wins += 1;
                "0-1"
            }
            Status::Won(Colour::Black) => {
                summary.black_wins += 1;
                "1-0"
            }
            _ => {
                summary.draws += 1;
                "1/2-1/2"
            }
        };
        let line = Game { game: g, result, plies: end.plies, ending: format!("{status:?}") };
        if print_lines("draughts play", [line]) != Exit::Done {
            return Exit::Failed;
        }
    }
    print_lines("draughts play", [summary])
}
