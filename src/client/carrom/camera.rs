//! The camera: the whole board in the middle of the window between the HUD's panels,
//! turned so the shooter's baseline is at the bottom (smoothly; in vs Bot it stays with
//! the person), and the mouse turned into [`BoardPointer`] messages.

use crate::client::board::pointer::{BoardPointer, PointerAction};
use crate::client::flow::{PausableSystems, Screen};
use crate::client::hosts::LocalMatch;
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
                turn_to_shooter.run_if(resource_exists::<LocalMatch>),
                read_mouse.in_set(PausableSystems),
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

fn face_south(mut cameras: Query<&mut Transform, With<Camera2d>>) {
    for mut transform in &mut cameras {
        transform.rotation = Quat::IDENTITY;
    }
}

fn read_mouse(
    buttons: Res<ButtonInput<MouseButton>>,
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
    let action = if buttons.just_pressed(MouseButton::Left) {
        Some(PointerAction::Press)
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
