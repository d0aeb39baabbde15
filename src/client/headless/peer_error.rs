//! Why a headless peer played no match to its end.

use std::time::Duration;

/// What kept a headless peer's match from being played out (its report covers the rest).
#[derive(Debug, thiserror::Error)]
pub enum PeerError {
    /// The lobby ended before the match started; its reason, as a player is told it.
    #[error("{0}")]
    NoMatch(String),
    /// Not every seat was taken in time; what the lobby last said.
    #[error("the players did not all arrive within {within:?}: {status}")]
    NotGathered { within: Duration, status: String },
    /// A player left before the first stroke; the match's own words for it.
    #[error("{0}")]
    Left(String),
    /// The match was still going when its time was up.
    #[error("the match did not end within {0:?}")]
    Unfinished(Duration),
}
