//! The `carrom` command: the game and its headless tools.

use carrom::scenario::{MatchScenario, Scenario, referee, simulate};
use clap::{Parser, Subcommand};
use serde_json::Value;
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
    /// Adjudicate a match scenario (shots or stroke facts) and print one JSON line per
    /// stroke with the referee's ruling.
    Referee {
        /// The match scenario (JSON; see the README), or `-` for standard input.
        file: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Simulate { file }) => {
            run("simulate", &file, |text| Scenario::parse(text).map(|s| simulate(&s)))
        }
        Some(Command::Referee { file }) => {
            run("referee", &file, |text| MatchScenario::parse(text).map(|s| referee(&s)))
        }
        None => {
            eprintln!(
                "The desktop client is not built yet. Headless commands:\n  \
                 carrom simulate SCENARIO.json   (try scenarios/break.json)\n  \
                 carrom referee MATCH.json       (try scenarios/referee-example.json)\n  \
                 carrom --help"
            );
            ExitCode::from(2)
        }
    }
}

/// Reads `path`, turns it into output lines with `lines`, and prints them: exit 1 with a
/// message naming the file on any error.
fn run<E: std::fmt::Display>(
    command: &str,
    path: &Path,
    lines: impl FnOnce(&str) -> Result<Vec<Value>, E>,
) -> ExitCode {
    let output = match read(path).and_then(|text| lines(&text).map_err(|e| e.to_string())) {
        Ok(output) => output,
        Err(message) => {
            eprintln!("carrom {command}: {}: {message}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let mut out = std::io::stdout().lock();
    for line in output {
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
