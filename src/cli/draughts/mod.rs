//! `carrom draughts …`: the English draughts engine's tools.

pub mod analyse;
pub mod perft;
pub mod play;

use super::exit::Exit;

/// The draughts subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the move tree (perft).
    Perft(perft::Args),
    /// Play engine matches from varied openings and report the results.
    Play(play::Args),
    /// Weigh every move of a PDN game against the engine's: inaccuracies, mistakes and
    /// blunders, the better move, and proven wins.
    Analyse(analyse::Args),
}

/// Runs the subcommand.
pub fn run(command: Command) -> Exit {
    match command {
        Command::Perft(args) => perft::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Analyse(args) => analyse::run(&args),
    }
}
