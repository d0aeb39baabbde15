//! Which game the match screen shows: carrom or draughts. Set by whatever starts a match,
//! before the screen opens, so each game's views spawn only for its own matches.

use bevy::prelude::*;

/// The game of the match on screen (or the last one).
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameType {
    /// Carrom, in any variant.
    #[default]
    Carrom,
    /// English draughts.
    Draughts,
}
