//! Why a request to play or watch online leads to no room.

use super::seed::NoRandomness;
use crate::net::connect_error::ConnectError;
use crate::net::lan::{LanError, Refusal};

/// Why the lobby found no room to open (the words layer says it: `words::room_error`).
#[derive(Debug, thiserror::Error)]
pub enum RoomError {
    /// What was typed is no invite code or link.
    #[error("{0:?} is not an invite code (13 letters and digits).")]
    NotACode(String),
    /// The game on this network is another version's, which this one cannot follow.
    #[error("Cannot watch {host}'s game: it is another version's.")]
    WatchOtherVersion {
        /// The host's player name.
        host: String,
    },
    /// The system gave no randomness for the room's code or the seat key.
    #[error("No room can be made: this system gave no random numbers for its code ({}).", .0.0)]
    NoRandomness(NoRandomness),
    /// This machine could not host a game on its network.
    #[error("Cannot host on this network: {0}")]
    CannotHost(LanError),
    /// The host on this network takes no joiner, and why.
    #[error("Cannot join {host}'s game: {why}.")]
    CannotJoin {
        /// The host's player name.
        host: String,
        /// Why it takes none.
        why: Refusal,
    },
    /// The room's connection could not be opened.
    #[error(transparent)]
    Connect(#[from] ConnectError),
}
