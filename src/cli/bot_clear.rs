//! `carrom bot-clear`: solo clearing, the strokes one player needs to pocket all 18 discs
//! of the Disc Pool rack alone.

use super::exit::Exit;
use super::output::print_lines;
use super::values::PlayerArg;
use carrom::bot::matchplay::solo_clear;
use serde::Serialize;

/// Strokes after which a run counts as not cleared.
const CAP: u32 = 300;

/// Arguments of `carrom bot-clear`.
#[derive(clap::Args)]
pub struct Args {
    /// Who clears.
    #[arg(long, value_enum)]
    player: PlayerArg,
    /// Number of seeds (runs).
    #[arg(long, default_value_t = 10)]
    seeds: u64,
}

/// The one line it prints.
#[derive(Serialize)]
struct Summary {
    player: &'static str,
    runs: u64,
    cleared: usize,
    /// Mean strokes over the runs that cleared, two decimals.
    mean_strokes: f64,
    cap: u32,
}

/// Runs the command.
pub fn run(args: &Args) -> Exit {
    let cleared: Vec<u32> =
        (0..args.seeds).filter_map(|seed| solo_clear(args.player.0, seed * 1_000, CAP)).collect();
    let mean = f64::from(cleared.iter().sum::<u32>()) / cleared.len().max(1) as f64;
    let summary = Summary {
        player: args.player.0.name(),
        runs: args.seeds,
        cleared: cleared.len(),
        mean_strokes: (mean * 100.0).round() / 100.0,
        cap: CAP,
    };
    print_lines("bot-clear", [summary])
}
