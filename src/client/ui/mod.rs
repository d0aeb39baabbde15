//! The client's look and its menus: the palette, the widgets screens are built of, the
//! buttons and what pressing one does, keyboard focus, scrolling, typed text, notices for
//! the player, and how often a still menu is drawn.

pub mod button;
pub mod clipboard;
pub mod copy_error;
mod finger;
mod focus;
pub mod font;
pub mod idle;
pub mod menu;
pub mod notice;
pub mod orientation;
pub mod palette;
pub mod scale;
pub mod scrolling;
pub mod typing;
pub mod widgets;

pub use button::{GoesBack, MenuButton, Pressed, opens};
pub use clipboard::Clipboard;
pub use font::FontPlugin;
pub use idle::IdlePlugin;
pub use menu::{MenuSet, UiPlugin};
pub use notice::Notice;
pub use orientation::{Dock, Orientation, WideOnly};
pub use scale::ScalePlugin;
pub use typing::{Typed, printable, shown, type_into};
pub use widgets::{
    MenuPanel, back_button, button, button_showing, heading, pause_button, row, screen_root, text,
    text_field,
};
