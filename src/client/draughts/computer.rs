//! The computer's colour (CK-11): it thinks off the frame ([`crate::client::thinking`]),
//! with hard's search cut at [`ComputerBudget`]; its move is played once found and shown
//! for a moment first, so a person sees it happen.

use super::DraughtsSystems;
use super::game::{DraughtsMatch, Player, colour_index};
use crate::client::flow::{PausableSystems, Screen};
use crate::client::thinking::{self, DraughtsQuestion};
use crate::draughts::Move;
use crate::draughts::level::HARD_NODES;
use crate::draughts::turns::{Offer, Say};
use bevy::prelude::*;
use bevy::tasks::{Task, block_on, poll_once};
use web_time::{Duration, Instant};

/// How long hard may think: a time limit in play; none (a fixed node count, the same move
/// every time) in tests.
#[derive(Resource, Clone, Copy, Debug)]
pub struct ComputerBudget {
    /// Hard's time limit per move.
    pub hard_time: Option<Duration>,
    /// The least time a move takes, so it is seen coming.
    pub least: Duration,
}

impl Default for ComputerBudget {
    fn default() -> Self {
        ComputerBudget {
            hard_time: Some(Duration::from_millis(1500)),
            least: Duration::from_millis(350),
        }
    }
}

/// The search under way, for the position with `plies` played.
#[derive(Resource, Default)]
struct Thinking {
    plies: Option<(u32, usize)>,
    task: Option<Task<Option<Move>>>,
    started: Option<Instant>,
    found: Option<Move>,
}

/// Plays the computer's colour.
pub(super) struct ComputerPlugin;

impl Plugin for ComputerPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Thinking>()
            .init_resource::<ComputerBudget>()
            .add_systems(
                Update,
                (answer, think).chain().in_set(DraughtsSystems).in_set(PausableSystems),
            )
            .add_systems(OnExit(Screen::Game), |mut thinking: ResMut<Thinking>| {
                *thinking = Thinking::default();
            });
    }
}

/// Whether the computer is thinking now (the status line says so).
pub fn is_thinking(table: &DraughtsMatch) -> bool {
    table.ending.is_none() && matches!(table.mover(), Player::Computer(_))
}

/// Online, the computer answers the other player's offers: a take-back yes, a draw no.
fn answer(mut table: ResMut<DraughtsMatch>) {
    let me = table.players[colour_index(table.bottom)];
    if !matches!(me, Player::Computer(_)) || table.outbox.is_some_and(|t| t.say != Say::Nothing) {
        return;
    }
    match table.offer_to_answer() {
        Some(Offer::TakeBack(_)) => table.say(Say::Accept),
        Some(Offer::Draw(_)) => table.say(Say::Decline),
        None => {}
    }
}

fn think(
    mut table: ResMut<DraughtsMatch>,
    mut thinking: ResMut<Thinking>,
    budget: Res<ComputerBudget>,
) {
    if !is_thinking(&table) {
        *thinking = Thinking::default();
        return;
    }
    let Player::Computer(level) = table.mover() else { return };
    // A take-back changes the position without changing the ply count: key on both.
    let key = (table.game.plies, table.played.len());
    if thinking.plies != Some(key) {
        let limit = budget.hard_time;
        let nodes = if limit.is_some() { u64::MAX } else { HARD_NODES };
        let question = DraughtsQuestion { game: table.game, level, seed: table.seed, nodes, limit };
        let task = thinking::move_for(question);
        *thinking = Thinking {
            plies: Some(key),
            task: Some(task),
            started: Some(Instant::now()),
            found: None,
        };
    }
    if let Some(task) = thinking.task.as_mut()
        && let Some(found) = block_on(poll_once(task))
    {
        thinking.task = None;
        thinking.found = found;
    }
    let waited = thinking.started.is_some_and(|t| t.elapsed() >= budget.least);
    // No move found means none exists, and the engine's status has ended the game.
    if thinking.task.is_none()
        && waited
        && let Some(m) = thinking.found.take()
    {
        table.commit(m);
    }
}
