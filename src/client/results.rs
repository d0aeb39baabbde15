//! Results: who won, the final scores, and a rematch or the way home.

use super::hud;
use super::local_match::{FixedSeed, LocalMatch, next_seed};
use super::screen::Screen;
use super::ui::{self, Action, MenuSet, palette};
use crate::game::Match;
use bevy::prelude::*;

/// The Results screen.
pub(super) struct ResultsPlugin;

impl Plugin for ResultsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Results), spawn)
            .add_systems(Update, act.after(MenuSet).run_if(in_state(Screen::Results)));
    }
}

fn spawn(mut commands: Commands, local: Option<Res<LocalMatch>>) {
    let Some(local) = local else { return };
    let m = &local.current;
    let standing = m.standing();
    commands.spawn(ui::screen_root(Screen::Results)).with_children(|root| {
        root.spawn(ui::text(hud::turn(&local), 40.0, palette::ACCENT));
        root.spawn(ui::text(hud::title(&local), 18.0, palette::DIM));
        for side in 0..m.settings().sides() {
            let line = format!("{}: {}", local.side_name(side), standing.scores[side]);
            root.spawn(ui::text(line, 24.0, palette::TEXT));
        }
        root.spawn(ui::text(hud::ruling(&local), 16.0, palette::DIM));
        root.spawn(ui::row()).with_children(|row| {
            row.spawn(ui::button("Rematch", Action::Rematch, 1, false));
            row.spawn(ui::button("Home", Action::Home, 2, false));
        });
    });
}

fn act(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    local: Option<Res<LocalMatch>>,
    seed: Option<Res<FixedSeed>>,
    mut next: ResMut<NextState<Screen>>,
) {
    for action in actions.read() {
        match action {
            Action::Rematch => {
                if let Some(local) = &local {
                    let mut settings = *local.current.settings();
                    settings.seed = next_seed(seed.as_deref()).wrapping_add(1);
                    let rematch = LocalMatch::resumed(
                        Match::new(settings),
                        local.controllers,
                        local.names.clone(),
                    );
                    commands.insert_resource(rematch);
                    next.set(Screen::Game);
                }
            }
            Action::Home | Action::Back => {
                commands.remove_resource::<LocalMatch>();
                next.set(Screen::Home);
            }
            _ => {}
        }
    }
}
