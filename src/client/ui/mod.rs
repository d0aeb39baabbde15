//! The client's look and its menus: the palette, the widgets screens are built of, the
//! actions buttons send, keyboard focus, scrolling, typed text, and notices for the player.

pub mod action;
pub mod clipboard;
mod finger;
mod focus;
pub mod font;
pub mod menu;
pub mod notice;
pub mod orientation;
pub mod palette;
pub mod scale;
pub mod scrolling;
pub mod typing;
pub mod widgets;

pub use action::{Action, ActionButton};
pub use clipboard::Clipboard;
pub use font::FontPlugin;
pub use menu::{MenuSet, UiPlugin};
pub use notice::Notice;
pub use orientation::{Dock, Orientation, WideOnly};
pub use scale::ScalePlugin;
pub use typing::{Typed, printable, shown, type_into};
pub use widgets::{MenuPanel, button, heading, pause_button, row, screen_root, text};
