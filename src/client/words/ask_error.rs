//! Why a host on this network could not be asked what it hosts, in the player's language.

use super::{Arg, Words};
use crate::net::lan::AskError;

/// `error` as a sentence in `w`'s language (what was typed, an address and the system's
/// own reason stay as given).
pub fn ask_error(w: &Words, error: &AskError) -> String {
    let at = |id: &str, address: &std::net::SocketAddr| {
        w.with(id, &[("address", Arg::from(address.to_string()))])
    };
    let why = |id: &str, address: &std::net::SocketAddr, why: &String| {
        w.with(id, &[("address", Arg::from(address.to_string())), ("why", Arg::from(why.clone()))])
    };
    match error {
        AskError::NotAnAddress(text) => {
            w.with("ask-not-an-address", &[("text", Arg::from(format!("{text:?}")))])
        }
        AskError::NoAnswer { address, why: reason } => why("ask-no-answer", address, reason),
        AskError::NoGame(address) => at("ask-no-game", address),
        AskError::NotCarrom { address, status } => w.with(
            "ask-not-carrom",
            &[
                ("address", Arg::from(address.to_string())),
                ("status", Arg::from(status.to_string())),
            ],
        ),
        AskError::Partial { address, why: reason } => why("ask-partial", address, reason),
        AskError::Unreadable(address) => at("ask-unreadable", address),
        AskError::NoAddress => w.get("ask-no-address"),
        AskError::NoThread(reason) => {
            w.with("ask-no-thread", &[("why", Arg::from(reason.clone()))])
        }
        AskError::DesktopOnly => w.get("ask-desktop-only"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::words::said_everywhere::said_everywhere;

    #[test]
    fn each_is_said_in_every_language_keeping_its_reason() {
        let address: std::net::SocketAddr = "192.168.1.20:40000".parse().unwrap();
        let why = || "os error 111".to_string();
        let every = [
            AskError::NotAnAddress("10.0.0.5".into()),
            AskError::NoAnswer { address, why: why() },
            AskError::NoGame(address),
            AskError::NotCarrom { address, status: 404 },
            AskError::Partial { address, why: why() },
            AskError::Unreadable(address),
            AskError::NoAddress,
            AskError::NoThread(why()),
            AskError::DesktopOnly,
        ];
        said_everywhere(&every, ask_error, &["os error 111", "192.168.1.20:40000", "10.0.0.5"]);
    }
}
