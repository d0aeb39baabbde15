//! Which host runs the match on screen: this machine alone, or a rollback session with
//! peers. Set by whatever starts a match, back to `NoMatch` when the match screen closes.

use bevy::prelude::*;

/// The kind of match being played.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MatchHost {
    /// No match is being played.
    #[default]
    NoMatch,
    /// Pass-and-play and the bot's seats: this machine steps the match.
    Local,
    /// Peers over the network: GGRS rollback steps the match.
    Online,
    /// A match record played back.
    Replay,
    /// Someone else's online or LAN match, watched live.
    Watch,
}
