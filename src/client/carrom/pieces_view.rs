//! The pieces and the striker, drawn where the simulation has them, interpolated between
//! the last two 60 Hz frames so motion is smooth at any display rate. While the shooter
//! aims, the striker sits at the aimed spot on the baseline.

use crate::client::carrom::board_view::{cm, point};
use crate::client::flow::GameType;
use crate::client::flow::screen::Screen;
use crate::client::hosts::{LocalMatch, MatchSystems};
use crate::game::Phase;
use crate::sim::{Fx, Kind, STRIKER};
use bevy::prelude::*;

/// A drawn piece: the index of its body in the table.
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceView(pub usize);

/// One disc of a piece's drawing.
type Layer = (Handle<Mesh>, Handle<ColorMaterial>);

/// Farther than this between two frames (cm) is a jump (a piece put back), not motion.
const JUMP: f32 = 8.0;

/// Draws and moves the pieces.
pub(super) struct PiecesViewPlugin;

impl Plugin for PiecesViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Game), spawn.run_if(in_state(GameType::Carrom)))
            .add_systems(Update, place.in_set(MatchSystems));
    }
}

/// Face, rim and inner ring colours of a kind of piece.
fn look(kind: Kind) -> (Color, Color, Color) {
    match kind {
        Kind::White => (
            Color::srgb(0.96, 0.93, 0.84),
            Color::srgb(0.55, 0.50, 0.42),
            Color::srgb(0.80, 0.75, 0.64),
        ),
        Kind::Black => (
            Color::srgb(0.13, 0.12, 0.12),
            Color::srgb(0.02, 0.02, 0.02),
            Color::srgb(0.32, 0.30, 0.29),
        ),
        Kind::Queen => (
            Color::srgb(0.80, 0.10, 0.14),
            Color::srgb(0.40, 0.03, 0.05),
            Color::srgb(0.95, 0.45, 0.40),
        ),
        Kind::Striker => (
            Color::srgb(0.93, 0.90, 0.80),
            Color::srgb(0.12, 0.22, 0.48),
            Color::srgb(0.20, 0.36, 0.70),
        ),
    }
}

fn spawn(
    mut commands: Commands,
    local: Option<Res<LocalMatch>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(local) = local else { return };
    let table = local.current.table();
    // Pieces of a kind share meshes and materials, so they are drawn in batches.
    let mut shared: Vec<(Kind, [Layer; 4])> = Vec::new();
    for (i, body) in table.bodies().iter().enumerate() {
        let kind = body.kind();
        let parts = match shared.iter().find(|(k, _)| *k == kind) {
            Some((_, parts)) => parts.clone(),
            None => {
                let r = cm(kind.radius(table.preset()));
                let (face, rim, ring) = look(kind);
                let layers = [(r, rim), (r * 0.9, face), (r * 0.62, ring), (r * 0.52, face)];
                let parts = layers.map(|(radius, colour)| {
                    (meshes.add(Circle::new(radius)), materials.add(colour))
                });
                shared.push((kind, parts.clone()));
                parts
            }
        };
        let z = if kind == Kind::Striker { 2.0 } else { 1.0 };
        commands
            .spawn((
                DespawnOnExit(Screen::Game),
                PieceView(i),
                Transform::from_xyz(0.0, 0.0, z),
                Visibility::Hidden,
            ))
            .with_children(|piece| {
                for (layer, (mesh, material)) in parts.into_iter().enumerate() {
                    piece.spawn((
                        Mesh2d(mesh),
                        MeshMaterial2d(material),
                        Transform::from_xyz(0.0, 0.0, layer as f32 * 0.01),
                    ));
                }
            });
    }
}

fn place(
    local: Res<LocalMatch>,
    fixed: Res<Time<Fixed>>,
    mut pieces: Query<(&PieceView, &mut Transform, &mut Visibility)>,
) {
    let m = &local.current;
    let before = local.previous.table().bodies();
    let now = m.table().bodies();
    let t = fixed.overstep_fraction().clamp(0.0, 1.0);
    for (piece, mut transform, mut visibility) in &mut pieces {
        let Some(body) = now.get(piece.0) else { continue };
        let (shown, at) = if piece.0 == STRIKER {
            match m.phase() {
                Phase::Aim => {
                    let aim = m.aim();
                    let placement = Fx::milli_cm(aim.placement as i32);
                    (true, point(m.shooter().striker_spot(m.table().preset(), placement)))
                }
                Phase::Motion => (body.is_on_board(), point(body.pos)),
                _ => (false, Vec2::ZERO),
            }
        } else {
            let to = point(body.pos);
            let from = before.get(piece.0).filter(|b| b.is_on_board()).map(|b| point(b.pos));
            let at = match from {
                Some(from) if from.distance(to) < JUMP => from.lerp(to, t),
                _ => to,
            };
            (body.is_on_board(), at)
        };
        let striker_moving = piece.0 == STRIKER && m.phase() == Phase::Motion;
        let at = if striker_moving {
            let from = before.get(STRIKER).filter(|b| b.is_on_board()).map(|b| point(b.pos));
            from.filter(|f| f.distance(at) < JUMP).map_or(at, |f| f.lerp(at, t))
        } else {
            at
        };
        transform.translation.x = at.x;
        transform.translation.y = at.y;
        let wanted = if shown { Visibility::Inherited } else { Visibility::Hidden };
        if *visibility != wanted {
            *visibility = wanted;
        }
    }
}
