//! Which way the window is turned. A phone held upright shows a match's board at the top,
//! the full width, with the HUD's panels under it; turned on its side, or on a desktop,
//! the panels stand beside the board. Turning the phone re-lays the screen at once.

use crate::client::words::mirror::Mirrored;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The window's shape, as the layout reads it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Orientation {
    /// Wider than tall: panels beside the board.
    #[default]
    Landscape,
    /// Taller than wide: the board on top, panels under it.
    Portrait,
}

impl Orientation {
    /// The orientation of a window of `size`.
    pub fn of(size: Vec2) -> Orientation {
        if size.x < size.y { Orientation::Portrait } else { Orientation::Landscape }
    }
}

/// Where a HUD panel stands: beside the board in landscape, under it in portrait.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub enum Dock {
    /// At the window's left in landscape (this share of its width, percent); under the
    /// board's left half in portrait.
    Left(f32),
    /// At the window's right in landscape; under the board's right half in portrait.
    Right(f32),
    /// At the window's right in landscape; under the board, the whole width, in portrait.
    RightOrUnder(f32),
}

/// Marks what is left out upright, where the HUD has half the room: the keyboard and
/// mouse controls (How to play has them).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct WideOnly;

/// Keeps [`Orientation`] and the docked panels fitted to the window.
pub(super) struct OrientationPlugin;

impl Plugin for OrientationPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Orientation>()
            .add_systems(PreUpdate, turn)
            .add_systems(PostUpdate, (dock, show_wide_only).before(bevy::ui::UiSystems::Prepare));
    }
}

fn turn(windows: Query<&Window, With<PrimaryWindow>>, mut orientation: ResMut<Orientation>) {
    let Ok(window) = windows.single() else { return };
    let now = Orientation::of(window.size());
    if *orientation != now {
        *orientation = now;
    }
}

/// The share of the window's height (percent) the board takes in portrait: a square the
/// window's width across, at its top.
pub fn board_share(size: Vec2) -> f32 {
    if size.y < 1.0 { 50.0 } else { (size.x / size.y * 100.0).min(100.0) }
}

fn dock(
    orientation: Res<Orientation>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut panels: Query<(&Dock, &mut Node, Has<Mirrored>)>,
) {
    let size = windows.single().map_or(Vec2::new(1280.0, 800.0), Window::size);
    for (dock, mut node, mirrored) in &mut panels {
        let mut wanted = placed(*dock, *orientation, size);
        // A right-to-left language reads the screen from the right: the panels swap sides.
        if mirrored {
            std::mem::swap(&mut wanted.left, &mut wanted.right);
        }
        if (node.left, node.right, node.top, node.width, node.height)
            != (wanted.left, wanted.right, wanted.top, wanted.width, wanted.height)
        {
            node.left = wanted.left;
            node.right = wanted.right;
            node.top = wanted.top;
            node.width = wanted.width;
            node.height = wanted.height;
        }
    }
}

fn show_wide_only(orientation: Res<Orientation>, mut nodes: Query<&mut Node, With<WideOnly>>) {
    let wanted = match *orientation {
        Orientation::Landscape => Display::Flex,
        Orientation::Portrait => Display::None,
    };
    for mut node in &mut nodes {
        if node.display != wanted {
            node.display = wanted;
        }
    }
}

/// A window less tall than this (logical pixels) is short: a phone on its side.
pub const SHORT: f32 = 600.0;

/// Where a panel docked `dock` goes in a window of `size`.
pub fn placed(dock: Dock, orientation: Orientation, size: Vec2) -> Node {
    let mut node = Node { position_type: PositionType::Absolute, ..default() };
    let share = board_share(size);
    match orientation {
        Orientation::Landscape => {
            let (left, width) = match dock {
                Dock::Left(w) => (true, w),
                Dock::Right(w) | Dock::RightOrUnder(w) => (false, w),
            };
            // A short window (a phone on its side) gives the panels all the room beside
            // the board, a square as tall as the window.
            let beside = (size.x - size.y) / 2.0 / size.x.max(1.0) * 100.0 - 1.0;
            let width = if size.y < SHORT { width.max(beside) } else { width };
            node.left = if left { px(0) } else { auto() };
            node.right = if left { auto() } else { px(0) };
            node.top = px(0);
            node.width = percent(width);
            node.height = percent(100);
        }
        Orientation::Portrait => {
            let (left, width) = match dock {
                Dock::Left(_) => (px(0), percent(50)),
                Dock::Right(_) => (percent(50), percent(50)),
                Dock::RightOrUnder(_) => (px(0), percent(100)),
            };
            node.left = left;
            node.right = auto();
            node.top = percent(share);
            node.width = width;
            node.height = percent(100.0 - share);
        }
    }
    node
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_taller_than_wide_is_portrait() {
        assert_eq!(Orientation::of(Vec2::new(390.0, 844.0)), Orientation::Portrait);
        assert_eq!(Orientation::of(Vec2::new(844.0, 390.0)), Orientation::Landscape);
        assert_eq!(Orientation::of(Vec2::new(800.0, 800.0)), Orientation::Landscape);
    }

    #[test]
    fn in_portrait_panels_sit_under_a_board_as_wide_as_the_window() {
        let size = Vec2::new(400.0, 800.0);
        assert_eq!(board_share(size), 50.0);
        let left = placed(Dock::Left(19.0), Orientation::Portrait, size);
        assert_eq!((left.left, left.top, left.width), (px(0), percent(50), percent(50)));
        let right = placed(Dock::Right(19.0), Orientation::Portrait, size);
        assert_eq!(
            (right.left, right.width, right.height),
            (percent(50), percent(50), percent(50))
        );
        let under = placed(Dock::RightOrUnder(22.0), Orientation::Portrait, size);
        assert_eq!((under.left, under.width), (px(0), percent(100)));
        let wide = Vec2::new(1280.0, 800.0);
        let beside = placed(Dock::RightOrUnder(22.0), Orientation::Landscape, wide);
        assert_eq!((beside.right, beside.width, beside.height), (px(0), percent(22), percent(100)));
        // A phone on its side: the panels take the room beside the board.
        let short = placed(Dock::Left(19.0), Orientation::Landscape, Vec2::new(844.0, 390.0));
        assert_eq!(short.width, percent((844.0 - 390.0) / 2.0 / 844.0 * 100.0 - 1.0));
    }
}
