//! Why a connection to a room could not open or has ended, in the player's language.

use super::{Arg, Words};
use crate::net::connect_error::ConnectError;
use crate::net::unreached::Unreached;

/// `error` as a sentence in `w`'s language (the system's or matchbox's own reason, where
/// one comes with it, stays as given).
pub fn connect_error(w: &Words, error: &ConnectError) -> String {
    let why = |id: &str, why: &String| w.with(id, &[("why", Arg::from(why.clone()))]);
    match error {
        ConnectError::RoomFull => w.get("connect-room-full"),
        ConnectError::NoSuchMatch => w.get("connect-no-such-match"),
        ConnectError::OtherVersion => w.get("connect-other-version"),
        ConnectError::TooMany => w.get("connect-too-many"),
        ConnectError::ServerFull => w.get("connect-server-full"),
        ConnectError::BadRoom => w.get("connect-bad-room"),
        ConnectError::Unreachable(reason) => {
            w.with("connect-unreachable", &[("why", Arg::from(unreached(w, reason)))])
        }
        ConnectError::Refused(reason) => why("connect-refused", reason),
        ConnectError::Lost(reason) => why("connect-lost", reason),
        ConnectError::Closed => w.get("connect-closed"),
        ConnectError::Ended => w.get("connect-ended"),
        ConnectError::NoRoute(reason) => why("connect-no-route", reason),
        ConnectError::NoThread(reason) => why("connect-no-thread", reason),
        ConnectError::TurnCredentials => w.get("connect-turn-credentials"),
    }
}

/// Why the server could not be reached, as a clause in `w`'s language.
fn unreached(w: &Words, reason: &Unreached) -> String {
    match reason {
        Unreached::Refused => w.get("unreached-refused"),
        Unreached::NoRoute => w.get("unreached-no-route"),
        Unreached::UnknownName => w.get("unreached-unknown-name"),
        Unreached::TimedOut => w.get("unreached-timed-out"),
        Unreached::Other(why) => w.with("system-other", &[("why", Arg::from(why.clone()))]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::words::said_everywhere::said_everywhere;

    /// One of each kind, with a reason where it takes one.
    fn every_error() -> Vec<ConnectError> {
        let why = || "os error 111".to_string();
        vec![
            ConnectError::RoomFull,
            ConnectError::NoSuchMatch,
            ConnectError::OtherVersion,
            ConnectError::TooMany,
            ConnectError::ServerFull,
            ConnectError::BadRoom,
            ConnectError::Unreachable(Unreached::Refused),
            ConnectError::Unreachable(Unreached::NoRoute),
            ConnectError::Unreachable(Unreached::UnknownName),
            ConnectError::Unreachable(Unreached::TimedOut),
            ConnectError::Unreachable(Unreached::Other(why())),
            ConnectError::Refused(why()),
            ConnectError::Lost(why()),
            ConnectError::Closed,
            ConnectError::Ended,
            ConnectError::NoRoute(why()),
            ConnectError::NoThread(why()),
            ConnectError::TurnCredentials,
        ]
    }

    #[test]
    fn each_is_said_in_every_language_keeping_its_reason() {
        said_everywhere(&every_error(), connect_error, &["os error 111"]);
    }
}
