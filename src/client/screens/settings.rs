//! Settings: player names, and for online play the signaling server and the ICE servers
//! (STUN and TURN URLs, the TURN user name and credential) — click one and type, Enter or
//! Esc to finish — sound volume, full screen and the board's theme. Changes are saved at once.

use crate::client::board::theme::BoardTheme;
use crate::client::flow::screen::Screen;
use crate::client::persistence::preferences::{
    IceField, MAX_VOLUME, NAME_LENGTH, Preferences, RECORDS_KEPT, default_signaling,
};
use crate::client::ui::{self, Action, MenuSet, palette};
use crate::client::words::{Arg, Language, Words, default_name};
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

/// The text field of the signaling server's address (names are 0–3).
const SIGNALING: u8 = 4;
/// The text fields of the ICE servers.
const ICE: [(u8, IceField, &str); 3] = [
    (5, IceField::Urls, "settings-ice-urls"),
    (6, IceField::User, "settings-turn-user"),
    (7, IceField::Credential, "settings-turn-credential"),
];

/// Which text field is being typed, if any, and (for the ICE fields) what has been typed.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Editing(pub Option<u8>, String);

fn ice_field(field: u8) -> Option<IceField> {
    ICE.iter().find(|(f, _, _)| *f == field).map(|(_, ice, _)| *ice)
}

#[derive(Component)]
struct SettingsRoot;

/// The Settings screen.
pub(super) struct SettingsScreenPlugin;

impl Plugin for SettingsScreenPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Editing>()
            .add_systems(OnEnter(Screen::Settings), spawn)
            .add_systems(OnExit(Screen::Settings), |mut editing: ResMut<Editing>| {
                *editing = Editing::default();
            })
            .add_systems(
                Update,
                (
                    type_name.before(MenuSet),
                    (
                        act,
                        rebuild.run_if(
                            resource_changed::<Preferences>
                                .or_eager(resource_changed::<Editing>)
                                .or_eager(resource_changed::<Words>),
                        ),
                    )
                        .chain()
                        .after(MenuSet),
                )
                    .run_if(in_state(Screen::Settings)),
            );
    }
}

fn spawn(
    mut commands: Commands,
    preferences: Res<Preferences>,
    editing: Res<Editing>,
    w: Res<Words>,
) {
    let label = |id: &str| ui::text(format!("{}  ", w.get(id)), 18.0, palette::DIM);
    commands.spawn((SettingsRoot, ui::screen_root(Screen::Settings))).with_children(|root| {
        root.spawn(ui::text(w.get("home-settings"), 40.0, palette::ACCENT));
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(label("settings-language"));
            for (i, language) in Language::ALL.into_iter().enumerate() {
                let chosen = preferences.language == language;
                let action = Action::Language(language);
                row.spawn(ui::button(language.own_name(), action, 40 + i as u16, chosen));
            }
        });
        root.spawn(ui::text(w.get("settings-names"), 18.0, palette::DIM));
        for (i, name) in preferences.names.iter().enumerate() {
            let typing = editing.0 == Some(i as u8);
            let label = if typing { format!("{name}_") } else { name.clone() };
            root.spawn(ui::row()).with_children(|row| {
                let player = w.with("player-default", &[("number", Arg::from(i + 1))]);
                row.spawn(ui::text(format!("{player}  "), 18.0, palette::DIM));
                row.spawn(ui::button(label, Action::EditName(i as u8), i as u16 + 1, typing));
            });
        }
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(label("settings-signaling"));
            let typing = editing.0 == Some(SIGNALING);
            let shown = &preferences.signaling;
            let label = if typing { format!("{shown}_") } else { shown.clone() };
            row.spawn(ui::button(label, Action::EditName(SIGNALING), 5, typing));
        });
        for (field, ice, title) in ICE {
            root.spawn(ui::row()).with_children(|row| {
                row.spawn(label(title));
                let typing = editing.0 == Some(field);
                let text = if typing { editing.1.clone() } else { preferences.ice_text(ice) };
                let shown = match (ice, text.is_empty()) {
                    (_, true) if !typing => w.get("settings-none"),
                    (IceField::Credential, _) => "*".repeat(text.chars().count()),
                    _ => text,
                };
                let label = if typing { format!("{shown}_") } else { shown };
                row.spawn(ui::button(label, Action::EditName(field), 5 + u16::from(field), typing));
            });
        }
        root.spawn(ui::text(w.get("settings-ice-note"), 14.0, palette::DIM));
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(label("settings-volume"));
            row.spawn(ui::button("-", Action::Volume(-1), 20, false));
            let volume = format!(" {} / {MAX_VOLUME} ", preferences.volume);
            row.spawn(ui::text(volume, 18.0, palette::TEXT));
            row.spawn(ui::button("+", Action::Volume(1), 21, false));
        });
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(label("settings-display"));
            let shown = w.get(if preferences.fullscreen {
                "settings-full-screen"
            } else {
                "settings-window"
            });
            row.spawn(ui::button(shown, Action::ToggleFullscreen, 22, preferences.fullscreen));
        });
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(label("settings-haptics"));
            let on = preferences.haptics;
            let shown = w.get(if on { "settings-haptics-on" } else { "settings-haptics-off" });
            row.spawn(ui::button(shown, Action::ToggleHaptics, 23, on));
        });
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(label("home-board"));
            for (i, theme) in BoardTheme::ALL.into_iter().enumerate() {
                let chosen = preferences.theme == theme;
                let action = Action::Theme(theme);
                row.spawn(ui::button(w.get(theme.label()), action, 24 + i as u16, chosen));
            }
        });
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(label("settings-replays-kept"));
            for (i, kept) in RECORDS_KEPT.into_iter().enumerate() {
                let chosen = preferences.records_kept == kept;
                let action = Action::RecordsKept(kept);
                row.spawn(ui::button(kept.to_string(), action, 27 + i as u16, chosen));
            }
        });
        root.spawn(ui::button(w.get("back"), Action::Back, 32, false));
    });
}

fn rebuild(
    mut commands: Commands,
    roots: Query<Entity, With<SettingsRoot>>,
    preferences: Res<Preferences>,
    editing: Res<Editing>,
    w: Res<Words>,
) {
    for root in &roots {
        commands.entity(root).despawn();
    }
    spawn(commands, preferences, editing, w);
}

fn act(
    mut actions: MessageReader<Action>,
    mut preferences: ResMut<Preferences>,
    mut editing: ResMut<Editing>,
    mut next: ResMut<NextState<Screen>>,
) {
    for action in actions.read() {
        match *action {
            Action::EditName(i) => {
                if editing.0 == Some(i) {
                    *editing = Editing::default();
                } else {
                    let typed =
                        ice_field(i).map(|ice| preferences.ice_text(ice)).unwrap_or_default();
                    *editing = Editing(Some(i), typed);
                }
            }
            Action::Volume(step) => {
                let volume = (preferences.volume as i16 + step as i16).clamp(0, MAX_VOLUME as i16);
                preferences.volume = volume as u8;
            }
            Action::ToggleFullscreen => preferences.fullscreen = !preferences.fullscreen,
            Action::ToggleHaptics => preferences.haptics = !preferences.haptics,
            Action::Theme(theme) => preferences.theme = theme,
            Action::Language(language) => preferences.language = language,
            Action::RecordsKept(kept) => preferences.records_kept = kept,
            Action::Back => next.set(Screen::Home),
            _ => {}
        }
    }
}

/// Typing into the name being edited. Enter and Esc finish (and are kept from the menu).
fn type_name(
    mut typed: MessageReader<KeyboardInput>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut editing: ResMut<Editing>,
    mut preferences: ResMut<Preferences>,
    w: Res<Words>,
) {
    let Some(i) = editing.0 else {
        typed.clear();
        return;
    };
    if let Some(ice) = ice_field(i) {
        type_ice(&mut typed, &mut editing, &mut preferences, ice);
        clear_menu_keys(&mut keys);
        return;
    }
    for key in typed.read() {
        let (name, longest) = if i == SIGNALING {
            (&mut preferences.signaling, 200)
        } else {
            (&mut preferences.names[i as usize], NAME_LENGTH)
        };
        if ui::type_into(name, key, longest, ui::printable) != ui::Typed::Edited {
            if name.trim().is_empty() {
                *name =
                    if i == SIGNALING { default_signaling() } else { default_name(&w, i as usize) };
            }
            *editing = Editing::default();
        }
    }
    clear_menu_keys(&mut keys);
}

/// Typing into an ICE field: the text is kept as typed (spaces between URLs included) and
/// saved as the player goes.
fn type_ice(
    typed: &mut MessageReader<KeyboardInput>,
    editing: &mut Editing,
    preferences: &mut Preferences,
    field: IceField,
) {
    for key in typed.read() {
        if ui::type_into(&mut editing.1, key, 500, ui::printable) != ui::Typed::Edited {
            *editing = Editing::default();
            return;
        }
        preferences.set_ice_text(field, &editing.1);
    }
}

/// Enter and Esc finish typing; the menu must not see them too.
fn clear_menu_keys(keys: &mut ButtonInput<KeyCode>) {
    keys.clear_just_pressed(KeyCode::Enter);
    keys.clear_just_pressed(KeyCode::NumpadEnter);
    keys.clear_just_pressed(KeyCode::Escape);
}
