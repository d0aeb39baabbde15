//! Results: who won, the final scores, and a rematch or the way home.

use crate::client::carrom::hud;
use crate::client::flow::{Controller, MatchHost, Screen};
use crate::client::hosts::{FixedSeed, LocalMatch, next_seed, start_local};
use crate::client::ui::{self, Action, MenuSet, palette};
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
            // An online rematch needs the peers again: that is a new match from Home.
            if !local.controllers.contains(&Controller::Remote) {
                row.spawn(ui::button("Rematch", Action::Rematch, 1, false));
            }
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
    mut host: ResMut<NextState<MatchHost>>,
) {
    for action in actions.read() {
        match action {
            Action::Rematch => {
                if let Some(local) =
                    local.as_ref().filter(|l| !l.controllers.contains(&Controller::Remote))
                {
                    let mut settings = *local.current.settings();
                    settings.seed = next_seed(seed.as_deref()).wrapping_add(1);
                    let rematch = LocalMatch::resumed(
                        Match::new(settings),
                        local.controllers,
                        local.names.clone(),
                    );
                    start_local(&mut commands, rematch, &mut next, &mut host);
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
