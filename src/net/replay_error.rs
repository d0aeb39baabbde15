//! Why a desync record cannot be replayed.

use crate::record::RecordError;

/// Why a desync record's match cannot be played again to compare its frames.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// Its record is not one this version can play (another simulation version, a bad
    /// state or input).
    #[error("{0}")]
    Unplayable(#[from] RecordError),
    /// A draughts record names no game to start from.
    #[error("a game with no start")]
    NoStart,
    /// A frame's inputs, as recorded, are no inputs.
    #[error("frame {0}: a bad input")]
    BadInput(usize),
}
