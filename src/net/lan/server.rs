//! A LAN host's signaling server: carrom-signaling itself, in-process on a runtime of its
//! own, listening on every interface. It outlives the lobby so that the match never
//! depends on it stopping cleanly, and it stops (peers told goodbye) when dropped.

use super::lan_error::LanError;
use super::listing::Listing;
use carrom_signaling::{Config, Running};
use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

/// The host's server.
pub struct LanServer {
    running: Option<Running>,
    runtime: Option<tokio::runtime::Runtime>,
    port: u16,
}

impl LanServer {
    /// Starts the server on `port` of every interface (0: a free port).
    pub fn start(port: u16) -> Result<LanServer, LanError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("lan-signaling")
            .enable_all()
            .build()
            .map_err(|e| LanError::NoServer(e.to_string()))?;
        let config =
            Config { addr: SocketAddr::from((Ipv4Addr::UNSPECIFIED, port)), ..Config::default() };
        let running = {
            let _inside = runtime.enter();
            carrom_signaling::start(config).map_err(|e| LanError::NoServer(e.to_string()))?
        };
        let port = running.addr.port();
        Ok(LanServer { running: Some(running), runtime: Some(runtime), port })
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Its address as this machine reaches it.
    pub fn local_url(&self) -> String {
        format!("ws://127.0.0.1:{}", self.port)
    }

    /// Players connected to it (the host's own lobby among them).
    pub fn peers(&self) -> usize {
        self.running.as_ref().map_or(0, Running::peers)
    }

    /// What `/lan` answers: this listing, or (none) that no game is hosted.
    pub fn show(&self, listing: Option<&Listing>) {
        if let Some(running) = &self.running {
            running.set_listing(listing.map(Listing::to_json));
        }
    }
}

impl Drop for LanServer {
    fn drop(&mut self) {
        let (Some(running), Some(runtime)) = (self.running.take(), self.runtime.take()) else {
            return;
        };
        // Peers are told goodbye, but a stop never holds up the screen it leaves.
        let stopped = runtime
            .block_on(async { tokio::time::timeout(Duration::from_secs(2), running.stop()).await });
        if !matches!(stopped, Ok(Ok(()))) {
            eprintln!("carrom: the LAN server did not stop cleanly");
        }
        runtime.shutdown_timeout(Duration::from_millis(500));
    }
}
