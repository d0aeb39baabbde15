//! Why a text could not be put on the clipboard.

/// Why the clipboard did not take a text.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// This system (or this page) has no clipboard to put it on.
    #[error("there is no clipboard here")]
    NoClipboard,
    /// The browser lends its clipboard to secure (https) pages only.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code, reason = "only a page meets it"))]
    #[error("the browser offers a clipboard to https pages only")]
    NotSecure,
    /// Another program holds the clipboard.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code, reason = "only a desktop meets it"))]
    #[error("another program holds the clipboard")]
    Busy,
    /// The system refused, in its own words.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code, reason = "only a desktop meets it"))]
    #[error("the system said “{0}”")]
    Refused(String),
}

#[cfg(not(target_arch = "wasm32"))]
impl From<arboard::Error> for CopyError {
    fn from(error: arboard::Error) -> CopyError {
        match error {
            arboard::Error::ClipboardNotSupported => CopyError::NoClipboard,
            arboard::Error::ClipboardOccupied => CopyError::Busy,
            other => CopyError::Refused(other.to_string()),
        }
    }
}
