//! Settings: player names, and for online play the signaling server and the ICE servers
//! (STUN and TURN URLs, the TURN user name and credential) — click one and type, Enter or
//! Esc to finish — sound volume, full screen and the board's theme. Changes are saved at once.

use crate::client::board::theme::BoardTheme;
use crate::client::flow::screen::Screen;
use crate::client::persistence::preferences::{
    IceField, MAX_VOLUME, NAME_LENGTH, Preferences, RECORDS_KEPT, default_signaling,
};
use crate::client::ui::font::LanguageName;
use crate::client::ui::{self, MenuSet, Pressed, palette};
use crate::client::words::{Arg, Digits, Language, Words, default_name, own_zero, write_digits};
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
                    rebuild
                        .run_if(
                            resource_changed::<Preferences>
                                .or_eager(resource_changed::<Editing>)
                                .or_eager(resource_changed::<Words>),
                        )
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
                let name = format!("Language({language:?})");
                let own_name = (LanguageName, ui::text(language.own_name(), 18.0, palette::TEXT));
                row.spawn(ui::button_showing(own_name, name, 40 + i as u16, chosen))
                    .observe(sets(move |p| p.language = language));
            }
        });
        // Offered only where the language has digits of its own in use.
        if let Some(zero) = own_zero(preferences.language) {
            root.spawn(ui::row()).with_children(|row| {
                row.spawn(label("settings-digits"));
                let own = write_digits("123", zero);
                for (i, (digits, shown)) in
                    [(Digits::Western, "123".to_string()), (Digits::Own, own)]
                        .into_iter()
                        .enumerate()
                {
                    let chosen = preferences.digits == digits;
                    let name = format!("Digits({digits:?})");
                    row.spawn(ui::button(shown, name, 47 + i as u16, chosen))
                        .observe(sets(move |p| p.digits = digits));
                }
            });
        }
        root.spawn(ui::text(w.get("settings-names"), 18.0, palette::DIM));
        for (i, name) in preferences.names.iter().enumerate() {
            let typing = editing.0 == Some(i as u8);
            let label = if typing { format!("{name}_") } else { name.clone() };
            root.spawn(ui::row()).with_children(|row| {
                let player = w.with("player-default", &[("number", Arg::from(i + 1))]);
                row.spawn(ui::text(format!("{player}  "), 18.0, palette::DIM));
                row.spawn(field(label, i as u8, i as u16 + 1, typing)).observe(edits(i as u8));
            });
        }
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(label("settings-signaling"));
            let typing = editing.0 == Some(SIGNALING);
            let shown = &preferences.signaling;
            let label = if typing { format!("{shown}_") } else { shown.clone() };
            row.spawn(field(label, SIGNALING, 5, typing)).observe(edits(SIGNALING));
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
                row.spawn(self::field(label, field, 5 + u16::from(field), typing))
                    .observe(edits(field));
            });
        }
        root.spawn(ui::text(w.get("settings-ice-note"), 14.0, palette::DIM));
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(label("settings-volume"));
            row.spawn(ui::button("-", "Volume(-1)", 20, false)).observe(sets(turn_volume(-1)));
            let volume = w.numeral(&format!(" {} / {MAX_VOLUME} ", preferences.volume));
            row.spawn(ui::text(volume, 18.0, palette::TEXT));
            row.spawn(ui::button("+", "Volume(1)", 21, false)).observe(sets(turn_volume(1)));
        });
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(label("settings-display"));
            let shown = w.get(if preferences.fullscreen {
                "settings-full-screen"
            } else {
                "settings-window"
            });
            row.spawn(ui::button(shown, "ToggleFullscreen", 22, preferences.fullscreen))
                .observe(sets(|p| p.fullscreen = !p.fullscreen));
        });
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(label("settings-haptics"));
            let on = preferences.haptics;
            let shown = w.get(if on { "settings-haptics-on" } else { "settings-haptics-off" });
            row.spawn(ui::button(shown, "ToggleHaptics", 23, on))
                .observe(sets(|p| p.haptics = !p.haptics));
        });
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(label("home-board"));
            for (i, theme) in BoardTheme::ALL.into_iter().enumerate() {
                let chosen = preferences.theme == theme;
                let name = format!("Theme({theme:?})");
                row.spawn(ui::button(w.get(theme.label()), name, 24 + i as u16, chosen))
                    .observe(sets(move |p| p.theme = theme));
            }
        });
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(label("settings-replays-kept"));
            for (i, kept) in RECORDS_KEPT.into_iter().enumerate() {
                let chosen = preferences.records_kept == kept;
                let name = format!("RecordsKept({kept})");
                row.spawn(ui::button(w.number(kept), name, 27 + i as u16, chosen))
                    .observe(sets(move |p| p.records_kept = kept));
            }
        });
        root.spawn(ui::back_button(w.get("back"), 32)).observe(ui::opens(Screen::Home));
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

/// Text field `field` (a player's name 0–3, the signaling server, an ICE field).
fn field(label: String, field: u8, order: u16, typing: bool) -> impl Bundle {
    ui::text_field(label, format!("EditName({field})"), order, typing)
}

/// What pressing text field `field` does: starts typing into it, or stops.
fn edits(field: u8) -> impl Fn(On<Pressed>, Res<Preferences>, ResMut<Editing>) + Send + Sync {
    move |_, preferences, mut editing| {
        if editing.0 == Some(field) {
            *editing = Editing::default();
        } else {
            let typed = ice_field(field).map(|ice| preferences.ice_text(ice)).unwrap_or_default();
            *editing = Editing(Some(field), typed);
        }
    }
}

/// What a button that changes a preference does (they are saved as they change).
fn sets(
    change: impl Fn(&mut Preferences) + Send + Sync + 'static,
) -> impl Fn(On<Pressed>, ResMut<Preferences>) + Send + Sync + 'static {
    move |_, mut preferences| change(&mut preferences)
}

/// The volume `step` steps louder (quieter, when negative), within its range.
fn turn_volume(step: i16) -> impl Fn(&mut Preferences) + Send + Sync + 'static {
    move |p| p.volume = (i16::from(p.volume) + step).clamp(0, i16::from(MAX_VOLUME)) as u8
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
