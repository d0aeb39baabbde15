//! The board drawn to scale from its preset in the player's theme: a wooden frame, the
//! playing surface, pockets with nets and rims, baselines with their base circles, the
//! centre and outer circles, and the four arrows. World
//! units are centimetres with the board's centre at the origin, as in the simulation.

use crate::client::carrom::art::{Art, POCKET_NET};
use crate::client::flow::GameType;
use crate::client::flow::screen::Screen;
use crate::client::hosts::local::LocalMatch;
use crate::sim::{Fx, Preset, V2, preset::pocket_centre};
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// Width of the wooden frame around the cushions, cm.
pub const FRAME: f32 = 5.5;

/// Thickness of the lines on the board, cm.
const LINE: f32 = 0.18;

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
        app.add_systems(OnEnter(Screen::Game), draw_match_board.run_if(in_state(GameType::Carrom)));
    }
}

fn draw_match_board(
    mut commands: Commands,
    local: Option<Res<LocalMatch>>,
    art: Res<Art>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(local) = local else { return };
    let preset = local.current.table().preset();
    spawn_board(&mut commands, Screen::Game, preset, &art, &mut meshes, &mut materials);
}

/// A quad with corners `corners` (counter-clockwise) showing the whole of its picture,
/// the picture's width along the first edge.
fn quad(corners: [Vec2; 4]) -> Mesh {
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::RENDER_WORLD)
        .with_inserted_attribute(
            Mesh::ATTRIBUTE_POSITION,
            corners.map(|c| [c.x, c.y, 0.0]).to_vec(),
        )
        .with_inserted_attribute(
            Mesh::ATTRIBUTE_UV_0,
            vec![[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]],
        )
        .with_inserted_indices(Indices::U32(vec![0, 1, 2, 0, 2, 3]))
}

/// Draws the board of `preset` for as long as `screen` lasts: the frame's four mitred
/// planks, the surface with the light falling off towards its edges, the cushions'
/// shadow, pockets with their nets and rims, and the printed lines.
pub fn spawn_board(
    commands: &mut Commands,
    screen: Screen,
    p: &Preset,
    art: &Art,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
) {
    let half = cm(p.half_size);
    let outer = half + FRAME;
    let frame = art.frame_material.clone();
    let surface = art.surface_material.clone();
    let mut put = |mesh: Mesh, material: &Handle<ColorMaterial>, at: Vec2, turn: f32, z: f32| {
        commands.spawn((
            DespawnOnExit(screen),
            Mesh2d(meshes.add(mesh)),
            MeshMaterial2d(material.clone()),
            Transform::from_translation(at.extend(z)).with_rotation(Quat::from_rotation_z(turn)),
        ));
    };
    // The board's own shadow on the table beneath it.
    let shade = materials.add(Color::srgba(0.0, 0.0, 0.0, 0.35));
    let spread = Rectangle::new(2.0 * outer + 2.5, 2.0 * outer + 2.5);
    put(spread.into(), &shade, Vec2::new(0.6, -1.0), 0.0, -0.2);
    // Each plank runs along one side, mitred at the corners, grain along its length.
    for side in 0..4 {
        let turn = side as f32 * core::f32::consts::FRAC_PI_2;
        let corners = [
            Vec2::new(-outer, -outer),
            Vec2::new(outer, -outer),
            Vec2::new(half, -half),
            Vec2::new(-half, -half),
        ];
        put(quad(corners), &frame, Vec2::ZERO, turn, 0.0);
    }
    // A lit outer edge and the dark seam where frame meets surface.
    let lip = materials.add(Color::srgba(1.0, 0.95, 0.85, 0.18));
    let seam = materials.add(Color::srgba(0.0, 0.0, 0.0, 0.45));
    let shadow = materials.add(Color::srgba(0.0, 0.0, 0.0, 0.16));
    for side in 0..4 {
        let turn = side as f32 * core::f32::consts::FRAC_PI_2;
        let rotate = |v: Vec2| Vec2::from_angle(turn).rotate(v);
        put(
            Rectangle::new(2.0 * outer, 0.35).into(),
            &lip,
            rotate(Vec2::new(0.0, -outer + 0.18)),
            turn,
            0.05,
        );
        put(
            Rectangle::new(2.0 * half, 0.25).into(),
            &seam,
            rotate(Vec2::new(0.0, -half - 0.12)),
            turn,
            0.05,
        );
    }
    put(Rectangle::new(2.0 * half, 2.0 * half).into(), &surface, Vec2::ZERO, 0.0, 0.1);
    // The cushions' shadow falls a little way onto the surface.
    for side in 0..4 {
        let turn = side as f32 * core::f32::consts::FRAC_PI_2;
        let rotate = |v: Vec2| Vec2::from_angle(turn).rotate(v);
        for (width, offset) in [(0.9, 0.45), (0.45, 0.22)] {
            let strip = Rectangle::new(2.0 * half, width);
            put(strip.into(), &shadow, rotate(Vec2::new(0.0, -half + offset)), turn, 0.15);
        }
    }
    let line = &art.line;
    let red = &art.red;
    // Baselines: two lines per seat, a red base circle (with a dark rim) at each end.
    let distance = cm(p.baseline_distance());
    let gap = cm(p.baseline_gap);
    let length = cm(p.baseline_length);
    let circle = cm(p.base_circle_radius);
    let offset = cm(p.base_circle_offset());
    for seat in 0..4 {
        let turn = seat as f32 * core::f32::consts::FRAC_PI_2;
        let rotate = |v: Vec2| Vec2::from_angle(turn).rotate(v);
        for gap_side in [-gap / 2.0, gap / 2.0] {
            let at = rotate(Vec2::new(0.0, -distance + gap_side));
            put(Rectangle::new(length - 2.0 * circle, LINE).into(), line, at, turn, 0.2);
        }
        for end in [-offset, offset] {
            let at = rotate(Vec2::new(end, -distance));
            put(Annulus::new(circle - LINE, circle).into(), line, at, 0.0, 0.2);
            put(Circle::new(circle - 2.5 * LINE).into(), red, at, 0.0, 0.2);
        }
    }
    let centre = cm(p.centre_circle_radius);
    put(Annulus::new(centre - LINE, centre).into(), line, Vec2::ZERO, 0.0, 0.2);
    put(Circle::new(centre * 0.55).into(), red, Vec2::ZERO, 0.0, 0.2);
    let outer_circle = cm(p.outer_circle_radius);
    put(Annulus::new(outer_circle - LINE, outer_circle).into(), line, Vec2::ZERO, 0.0, 0.2);
    // Arrows along the diagonals, ending short of each pocket, heads towards it.
    for k in 0..4 {
        let pocket = point(pocket_centre(p, k));
        let towards = pocket.normalize();
        let tip = pocket - towards * (cm(p.pocket_radius) + cm(p.arrow_gap));
        let tail = tip - towards * cm(p.arrow_length);
        let turn = towards.to_angle();
        let shaft = Rectangle::new(tip.distance(tail), LINE);
        put(shaft.into(), line, (tip + tail) / 2.0, turn, 0.2);
        let head =
            Triangle2d::new(Vec2::new(0.0, 0.0), Vec2::new(-1.6, 0.7), Vec2::new(-1.6, -0.7));
        put(head.into(), line, tip, turn, 0.2);
        put(Annulus::new(0.9 - LINE, 0.9).into(), line, tail, 0.0, 0.2);
    }
    // Pockets: the net is the pocket itself; the rim lies around it.
    let across = 2.0 * cm(p.pocket_radius) / POCKET_NET;
    for k in 0..4 {
        let at = point(pocket_centre(p, k));
        commands.spawn((
            DespawnOnExit(screen),
            Sprite {
                image: art.pocket.clone(),
                custom_size: Some(Vec2::splat(across)),
                ..default()
            },
            Transform::from_translation(at.extend(0.3)),
        ));
    }
}
