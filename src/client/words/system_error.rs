//! What the system said when a file could not be read, written or moved, in the player's
//! language: the common reasons by kind; any other as the system gave it, inside a
//! translated sentence that says it is the system's.

use super::{Arg, Words};
use std::io::{Error, ErrorKind};

/// `error`'s reason as a clause in `w`'s language.
pub fn system_error(w: &Words, error: &Error) -> String {
    let id = match error.kind() {
        ErrorKind::NotFound => "system-not-found",
        ErrorKind::PermissionDenied => "system-permission-denied",
        ErrorKind::StorageFull => "system-storage-full",
        ErrorKind::ReadOnlyFilesystem => "system-read-only",
        ErrorKind::QuotaExceeded => "system-quota-exceeded",
        ErrorKind::Unsupported => "system-unsupported",
        _ => return w.with("system-other", &[("why", Arg::from(error.to_string()))]),
    };
    w.get(id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::words::Language;

    #[test]
    fn each_kind_is_said_in_every_language_and_an_unknown_one_keeps_the_systems_words() {
        let known = [
            ErrorKind::NotFound,
            ErrorKind::PermissionDenied,
            ErrorKind::StorageFull,
            ErrorKind::ReadOnlyFilesystem,
            ErrorKind::QuotaExceeded,
            ErrorKind::Unsupported,
        ];
        let english = Words::new(Language::English);
        for language in Language::ALL {
            let w = Words::new(language);
            let mut said: Vec<String> =
                known.iter().map(|kind| system_error(&w, &Error::from(*kind))).collect();
            said.sort();
            said.dedup();
            assert_eq!(said.len(), known.len(), "{language:?}: each kind its own words");
            let odd = system_error(&w, &Error::other("disk on fire"));
            assert!(odd.contains("disk on fire"), "{language:?}: {odd}");
            if language != Language::English {
                for kind in known {
                    let error = Error::from(kind);
                    assert_ne!(system_error(&w, &error), system_error(&english, &error));
                }
                assert_ne!(odd, system_error(&english, &Error::other("disk on fire")));
            }
        }
    }
}
