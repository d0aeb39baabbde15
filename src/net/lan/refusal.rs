//! Why a game found on this network cannot be joined.

/// Why a game on this network cannot be joined. The English here is what the command
/// line says; the join screen and the lobby say it in the player's language
/// (`client::words::refusal`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// It speaks another network protocol.
    #[error(
        "another version of the game (network protocol {theirs}; this one is {ours}): both \
         players need the same version"
    )]
    OtherVersion {
        /// The host's protocol.
        theirs: u32,
        /// This game's.
        ours: u32,
    },
    /// Its game is none this version knows (its name as announced).
    #[error("a game this version does not know ({0})")]
    UnknownGame(String),
    /// Every seat is taken (it can still be watched).
    #[error("every seat is taken")]
    Full,
    /// Its announcement cannot be read by this version.
    #[error("its announcement cannot be read by this version of the game")]
    Unreadable,
}
