//! Hostile-peer tests: bytes that mean nothing, paced by the clock, for a peer that sends
//! them on every channel (`carrom peer --inject-garbage` and `--flood`). The peers they
//! reach must read and drop them, bounded, and say who sent them.

use crate::determinism::mix;
use web_time::Instant;

/// Largest junk message: the data channels carry it whole, and a flood of them is as
/// heavy as any a peer could send.
pub const MAX_JUNK: usize = 16 * 1024;

/// Junk messages due at a steady rate from when the pacer was made.
#[derive(Debug)]
pub struct Junk {
    per_second: u64,
    len: usize,
    sent: u64,
    draws: u64,
    seed: u64,
    started: Instant,
}

impl Junk {
    /// `per_second` messages a second of up to `len` bytes (at most [`MAX_JUNK`]), drawn
    /// from `seed`.
    pub fn new(per_second: u64, len: usize, seed: u64) -> Junk {
        let len = len.clamp(1, MAX_JUNK);
        Junk { per_second, len, sent: 0, draws: 0, seed, started: Instant::now() }
    }

    /// `bytes_per_second` of junk in messages of the largest size.
    pub fn flood(bytes_per_second: u64, seed: u64) -> Junk {
        Junk::new(bytes_per_second.div_ceil(MAX_JUNK as u64), MAX_JUNK, seed)
    }

    /// The messages due since the last call (a caller late by a long pause gets at most a
    /// second's worth at once).
    pub fn due(&mut self) -> Vec<Vec<u8>> {
        let elapsed = self.started.elapsed().as_millis() as u64;
        let due = elapsed.saturating_mul(self.per_second) / 1_000;
        let count = due.saturating_sub(self.sent).min(self.per_second.max(1));
        self.sent = due;
        (0..count).map(|_| self.message()).collect()
    }

    fn message(&mut self) -> Vec<u8> {
        self.draws += 1;
        let bits = mix(self.seed ^ self.draws.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let len =
            if self.len == MAX_JUNK { MAX_JUNK } else { 1 + (bits % self.len as u64) as usize };
        (0..len).map(|i| (mix(bits ^ (i as u64 >> 3)) >> ((i % 8) * 8)) as u8).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn junk_comes_at_its_rate_and_never_a_burst_of_more_than_a_second() {
        let mut junk = Junk::new(1_000, 300, 7);
        std::thread::sleep(std::time::Duration::from_millis(30));
        let first = junk.due();
        assert!(!first.is_empty() && first.len() <= 1_000, "{} due", first.len());
        assert!(first.iter().all(|m| (1..=300).contains(&m.len())));
        assert_ne!(first[0], first[first.len() - 1], "each message differs");
        let mut flood = Junk::flood(1_000_000, 7);
        std::thread::sleep(std::time::Duration::from_millis(1_100));
        let burst = flood.due();
        assert_eq!(burst.len(), 62, "a second's worth at most, of the largest messages");
        assert!(burst.iter().all(|m| m.len() == MAX_JUNK));
    }
}
