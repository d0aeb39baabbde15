//! A message for the player that outlives the screen it arose on.

use bevy::prelude::*;

/// A message for the player shown on Home (for example a save that could not be read).
#[derive(Resource, Default, Debug, Clone)]
pub struct Notice(pub Option<String>);
