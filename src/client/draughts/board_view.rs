//! The draughts board drawn (CK-12): 8×8 in wood colours with the square numbers small on
//! the dark squares; the pieces with a rim and a face, kings with a crown ring; rings where
//! the picked-up piece can go, marks on every piece that must capture, crosses on the
//! pieces a capture would jump, and the last move's squares lit. Everything is read from
//! [`DraughtsMatch`] and redrawn when it changes.

use super::geometry::{SQUARE, cell_centre, centre};
use super::selection::movable;
use super::table::DraughtsMatch;
use crate::checkers::Colour;
use crate::checkers::moves::has_capture;
use crate::client::flow::{GameType, Screen};
use bevy::prelude::*;

mod colour {
    use bevy::prelude::Color;
    pub const FRAME: Color = Color::srgb(0.30, 0.18, 0.09);
    pub const LIGHT: Color = Color::srgb(0.93, 0.84, 0.66);
    pub const DARK: Color = Color::srgb(0.45, 0.29, 0.16);
    pub const NUMBER: Color = Color::srgba(1.0, 0.95, 0.85, 0.55);
    pub const LAST: Color = Color::srgba(1.0, 0.85, 0.30, 0.30);
    pub const BLACK_FACE: Color = Color::srgb(0.14, 0.13, 0.13);
    pub const BLACK_RIM: Color = Color::srgb(0.02, 0.02, 0.02);
    pub const RED_FACE: Color = Color::srgb(0.78, 0.12, 0.12);
    pub const RED_RIM: Color = Color::srgb(0.42, 0.04, 0.04);
    pub const CROWN: Color = Color::srgb(0.95, 0.78, 0.25);
    pub const TARGET: Color = Color::srgb(0.40, 0.90, 0.50);
    pub const MUST: Color = Color::srgb(1.0, 0.62, 0.12);
    pub const CROSS: Color = Color::srgb(0.95, 0.95, 0.95);
    pub const HELD: Color = Color::srgb(0.35, 0.75, 1.0);
}

/// What is drawn anew each time the game changes.
#[derive(Component)]
struct Redrawn;

/// A piece gliding along the squares of the move just played.
#[derive(Component)]
struct Glide {
    /// The centres it passes, start first.
    path: Vec<Vec2>,
    /// Seconds since the move.
    elapsed: f32,
}

/// Seconds a piece takes for each step of a move.
const GLIDE_STEP: f32 = 0.18;

/// Draws the board.
pub(super) struct BoardViewPlugin;

impl Plugin for BoardViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Game), spawn_board.run_if(in_state(GameType::Draughts)))
            .add_systems(
                Update,
                (
                    redraw.run_if(resource_exists_and_changed::<DraughtsMatch>),
                    (glide, fade).run_if(resource_exists::<DraughtsMatch>),
                )
                    .chain()
                    .run_if(in_state(Screen::Game).and_then(in_state(GameType::Draughts))),
            );
    }
}

fn spawn_board(
    mut commands: Commands,
    table: Option<Res<DraughtsMatch>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(table) = table else { return };
    let cell = meshes.add(Rectangle::new(SQUARE, SQUARE));
    let (light, dark) = (materials.add(colour::LIGHT), materials.add(colour::DARK));
    commands.spawn((
        DespawnOnExit(Screen::Game),
        Mesh2d(meshes.add(Rectangle::new(8.0 * SQUARE + 4.0, 8.0 * SQUARE + 4.0))),
        MeshMaterial2d(materials.add(colour::FRAME)),
        Transform::from_xyz(0.0, 0.0, 0.0),
    ));
    for r in 0..8 {
        for c in 0..8 {
            let material = if (r + c) % 2 == 1 { dark.clone() } else { light.clone() };
            commands.spawn((
                DespawnOnExit(Screen::Game),
                Mesh2d(cell.clone()),
                MeshMaterial2d(material),
                Transform::from_translation(cell_centre(r, c).extend(0.1)),
            ));
        }
    }
    for bit in 0..32 {
        let corner = centre(bit, table.bottom) + Vec2::new(-SQUARE * 0.34, SQUARE * 0.34);
        commands.spawn((
            DespawnOnExit(Screen::Game),
            Text2d::new((bit + 1).to_string()),
            TextFont { font_size: FontSize::Px(14.0), ..default() },
            TextColor(colour::NUMBER),
            Transform::from_translation(corner.extend(0.5)).with_scale(Vec3::splat(0.12)),
        ));
    }
}

/// A shape drawn anew with the game.
type Shape = (Redrawn, DespawnOnExit<Screen>, Mesh2d, MeshMaterial2d<ColorMaterial>, Transform);

/// `mesh` in `colour` at `at`, height `z`.
fn disc(
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    mesh: impl Into<Mesh>,
    colour: Color,
    at: Vec2,
    z: f32,
) -> Shape {
    (
        Redrawn,
        DespawnOnExit(Screen::Game),
        Mesh2d(meshes.add(mesh.into())),
        MeshMaterial2d(materials.add(colour)),
        Transform::from_translation(at.extend(z)),
    )
}

fn redraw(
    mut commands: Commands,
    table: Res<DraughtsMatch>,
    old: Query<Entity, With<Redrawn>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut seen: Local<usize>,
) {
    // A move just played glides from its start through its landings.
    let fresh = table.played.len() > *seen;
    *seen = table.played.len();
    let moved = table.last_move().filter(|_| fresh);
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let (meshes, materials) = (&mut *meshes, &mut *materials);
    let bottom = table.bottom;
    let position = table.game.position;
    let radius = SQUARE * 0.4;
    if let Some(last) = table.last_move() {
        for bit in std::iter::once(last.from as u32).chain(last.landings()) {
            let lit = Rectangle::new(SQUARE, SQUARE);
            commands.spawn(disc(meshes, materials, lit, colour::LAST, centre(bit, bottom), 0.2));
        }
    }
    for bit in 0..32 {
        let at = centre(bit, bottom);
        let (face, rim) = if position.black & (1 << bit) != 0 {
            (colour::BLACK_FACE, colour::BLACK_RIM)
        } else if position.red & (1 << bit) != 0 {
            (colour::RED_FACE, colour::RED_RIM)
        } else {
            continue;
        };
        let glide = moved.filter(|m| m.to as u32 == bit).map(|m| Glide {
            path: std::iter::once(m.from as u32)
                .chain(m.landings())
                .map(|b| centre(b, bottom))
                .collect(),
            elapsed: 0.0,
        });
        let start = glide.as_ref().map_or(at, |g| g.path[0]);
        let king = position.kings & (1 << bit) != 0;
        let piece = spawn_piece(&mut commands, meshes, materials, start, (face, rim), king);
        if let Some(glide) = glide {
            commands.entity(piece).insert(glide);
        }
    }
    // The men a fresh capture took fade as the capturing piece passes over them.
    if let (Some(m), Some((before, _))) = (moved, table.played.last()) {
        let path: Vec<Vec2> =
            std::iter::once(m.from as u32).chain(m.landings()).map(|b| centre(b, bottom)).collect();
        let (face, rim) = match before.position.to_move() {
            Colour::Black => (colour::RED_FACE, colour::RED_RIM),
            Colour::Red => (colour::BLACK_FACE, colour::BLACK_RIM),
        };
        for bit in (0..32).filter(|b| m.captured & (1 << b) != 0) {
            let at = centre(bit, bottom);
            let step = path.windows(2).position(|w| (w[0] + w[1]) / 2.0 == at).unwrap_or(0);
            let king = before.position.kings & (1 << bit) != 0;
            let ghost = spawn_piece(&mut commands, meshes, materials, at, (face, rim), king);
            let fade = Fade { at: (step as f32 + 0.5) * GLIDE_STEP, elapsed: 0.0 };
            commands.entity(ghost).insert(fade);
        }
    }
    if table.ending.is_some() {
        return;
    }
    let held = table.selection.from;
    if has_capture(&position) && held.is_none() {
        for bit in movable(&table.game) {
            let mark = Annulus::new(radius * 1.02, radius * 1.14);
            commands.spawn(disc(meshes, materials, mark, colour::MUST, centre(bit, bottom), 1.4));
        }
    }
    if let Some(from) = held {
        let mark = Annulus::new(radius * 1.02, radius * 1.14);
        commands.spawn(disc(meshes, materials, mark, colour::HELD, centre(from, bottom), 1.4));
        for bit in table.selection.targets(&table.game) {
            let ring = Annulus::new(radius * 0.5, radius * 0.62);
            commands.spawn(disc(meshes, materials, ring, colour::TARGET, centre(bit, bottom), 1.4));
        }
        let jumped = table.selection.jumped(&table.game);
        for bit in (0..32).filter(|b| jumped & (1 << b) != 0) {
            for turn in [0.25, -0.25] {
                let bar = Rectangle::new(radius * 1.5, radius * 0.18);
                let mut cross =
                    disc(meshes, materials, bar, colour::CROSS, centre(bit, bottom), 1.5);
                cross.4.rotation = Quat::from_rotation_z(turn * core::f32::consts::PI);
                commands.spawn(cross);
            }
        }
    }
}

/// A piece drawn at `at`: a rim, a face, an inner ring and, for a king, a gold crown.
fn spawn_piece(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    at: Vec2,
    (face, rim): (Color, Color),
    king: bool,
) -> Entity {
    let radius = SQUARE * 0.4;
    let ring = Annulus::new(radius * 0.55, radius * 0.62);
    let crown = Annulus::new(radius * 0.30, radius * 0.48);
    let mut layers: Vec<(Mesh, Color)> = vec![
        (Circle::new(radius).into(), rim),
        (Circle::new(radius * 0.86).into(), face),
        (ring.into(), rim),
    ];
    if king {
        layers.push((crown.into(), colour::CROWN));
    }
    commands
        .spawn((
            Redrawn,
            DespawnOnExit(Screen::Game),
            Transform::from_translation(at.extend(1.0)),
            Visibility::Visible,
        ))
        .with_children(|parts| {
            for (z, (mesh, tint)) in layers.into_iter().enumerate() {
                parts.spawn((
                    Mesh2d(meshes.add(mesh)),
                    MeshMaterial2d(materials.add(tint)),
                    Transform::from_xyz(0.0, 0.0, 0.01 * z as f32),
                ));
            }
        })
        .id()
}

/// A captured man shrinking away once the capturing piece has passed, `at` seconds in.
#[derive(Component)]
struct Fade {
    at: f32,
    elapsed: f32,
}

/// Seconds a captured man takes to vanish.
const FADE_FOR: f32 = 0.15;

/// Shrinks captured men away, then removes them.
fn fade(
    mut commands: Commands,
    time: Res<Time>,
    mut ghosts: Query<(Entity, &mut Fade, &mut Transform)>,
) {
    for (entity, mut fade, mut transform) in &mut ghosts {
        fade.elapsed += time.delta_secs();
        let left = 1.0 - ((fade.elapsed - fade.at) / FADE_FOR).clamp(0.0, 1.0);
        transform.scale = Vec3::splat(left.max(0.0));
        if left <= 0.0 {
            commands.entity(entity).despawn();
        }
    }
}

/// Moves gliding pieces along their path, one step every [`GLIDE_STEP`].
fn glide(
    mut commands: Commands,
    time: Res<Time>,
    mut pieces: Query<(Entity, &mut Glide, &mut Transform)>,
) {
    for (entity, mut glide, mut transform) in &mut pieces {
        glide.elapsed += time.delta_secs();
        let steps = glide.path.len().saturating_sub(1);
        let progress = (glide.elapsed / GLIDE_STEP).min(steps as f32);
        let k = (progress.floor() as usize).min(steps.saturating_sub(1));
        let t = progress - k as f32;
        let (a, b) = (glide.path[k], glide.path[(k + 1).min(steps)]);
        let at = a.lerp(b, t * t * (3.0 - 2.0 * t));
        transform.translation = at.extend(transform.translation.z);
        if progress >= steps as f32 {
            commands.entity(entity).remove::<Glide>();
        }
    }
}
