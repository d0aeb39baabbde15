//! Why this machine cannot take its seat back: its ticket, or the connection it opens.

use crate::net::connect_error::ConnectError;

/// Why a rejoin ticket cannot take its seat back. The English here is what the command
/// line and the log say; the screen says it in the player's language
/// (`client::words::rejoin_error`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RejoinError {
    /// Written by a game of another ticket format.
    #[error(
        "it was written by another version of the game: format {found}, this one reads {reads}"
    )]
    OtherFormat {
        /// The ticket's format.
        found: u32,
        /// The format this game reads.
        reads: u32,
    },
    /// Not a ticket at all: where its JSON stops making sense.
    #[error("it cannot be read (line {line}, column {column})")]
    Unreadable {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
    },
    /// Played with another network protocol.
    #[error("it was played with protocol {0}")]
    OtherProtocol(u32),
    /// Its confirmed history is not sound.
    #[error("its match state is damaged")]
    Damaged,
    /// Written longer ago than its grace period (and a minute): the room is gone.
    #[error("it was left too long ago")]
    TooOld,
    /// It names no seat of a match of two to four players.
    #[error("it names no seat of a match")]
    NoSeat,
    /// Its peer id is not one.
    #[error("it names no id")]
    NoId,
    /// Its seat key is not one.
    #[error("it holds no seat key")]
    NoKey,
    /// Its seat key is not the one its seat's seal names.
    #[error("its seat key is not its seat's")]
    WrongKey,
    /// The connection to the room could not open.
    #[error("{0}")]
    Connect(ConnectError),
    /// The socket gave no game channel.
    #[error("the game channel is gone")]
    ChannelGone,
}
