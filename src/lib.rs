//! carrom: the game's library. The deterministic core (`sim`) builds without the
//! `client` feature, for every target; the headless commands' formats (`scenario`) sit
//! at its edge.

pub mod bot;
pub mod checkers;
#[cfg(feature = "client")]
pub mod client;
pub mod determinism;
pub mod game;
#[cfg(feature = "client")]
pub mod net;
pub mod record;
pub mod rules;
pub mod scenario;
pub mod sim;
