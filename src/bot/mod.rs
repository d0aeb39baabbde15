//! The carrom bot: it chooses a stroke by simulating candidate strokes with the real
//! physics and judging each with the variant's own referee. Pure and deterministic, like
//! the rest of the core.
// The pure core's rules, checked by the compiler and clippy (clippy.toml lists the banned
// types and calls: hash maps, clocks, files, threads, environment).
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]

pub mod candidates;
pub mod judge;
pub mod level;
pub mod matchplay;
pub mod random;

pub use level::{BotLevel, Choice, choose, geometric};
pub use random::random_stroke;
