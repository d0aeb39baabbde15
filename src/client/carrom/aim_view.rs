//! The aiming guide: a line from the striker to the first thing it would meet, a ghost
//! striker there, and, when that is a piece, the way the piece would go. Drawn from the
//! live aim (the shared state's, or the local shooter's own as it is being built).

use crate::client::carrom::aiming::AimControl;
use crate::client::carrom::board_view::{cm, point};
use crate::client::flow::GameType;
use crate::client::flow::screen::Screen;
use crate::client::hosts::{LocalMatch, MatchSystems};
use crate::game::{Match, Phase};
use crate::sim::{FULL_POWER, Fx, STRIKER, Stroke, stroke::check_aim};
use bevy::prelude::*;

/// The guide's parts.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Guide {
    /// From the striker to the contact.
    Line,
    /// The striker where it first touches something.
    Ghost,
    /// The struck piece's direction.
    Follow,
}

/// Length of the struck piece's direction line, cm.
const FOLLOW: f32 = 7.0;

/// Draws the aiming guide.
pub(super) struct AimViewPlugin;

impl Plugin for AimViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Game), spawn.run_if(in_state(GameType::Carrom)))
            .add_systems(Update, update.in_set(MatchSystems));
    }
}

fn spawn(
    mut commands: Commands,
    local: Option<Res<LocalMatch>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(local) = local else { return };
    let r = cm(local.current.table().preset().striker_radius);
    let guide = Color::srgba(1.0, 1.0, 1.0, 0.8);
    for part in [Guide::Line, Guide::Follow] {
        commands.spawn((
            DespawnOnExit(Screen::Game),
            part,
            Sprite::from_color(guide, Vec2::ONE),
            Transform::from_xyz(0.0, 0.0, 3.0),
            Visibility::Hidden,
        ));
    }
    commands.spawn((
        DespawnOnExit(Screen::Game),
        Guide::Ghost,
        Mesh2d(meshes.add(Annulus::new(r - 0.2, r))),
        MeshMaterial2d(materials.add(guide)),
        Transform::from_xyz(0.0, 0.0, 3.0),
        Visibility::Hidden,
    ));
}

/// Where a stroke's striker first meets a piece or a cushion: the striker's centre then,
/// and the piece's index if it is one.
pub fn first_contact(m: &Match, stroke: &Stroke) -> (Vec2, Vec2, Option<usize>) {
    let table = m.table();
    let p = table.preset();
    let from = point(m.shooter().striker_spot(p, Fx::milli_cm(stroke.placement as i32)));
    let turn = stroke.angle as f32 / 65_536.0 * core::f32::consts::TAU;
    let direction = Vec2::from_angle(turn);
    let rs = cm(p.striker_radius);
    let wall = cm(p.half_size) - rs;
    let mut best = f32::INFINITY;
    for (axis, towards) in [(direction.x, from.x), (direction.y, from.y)] {
        if axis.abs() > 1e-6 {
            let t = (wall * axis.signum() - towards) / axis;
            best = best.min(t.max(0.0));
        }
    }
    let mut hit = None;
    for (i, body) in table.bodies().iter().enumerate() {
        if i == STRIKER || !body.is_on_board() {
            continue;
        }
        let c = point(body.pos);
        let reach = rs + cm(body.kind().radius(p));
        let to = c - from;
        let along = to.dot(direction);
        let miss = to.length_squared() - along * along;
        if along <= 0.0 || miss > reach * reach {
            continue;
        }
        let t = along - (reach * reach - miss).sqrt();
        if t < best {
            best = t;
            hit = Some(i);
        }
    }
    (from, from + direction * best, hit)
}

fn update(
    local: Res<LocalMatch>,
    control: Res<AimControl>,
    mut parts: Query<(&Guide, &mut Transform, &mut Visibility, Option<&mut Sprite>)>,
) {
    let m = &local.current;
    let own = local.is_human(local.shooter_player()) && control.stroke_number == m.next_stroke();
    let aim = m.aim();
    let shared = Stroke { placement: aim.placement, angle: aim.angle, power: aim.power };
    let stroke = if own { control.stroke } else { shared };
    // Someone else's aim left over from another seat points backwards: nothing to show.
    let shown = m.phase() == Phase::Aim && check_aim(m.shooter(), &stroke).is_ok();
    let (from, contact, hit) = first_contact(m, &stroke);
    let strength = 0.35 + 0.65 * stroke.power as f32 / FULL_POWER as f32;
    for (part, mut transform, mut visibility, sprite) in &mut parts {
        let (visible, a, b) = match part {
            Guide::Line => (shown, from, contact),
            Guide::Ghost => (shown, contact, contact),
            Guide::Follow => match hit {
                Some(i) => {
                    let c = point(m.table().bodies()[i].pos);
                    let away = (c - contact).normalize_or_zero();
                    (shown, c, c + away * FOLLOW)
                }
                None => (false, contact, contact),
            },
        };
        let wanted = if visible { Visibility::Inherited } else { Visibility::Hidden };
        if *visibility != wanted {
            *visibility = wanted;
        }
        if !visible {
            continue;
        }
        match sprite {
            Some(mut sprite) => {
                let length = a.distance(b);
                sprite.custom_size = Some(Vec2::new(length, 0.25));
                sprite.color = Color::srgba(1.0, 1.0, 1.0, strength);
                transform.translation = ((a + b) / 2.0).extend(3.0);
                transform.rotation = Quat::from_rotation_z((b - a).to_angle());
            }
            None => transform.translation = a.extend(3.0),
        }
    }
}
