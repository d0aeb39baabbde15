//! Joining a LAN game by address, where multicast is blocked or to check a game from the
//! list: ask the host's server what it hosts (`GET /lan`), with short timeouts.

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
pub fn parse_address(text: &str) -> Result<SocketAddr, String> {
    let bare = text.trim();
    let bare = ["ws://", "http://"].iter().fold(bare, |t, p| t.strip_prefix(p).unwrap_or(t));
    let bare = bare.trim_end_matches('/');
    bare.parse().map_err(|_| {
        format!(
            "{:?} is not an address: type the host's IP and port, like 192.168.1.20:40000",
            text.trim()
        )
    })
}

/// What the server at `address` hosts.
#[cfg(not(target_arch = "wasm32"))]
pub fn ask(address: SocketAddr) -> Result<Listing, String> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(ASK_BOUND))
        .proxy(None)
        .http_status_as_error(false)
        .build()
        .into();
    let mut answer = agent
        .get(format!("http://{address}/lan"))
        .call()
        .map_err(|e| format!("no carrom game answers at {address}: {e}"))?;
    if answer.status() == 404 {
        return Err(format!("{address} hosts no game now (it started, or the host left)"));
    }
    if !answer.status().is_success() {
        return Err(format!("{address} is not a carrom host (HTTP {})", answer.status()));
    }
    let text = answer
        .body_mut()
        .with_config()
        .limit(MAX_ANSWER)
        .read_to_string()
        .map_err(|e| format!("{address} did not answer in full: {e}"))?;
    Listing::from_json(&text)
        .ok_or_else(|| format!("{address} answered with something this version cannot read"))
}

/// What the server at `address` hosts: a browser page may not ask a LAN host (it serves
/// no page, so the browser's rules forbid the question).
#[cfg(target_arch = "wasm32")]
pub fn ask(_address: SocketAddr) -> Result<Listing, String> {
    Err(super::DESKTOP_ONLY.into())
}

/// The first of `addresses` that answers, with its listing.
pub fn ask_any(addresses: &[SocketAddr]) -> Result<(SocketAddr, Listing), String> {
    let mut last = "the game has no address".to_string();
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
        assert!(parse_address("10.0.0.5").unwrap_err().contains("IP and port"));
        assert!(parse_address("").is_err());
    }

    #[test]
    fn nothing_listening_is_said_in_words() {
        let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
        let error = ask(free).unwrap_err();
        assert!(error.contains("no carrom game answers"), "{error}");
    }
}
