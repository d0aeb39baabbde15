//! The pointer on a board, in the board's own coordinates: both games' input reads it,
//! whether the mouse, a finger or a test made it (the camera turns the mouse into these,
//! [`super::touch`] the fingers).

use bevy::prelude::*;

/// What the pointer did, in board coordinates (cm from the centre, y towards seat 2).
/// The view makes these from the mouse and fingers; tests send them directly.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct BoardPointer {
    /// Where the pointer is on the board.
    pub at: Vec2,
    /// What it did there.
    pub action: PointerAction,
}

/// A pointer event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerAction {
    /// The button went down (a finger landed).
    Press,
    /// The pointer moved (button held or not).
    Move,
    /// The button came up (the finger lifted).
    Release,
    /// The press ends without meaning anything: the system took the finger away.
    Cancel,
}

/// The systems that turn the mouse and fingers into [`BoardPointer`] messages; the games'
/// input runs after them, so a press is acted on in the frame it is made.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointerSystems;
