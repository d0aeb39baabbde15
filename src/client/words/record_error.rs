//! Why a record cannot be shown, in the player's language.

use super::{Arg, Words};
use crate::record::RecordError;

/// `error` as a sentence in `w`'s language (a file's own parse error stays as given).
pub fn record_error(w: &Words, error: &RecordError) -> String {
    match error {
        RecordError::Format { found, reads } => {
            w.with("record-format", &[("found", Arg::from(*found)), ("reads", Arg::from(*reads))])
        }
        RecordError::SimVersion { found, current } => w.with(
            "record-sim-version",
            &[("found", Arg::from(*found)), ("current", Arg::from(*current))],
        ),
        RecordError::TooLong { frames, most } => {
            w.with("record-too-long", &[("frames", Arg::from(*frames)), ("most", Arg::from(*most))])
        }
        RecordError::AfterTheEnd { frames } => {
            w.with("record-after-the-end", &[("frames", Arg::from(*frames))])
        }
        RecordError::BadInput { frame, .. } => {
            w.with("record-bad-input", &[("frame", Arg::from(*frame))])
        }
        RecordError::NoPlayer { frame, player } => w.with(
            "record-no-player",
            &[("frame", Arg::from(*frame)), ("player", Arg::from(*player))],
        ),
        RecordError::Start => w.get("record-bad-start"),
        RecordError::UnknownGame(name) => {
            w.with("record-unknown-game", &[("name", Arg::from(name.clone()))])
        }
        RecordError::UnknownBoard(name) => {
            w.with("record-unknown-board", &[("name", Arg::from(name.clone()))])
        }
        RecordError::Settings(why) => {
            w.with("record-bad-settings", &[("why", Arg::from(why.to_string()))])
        }
        RecordError::DraughtsStart { fen, why } => w.with(
            "record-bad-draughts-start",
            &[("fen", Arg::from(fen.clone())), ("why", Arg::from(why.to_string()))],
        ),
        RecordError::DraughtsMove { ply, text, why } => w.with(
            "record-bad-draughts-move",
            &[
                ("ply", Arg::from(*ply)),
                ("move", Arg::from(text.clone())),
                ("why", Arg::from(why.to_string())),
            ],
        ),
        RecordError::DraughtsBallot { number } => {
            w.with("record-bad-draughts-ballot", &[("number", Arg::from(number.to_string()))])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::words::Language;

    #[test]
    fn a_record_of_another_simulation_version_is_said_in_each_language_with_its_numbers() {
        let error = RecordError::SimVersion { found: 7, current: 8 };
        let said: Vec<String> =
            Language::ALL.iter().map(|l| record_error(&Words::new(*l), &error)).collect();
        for text in &said {
            assert!(text.contains('7') && text.contains('8'), "{text}");
        }
        assert!(said[0].contains("simulation version"), "{}", said[0]);
        let mut distinct = said.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), said.len(), "each language says it its own way: {said:?}");
    }
}
