//! The `carrom` command: parses the arguments and runs the command they name (see
//! `src/cli/`); without one it opens the game.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    cli::Cli::parse().run(started).into()
}
