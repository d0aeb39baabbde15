//! `carrom replay FILE`: re-runs a desync record headless and reports the first frame
//! whose checksum differs from the recorded one.

use super::exit::{Exit, fail};
use super::output::{print_lines, read_input};
use carrom::net::diagnostics::DesyncRecord;
use serde::Serialize;
use std::path::PathBuf;

/// Arguments of `carrom replay`.
#[derive(clap::Args)]
pub struct Args {
    /// The record a peer wrote when it detected the desync.
    file: PathBuf,
}

/// The one line it prints.
#[derive(Serialize)]
struct Summary {
    frames: usize,
    first_difference: Option<Difference>,
}

/// The first frame whose replayed checksum is not the recorded one.
#[derive(Serialize)]
struct Difference {
    frame: usize,
    recorded: String,
    replayed: String,
}

/// Runs the command: exit 0 when every frame agrees, 4 at a difference.
pub fn run(args: &Args) -> Exit {
    let command = "replay";
    let record = read_input(&args.file).and_then(|text| {
        serde_json::from_str::<DesyncRecord>(&text).map_err(|e| format!("not a desync record: {e}"))
    });
    let replay = match record.and_then(|record| record.replay()) {
        Ok(replay) => replay,
        Err(e) => return fail(command, Exit::BadInput, format!("{}: {e}", args.file.display())),
    };
    let differs = replay.first_difference.is_some();
    let first_difference = replay.first_difference.map(|(frame, recorded, replayed)| Difference {
        frame,
        recorded,
        replayed,
    });
    match print_lines(command, [Summary { frames: replay.frames, first_difference }]) {
        Exit::Done if differs => Exit::Desync,
        exit => exit,
    }
}
