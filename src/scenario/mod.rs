//! The headless commands' file formats (`carrom simulate`): JSON in, JSON lines out.
//! This is the edge where floats become the simulation's integers; nothing here is
//! simulation state.

pub mod file;
pub mod simulate;
pub mod units;

pub use file::{Scenario, ScenarioError, ScenarioStroke};
pub use simulate::simulate;
