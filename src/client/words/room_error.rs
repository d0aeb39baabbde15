//! Why a request to play or watch online leads to no room, in the player's language.

use super::{Arg, Words, connect_error, lan_error, refusal};
use crate::client::hosts::room_error::RoomError;

/// `error` as a sentence in `w`'s language (what was typed, a host's name and the
/// system's own reason stay as given).
pub fn room_error(w: &Words, error: &RoomError) -> String {
    match error {
        RoomError::NotACode(text) => {
            w.with("lobby-not-a-code", &[("text", Arg::from(format!("{text:?}")))])
        }
        RoomError::WatchOtherVersion { host } => {
            w.with("lobby-watch-other-version", &[("host", Arg::from(host.clone()))])
        }
        RoomError::NoRandomness(e) => {
            w.with("lobby-no-randomness", &[("why", Arg::from(e.0.clone()))])
        }
        RoomError::CannotHost(e) => {
            w.with("lobby-cannot-host", &[("why", Arg::from(lan_error(w, e)))])
        }
        RoomError::CannotJoin { host, why } => w.with(
            "lobby-cannot-join",
            &[("host", Arg::from(host.clone())), ("why", Arg::from(refusal(w, why)))],
        ),
        RoomError::Connect(e) => connect_error(w, e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::hosts::seed::NoRandomness;
    use crate::client::words::said_everywhere::said_everywhere;
    use crate::net::lan::{LanError, Refusal};

    #[test]
    fn each_is_said_in_every_language_keeping_what_was_typed_and_who_hosts() {
        let every = [
            RoomError::NotACode("hello".into()),
            RoomError::WatchOtherVersion { host: "Asha".into() },
            RoomError::NoRandomness(NoRandomness("entropy pool empty".into())),
            RoomError::CannotHost(LanError::NoServer("os error 98".into())),
            RoomError::CannotJoin { host: "Asha".into(), why: Refusal::Full },
        ];
        said_everywhere(
            &every,
            room_error,
            &["\"hello\"", "Asha", "entropy pool empty", "os error 98"],
        );
    }
}
