//! `carrom simulate FILE`: plays a scenario's strokes and prints one JSON line per stroke.

use super::exit::{Exit, fail};
use super::output::{print_lines, read_scenario};
use carrom::scenario::{Scenario, simulate};
use std::path::PathBuf;

/// Arguments of `carrom simulate`.
#[derive(clap::Args)]
pub struct Args {
    /// The scenario (JSON; its format: src/scenario/mod.rs), or `-` for standard input.
    file: PathBuf,
}

/// Runs the command.
pub fn run(args: &Args) -> Exit {
    let parsed = read_scenario(&args.file, Scenario::parse);
    match parsed {
        Ok(scenario) => print_lines("simulate", simulate(&scenario)),
        Err(message) => {
            fail("simulate", Exit::BadInput, format!("{}: {message}", args.file.display()))
        }
    }
}
