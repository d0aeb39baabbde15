//! What a check plays with, as a player would: the buttons to press, the board to point
//! at, screenshots to take, the screens it moves between, and quitting once it is done.

use super::named_buttons::NamedButtons;
use crate::client::board::pointer::BoardPointer;
use crate::client::flow::screen::Screen;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// A check's hands: it presses buttons, points at the board, spawns screenshots and quits.
#[derive(SystemParam)]
pub struct Hands<'w, 's> {
    /// For screenshots.
    pub commands: Commands<'w, 's>,
    /// The buttons on screen, by name.
    pub buttons: NamedButtons<'w, 's>,
    /// The pointer on the board, as a mouse or a finger moves it.
    pub pointer: MessageWriter<'w, BoardPointer>,
    /// Quitting, with the check's outcome.
    pub exit: MessageWriter<'w, AppExit>,
}

/// The screen shown, and the one a check goes to next.
#[derive(SystemParam)]
pub struct Screens<'w> {
    /// The screen shown.
    pub screen: Res<'w, State<Screen>>,
    /// The screen to go to.
    pub next: ResMut<'w, NextState<Screen>>,
}
