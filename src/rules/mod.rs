//! The referees: Classic, Disc Pool and Freestyle, as pure functions of (match state,
//! stroke facts) → (new state, ruling). src/rules/RULES.md is the contract; tests are named
//! after its rule ids.
// The pure core's rules, checked by the compiler and clippy (clippy.toml lists the banned
// types and calls: hash maps, clocks, files, threads, environment).
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic, clippy::disallowed_types, clippy::disallowed_methods)]

pub mod call;
pub mod classic;
pub mod disc_pool;
pub mod facts;
pub mod freestyle;
pub mod referee;
pub mod ruling;
pub mod settings;
pub mod state;

pub use call::value;
pub use facts::{Facts, NotOnBoard};
pub use referee::{rule_expiry, rule_resignation, rule_stroke};
pub use ruling::{Cause, Foul, Ruling};
pub use settings::{DEFAULT_SHOT_CLOCK, NO_SIDE, Settings, SettingsError, Variant};
pub use state::{MatchState, Queen};
