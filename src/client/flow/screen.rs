//! The screens, as an app state.

use bevy::prelude::*;

/// Which screen is showing.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Choose a game and start it.
    #[default]
    Home,
    /// The rules of the selected game type.
    HowToPlay,
    /// Player names, sound, display.
    Settings,
    /// The games hosted on this network, to join one.
    LanGames,
    /// Going online: the invite code and who has arrived.
    Lobby,
    /// A match in progress.
    Game,
    /// The outcome of the match just played.
    Results,
    /// The matches kept as records, to watch again.
    Replays,
}
