//! A match as a record: its settings, its seed and what its players did, with the state's
//! hash at every stroke (or move) boundary. Every peer simulates the same inputs bit for
//! bit, so that is the whole match in a few kilobytes: re-simulated, it plays again, and
//! its hashes say whether it still plays the same. Plain data; reading and writing files
//! is the caller's.
// Pure like the core it records (clippy.toml lists the banned types and calls).
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]

pub mod carrom;
pub mod draughts;

pub use carrom::CarromLog;
pub use draughts::DraughtsLog;

use crate::sim::SIM_VERSION;
use serde::{Deserialize, Serialize};

/// Format version of a record.
pub const FORMAT: u32 = 1;

/// Most frames a record may hold: twelve hours of play. A file a player is sent could
/// claim billions, and every frame is simulated before a hash is compared.
pub const MAX_FRAMES: u32 = 12 * 3600 * crate::game::FRAME_RATE as u32;

/// One match, kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRecord {
    /// Record format version ([`FORMAT`]).
    pub format: u32,
    /// The simulation version that played it: another version may not play it the same.
    pub sim_version: u32,
    /// When the match began, seconds since 1970 (UTC).
    pub started: u64,
    /// How it was played: `pass_and_play`, `vs_bot`, `online` or `lan`.
    pub mode: String,
    /// The players' names, in player order.
    pub players: Vec<String>,
    /// The outcome in words ("Asha wins", "A draw …"), or how it was left.
    pub result: String,
    /// Whether it was played to its end (not left or abandoned).
    pub finished: bool,
    /// The game and what was played in it.
    pub game: GameLog,
}

/// What was played, by game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum GameLog {
    /// A carrom match.
    Carrom(CarromLog),
    /// A draughts game.
    Draughts(DraughtsLog),
}

/// What re-simulating a record found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Boundaries (strokes or moves) whose hash was checked and matched.
    pub checked: usize,
    /// Boundaries in the record.
    pub boundaries: usize,
    /// The first boundary that does not match, if any.
    pub first_difference: Option<Difference>,
}

/// A boundary whose re-simulated hash is not the recorded one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// Its index among the boundaries (0: the start).
    pub boundary: usize,
    /// The frame (carrom) or ply (draughts) it is at.
    pub at: u32,
    /// The hash the record holds.
    pub recorded: String,
    /// The hash re-simulation gives.
    pub replayed: String,
}

impl MatchRecord {
    /// A record of `game`, played now by this simulation version.
    pub fn new(started: u64, mode: &str, players: Vec<String>, game: GameLog) -> MatchRecord {
        MatchRecord {
            format: FORMAT,
            sim_version: SIM_VERSION,
            started,
            mode: mode.into(),
            players,
            result: String::new(),
            finished: false,
            game,
        }
    }

    /// Whether this version can play it back: the same format and simulation version, and
    /// lengths a match can have.
    pub fn playable(&self) -> Result<(), String> {
        if self.format != FORMAT {
            return Err(format!("record format {} (this version reads {FORMAT})", self.format));
        }
        if self.sim_version != SIM_VERSION {
            return Err(format!(
                "recorded by simulation version {} (this is version {SIM_VERSION}): it would not \
                 play the same",
                self.sim_version
            ));
        }
        match &self.game {
            GameLog::Carrom(log) => log.sound(),
            GameLog::Draughts(_) => Ok(()),
        }
    }

    /// Re-simulates the record and compares every boundary's hash with the recorded one.
    pub fn verify(&self) -> Result<Verdict, String> {
        self.playable()?;
        match &self.game {
            GameLog::Carrom(log) => log.verify(),
            GameLog::Draughts(log) => log.verify(),
        }
    }

    /// How long it was: strokes or moves.
    pub fn length(&self) -> String {
        match &self.game {
            GameLog::Carrom(log) => format!("{} strokes", log.strokes()),
            GameLog::Draughts(log) => format!("{} moves", log.moves.len()),
        }
    }
}

/// `hash` as the record writes it.
fn hex64(hash: u64) -> String {
    format!("{hash:016x}")
}
