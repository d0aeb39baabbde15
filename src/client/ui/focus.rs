//! Which menu button the keyboard has chosen.

use bevy::prelude::*;

/// The button that Enter presses, by its focus order.
#[derive(Resource, Default, Debug)]
pub(super) struct Focus(pub(super) Option<u16>);
