//! The bot's seats in a local match: it thinks off the frame ([`crate::client::thinking`]),
//! then shows its aim for a moment before it strikes, through the same input a
//! person's controls produce.

use crate::client::flow::{Controller, PausableSystems, Screen};
use crate::client::hosts::{LocalMatch, MatchSystems};
use crate::client::thinking;
use crate::game::{Input, Phase};
use crate::sim::Stroke;
use bevy::prelude::*;
use bevy::tasks::{Task, block_on, poll_once};

/// How long the bot shows its aim before striking, seconds.
pub const SHOW_AIM_FOR: f32 = 0.8;

/// The bot's progress on the stroke that is due.
#[derive(Resource, Default)]
struct BotTurn {
    stroke_number: u16,
    thinking: Option<Task<Stroke>>,
    chosen: Option<Stroke>,
    shown_for: f32,
}

/// Plays the bot's seats.
pub(super) struct BotSeatPlugin;

impl Plugin for BotSeatPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BotTurn>()
            .add_systems(Update, play.in_set(MatchSystems).in_set(PausableSystems))
            .add_systems(OnExit(Screen::Game), |mut turn: ResMut<BotTurn>| {
                *turn = BotTurn::default();
            });
    }
}

fn play(mut local: ResMut<LocalMatch>, mut turn: ResMut<BotTurn>, time: Res<Time>) {
    if local.resigning {
        return;
    }
    let m = local.current;
    let player = local.shooter_player();
    for i in 0..local.inputs.len() {
        if matches!(local.controllers[i], Controller::Bot(_)) && i != player {
            local.inputs[i] = Input::ZERO;
        }
    }
    let Controller::Bot(level) = local.controller(player) else { return };
    if m.phase() != Phase::Aim {
        return;
    }
    if turn.stroke_number != m.next_stroke() {
        *turn = BotTurn { stroke_number: m.next_stroke(), ..BotTurn::default() };
        turn.thinking = Some(thinking::stroke_for(m, level));
    }
    if let Some(task) = turn.thinking.as_mut()
        && let Some(stroke) = block_on(poll_once(task))
    {
        turn.thinking = None;
        turn.chosen = Some(stroke);
    }
    let Some(stroke) = turn.chosen else { return };
    turn.shown_for += time.delta_secs();
    local.inputs[player] = if turn.shown_for >= SHOW_AIM_FOR {
        Input::commit(turn.stroke_number, stroke)
    } else {
        Input::aiming(stroke)
    };
}
