//! Reading a command's input file and printing its JSON lines.

use super::exit::{Exit, fail};
use super::input_error::InputError;
use carrom::scenario::ScenarioError;
use serde::Serialize;
use std::io::{Read, Write};
use std::path::Path;

/// The text of `path`, or of standard input for `-`.
pub fn read_input(path: &Path) -> Result<String, InputError> {
    let mut text = String::new();
    if path == Path::new("-") {
        std::io::stdin().read_to_string(&mut text)?;
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_string(&mut text))?;
    }
    Ok(text)
}

/// The scenario `parse` reads from `path` (or standard input for `-`).
pub fn read_scenario<T>(
    path: &Path,
    parse: impl FnOnce(&str) -> Result<T, ScenarioError>,
) -> Result<T, InputError> {
    Ok(parse(&read_input(path)?)?)
}

/// Prints each of `lines` as one JSON line on standard output. A closed pipe (the reader
/// has gone, as with `| head`) ends quietly; any other write error is a failure.
pub fn print_lines<T: Serialize>(command: &str, lines: impl IntoIterator<Item = T>) -> Exit {
    let mut out = std::io::stdout().lock();
    for line in lines {
        let written = serde_json::to_string(&line)
            .map_err(std::io::Error::other)
            .and_then(|json| writeln!(out, "{json}"));
        match written {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Exit::Failed,
            Err(e) => return fail(command, Exit::Failed, format!("cannot write the output: {e}")),
        }
    }
    Exit::Done
}
