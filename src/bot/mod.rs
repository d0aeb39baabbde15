//! The carrom bot: it chooses a stroke by simulating candidate strokes with the real
//! physics and judging each with the variant's own referee. Pure and deterministic, like
//! the rest of the core.

pub mod candidates;
pub mod judge;
pub mod level;
pub mod matchplay;

pub use level::{BotLevel, Choice, choose, geometric};
