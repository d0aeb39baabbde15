//! Esc during a local match pauses it (the shot clock stops too) and offers to carry on,
//! resign for the side to shoot, or keep the match for later and go home.

use super::local_match::LocalMatch;
use super::screen::Screen;
use super::ui::{self, Action, MenuSet, palette};
use crate::game::Input;
use bevy::prelude::*;

/// Whether the local match is paused.
#[derive(Resource, Default, Debug)]
pub struct Paused(pub bool);

#[derive(Component)]
struct PauseMenu;

/// The pause overlay.
pub(super) struct PausePlugin;

impl Plugin for PausePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Paused>()
            .add_systems(
                Update,
                (open.before(MenuSet), act.after(MenuSet)).run_if(in_state(Screen::Game)),
            )
            .add_systems(OnExit(Screen::Game), |mut paused: ResMut<Paused>| paused.0 = false);
    }
}

fn open(
    mut commands: Commands,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut paused: ResMut<Paused>,
    local: Option<Res<LocalMatch>>,
) {
    if paused.0 || !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    keys.clear_just_pressed(KeyCode::Escape);
    paused.0 = true;
    let shooter = local.map(|l| l.side_name(l.current.settings().side_of(l.current.shooter())));
    let resign = match shooter {
        Some(name) => format!("Resign for {name}"),
        None => "Resign".into(),
    };
    commands
        .spawn((
            PauseMenu,
            DespawnOnExit(Screen::Game),
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
            menu.spawn(ui::text("Paused", 40.0, palette::ACCENT));
            menu.spawn(ui::button("Continue", Action::Continue, 0, false));
            menu.spawn(ui::button(resign, Action::Resign, 1, false));
            menu.spawn(ui::button("Save and go home", Action::SaveAndLeave, 2, false));
        });
}

fn act(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    mut paused: ResMut<Paused>,
    menus: Query<Entity, With<PauseMenu>>,
    mut local: Option<ResMut<LocalMatch>>,
    mut next: ResMut<NextState<Screen>>,
) {
    for action in actions.read() {
        if !paused.0 {
            continue;
        }
        match action {
            Action::Continue | Action::Back => {}
            Action::Resign => {
                if let Some(local) = local.as_mut() {
                    let player = local.shooter_player();
                    local.inputs[player] = Input::resign();
                    local.resigning = true;
                }
            }
            Action::SaveAndLeave => next.set(Screen::Home),
            _ => continue,
        }
        paused.0 = false;
        for menu in &menus {
            commands.entity(menu).despawn();
        }
    }
}
