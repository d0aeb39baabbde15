//! Who won a finished match, kept as a fact rather than a sentence: whoever reads the
//! record later says it in their own language.

use serde::{Deserialize, Serialize};

/// How a finished match ended: who won, or no one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The players who won, a bit each (bit `i` is the record's `players[i]`): one player,
    /// or a side of partners. A mask, not a list, so a file cannot make it long.
    Won(u8),
    /// No one won.
    Drawn,
}

impl Outcome {
    /// Won by the players at `winners` (indexes among the record's players, under 8).
    pub fn won_by(winners: impl IntoIterator<Item = usize>) -> Outcome {
        Outcome::Won(winners.into_iter().filter(|&p| p < 8).fold(0, |mask, p| mask | 1 << p))
    }

    /// The winners' indexes in a record of `players` players: empty for a draw; `None` when
    /// the mask names no player, or one the record does not have.
    pub fn winners(self, players: usize) -> Option<Vec<usize>> {
        match self {
            Outcome::Drawn => Some(Vec::new()),
            Outcome::Won(0) => None,
            Outcome::Won(mask) if players < 8 && mask >> players != 0 => None,
            Outcome::Won(mask) => Some((0..8).filter(|p| mask & 1 << p != 0).collect()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winners_read_back_and_a_mask_naming_no_player_of_the_record_is_refused() {
        assert_eq!(Outcome::won_by([0, 2]).winners(4), Some(vec![0, 2]));
        assert_eq!(Outcome::won_by([1]).winners(2), Some(vec![1]));
        assert_eq!(Outcome::Drawn.winners(2), Some(vec![]));
        assert_eq!(Outcome::Won(0).winners(2), None, "won by nobody");
        assert_eq!(Outcome::Won(0b100).winners(2), None, "a third player of two");
        let json = serde_json::to_string(&Outcome::won_by([0, 2])).unwrap();
        assert_eq!(json, r#"{"won":5}"#);
        assert_eq!(serde_json::from_str::<Outcome>(r#""drawn""#).unwrap(), Outcome::Drawn);
        assert!(serde_json::from_str::<Outcome>(r#"{"won":300}"#).is_err(), "past a byte");
    }
}
