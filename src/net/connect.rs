//! Opening a peer connection: the ICE servers (from settings or the command line; none
//! built in), the data channels every carrom peer has in the same order (GGRS unreliable,
//! then the reliable hello, the reliable stream to watchers, and the reliable channel
//! on which players agree where a match resumes), and the socket's message
//! loop on a thread of its own, whose failure — even a panic, as matchbox 0.15 has when
//! mDNS cannot join its group — is reported, never fatal.

use super::connect_error::ConnectError;
use super::signaller::{Introduced, WatchedSignallerBuilder};
use matchbox_socket::{RtcIceServerConfig, WebRtcSocket};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, mpsc};
use std::time::Duration;

/// The GGRS channel's index.
pub const GAME_CHANNEL: usize = 0;
/// The hello channel's index.
pub const HELLO_CHANNEL: usize = 1;
/// The channel players stream the match to watchers on (reliable, ordered).
pub const WATCH_CHANNEL: usize = 2;
/// The channel players agree on where a match resumes on after a drop (reliable).
pub const RESUME_CHANNEL: usize = 3;

/// How long a peer the signaling server introduced may take to connect. Direct and
/// relayed connections take a few seconds at most; past this there is no route.
pub const PEER_CONNECT_BOUND: Duration = Duration::from_secs(20);

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

/// An open socket: the socket, one message when its connection ends, and the peers the
/// signaling server has introduced (connected or not).
pub type Opened = (WebRtcSocket, mpsc::Receiver<ConnectError>, Introduced);

/// Opens a socket to `room_url` with carrom's channels and `ice` (none: host candidates
/// only, a LAN).
pub fn open(room_url: &str, ice: &[IceServer]) -> Result<Opened, ConnectError> {
    let introduced = Introduced::default();
    let builder = WebRtcSocket::builder(room_url)
        .signaller_builder(Arc::new(WatchedSignallerBuilder(introduced.clone())))
        .add_unreliable_channel()
        .add_reliable_channel()
        .add_reliable_channel()
        .add_reliable_channel()
        .ice_server(ice_config(ice)?);
    let (socket, message_loop) = builder.build();
    let (report, ended) = mpsc::channel();
    run_message_loop(message_loop, report)?;
    Ok((socket, ended, introduced))
}

/// Why the socket's message loop ended.
fn ending(outcome: Result<(), matchbox_socket::Error>) -> ConnectError {
    match outcome {
        Ok(()) => ConnectError::Closed,
        Err(matchbox_socket::Error::ConnectionFailed(e)) => {
            ConnectError::from_signaling(&e.to_string(), ConnectError::Refused)
        }
        Err(matchbox_socket::Error::Disconnected(e)) => {
            ConnectError::from_signaling(&e.to_string(), ConnectError::Lost)
        }
    }
}

/// Runs the socket's message loop on a thread of its own.
#[cfg(not(target_arch = "wasm32"))]
fn run_message_loop(
    message_loop: matchbox_socket::MessageLoopFuture,
    report: mpsc::Sender<ConnectError>,
) -> Result<(), ConnectError> {
    std::thread::Builder::new()
        .name("matchbox".into())
        .spawn(move || {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                bevy::tasks::block_on(message_loop)
            }));
            let message = outcome.map_or_else(|panic| panicked(&*panic), ending);
            let _ = report.send(message);
        })
        .map(drop)
        .map_err(|e| ConnectError::NoThread(e.to_string()))
}

/// What a panic of the socket's message loop says to a player. matchbox 0.15 unwraps
/// where it should not: when the server goes away while no peer is connected, and when
/// the system cannot make a peer connection (no network but loopback: no route covers
/// the addresses WebRTC gathers on).
#[cfg(not(target_arch = "wasm32"))]
fn panicked(payload: &(dyn std::any::Any + Send)) -> ConnectError {
    let said = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or_default();
    if said.contains("io error") {
        let said = said.rsplit("Other(").next().unwrap_or(said);
        let said = said.trim_end_matches(')').trim_matches('"');
        return ConnectError::NoRoute(said.to_string());
    }
    ConnectError::Ended
}

/// Runs the socket's message loop on the page's event loop (a browser has no threads): it
/// only ever waits on the network, so no frame waits on it.
#[cfg(target_arch = "wasm32")]
fn run_message_loop(
    message_loop: matchbox_socket::MessageLoopFuture,
    report: mpsc::Sender<ConnectError>,
) -> Result<(), ConnectError> {
    wasm_bindgen_futures::spawn_local(async move {
        let _ = report.send(ending(message_loop.await));
    });
    Ok(())
}

/// The one ICE configuration matchbox takes (`ice_server` replaces, it does not add): every
/// STUN and TURN URL together, with the TURN servers' credential. TURN servers with
/// different credentials cannot share it and are refused.
pub fn ice_config(ice: &[IceServer]) -> Result<RtcIceServerConfig, ConnectError> {
    let is_turn = |url: &String| url.starts_with("turn:") || url.starts_with("turns:");
    let mut credentials: Vec<(&Option<String>, &Option<String>)> = Vec::new();
    for server in ice.iter().filter(|s| s.urls.iter().any(is_turn)) {
        let pair = (&server.username, &server.credential);
        if !credentials.contains(&pair) {
            credentials.push(pair);
        }
    }
    if credentials.len() > 1 {
        return Err(ConnectError::TurnCredentials);
    }
    let (username, credential) =
        credentials.first().map_or((None, None), |(u, c)| ((*u).clone(), (*c).clone()));
    Ok(RtcIceServerConfig {
        urls: ice.iter().flat_map(|s| s.urls.iter().cloned()).collect(),
        username,
        credential,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server(urls: &[&str], user: Option<&str>, credential: Option<&str>) -> IceServer {
        IceServer {
            urls: urls.iter().map(|u| u.to_string()).collect(),
            username: user.map(str::to_string),
            credential: credential.map(str::to_string),
        }
    }

    #[test]
    fn every_stun_and_turn_url_is_kept_with_the_turn_credential() {
        let ice = [
            server(&["stun:stun.example:3478"], None, None),
            server(&["turn:relay.example:3478", "turns:relay.example:5349"], Some("u"), Some("p")),
        ];
        let config = ice_config(&ice).unwrap();
        assert_eq!(
            config.urls,
            ["stun:stun.example:3478", "turn:relay.example:3478", "turns:relay.example:5349"]
        );
        assert_eq!(
            (config.username.as_deref(), config.credential.as_deref()),
            (Some("u"), Some("p"))
        );
    }

    #[test]
    fn no_servers_means_host_candidates_only() {
        let config = ice_config(&[]).unwrap();
        assert!(config.urls.is_empty() && config.username.is_none());
    }

    #[test]
    fn two_turn_servers_with_different_credentials_are_refused() {
        let ice = [
            server(&["turn:a.example"], Some("u1"), Some("p1")),
            server(&["turn:b.example"], Some("u2"), Some("p2")),
        ];
        assert_eq!(ice_config(&ice).unwrap_err(), ConnectError::TurnCredentials);
        let same = [
            server(&["turn:a.example"], Some("u"), Some("p")),
            server(&["turn:b.example"], Some("u"), Some("p")),
        ];
        assert_eq!(ice_config(&same).unwrap().urls.len(), 2);
    }
}
