//! The signaling server against real clients: rooms, the HTTP front, fuzzed messages, the
//! open-files cap, the web files, real WebRTC peers, and instances behind nginx and
//! HAProxy. One test binary, so that the suites run side by side (most of their time is
//! spent waiting on timeouts and real connections) and the crate links once, not seven
//! times.

mod cluster;
mod front;
mod fuzz;
mod open_files;
mod rooms;
mod web;
mod webrtc;

// The namespace harness is the one the game's own peer tests use.
#[path = "../../../tests/support/net.rs"]
mod net_support;
// The instances and proxies, shared with the load bench and the game's rejoin test.
#[path = "../support/cluster.rs"]
mod instances;
#[path = "../support/proxy.rs"]
mod proxy;

/// Raises this process's open-files limit to its hard limit, once: the suites share one
/// process, and side by side they hold more connections than a default soft limit (1,024)
/// allows.
pub fn room_for_connections() {
    static RAISED: std::sync::Once = std::sync::Once::new();
    RAISED.call_once(|| {
        let (_, warning) = carrom_signaling::open_files::make_room(8_192);
        if let Some(warning) = warning {
            eprintln!("signaling tests: {warning}");
        }
    });
}
