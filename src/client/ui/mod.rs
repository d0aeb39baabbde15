//! The client's look and its menus: the palette, the widgets screens are built of, the
//! actions buttons send, keyboard focus, and notices for the player.

pub mod action;
pub mod clipboard;
pub mod menu;
pub mod notice;
pub mod palette;
pub mod widgets;

pub use action::{Action, ActionButton};
pub use clipboard::Clipboard;
pub use menu::{MenuSet, UiPlugin};
pub use notice::Notice;
pub use widgets::{button, row, screen_root, text};
