//! Why a file this game keeps could not be read back, and what then happens to it: it is
//! moved aside, never overwritten, and the player is told why in their language
//! (`client::words::unreadable`) while the log keeps the detail.

use super::rejoin_error::RejoinError;
use super::storage;
use crate::client::ui::Notice;
use crate::client::words::{self, Words};
use bevy::prelude::*;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::io;
use std::path::{Path, PathBuf};

/// Why a kept file could not be read back. The English here is what the log says.
#[derive(Debug, thiserror::Error)]
pub enum Unreadable {
    /// The system would not read it.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// Not JSON of the shape this game writes.
    #[error("{0}")]
    NotJson(#[from] serde_json::Error),
    /// Written by another version of the game.
    #[error("format {found} (this version reads {reads})")]
    OtherFormat {
        /// The file's format.
        found: u32,
        /// The format this game reads.
        reads: u32,
    },
    /// Saved by another version of the simulation, whose state this one cannot continue.
    #[error("saved by simulation version {found} (this is version {reads})")]
    OtherSimulation {
        /// The file's simulation version.
        found: u32,
        /// This game's.
        reads: u32,
    },
    /// It names something this version does not know.
    #[error("unknown {what} {name:?}")]
    Unknown {
        /// What kind of thing (for the log).
        what: &'static str,
        /// The name as written.
        name: String,
    },
    /// Its parts do not agree with each other.
    #[error("{0}")]
    Damaged(&'static str),
    /// A match kept to be resumed had already ended.
    #[error("the match had already ended")]
    Ended,
    /// A rejoin ticket that cannot take its seat back.
    #[error("{0}")]
    Ticket(RejoinError),
}

impl Unreadable {
    /// The JSON file in `bytes`, of the format `reads`. Its format is read first, so that a
    /// file another version wrote is said to be one rather than to be damaged.
    pub fn versioned<T: DeserializeOwned>(bytes: &[u8], reads: u32) -> Result<T, Unreadable> {
        /// The one field every format has.
        #[derive(Deserialize)]
        struct Format {
            format: u32,
        }
        let Format { format: found } = serde_json::from_slice(bytes)?;
        if found != reads {
            return Err(Unreadable::OtherFormat { found, reads });
        }
        Ok(serde_json::from_slice(bytes)?)
    }

    /// Something named `name` that this version does not know as a `what`.
    pub fn unknown(what: &'static str, name: &str) -> Unreadable {
        Unreadable::Unknown { what, name: name.to_string() }
    }
}

/// A kept file that could not be read back: why, and where it was moved.
#[derive(Debug)]
pub struct SetAside {
    /// Why it could not be read.
    pub why: Unreadable,
    /// Where it went, or why it could not be moved.
    pub kept: io::Result<PathBuf>,
}

/// In English, for the command line and the log (the game says it with `words::unreadable`).
impl std::fmt::Display for SetAside {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.kept {
            Ok(path) => write!(f, "{}; kept as {}", self.why, path.display()),
            Err(e) => write!(f, "{}; it could not be moved aside ({e})", self.why),
        }
    }
}

/// Reads the file at `path` with `parse`: `Ok(None)` when there is none. One that cannot
/// be read is moved aside (so that the next save does not overwrite what the player had)
/// and the error says why and where it went.
pub fn read_or_set_aside<T>(
    path: &Path,
    parse: impl FnOnce(&[u8]) -> Result<T, Unreadable>,
) -> Result<Option<T>, SetAside> {
    let why = match storage::read(path) {
        Ok(None) => return Ok(None),
        Ok(Some(bytes)) => match parse(&bytes) {
            Ok(value) => return Ok(Some(value)),
            Err(why) => why,
        },
        Err(e) => Unreadable::Io(e),
    };
    Err(SetAside { why, kept: storage::set_aside(path) })
}

/// Reads the file at `path` as [`read_or_set_aside`] does; of one that could not be read,
/// the player is told on Home (in `w`'s language, naming it by the message `what`) and the
/// log keeps the detail.
pub fn load<T>(
    world: &mut World,
    w: &Words,
    path: Option<&Path>,
    what: &str,
    parse: impl FnOnce(&[u8]) -> Result<T, Unreadable>,
) -> Option<T> {
    match read_or_set_aside(path?, parse) {
        Ok(value) => value,
        Err(set_aside) => {
            warn!("{}: {} (kept: {:?})", path?.display(), set_aside.why, set_aside.kept);
            world.resource_mut::<Notice>().add(words::unreadable(w, what, &set_aside));
            None
        }
    }
}

// Files in a scratch folder of the desktop's file system.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("carrom-unreadable-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    }

    #[test]
    fn a_missing_file_is_none_and_a_good_one_is_read() {
        let dir = scratch("good");
        let path = dir.join("kept.json");
        assert!(matches!(read_or_set_aside(&path, |_| Ok(())), Ok(None)));
        storage::write_atomic(&path, b"7").expect("written");
        let read = read_or_set_aside(&path, |b| Ok(serde_json::from_slice::<u32>(b)?));
        assert_eq!(read.expect("readable"), Some(7));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_that_cannot_be_parsed_is_moved_aside_with_its_reason() {
        let dir = scratch("bad");
        let path = dir.join("kept.json");
        storage::write_atomic(&path, b"{ not json").expect("written");
        let read = read_or_set_aside(&path, |b| Ok(serde_json::from_slice::<u32>(b)?));
        let Err(SetAside { why, kept }) = read else { panic!("a file that is not JSON was read") };
        assert!(matches!(why, Unreadable::NotJson(_)), "{why:?}");
        let kept = kept.expect("moved aside");
        assert!(kept.to_string_lossy().contains(".corrupt-"), "{}", kept.display());
        assert_eq!(std::fs::read(&kept).expect("still there"), b"{ not json");
        assert!(!path.exists(), "the next save starts afresh");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn another_versions_file_is_told_from_a_damaged_one() {
        #[derive(Deserialize, Debug)]
        struct Kept {
            score: u32,
        }
        let kept: Kept = Unreadable::versioned(br#"{"format":1,"score":7}"#, 1).expect("read");
        assert_eq!(kept.score, 7);
        let newer = Unreadable::versioned::<Kept>(br#"{"format":9,"rack":[]}"#, 1);
        assert!(matches!(newer, Err(Unreadable::OtherFormat { found: 9, reads: 1 })), "{newer:?}");
        let damaged = Unreadable::versioned::<Kept>(br#"{"format":1,"rack":[]}"#, 1);
        assert!(matches!(damaged, Err(Unreadable::NotJson(_))), "{damaged:?}");
    }
}
