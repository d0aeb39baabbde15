//! The interface grows and shrinks with the window, so text and buttons keep their place
//! from 1024×768 to 2560×1440 and in full screen: laid out for 1280×800, scaled by the
//! smaller of the two ratios. A window taller than wide (a phone upright) is laid out for
//! 400×800, and neither it nor a short one (a phone on its side) is ever shrunk, so no
//! text is smaller than it was made.

use super::orientation::{Orientation, SHORT};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The window size the screens are laid out for, logical pixels.
const DESIGN: Vec2 = Vec2::new(1280.0, 800.0);

/// The portrait window the screens are laid out for, logical pixels.
const DESIGN_UPRIGHT: Vec2 = Vec2::new(400.0, 800.0);

/// The scale is kept within this range: smaller stops being readable, larger wastes room.
const RANGE: (f32, f32) = (0.8, 2.0);

/// The range upright or short: a phone's pixels are small already.
const RANGE_UPRIGHT: (f32, f32) = (1.0, 2.0);

/// Keeps [`UiScale`] fitted to the window.
pub struct ScalePlugin;

impl Plugin for ScalePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PreUpdate, fit);
    }
}

/// The UI scale for a window of `size` logical pixels.
pub fn scale_for(size: Vec2) -> f32 {
    let (design, range) = match Orientation::of(size) {
        Orientation::Landscape if size.y < SHORT => (DESIGN, RANGE_UPRIGHT),
        Orientation::Landscape => (DESIGN, RANGE),
        Orientation::Portrait => (DESIGN_UPRIGHT, RANGE_UPRIGHT),
    };
    let ratio = size / design;
    ratio.x.min(ratio.y).clamp(range.0, range.1)
}

fn fit(windows: Query<&Window, With<PrimaryWindow>>, mut scale: ResMut<UiScale>) {
    let Ok(window) = windows.single() else { return };
    let wanted = scale_for(window.size());
    if (scale.0 - wanted).abs() > 0.01 {
        scale.0 = wanted;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ui_is_laid_out_for_1280_by_800_and_scaled_within_its_range() {
        assert_eq!(scale_for(Vec2::new(1280.0, 800.0)), 1.0);
        assert_eq!(scale_for(Vec2::new(1024.0, 768.0)), 0.8);
        assert!((scale_for(Vec2::new(1920.0, 1080.0)) - 1.35).abs() < 1e-6);
        assert_eq!(scale_for(Vec2::new(2560.0, 1440.0)), 1.8);
        assert_eq!(scale_for(Vec2::new(1024.0, 600.0)), 0.8, "never below readable");
        assert_eq!(scale_for(Vec2::new(844.0, 390.0)), 1.0, "a phone on its side: as made");
        assert_eq!(scale_for(Vec2::new(390.0, 844.0)), 1.0, "a phone upright: as made");
        assert_eq!(scale_for(Vec2::new(360.0, 640.0)), 1.0, "a small phone too");
        assert!((scale_for(Vec2::new(768.0, 1024.0)) - 1.28).abs() < 1e-6, "a tablet grows");
    }
}
