//! Why a kept file could not be read back, and where it was put, in the player's
//! language; the detail (serde's reason, which field) stays in the log.

use super::{Arg, Words, rejoin_error, system_error};
use crate::client::persistence::unreadable::{SetAside, Unreadable};

/// Why `why` made a file unreadable, as a clause in `w`'s language.
pub fn why_unreadable(w: &Words, why: &Unreadable) -> String {
    let versions = |id: &str, found: u32, reads: u32| {
        w.with(id, &[("found", Arg::from(found)), ("reads", Arg::from(reads))])
    };
    match why {
        Unreadable::Io(error) => system_error(w, error),
        Unreadable::NotJson(error) => w.with(
            "unreadable-not-json",
            &[("line", Arg::from(error.line())), ("column", Arg::from(error.column()))],
        ),
        Unreadable::OtherFormat { found, reads } => {
            versions("unreadable-other-format", *found, *reads)
        }
        Unreadable::OtherSimulation { found, reads } => {
            versions("unreadable-other-simulation", *found, *reads)
        }
        Unreadable::Unknown { name, .. } => {
            w.with("unreadable-unknown", &[("name", Arg::from(name.clone()))])
        }
        Unreadable::Damaged(_) => w.get("unreadable-damaged"),
        Unreadable::Ended => w.get("notice-match-ended"),
        Unreadable::Ticket(error) => rejoin_error(w, error),
    }
}

/// What Home says of a kept file that could not be read: what it held (the message
/// `what`), why, and where it was set aside.
pub fn unreadable(w: &Words, what: &str, set_aside: &SetAside) -> String {
    let kept = match &set_aside.kept {
        Ok(backup) => w.with("notice-kept-as", &[("path", backup.display().to_string().into())]),
        Err(e) => w.with("notice-not-moved", &[("why", system_error(w, e).into())]),
    };
    let problem = why_unreadable(w, &set_aside.why);
    let args = [("what", w.get(what).into()), ("problem", problem.into()), ("kept", kept.into())];
    w.with("notice-unreadable", &args)
}

/// What Home says of a file that could not be written.
pub fn not_saved(w: &Words, path: &std::path::Path, error: &std::io::Error) -> String {
    let args =
        [("path", path.display().to_string().into()), ("why", system_error(w, error).into())];
    w.with("notice-not-saved", &args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::persistence::rejoin_error::RejoinError;
    use crate::client::words::Language;
    use std::io::{Error, ErrorKind};

    /// One of each kind, and what of it every language keeps.
    fn every_reason() -> Vec<(Unreadable, &'static [&'static str])> {
        let not_json = serde_json::from_slice::<u32>(b"\n\n  [").unwrap_err();
        vec![
            (Unreadable::Io(Error::from(ErrorKind::PermissionDenied)), &[]),
            (Unreadable::NotJson(not_json), &["3"]),
            (Unreadable::OtherFormat { found: 9, reads: 2 }, &["9", "2"]),
            (Unreadable::OtherSimulation { found: 17, reads: 16 }, &["17", "16"]),
            (Unreadable::unknown("board", "snooker"), &["snooker"]),
            (Unreadable::Damaged("the state does not match its hash"), &[]),
            (Unreadable::Ended, &[]),
            (Unreadable::Ticket(RejoinError::TooOld), &[]),
        ]
    }

    #[test]
    fn each_reason_is_said_in_every_language_in_its_own_words() {
        let english = Words::new(Language::English);
        for language in Language::ALL {
            let w = Words::new(language);
            for (why, kept) in every_reason() {
                let said = why_unreadable(&w, &why);
                for value in kept {
                    assert!(said.contains(value), "{language:?}: {said}");
                }
                if language != Language::English {
                    assert_ne!(said, why_unreadable(&english, &why), "{language:?}: {why:?}");
                    assert!(!said.contains(&why.to_string()), "{language:?}: {said}");
                }
            }
        }
    }

    #[test]
    fn a_set_aside_file_is_reported_with_what_it_held_why_and_where_it_went() {
        let w = Words::new(Language::Hindi);
        let set_aside = SetAside {
            why: Unreadable::OtherFormat { found: 9, reads: 2 },
            kept: Ok("/home/p/.carrom/match.json.corrupt-7".into()),
        };
        let said = unreadable(&w, "what-saved-match", &set_aside);
        assert!(said.contains(&w.get("what-saved-match")), "{said}");
        assert!(said.contains("match.json.corrupt-7") && said.contains('9'), "{said}");
        let stuck = SetAside { kept: Err(Error::from(ErrorKind::PermissionDenied)), ..set_aside };
        let said = unreadable(&w, "what-saved-match", &stuck);
        assert!(said.contains(&system_error(&w, &Error::from(ErrorKind::PermissionDenied))));
    }
}
