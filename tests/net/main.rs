//! Online play: SyncTest over whole matches, real WebRTC peers through the real signaling
//! server inside network namespaces, and a real TURN relay between hosts that can reach
//! only the relay; the browser game in headless Chromium against a native peer.
#![cfg(feature = "client")]

mod browser;
#[path = "../support/browser.rs"]
mod browser_support;
mod hostile;
mod lan;
#[path = "../support/net.rs"]
mod net_support;
mod online;
mod rejoin;
mod relay;
mod watch;
