//! The pieces and the striker, drawn where the simulation has them, interpolated between
//! the last two 60 Hz frames so motion is smooth at any display rate. While the shooter
//! aims, the striker sits at the aimed spot on the baseline.

use crate::client::carrom::art::Art;
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

/// How far a piece's shadow falls from it, in the view (cm): down and to the right,
/// away from the light.
const SHADOW_OFFSET: Vec2 = Vec2::new(0.22, -0.32);

/// A piece's drawing as children of its entity: its soft shadow, then its face. The
/// entity's rotation should follow the camera's, so the light stays where it is on screen.
pub fn piece_sprites(piece: &mut ChildSpawnerCommands, art: &Art, kind: Kind, radius: f32) {
    piece.spawn((
        Sprite {
            image: art.shadow.clone(),
            custom_size: Some(Vec2::splat(radius * 2.5)),
            ..default()
        },
        Transform::from_translation(SHADOW_OFFSET.extend(-0.5)),
    ));
    piece.spawn((
        Sprite {
            image: art.piece(kind),
            custom_size: Some(Vec2::splat(radius * 2.0)),
            ..default()
        },
        Transform::default(),
    ));
}

fn spawn(mut commands: Commands, local: Option<Res<LocalMatch>>, art: Res<Art>) {
    let Some(local) = local else { return };
    let table = local.current.table();
    for (i, body) in table.bodies().iter().enumerate() {
        let kind = body.kind();
        let radius = cm(kind.radius(table.preset()));
        let z = if kind == Kind::Striker { 2.0 } else { 1.0 };
        commands
            .spawn((
                DespawnOnExit(Screen::Game),
                PieceView(i),
                Transform::from_xyz(0.0, 0.0, z),
                Visibility::Hidden,
            ))
            .with_children(|piece| piece_sprites(piece, &art, kind, radius));
    }
}

fn place(
    local: Res<LocalMatch>,
    fixed: Res<Time<Fixed>>,
    cameras: Query<&Transform, (With<Camera2d>, Without<PieceView>)>,
    mut pieces: Query<(&PieceView, &mut Transform, &mut Visibility)>,
) {
    let facing = cameras.iter().next().map_or(Quat::IDENTITY, |c| c.rotation);
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
        transform.rotation = facing;
        let wanted = if shown { Visibility::Inherited } else { Visibility::Hidden };
        if *visibility != wanted {
            *visibility = wanted;
        }
    }
}
