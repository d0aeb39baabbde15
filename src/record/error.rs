//! Why a record cannot be played back: one value per reason, with the numbers and names
//! it needs, so that the command line can print it and the client can say it in the
//! player's language.

use crate::draughts::pdn::PdnError;
use crate::rules::SettingsError;
use thiserror::Error;

/// Why a record cannot be played back.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// Written in a format this version does not read.
    #[error("record format {found} (this version reads {reads})")]
    Format {
        /// The record's format.
        found: u32,
        /// The format this version reads.
        reads: u32,
    },
    /// Recorded by another simulation version: it would not play the same.
    #[error(
        "recorded by simulation version {found} (this is version {current}): it would not play the same"
    )]
    SimVersion {
        /// The record's simulation version.
        found: u32,
        /// This build's.
        current: u32,
    },
    /// More frames than a match can have.
    #[error("it claims {frames} frames, more than a match of twelve hours ({most})")]
    TooLong {
        /// The frames it claims.
        frames: u32,
        /// The most a record may have.
        most: u32,
    },
    /// Inputs or strokes after the last frame.
    #[error("it has inputs or strokes after its last frame ({frames})")]
    AfterTheEnd {
        /// Its last frame.
        frames: u32,
    },
    /// An input that is not 12 bytes in hex.
    #[error("frame {frame}: bad input {text:?}")]
    BadInput {
        /// The frame it is at.
        frame: u32,
        /// The text found.
        text: String,
    },
    /// An input for a player the match does not have.
    #[error("frame {frame}: no player {player}")]
    NoPlayer {
        /// The frame it is at.
        frame: u32,
        /// The player named.
        player: u8,
    },
    /// The starting state does not read, or is not of the record's settings.
    #[error("the starting state cannot be read")]
    Start,
    /// A game type no version has.
    #[error("unknown game type {0:?}")]
    UnknownGame(String),
    /// A board no version has.
    #[error("unknown board {0:?}")]
    UnknownBoard(String),
    /// Settings no match can have.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// A draughts start that is no position.
    #[error("start {fen:?}: {why}")]
    DraughtsStart {
        /// The FEN found.
        fen: String,
        /// What is wrong with it.
        why: PdnError,
    },
    /// A draughts move that cannot be played where it stands.
    #[error("move {ply} ({text}): {why}")]
    DraughtsMove {
        /// The move's number, from 1.
        ply: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        why: PdnError,
    },
    /// A draughts game that names a ballot it does not open with, or no ballot at all.
    #[error("it names ballot {number}, which its moves do not open with")]
    DraughtsBallot {
        /// The number it names.
        number: u8,
    },
}
