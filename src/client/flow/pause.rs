//! Pausing the match on screen, as a sub-state of [`Screen::Game`]: it exists only while a
//! match is shown, so leaving the match always leaves the pause too.

use super::screen::Screen;
use bevy::prelude::*;

/// Whether the match on screen is paused.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Game)]
pub enum Pause {
    /// Playing.
    #[default]
    Running,
    /// The pause menu is open; the local match, its shot clock, aiming and the bot wait.
    Paused,
}

/// The systems a pause stops (in `Update` and `FixedUpdate`): they run only while a match
/// is on screen and not paused.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PausableSystems;
