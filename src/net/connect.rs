//! Opening a peer connection: the ICE servers (from settings or the command line; none
//! built in), the data channels every carrom peer has in the same order (GGRS unreliable,
//! then the reliable hello, the reliable stream to watchers, and the reliable channel
//! on which players agree where a match resumes), and the socket's message
//! loop on a thread of its own, whose failure — even a panic, as matchbox 0.15 has when
//! mDNS cannot join its group — is reported, never fatal.

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
pub type Opened = (WebRtcSocket, mpsc::Receiver<String>, Introduced);

/// Opens a socket to `room_url` with carrom's channels and `ice` (none: host candidates
/// only, a LAN).
pub fn open(room_url: &str, ice: &[IceServer]) -> Result<Opened, String> {
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

/// What the end of the socket's message loop says to a player.
fn ending(outcome: Result<(), matchbox_socket::Error>) -> String {
    match outcome {
        Ok(()) => "the signaling server closed the connection".to_string(),
        Err(matchbox_socket::Error::ConnectionFailed(e)) => {
            describe(&e.to_string(), "the signaling server refused or failed")
        }
        Err(matchbox_socket::Error::Disconnected(e)) => {
            describe(&e.to_string(), "the connection to the signaling server was lost")
        }
    }
}

/// Runs the socket's message loop on a thread of its own.
#[cfg(not(target_arch = "wasm32"))]
fn run_message_loop(
    message_loop: matchbox_socket::MessageLoopFuture,
    report: mpsc::Sender<String>,
) -> Result<(), String> {
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
        .map_err(|e| format!("cannot start the network thread: {e}"))
}

/// What a panic of the socket's message loop says to a player. matchbox 0.15 unwraps
/// where it should not: when the server goes away while no peer is connected, and when
/// the system cannot make a peer connection (no network but loopback: no route covers
/// the addresses WebRTC gathers on).
#[cfg(not(target_arch = "wasm32"))]
fn panicked(payload: &(dyn std::any::Any + Send)) -> String {
    let said = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or_default();
    if said.contains("io error") {
        let said = said.rsplit("Other(").next().unwrap_or(said);
        let said = said.trim_end_matches(')').trim_matches('"');
        return format!(
            "WebRTC could not start on this machine ({said}): it needs a network interface \
             with a route, not only loopback"
        );
    }
    "the connection to the signaling server ended".into()
}

/// Runs the socket's message loop on the page's event loop (a browser has no threads): it
/// only ever waits on the network, so no frame waits on it.
#[cfg(target_arch = "wasm32")]
fn run_message_loop(
    message_loop: matchbox_socket::MessageLoopFuture,
    report: mpsc::Sender<String>,
) -> Result<(), String> {
    wasm_bindgen_futures::spawn_local(async move {
        let _ = report.send(ending(message_loop.await));
    });
    Ok(())
}

/// A signaling failure in a player's words (matchbox reports the server's HTTP status);
/// `otherwise` introduces an error it cannot name.
fn describe(error: &str, otherwise: &str) -> String {
    let says = |code: &str| error.contains(&format!("HTTP error: {code}"));
    if says("409") {
        "the signaling server refused: the room is full (or was opened for another number \
         of players, or has all the watchers it takes)"
            .into()
    } else if says("404") {
        "the signaling server knows no match being played with this code by this version \
         of the game"
            .into()
    } else if says("426") {
        "the signaling server refused: the match was created by another version of the game, \
         and both players need the same one"
            .into()
    } else if says("429") {
        "the signaling server refused: too many connections, or too many codes that match \
         nothing, from this address (wait a minute)"
            .into()
    } else if says("503") {
        "the signaling server is full: try again later".into()
    } else if says("400") {
        "the signaling server refused the room's address".into()
    } else if error.contains("Connection refused") || error.contains("os error") {
        format!("cannot reach the signaling server: {error}")
    } else {
        format!("{otherwise}: {error}")
    }
}

/// The one ICE configuration matchbox takes (`ice_server` replaces, it does not add): every
/// STUN and TURN URL together, with the TURN servers' credential. TURN servers with
/// different credentials cannot share it and are refused.
pub fn ice_config(ice: &[IceServer]) -> Result<RtcIceServerConfig, String> {
    let is_turn = |url: &String| url.starts_with("turn:") || url.starts_with("turns:");
    let mut credentials: Vec<(&Option<String>, &Option<String>)> = Vec::new();
    for server in ice.iter().filter(|s| s.urls.iter().any(is_turn)) {
        let pair = (&server.username, &server.credential);
        if !credentials.contains(&pair) {
            credentials.push(pair);
        }
    }
    if credentials.len() > 1 {
        return Err("the TURN servers have different user names or credentials, and one \
                    connection can use only one: keep the TURN servers that share one"
            .into());
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
    fn a_full_room_and_another_version_are_said_in_words() {
        let full = "failed to establish initial connection: socket failure communicating \
                    with signaling server: HTTP error: 409 Conflict";
        assert!(describe(full, "failed").contains("room is full"));
        let other = "socket failure communicating with signaling server: HTTP error: 426 \
                     Upgrade Required";
        assert!(describe(other, "failed").contains("another version of the game"));
        let refused = "IO error: Connection refused (os error 111)";
        assert!(describe(refused, "failed").contains("cannot reach"));
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
        assert!(ice_config(&ice).unwrap_err().contains("TURN"));
        let same = [
            server(&["turn:a.example"], Some("u"), Some("p")),
            server(&["turn:b.example"], Some("u"), Some("p")),
        ];
        assert_eq!(ice_config(&same).unwrap().urls.len(), 2);
    }
}
