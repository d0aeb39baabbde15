//! `carrom draughts perft`: counts the move tree's leaves from a position.

use crate::cli::exit::{Exit, fail};
use carrom::draughts::{pdn, perft};

/// Arguments of `carrom draughts perft`.
#[derive(clap::Args)]
pub struct Args {
    /// The position, in PDN FEN form (default: the start).
    #[arg(long, default_value = "B:W21-32:B1-12")]
    fen: String,
    /// Depth in plies.
    #[arg(long)]
    depth: u32,
    /// Count every capture path separately (as most published tables do).
    #[arg(long)]
    all_paths: bool,
    /// Print the count under each root move too.
    #[arg(long)]
    divide: bool,
}

/// Runs the command: the count under each root move (with `--divide`), then the total.
pub fn run(args: &Args) -> Exit {
    let position = match pdn::read_fen(&args.fen) {
        Ok(position) => position,
        Err(e) => return fail("draughts perft", Exit::BadInput, format!("--fen: {e}")),
    };
    if args.divide {
        for (m, n) in perft::divide(&position, args.depth, args.all_paths) {
            println!("{} {n}", pdn::write_move(&m));
        }
    }
    println!("{}", perft::perft(&position, args.depth, args.all_paths));
    Exit::Done
}
