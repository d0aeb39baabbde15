//! The state checksum: FNV-1a, 64-bit, over a value's bytes.
//!
//! Defined here rather than taken from `std` (whose `DefaultHasher` may change between
//! Rust releases) because golden hashes, desync checks and replays compare it across
//! machines and versions. Parameters: offset basis 0xcbf29ce484222325, prime
//! 0x100000001b3; for each byte, xor then multiply (wrapping). The bytes are the state's
//! in-memory little-endian representation; every supported target is little-endian.

const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a 64 of `bytes`.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(OFFSET_BASIS, |h, &b| (h ^ b as u64).wrapping_mul(PRIME))
}

#[cfg(test)]
mod tests {
    use super::fnv1a64;

    #[test]
    fn matches_published_vectors() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
