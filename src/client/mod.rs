//! The client (Bevy 0.19, feature `client`): the game a person plays, on the desktop or in
//! a browser page, and the headless peer (`carrom peer`). Its parts are grouped by concern
//! in private modules, listed below.
//!
//! The client decides no rule: a local match is a [`crate::game::Match`] driven by
//! [`crate::game::advance()`] at 60 Hz with the inputs the players' controls produce, the
//! same step rollback drives online. [`ClientPlugin`] is everything that works without a
//! window (headless tests run it on `MinimalPlugins`); [`ViewPlugin`] draws the board and
//! turns the mouse into board coordinates.
//!
#![doc = include_str!("README.md")]

mod audio;
mod board;
mod carrom;
#[cfg(not(target_arch = "wasm32"))]
mod checks;
mod draughts;
mod flow;
#[cfg(not(target_arch = "wasm32"))]
mod headless;
mod hosts;
mod persistence;
mod screens;
mod thinking;
mod ui;
mod words;

pub use board::pointer::{BoardPointer, PointerAction};
pub use carrom::aiming::{AimControl, baseline_axis};
#[cfg(not(target_arch = "wasm32"))]
pub use checks::smoke::SmokeTest;
pub use draughts::computer::ComputerBudget;
pub use draughts::geometry::centre as draughts_square_centre;
pub use draughts::hint::Hint;
pub use draughts::move_list::Reviewing;
pub use draughts::{DraughtsMatch, Player as DraughtsPlayer};
pub use flow::{Controller, GameType, MatchHost, MatchSetup, Mode, Pause, Screen};
#[cfg(not(target_arch = "wasm32"))]
pub use headless::{Ending, PeerError, PeerOptions, PeerReport, Shots, run_peer};
pub use hosts::lobby::JoinRequest;
pub use hosts::online::{MatchOverAt, Online, OnlineConfig, OnlineMatch, OnlineStep, banner_text};
pub use hosts::replay::{Replaying, timeline_part};
pub use hosts::{FixedSeed, LocalMatch, MatchFinished};
pub use persistence::rejoin::{RejoinFile, Ticket};
pub use persistence::{Preferences, Storage, records};
pub use ui::{MenuButton, MenuSet, Notice, Pressed};
pub use words::{Digits, Language, SystemLanguage, Words};

use bevy::prelude::*;
use std::path::PathBuf;
#[cfg(not(target_arch = "wasm32"))]
use web_time::Instant;

#[cfg(target_arch = "wasm32")]
mod page;
#[cfg(target_arch = "wasm32")]
mod page_console;
#[cfg(target_arch = "wasm32")]
mod page_keyboard;
#[cfg(target_arch = "wasm32")]
mod page_life;
#[cfg(target_arch = "wasm32")]
mod page_log;
#[cfg(target_arch = "wasm32")]
pub use page::run_in_page;

/// Everything the game does without drawing: screens, the local match, aiming, the HUD's
/// contents, bots and persistence. Needs `StatesPlugin` and `InputPlugin` (both part of
/// `DefaultPlugins`).
pub struct ClientPlugin;

impl Plugin for ClientPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<Storage>() {
            app.insert_resource(Storage::from_environment());
        }
        if !app.world().contains_resource::<SystemLanguage>() {
            app.insert_resource(SystemLanguage(Language::of_system()));
        }
        app.insert_resource(Time::<Fixed>::from_hz(crate::game::FRAME_RATE as f64)).add_plugins((
            flow::FlowPlugin,
            ui::UiPlugin,
            persistence::PersistencePlugin,
            words::WordsPlugin,
            hosts::HostsPlugin,
            screens::ScreensPlugin,
            carrom::CarromPlugin,
            draughts::DraughtsPlugin,
        ));
    }
}

/// Presentation: the camera, the board, the pieces, the aim guide, sounds, and the mouse
/// and fingers turned into [`BoardPointer`] messages. Needs the render plugins.
pub struct ViewPlugin;

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            ui::FontPlugin,
            ui::ScalePlugin,
            ui::IdlePlugin,
            board::touch::TouchPlugin,
            board::edges::EdgesPlugin,
            audio::AudioPlugin,
            carrom::CarromViewPlugin,
            draughts::DraughtsViewPlugin,
        ));
    }
}

/// How the client was started.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// Take the CI screenshots into this directory, print the measurements and quit.
    pub smoke_test: Option<PathBuf>,
    /// Tour every language, screenshots into this directory, print the findings and quit.
    pub language_test: Option<PathBuf>,
    /// Open a window of this size (logical pixels).
    pub window_size: Option<(u32, u32)>,
    /// Join this private match at once (`carrom --join CODE`).
    pub join: Option<String>,
    /// Watch this match at once (`carrom --watch CODE`).
    pub watch: Option<String>,
}

/// Opens the game window and runs until the player quits.
#[cfg(not(target_arch = "wasm32"))]
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
        // The match this machine dropped out of, if the code is its: its seat is taken back.
        let ticket = app.world().get_resource::<RejoinFile>().and_then(|f| f.found.clone());
        match ticket.filter(|t| t.is_for(&code)) {
            Some(ticket) => app.insert_resource(JoinRequest::Rejoin(Box::new(ticket))),
            None => app.insert_resource(JoinRequest::Code(code)),
        };
    }
    if let Some(code) = launch.watch {
        app.insert_resource(JoinRequest::Watch(code));
    }
    if let Some(dir) = launch.smoke_test {
        app.insert_resource(SmokeTest::new(dir, started)).add_plugins(checks::smoke::SmokePlugin);
    }
    if let Some(dir) = launch.language_test {
        app.insert_resource(checks::language_tour::LanguageTour::new(dir))
            .add_plugins(checks::language_tour::LanguageTourPlugin);
    }
    app.run()
}
