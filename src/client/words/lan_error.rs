//! Why a game could not be hosted, announced or looked for on this network, and why one
//! found cannot be joined, in the player's language.

use super::{Arg, Words};
use crate::net::lan::{LanError, Refusal};

/// `error` as a sentence in `w`'s language (the system's own reason stays as given).
pub fn lan_error(w: &Words, error: &LanError) -> String {
    let why = |id: &str, why: &String| w.with(id, &[("why", Arg::from(why.clone()))]);
    match error {
        LanError::NoSearch(reason) => why("lan-error-no-search", reason),
        LanError::NoAnnouncement(reason) => why("lan-error-no-announcement", reason),
        LanError::NoDescription(reason) => why("lan-error-no-description", reason),
        LanError::NoServer(reason) => why("lan-error-no-server", reason),
        LanError::DesktopOnly => w.get("ask-desktop-only"),
    }
}

/// `refusal` in `w`'s language (a game's name as announced stays as given).
pub fn refusal(w: &Words, refusal: &Refusal) -> String {
    match refusal {
        Refusal::OtherVersion { theirs, ours } => w.with(
            "refusal-other-version",
            &[("theirs", Arg::from(theirs.to_string())), ("ours", Arg::from(ours.to_string()))],
        ),
        Refusal::UnknownGame(game) => {
            w.with("refusal-unknown-game", &[("game", Arg::from(game.clone()))])
        }
        Refusal::Full => w.get("refusal-full"),
        Refusal::Unreadable => w.get("refusal-unreadable"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::words::said_everywhere::said_everywhere;

    #[test]
    fn each_is_said_in_every_language_keeping_its_reason() {
        let why = || "os error 98".to_string();
        let every = [
            LanError::NoSearch(why()),
            LanError::NoAnnouncement(why()),
            LanError::NoDescription(why()),
            LanError::NoServer(why()),
            LanError::DesktopOnly,
        ];
        said_everywhere(&every, lan_error, &["os error 98", "mDNS"]);
        let every = [
            Refusal::OtherVersion { theirs: 7, ours: 6 },
            Refusal::UnknownGame("snooker".into()),
            Refusal::Full,
            Refusal::Unreadable,
        ];
        said_everywhere(&every, refusal, &["7", "6", "snooker"]);
    }
}
