//! Why a host on this network could not be asked what it hosts.

use std::net::SocketAddr;

/// Why asking a host on this network what it hosts failed. The English here is what the
/// command line says; the join screen says it in the player's language
/// (`client::words::ask_error`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AskError {
    /// What was typed is no `IP:PORT`.
    #[error("{0:?} is not an address: type the host's IP and port, like 192.168.1.20:40000")]
    NotAnAddress(String),
    /// Nothing answered there (the system's reason).
    #[error("no carrom game answers at {address}: {why}")]
    NoAnswer {
        /// Where it was asked.
        address: SocketAddr,
        /// Why nothing answered.
        why: String,
    },
    /// A carrom host answered that it hosts nothing now.
    #[error("{0} hosts no game now (it started, or the host left)")]
    NoGame(SocketAddr),
    /// Something else answered.
    #[error("{address} is not a carrom host (HTTP {status})")]
    NotCarrom {
        /// Where it was asked.
        address: SocketAddr,
        /// The HTTP status it answered with.
        status: u16,
    },
    /// The answer broke off (the system's reason).
    #[error("{address} did not answer in full: {why}")]
    Partial {
        /// Where it was asked.
        address: SocketAddr,
        /// Why the answer broke off.
        why: String,
    },
    /// The answer is of another version, or not a listing at all.
    #[error("{0} answered with something this version cannot read")]
    Unreadable(SocketAddr),
    /// The game found has no address to ask.
    #[error("the game has no address")]
    NoAddress,
    /// No thread could be started to ask (the system's reason).
    #[error("cannot ask the host: {0}")]
    NoThread(String),
    /// A browser page cannot ask a LAN host.
    #[error("{}", super::DESKTOP_ONLY)]
    DesktopOnly,
}
