//! What every deterministic module shares: the state checksum and the seeded random
//! source. Both are defined here, not taken from `std` or a crate whose output may change
//! between releases, because golden hashes, desync checks and replays compare them across
//! machines and versions.
// The pure core's rules, checked by the compiler and clippy (clippy.toml lists the banned
// types and calls: hash maps, clocks, files, threads, environment).
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]

pub mod hash;
pub mod mix;

pub use hash::fnv1a64;
pub use mix::mix;
