//! A check the typed errors share: each is said in every language (tests only).

use super::fluency::english_words;
use super::{Language, Words};
use std::fmt::{Debug, Display};

/// Checks that `say` says each of `errors` in English exactly as its `Display` (what the
/// command line and the log say), and in every other language in words of its own that
/// keep each of the `kept` reasons the English holds, with no other English word.
pub fn said_everywhere<E: Display + Debug>(
    errors: &[E],
    say: impl Fn(&Words, &E) -> String,
    kept: &[&str],
) {
    let english = Words::new(Language::English);
    for error in errors {
        assert_eq!(say(&english, error), error.to_string());
    }
    for language in Language::ALL.into_iter().filter(|l| *l != Language::English) {
        let w = Words::new(language);
        for error in errors {
            let said = say(&w, error);
            assert_ne!(said, say(&english, error), "{language:?}: {error:?}");
            let mut rest = said.clone();
            for reason in kept.iter().filter(|reason| error.to_string().contains(*reason)) {
                assert!(said.contains(reason), "{language:?}: {said}");
                rest = rest.replace(reason, "");
            }
            let english = english_words(&rest);
            assert!(english.is_empty(), "{language:?}: English {english:?} in {said}");
        }
    }
}
