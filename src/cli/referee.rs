//! `carrom referee FILE`: adjudicates a match scenario stroke by stroke through the real
//! game step and prints one JSON line per stroke with the ruling.

use super::exit::{Exit, fail};
use super::output::{print_lines, read_scenario};
use carrom::scenario::{MatchScenario, referee};
use std::path::PathBuf;

/// Arguments of `carrom referee`.
#[derive(clap::Args)]
pub struct Args {
    /// The match scenario (JSON; its format: src/scenario/mod.rs), or `-` for standard input.
    file: PathBuf,
}

/// Runs the command.
pub fn run(args: &Args) -> Exit {
    let parsed = read_scenario(&args.file, MatchScenario::parse);
    match parsed {
        Ok(scenario) => print_lines("referee", referee(&scenario)),
        Err(message) => {
            fail("referee", Exit::BadInput, format!("{}: {message}", args.file.display()))
        }
    }
}
