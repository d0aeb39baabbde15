//! The headless commands' file formats (`carrom simulate`, `carrom referee`): JSON in, JSON lines out.
//! This is the edge where floats become the simulation's integers; nothing here is
//! simulation state.
// No clock, files or hash-map order here either (clippy.toml); floats are allowed, this
// being the edge where they are turned into the simulation's integers.
#![forbid(unsafe_code)]
#![deny(clippy::disallowed_types, clippy::disallowed_methods)]

pub mod file;
pub mod referee;
pub mod simulate;
pub mod units;

pub use file::{Scenario, ScenarioError, ScenarioStroke};
pub use referee::{MatchScenario, referee};
pub use simulate::simulate;
