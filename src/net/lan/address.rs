//! Joining a LAN game by address, where multicast is blocked or to check a game from the
//! list: ask the host's server what it hosts (`GET /lan`), with short timeouts.

use super::ask_error::AskError;
use super::listing::Listing;
use std::net::SocketAddr;
use std::time::Duration;

/// How long one host may take to answer.
pub const ASK_BOUND: Duration = Duration::from_secs(3);

/// Largest answer read, bytes.
#[cfg(not(target_arch = "wasm32"))]
const MAX_ANSWER: u64 = 4_096;

/// The address a player typed: `IP:PORT` (as the host's screen shows it), with or without
/// `ws://` or `http://`.
pub fn parse_address(text: &str) -> Result<SocketAddr, AskError> {
    let bare = text.trim();
    let bare = ["ws://", "http://"].iter().fold(bare, |t, p| t.strip_prefix(p).unwrap_or(t));
    let bare = bare.trim_end_matches('/');
    bare.parse().map_err(|_| AskError::NotAnAddress(text.trim().to_string()))
}

/// What the server at `address` hosts.
#[cfg(not(target_arch = "wasm32"))]
pub fn ask(address: SocketAddr) -> Result<Listing, AskError> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(ASK_BOUND))
        .proxy(None)
        .http_status_as_error(false)
        .build()
        .into();
    let mut answer = agent
        .get(format!("http://{address}/lan"))
        .call()
        .map_err(|e| AskError::NoAnswer { address, why: e.to_string() })?;
    if answer.status() == 404 {
        return Err(AskError::NoGame(address));
    }
    if !answer.status().is_success() {
        return Err(AskError::NotCarrom { address, status: answer.status().as_u16() });
    }
    let text = answer
        .body_mut()
        .with_config()
        .limit(MAX_ANSWER)
        .read_to_string()
        .map_err(|e| AskError::Partial { address, why: e.to_string() })?;
    Listing::from_json(&text).ok_or(AskError::Unreadable(address))
}

/// What the server at `address` hosts: a browser page may not ask a LAN host (it serves
/// no page, so the browser's rules forbid the question).
#[cfg(target_arch = "wasm32")]
pub fn ask(_address: SocketAddr) -> Result<Listing, AskError> {
    Err(AskError::DesktopOnly)
}

/// The first of `addresses` that answers, with its listing.
pub fn ask_any(addresses: &[SocketAddr]) -> Result<(SocketAddr, Listing), AskError> {
    let mut last = AskError::NoAddress;
    for address in addresses {
        match ask(*address) {
            Ok(listing) => return Ok((*address, listing)),
            Err(e) => last = e,
        }
    }
    Err(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_with_or_without_a_scheme() {
        let want: SocketAddr = "10.0.0.5:41234".parse().unwrap();
        for text in ["10.0.0.5:41234", " ws://10.0.0.5:41234/ ", "http://10.0.0.5:41234"] {
            assert_eq!(parse_address(text), Ok(want), "{text}");
        }
        let typed = "10.0.0.5".to_string();
        assert_eq!(parse_address("10.0.0.5"), Err(AskError::NotAnAddress(typed)));
        assert!(parse_address("").is_err());
    }

    #[test]
    fn nothing_listening_there_is_no_answer_there() {
        let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
        let error = ask(free).unwrap_err();
        assert!(matches!(error, AskError::NoAnswer { address, .. } if address == free), "{error}");
    }
}
