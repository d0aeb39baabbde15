//! `carrom replay FILE`: re-runs a match record (or a desync record) headless. A match
//! record is checked at every stroke or move boundary; a desync record — a match record
//! with a desync section — at every frame, against the hashes of the peer that wrote it.
//! The first hash that differs is reported. Desync records come from online play, so only
//! a build with the client reads their desync section (others check them as match records).

use super::exit::{Exit, fail};
use super::output::{print_lines, read_input};
use carrom::record::{Difference, MatchRecord};
use serde::Serialize;
use std::path::PathBuf;

/// Arguments of `carrom replay`.
#[derive(clap::Args)]
pub struct Args {
    /// A match record (from the data directory's `records/`, or exported), or the record a
    /// peer wrote when it detected a desync.
    file: PathBuf,
}

/// The line it prints for a desync record.
#[cfg(feature = "client")]
#[derive(Serialize)]
struct DesyncSummary {
    game: String,
    mode: String,
    players: Vec<String>,
    desync_frame: i64,
    frames: usize,
    first_difference: Option<FrameDifference>,
}

/// The first frame whose replayed checksum is not the recorded one.
#[cfg(feature = "client")]
#[derive(Serialize)]
struct FrameDifference {
    frame: usize,
    recorded: String,
    replayed: String,
}

/// The line it prints for a match record.
#[derive(Serialize)]
struct MatchSummary {
    game: String,
    mode: String,
    players: Vec<String>,
    result: String,
    sim_version: u32,
    boundaries: usize,
    checked: usize,
    first_difference: Option<Difference>,
}

/// Runs the command: exit 0 when every hash agrees, 4 at a difference.
pub fn run(args: &Args) -> Exit {
    let command = "replay";
    let bad = |e: String| fail(command, Exit::BadInput, format!("{}: {e}", args.file.display()));
    let text = match read_input(&args.file) {
        Ok(text) => text,
        Err(e) => return bad(e.to_string()),
    };
    let value: serde_json::Value = match serde_json::from_str(&text) {
        Ok(value) => value,
        Err(e) => return bad(format!("not a record: {e}")),
    };
    if value.get("desync").is_some() && cfg!(feature = "client") {
        return desync(command, value, bad);
    }
    if value.get("started").is_some() {
        let record = match serde_json::from_value::<MatchRecord>(value) {
            Ok(record) => record,
            Err(e) => return bad(format!("not a match record: {e}")),
        };
        return match record.verify() {
            Ok(verdict) => {
                let differs = verdict.first_difference.is_some();
                let summary = MatchSummary {
                    game: game_name(&record),
                    mode: record.mode.clone(),
                    players: record.players.clone(),
                    result: record.result.clone(),
                    sim_version: record.sim_version,
                    boundaries: verdict.boundaries,
                    checked: verdict.checked,
                    first_difference: verdict.first_difference,
                };
                ended(print_lines(command, [summary]), differs)
            }
            Err(e) => bad(e.to_string()),
        };
    }
    desync(command, value, bad)
}

/// A desync record, re-run frame by frame.
#[cfg(feature = "client")]
fn desync(command: &str, value: serde_json::Value, bad: impl Fn(String) -> Exit) -> Exit {
    use carrom::net::diagnostics::DesyncRecord;
    let record = match serde_json::from_value::<DesyncRecord>(value) {
        Ok(record) => record,
        Err(e) => return bad(format!("not a desync record: {e}")),
    };
    let replay = match record.replay() {
        Ok(replay) => replay,
        Err(e) => return bad(e.to_string()),
    };
    let differs = replay.first_difference.is_some();
    let first_difference = replay
        .first_difference
        .map(|(frame, recorded, replayed)| FrameDifference { frame, recorded, replayed });
    ended(
        print_lines(
            command,
            [DesyncSummary {
                game: game_name(&record.record),
                mode: record.record.mode.clone(),
                players: record.record.players.clone(),
                desync_frame: record.desync.frame,
                frames: replay.frames,
                first_difference,
            }],
        ),
        differs,
    )
}

/// Without the client there are no desync records to read.
#[cfg(not(feature = "client"))]
fn desync(_: &str, _: serde_json::Value, bad: impl Fn(String) -> Exit) -> Exit {
    bad("not a match record".into())
}

/// The exit code once the summary is printed: 4 if a hash differed.
fn ended(printed: Exit, differs: bool) -> Exit {
    match printed {
        Exit::Done if differs => Exit::Desync,
        exit => exit,
    }
}

/// `carrom` or `draughts`, and the carrom game type.
fn game_name(record: &MatchRecord) -> String {
    match &record.game {
        carrom::record::GameLog::Carrom(log) => log.variant.clone(),
        carrom::record::GameLog::Draughts(_) => "draughts".into(),
    }
}
