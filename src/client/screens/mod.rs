//! The screens both games share: Home, How to play, Settings, Results, the online lobby,
//! Join on this network and the pause menu. What differs per game (the board, its input, its HUD) lives with
//! the game ([`super::carrom`]).

pub mod home;
pub mod how_to_play;
pub mod lan_games;
pub mod lobby;
pub mod pause_menu;
pub mod replays;
pub mod results;
pub mod rules_text;
pub mod settings;

use bevy::prelude::*;

/// Every screen.
pub(super) struct ScreensPlugin;

impl Plugin for ScreensPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            home::HomePlugin,
            how_to_play::HowToPlayPlugin,
            settings::SettingsScreenPlugin,
            results::ResultsPlugin,
            lobby::LobbyScreenPlugin,
            lan_games::LanGamesPlugin,
            pause_menu::PauseMenuPlugin,
            replays::ReplaysPlugin,
        ));
    }
}
