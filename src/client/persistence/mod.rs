//! What is kept between runs: where files go ([`storage`]), the player's settings
//! ([`preferences`]), the unfinished match ([`saved_match`]) and the draughts game and
//! score ([`saved_draughts`]), and the seat of an online match to come back to
//! ([`rejoin`]). Every file is versioned
//! JSON written atomically; one that cannot be read is moved aside and reported
//! ([`unreadable`]).

pub mod preferences;
pub mod records;
pub mod rejoin;
pub mod rejoin_error;
pub mod saved_draughts;
pub mod saved_match;
pub mod storage;
pub mod unreadable;

pub use preferences::Preferences;
pub use storage::Storage;

use bevy::prelude::*;

/// Settings and the saved match, loaded at start and saved as they change.
pub(super) struct PersistencePlugin;

impl Plugin for PersistencePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            preferences::PreferencesPlugin,
            saved_match::SavedMatchPlugin,
            saved_draughts::SavedDraughtsPlugin,
            rejoin::RejoinPlugin,
        ));
    }
}
