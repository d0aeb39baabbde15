//! The game step: one deterministic `advance(&mut Match, &[Input])` per 60 Hz frame.
//! Everything that plays carrom — local play, rollback, replays, the bot — drives it.
// The pure core's rules, checked by the compiler and clippy (clippy.toml lists the banned
// types and calls: hash maps, clocks, files, threads, environment).
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]

pub mod advance;
pub mod input;
pub mod state;

pub use advance::advance;
pub use input::Input;
pub use state::{Aim, BOARD_OVER_FRAMES, FRAME_RATE, Match, Phase};
