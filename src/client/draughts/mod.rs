//! What is draughts' own in the client (src/rules/RULES.md CK-11 … CK-15): the game on this
//! machine, a person's clicks, drags and keys turned into moves, the computer thinking off
//! the frame, the HUD and Results, and the board drawn. The engine (`crate::checkers`)
//! decides every rule.

pub mod art;
pub mod board_view;
pub mod computer;
pub mod geometry;
pub mod hud;
pub mod input;
pub mod look;
pub mod selection;
pub mod table;

pub use table::{DraughtsMatch, Player};

use crate::client::flow::{GameType, MatchHost, MatchSetup, Mode, Screen};
use crate::client::ui::{Action, MenuSet};
use bevy::prelude::*;

/// The draughts systems of a match on screen: they run only while one is shown.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DraughtsSystems;

/// Draughts' input, computer and HUD (no drawing: headless tests run it).
pub(super) struct DraughtsPlugin;

impl Plugin for DraughtsPlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            DraughtsSystems.run_if(
                in_state(Screen::Game)
                    .and_then(in_state(GameType::Draughts))
                    .and_then(resource_exists::<DraughtsMatch>),
            ),
        )
        .add_plugins((input::InputPlugin, computer::ComputerPlugin, hud::HudPlugin))
        .add_systems(Update, rematch.after(MenuSet).run_if(in_state(Screen::Results)))
        .add_systems(OnEnter(Screen::Home), |mut commands: Commands| {
            commands.remove_resource::<DraughtsMatch>();
        });
    }
}

/// Draughts drawn.
pub(super) struct DraughtsViewPlugin;

impl Plugin for DraughtsViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(board_view::BoardViewPlugin);
    }
}

/// What a new draughts game starts from: Home's choices, the position, the seed.
pub struct DraughtsStart<'a> {
    /// Mode, level and colour as chosen on Home.
    pub setup: &'a MatchSetup,
    /// The standard start or a position set up from a FEN.
    pub start: crate::checkers::Position,
    /// Seed of the computer's deliberate mistakes.
    pub seed: u64,
}

/// Starts a draughts game on this machine as chosen on Home.
pub fn start_draughts(
    commands: &mut Commands,
    chosen: DraughtsStart<'_>,
    names: &[String; 4],
    next: &mut NextState<Screen>,
    host: &mut NextState<MatchHost>,
    game: &mut NextState<GameType>,
) {
    let setup = chosen.setup;
    let opponent = match setup.mode {
        Mode::VsBot => Player::Computer(setup.draughts_level),
        _ => Player::Human,
    };
    let names = [names[0].clone(), names[1].clone()];
    let table = DraughtsMatch::new(setup.draughts_colour, opponent, names, chosen.seed);
    commands.insert_resource(table.starting_at(chosen.start));
    game.set(GameType::Draughts);
    host.set(MatchHost::Local);
    next.set(Screen::Game);
}

/// Results' Rematch after draughts: the same players, colours swapped.
fn rematch(
    mut commands: Commands,
    mut actions: MessageReader<Action>,
    table: Option<Res<DraughtsMatch>>,
    mut screen: ResMut<NextState<Screen>>,
    mut host: ResMut<NextState<MatchHost>>,
) {
    if !actions.read().any(|a| *a == Action::Rematch) {
        return;
    }
    let Some(table) = table.filter(|t| !t.online) else { return };
    let me = table.bottom;
    let opponent = table.players[table::colour_index(me.other())];
    let names = [table.name(me).to_string(), table.name(me.other()).to_string()];
    let again = DraughtsMatch::new(me.other(), opponent, names, table.seed.wrapping_add(1));
    commands.insert_resource(again);
    host.set(MatchHost::Local);
    screen.set(Screen::Game);
}
