//! Esc or the HUD's Pause button during a match opens the pause menu ([`Pause::Paused`]:
//! the local match and its shot clock stop): carry on, resign for the side to shoot, or
//! keep the match for later and go home.

use crate::client::draughts::{DraughtsMatch, Player as DraughtsPlayer};
use crate::client::flow::{MatchHost, Pause, Screen};
use crate::client::hosts::LocalMatch;
use crate::client::ui::{self, MenuSet, Pressed, palette};
use crate::client::words::Words;
use crate::game::Input;
use bevy::prelude::*;

/// The pause menu.
pub(super) struct PauseMenuPlugin;

impl Plugin for PauseMenuPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, open.after(MenuSet).run_if(in_state(Pause::Running)))
            .add_systems(OnEnter(Pause::Paused), spawn);
    }
}

/// Esc pauses (the HUD's button pauses by itself: [`ui::pause_button`]).
fn open(mut keys: ResMut<ButtonInput<KeyCode>>, mut pause: ResMut<NextState<Pause>>) {
    if keys.just_pressed(KeyCode::Escape) {
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
            let carry_on =
                (ui::GoesBack, ui::button(w.get("pause-continue"), "Continue", 0, false));
            menu.spawn(carry_on).observe(|_: On<Pressed>, mut pause: ResMut<NextState<Pause>>| {
                pause.set(Pause::Running)
            });
            let home = ui::opens(Screen::Home);
            if replay {
                let label = w.get("pause-leave-replay");
                menu.spawn(ui::button(label, "Replays", 1, false))
                    .observe(ui::opens(Screen::Replays));
                return;
            }
            if watching {
                let label = w.get("pause-stop-watching");
                menu.spawn(ui::button(label, "SaveAndLeave", 1, false)).observe(home);
                return;
            }
            menu.spawn(ui::button(resign, "Resign", 1, false)).observe(resign_here);
            let label = w.get("pause-save-and-leave");
            menu.spawn(ui::button(label, "SaveAndLeave", 2, false)).observe(home);
        });
}

/// Resign: the side the menu names resigns, and the match runs on to its end.
fn resign_here(
    _: On<Pressed>,
    mut local: Option<ResMut<LocalMatch>>,
    mut draughts: Option<ResMut<DraughtsMatch>>,
    mut pause: ResMut<NextState<Pause>>,
) {
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
