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

/// What a text field shows: the line with a cursor while it is typed into, else the line,
/// or `empty` when there is none.
pub fn shown(text: &str, typing: bool, empty: &str) -> String {
    if typing {
        format!("{text}_")
    } else if text.is_empty() {
        empty.to_string()
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod shown_tests {
    use super::shown;

    #[test]
    fn a_field_shows_its_cursor_its_line_or_what_goes_there() {
        assert_eq!(shown("ab", true, "type"), "ab_");
        assert_eq!(shown("ab", false, "type"), "ab");
        assert_eq!(shown("", false, "type a code"), "type a code");
        assert_eq!(shown("", true, "type a code"), "_");
    }
}
