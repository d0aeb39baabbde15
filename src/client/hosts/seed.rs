//! Where the client's unguessable numbers come from: match seeds, invite codes and seat
//! keys are drawn from the system's randomness (the OS's, or the browser's crypto in
//! the page), never from the clock or a process id — which others can guess, and which
//! the page does not have.

use bevy::prelude::*;

/// A seed fixed in advance (tests); without it every match draws a fresh one.
#[derive(Resource, Clone, Copy, Debug)]
pub struct FixedSeed(pub u64);

/// The system gave no randomness (its reason, as the system said it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoRandomness(pub String);

/// A fresh number from the system's randomness.
pub fn fresh() -> Result<u64, NoRandomness> {
    getrandom::u64().map_err(|e| NoRandomness(e.to_string()))
}

/// The seed for the next match: the fixed one, or a fresh one.
pub fn next_seed(fixed: Option<&FixedSeed>) -> Result<u64, NoRandomness> {
    match fixed {
        Some(seed) => Ok(seed.0),
        None => fresh(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_seed_is_kept_and_fresh_ones_differ() {
        assert_eq!(next_seed(Some(&FixedSeed(7))), Ok(7));
        let drawn: Vec<u64> = (0..8).map(|_| next_seed(None).unwrap()).collect();
        let mut distinct = drawn.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), drawn.len(), "{drawn:?}");
    }
}
