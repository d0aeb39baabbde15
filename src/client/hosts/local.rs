//! The match played on this machine: a [`Match`] advanced at 60 Hz in `FixedUpdate` with
//! one input per player, exactly as rollback advances it online. The frame before is
//! kept so the view can interpolate at the display's rate.

use super::seed::{FixedSeed, next_seed};
use super::sets::{HostSystems, MatchSystems};
use crate::client::flow::{Controller, MatchHost, MatchSetup, PausableSystems, Screen};
use crate::game::{Input, Match, Phase, advance};
use bevy::ecs::system::SystemId;
use bevy::prelude::*;
use web_time::{Duration, Instant};

/// Frames the final position stays on screen before the results.
pub const RESULTS_AFTER: u32 = 90;

/// The match in progress on this machine.
#[derive(Resource, Clone, Debug)]
pub struct LocalMatch {
    /// The state now.
    pub current: Match,
    /// The state one frame earlier.
    pub previous: Match,
    /// Who plays each player slot.
    pub controllers: [Controller; 4],
    /// The players' names.
    pub names: [String; 4],
    /// What each player's controls say this frame.
    pub inputs: [Input; 4],
    /// A resignation is being sent: the controls leave the inputs alone.
    pub resigning: bool,
}

impl LocalMatch {
    /// A new match.
    pub fn new(setup: &MatchSetup, names: &[String; 4], seed: u64) -> LocalMatch {
        LocalMatch::resumed(Match::new(setup.settings(seed)), setup.controllers(), names.clone())
    }

    /// A match carried on from `state`.
    pub fn resumed(state: Match, controllers: [Controller; 4], names: [String; 4]) -> LocalMatch {
        LocalMatch {
            current: state,
            previous: state,
            controllers,
            names,
            inputs: [Input::ZERO; 4],
            resigning: false,
        }
    }

    /// Who plays player slot `player`.
    pub fn controller(&self, player: usize) -> Controller {
        self.controllers.get(player).copied().unwrap_or(Controller::Human)
    }

    /// The player slot of the seat to shoot.
    pub fn shooter_player(&self) -> usize {
        self.current.settings().player_at(self.current.shooter()).unwrap_or(0)
    }

    /// The names of the players on `side`, joined.
    pub fn side_name(&self, side: usize) -> String {
        let settings = self.current.settings();
        let names: Vec<&str> = settings
            .seats()
            .iter()
            .enumerate()
            .filter(|(_, seat)| settings.side_of(**seat) == side)
            .map(|(player, _)| self.names[player].as_str())
            .collect();
        names.join(" & ")
    }

    /// Whether any person plays in this match (the view follows people, not bots).
    pub fn is_human(&self, player: usize) -> bool {
        self.controller(player) == Controller::Human
    }
}

/// Starts `local` on this machine: the match screen opens with it.
pub fn start_local(
    commands: &mut Commands,
    local: LocalMatch,
    screen: &mut NextState<Screen>,
    host: &mut NextState<MatchHost>,
) {
    commands.insert_resource(local);
    host.set(MatchHost::Local);
    screen.set(Screen::Game);
}

/// The system that advances the local match by one frame (in `FixedUpdate`).
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchStep;

/// Sent once when the match on this machine has ended.
#[derive(Message, Clone, Copy, Debug)]
pub struct MatchFinished;

/// Advances the local match and moves on to the results when it ends.
pub(super) struct LocalMatchPlugin;

impl Plugin for LocalMatchPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<MatchFinished>()
            .init_resource::<StepTimes>()
            .add_systems(
                FixedUpdate,
                step.in_set(MatchStep)
                    .in_set(MatchSystems)
                    .in_set(HostSystems::Local)
                    .in_set(PausableSystems),
            )
            .add_systems(
                Update,
                finish.in_set(MatchSystems).run_if(not(in_state(MatchHost::Replay))),
            )
            .add_systems(OnEnter(Screen::Home), |mut commands: Commands| {
                commands.remove_resource::<LocalMatch>();
            });
        let rematch = app.register_system(rematch);
        app.insert_resource(LocalRematch(rematch));
    }
}

/// What Results' Rematch runs after a carrom match on this machine.
#[derive(Resource, Clone, Copy, Debug)]
pub struct LocalRematch(pub SystemId);

/// Results' Rematch: the same players and seats again, with a fresh seed (or, should the
/// system give no randomness, the last one stirred: a local match's seed need not be
/// secret). Not for an online match, which needs the peers again.
fn rematch(
    mut commands: Commands,
    local: Option<Res<LocalMatch>>,
    seed: Option<Res<FixedSeed>>,
    mut screen: ResMut<NextState<Screen>>,
    mut host: ResMut<NextState<MatchHost>>,
) {
    let Some(local) = local.filter(|l| !l.controllers.contains(&Controller::Remote)) else {
        return;
    };
    let mut settings = *local.current.settings();
    let stirred = crate::determinism::mix(settings.seed);
    settings.seed = next_seed(seed.as_deref()).map_or(stirred, |s| s.wrapping_add(1));
    let again = LocalMatch::resumed(Match::new(settings), local.controllers, local.names.clone());
    start_local(&mut commands, again, &mut screen, &mut host);
}

fn step(mut local: ResMut<LocalMatch>, mut times: ResMut<StepTimes>) {
    let local = &mut *local;
    local.previous = local.current;
    let players = local.current.settings().players as usize;
    let started = Instant::now();
    advance(&mut local.current, &local.inputs[..players]);
    times.record(started.elapsed());
}

/// How long the simulation's steps take on this machine (shown by the smoke run, so the
/// simulation's share of a frame is measured, not assumed).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct StepTimes {
    /// The slowest step.
    pub worst: Duration,
    /// All steps together.
    pub total: Duration,
    /// Steps taken.
    pub steps: u32,
}

impl StepTimes {
    fn record(&mut self, took: Duration) {
        self.worst = self.worst.max(took);
        self.total += took;
        self.steps += 1;
    }
}

fn finish(
    local: Res<LocalMatch>,
    mut ended_at: Local<Option<u32>>,
    mut next: ResMut<NextState<Screen>>,
    mut finished: MessageWriter<MatchFinished>,
) {
    let m = &local.current;
    if m.phase() != Phase::MatchOver {
        *ended_at = None;
        return;
    }
    match *ended_at {
        None => {
            *ended_at = Some(m.frame());
            finished.write(MatchFinished);
        }
        Some(at) if m.frame().wrapping_sub(at) >= RESULTS_AFTER => {
            *ended_at = None;
            next.set(Screen::Results);
        }
        Some(_) => {}
    }
}
