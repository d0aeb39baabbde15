//! The striker's path after release: a pale blue line drawn behind it as it goes, left on
//! the board for a moment after the pieces stop, so a player sees what the stroke did.

use crate::client::carrom::board_view::point;
use crate::client::flow::GameType;
use crate::client::flow::screen::Screen;
use crate::client::hosts::{LocalMatch, MatchSystems};
use crate::game::Phase;
use crate::sim::{Fx, STRIKER};
use bevy::prelude::*;

/// How long the path stays once the stroke is over, seconds.
const LINGER: f32 = 1.6;

/// Points closer than this (cm) to the last one are not kept.
const STEP: f32 = 0.4;

/// Most segments the path is drawn with.
const SEGMENTS: usize = 160;

/// The path's width, cm.
const WIDTH: f32 = 0.3;

/// One segment of the drawn path, by its place along it.
#[derive(Component, Clone, Copy, Debug)]
struct TrailSegment(usize);

/// The path of the stroke being shown.
#[derive(Resource, Default, Debug)]
pub struct Trail {
    stroke: u16,
    points: Vec<Vec2>,
    since_end: f32,
}

/// Records and draws the striker's path.
pub(super) struct TrailPlugin;

impl Plugin for TrailPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Trail>()
            .add_systems(OnEnter(Screen::Game), spawn.run_if(in_state(GameType::Carrom)))
            .add_systems(OnExit(Screen::Game), |mut trail: ResMut<Trail>| *trail = Trail::default())
            .add_systems(Update, (record, draw).chain().in_set(MatchSystems));
    }
}

fn record(local: Res<LocalMatch>, time: Res<Time>, mut trail: ResMut<Trail>) {
    let m = &local.current;
    if m.phase() == Phase::Motion {
        if trail.stroke != m.next_stroke() {
            // From the spot it was struck from, however many frames ran before this look.
            let placement = Fx::milli_cm(m.aim().placement as i32);
            let spot = point(m.shooter().striker_spot(m.table().preset(), placement));
            *trail = Trail { stroke: m.next_stroke(), points: vec![spot], ..default() };
        }
        let striker = m.table().bodies()[STRIKER];
        if striker.is_on_board() {
            let at = point(striker.pos);
            if trail.points.last().is_none_or(|last| last.distance(at) >= STEP) {
                trail.points.push(at);
            }
        }
    } else if !trail.points.is_empty() {
        trail.since_end += time.delta_secs();
        if trail.since_end > LINGER {
            trail.points.clear();
        }
    }
}

fn spawn(mut commands: Commands) {
    for i in 0..SEGMENTS {
        commands.spawn((
            DespawnOnExit(Screen::Game),
            TrailSegment(i),
            Sprite::from_color(Color::NONE, Vec2::ONE),
            Transform::from_xyz(0.0, 0.0, 2.8),
            Visibility::Hidden,
        ));
    }
}

/// Draws the path as segments, faint at its start and stronger towards the striker.
fn draw(
    trail: Res<Trail>,
    mut segments: Query<(&TrailSegment, &mut Sprite, &mut Transform, &mut Visibility)>,
) {
    let points = &trail.points;
    // A long path is drawn with fewer, longer segments.
    let stride = points.len().div_ceil(SEGMENTS).max(1);
    let kept: Vec<Vec2> = points.iter().step_by(stride).chain(points.last()).copied().collect();
    let n = kept.len();
    let fade = 1.0 - (trail.since_end / LINGER).min(1.0);
    for (segment, mut sprite, mut transform, mut visibility) in &mut segments {
        let i = segment.0;
        let shown = i + 1 < n && fade > 0.0;
        let wanted = if shown { Visibility::Inherited } else { Visibility::Hidden };
        if *visibility != wanted {
            *visibility = wanted;
        }
        if !shown {
            continue;
        }
        let (a, b) = (kept[i], kept[i + 1]);
        let along = (i + 1) as f32 / (n - 1) as f32;
        sprite.color = Color::srgba(0.35, 0.65, 1.0, fade * (0.5 + 0.45 * along));
        sprite.custom_size = Some(Vec2::new(a.distance(b) + WIDTH * 0.5, WIDTH));
        transform.translation.x = (a.x + b.x) / 2.0;
        transform.translation.y = (a.y + b.y) / 2.0;
        transform.rotation = Quat::from_rotation_z((b - a).to_angle());
    }
}
