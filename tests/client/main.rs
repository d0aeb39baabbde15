//! The client: headless (MinimalPlugins) screens and matches, and the real binary in a
//! real window under Xvfb.
#![cfg(feature = "client")]

mod draughts;
mod lan;
mod languages;
#[path = "../support/net.rs"]
mod net_support;
mod rejoin;
mod replays;
mod screens;
mod watch;
mod window;
