//! `carrom` with no command: opens the game window.

use super::exit::Exit;
use std::path::PathBuf;

/// The game window's options.
#[derive(clap::Args)]
pub struct Args {
    /// Open the window at this size, WIDTHxHEIGHT in logical pixels (default 1280x800).
    #[arg(long, value_parser = parse_size)]
    window_size: Option<(u32, u32)>,
    /// CI: show Home, start a match and break, save home.png and game.png into DIR, print
    /// the measurements as one JSON line and quit.
    #[arg(long, value_name = "DIR")]
    smoke_test: Option<PathBuf>,
    /// CI: show Home, How to play and a match in every language, save their screenshots into
    /// DIR, print what was found on screen as one JSON line and quit.
    #[arg(long, value_name = "DIR", conflicts_with = "smoke_test")]
    language_test: Option<PathBuf>,
    /// Join a friend's online match: the invite code, its carrom://join/CODE link, or its web
    /// link https://HOST/#CODE (which names the signaling server too).
    #[arg(long, value_name = "CODE", conflicts_with = "watch")]
    join: Option<String>,
    /// Watch a running online match: its invite code or carrom://join/CODE link.
    #[arg(long, value_name = "CODE")]
    watch: Option<String>,
}

/// Why a `--window-size` value is not one.
#[derive(Debug, thiserror::Error)]
enum SizeError {
    #[error("expected WIDTHxHEIGHT, e.g. 1280x800")]
    NotWidthByHeight,
    #[error("{0:?} is not a size between 320 and 8192")]
    OutOfRange(String),
}

fn parse_size(text: &str) -> Result<(u32, u32), SizeError> {
    let (w, h) = text.split_once('x').ok_or(SizeError::NotWidthByHeight)?;
    let number = |s: &str| match s.parse::<u32>() {
        Ok(n) if (320..=8192).contains(&n) => Ok(n),
        _ => Err(SizeError::OutOfRange(s.to_string())),
    };
    Ok((number(w)?, number(h)?))
}

/// Opens the window and plays until the player quits.
#[cfg(feature = "client")]
pub fn run(args: Args, started: std::time::Instant) -> Exit {
    let launch = carrom::client::Launch {
        smoke_test: args.smoke_test,
        language_test: args.language_test,
        window_size: args.window_size,
        join: args.join,
        watch: args.watch,
    };
    match carrom::client::run(launch, started) {
        bevy::app::AppExit::Success => Exit::Done,
        bevy::app::AppExit::Error(_) => Exit::Failed,
    }
}

/// This build has no window: says which commands it has.
#[cfg(not(feature = "client"))]
pub fn run(_args: Args, _started: std::time::Instant) -> Exit {
    eprintln!(
        "This build has no window (built without the `client` feature). Headless commands:\n  \
         carrom simulate SCENARIO.json   (try scenarios/break.json)\n  \
         carrom referee MATCH.json       (try scenarios/referee-example.json)\n  \
         carrom --help"
    );
    Exit::BadInput
}
