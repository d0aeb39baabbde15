//! Draughts under the same rollback session as carrom (CK-15): the rollback state is the POD
//! [`TurnGame`]; each frame every player's input carries its [`Turn`] (the move number and
//! the move's index, or a resignation) in the fields carrom uses for a stroke, and
//! `GgrsSchedule` steps the game with them. The board on screen is a copy of it, kept in
//! [`DraughtsMatch`], whose moves go out as turns.

use super::online::{MatchOverAt, NetworkEnding, Online, OnlineRecord, OnlineStep};
use crate::client::draughts::game::{Ending, colour_index};
use crate::client::draughts::{DraughtsMatch, Player};
use crate::client::flow::{Controller, Screen};
use crate::draughts::level::Level;
use crate::draughts::turns::Turn;
use crate::draughts::turns::{Say, TurnGame, slot};
use crate::draughts::{Colour, Moves};
use crate::net::session::frame_inputs;
use crate::net::turn_input::turn_of;
use bevy::prelude::*;
use bevy_ggrs::{GgrsSchedule, PlayerInputs, RollbackApp};

/// The draughts game as rollback sees it.
#[derive(Resource, Clone, Copy, Debug)]
pub struct OnlineDraughts(pub TurnGame);

/// Registers the draughts game with the rollback session.
pub(super) struct OnlineDraughtsPlugin;

impl Plugin for OnlineDraughtsPlugin {
    fn build(&self, app: &mut App) {
        app.rollback_resource_with_copy::<OnlineDraughts>()
            .add_systems(
                GgrsSchedule,
                // Only one of the two games runs; the order keeps the schedule unambiguous.
                step.in_set(OnlineStep)
                    .after(super::online::step_carrom)
                    .run_if(resource_exists::<OnlineDraughts>),
            )
            .add_systems(OnEnter(Screen::Home), |mut commands: Commands| {
                commands.remove_resource::<OnlineDraughts>();
            })
            .add_systems(
                Update,
                // After the session's events, so a peer gone is known before its resignation
                // is shown as one.
                mirror
                    .after(super::online::session_events)
                    .run_if(in_state(Screen::Game))
                    .run_if(resource_exists::<OnlineDraughts>)
                    .run_if(resource_exists::<DraughtsMatch>),
            );
    }
}

/// The one rollback system for draughts: a frame of the game. A player who has left
/// resigns.
fn step(
    mut game: ResMut<OnlineDraughts>,
    mut over: ResMut<MatchOverAt>,
    inputs: Res<PlayerInputs<crate::client::hosts::online::OnlineConfig>>,
    record: Option<ResMut<OnlineRecord>>,
) {
    let inputs = frame_inputs(&inputs);
    if let Some(mut record) = record {
        record.record(game.0.frame as usize, game.0.hash(), &inputs);
    }
    let turns: Vec<Turn> = inputs.iter().map(turn_of).collect();
    game.0.step(&turns);
    if over.0.is_none() && game.0.is_over() {
        over.0 = Some((game.0.frame, game.0.hash()));
    }
}

/// The board on screen follows the rollback state: a move played there is played here (so
/// the last move shows and the captures count), anything else is copied.
fn mirror(
    online: Res<OnlineDraughts>,
    network: Option<Res<Online>>,
    mut table: ResMut<DraughtsMatch>,
) {
    let now = online.0;
    // The session resigns a player who has gone; that is a forfeit, not a resignation.
    let left = network.is_some_and(|n| n.verdict().ending() == Some(NetworkEnding::PeerLeft));
    let bottom = table.bottom;
    let ending = match now.resigned() {
        _ if now.agreed_draw() => Some(Ending::DrawAgreed),
        Some(colour) if left && colour != bottom => Some(Ending::Left(colour)),
        Some(colour) => Some(Ending::Resigned(colour)),
        None => match now.game.status() {
            crate::draughts::Status::Playing => None,
            status => Some(Ending::Status(status)),
        },
    };
    let table = &mut *table;
    if table.offer != now.offer() {
        table.offer = now.offer();
    }
    settle_outbox(table, &now);
    if table.game == now.game && table.ending == ending {
        return;
    }
    if now.game.plies == table.game.plies + 1 {
        let mut moves = Moves::default();
        table.game.moves(&mut moves);
        if let Some(m) = moves.as_slice().get(now.last_index as usize).copied() {
            table.play(m);
        }
    }
    // A take-back accepted: back along the moves played here, else start afresh from it.
    while table.game != now.game && table.played.iter().any(|(before, _)| *before == now.game) {
        if let Some((before, _)) = table.played.pop() {
            table.game = before;
        }
    }
    if table.game != now.game {
        table.game = now.game;
        table.played.clear();
    }
    table.selection = Default::default();
    table.ending = ending;
}

/// Forgets this machine's turn once the session has heard it: a move once played, an
/// offer once made, an answer once the offer is gone. (A turn repeated after that does
/// nothing, but a stale one must not outlive its moment.)
fn settle_outbox(table: &mut DraughtsMatch, now: &TurnGame) {
    let Some(turn) = table.outbox else { return };
    let heard = match turn.say {
        _ if turn.resign => false,
        Say::Nothing => u32::from(turn.ply) <= now.game.plies,
        say @ (Say::OfferDraw | Say::OfferTakeBack) => {
            now.offered_at[slot(say, table.bottom)] == now.game.plies + 1
        }
        Say::Accept | Say::Decline => now.offer().is_none(),
    };
    if heard {
        table.outbox = None;
    }
}

/// The board of an online draughts game in which this machine plays player `local` of
/// `names` (player order), as `controller` (a headless peer's or a bot seat's computer
/// plays at `level`).
pub fn online_table(
    local: usize,
    black_player: u32,
    names: &[String],
    controller: Controller,
    level: Level,
    seed: u64,
) -> DraughtsMatch {
    let colour = colour_of(local, black_player);
    let other = names[1 - local.min(1)].clone();
    let mut table = DraughtsMatch::new(colour, Player::Remote, [names[local].clone(), other], seed);
    if matches!(controller, Controller::Headless | Controller::Bot(_)) {
        table.players[colour_index(colour)] = Player::Computer(level);
    }
    table.online = true;
    table
}

/// The colour this machine plays in an online game whose Black is player `black_player`.
pub fn colour_of(local: usize, black_player: u32) -> Colour {
    if local == black_player as usize { Colour::Black } else { Colour::Red }
}
