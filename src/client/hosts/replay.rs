//! A match record played back on the real board: carrom re-simulated frame by frame from
//! its inputs (pause, 1×/2×/4×, the next or previous stroke, a point on the timeline), or
//! draughts move by move. The record decides everything; nothing is recorded or saved.

use super::local::LocalMatch;
use super::sets::{HostSystems, MatchSystems};
use super::tape::NotRecorded;
use crate::client::draughts::{DraughtsMatch, Player};
use crate::client::flow::{Controller, GameType, MatchHost, PausableSystems, Screen};
use crate::client::ui::{self, Dock, MenuSet, Pressed, palette};
use crate::client::words::Words;
use crate::client::words::mirror::Mirrored;
use crate::draughts::{Colour, Draughts, Move, Moves};
use crate::game::{Input, Match, advance};
use crate::record::{GameLog, MatchRecord, RecordError};
use bevy::prelude::*;

/// The parts of the timeline one can click.
const TIMELINE_PARTS: u16 = 10;

/// Where (thousandths of the match) the timeline's part `part` seeks to: the first is the
/// start, the last the end.
pub const fn timeline_part(part: u16) -> u16 {
    part * 1_000 / (TIMELINE_PARTS - 1)
}

/// Seconds a draughts move stays before the next one at 1×.
const MOVE_EVERY: f32 = 1.2;

/// The record being watched and where in it the board is.
#[derive(Resource, Debug)]
pub struct Replaying {
    /// The record.
    pub record: MatchRecord,
    /// Carrom: every frame's inputs; draughts: none.
    frames: Vec<Vec<Input>>,
    /// Carrom: the state at each stroke boundary and its frame.
    boundaries: Vec<(u32, Match)>,
    /// Draughts: the game at the start and after each move, and the moves.
    games: Vec<(Draughts, Option<Move>)>,
    /// Frames (carrom) or moves (draughts) played so far.
    pub at: usize,
    /// Whether it is stopped.
    pub paused: bool,
    /// How many times the real speed.
    pub speed: u8,
    /// Draughts: seconds since the last move shown.
    waited: f32,
}

impl Replaying {
    /// Ready to watch `record` from its start, or why it cannot be shown.
    pub fn open(record: MatchRecord) -> Result<Replaying, RecordError> {
        record.playable()?;
        let mut replaying = Replaying {
            frames: Vec::new(),
            boundaries: Vec::new(),
            games: Vec::new(),
            at: 0,
            paused: false,
            speed: 1,
            waited: 0.0,
            record,
        };
        match &replaying.record.game {
            GameLog::Carrom(log) => {
                replaying.frames = log.frames().collect::<Result<_, _>>()?;
                let mut m = log.first_state()?;
                let wanted: Vec<u32> = log.boundaries.iter().map(|b| b.0).collect();
                replaying.boundaries.push((0, m));
                for (frame, inputs) in replaying.frames.iter().enumerate() {
                    advance(&mut m, inputs);
                    if wanted.contains(&(frame as u32 + 1)) {
                        replaying.boundaries.push((frame as u32 + 1, m));
                    }
                }
            }
            GameLog::Draughts(log) => {
                let games = log.games()?;
                let mut previous: Option<Draughts> = None;
                for game in games {
                    let m = previous.and_then(|before| move_between(&before, &game));
                    replaying.games.push((game, m));
                    previous = Some(game);
                }
            }
        }
        Ok(replaying)
    }

    /// How far the board is, and how far it can go: (now, end), in frames or moves.
    pub fn progress(&self) -> (usize, usize) {
        if self.games.is_empty() {
            (self.at, self.frames.len())
        } else {
            (self.at, self.games.len() - 1)
        }
    }

    /// Which stroke (or move) the board is at, and how many there are.
    pub fn step_of(&self) -> (usize, usize) {
        if self.games.is_empty() {
            let done = self.boundaries.iter().filter(|(f, _)| *f as usize <= self.at).count();
            (done.saturating_sub(1), self.boundaries.len().saturating_sub(1))
        } else {
            (self.at, self.games.len() - 1)
        }
    }
}

/// The move that leads from `before` to `after`.
fn move_between(before: &Draughts, after: &Draughts) -> Option<Move> {
    let mut moves = Moves::default();
    before.moves(&mut moves);
    moves.as_slice().iter().copied().find(|m| {
        let mut next = *before;
        next.play(m);
        next == *after
    })
}

/// Starts watching `replaying` on the match screen.
pub fn watch(
    commands: &mut Commands,
    replaying: Replaying,
    screen: &mut NextState<Screen>,
    host: &mut NextState<MatchHost>,
    game: &mut NextState<GameType>,
) {
    let names = replaying.record.players.clone();
    match &replaying.record.game {
        GameLog::Carrom(_) => {
            let Some((_, start)) = replaying.boundaries.first() else { return };
            let all: [String; 4] =
                core::array::from_fn(|i| names.get(i).cloned().unwrap_or_default());
            let local = LocalMatch::resumed(*start, [Controller::Remote; 4], all);
            commands.insert_resource(local);
            game.set(GameType::Carrom);
        }
        GameLog::Draughts(_) => {
            let name = |i: usize| names.get(i).cloned().unwrap_or_default();
            let mut table =
                DraughtsMatch::new(Colour::Black, Player::Remote, [name(0), name(1)], 0);
            table.players = [Player::Remote; 2];
            if let Some((first, _)) = replaying.games.first() {
                table = table.starting_at(first.position);
            }
            if let GameLog::Draughts(log) = &replaying.record.game {
                table.ballot = log.ballot().ok().flatten();
            }
            commands.insert_resource(table);
            game.set(GameType::Draughts);
        }
    }
    commands.insert_resource(replaying);
    commands.insert_resource(NotRecorded);
    host.set(MatchHost::Replay);
    screen.set(Screen::Game);
}

/// Plays records back.
pub(super) struct ReplayPlugin;

impl Plugin for ReplayPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            FixedUpdate,
            play_carrom
                .in_set(MatchSystems)
                .in_set(HostSystems::Replay)
                .in_set(PausableSystems)
                .run_if(resource_exists::<Replaying>),
        )
        .add_systems(
            Update,
            (spawn_bar, drag_timeline.after(MenuSet), play_draughts, show_bar)
                .chain()
                .run_if(in_state(Screen::Game).and_then(in_state(MatchHost::Replay)))
                .run_if(resource_exists::<Replaying>),
        )
        .add_systems(OnExit(Screen::Game), |mut commands: Commands| {
            commands.remove_resource::<Replaying>();
            commands.remove_resource::<NotRecorded>();
        });
    }
}

fn play_carrom(mut replaying: ResMut<Replaying>, mut local: ResMut<LocalMatch>) {
    if replaying.paused || replaying.frames.is_empty() {
        return;
    }
    local.previous = local.current;
    for _ in 0..replaying.speed {
        let Some(inputs) = replaying.frames.get(replaying.at) else {
            replaying.paused = true;
            return;
        };
        advance(&mut local.current, inputs);
        replaying.at += 1;
    }
}

fn play_draughts(
    time: Res<Time>,
    mut replaying: ResMut<Replaying>,
    table: Option<ResMut<DraughtsMatch>>,
) {
    let Some(mut table) = table else { return };
    if replaying.games.is_empty() {
        return;
    }
    if !replaying.paused {
        replaying.waited += time.delta_secs() * replaying.speed as f32;
        if replaying.waited >= MOVE_EVERY {
            replaying.waited = 0.0;
            if replaying.at + 1 < replaying.games.len() {
                replaying.at += 1;
            } else {
                replaying.paused = true;
            }
        }
    }
    show_move(&replaying, &mut table);
}

/// The draughts board at the replay's move, with the moves before it (the last one lit).
fn show_move(replaying: &Replaying, table: &mut DraughtsMatch) {
    let Some((game, _)) = replaying.games.get(replaying.at) else { return };
    if table.game == *game {
        return;
    }
    table.game = *game;
    table.played = replaying.games[..=replaying.at]
        .windows(2)
        .filter_map(|w| w[1].1.map(|m| (w[0].0, m)))
        .collect();
}

/// What the replay's controls ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Control {
    /// Pause, or play on (from the start, at the end).
    PauseOrPlay,
    /// Play at this many times the real speed.
    Speed(u8),
    /// To the next (1) or previous (-1) stroke or move.
    Step(i8),
    /// To this share of the match (thousandths).
    Seek(u16),
}

/// What the button of `control` does.
fn controls(
    control: Control,
) -> impl Fn(On<Pressed>, ResMut<Replaying>, Option<ResMut<LocalMatch>>) + Send + Sync {
    move |_, mut replaying, mut local| apply(control, &mut replaying, local.as_deref_mut())
}

/// Carries out `control` on the replay (and the carrom match it shows).
fn apply(control: Control, replaying: &mut Replaying, local: Option<&mut LocalMatch>) {
    let (now, end) = replaying.progress();
    let target = match control {
        // At the end, play starts over.
        Control::PauseOrPlay if now >= end => {
            replaying.paused = false;
            Some(0)
        }
        Control::PauseOrPlay => {
            replaying.paused = !replaying.paused;
            None
        }
        Control::Speed(speed) => {
            replaying.speed = speed.clamp(1, 4);
            None
        }
        Control::Step(direction) => Some(step_target(replaying, direction)),
        Control::Seek(share) => Some(end * share.min(1_000) as usize / 1_000),
    };
    if let Some(target) = target {
        seek(replaying, local, target);
    }
}

/// The frame (or move) of the next (`1`) or previous stroke boundary.
fn step_target(replaying: &Replaying, direction: i8) -> usize {
    let (now, end) = replaying.progress();
    if !replaying.games.is_empty() {
        return if direction > 0 { (now + 1).min(end) } else { now.saturating_sub(1) };
    }
    let frames = replaying.boundaries.iter().map(|(f, _)| *f as usize);
    let target = if direction > 0 {
        frames.clone().find(|&f| f > now)
    } else {
        frames.rev().find(|&f| f < now)
    };
    target.unwrap_or(if direction > 0 { end } else { 0 })
}

/// Puts the board at frame (or move) `target`: from the nearest boundary before it.
fn seek(replaying: &mut Replaying, local: Option<&mut LocalMatch>, target: usize) {
    if !replaying.games.is_empty() {
        replaying.at = target.min(replaying.games.len() - 1);
        replaying.waited = 0.0;
        return;
    }
    let Some(local) = local else { return };
    let Some((from, state)) =
        replaying.boundaries.iter().rev().find(|(f, _)| *f as usize <= target).copied()
    else {
        return;
    };
    let mut m = state;
    let end = target.min(replaying.frames.len());
    for inputs in &replaying.frames[from as usize..end] {
        advance(&mut m, inputs);
    }
    replaying.at = end;
    local.current = m;
    local.previous = m;
}

/// The replay's controls and where it is.
#[derive(Component)]
struct ReplayBar;

/// The line saying where the replay is.
#[derive(Component)]
struct ReplayStatus;

/// The timeline's filled part.
#[derive(Component)]
struct TimelineFill;

/// The timeline: a finger or the mouse held on it and moved seeks as it goes.
#[derive(Component)]
struct Timeline;

/// How far (physical pixels) above and below the timeline a finger still takes it.
const TIMELINE_REACH: f32 = 24.0;

/// The share of the match (thousandths) at `x` on a timeline drawn in `rect`, which runs
/// from the right when `mirrored` (a right-to-left language).
fn share_at(x: f32, rect: Rect, mirrored: bool) -> u16 {
    let share = ((x - rect.min.x) / rect.width().max(1.0)).clamp(0.0, 1.0);
    let share = if mirrored { 1.0 - share } else { share };
    (share * 1_000.0).round() as u16
}

/// Seeks to the point of the timeline under a finger or the mouse button held on it, as
/// it moves (in thousandths, only when that changes: a seek re-simulates).
fn drag_timeline(
    mouse: Res<ButtonInput<MouseButton>>,
    touches: Res<bevy::input::touch::Touches>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    lines: Query<(&ComputedNode, &UiGlobalTransform, Has<Mirrored>), With<Timeline>>,
    mut held: Local<Option<u16>>,
    (mut replaying, mut local): (ResMut<Replaying>, Option<ResMut<LocalMatch>>),
) {
    let (Ok(window), Ok((line, at, mirrored))) = (windows.single(), lines.single()) else {
        return;
    };
    let finger = touches.iter().next();
    let pointer = if mouse.pressed(MouseButton::Left) {
        window.physical_cursor_position()
    } else {
        finger.map(|t| t.position() * window.scale_factor())
    };
    let Some(pointer) = pointer else {
        *held = None;
        return;
    };
    let rect = Rect::from_center_size(at.translation, line.size());
    let pressed_now = mouse.just_pressed(MouseButton::Left) || touches.any_just_pressed();
    if held.is_none() && !(pressed_now && rect.inflate(TIMELINE_REACH).contains(pointer)) {
        return;
    }
    let share = share_at(pointer.x, rect, mirrored);
    if *held != Some(share) {
        *held = Some(share);
        apply(Control::Seek(share), &mut replaying, local.as_deref_mut());
    }
}

/// Puts the controls in the HUD's right panel, under its pause button, once the panel is
/// there: in its flow, so that they cover none of its cards in a short window, and first,
/// because in a replay they are what a player reaches for.
fn spawn_bar(
    mut commands: Commands,
    w: Res<Words>,
    bars: Query<(), With<ReplayBar>>,
    panels: Query<(Entity, &Dock)>,
) {
    if !bars.is_empty() {
        return;
    }
    let right = |dock: &Dock| matches!(dock, Dock::Right(_) | Dock::RightOrUnder(_));
    let Some((panel, _)) = panels.iter().find(|(_, dock)| right(dock)) else {
        return;
    };
    let bar = commands
        .spawn((
            ReplayBar,
            Node {
                width: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                padding: UiRect::all(px(6)),
                border_radius: BorderRadius::all(px(8)),
                ..default()
            },
            BackgroundColor(palette::CARD),
        ))
        .with_children(|bar| {
            bar.spawn((ReplayStatus, ui::text(w.get("replay-title"), 16.0, palette::TEXT)));
            // The timeline: ten parts to click, from the start to the end, filled as far as
            // the board is; held and dragged, it seeks as the pointer goes.
            bar.spawn((
                Timeline,
                Node {
                    width: percent(100),
                    height: px(18),
                    margin: UiRect::vertical(px(4)),
                    ..default()
                },
            ))
            .with_children(|line| {
                line.spawn((
                    TimelineFill,
                    Node {
                        position_type: PositionType::Absolute,
                        width: percent(0),
                        height: percent(100),
                        ..default()
                    },
                    BackgroundColor(palette::ACCENT),
                    // Over the parts (whose buttons are painted); it lets clicks through.
                    ZIndex(1),
                ));
                for part in 0..TIMELINE_PARTS {
                    let share = timeline_part(part);
                    line.spawn((
                        ui::MenuButton { order: 40 + part, selected: false },
                        Name::new(format!("ReplaySeek({share})")),
                        Node { width: percent(10), height: percent(100), ..default() },
                        BackgroundColor(Color::srgba(1.0, 1.0, 1.0, 0.08)),
                        BorderColor::all(Color::NONE),
                    ))
                    .observe(controls(Control::Seek(share)));
                }
            });
            bar.spawn(ui::row()).with_children(|row| {
                let previous = ui::button(w.get("replay-previous"), "ReplayStep(-1)", 30, false);
                row.spawn(previous).observe(controls(Control::Step(-1)));
                let pause = ui::button(w.get("replay-pause-play"), "ReplayPause", 31, false);
                row.spawn(pause).observe(controls(Control::PauseOrPlay));
                let next = ui::button(w.get("replay-next"), "ReplayStep(1)", 32, false);
                row.spawn(next).observe(controls(Control::Step(1)));
                for (i, speed) in [1u8, 2, 4].into_iter().enumerate() {
                    let label = w.with("replay-speed", &[("speed", speed.into())]);
                    let name = format!("ReplaySpeed({speed})");
                    row.spawn(ui::button(label, name, 33 + i as u16, false))
                        .observe(controls(Control::Speed(speed)));
                }
            });
        })
        .id();
    commands.entity(panel).insert_children(1, &[bar]);
}

fn show_bar(
    replaying: Res<Replaying>,
    w: Res<Words>,
    mut status: Query<&mut Text, With<ReplayStatus>>,
    mut fill: Query<&mut Node, With<TimelineFill>>,
) {
    let (now, end) = replaying.progress();
    let (step, steps) = replaying.step_of();
    let id = match (replaying.games.is_empty(), replaying.paused) {
        (true, true) => "replay-stroke-paused",
        (true, false) => "replay-stroke-playing",
        (false, true) => "replay-move-paused",
        (false, false) => "replay-move-playing",
    };
    let args = [("step", step.into()), ("steps", steps.into()), ("speed", replaying.speed.into())];
    let line = format!("{}\n{}", w.with(id, &args), replaying.record.result);
    for mut text in &mut status {
        if text.0 != line {
            text.0 = line.clone();
        }
    }
    let share = if end == 0 { 100.0 } else { now as f32 * 100.0 / end as f32 };
    for mut node in &mut fill {
        node.width = percent(share);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_on_the_timeline_is_a_share_of_the_match_from_the_reading_side() {
        let line = Rect::new(100.0, 0.0, 600.0, 18.0);
        assert_eq!(share_at(100.0, line, false), 0);
        assert_eq!(share_at(350.0, line, false), 500);
        assert_eq!(share_at(700.0, line, false), 1_000, "past the end: the end");
        assert_eq!(share_at(150.0, line, true), 900, "right to left");
    }
}
