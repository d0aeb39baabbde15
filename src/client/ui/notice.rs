//! A message for the player that outlives the screen it arose on.

use bevy::prelude::*;

/// A message for the player shown on Home (for example a save that could not be read).
#[derive(Resource, Default, Debug, Clone)]
pub struct Notice(pub Option<String>);

impl Notice {
    /// Adds `message` below any not yet shown, so that of two files unreadable at start
    /// the player hears of both.
    pub fn add(&mut self, message: String) {
        self.0 = Some(match self.0.take() {
            Some(earlier) => format!("{earlier}\n{message}"),
            None => message,
        });
    }
}
