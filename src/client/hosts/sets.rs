//! The system sets of the match on screen, configured once by the hosts' plugin.

use bevy::prelude::*;

/// Systems of the match on screen, whichever host runs it (in `Update` and `FixedUpdate`):
/// they run while the match screen shows a match.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchSystems;

/// Systems of one host only.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostSystems {
    /// This machine steps the match.
    Local,
    /// Rollback steps the match.
    Online,
    /// A record steps the match.
    Replay,
    /// The players' stream steps the match (watching it).
    Watch,
}
