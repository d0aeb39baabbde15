//! The windowed smoke run (`carrom --smoke-test DIR`), for CI under Xvfb: it shows Home,
//! starts a three-player Freestyle match, breaks at full power through the same pointer
//! messages the mouse sends, saves `home.png`, `aim.png` (pulling back, guide drawn) and
//! `game.png` (mid-break); then shows Home with Checkers chosen (`home-checkers.png`), opens
//! a draughts game on a position with a compulsory
//! capture, picks up the capturing man and saves `draughts.png` (numbers, rings, crosses,
//! the captured counts) and, mid-capture, `draughts-capture.png`; then prints one JSON line of measurements (launch to first
//! frame, frame times and simulation step times during the break, memory) and quits.

use crate::checkers::pdn::read_fen;
use crate::checkers::{Colour, Draughts};
use crate::client::carrom::aiming::{BoardPointer, PointerAction, baseline_axis};
use crate::client::carrom::board_view::point;
use crate::client::draughts::DraughtsMatch;
use crate::client::draughts::geometry::centre;
use crate::client::flow::screen::Screen;
use crate::client::flow::setup::MatchSetup;
use crate::client::flow::{GameType, Mode};
use crate::client::hosts::local::{FixedSeed, LocalMatch, StepTimes};
use crate::client::ui::Action;
use crate::game::Phase;
use crate::rules::Variant;
use crate::sim::Fx;
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Frames to wait for anything (a screen, a file) before giving up.
const PATIENCE: u32 = 1_200;

/// The smoke run's progress and measurements.
#[derive(Resource, Debug)]
pub struct SmokeTest {
    dir: PathBuf,
    started: Instant,
    first_frame: Option<Duration>,
    stage: Stage,
    since: u32,
    break_frames: Vec<f32>,
    shot_game: bool,
    step_times: StepTimes,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Home,
    Starting,
    Aiming,
    Breaking,
    Settling,
    Saving,
    Draughts,
    DraughtsShown,
}

/// The draughts picture's position: Black to move must capture with the man on 10 (over
/// 14 or 15); each side has lost some pieces already.
pub const DRAUGHTS_FEN: &str = "B:W14,15,21,25,26,29,30,K31:B1,2,3,5,7,10,K12";

impl SmokeTest {
    /// A smoke run writing into `dir`, timed from `started` (the process start).
    pub fn new(dir: PathBuf, started: Instant) -> SmokeTest {
        SmokeTest {
            dir,
            started,
            first_frame: None,
            stage: Stage::Home,
            since: 0,
            break_frames: Vec::new(),
            shot_game: false,
            step_times: StepTimes::default(),
        }
    }

    fn advance(&mut self, stage: Stage) {
        self.stage = stage;
        self.since = 0;
    }
}

/// Drives the smoke run.
pub(super) struct SmokePlugin;

impl Plugin for SmokePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(FixedSeed(1)).add_systems(Last, (drive, drive_draughts).chain());
    }
}

#[allow(clippy::too_many_arguments)]
fn drive(
    mut commands: Commands,
    mut smoke: ResMut<SmokeTest>,
    frames: Res<FrameCount>,
    real: Res<Time<Real>>,
    screen: Res<State<Screen>>,
    mut setup: ResMut<MatchSetup>,
    local: Option<Res<LocalMatch>>,
    mut actions: MessageWriter<Action>,
    mut pointer: MessageWriter<BoardPointer>,
    mut exit: MessageWriter<AppExit>,
    mut times: ResMut<StepTimes>,
) {
    // Frame 1 has been rendered once frame 2 is under way.
    if smoke.first_frame.is_none() && frames.0 >= 2 {
        smoke.first_frame = Some(smoke.started.elapsed());
    }
    smoke.since += 1;
    if smoke.since > PATIENCE {
        error!("smoke test stuck at {:?}", smoke.stage);
        exit.write(AppExit::error());
        return;
    }
    let phase = local.as_ref().map(|l| l.current.phase());
    match smoke.stage {
        Stage::Home if smoke.since == 45 => {
            shoot(&mut commands, &smoke.dir, "home.png");
            setup.choose_variant(Variant::Freestyle);
            setup.players = 3;
            smoke.advance(Stage::Starting);
        }
        Stage::Starting if smoke.since == 20 => {
            actions.write(Action::Play);
        }
        Stage::Starting if *screen.get() == Screen::Game && phase == Some(Phase::Aim) => {
            smoke.advance(Stage::Aiming);
        }
        Stage::Aiming if smoke.since == 40 || smoke.since == 70 => {
            let Some(local) = &local else { return };
            let m = &local.current;
            let seat = m.shooter();
            let striker = point(seat.striker_spot(m.table().preset(), Fx(0)));
            let forward = baseline_axis(seat).perp();
            let pull = striker - forward * 25.0 + baseline_axis(seat) * 3.0;
            if smoke.since == 40 {
                pointer.write(BoardPointer { at: pull, action: PointerAction::Press });
                pointer.write(BoardPointer { at: pull, action: PointerAction::Move });
            } else {
                pointer.write(BoardPointer { at: pull, action: PointerAction::Release });
                *times = StepTimes::default();
                smoke.advance(Stage::Breaking);
            }
        }
        Stage::Aiming if smoke.since == 55 => shoot(&mut commands, &smoke.dir, "aim.png"),
        Stage::Breaking if phase == Some(Phase::Motion) => {
            smoke.break_frames.push(real.delta_secs());
            let stroke_frames = local.as_ref().map_or(0, |l| l.current.table().report().frames);
            if stroke_frames >= 12 && !smoke.shot_game {
                smoke.shot_game = true;
                shoot(&mut commands, &smoke.dir, "game.png");
            }
        }
        Stage::Breaking if !smoke.break_frames.is_empty() => {
            smoke.step_times = *times;
            smoke.advance(Stage::Settling);
        }
        Stage::Settling if smoke.since == 30 => smoke.advance(Stage::Saving),
        Stage::Saving => {
            let written =
                ["home.png", "aim.png", "game.png"].iter().all(|f| smoke.dir.join(f).is_file());
            if written && smoke.since > 10 {
                smoke.advance(Stage::Draughts);
            }
        }
        _ => {}
    }
}

/// The draughts part: Home, a two-player game, the position set, the man picked up.
#[allow(clippy::too_many_arguments)]
fn drive_draughts(
    mut commands: Commands,
    mut smoke: ResMut<SmokeTest>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut setup: ResMut<MatchSetup>,
    table: Option<ResMut<DraughtsMatch>>,
    mut actions: MessageWriter<Action>,
    mut pointer: MessageWriter<BoardPointer>,
    mut exit: MessageWriter<AppExit>,
) {
    match smoke.stage {
        Stage::Draughts if smoke.since == 1 => next.set(Screen::Home),
        Stage::Draughts if smoke.since == 20 => {
            setup.game = GameType::Draughts;
            setup.mode = Mode::PassAndPlay;
            setup.draughts_colour = Colour::Black;
        }
        Stage::Draughts if smoke.since == 28 => {
            shoot(&mut commands, &smoke.dir, "home-checkers.png")
        }
        Stage::Draughts if smoke.since == 40 => {
            actions.write(Action::Play);
        }
        Stage::Draughts if smoke.since > 50 && *screen.get() == Screen::Game => {
            let Some(mut table) = table else { return };
            let Ok(position) = read_fen(DRAUGHTS_FEN) else { return };
            table.game = Draughts::from(position);
            let man = centre(9, table.bottom);
            pointer.write(BoardPointer { at: man, action: PointerAction::Press });
            pointer.write(BoardPointer { at: man, action: PointerAction::Release });
            smoke.advance(Stage::DraughtsShown);
        }
        Stage::DraughtsShown if smoke.since == 30 => {
            shoot(&mut commands, &smoke.dir, "draughts.png")
        }
        // The capture 10x17: the man glides over 14, which shrinks away.
        Stage::DraughtsShown if smoke.since == 45 => {
            let Some(table) = table else { return };
            let landing = centre(16, table.bottom);
            pointer.write(BoardPointer { at: landing, action: PointerAction::Press });
            pointer.write(BoardPointer { at: landing, action: PointerAction::Release });
        }
        Stage::DraughtsShown if smoke.since == 52 => {
            shoot(&mut commands, &smoke.dir, "draughts-capture.png")
        }
        Stage::DraughtsShown
            if smoke.since > 60
                && ["draughts.png", "home-checkers.png", "draughts-capture.png"]
                    .iter()
                    .all(|f| smoke.dir.join(f).is_file()) =>
        {
            println!("{}", report(&smoke));
            exit.write(AppExit::Success);
        }
        _ => {}
    }
}

fn shoot(commands: &mut Commands, dir: &std::path::Path, name: &str) {
    commands.spawn(Screenshot::primary_window()).observe(save_to_disk(dir.join(name)));
}

fn report(smoke: &SmokeTest) -> String {
    let mut frames: Vec<f32> = smoke.break_frames.iter().map(|s| s * 1000.0).collect();
    frames.sort_by(f32::total_cmp);
    let mean = frames.iter().sum::<f32>() / frames.len().max(1) as f32;
    let p95 = frames.get(frames.len() * 95 / 100).copied().unwrap_or(0.0);
    let max = frames.last().copied().unwrap_or(0.0);
    let first = smoke.first_frame.map_or(0, |d| d.as_millis());
    let (rss, peak) = memory();
    let t = smoke.step_times;
    let step_mean = t.total.as_secs_f64() * 1e6 / t.steps.max(1) as f64;
    let step_max = t.worst.as_secs_f64() * 1e6;
    format!(
        "{{\"first_frame_ms\": {first}, \"break_frames\": {}, \"frame_ms_mean\": {mean:.1}, \
         \"frame_ms_p95\": {p95:.1}, \"frame_ms_max\": {max:.1}, \"sim_steps\": {}, \
         \"sim_step_us_mean\": {step_mean:.1}, \"sim_step_us_max\": {step_max:.1}, \
         \"rss_mib\": {rss}, \"peak_rss_mib\": {peak}}}",
        frames.len(),
        t.steps
    )
}

/// Resident and peak resident memory, MiB (Linux; zero elsewhere).
fn memory() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<u64>().ok())
            .map_or(0, |kb| kb / 1024)
    };
    (field("VmRSS:"), field("VmHWM:"))
}
