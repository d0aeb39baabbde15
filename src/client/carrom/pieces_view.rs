//! The pieces and the striker, drawn where the simulation has them, interpolated between
//! the last two 60 Hz frames so motion is smooth at any display rate. While the shooter
//! aims, the striker sits at the aimed spot on the baseline.

use crate::client::carrom::art::Art;
use crate::client::carrom::board_view::{cm, point};
use crate::client::flow::GameType;
use crate::client::flow::screen::Screen;
use crate::client::hosts::{LocalMatch, MatchSystems};
use crate::game::{Match, Phase};
use crate::sim::{Fx, Kind, STRIKER, Table};
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
    spawn_pieces(&mut commands, Screen::Game, local.current.table(), &art, PieceView);
}

/// Draws every body of `table` for as long as `screen` lasts, each entity tagged with
/// `tag(index)`; hidden until placed.
pub fn spawn_pieces<B: Bundle>(
    commands: &mut Commands,
    screen: Screen,
    table: &Table,
    art: &Art,
    tag: impl Fn(usize) -> B,
) {
    for (i, body) in table.bodies().iter().enumerate() {
        let kind = body.kind();
        let radius = cm(kind.radius(table.preset()));
        let z = if kind == Kind::Striker { 2.0 } else { 1.0 };
        commands
            .spawn((
                DespawnOnExit(screen),
                tag(i),
                Transform::from_xyz(0.0, 0.0, z),
                Visibility::Hidden,
            ))
            .with_children(|piece| piece_sprites(piece, art, kind, radius));
    }
}

/// Whether body `i` shows and where, `t` of the way from frame `before` to `now`: while
/// the shooter aims the striker sits at the aimed spot; a jump (a piece put back) is not
/// smoothed.
pub fn drawn_at(before: &Match, now: &Match, i: usize, t: f32) -> (bool, Vec2) {
    let Some(body) = now.table().bodies().get(i) else { return (false, Vec2::ZERO) };
    if i == STRIKER {
        match now.phase() {
            Phase::Aim => {
                let placement = Fx::milli_cm(now.aim().placement as i32);
                return (true, point(now.shooter().striker_spot(now.table().preset(), placement)));
            }
            Phase::Motion => {}
            _ => return (false, Vec2::ZERO),
        }
    }
    let to = point(body.pos);
    let from = before.table().bodies().get(i).filter(|b| b.is_on_board()).map(|b| point(b.pos));
    let at = match from {
        Some(from) if from.distance(to) < JUMP => from.lerp(to, t),
        _ => to,
    };
    (body.is_on_board(), at)
}

fn place(
    local: Res<LocalMatch>,
    fixed: Res<Time<Fixed>>,
    cameras: Query<&Transform, (With<Camera2d>, Without<PieceView>)>,
    mut pieces: Query<(&PieceView, &mut Transform, &mut Visibility)>,
) {
    let facing = cameras.iter().next().map_or(Quat::IDENTITY, |c| c.rotation);
    let t = fixed.overstep_fraction().clamp(0.0, 1.0);
    for (piece, mut transform, mut visibility) in &mut pieces {
        let (shown, at) = drawn_at(&local.previous, &local.current, piece.0, t);
        transform.translation.x = at.x;
        transform.translation.y = at.y;
        transform.rotation = facing;
        let wanted = if shown { Visibility::Inherited } else { Visibility::Hidden };
        if *visibility != wanted {
            *visibility = wanted;
        }
    }
}
