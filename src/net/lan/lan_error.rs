//! Why a game could not be hosted, announced or looked for on this network.

/// Why hosting, announcing or looking for a game on this network failed. The English here
/// is what the command line says; the game says it in the player's language
/// (`client::words::lan_error`). The system's own reason is kept as it gave it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LanError {
    /// Looking for games (mDNS) could not start.
    #[error("cannot look for games on this network (mDNS): {0}")]
    NoSearch(String),
    /// The game could not be announced (mDNS).
    #[error("cannot announce the game on this network (mDNS): {0}")]
    NoAnnouncement(String),
    /// The game's announcement could not be made from its listing.
    #[error("cannot describe the game for this network: {0}")]
    NoDescription(String),
    /// The host's signaling server could not start.
    #[error("cannot start the game's server on this network: {0}")]
    NoServer(String),
    /// A browser page cannot host or find games on its network.
    #[error("{}", super::DESKTOP_ONLY)]
    DesktopOnly,
}
