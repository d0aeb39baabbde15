//! The hosts that run a match: [`local`] steps it on this machine, [`online`] under GGRS
//! rollback with peers. Both keep the match on screen in [`LocalMatch`], which the board,
//! its input and the HUD read whichever host runs it.

pub mod absences;
pub mod checksum;
pub mod connection;
pub mod epoch;
pub mod hostile;
pub mod lan_game;
pub mod lobby;
pub mod local;
pub mod online;
pub mod online_draughts;
pub mod pace;
pub mod refusals;
pub mod rejoin;
pub mod replay;
pub mod room_error;
pub mod roster;
pub mod seating;
pub mod seed;
pub mod sets;
pub mod silence;
pub mod tape;
pub mod verdict;
pub mod watch_stream;
pub mod watching;

pub use local::{LocalMatch, MatchFinished, MatchStep, start_local};
pub use seed::{FixedSeed, NoRandomness, next_seed};
pub use sets::{HostSystems, MatchSystems};

use super::flow::{MatchHost, Screen};
use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;

/// Both hosts, and their sets configured once.
pub(super) struct HostsPlugin;

impl Plugin for HostsPlugin {
    fn build(&self, app: &mut App) {
        for schedule in [Update.intern(), FixedUpdate.intern()] {
            app.configure_sets(
                schedule,
                (
                    MatchSystems
                        .run_if(in_state(Screen::Game).and_then(resource_exists::<LocalMatch>)),
                    HostSystems::Local.run_if(in_state(MatchHost::Local)),
                    HostSystems::Online.run_if(in_state(MatchHost::Online)),
                    HostSystems::Replay.run_if(in_state(MatchHost::Replay)),
                    HostSystems::Watch.run_if(in_state(MatchHost::Watch)),
                ),
            );
        }
        app.add_plugins((
            local::LocalMatchPlugin,
            lobby::LobbyPlugin,
            online::OnlinePlugin,
            online_draughts::OnlineDraughtsPlugin,
            checksum::ChecksumPlugin,
            watch_stream::WatchStreamPlugin,
            lan_game::LanHostPlugin,
            tape::TapePlugin,
            replay::ReplayPlugin,
            watching::WatchingPlugin,
            rejoin::RejoinPlugin,
            hostile::HostilePlugin,
        ));
    }
}
