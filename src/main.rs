//! The `carrom` command: the game and its headless tools.

use carrom::scenario::{Scenario, simulate};
use clap::{Parser, Subcommand};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Carrom (Classic, Disc Pool, Freestyle) with bit-deterministic physics.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Play the strokes of a scenario file and print one JSON line per stroke.
    Simulate {
        /// The scenario (JSON; see the README), or `-` for standard input.
        file: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Simulate { file }) => run_simulate(&file),
        None => {
            eprintln!(
                "The desktop client is not built yet. Headless commands:\n  \
                 carrom simulate SCENARIO.json   (try scenarios/break.json)\n  \
                 carrom --help"
            );
            ExitCode::from(2)
        }
    }
}

fn run_simulate(path: &Path) -> ExitCode {
    let scenario =
        match read(path).and_then(|text| Scenario::parse(&text).map_err(|e| e.to_string())) {
            Ok(s) => s,
            Err(message) => {
                eprintln!("carrom simulate: {}: {message}", path.display());
                return ExitCode::FAILURE;
            }
        };
    let mut out = std::io::stdout().lock();
    for line in simulate(&scenario) {
        if writeln!(out, "{line}").is_err() {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

fn read(path: &Path) -> Result<String, String> {
    let mut text = String::new();
    let result = if path == Path::new("-") {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_string(&mut text)).map(|_| ())
    };
    result.map(|()| text).map_err(|e| format!("cannot read: {e}"))
}
