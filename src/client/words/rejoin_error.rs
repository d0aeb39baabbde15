//! Why this machine cannot take its seat back, in the player's language.

use super::{Arg, Words, connect_error};
use crate::client::persistence::rejoin_error::RejoinError;

/// `error` as a sentence in `w`'s language (a file's own parse error, or the system's
/// reason a connection failed, stays as given).
pub fn rejoin_error(w: &Words, error: &RejoinError) -> String {
    match error {
        RejoinError::OtherFormat { found, reads } => w.with(
            "rejoin-other-format",
            &[("found", Arg::from(*found)), ("reads", Arg::from(*reads))],
        ),
        RejoinError::Unreadable { line, column } => w.with(
            "rejoin-unreadable",
            &[("line", Arg::from(*line)), ("column", Arg::from(*column))],
        ),
        RejoinError::OtherProtocol(protocol) => {
            w.with("rejoin-other-protocol", &[("protocol", Arg::from(*protocol))])
        }
        RejoinError::Damaged => w.get("rejoin-damaged"),
        RejoinError::TooOld => w.get("rejoin-too-old"),
        RejoinError::NoSeat => w.get("rejoin-no-seat"),
        RejoinError::NoId => w.get("rejoin-no-id"),
        RejoinError::NoKey => w.get("rejoin-no-key"),
        RejoinError::WrongKey => w.get("rejoin-wrong-key"),
        RejoinError::Connect(error) => connect_error(w, error),
        RejoinError::ChannelGone => w.get("lobby-channel-gone"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::words::said_everywhere::said_everywhere;
    use crate::net::connect_error::ConnectError;
    use crate::net::unreached::Unreached;

    /// One of each kind, with a reason where it takes one.
    fn every_error() -> Vec<RejoinError> {
        vec![
            RejoinError::OtherFormat { found: 9, reads: 2 },
            RejoinError::Unreadable { line: 3, column: 14 },
            RejoinError::OtherProtocol(5),
            RejoinError::Damaged,
            RejoinError::TooOld,
            RejoinError::NoSeat,
            RejoinError::NoId,
            RejoinError::NoKey,
            RejoinError::WrongKey,
            RejoinError::Connect(ConnectError::Unreachable(Unreached::Other(
                "os error 111".into(),
            ))),
            RejoinError::ChannelGone,
        ]
    }

    #[test]
    fn each_is_said_in_every_language_keeping_its_reason() {
        said_everywhere(&every_error(), rejoin_error, &["line 1 column 1", "os error 111"]);
    }
}
