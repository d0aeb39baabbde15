//! Why a command's input file gave it nothing to work on.

use carrom::scenario::ScenarioError;

/// A command's input that could not be used: unreadable, or not a valid scenario.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The file (or standard input) could not be read.
    #[error("cannot read: {0}")]
    Unreadable(#[from] std::io::Error),
    /// It was read but is not a scenario this game can run.
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
}
