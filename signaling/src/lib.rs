//! carrom-signaling: the small server that introduces carrom peers to each other over
//! WebSocket (the protocol matchbox_socket 0.15 clients speak), after which they talk
//! directly over WebRTC.
//!
//! For now this runs matchbox_signaling's stock full-mesh topology; the room-aware
//! topology (invite codes, quick match), the limits and the operational endpoints are
//! the subject of the signaling issue.

use matchbox_signaling::SignalingServer;
use std::net::SocketAddr;
use tokio::sync::oneshot;

/// Where the server listens unless told otherwise.
pub const DEFAULT_ADDR: &str = "127.0.0.1:3536";

/// A signaling server for `addr` that shuts down gracefully when `shutdown` fires.
pub fn server(addr: SocketAddr, shutdown: oneshot::Receiver<()>) -> SignalingServer {
    SignalingServer::full_mesh_builder(addr).with_shutdown(shutdown).trace().build()
}
