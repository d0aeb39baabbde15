//! The draughts board drawn (CK-12): 8×8 inlaid squares in the theme's woods inside a
//! frame, the square numbers small on the dark squares; turned pieces with ridges and a
//! soft shadow, kings stacked on a second man and crowned; rings where the picked-up piece
//! can go, marks on every piece that must capture, crosses on the pieces a capture would
//! jump, and a warm glow on the last move's squares. Everything is read from
//! [`DraughtsMatch`] and redrawn when it changes; a moving piece lifts and glides.

use super::art::{DraughtsArt, DraughtsArtPlugin};
use super::game::DraughtsMatch;
use super::geometry::{SQUARE, centre};
use super::hint::Hint;
use super::move_list::Reviewing;
use super::selection::movable;
use super::theme;
use crate::client::flow::{GameType, Screen};
use crate::client::ui::Orientation;
use crate::client::words::Words;
use crate::draughts::Colour;
use crate::draughts::moves::has_capture;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

mod colour {
    use bevy::prelude::Color;
    pub const LAST: Color = Color::srgba(1.0, 1.0, 1.0, 0.55);
    pub const SEAM: Color = Color::srgba(0.0, 0.0, 0.0, 0.45);
    pub const TARGET: Color = Color::srgb(0.40, 0.90, 0.50);
    pub const MUST: Color = Color::srgb(1.0, 0.62, 0.12);
    pub const CROSS: Color = Color::srgb(0.95, 0.95, 0.95);
    pub const HELD: Color = Color::srgb(0.35, 0.75, 1.0);
    pub const HINT: Color = Color::srgba(0.30, 0.85, 1.0, 0.85);
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

/// The frame's width round the squares, in world units.
const FRAME: f32 = 3.2;

/// How far a piece's shadow falls from it (world units): down and to the right, away from
/// the light.
const SHADOW_OFFSET: Vec2 = Vec2::new(0.45, -0.65);

/// Where a king's lower man shows below it: the stack seen from above the light.
const STACK_OFFSET: Vec2 = Vec2::new(0.35, -0.75);

/// How much larger a piece looks at the top of its lift while it moves.
const LIFT: f32 = 0.08;

/// How far right of the board the view's middle is, as a share of the view's width: the
/// board sits in the middle of what the HUD's panel (the right 22 %) leaves.
const BESIDE_PANEL: f32 = 0.11;

/// Draws the board.
pub(super) struct BoardViewPlugin;

impl Plugin for BoardViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(DraughtsArtPlugin)
            .add_systems(OnEnter(Screen::Game), spawn_board.run_if(in_state(GameType::Draughts)))
            .add_systems(
                Update,
                (
                    redraw.run_if(
                        resource_exists::<DraughtsMatch>.and_then(
                            resource_changed::<DraughtsMatch>
                                .or_else(resource_changed::<Reviewing>)
                                .or_else(resource_changed::<Hint>),
                        ),
                    ),
                    (glide, fade).run_if(resource_exists::<DraughtsMatch>),
                    beside_panel,
                )
                    .chain()
                    .run_if(in_state(Screen::Game).and_then(in_state(GameType::Draughts))),
            )
            .add_systems(OnExit(Screen::Game), centre_view);
    }
}

/// Keeps the board in the middle of the window's part beside the HUD's panel (left of
/// it, or right of it where a right-to-left language mirrors the panel to the left);
/// upright, the panel is under the board, and the camera's own fitting places it.
fn beside_panel(
    words: Res<Words>,
    orientation: Res<Orientation>,
    mut cameras: Query<(&mut Transform, &Projection), With<Camera2d>>,
) {
    if *orientation == Orientation::Portrait {
        return;
    }
    let side = if words.language().right_to_left() { -1.0 } else { 1.0 };
    for (mut transform, projection) in &mut cameras {
        if let Projection::Orthographic(view) = projection {
            let x = side * BESIDE_PANEL * view.area.width();
            if transform.translation.x != x {
                transform.translation.x = x;
            }
        }
    }
}

/// Puts the view back on the middle for the other screens.
fn centre_view(mut cameras: Query<&mut Transform, With<Camera2d>>) {
    for mut transform in &mut cameras {
        transform.translation.x = 0.0;
    }
}

fn spawn_board(mut commands: Commands, table: Option<Res<DraughtsMatch>>, art: Res<DraughtsArt>) {
    let Some(table) = table else { return };
    let side = 8.0 * SQUARE;
    let sprite = |image: &Handle<Image>, size: f32| Sprite {
        image: image.clone(),
        custom_size: Some(Vec2::splat(size)),
        ..default()
    };
    // Four planks, their grain along their length: top and bottom across the corners.
    let outer = side + 2.0 * FRAME;
    let middle = (side + FRAME) / 2.0;
    for (at, length, turned) in [
        (Vec2::new(0.0, middle), outer, false),
        (Vec2::new(0.0, -middle), outer, false),
        (Vec2::new(-middle, 0.0), side, true),
        (Vec2::new(middle, 0.0), side, true),
    ] {
        let turn = if turned { core::f32::consts::FRAC_PI_2 } else { 0.0 };
        commands.spawn((
            DespawnOnExit(Screen::Game),
            Sprite {
                image: art.frame.clone(),
                custom_size: Some(Vec2::new(length, FRAME)),
                ..default()
            },
            Transform::from_translation(at.extend(0.0)).with_rotation(Quat::from_rotation_z(turn)),
        ));
    }
    // A dark seam where the squares meet the frame, as if set into it.
    commands.spawn((
        DespawnOnExit(Screen::Game),
        Sprite { color: colour::SEAM, custom_size: Some(Vec2::splat(side + 0.9)), ..default() },
        Transform::from_xyz(0.0, 0.0, 0.05),
    ));
    // Light top left from either side: the squares' colours do not depend on who is at the bottom.
    commands.spawn((
        DespawnOnExit(Screen::Game),
        sprite(&art.board, side),
        Transform::from_xyz(0.0, 0.0, 0.1),
    ));
    let number = theme::board(art.theme).number;
    for bit in 0..32 {
        let corner = centre(bit, table.bottom) + Vec2::new(-SQUARE * 0.36, SQUARE * 0.34);
        commands.spawn((
            DespawnOnExit(Screen::Game),
            Text2d::new((bit + 1).to_string()),
            TextFont { font_size: FontSize::Px(30.0), ..default() },
            TextColor(number),
            Transform::from_translation(corner.extend(0.5)).with_scale(Vec3::splat(0.058)),
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

/// The game, which of its positions the board shows, and a hint to draw on it.
#[derive(SystemParam)]
struct Shown<'w> {
    table: Res<'w, DraughtsMatch>,
    reviewing: Res<'w, Reviewing>,
    hint: Res<'w, Hint>,
}

fn redraw(
    mut commands: Commands,
    shown: Shown,
    art: Res<DraughtsArt>,
    old: Query<Entity, With<Redrawn>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut seen: Local<usize>,
) {
    // A move just played glides from its start through its landings.
    let Shown { table, reviewing, hint } = shown;
    // An earlier position, reviewed from the move list, is drawn still and unmarked.
    let looking_back = reviewing.is_on(&table);
    let fresh = table.played.len() > *seen && !looking_back;
    *seen = table.played.len();
    let moved = table.last_move().filter(|_| fresh);
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let (meshes, materials) = (&mut *meshes, &mut *materials);
    let bottom = table.bottom;
    let (shown, last_move) = reviewing.shown(&table);
    let position = shown.position;
    let radius = SQUARE * 0.4;
    if let Some(last) = last_move {
        for bit in std::iter::once(last.from as u32).chain(last.landings()) {
            commands.spawn((
                Redrawn,
                DespawnOnExit(Screen::Game),
                Sprite {
                    image: art.glow.clone(),
                    color: colour::LAST,
                    custom_size: Some(Vec2::splat(SQUARE)),
                    ..default()
                },
                Transform::from_translation(centre(bit, bottom).extend(0.2)),
            ));
        }
    }
    for bit in 0..32 {
        let at = centre(bit, bottom);
        let side = if position.black & (1 << bit) != 0 {
            Colour::Black
        } else if position.red & (1 << bit) != 0 {
            Colour::Red
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
        let piece = spawn_piece(&mut commands, &art, start, side, king);
        if let Some(glide) = glide {
            commands.entity(piece).insert(glide);
        }
    }
    // The men a fresh capture took fade as the capturing piece passes over them.
    if let (Some(m), Some((before, _))) = (moved, table.played.last()) {
        let path: Vec<Vec2> =
            std::iter::once(m.from as u32).chain(m.landings()).map(|b| centre(b, bottom)).collect();
        let taken = before.position.to_move().other();
        for bit in (0..32).filter(|b| m.captured & (1 << b) != 0) {
            let at = centre(bit, bottom);
            let step = path.windows(2).position(|w| (w[0] + w[1]) / 2.0 == at).unwrap_or(0);
            let king = before.position.kings & (1 << bit) != 0;
            let ghost = spawn_piece(&mut commands, &art, at, taken, king);
            let fade = Fade { at: (step as f32 + 0.5) * GLIDE_STEP, elapsed: 0.0 };
            commands.entity(ghost).insert(fade);
        }
    }
    if table.ending.is_some() || looking_back {
        return;
    }
    if let Some(m) = hint.shown(&table) {
        let path: Vec<Vec2> =
            std::iter::once(m.from as u32).chain(m.landings()).map(|b| centre(b, bottom)).collect();
        for leg in path.windows(2) {
            let (from, to) = (leg[0], leg[1]);
            let along = to - from;
            let shaft = Rectangle::new(along.length() - radius * 0.6, radius * 0.22);
            let middle = from + along * 0.5 - along.normalize_or_zero() * radius * 0.3;
            let mut bar = disc(meshes, materials, shaft, colour::HINT, middle, 1.6);
            bar.4.rotation = Quat::from_rotation_z(along.to_angle());
            commands.spawn(bar);
        }
        if let [.., before, end] = path.as_slice() {
            let head = Triangle2d::new(
                Vec2::new(radius * 0.6, 0.0),
                Vec2::new(-radius * 0.3, radius * 0.45),
                Vec2::new(-radius * 0.3, -radius * 0.45),
            );
            let direction = (*end - *before).normalize_or_zero();
            let tip = *end - direction * radius * 0.6;
            let mut arrow = disc(meshes, materials, head, colour::HINT, tip, 1.6);
            arrow.4.rotation = Quat::from_rotation_z(direction.to_angle());
            commands.spawn(arrow);
        }
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

/// A piece drawn at `at`: its soft shadow and its face; a king stands on a second man.
fn spawn_piece(
    commands: &mut Commands,
    art: &DraughtsArt,
    at: Vec2,
    side: Colour,
    king: bool,
) -> Entity {
    let size = Vec2::splat(SQUARE * 0.8);
    let sprite =
        |image: Handle<Image>, size: Vec2| Sprite { image, custom_size: Some(size), ..default() };
    commands
        .spawn((
            Redrawn,
            DespawnOnExit(Screen::Game),
            Transform::from_translation(at.extend(1.0)),
            Visibility::Visible,
        ))
        .with_children(|parts| {
            let under = if king { STACK_OFFSET } else { Vec2::ZERO };
            parts.spawn((
                sprite(art.shadow.clone(), size * 1.25),
                Transform::from_translation((under + SHADOW_OFFSET).extend(-0.02)),
            ));
            if king {
                parts.spawn((
                    sprite(art.piece(side, false), size),
                    Transform::from_translation(STACK_OFFSET.extend(-0.01)),
                ));
            }
            parts.spawn((sprite(art.piece(side, king), size), Transform::default()));
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
        // Lifted off the board on the way, set down at the end.
        let lift = 1.0 + LIFT * (core::f32::consts::PI * progress / steps.max(1) as f32).sin();
        transform.translation = at.extend(transform.translation.z);
        transform.scale = Vec3::splat(lift);
        if progress >= steps as f32 {
            transform.scale = Vec3::ONE;
            commands.entity(entity).remove::<Glide>();
        }
    }
}
