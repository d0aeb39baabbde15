//! The desktop client (Bevy 0.19, feature `client`): screens, the board view, aiming, the
//! HUD, local play (pass-and-play and the bot's seats) and what is saved between runs.
//!
//! The client decides no rule: a local match is a [`crate::game::Match`] driven by
//! [`crate::game::advance`] at 60 Hz with the inputs the players' controls produce, the
//! same step rollback drives online. [`ClientPlugin`] is everything that works without a
//! window (headless tests run it on `MinimalPlugins`); [`ViewPlugin`] draws the board and
//! turns the mouse into board coordinates.

mod aim_view;
mod aiming;
mod board_view;
mod bot_seat;
mod camera;
mod home;
mod how_to_play;
mod hud;
mod local_match;
mod online;
mod pause;
mod pieces_view;
mod preferences;
mod results;
mod resume;
mod rules_text;
mod screen;
mod settings_screen;
mod setup;
mod smoke;
mod sound;
mod storage;
mod ui;

pub use aiming::{AimControl, BoardPointer, PointerAction, baseline_axis};
pub use local_match::{FixedSeed, LocalMatch, MatchFinished};
pub use online::{JoinRequest, OnlineConfig, OnlineMatch, OnlineStep};
pub use preferences::Preferences;
pub use screen::Screen;
pub use setup::{Controller, MatchSetup, Mode};
pub use smoke::SmokeTest;
pub use storage::Storage;
pub use ui::{Action, ActionButton, MenuSet, Notice};

use bevy::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// Everything the game does without drawing: screens, the local match, aiming, the HUD's
/// contents, bots and persistence. Needs `StatesPlugin` and `InputPlugin` (both part of
/// `DefaultPlugins`).
pub struct ClientPlugin;

impl Plugin for ClientPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<Storage>() {
            app.insert_resource(Storage::from_environment());
        }
        app.insert_resource(Time::<Fixed>::from_hz(crate::game::FRAME_RATE as f64))
            .init_state::<Screen>()
            .add_plugins((
                ui::UiPlugin,
                preferences::PreferencesPlugin,
                home::HomePlugin,
                how_to_play::HowToPlayPlugin,
                settings_screen::SettingsScreenPlugin,
                local_match::LocalMatchPlugin,
                resume::ResumePlugin,
                aiming::AimingPlugin,
                bot_seat::BotSeatPlugin,
                hud::HudPlugin,
                pause::PausePlugin,
                results::ResultsPlugin,
                online::OnlinePlugin,
            ));
    }
}

/// Presentation: the camera, the board, the pieces, the aim guide, sounds, and the mouse
/// turned into [`BoardPointer`] messages. Needs the render and audio plugins.
pub struct ViewPlugin;

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            camera::CameraPlugin,
            board_view::BoardViewPlugin,
            pieces_view::PiecesViewPlugin,
            aim_view::AimViewPlugin,
            sound::SoundPlugin,
        ));
    }
}

/// How the client was started.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// Take the CI screenshots into this directory, print the measurements and quit.
    pub smoke_test: Option<PathBuf>,
    /// Open a window of this size (logical pixels).
    pub window_size: Option<(u32, u32)>,
    /// Join this private match at once (`carrom --join CODE`).
    pub join: Option<String>,
}

/// Opens the game window and runs until the player quits.
pub fn run(launch: Launch, started: Instant) -> AppExit {
    let (width, height) = launch.window_size.unwrap_or((1280, 800));
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "carrom".into(),
            resolution: (width, height).into(),
            ..default()
        }),
        ..default()
    }))
    .insert_resource(ClearColor(ui::palette::BACKDROP))
    .add_plugins((ClientPlugin, ViewPlugin));
    if let Some(code) = launch.join {
        app.insert_resource(JoinRequest::Code(code));
    }
    if let Some(dir) = launch.smoke_test {
        app.insert_resource(SmokeTest::new(dir, started)).add_plugins(smoke::SmokePlugin);
    }
    app.run()
}
