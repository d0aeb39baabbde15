//! What the page tells its console and its window, so that a player can compare screens
//! and a test can drive the page as a person would: the screen shown, the settings, the
//! next match's game and mode, each carrom match's progress (stroke, phase, frame, hash —
//! what the saved match holds), each draughts move, a created room's invite link, what
//! the lobby says, where every button is (`window.carromButtons`, JSON: each one's name
//! and its rectangle in CSS pixels), where on the page the board's places are
//! (`window.carromBoard`: the striker a person aims, and the centre of each draughts
//! square, 1 to 32, in CSS pixels; and the aim shown, placement, angle and power), so a
//! test can touch them as a finger would, and each stroke a person struck as the game
//! took it.

use super::carrom::aiming::AimControl;
use super::draughts::game::DraughtsMatch;
use super::draughts::geometry::centre;
use super::hosts::LocalMatch;
use super::hosts::lobby::Lobby;
use super::persistence::preferences::Preferences;
use super::screens::home::FenEntry;
use super::ui::MenuButton;
use super::{MatchHost, MatchSetup, Screen};
use crate::draughts::pdn::write_move;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The page's console and window reports.
pub(super) struct PageConsolePlugin;

impl Plugin for PageConsolePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Last,
            (
                say_screen.run_if(state_changed::<Screen>),
                say_settings.run_if(resource_changed::<Preferences>),
                say_setup.run_if(resource_changed::<MatchSetup>),
                say_draughts_start.run_if(resource_changed::<FenEntry>),
                say_carrom_progress,
                say_stroke_struck,
                say_draughts_moves,
                say_invite,
                say_lobby,
                publish_buttons,
                publish_board,
            ),
        );
    }
}

/// The screen now shown, and on the game's screen, what steps its match.
fn say_screen(screen: Res<State<Screen>>, host: Res<State<MatchHost>>) {
    match screen.get() {
        Screen::Game => info!("carrom: screen Game ({:?})", host.get()),
        other => info!("carrom: screen {other:?}"),
    }
}

/// The settings a player can change on this page, at the start and after each change.
fn say_settings(preferences: Res<Preferences>) {
    let p = &*preferences;
    info!(
        "carrom: settings: {:?}, volume {}, {:?} board, {} records kept, names {:?}",
        p.language, p.volume, p.theme, p.records_kept, p.names
    );
}

/// The next match as chosen on Home (game and mode), at the start and after each change.
fn say_setup(setup: Res<MatchSetup>) {
    info!("carrom: setup: {:?}, {:?}", setup.game, setup.mode);
}

/// The draughts position typed on Home to start from, once typing ends and whenever it
/// then changes.
fn say_draughts_start(fen: Res<FenEntry>, mut said: Local<Option<String>>) {
    if fen.typing || said.as_deref() == Some(fen.text.as_str()) {
        return;
    }
    let shown = if fen.text.is_empty() { "the standard start" } else { fen.text.as_str() };
    info!("carrom: draughts start: {shown}");
    *said = Some(fen.text.clone());
}

/// The local carrom match whenever its phase or stroke changes (as the saved match is
/// written then, a resumed match's first line repeats the last one before it was left),
/// with the player whose stroke is due (counted from 1).
fn say_carrom_progress(local: Option<Res<LocalMatch>>, mut last: Local<Option<(u64, u16, u8)>>) {
    let Some(local) = local else { return };
    let m = &local.current;
    let now = (m.settings().seed, m.next_stroke(), m.phase() as u8);
    if *last == Some(now) {
        return;
    }
    *last = Some(now);
    info!(
        "carrom: the match is at stroke {}, {:?}, frame {} with hash {:016x}, player {} to shoot",
        m.next_stroke(),
        m.phase(),
        m.frame(),
        m.hash(),
        local.shooter_player() + 1
    );
}

/// The stroke a person struck, as the game took it: a test compares it with the aim the
/// page showed when the finger lifted.
fn say_stroke_struck(aim: Option<Res<AimControl>>, mut said: Local<u16>) {
    let Some(aim) = aim else { return };
    if aim.committed && *said != aim.stroke_number {
        *said = aim.stroke_number;
        let s = aim.stroke;
        info!(
            "carrom: stroke {} struck: placement {}, angle {}, power {}",
            aim.stroke_number, s.placement, s.angle, s.power
        );
    }
}

/// Every draughts move as it is played, in PDN.
fn say_draughts_moves(table: Option<Res<DraughtsMatch>>, mut said: Local<usize>) {
    let Some(table) = table else {
        *said = 0;
        return;
    };
    *said = (*said).min(table.played.len());
    for (number, (_, played)) in table.played.iter().enumerate().skip(*said) {
        info!("carrom: draughts move {}: {}", number + 1, write_move(played));
    }
    *said = table.played.len();
}

/// A created room's invite link, once the lobby has one.
fn say_invite(lobby: Option<Res<Lobby>>, mut said: Local<Option<String>>) {
    let link = lobby.and_then(|l| l.web_link());
    if link.is_some() && *said != link {
        info!("carrom: invite link {}", link.as_deref().unwrap_or_default());
    }
    *said = link;
}

/// What the lobby tells the players, each time it changes.
fn say_lobby(lobby: Option<Res<Lobby>>, mut said: Local<String>) {
    let Some(lobby) = lobby else { return };
    if lobby.status() != *said {
        *said = lobby.status().to_string();
        info!("carrom: lobby: {}", *said);
    }
}

/// The parts of a button the page publishes.
type Published<'a> = (&'a Name, &'a ComputedNode, &'a UiGlobalTransform, &'a InheritedVisibility);

/// Writes the visible buttons' names, rectangles and whether the pointer is over each
/// to `window.carromButtons` when they change (a test moves the pointer onto a button and
/// clicks once the game sees it there, as a person's hand does).
fn publish_buttons(
    buttons: Query<(Published, Option<&Interaction>), With<MenuButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut published: Local<String>,
) {
    let scale = window.single().map_or(1.0, Window::scale_factor);
    let mut listed: Vec<serde_json::Value> = buttons
        .iter()
        .filter(|((_, node, _, visible), _)| visible.get() && node.size().min_element() > 0.0)
        .map(|((name, node, at, _), interaction)| {
            let size = node.size() / scale;
            let centre = at.translation / scale;
            let hovered = interaction.is_some_and(|i| *i != Interaction::None);
            serde_json::json!({
                "name": name.as_str(),
                "x": centre.x, "y": centre.y, "width": size.x, "height": size.y,
                "hovered": hovered,
            })
        })
        .collect();
    listed.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    let text = serde_json::Value::Array(listed).to_string();
    if *published == text {
        return;
    }
    publish("carromButtons", &text);
    *published = text;
}

/// Writes where the striker and the draughts squares are on the page, in CSS pixels, to
/// `window.carromBoard` when they move.
fn publish_board(
    local: Option<Res<LocalMatch>>,
    aim: Option<Res<AimControl>>,
    table: Option<Res<DraughtsMatch>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    mut published: Local<String>,
) {
    let Ok((camera, transform)) = cameras.single() else { return };
    let on_page = |at: Vec2| {
        let css = camera.world_to_viewport(transform, at.extend(0.0)).ok()?;
        Some([css.x.round(), css.y.round()])
    };
    let aiming = local.zip(aim).filter(|(l, a)| a.stroke_number == l.current.next_stroke());
    let striker = aiming.as_ref().and_then(|(l, a)| on_page(a.striker_at(l.current.table())));
    let shown = aiming
        .map(|(_, a)| [a.stroke.placement as i32, a.stroke.angle as i32, a.stroke.power as i32]);
    let squares: Option<Vec<_>> =
        table.map(|t| (0..32).filter_map(|bit| on_page(centre(bit, t.bottom))).collect());
    let text =
        serde_json::json!({ "striker": striker, "aim": shown, "squares": squares }).to_string();
    if *published != text {
        publish("carromBoard", &text);
        *published = text;
    }
}

/// Sets `window[key]` to `text`.
fn publish(key: &str, text: &str) {
    if let Some(page) = web_sys::window() {
        let key = wasm_bindgen::JsValue::from_str(key);
        let _ = js_sys::Reflect::set(&page, &key, &wasm_bindgen::JsValue::from_str(text));
    }
}
