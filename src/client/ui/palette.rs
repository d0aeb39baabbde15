//! Colours of the whole client.

use bevy::prelude::Color;

/// Behind everything.
pub const BACKDROP: Color = Color::srgb(0.10, 0.11, 0.13);
/// Body text.
pub const TEXT: Color = Color::srgb(0.93, 0.92, 0.88);
/// Secondary text.
pub const DIM: Color = Color::srgb(0.65, 0.66, 0.68);
/// Headings and what needs attention.
pub const ACCENT: Color = Color::srgb(0.98, 0.74, 0.30);
/// Fouls and warnings.
pub const WARN: Color = Color::srgb(0.95, 0.45, 0.40);
/// A button at rest.
pub const BUTTON: Color = Color::srgb(0.20, 0.22, 0.26);
/// A button under the mouse.
pub const BUTTON_HOVER: Color = Color::srgb(0.28, 0.31, 0.36);
/// A button being pressed.
pub const BUTTON_PRESSED: Color = Color::srgb(0.16, 0.17, 0.20);
/// A chosen option.
pub const BUTTON_SELECTED: Color = Color::srgb(0.55, 0.36, 0.16);
/// A chosen option under the mouse.
pub const BUTTON_SELECTED_HOVER: Color = Color::srgb(0.63, 0.43, 0.20);
/// Panels over the board.
pub const PANEL: Color = Color::srgba(0.06, 0.07, 0.08, 0.82);
/// A card grouping lines on a panel.
pub const CARD: Color = Color::srgba(1.0, 1.0, 1.0, 0.05);
