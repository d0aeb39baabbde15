//! The client's flow as Bevy states: which screen shows ([`Screen`]), whether the match on
//! it is paused ([`Pause`], a sub-state of the match screen), which host runs the match
//! ([`MatchHost`]), which game it is ([`GameType`]), what the next match will be ([`MatchSetup`]) and how the last one
//! ended ([`MatchSummary`]). Every other plugin
//! reads these; none of them depends on another plugin's resources to switch on.

pub mod game_type;
pub mod host;
pub mod pause;
pub mod screen;
pub mod setup;
pub mod summary;

pub use game_type::GameType;
pub use host::MatchHost;
pub use pause::{PausableSystems, Pause};
pub use screen::Screen;
pub use setup::{Controller, MatchSetup, Mode};
pub use summary::{MatchSummary, Offer};

use bevy::prelude::*;

/// The states and the pausable set, configured once for every schedule that uses them.
pub struct FlowPlugin;

impl Plugin for FlowPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>()
            .add_sub_state::<Pause>()
            .init_state::<MatchHost>()
            .init_state::<GameType>()
            .configure_sets(Update, PausableSystems.run_if(in_state(Pause::Running)))
            .configure_sets(FixedUpdate, PausableSystems.run_if(in_state(Pause::Running)))
            .add_systems(OnExit(Screen::Game), |mut host: ResMut<NextState<MatchHost>>| {
                host.set(MatchHost::NoMatch);
            });
    }
}
