//! A menu button and what pressing it does.
//!
//! Each button owns its action: whoever spawns it observes its [`Pressed`]
//! (`spawn(ui::button(…)).observe(|_: On<Pressed>, …| …)`), so what a button does is
//! written beside the button, and no screen reads another's presses. A button is named
//! (`Play`, `Mode(Online)`, `Watch(0)` …): the keyboard, the page's tests and the checks
//! find it by that name.

use crate::client::flow::Screen;
use bevy::prelude::*;

/// A button was pressed: clicked, tapped, or chosen with the keyboard and Enter.
#[derive(EntityEvent, Clone, Copy, Debug)]
pub struct Pressed {
    /// The button.
    pub entity: Entity,
}

/// A menu button: its place in the keyboard order and whether it shows a chosen option.
#[derive(Component, Clone, Copy, Debug)]
#[require(Button)]
pub struct MenuButton {
    /// Position in the keyboard focus order (lowest first).
    pub order: u16,
    /// Shown as the chosen option of a selector (or, for a text field, being typed into).
    pub selected: bool,
}

/// A button that is a text field: while it is chosen, keys type into it.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct TextField;

/// The button Esc presses on its screen (Back, or the way out of it).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct GoesBack;

/// What a button that opens `screen` does.
pub fn opens(screen: Screen) -> impl Fn(On<Pressed>, ResMut<NextState<Screen>>) + Send + Sync {
    move |_, mut next| next.set(screen)
}
