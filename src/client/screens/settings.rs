//! Settings: player names, and for online play the signaling server and the ICE servers
//! (STUN and TURN URLs, the TURN user name and credential) — click one and type, Enter or
//! Esc to finish — sound volume, full screen and the board's theme. Changes are saved at once.

use crate::client::carrom::theme::BoardTheme;
use crate::client::flow::screen::Screen;
use crate::client::persistence::preferences::{
    IceField, MAX_VOLUME, NAME_LENGTH, Preferences, RECORDS_KEPT, default_signaling,
};
use crate::client::ui::{self, Action, MenuSet, palette};
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

/// The text field of the signaling server's address (names are 0–3).
const SIGNALING: u8 = 4;
/// The text fields of the ICE servers.
const ICE: [(u8, IceField, &str); 3] = [
    (5, IceField::Urls, "STUN / TURN URLs"),
    (6, IceField::User, "TURN user name"),
    (7, IceField::Credential, "TURN credential"),
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
                            resource_changed::<Preferences>.or_eager(resource_changed::<Editing>),
                        ),
                    )
                        .chain()
                        .after(MenuSet),
                )
                    .run_if(in_state(Screen::Settings)),
            );
    }
}

fn spawn(mut commands: Commands, preferences: Res<Preferences>, editing: Res<Editing>) {
    commands.spawn((SettingsRoot, ui::screen_root(Screen::Settings))).with_children(|root| {
        root.spawn(ui::text("Settings", 40.0, palette::ACCENT));
        root.spawn(ui::text("Player names (click to change)", 18.0, palette::DIM));
        for (i, name) in preferences.names.iter().enumerate() {
            let typing = editing.0 == Some(i as u8);
            let label = if typing { format!("{name}_") } else { name.clone() };
            root.spawn(ui::row()).with_children(|row| {
                row.spawn(ui::text(format!("Player {}  ", i + 1), 18.0, palette::DIM));
                row.spawn(ui::button(label, Action::EditName(i as u8), i as u16 + 1, typing));
            });
        }
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(ui::text("Signaling server (online)  ", 18.0, palette::DIM));
            let typing = editing.0 == Some(SIGNALING);
            let shown = &preferences.signaling;
            let label = if typing { format!("{shown}_") } else { shown.clone() };
            row.spawn(ui::button(label, Action::EditName(SIGNALING), 5, typing));
        });
        for (field, ice, title) in ICE {
            root.spawn(ui::row()).with_children(|row| {
                row.spawn(ui::text(format!("{title}  "), 18.0, palette::DIM));
                let typing = editing.0 == Some(field);
                let text = if typing { editing.1.clone() } else { preferences.ice_text(ice) };
                let shown = match (ice, text.is_empty()) {
                    (_, true) if !typing => "none".to_string(),
                    (IceField::Credential, _) => "*".repeat(text.chars().count()),
                    _ => text,
                };
                let label = if typing { format!("{shown}_") } else { shown };
                row.spawn(ui::button(label, Action::EditName(field), 5 + u16::from(field), typing));
            });
        }
        root.spawn(ui::text(
            "No ICE servers: direct connections only (a LAN). One credential serves every TURN URL.",
            14.0,
            palette::DIM,
        ));
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(ui::text("Sound volume  ", 18.0, palette::DIM));
            row.spawn(ui::button("-", Action::Volume(-1), 20, false));
            let volume = format!(" {} / {MAX_VOLUME} ", preferences.volume);
            row.spawn(ui::text(volume, 18.0, palette::TEXT));
            row.spawn(ui::button("+", Action::Volume(1), 21, false));
        });
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(ui::text("Display  ", 18.0, palette::DIM));
            let label = if preferences.fullscreen { "Full screen" } else { "Window" };
            row.spawn(ui::button(label, Action::ToggleFullscreen, 22, preferences.fullscreen));
        });
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(ui::text("Board  ", 18.0, palette::DIM));
            for (i, theme) in BoardTheme::ALL.into_iter().enumerate() {
                let chosen = preferences.theme == theme;
                row.spawn(ui::button(theme.label(), Action::Theme(theme), 23 + i as u16, chosen));
            }
        });
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(ui::text("Replays kept  ", 18.0, palette::DIM));
            for (i, kept) in RECORDS_KEPT.into_iter().enumerate() {
                let chosen = preferences.records_kept == kept;
                let action = Action::RecordsKept(kept);
                row.spawn(ui::button(kept.to_string(), action, 26 + i as u16, chosen));
            }
        });
        root.spawn(ui::button("Back", Action::Back, 31, false));
    });
}

fn rebuild(
    mut commands: Commands,
    roots: Query<Entity, With<SettingsRoot>>,
    preferences: Res<Preferences>,
    editing: Res<Editing>,
) {
    for root in &roots {
        commands.entity(root).despawn();
    }
    spawn(commands, preferences, editing);
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
            Action::Theme(theme) => preferences.theme = theme,
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
                    if i == SIGNALING { default_signaling() } else { format!("Player {}", i + 1) };
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
