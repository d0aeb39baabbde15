//! The widgets every screen is built of: text, buttons, a screen's column and a row.

use super::action::{Action, ActionButton};
use super::palette;
use crate::client::flow::Screen;
use bevy::prelude::*;

/// Text of `size` logical pixels.
pub fn text(value: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (Text::new(value), TextFont { font_size: FontSize::Px(size), ..default() }, TextColor(colour))
}

/// A heading: text of `size` logical pixels in the bold face.
pub fn heading(value: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (Heading, text(value, size, colour))
}

/// Marks text to be set in the bold face (where there is a window to draw it).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Heading;

/// Marks the panel a screen's menu is in, so the backdrop can keep clear of it.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct MenuPanel;

/// A button labelled `label`.
pub fn button(label: impl Into<String>, action: Action, order: u16, selected: bool) -> impl Bundle {
    (
        ActionButton { action, order, selected },
        Node {
            padding: UiRect::axes(px(14), px(7)),
            margin: UiRect::all(px(4)),
            // A fingertip's worth, wherever the button is.
            min_width: px(44),
            min_height: px(44),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(6)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(palette::BUTTON),
        BorderColor::all(Color::NONE),
        children![text(label, 18.0, palette::TEXT)],
    )
}

/// The match's Pause button, at the top of a HUD panel (a phone has no Esc key).
pub fn pause_button(label: impl Into<String>) -> impl Bundle {
    (
        Node { justify_content: JustifyContent::FlexEnd, ..default() },
        children![button(label, Action::Pause, 90, false)],
    )
}

/// A full-window column for a menu screen (it scrolls when taller than the window).
pub fn screen_root(screen: Screen) -> impl Bundle {
    (
        DespawnOnExit(screen),
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            row_gap: px(6),
            // Scrolled to its end, the last button stays clear of a phone's bottom edge
            // (and its gesture bar).
            padding: UiRect::vertical(px(16)),
            overflow: Overflow::scroll_y(),
            ..default()
        },
        super::scrolling::ScrollingPage,
        BackgroundColor(palette::BACKDROP),
    )
}

/// A row of widgets.
pub fn row() -> impl Bundle {
    Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        ..default()
    }
}
