//! Home's backdrop: the board in the player's theme beside the menu, with the bot playing
//! a Freestyle match on it against itself. The bot thinks on the async pool, never on the
//! frame; the match is the same simulation a real one runs, stepped at 60 Hz.

use crate::bot::{BotLevel, Choice, choose};
use crate::client::carrom::art::Art;
use crate::client::carrom::board_view::{FRAME, cm, spawn_board};
use crate::client::carrom::pieces_view::{drawn_at, spawn_pieces};
use crate::client::flow::screen::Screen;
use crate::client::flow::setup::MatchSetup;
use crate::client::ui::{MenuPanel, Orientation};
use crate::game::{Input, Match, Phase, advance};
use crate::rules::{Settings, Variant};
use crate::sim::PresetId;
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::ui::UiGlobalTransform;
use bevy::window::PrimaryWindow;

/// How long the bot's aim shows before it strikes, seconds.
const AIM_FOR: f32 = 0.7;

/// Strokes in one demonstration before the board is racked again.
const STROKES: u16 = 60;

/// Room (cm) kept around the board beside the menu.
const MARGIN: f32 = 7.0;

/// The match played behind Home.
#[derive(Resource)]
pub struct Showcase {
    /// The frame before `current`, for smooth motion.
    pub previous: Match,
    /// The match as it stands.
    pub current: Match,
    thinking: Option<Task<Choice>>,
    aimed_for: f32,
    chosen: Option<crate::sim::Stroke>,
    matches: u64,
}

impl Showcase {
    fn new(preset: PresetId, matches: u64) -> Option<Showcase> {
        let settings = Settings::new(Variant::Freestyle, 2, preset, 0, 0x5eed + matches).ok()?;
        let m = Match::new(settings);
        Some(Showcase {
            previous: m,
            current: m,
            thinking: None,
            aimed_for: 0.0,
            chosen: None,
            matches,
        })
    }
}

/// A piece of the backdrop's match: its body's index.
#[derive(Component, Clone, Copy, Debug)]
struct ShowcasePiece(usize);

/// Home's board and its match.
pub(super) struct ShowcasePlugin;

impl Plugin for ShowcasePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Home), spawn)
            .add_systems(OnExit(Screen::Home), stop)
            .add_systems(
                FixedUpdate,
                play.run_if(in_state(Screen::Home).and_then(resource_exists::<Showcase>)),
            )
            .add_systems(
                Update,
                (place, frame_beside_menu)
                    .run_if(in_state(Screen::Home).and_then(resource_exists::<Showcase>)),
            )
            .add_systems(OnEnter(Screen::Game), centre_camera);
    }
}

fn spawn(
    mut commands: Commands,
    setup: Res<MatchSetup>,
    art: Res<Art>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut matches: Local<u64>,
) {
    *matches += 1;
    let Some(showcase) = Showcase::new(setup.preset, *matches) else { return };
    let table = showcase.current.table();
    let preset = table.preset();
    spawn_board(&mut commands, Screen::Home, preset, &art, &mut meshes, &mut materials);
    spawn_pieces(&mut commands, Screen::Home, table, &art, ShowcasePiece);
    commands.insert_resource(showcase);
}

fn stop(mut commands: Commands) {
    commands.remove_resource::<Showcase>();
}

/// One simulation frame; the bot aims, shows its aim, then strikes.
fn play(mut showcase: ResMut<Showcase>, time: Res<Time>) {
    let m = showcase.current;
    if m.phase() == Phase::MatchOver || m.next_stroke() > STROKES {
        let preset = m.settings().preset();
        if let Some(fresh) = Showcase::new(preset, showcase.matches + 1) {
            *showcase = fresh;
        }
        return;
    }
    let mut inputs = [Input::ZERO; 2];
    if m.phase() == Phase::Aim {
        if showcase.thinking.is_none() && showcase.chosen.is_none() {
            let task = AsyncComputeTaskPool::get()
                .spawn(async move { choose(&m, BotLevel::Medium, None) });
            showcase.thinking = Some(task);
        }
        if let Some(task) = showcase.thinking.as_mut()
            && let Some(choice) = block_on(poll_once(task))
        {
            showcase.thinking = None;
            showcase.chosen = Some(choice.stroke);
            showcase.aimed_for = 0.0;
        }
        if let (Some(stroke), Some(player)) = (showcase.chosen, m.settings().player_at(m.shooter()))
        {
            showcase.aimed_for += time.delta_secs();
            inputs[player] = if showcase.aimed_for >= AIM_FOR {
                showcase.chosen = None;
                Input::commit(m.next_stroke(), stroke)
            } else {
                Input::aiming(stroke)
            };
        }
    }
    let mut next = m;
    advance(&mut next, &inputs);
    showcase.previous = m;
    showcase.current = next;
}

fn place(
    showcase: Res<Showcase>,
    fixed: Res<Time<Fixed>>,
    mut pieces: Query<(&ShowcasePiece, &mut Transform, &mut Visibility)>,
) {
    let t = fixed.overstep_fraction().clamp(0.0, 1.0);
    for (piece, mut transform, mut visibility) in &mut pieces {
        let (shown, at) = drawn_at(&showcase.previous, &showcase.current, piece.0, t);
        transform.translation.x = at.x;
        transform.translation.y = at.y;
        let wanted = if shown { Visibility::Inherited } else { Visibility::Hidden };
        if *visibility != wanted {
            *visibility = wanted;
        }
    }
}

/// Moves and zooms the camera so the whole board sits in the window beside the menu (above
/// it, in portrait).
fn frame_beside_menu(
    showcase: Res<Showcase>,
    orientation: Res<Orientation>,
    windows: Query<&Window, With<PrimaryWindow>>,
    panels: Query<(&ComputedNode, &UiGlobalTransform), With<MenuPanel>>,
    mut cameras: Query<(&mut Transform, &Projection), With<Camera2d>>,
) {
    let Ok(window) = windows.single() else { return };
    let (width, height) = (window.width(), window.height());
    if width < 1.0 || height < 1.0 {
        return;
    }
    let scale = window.scale_factor();
    let menu = panels
        .iter()
        .map(|(p, at)| Rect::from_center_size(at.translation / scale, p.size() / scale))
        .reduce(|a, b| a.union(b));
    let board = 2.0 * (cm(showcase.current.table().preset().half_size) + FRAME + MARGIN);
    let room = room_for_board(Vec2::new(width, height), menu, *orientation);
    for (mut transform, projection) in &mut cameras {
        let Projection::Orthographic(ortho) = projection else { continue };
        let ScalingMode::AutoMin { min_width, min_height } = ortho.scaling_mode else { continue };
        // Centimetres per pixel at scale 1, as the projection sets it.
        let base = (min_width / width).max(min_height / height);
        let wanted = (board / room.width()).max(board / room.height());
        let zoom = (wanted / base).max(1.0);
        let centre = room.center();
        transform.scale = Vec3::new(zoom, zoom, 1.0);
        transform.translation.x = (width / 2.0 - centre.x) * base * zoom;
        transform.translation.y = -(height / 2.0 - centre.y) * base * zoom;
    }
}

/// The part of a window of `size` (logical pixels, y down) the board is shown in, beside
/// the `menu` (above it, in portrait); the whole window when there is too little room.
pub fn room_for_board(size: Vec2, menu: Option<Rect>, orientation: Orientation) -> Rect {
    let whole = Rect::from_corners(Vec2::ZERO, size);
    let Some(menu) = menu else { return whole };
    match orientation {
        Orientation::Landscape => {
            // A right-to-left language puts the menu on the right, and the board on its left.
            let menu_on_right = menu.center().x > size.x / 2.0;
            let room = size.x - menu.width();
            if room <= size.y * 0.5 {
                whole
            } else if menu_on_right {
                Rect::new(0.0, 0.0, room, size.y)
            } else {
                Rect::new(size.x - room, 0.0, size.x, size.y)
            }
        }
        Orientation::Portrait if menu.min.y > size.y * 0.2 => {
            Rect::new(0.0, 0.0, size.x, menu.min.y)
        }
        Orientation::Portrait => whole,
    }
}

fn centre_camera(mut cameras: Query<&mut Transform, With<Camera2d>>) {
    for mut transform in &mut cameras {
        transform.translation.x = 0.0;
        transform.translation.y = 0.0;
        transform.scale = Vec3::ONE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_stands_beside_the_menu_or_above_it_upright() {
        let wide = Vec2::new(1280.0, 800.0);
        let left_menu = Rect::new(20.0, 100.0, 520.0, 700.0);
        let room = room_for_board(wide, Some(left_menu), Orientation::Landscape);
        assert_eq!(room, Rect::new(500.0, 0.0, 1280.0, 800.0));
        let right_menu = Rect::new(760.0, 100.0, 1260.0, 700.0);
        let room = room_for_board(wide, Some(right_menu), Orientation::Landscape);
        assert_eq!(room, Rect::new(0.0, 0.0, 780.0, 800.0));
        let phone = Vec2::new(390.0, 844.0);
        let under = Rect::new(0.0, 240.0, 390.0, 844.0);
        assert_eq!(
            room_for_board(phone, Some(under), Orientation::Portrait),
            Rect::new(0.0, 0.0, 390.0, 240.0)
        );
        let all = Rect::new(0.0, 10.0, 390.0, 844.0);
        assert_eq!(
            room_for_board(phone, Some(all), Orientation::Portrait),
            Rect::from_corners(Vec2::ZERO, phone),
            "no room above: behind the menu"
        );
    }
}
