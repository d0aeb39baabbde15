//! Esc or the HUD's Pause button during a match opens the pause menu ([`Pause::Paused`]: the local match and its
//! shot clock stop): carry on, resign for the side to shoot, or keep the match for later
//! and go home.

use crate::client::draughts::{DraughtsMatch, Player as DraughtsPlayer};
use crate::client::flow::{MatchHost, Pause, Screen};
use crate::client::hosts::LocalMatch;
use crate::client::ui::{self, Action, MenuSet, palette};
use crate::client::words::Words;
use crate::game::Input;
use bevy::prelude::*;

/// The pause menu.
pub(super) struct PauseMenuPlugin;

impl Plugin for PauseMenuPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, open.after(MenuSet).run_if(in_state(Pause::Running)))
            .add_systems(OnEnter(Pause::Paused), spawn)
            .add_systems(Update, act.after(MenuSet).run_if(in_state(Pause::Paused)));
    }
}

fn open(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut actions: MessageReader<Action>,
    mut pause: ResMut<NextState<Pause>>,
) {
    let pressed = actions.read().any(|a| *a == Action::Pause);
    if keys.just_pressed(KeyCode::Escape) || pressed {
        keys.clear_just_pressed(KeyCode::Escape);
        pause.set(Pause::Paused);
    }
}

/// The draughts colour that resigns from the pause menu: the side to move if a person
/// plays it, else the person's own.
fn resigning_colour(table: &DraughtsMatch) -> crate::draughts::Colour {
    if table.mover() == DraughtsPlayer::Human { table.to_move() } else { table.bottom }
}

fn spawn(
    mut commands: Commands,
    local: Option<Res<LocalMatch>>,
    draughts: Option<Res<DraughtsMatch>>,
    host: Res<State<MatchHost>>,
    w: Res<Words>,
) {
    let replay = *host.get() == MatchHost::Replay;
    let watching = *host.get() == MatchHost::Watch;
    let carrom_shooter =
        local.map(|l| l.side_name(l.current.settings().side_of(l.current.shooter())));
    let shooter =
        carrom_shooter.or_else(|| draughts.map(|t| t.shown_name(&w, resigning_colour(&t))));
    let resign = match shooter {
        Some(name) => w.with("pause-resign-for", &[("name", name.into())]),
        None => w.get("pause-resign"),
    };
    commands
        .spawn((
            DespawnOnExit(Pause::Paused),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.6)),
            GlobalZIndex(10),
        ))
        .with_children(|menu| {
            menu.spawn(ui::text(w.get("pause-title"), 40.0, palette::ACCENT));
            menu.spawn(ui::button(w.get("pause-continue"), Action::Continue, 0, false));
            if replay {
                menu.spawn(ui::button(w.get("pause-leave-replay"), Action::Replays, 1, false));
                return;
            }
            if watching {
                menu.spawn(ui::button(
                    w.get("pause-stop-watching"),
                    Action::SaveAndLeave,
                    1,
                    false,
                ));
                return;
            }
            menu.spawn(ui::button(resign, Action::Resign, 1, false));
            menu.spawn(ui::button(w.get("pause-save-and-leave"), Action::SaveAndLeave, 2, false));
        });
}

fn act(
    mut actions: MessageReader<Action>,
    mut local: Option<ResMut<LocalMatch>>,
    mut draughts: Option<ResMut<DraughtsMatch>>,
    mut pause: ResMut<NextState<Pause>>,
    mut screen: ResMut<NextState<Screen>>,
) {
    for action in actions.read() {
        match action {
            Action::Continue | Action::Back => pause.set(Pause::Running),
            Action::Resign => {
                if let Some(local) = local.as_mut() {
                    let player = local.shooter_player();
                    local.inputs[player] = Input::resign();
                    local.resigning = true;
                }
                if let Some(table) = draughts.as_mut() {
                    let colour = resigning_colour(table);
                    table.resign_here(colour);
                }
                pause.set(Pause::Running);
            }
            Action::SaveAndLeave => screen.set(Screen::Home),
            Action::Replays => screen.set(Screen::Replays),
            _ => {}
        }
    }
}
