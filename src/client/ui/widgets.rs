//! The widgets every screen is built of: text, buttons, a screen's column and a row.

use super::button::{GoesBack, MenuButton, Pressed, TextField};
use super::palette;
use crate::client::flow::{Pause, Screen};
use bevy::ecs::lifecycle::HookContext;
use bevy::ecs::world::DeferredWorld;
use bevy::prelude::*;
use std::borrow::Cow;

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

/// A button labelled `label` and called `name`, `order`th for the keyboard; what it does
/// is observed by whoever spawns it ([`Pressed`]).
pub fn button(
    label: impl Into<String>,
    name: impl Into<Cow<'static, str>>,
    order: u16,
    selected: bool,
) -> impl Bundle {
    button_showing(text(label, 18.0, palette::TEXT), name, order, selected)
}

/// A button like [`button`] whose label is the text `label` (a bundle of [`text`] and
/// whatever marks it).
pub fn button_showing(
    label: impl Bundle,
    name: impl Into<Cow<'static, str>>,
    order: u16,
    selected: bool,
) -> impl Bundle {
    (
        MenuButton { order, selected },
        Name::new(name),
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
        children![label],
    )
}

/// A text field showing `shown`, called `name`: pressed, it is typed into until Enter or
/// Esc (`typing`).
pub fn text_field(
    shown: impl Into<String>,
    name: impl Into<Cow<'static, str>>,
    order: u16,
    typing: bool,
) -> impl Bundle {
    (TextField, button(shown, name, order, typing))
}

/// A screen's Back button (Esc presses it too), `order`th for the keyboard.
pub fn back_button(label: impl Into<String>, order: u16) -> impl Bundle {
    (GoesBack, button(label, "Back", order, false))
}

/// The match's Pause button, at the top of a HUD panel (a phone has no Esc key).
pub fn pause_button(label: impl Into<String>) -> impl Bundle {
    (
        Node { justify_content: JustifyContent::FlexEnd, ..default() },
        children![(PauseButton, button(label, "Pause", 90, false))],
    )
}

/// The HUD's Pause button: pressed, it pauses the match.
#[derive(Component, Clone, Copy, Debug, Default)]
#[component(on_add = pauses_when_pressed)]
struct PauseButton;

fn pauses_when_pressed(mut world: DeferredWorld, context: HookContext) {
    world.commands().entity(context.entity).observe(pause);
}

fn pause(_: On<Pressed>, now: Option<Res<State<Pause>>>, mut next: ResMut<NextState<Pause>>) {
    if now.is_some_and(|now| *now.get() == Pause::Running) {
        next.set(Pause::Paused);
    }
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
