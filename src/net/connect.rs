//! Opening a peer connection: the ICE servers (from settings or the command line; none
//! built in), the data channels every carrom peer has in the same order (GGRS unreliable,
//! then the reliable hello), and the socket's message loop on a thread of its own, whose
//! failure — even a panic, as matchbox 0.15 has when mDNS cannot join its group — is
//! reported, never fatal.

use matchbox_socket::{RtcIceServerConfig, WebRtcSocket};
use serde::{Deserialize, Serialize};
use std::sync::mpsc;

/// The GGRS channel's index.
pub const GAME_CHANNEL: usize = 0;
/// The hello channel's index.
pub const HELLO_CHANNEL: usize = 1;

/// An ICE server: STUN, or TURN with credentials.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IceServer {
    /// `stun:` or `turn:` URLs.
    pub urls: Vec<String>,
    /// TURN user name.
    #[serde(default)]
    pub username: Option<String>,
    /// TURN credential.
    #[serde(default)]
    pub credential: Option<String>,
}

/// Opens a socket to `room_url` with carrom's channels and `ice` (none: host candidates
/// only, a LAN). The returned receiver gets one message when the connection ends.
pub fn open(
    room_url: &str,
    ice: &[IceServer],
) -> Result<(WebRtcSocket, mpsc::Receiver<String>), String> {
    let mut builder =
        WebRtcSocket::builder(room_url).add_unreliable_channel().add_reliable_channel();
    let servers: Vec<RtcIceServerConfig> = if ice.is_empty() {
        vec![RtcIceServerConfig { urls: vec![], username: None, credential: None }]
    } else {
        ice.iter()
            .map(|s| RtcIceServerConfig {
                urls: s.urls.clone(),
                username: s.username.clone(),
                credential: s.credential.clone(),
            })
            .collect()
    };
    for server in servers {
        builder = builder.ice_server(server);
    }
    let (socket, message_loop) = builder.build();
    let (report, ended) = mpsc::channel();
    std::thread::Builder::new()
        .name("matchbox".into())
        .spawn(move || {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                bevy::tasks::block_on(message_loop)
            }));
            let message = match outcome {
                Ok(Ok(())) => "the signaling server closed the connection".to_string(),
                Ok(Err(e)) => format!("the signaling server refused or failed: {e}"),
                Err(_) => "the network connection failed".to_string(),
            };
            let _ = report.send(message);
        })
        .map_err(|e| format!("cannot start the network thread: {e}"))?;
    Ok((socket, ended))
}
