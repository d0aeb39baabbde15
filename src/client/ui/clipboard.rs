//! The system clipboard. On X11 the program that copied serves the text until another
//! copies, so the clipboard is opened once and kept for the whole run.

use bevy::prelude::*;

/// The clipboard, once opened (none where the system has none, e.g. with no display).
#[derive(Default)]
pub struct Clipboard(Option<arboard::Clipboard>);

impl Clipboard {
    /// Puts `text` on the clipboard; says why not when it cannot.
    pub fn copy(&mut self, text: &str) -> Result<(), String> {
        if self.0.is_none() {
            self.0 = Some(arboard::Clipboard::new().map_err(|e| e.to_string())?);
        }
        match self.0.as_mut() {
            Some(clipboard) => clipboard.set_text(text).map_err(|e| e.to_string()),
            None => Err("no clipboard".into()),
        }
    }
}

/// Makes the clipboard available to systems (as a main-thread resource: the platform's
/// clipboard handle is not shared between threads).
pub struct ClipboardPlugin;

impl Plugin for ClipboardPlugin {
    fn build(&self, app: &mut App) {
        app.insert_non_send(Clipboard::default());
    }
}
