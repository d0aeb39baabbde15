//! A line of text typed from the keyboard, as every text field takes it: Backspace
//! deletes, printable characters are added up to a length, Enter and Esc are the caller's.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};

/// What one key did to the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    /// The line changed, or the key was not for it.
    Edited,
    /// Enter: the line is done.
    Enter,
    /// Esc: typing stops.
    Escape,
}

/// Applies `key` to `text`: characters `keep` turns into `Some` are added while the line is
/// shorter than `limit` characters.
pub fn type_into(
    text: &mut String,
    key: &KeyboardInput,
    limit: usize,
    keep: impl Fn(char) -> Option<char>,
) -> Typed {
    if key.state != ButtonState::Pressed {
        return Typed::Edited;
    }
    match &key.logical_key {
        Key::Enter => return Typed::Enter,
        Key::Escape => return Typed::Escape,
        Key::Backspace => {
            text.pop();
        }
        _ => {
            for c in key.text.iter().flat_map(|t| t.chars()).filter_map(keep) {
                if text.chars().count() < limit {
                    text.push(c);
                }
            }
        }
    }
    Typed::Edited
}

/// Printable characters, as typed.
pub fn printable(c: char) -> Option<char> {
    (!c.is_control()).then_some(c)
}
