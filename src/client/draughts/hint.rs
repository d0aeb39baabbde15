//! A hint against the computer: on the person's turn, *Hint* asks the hard engine for its
//! best move, off the frame, and the board draws it as an arrow. Each position hinted is
//! counted in the game's record and its PDN. Home offers hints on or off; choosing Hard
//! turns them off, as a stronger opponent is met unaided unless the player asks.

use super::DraughtsSystems;
use super::computer::ComputerBudget;
use super::game::{DraughtsMatch, Player};
use crate::client::flow::{PausableSystems, Screen};
use crate::client::thinking::{self, DraughtsQuestion};
use crate::draughts::Move;
use crate::draughts::level::{HARD_NODES, Level};
use bevy::prelude::*;
use bevy::tasks::{Task, block_on, poll_once};

/// The hint for the position it was asked in: being thought about, or found.
#[derive(Resource, Default)]
pub struct Hint {
    /// The position asked about: plies played, and moves on the list.
    asked: Option<(u32, usize)>,
    task: Option<Task<Option<Move>>>,
    /// The engine's move, once found.
    found: Option<Move>,
}

impl Hint {
    /// The move to draw for `table`'s position now, if one was found for it.
    pub fn shown(&self, table: &DraughtsMatch) -> Option<Move> {
        self.found.filter(|_| self.asked == Some(key(table)))
    }
}

/// A position's key: a take-back changes the position without changing the ply count.
fn key(table: &DraughtsMatch) -> (u32, usize) {
    (table.game.plies, table.played.len())
}

/// Whether a hint may be asked now: a person's turn against the computer, on this
/// machine, with hints on.
pub fn offered(table: &DraughtsMatch) -> bool {
    table.hints_on
        && !table.online
        && table.ending.is_none()
        && table.mover() == Player::Human
        && table.players.iter().any(|p| matches!(p, Player::Computer(_)))
}

/// Hints.
pub(super) struct HintPlugin;

impl Plugin for HintPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Hint>()
            .add_systems(Update, hear.in_set(DraughtsSystems).in_set(PausableSystems))
            .add_systems(OnExit(Screen::Game), |mut hint: ResMut<Hint>| *hint = Hint::default());
    }
}

/// *Hint*: asks the engine about the position now (once per position).
pub(super) fn ask(table: &mut DraughtsMatch, hint: &mut Hint, budget: &ComputerBudget) {
    if !offered(table) || hint.asked == Some(key(table)) {
        return;
    }
    let limit = budget.hard_time;
    let nodes = if limit.is_some() { u64::MAX } else { HARD_NODES };
    let question =
        DraughtsQuestion { game: table.game, level: Level::Hard, seed: table.seed, nodes, limit };
    *hint = Hint { asked: Some(key(table)), task: Some(thinking::move_for(question)), found: None };
    table.hints += 1;
}

/// Takes the engine's answer when it comes, for the position it was asked in.
fn hear(table: Res<DraughtsMatch>, mut hint: ResMut<Hint>) {
    if hint.asked.is_some() && hint.asked != Some(key(&table)) {
        *hint = Hint::default();
        return;
    }
    // Polled without marking it changed: the board is redrawn once, when the move comes.
    let waiting = hint.bypass_change_detection();
    if let Some(task) = waiting.task.as_mut()
        && let Some(found) = block_on(poll_once(task))
    {
        waiting.task = None;
        waiting.found = found;
        hint.set_changed();
    }
}
