//! carrom: the game's library. The deterministic core (`sim`) builds without the
//! `client` feature, for every target; the headless commands' formats (`scenario`) sit
//! at its edge.
//!
//! Built for the page (wasm32-unknown-unknown), nothing may call what the standard
//! library leaves unimplemented there (clippy.toml's methods): it would panic in the page.
#![cfg_attr(all(target_arch = "wasm32", target_os = "unknown"), deny(clippy::disallowed_methods))]

pub mod bot;
#[cfg(feature = "client")]
pub mod client;
pub mod determinism;
pub mod draughts;
pub mod game;
#[cfg(feature = "client")]
pub mod net;
pub mod record;
pub mod rules;
pub mod scenario;
pub mod sim;
