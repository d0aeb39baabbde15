//! A match as a record: its settings, its seed and what its players did, with the state's
//! hash at every stroke (or move) boundary. Every peer simulates the same inputs bit for
//! bit, so that is the whole match in a few kilobytes: re-simulated, it plays again, and
//! its hashes say whether it still plays the same. Plain data; reading and writing files
//! is the caller's.
//!
//! A [`MatchRecord`] (format [`FORMAT`], one JSON file) holds when the match began, how it
//! was played (pass and play, against the bot, online, on a LAN), the players' names, the
//! result in the words of whoever kept it, whether it was finished and who won it (an
//! [`Outcome`], which any reader says in their own language), the simulation version, and
//! the game:
//!
//! - **carrom** ([`CarromLog`]): the settings and seed, and the inputs that changed the
//!   match, each as (frames since the previous entry, player, the input's 12 bytes in
//!   hex). [`crate::game::advance()`] ignores every input but three kinds — the shooter's
//!   aim while it moves, a commit to the stroke that is due (played or refused: a refused
//!   one still stops the shot clock that frame) and a resignation — so re-simulating those
//!   alone, with no action everywhere else, gives every frame's state again exactly.
//!   Beside them, the state's hash at every stroke boundary: the start, after each ruling
//!   (a stroke, the shot clock, a resignation), a new board, the end. Forty strokes
//!   committed at once, as the bot plays them, make a record of about 2.6 KB; a person's
//!   dragging aim adds an entry for every frame the aim moves.
//! - **draughts** ([`DraughtsLog`]): the start as a FEN, the moves on the board in PDN (a
//!   move taken back is not in it) and the hash after each.
//!
//! A record may hold at most [`MAX_FRAMES`] (twelve hours of play), with its inputs and
//! strokes inside them; [`MatchRecord::playable`] checks that before anything is
//! simulated, so a hostile file cannot hang or exhaust whoever opens it. A record of
//! another simulation version is refused in words rather than played wrong.
//!
//! **Who writes them.** The client records what its host simulates
//! (`src/client/hosts/tape.rs`): a local match's inputs every frame, an online match's as
//! the rollback session gives them (a re-simulated frame replaces what followed it, as it
//! does the state), so the record holds the confirmed inputs once the match is over. Every
//! match played on the machine — carrom or draughts, in any mode — is kept when its screen
//! closes, played to its end or left for Home (a match left and resumed later is kept
//! again, from the state it resumed at; one whose window is closed is kept as left).
//! `src/client/persistence/records.rs` writes each atomically (a temporary file of its
//! own, renamed, the directory synced) into the data directory's `records/`, numbered in
//! the order they were saved (`00000042-001796164417-freestyle.json`: number, start,
//! game). Beyond the number Settings keeps (20–500, `records_kept` in `settings.json`, 100
//! by default) the first saved are removed, never the one just saved, so neither a clock
//! set back nor a second game running at once loses anything. An unreadable record is set
//! aside as `NAME.corrupt-SECONDS` and reported on the Replays screen.
//!
//! **Watching one.** The Replays screen (`src/client/screens/replays.rs`,
//! `src/client/hosts/replay.rs`) re-simulates carrom from the record, seeking from the
//! nearest stroke boundary's state ([`CarromLog::at_boundary`], kept when the record is
//! opened), and steps draughts through its positions. Nothing is recorded or saved while
//! watching.
//!
//! **`carrom replay FILE`** verifies a record headless ([`MatchRecord::verify`]) and prints
//! one JSON line: the game, mode, players, result, simulation version, the boundaries
//! checked and the first that differs with both hashes. It exits 0 when every boundary
//! agrees, 4 at the first that does not, and 2 for a file that is not a record or one of
//! another simulation version. A peer's desync record (`crate::net::diagnostics`) is a
//! match record with a desync section: the Replays screen and `carrom replay` read it as
//! any other, and `carrom replay` also re-runs it frame by frame against the peer's
//! hashes.
//!
//! **Tests.** `tests/core/records.rs`: noisy matches (wobbling aims, refused commits,
//! expired shot clocks, junk from the other players) re-simulate every frame; a
//! resignation ends the record; seeking lands on each boundary's hash and frame; a changed
//! commit is caught at the boundary where that stroke was ruled, a changed hash at its
//! own; a resumed match is kept from its state; another simulation version is refused;
//! draughts verifies, and a changed hash or an unplayable move is caught. The client tests
//! re-simulate the records that a pass-and-play match, a bot match left midway, an online
//! match against a headless peer and a game against the computer leave, to the same end;
//! `tests/client/replays.rs` watches one to its end, steps, seeks, leaves without
//! recording, refuses another version's record and reports an unreadable file;
//! `tests/commands/cli.rs` runs `carrom replay` on records.
//!
//! One stroke recorded, verified, and a changed hash caught:
//!
//! ```
//! use carrom::game::{Input, Match, Phase, advance};
//! use carrom::record::{CarromLog, GameLog, MatchRecord};
//! use carrom::rules::{Settings, Variant};
//! use carrom::sim::{FULL_POWER, PresetId, Stroke};
//!
//! let settings = Settings::new(Variant::DiscPool, 2, PresetId::Standard, 0, 1).unwrap();
//! let mut m = Match::new(settings);
//! let shooter = m.shooter();
//! let stroke = Stroke { placement: 0, angle: shooter.forward().0, power: FULL_POWER };
//! let mut inputs = vec![Input::default(); 2];
//! inputs[settings.player_at(shooter).unwrap()] = Input::commit(1, stroke);
//! // Every frame's inputs until the stroke has been ruled.
//! let mut frames = vec![inputs.clone()];
//! advance(&mut m, &inputs);
//! while m.phase() == Phase::Motion {
//!     advance(&mut m, &inputs);
//!     frames.push(inputs.clone());
//! }
//! let log = CarromLog::of(&settings, &frames);
//! assert_eq!(log.inputs.len(), 1, "only the commit changed the match");
//! assert_eq!(log.boundaries.len(), 2, "the start, and the ruling after the stroke");
//!
//! let names = vec!["Asha".to_string(), "Ravi".to_string()];
//! let mut record = MatchRecord::new(0, "pass_and_play", names, GameLog::Carrom(log));
//! let verdict = record.verify().unwrap();
//! assert_eq!(verdict.checked, 2);
//! assert!(verdict.first_difference.is_none());
//!
//! if let GameLog::Carrom(log) = &mut record.game {
//!     log.boundaries[1].1 = "0123456789abcdef".into();
//! }
//! let verdict = record.verify().unwrap();
//! assert_eq!(verdict.first_difference.unwrap().boundary, 1);
//! ```
// Pure like the core it records (clippy.toml lists the banned types and calls).
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]

pub mod carrom;
pub mod draughts;
mod error;
mod outcome;

pub use error::RecordError;
pub use outcome::Outcome;

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
    /// The outcome in the words of the player who kept it ("Asha wins", "A draw …"), or
    /// how it was left.
    pub result: String,
    /// Whether it was played to its end (not left or abandoned).
    pub finished: bool,
    /// Who won a finished match, to be said in any reader's words (records written before
    /// it was kept have only `result`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
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
            outcome: None,
            game,
        }
    }

    /// Whether this version can play it back: the same format and simulation version, and
    /// lengths a match can have.
    pub fn playable(&self) -> Result<(), RecordError> {
        if self.format != FORMAT {
            return Err(RecordError::Format { found: self.format, reads: FORMAT });
        }
        if self.sim_version != SIM_VERSION {
            return Err(RecordError::SimVersion { found: self.sim_version, current: SIM_VERSION });
        }
        match &self.game {
            GameLog::Carrom(log) => log.sound(),
            GameLog::Draughts(_) => Ok(()),
        }
    }

    /// Re-simulates the record and compares every boundary's hash with the recorded one.
    pub fn verify(&self) -> Result<Verdict, RecordError> {
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
