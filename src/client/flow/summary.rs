//! What the Results screen shows of the match that ended, in words: written by the game
//! that was played, so the screen is the same for every game.

use bevy::prelude::*;

/// The outcome of the match just played.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchSummary {
    /// Who won (or that it was a draw).
    pub headline: String,
    /// Which game it was.
    pub game: String,
    /// One line per side: its name and score.
    pub sides: Vec<String>,
    /// How it ended: the last ruling.
    pub ending: String,
    /// Whether the same match can be played again at once (not online: that needs the
    /// peers again).
    pub rematch: bool,
    /// Further buttons the game offers (e.g. saving the game as a file).
    pub offers: Vec<(String, crate::client::ui::Action)>,
    /// What became of an offer taken (a file written, or why not).
    pub note: Option<String>,
}
