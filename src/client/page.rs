//! The game in a browser page: the canvas `#carrom` fills the page, the signaling server is
//! the one that served the page, and the page's address may carry an invite —
//! `/#CODE` or `/join/CODE` joins that match, `/#watch/CODE` watches it. A query
//! `?seat=LEVEL` has the bot of that level play this page's seat online (scripted
//! browser players in tests); `?think=page` keeps the computer's thinking on the page's
//! frames (to measure what its worker spares them).
//!
//! What the page does differently from the desktop, what it cannot do, what it writes in
//! its console for tests, its size and how it is tested: `src/client/README.md`, *In a
//! browser*. How to build and serve it: the top-level `README.md`.

use super::hosts::lobby::{JoinRequest, OnlineController};
use super::hosts::online::MatchOverAt;
use super::hosts::watching::Watching;
use super::page_console::PageConsolePlugin;
use super::page_keyboard::PageKeyboardPlugin;
use super::page_life::PageLifePlugin;
use super::page_log;
use super::persistence::preferences::default_signaling;
use super::thinking;
use super::{ClientPlugin, Controller, MatchSetup, RejoinFile, Screen, ViewPlugin, ui};
use crate::draughts::level::Level;
use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use carrom_signaling::code as invite;

/// The page's address, as the browser shows it.
fn address() -> Option<web_sys::Location> {
    web_sys::window().map(|w| w.location())
}

/// What the page's address asks for: a match to join or to watch.
fn request(href: &str, hash: &str) -> Option<JoinRequest> {
    if let Some(code) = hash.strip_prefix("#watch/") {
        let origin = default_signaling().replacen("ws", "http", 1);
        return Some(JoinRequest::Watch(format!("{origin}/#{code}")));
    }
    invite::parse(href).map(|_| JoinRequest::Code(href.to_string()))
}

/// Runs the game in the page until the page closes. In the computer's worker (the same
/// module, loaded for `carrom_think`) there is no page, and nothing runs.
pub fn run_in_page() {
    if web_sys::window().is_none() {
        return;
    }
    let location = address();
    let href = location.as_ref().and_then(|l| l.href().ok()).unwrap_or_default();
    let hash = location.as_ref().and_then(|l| l.hash().ok()).unwrap_or_default();
    let search = location.as_ref().and_then(|l| l.search().ok()).unwrap_or_default();
    page_log::start();
    let window = WindowPlugin {
        primary_window: Some(Window {
            title: "carrom".into(),
            canvas: Some("#carrom".into()),
            fit_canvas_to_parent: true,
            // Keys are the game's: no scrolling or browser shortcuts while it has focus.
            prevent_default_event_handling: true,
            ..default()
        }),
        ..default()
    };
    // The page's files (the fonts) are at the server's /assets/, whatever the page's own
    // address (an invite's /join/CODE too), with no `.meta` beside them to ask for.
    let assets =
        AssetPlugin { file_path: "/assets".into(), meta_check: AssetMetaCheck::Never, ..default() };
    let mut app = App::new();
    add_bevy(&mut app, window, assets);
    app.insert_resource(ClearColor(ui::palette::BACKDROP))
        .add_plugins((
            ClientPlugin,
            ViewPlugin,
            PageConsolePlugin,
            PageLifePlugin,
            PageKeyboardPlugin,
        ))
        .init_resource::<LongestFrame>()
        .add_systems(OnEnter(Screen::Results), say_how_it_ended)
        .add_systems(Last, say_first_frame.run_if(run_once))
        .add_systems(Last, time_frames.run_if(in_state(Screen::Game)));
    let query: Vec<&str> = search.trim_start_matches('?').split('&').collect();
    if query.contains(&"think=page") {
        thinking::without_a_worker();
    }
    let seat = query.iter().find_map(|p| p.strip_prefix("seat="));
    if let Some(controller) = seat.and_then(Controller::from_name) {
        app.insert_resource(OnlineController(controller));
        let level =
            [Level::Easy, Level::Medium, Level::Hard].into_iter().find(|l| seat == Some(l.name()));
        if let Some(level) = level {
            app.world_mut().resource_mut::<MatchSetup>().draughts_level = level;
        }
    }
    match request(&href, &hash) {
        Some(JoinRequest::Code(text)) => {
            // The match this page dropped out of, if the link is its: its seat is taken back.
            let ticket = app.world().get_resource::<RejoinFile>().and_then(|f| f.found.clone());
            match ticket.filter(|t| t.is_for(&text)) {
                Some(ticket) => app.insert_resource(JoinRequest::Rejoin(Box::new(ticket))),
                None => app.insert_resource(JoinRequest::Code(text)),
            };
        }
        Some(other) => {
            app.insert_resource(other);
        }
        None => {}
    }
    app.run();
}

/// Bevy's default plugins for the features the page is built with, but its log plugin:
/// the page writes its own log (`page_log.rs`), and naming Bevy's would link its filter
/// parser into the page even unused. Kept in `DefaultPlugins`' order.
fn add_bevy(app: &mut App, window: WindowPlugin, assets: AssetPlugin) {
    use bevy::{a11y, app, camera, core_pipeline, diagnostic, image, input, mesh, render};
    use bevy::{sprite, sprite_render, state, text, time, transform, ui, ui_render, winit};
    app.add_plugins((
        (
            app::PanicHandlerPlugin,
            app::TaskPoolPlugin::default(),
            diagnostic::FrameCountPlugin,
            time::TimePlugin,
            transform::TransformPlugin,
            diagnostic::DiagnosticsPlugin,
            input::InputPlugin,
            window,
            a11y::AccessibilityPlugin,
            assets,
            winit::WinitPlugin::default(),
        ),
        (
            render::RenderPlugin::default(),
            image::ImagePlugin::default(),
            mesh::MeshPlugin,
            camera::CameraPlugin,
            core_pipeline::CorePipelinePlugin,
            sprite::SpritePlugin,
            sprite_render::SpriteRenderPlugin,
            text::TextPlugin,
            ui::UiPlugin,
            ui_render::UiRenderPlugin,
            state::app::StatesPlugin,
        ),
    ));
}

/// Writes how long the page took to its first frame (since the browser began to load it).
fn say_first_frame() {
    if let Some(now) = web_sys::window().and_then(|w| w.performance()).map(|p| p.now()) {
        info!("carrom: first frame {now:.0} ms after the page began to load");
    }
}

/// The longest frames of the match being played, milliseconds: the board's first second
/// on screen (its shaders are compiled then), and after it, of all frames and of those
/// while the computer thought (measured, never judged: the page reports them with the
/// match's end).
#[derive(Resource, Default)]
struct LongestFrame {
    shown: f32,
    opening: f32,
    any: f32,
    thinking: f32,
}

fn time_frames(time: Res<Time<Real>>, mut longest: ResMut<LongestFrame>) {
    let took = time.delta_secs() * 1000.0;
    if longest.shown < 1000.0 {
        longest.shown += took;
        longest.opening = longest.opening.max(took);
        return;
    }
    longest.any = longest.any.max(took);
    if thinking::under_way() {
        longest.thinking = longest.thinking.max(took);
    }
}

/// Writes where an online match ended in the page's console, as `carrom peer` reports it
/// (a player can compare it with the other screens; the cross-play test reads it), and
/// the match's longest frames; a watched match's end as `carrom peer --watch` reports it.
fn say_how_it_ended(
    over: Option<Res<MatchOverAt>>,
    watched: Option<Res<Watching>>,
    mut longest: ResMut<LongestFrame>,
) {
    if let Some(game) = watched.as_ref().and_then(|w| w.game()) {
        let (frame, hash) = (game.frame(), game.hash());
        info!("carrom: the watched match ended at frame {frame} with hash {hash:016x}");
        return;
    }
    info!(
        "carrom: the longest frame of the match took {:.0} ms after its first second \
         ({:.0} ms in it); while the computer thought, {:.0} ms",
        longest.any, longest.opening, longest.thinking
    );
    *longest = LongestFrame::default();
    if let Some((frame, hash)) = over.and_then(|o| o.0) {
        info!("carrom: the match ended at frame {frame} with hash {hash:016x}");
    }
}
