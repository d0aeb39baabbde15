//! What the Results screen shows of the match that ended, in words: written by the game
//! that was played, so the screen is the same for every game.

use bevy::ecs::system::SystemId;
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
    /// What starts the same match again at once, where it can be (not online: that needs
    /// the peers again): the host's one-shot system.
    pub rematch: Option<SystemId>,
    /// Further buttons the game offers (e.g. saving the game as a file).
    pub offers: Vec<Offer>,
    /// What became of an offer taken (a file written, or why not).
    pub note: Option<String>,
}

/// A further button the game that was played offers on Results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    /// Its label, in the player's words.
    pub label: String,
    /// Its name (for the keyboard, the page and the tests).
    pub name: &'static str,
    /// The game's one-shot system it runs.
    pub run: SystemId,
}
