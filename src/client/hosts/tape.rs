//! Every match on screen is recorded: carrom's inputs frame by frame (a rollback replaces
//! the frames it re-simulates, as it does the state), or the draughts moves on the board.
//! When the match screen closes — the match over, left for Home, or the window closed — the
//! tape becomes a [`MatchRecord`] in the records directory, with the outcome in words.

use super::local::{LocalMatch, MatchStep};
use super::sets::{HostSystems, MatchSystems};
use crate::client::draughts::{DraughtsMatch, Player};
use crate::client::flow::{
    Controller, GameType, MatchSetup, MatchSummary, Mode, PausableSystems, Screen,
};
use crate::client::persistence::records;
use crate::client::persistence::{Preferences, Storage};
use crate::draughts::Colour;
use crate::game::{Input, Match, Phase};
use crate::record::{CarromLog, DraughtsLog, GameLog, MatchRecord, Outcome};
use crate::rules::NO_SIDE;
use bevy::prelude::*;
use web_time::{SystemTime, UNIX_EPOCH};

/// The match being recorded.
#[derive(Resource, Debug)]
pub struct Tape {
    started: u64,
    mode: &'static str,
    /// Carrom: the state it began from and every frame's inputs since.
    carrom: Option<(Match, Vec<Vec<Input>>)>,
}

impl Tape {
    /// Notes the inputs applied to the state of `frame` (frames from before the tape's
    /// start are ignored; a frame simulated again replaces it and what followed).
    pub fn record(&mut self, frame: u32, inputs: &[Input]) {
        let Some((start, frames)) = &mut self.carrom else { return };
        let Some(index) = frame.checked_sub(start.frame()) else { return };
        let index = index as usize;
        if index <= frames.len() {
            frames.truncate(index);
            frames.push(inputs.to_vec());
        }
    }

    /// The inputs of `seat` in the frames from match frame `from` on, if the tape holds
    /// that frame (or the frame right after its last).
    pub fn inputs_of(&self, seat: usize, from: u64) -> Option<Vec<Input>> {
        let (start, frames) = self.carrom.as_ref()?;
        let index = usize::try_from(from.checked_sub(u64::from(start.frame()))?).ok()?;
        let since = frames.get(index..)?;
        since.iter().map(|inputs| inputs.get(seat).copied()).collect()
    }
}

/// A match on screen that is a replay, not a match: nothing is recorded.
#[derive(Resource, Debug, Default)]
pub struct NotRecorded;

/// Where the last record was written, or why it could not be.
#[derive(Resource, Debug)]
pub struct LastRecord(pub std::io::Result<std::path::PathBuf>);

/// Records matches and writes their records.
pub(super) struct TapePlugin;

impl Plugin for TapePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Game), begin)
            .add_systems(OnExit(Screen::Game), write)
            .add_systems(Last, write_when_closing.run_if(resource_exists::<Tape>))
            .add_systems(
                FixedUpdate,
                record_local
                    .before(MatchStep)
                    .in_set(MatchSystems)
                    .in_set(HostSystems::Local)
                    .in_set(PausableSystems)
                    .run_if(resource_exists::<Tape>),
            );
    }
}

/// The inputs this machine's match is about to be stepped with.
fn record_local(local: Res<LocalMatch>, mut tape: ResMut<Tape>) {
    let players = local.current.settings().players as usize;
    tape.record(local.current.frame(), &local.inputs[..players]);
}

/// Who won a carrom match that is over: the players of the winning side, or no one.
fn carrom_outcome(m: &Match) -> Outcome {
    let settings = m.settings();
    match m.standing().winner {
        NO_SIDE => Outcome::Drawn,
        side => Outcome::won_by(
            (0..settings.players as usize)
                .filter(|&p| settings.side_of(settings.seats()[p]) == side as usize),
        ),
    }
}

/// Seconds since 1970 (UTC), as records note when a match began.
pub fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// A new tape for the match the screen opens with (a resumed pause keeps its own).
fn begin(
    mut commands: Commands,
    game: Res<State<GameType>>,
    local: Option<Res<LocalMatch>>,
    table: Option<Res<DraughtsMatch>>,
    setup: Res<MatchSetup>,
    replay: Option<Res<NotRecorded>>,
) {
    if replay.is_some() {
        return;
    }
    commands.remove_resource::<LastRecord>();
    let online = |remote: bool| match (remote, setup.mode) {
        (true, Mode::Lan) => Some("lan"),
        (true, _) => Some("online"),
        (false, _) => None,
    };
    let tape = match game.get() {
        GameType::Carrom => {
            let Some(local) = local else { return };
            let remote = local.controllers.contains(&Controller::Remote);
            let bot = local.controllers.iter().any(|c| matches!(c, Controller::Bot(_)));
            let mode = online(remote).unwrap_or(if bot { "vs_bot" } else { "pass_and_play" });
            Tape { started: now(), mode, carrom: Some((local.current, Vec::new())) }
        }
        GameType::Draughts => {
            let Some(table) = table else { return };
            let computer = table.players.iter().any(|p| matches!(p, Player::Computer(_)));
            let mode =
                online(table.online).unwrap_or(if computer { "vs_bot" } else { "pass_and_play" });
            Tape { started: now(), mode, carrom: None }
        }
    };
    commands.insert_resource(tape);
}

/// The game is closing (its window closed) mid-match: the match is kept as left.
fn write_when_closing(mut exits: MessageReader<AppExit>, mut commands: Commands) {
    if exits.read().next().is_some() {
        commands.queue(write);
    }
}

/// Turns the tape into a record and keeps it. A match over says how it ended; one left
/// before its end says so.
fn write(world: &mut World) {
    let Some(tape) = world.remove_resource::<Tape>() else { return };
    let Some(dir) = world.get_resource::<Storage>().and_then(Storage::records_dir) else { return };
    let keep = world.get_resource::<Preferences>().map_or(100, |p| p.records_kept) as usize;
    let (record, outcome) = match &tape.carrom {
        Some((start, frames)) => {
            let Some(local) = world.get_resource::<LocalMatch>() else { return };
            let players = start.settings().players as usize;
            let names = local.names[..players].to_vec();
            let log = CarromLog::from_state(*start, frames);
            let over = local.current.phase() == Phase::MatchOver;
            let record = MatchRecord::new(tape.started, tape.mode, names, GameLog::Carrom(log));
            (record, over.then(|| carrom_outcome(&local.current)))
        }
        None => {
            let Some(table) = world.get_resource::<DraughtsMatch>() else { return };
            let names = [Colour::Black, Colour::Red].map(|c| table.name(c).to_string()).to_vec();
            let moves: Vec<_> = table.played.iter().map(|(_, m)| *m).collect();
            let log = DraughtsLog::of(table.start, 0, &moves)
                .opened_with(table.ballot)
                .hinted(table.hints);
            // The names are Black's then Red's.
            let outcome = table.ending.map(|_| match table.winner() {
                Some(colour) => Outcome::won_by([usize::from(colour == Colour::Red)]),
                None => Outcome::Drawn,
            });
            let record = MatchRecord::new(tape.started, tape.mode, names, GameLog::Draughts(log));
            (record, outcome)
        }
    };
    let finished = outcome.is_some();
    let summary = world.get_resource::<MatchSummary>().map(|s| s.headline.clone());
    let result = match (finished, summary) {
        (true, Some(headline)) => headline,
        _ => "Left unfinished".to_string(),
    };
    let record = MatchRecord { result, finished, outcome, ..record };
    let written = records::save(&dir, &record, keep);
    if let Err(why) = &written {
        warn!("the match record could not be written into {}: {why}", dir.display());
    }
    world.insert_resource(LastRecord(written));
}
