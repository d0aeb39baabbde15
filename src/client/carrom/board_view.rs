//! The board drawn to scale from its preset: frame, playing surface, pockets, baselines
//! with their base circles, the centre and outer circles, and the four arrows. World
//! units are centimetres with the board's centre at the origin, as in the simulation.

use crate::client::flow::GameType;
use crate::client::flow::screen::Screen;
use crate::client::hosts::local::LocalMatch;
use crate::sim::{Fx, Preset, V2, table::pocket_centre};
use bevy::prelude::*;

/// Width of the wooden frame around the cushions, cm.
pub const FRAME: f32 = 5.5;

/// Thickness of the lines on the board, cm.
const LINE: f32 = 0.18;

/// Board colours.
mod colour {
    use bevy::prelude::Color;

    pub const FRAME: Color = Color::srgb(0.36, 0.20, 0.10);
    pub const SURFACE: Color = Color::srgb(0.91, 0.80, 0.60);
    pub const LINE: Color = Color::srgb(0.17, 0.10, 0.06);
    pub const RED: Color = Color::srgb(0.72, 0.13, 0.11);
    pub const POCKET: Color = Color::srgb(0.04, 0.03, 0.03);
}

/// A length in cm, for drawing.
pub fn cm(length: Fx) -> f32 {
    length.0 as f32 / Fx::PER_CM as f32
}

/// A board point in cm, for drawing.
pub fn point(v: V2) -> Vec2 {
    Vec2::new(cm(v.x), cm(v.y))
}

/// Draws the board when a match starts.
pub(super) struct BoardViewPlugin;

impl Plugin for BoardViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Game), spawn_board.run_if(in_state(GameType::Carrom)));
    }
}

fn spawn_board(
    mut commands: Commands,
    local: Option<Res<LocalMatch>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(local) = local else { return };
    let p: &Preset = local.current.table().preset();
    let half = cm(p.half_size);
    let mut shape = |mesh: Mesh, colour: Color, at: Vec2, turn: f32, z: f32| {
        commands.spawn((
            DespawnOnExit(Screen::Game),
            Mesh2d(meshes.add(mesh)),
            MeshMaterial2d(materials.add(colour)),
            Transform::from_translation(at.extend(z)).with_rotation(Quat::from_rotation_z(turn)),
        ));
    };
    shape(
        Rectangle::new(2.0 * (half + FRAME), 2.0 * (half + FRAME)).into(),
        colour::FRAME,
        Vec2::ZERO,
        0.0,
        0.0,
    );
    shape(Rectangle::new(2.0 * half, 2.0 * half).into(), colour::SURFACE, Vec2::ZERO, 0.0, 0.1);
    for k in 0..4 {
        let centre = point(pocket_centre(p, k));
        shape(Circle::new(cm(p.pocket_radius)).into(), colour::POCKET, centre, 0.0, 0.3);
    }
    // Baselines: two lines per seat, a red base circle (with a dark rim) at each end.
    let distance = cm(p.baseline_distance());
    let gap = cm(p.baseline_gap);
    let length = cm(p.baseline_length);
    let circle = cm(p.base_circle_radius);
    let offset = cm(p.base_circle_offset());
    for seat in 0..4 {
        let turn = seat as f32 * core::f32::consts::FRAC_PI_2;
        let rotate = |v: Vec2| Vec2::from_angle(turn).rotate(v);
        for line in [-gap / 2.0, gap / 2.0] {
            let at = rotate(Vec2::new(0.0, -distance + line));
            shape(Rectangle::new(length - 2.0 * circle, LINE).into(), colour::LINE, at, turn, 0.2);
        }
        for end in [-offset, offset] {
            let at = rotate(Vec2::new(end, -distance));
            shape(Annulus::new(circle - LINE, circle).into(), colour::LINE, at, 0.0, 0.2);
            shape(Circle::new(circle - 2.5 * LINE).into(), colour::RED, at, 0.0, 0.2);
        }
    }
    let centre = cm(p.centre_circle_radius);
    shape(Annulus::new(centre - LINE, centre).into(), colour::LINE, Vec2::ZERO, 0.0, 0.2);
    shape(Circle::new(centre * 0.55).into(), colour::RED, Vec2::ZERO, 0.0, 0.2);
    let outer = cm(p.outer_circle_radius);
    shape(Annulus::new(outer - LINE, outer).into(), colour::LINE, Vec2::ZERO, 0.0, 0.2);
    // Arrows along the diagonals, ending short of each pocket, heads towards it.
    for k in 0..4 {
        let pocket = point(pocket_centre(p, k));
        let towards = pocket.normalize();
        let tip = pocket - towards * (cm(p.pocket_radius) + cm(p.arrow_gap));
        let tail = tip - towards * cm(p.arrow_length);
        let turn = towards.to_angle();
        let shaft = Rectangle::new(tip.distance(tail), LINE);
        shape(shaft.into(), colour::LINE, (tip + tail) / 2.0, turn, 0.2);
        let head =
            Triangle2d::new(Vec2::new(0.0, 0.0), Vec2::new(-1.6, 0.7), Vec2::new(-1.6, -0.7));
        shape(head.into(), colour::LINE, tip, turn, 0.2);
        shape(Annulus::new(0.9 - LINE, 0.9).into(), colour::LINE, tail, 0.0, 0.2);
    }
}
