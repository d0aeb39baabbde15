//! A phone's own keyboard for the game's text fields (names, invite codes, addresses): a
//! canvas cannot raise it, so while a field is being typed into the page focuses a hidden
//! input (`carromKeyboard`), and what is typed there comes back through `carromTyped` as
//! the key presses the fields already read. A desktop browser's keys take the same path
//! while a field is chosen.

use super::ui::MenuButton;
use super::ui::button::TextField;
use bevy::input::ButtonState;
use bevy::input::InputSystems;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKeyCode};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use wasm_bindgen::{JsCast, JsValue};

/// The page's keyboard for text fields.
pub(super) struct PageKeyboardPlugin;

impl Plugin for PageKeyboardPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PreUpdate, typed_on_page.after(InputSystems))
            .add_systems(Update, raise_keyboard);
    }
}

/// The page's `window[name]`.
fn page_value(name: &str) -> Option<JsValue> {
    let page = web_sys::window()?;
    js_sys::Reflect::get(&page, &JsValue::from_str(name)).ok()
}

/// Raises the keyboard while a text field is chosen, and puts it away after.
fn raise_keyboard(fields: Query<&MenuButton, With<TextField>>, mut raised: Local<bool>) {
    let wanted = fields.iter().any(|b| b.selected);
    if wanted == *raised {
        return;
    }
    *raised = wanted;
    let Some(keyboard) = page_value("carromKeyboard") else { return };
    if let Some(keyboard) = keyboard.dyn_ref::<js_sys::Function>() {
        let _ = keyboard.call1(&JsValue::NULL, &JsValue::from_bool(wanted));
    }
}

/// What the page's input was given, as key presses: text, and Enter, Backspace and Esc.
/// Only once a text field is chosen: a tap on a field focuses the input at once (a phone
/// raises its keyboard only then), so on a slow page what is typed can arrive before the
/// game has taken the tap, and it waits in the page's queue rather than being lost.
fn typed_on_page(
    windows: Query<Entity, With<PrimaryWindow>>,
    fields: Query<&MenuButton, With<TextField>>,
    mut keys: MessageWriter<KeyboardInput>,
) {
    if !fields.iter().any(|b| b.selected) {
        return;
    }
    let Ok(window) = windows.single() else { return };
    let Some(typed) = page_value("carromTyped") else { return };
    let Some(typed) = typed.dyn_ref::<js_sys::Array>() else { return };
    // At most a line's worth a frame: the page cannot make the game loop on its words.
    for _ in 0..typed.length().min(64) {
        let Some(text) = typed.shift().as_string() else { continue };
        let logical_key = match text.as_str() {
            "\n" => Key::Enter,
            "\u{8}" => Key::Backspace,
            "\u{1b}" => Key::Escape,
            _ => Key::Character(text.as_str().into()),
        };
        let text = matches!(logical_key, Key::Character(_)).then(|| text.as_str().into());
        // Pressed and let go, as a key is: nothing is left held down.
        for state in [ButtonState::Pressed, ButtonState::Released] {
            keys.write(KeyboardInput {
                key_code: KeyCode::Unidentified(NativeKeyCode::Unidentified),
                logical_key: logical_key.clone(),
                state,
                text: text.clone(),
                repeat: false,
                window,
            });
        }
    }
}
