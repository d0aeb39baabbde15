//! Watch requests for rooms that do not exist, counted per source: a code is 60-odd bits
//! of the system's randomness, so only a guesser asks for many rooms that are not there.
//! Each source may miss a few times, then a miss every few seconds; past that, its watch
//! requests are refused (429) until it has waited.

use crate::limits::RateLimit;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Misses a source may make at once.
const BURST: u32 = 10;

/// Misses a source may make each minute, sustained.
const PER_MINUTE: u32 = 20;

/// Sources remembered at once: beyond that the oldest memories are let go (a guesser
/// spread over that many sources is held back by the codes' size alone).
const SOURCES: usize = 10_000;

/// Each source's misses.
#[derive(Default)]
pub struct Probes {
    misses: Mutex<HashMap<IpAddr, RateLimit>>,
}

impl Probes {
    /// Whether `source` may ask to watch now (it has not been guessing).
    pub fn allowed(&self, source: IpAddr) -> bool {
        let misses = self.misses.lock().unwrap_or_else(|p| p.into_inner());
        misses.get(&source).is_none_or(|bucket| bucket.would_allow(Instant::now()))
    }

    /// Counts a request from `source` for a room that is not there.
    pub fn missed(&self, source: IpAddr) {
        let mut misses = self.misses.lock().unwrap_or_else(|p| p.into_inner());
        if misses.len() >= SOURCES && !misses.contains_key(&source) {
            misses.clear();
        }
        let bucket =
            misses.entry(source).or_insert_with(|| RateLimit::per_minute(PER_MINUTE, BURST));
        bucket.allow(Instant::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_source_that_keeps_missing_is_held_back_and_others_are_not() {
        let probes = Probes::default();
        let guesser = IpAddr::from([198, 51, 100, 7]);
        for _ in 0..BURST {
            assert!(probes.allowed(guesser));
            probes.missed(guesser);
        }
        assert!(!probes.allowed(guesser), "past its burst of misses");
        assert!(probes.allowed(IpAddr::from([198, 51, 100, 8])), "another source is not");
    }
}
