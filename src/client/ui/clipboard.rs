//! The system clipboard. On X11 the program that copied serves the text until another
//! copies, so the clipboard is opened once and kept for the whole run. In a browser it is
//! the page's, which browsers offer to https pages only.

use super::copy_error::CopyError;
use bevy::prelude::*;

/// The clipboard, once opened (none where the system has none, e.g. with no display).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Default)]
pub struct Clipboard(Option<arboard::Clipboard>);

/// The page's clipboard (the browser's own: nothing to keep open).
#[cfg(target_arch = "wasm32")]
#[derive(Default)]
pub struct Clipboard(());

#[cfg(target_arch = "wasm32")]
impl Clipboard {
    /// Puts `text` on the clipboard; says why not when it cannot.
    pub fn copy(&mut self, text: &str) -> Result<(), CopyError> {
        use wasm_bindgen::JsCast;
        let navigator = web_sys::window().ok_or(CopyError::NoClipboard)?.navigator();
        let clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into())
            .ok()
            .filter(|c| !c.is_undefined())
            .ok_or(CopyError::NotSecure)?;
        let _ = clipboard.unchecked_into::<web_sys::Clipboard>().write_text(text);
        Ok(())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clipboard {
    /// Puts `text` on the clipboard; says why not when it cannot.
    pub fn copy(&mut self, text: &str) -> Result<(), CopyError> {
        if self.0.is_none() {
            self.0 = Some(arboard::Clipboard::new()?);
        }
        match self.0.as_mut() {
            Some(clipboard) => Ok(clipboard.set_text(text)?),
            None => Err(CopyError::NoClipboard),
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
