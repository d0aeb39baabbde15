//! The windowed smoke run (`carrom --smoke-test DIR`), for CI under Xvfb: it shows Home,
//! starts a three-player Freestyle match, breaks at full power through the same pointer
//! messages the mouse sends, saves `home.png`, `aim.png` (pulling back, guide drawn) and
//! `game.png` (mid-break); then shows Home with Draughts chosen (`home-draughts.png`), opens
//! a draughts game on a position with a compulsory
//! capture, picks up the capturing man and saves `draughts.png` (numbers, rings, crosses,
//! the captured counts), mid-capture, `draughts-capture.png`, and at 1920×1080
//! `draughts-1920x1080.png`; then prints one JSON line of measurements (launch to first
//! frame, frame times and simulation step times during the break, memory) and quits.

use super::hands::{Hands, Screens};
use crate::client::board::pointer::{BoardPointer, PointerAction};
use crate::client::board::theme::BoardTheme;
use crate::client::carrom::aiming::baseline_axis;
use crate::client::carrom::board_view::point;
use crate::client::carrom::pocketing::Dropping;
use crate::client::carrom::tally::TallyPiece;
use crate::client::checks::layout_audit::{Texts, problems};
use crate::client::draughts::DraughtsMatch;
use crate::client::draughts::geometry::centre;
use crate::client::flow::screen::Screen;
use crate::client::flow::setup::MatchSetup;
use crate::client::flow::{GameType, Mode};
use crate::client::hosts::local::{LocalMatch, StepTimes};
use crate::client::hosts::seed::FixedSeed;
use crate::client::persistence::preferences::Preferences;
use crate::client::ui::idle::StayAwake;
use crate::draughts::pdn::read_fen;
use crate::draughts::{Colour, Draughts};
use crate::game::Phase;
use crate::rules::Variant;
use crate::sim::Fx;
use bevy::diagnostic::FrameCount;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::PrimaryWindow;
use std::path::PathBuf;
use web_time::{Duration, Instant};

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
    /// Main-world time of each of those frames (every system, First to Last), seconds.
    break_main: Vec<f32>,
    /// CPU time the main thread spent on each of those frames (from one frame's start to
    /// the next: the schedules, extraction, presenting), seconds.
    break_cpu: Vec<f32>,
    frame_began: Option<Instant>,
    frame_cpu: Option<Duration>,
    last_frame_cpu: Option<Duration>,
    shot_game: bool,
    shot_pocketing: bool,
    /// Resident memory once the stroke is over, MiB (before the larger windows of the end).
    rss_after_stroke: u64,
    /// Pieces shown in the HUD's tallies after the stroke, and pieces credited to a side.
    tally: Option<(usize, usize)>,
    /// Where (window pixels) the piece dropping into a pocket was when it was pictured.
    dropping_at: Option<Vec2>,
    step_times: StepTimes,
    text_problems: Vec<(String, Vec<String>)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Home,
    Starting,
    Aiming,
    Breaking,
    Settled,
    Theme(usize),
    Saving,
    Draughts,
    DraughtsShown,
    Sizes,
}

/// The window sizes Home is checked at, besides the first.
const SIZES: [(u32, u32); 8] = [
    (1024, 768),
    (1920, 1080),
    (2560, 1440),
    (390, 844),
    (360, 640),
    (430, 932),
    (844, 390),
    (768, 1024),
];

/// The break's aim, left of straight ahead (1/65 536 turns): at full power from the
/// middle of the baseline it pockets a piece within half a second (a stable choice: aims
/// ±150 units either side do the same).
const BREAK_AIM: f32 = 3_600.0;

/// What the smoke run looks at besides the match: the frames drawn and the time passed,
/// pieces dropping, the camera, the window and its texts.
#[derive(SystemParam)]
struct Sight<'w, 's> {
    frames: Res<'w, FrameCount>,
    real: Res<'w, Time<Real>>,
    dropping: Query<'w, 's, (&'static Dropping, &'static GlobalTransform)>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<Camera2d>>,
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    texts: Texts<'w, 's>,
    tally: Query<'w, 's, &'static TallyPiece>,
}

/// The draughts board after the capture, at 1920×1080.
pub const DRAUGHTS_LARGE: &str = "draughts-1920x1080.png";

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
            break_main: Vec::new(),
            break_cpu: Vec::new(),
            frame_began: None,
            frame_cpu: None,
            last_frame_cpu: None,
            shot_game: false,
            shot_pocketing: false,
            dropping_at: None,
            tally: None,
            rss_after_stroke: 0,
            step_times: StepTimes::default(),
            text_problems: Vec::new(),
        }
    }

    fn advance(&mut self, stage: Stage) {
        self.stage = stage;
        self.since = 0;
    }

    fn audit(
        &mut self,
        screen: &str,
        windows: &Query<&Window, With<PrimaryWindow>>,
        texts: &Texts,
    ) {
        if let Ok(window) = windows.single() {
            self.audit_window(screen, window, texts);
        }
    }

    fn audit_window(&mut self, screen: &str, window: &Window, texts: &Texts) {
        self.text_problems.push((screen.to_string(), problems(window, texts)));
    }
}

/// Drives the smoke run.
pub(in crate::client) struct SmokePlugin;

impl Plugin for SmokePlugin {
    fn build(&self, app: &mut App) {
        // It counts frames: it keeps the window drawing every one, as a busy player would.
        app.insert_resource(FixedSeed(1))
            .init_resource::<StayAwake>()
            .add_systems(First, begin_frame)
            .add_systems(Last, (drive, drive_looks, drive_draughts, drive_sizes).chain());
    }
}

/// Notes when a frame begins, and the CPU time the main thread spent on the last one.
fn begin_frame(mut smoke: ResMut<SmokeTest>) {
    smoke.frame_began = Some(Instant::now());
    let cpu = thread_cpu();
    smoke.last_frame_cpu = cpu.zip(smoke.frame_cpu).map(|(now, then)| now.saturating_sub(then));
    smoke.frame_cpu = cpu;
}

/// CPU time this thread has run for (Linux's scheduler statistics; none elsewhere).
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok().map(Duration::from_nanos)
}

fn drive(
    mut smoke: ResMut<SmokeTest>,
    hands: Hands,
    screens: Screens,
    mut setup: ResMut<MatchSetup>,
    local: Option<Res<LocalMatch>>,
    mut times: ResMut<StepTimes>,
    sight: Sight,
) {
    let Hands { mut commands, mut buttons, mut pointer, mut exit } = hands;
    let (screen, frames, real) = (screens.screen, &sight.frames, &sight.real);
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
            smoke.audit("home 1280x800", &sight.windows, &sight.texts);
            setup.choose_variant(Variant::Freestyle);
            setup.players = 3;
            smoke.advance(Stage::Starting);
        }
        Stage::Starting if smoke.since == 20 => {
            buttons.press("Play");
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
            let aim = Vec2::from_angle(BREAK_AIM / 65_536.0 * core::f32::consts::TAU);
            let pull = striker - aim.rotate(forward) * 25.0;
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
            let main = smoke.frame_began.map_or(0.0, |t| t.elapsed().as_secs_f32());
            smoke.break_main.push(main);
            if let Some(cpu) = smoke.last_frame_cpu {
                smoke.break_cpu.push(cpu.as_secs_f32());
            }
            let stroke_frames = local.as_ref().map_or(0, |l| l.current.table().report().frames);
            if stroke_frames >= 12 && !smoke.shot_game {
                smoke.shot_game = true;
                shoot(&mut commands, &smoke.dir, "game.png");
            }
            let going_down = sight.dropping.iter().find(|(d, _)| d.progress() > 0.2);
            if let Some((_, at)) = going_down
                && !smoke.shot_pocketing
            {
                smoke.shot_pocketing = true;
                smoke.dropping_at =
                    sight.cameras.single().ok().and_then(|(camera, eye)| {
                        camera.world_to_viewport(eye, at.translation()).ok()
                    });
                shoot(&mut commands, &smoke.dir, "pocketing.png");
            }
        }
        Stage::Breaking if !smoke.break_frames.is_empty() => {
            smoke.step_times = *times;
            smoke.advance(Stage::Settled);
        }
        Stage::Settled if smoke.since == 1 => {
            shoot(&mut commands, &smoke.dir, "after-stroke.png");
            smoke.rss_after_stroke = memory().0;
            let credited = local.as_ref().map_or(0, |l| {
                let m = &l.current;
                (0..m.table().bodies().len())
                    .filter(|&i| m.standing().credited(i).is_some())
                    .count()
            });
            smoke.tally = Some((sight.tally.iter().count(), credited));
            smoke.audit("match 1280x800", &sight.windows, &sight.texts);
        }
        // The match on a phone held upright: the board on top, the panels under it.
        Stage::Settled if smoke.since == 10 => resize(&mut commands, UPRIGHT),
        Stage::Settled if smoke.since == 50 => {
            smoke.audit("match 390x844", &sight.windows, &sight.texts);
            shoot(&mut commands, &smoke.dir, UPRIGHT_MATCH);
        }
        // A phone on its side, and a tablet upright.
        Stage::Settled if smoke.since == 52 => resize(&mut commands, (844, 390)),
        Stage::Settled if smoke.since == 90 => {
            smoke.audit("match 844x390", &sight.windows, &sight.texts);
            shoot(&mut commands, &smoke.dir, "match-844x390.png");
        }
        Stage::Settled if smoke.since == 92 => resize(&mut commands, (768, 1024)),
        Stage::Settled if smoke.since == 130 => {
            smoke.audit("match 768x1024", &sight.windows, &sight.texts);
            shoot(&mut commands, &smoke.dir, "match-768x1024.png");
        }
        Stage::Settled if smoke.since == 132 => resize(&mut commands, (1280, 800)),
        Stage::Settled if smoke.since == 160 => smoke.advance(Stage::Theme(0)),
        Stage::Saving => {
            let written = SHOTS.iter().all(|f| smoke.dir.join(f).is_file());
            if written && smoke.since > 10 {
                smoke.advance(Stage::Draughts);
            }
        }
        _ => {}
    }
}

/// The draughts part: Home, a two-player game, the position set, the man picked up.
fn drive_draughts(
    mut smoke: ResMut<SmokeTest>,
    hands: Hands,
    screens: Screens,
    mut setup: ResMut<MatchSetup>,
    table: Option<ResMut<DraughtsMatch>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    texts: Texts,
) {
    let Hands { mut commands, mut buttons, mut pointer, .. } = hands;
    let Screens { screen, mut next } = screens;
    match smoke.stage {
        Stage::Draughts if smoke.since == 1 => next.set(Screen::Home),
        Stage::Draughts if smoke.since == 20 => {
            setup.game = GameType::Draughts;
            setup.mode = Mode::PassAndPlay;
            setup.draughts_colour = Colour::Black;
        }
        Stage::Draughts if smoke.since == 28 => {
            shoot(&mut commands, &smoke.dir, "home-draughts.png")
        }
        Stage::Draughts if smoke.since == 40 => {
            buttons.press("Play");
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
        // The same board at 1920×1080, then back to the first size.
        Stage::DraughtsShown if smoke.since == 60 || smoke.since == 100 => {
            let (width, height) =
                if smoke.since == 60 { (1920.0, 1080.0) } else { (1280.0, 800.0) };
            if let Ok(mut window) = windows.single_mut() {
                window.resolution.set(width, height);
            }
        }
        Stage::DraughtsShown if smoke.since == 90 => {
            shoot(&mut commands, &smoke.dir, DRAUGHTS_LARGE)
        }
        Stage::DraughtsShown if smoke.since == 110 => resize(&mut commands, UPRIGHT),
        Stage::DraughtsShown if smoke.since == 150 => {
            if let Ok(window) = windows.single() {
                smoke.audit_window("draughts 390x844", window, &texts);
            }
            shoot(&mut commands, &smoke.dir, UPRIGHT_DRAUGHTS);
        }
        Stage::DraughtsShown if smoke.since == 152 => resize(&mut commands, (1280, 800)),
        Stage::DraughtsShown
            if smoke.since > 170
                && [
                    "draughts.png",
                    "home-draughts.png",
                    "draughts-capture.png",
                    DRAUGHTS_LARGE,
                    UPRIGHT_DRAUGHTS,
                ]
                .iter()
                .all(|f| smoke.dir.join(f).is_file()) =>
        {
            smoke.advance(Stage::Sizes);
        }
        _ => {}
    }
}

/// Each board theme on the settled board, then back to the first.
fn drive_looks(
    mut commands: Commands,
    mut smoke: ResMut<SmokeTest>,
    mut preferences: ResMut<Preferences>,
) {
    let Stage::Theme(i) = smoke.stage else { return };
    let theme = BoardTheme::ALL[i];
    if smoke.since == 1 {
        preferences.theme = theme;
    } else if smoke.since == 8 {
        shoot(&mut commands, &smoke.dir, &theme_shot(theme));
    } else if smoke.since == 12 {
        if i + 1 < BoardTheme::ALL.len() {
            smoke.advance(Stage::Theme(i + 1));
        } else {
            preferences.theme = BoardTheme::default();
            smoke.advance(Stage::Saving);
        }
    }
}

/// The picture of `theme`.
pub fn theme_shot(theme: BoardTheme) -> String {
    format!("{}.png", theme.label())
}

/// The picture of Home at `width` × `height`.
pub fn home_shot((width, height): (u32, u32)) -> String {
    format!("home-{width}x{height}.png")
}

/// Home at each of [`SIZES`], then the figures and the end.
fn drive_sizes(
    mut commands: Commands,
    mut smoke: ResMut<SmokeTest>,
    mut next: ResMut<NextState<Screen>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    texts: Texts,
    mut exit: MessageWriter<AppExit>,
) {
    if smoke.stage != Stage::Sizes {
        return;
    }
    let Ok(mut window) = windows.single_mut() else { return };
    let since = smoke.since;
    if since == 1 {
        next.set(Screen::Home);
    }
    for (k, size) in SIZES.iter().enumerate() {
        let start = 2 + 50 * k as u32;
        if since == start {
            window.resolution.set(size.0 as f32, size.1 as f32);
        } else if since == start + 40 {
            let name = home_shot(*size);
            smoke.audit_window(&format!("home {}x{}", size.0, size.1), &window, &texts);
            shoot(&mut commands, &smoke.dir, &name);
        } else if k == 0 && since == start + 42 {
            // The tallest screen, at the smallest size.
            next.set(Screen::Settings);
        } else if k == 0 && since == start + 47 {
            smoke.audit_window("settings 1024x768", &window, &texts);
            shoot(&mut commands, &smoke.dir, "settings-1024x768.png");
        } else if k == 0 && since == start + 49 {
            next.set(Screen::Home);
        }
    }
    let done = 2 + 50 * SIZES.len() as u32;
    let written = SIZES.iter().all(|s| smoke.dir.join(home_shot(*s)).is_file())
        && smoke.dir.join("settings-1024x768.png").is_file();
    if since > done && written {
        println!("{}", report(&smoke));
        exit.write(AppExit::Success);
    }
}

pub(super) fn shoot(commands: &mut Commands, dir: &std::path::Path, name: &str) {
    commands.spawn(Screenshot::primary_window()).observe(save_to_disk(dir.join(name)));
}

/// The pictures of the carrom part, before draughts.
const SHOTS: [&str; 6] =
    ["home.png", "aim.png", "game.png", "pocketing.png", "after-stroke.png", UPRIGHT_MATCH];

/// A phone held upright, logical pixels.
const UPRIGHT: (u32, u32) = (390, 844);

/// The carrom match after the break, upright.
pub const UPRIGHT_MATCH: &str = "match-390x844.png";

/// The draughts board after the capture, upright.
pub const UPRIGHT_DRAUGHTS: &str = "draughts-390x844.png";

/// Sets the window to `width` × `height` logical pixels.
fn resize(commands: &mut Commands, (width, height): (u32, u32)) {
    commands.queue(move |world: &mut World| {
        let mut windows = world.query_filtered::<&mut Window, With<PrimaryWindow>>();
        if let Ok(mut window) = windows.single_mut(world) {
            window.resolution.set(width as f32, height as f32);
        }
    });
}

/// Mean, 95th percentile and largest of `seconds`, in milliseconds.
fn spread(seconds: &[f32]) -> (f32, f32, f32) {
    let ms = sorted_ms(seconds);
    let mean = ms.iter().sum::<f32>() / ms.len().max(1) as f32;
    let p95 = ms.get(ms.len() * 95 / 100).copied().unwrap_or(0.0);
    (mean, p95, ms.last().copied().unwrap_or(0.0))
}

/// The median of `seconds`, in milliseconds.
fn median(seconds: &[f32]) -> f32 {
    let ms = sorted_ms(seconds);
    ms.get(ms.len() / 2).copied().unwrap_or(0.0)
}

fn sorted_ms(seconds: &[f32]) -> Vec<f32> {
    let mut ms: Vec<f32> = seconds.iter().map(|s| s * 1000.0).collect();
    ms.sort_by(f32::total_cmp);
    ms
}

fn report(smoke: &SmokeTest) -> String {
    let (mean, p95, max) = spread(&smoke.break_frames);
    let (main_mean, main_p95, _) = spread(&smoke.break_main);
    let (cpu_mean, cpu_p95, _) = spread(&smoke.break_cpu);
    let first = smoke.first_frame.map_or(0, |d| d.as_millis());
    let (rss, peak) = memory();
    let t = smoke.step_times;
    let step_mean = t.total.as_secs_f64() * 1e6 / t.steps.max(1) as f64;
    let step_max = t.worst.as_secs_f64() * 1e6;
    let rounded = |x: f64| (x * 10.0).round() / 10.0;
    let problems: serde_json::Map<String, serde_json::Value> = smoke
        .text_problems
        .iter()
        .map(|(screen, found)| (screen.clone(), serde_json::json!(found)))
        .collect();
    serde_json::json!({
        "first_frame_ms": first,
        "break_frames": smoke.break_frames.len(),
        "frame_ms_mean": rounded(mean as f64),
        "frame_ms_p95": rounded(p95 as f64),
        "frame_ms_max": rounded(max as f64),
        "main_ms_mean": rounded(main_mean as f64),
        "main_ms_p95": rounded(main_p95 as f64),
        "main_cpu_ms_mean": rounded(cpu_mean as f64),
        "main_cpu_ms_median": (median(&smoke.break_cpu) as f64 * 100.0).round() / 100.0,
        "main_cpu_ms_p95": rounded(cpu_p95 as f64),
        "sim_steps": t.steps,
        "sim_step_us_mean": rounded(step_mean),
        "sim_step_us_max": rounded(step_max),
        "rss_mib": rss,
        "rss_after_stroke_mib": smoke.rss_after_stroke,
        "peak_rss_mib": peak,
        "text_problems": problems,
        "dropping_at": smoke.dropping_at.map(|p| [p.x.round(), p.y.round()]),
        "tally": smoke.tally.map(|(shown, credited)| [shown, credited]),
    })
    .to_string()
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
