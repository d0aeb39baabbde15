//! Online play: SyncTest over whole matches, and real WebRTC peers through the real
//! signaling server inside network namespaces.
#![cfg(feature = "client")]

#[path = "../support/net.rs"]
mod net_support;
mod online;
