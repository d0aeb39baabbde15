//! The camera: the whole board in the middle of the window between the HUD's panels (in
//! portrait, at the top, the window's width across, the panels under it), turned so the
//! shooter's baseline is at the bottom (smoothly; in vs Bot it stays with the person), and
//! the mouse turned into [`BoardPointer`] messages.

use crate::client::board::pointer::{BoardPointer, PointerAction, PointerSystems};
use crate::client::flow::{PausableSystems, Screen};
use crate::client::hosts::LocalMatch;
use crate::client::ui::{MenuButton, Orientation};
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The world area (cm) the camera always shows: the board with its frame fits the middle
/// 62 % of the width, between the HUD's panels, and the full height.
const VIEW_HEIGHT: f32 = 90.0;
const VIEW_WIDTH: f32 = VIEW_HEIGHT / 0.62;

/// How quickly the view turns to the next shooter (per second, exponential).
const TURN_RATE: f32 = 6.0;

/// The camera and what it follows.
pub(super) struct CameraPlugin;

impl Plugin for CameraPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, spawn).add_systems(
            Update,
            (
                (turn_to_shooter.run_if(resource_exists::<LocalMatch>), fit_view).chain(),
                read_mouse.in_set(PointerSystems).in_set(PausableSystems),
            ),
        );
        app.add_systems(OnExit(Screen::Game), face_south);
    }
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin { min_width: VIEW_WIDTH, min_height: VIEW_HEIGHT },
            ..OrthographicProjection::default_2d()
        }),
    ));
}

/// The turn (radians) that puts `seat`'s baseline at the bottom.
fn facing(seat: u8) -> f32 {
    seat as f32 * core::f32::consts::FRAC_PI_2
}

fn turn_to_shooter(
    local: Res<LocalMatch>,
    time: Res<Time>,
    mut watched: Local<u8>,
    mut cameras: Query<&mut Transform, With<Camera2d>>,
) {
    let m = &local.current;
    let shooter = m.shooter();
    if let Some(player) = m.settings().player_at(shooter)
        && local.is_human(player)
    {
        *watched = shooter.0;
    }
    let target = facing(*watched);
    for mut transform in &mut cameras {
        let now = transform.rotation.to_euler(EulerRot::ZYX).0;
        let mut delta = (target - now).rem_euclid(core::f32::consts::TAU);
        if delta > core::f32::consts::PI {
            delta -= core::f32::consts::TAU;
        }
        let step = delta * (1.0 - (-TURN_RATE * time.delta_secs()).exp());
        let next = if delta.abs() < 1e-3 { target } else { now + step };
        transform.rotation = Quat::from_rotation_z(next);
    }
}

/// The width (cm) the camera always shows in `orientation`: the board and the panels beside
/// it, or the board alone across the window.
fn view_width(orientation: Orientation) -> f32 {
    match orientation {
        Orientation::Landscape => VIEW_WIDTH,
        Orientation::Portrait => VIEW_HEIGHT,
    }
}

/// Fits the view to the window's orientation; during a match in portrait, moves it so the
/// board sits at the window's top, whichever way the view is turned.
fn fit_view(
    orientation: Res<Orientation>,
    screen: Res<State<Screen>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let Ok(window) = windows.single() else { return };
    let size = window.size();
    for (mut transform, mut projection) in &mut cameras {
        let width = view_width(*orientation);
        let stale = matches!(&*projection, Projection::Orthographic(o)
            if !matches!(o.scaling_mode, ScalingMode::AutoMin { min_width, .. } if min_width == width));
        if stale && let Projection::Orthographic(ortho) = &mut *projection {
            ortho.scaling_mode = ScalingMode::AutoMin { min_width: width, min_height: VIEW_HEIGHT };
        }
        // Landscape leaves the view where the game's own view put it (draughts beside its
        // panel), once it is back from portrait.
        let upright = *orientation == Orientation::Portrait;
        if *screen.get() != Screen::Game || !(upright || orientation.is_changed()) {
            continue;
        }
        let below = if upright && size.x >= 1.0 {
            (VIEW_HEIGHT * size.y / size.x - VIEW_HEIGHT) / 2.0
        } else {
            0.0
        };
        let wanted = transform.rotation * Vec3::new(0.0, -below, 0.0);
        if transform.translation.distance(wanted) > 1e-4 {
            transform.translation = wanted;
        }
    }
}

fn face_south(mut cameras: Query<&mut Transform, With<Camera2d>>) {
    for mut transform in &mut cameras {
        transform.rotation = Quat::IDENTITY;
    }
}

fn read_mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    on_screen: Query<&Interaction, With<MenuButton>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    mut last: Local<Option<Vec2>>,
    mut pointer: MessageWriter<BoardPointer>,
) {
    let (Ok(window), Ok((camera, transform))) = (windows.single(), cameras.single()) else {
        return;
    };
    let Some(at) =
        window.cursor_position().and_then(|c| camera.viewport_to_world_2d(transform, c).ok())
    else {
        return;
    };
    // A click on a button over the board is the button's, not a press on the board.
    let on_button = || on_screen.iter().any(|i| *i != Interaction::None);
    let action = if buttons.just_pressed(MouseButton::Left) {
        (!on_button()).then_some(PointerAction::Press)
    } else if buttons.just_released(MouseButton::Left) {
        Some(PointerAction::Release)
    } else if *last != Some(at) {
        Some(PointerAction::Move)
    } else {
        None
    };
    *last = Some(at);
    if let Some(action) = action {
        pointer.write(BoardPointer { at, action });
    }
}
