//! Why the clipboard did not take a text, in the player's language.

use super::{Arg, Words};
use crate::client::ui::copy_error::CopyError;

/// `error` as a clause in `w`'s language (the system's own reason stays as given).
pub fn copy_error(w: &Words, error: &CopyError) -> String {
    match error {
        CopyError::NoClipboard => w.get("clipboard-none"),
        CopyError::NotSecure => w.get("clipboard-not-secure"),
        CopyError::Busy => w.get("clipboard-busy"),
        CopyError::Refused(why) => w.with("system-other", &[("why", Arg::from(why.clone()))]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::words::said_everywhere::said_everywhere;

    #[test]
    fn each_is_said_in_every_language_keeping_the_systems_reason() {
        let every = [
            CopyError::NoClipboard,
            CopyError::NotSecure,
            CopyError::Busy,
            CopyError::Refused("X11 server connection timed out".into()),
        ];
        said_everywhere(&every, copy_error, &["X11 server connection timed out"]);
    }
}
