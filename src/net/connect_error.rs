//! Why a connection to a room could not open, or has ended: a value the client says in the
//! player's language (`client::words`), and in English on a command line.

use super::unreached::Unreached;

/// Why a connection to a room could not open, or has ended.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConnectError {
    /// The room has all its players (or was opened for another number, or has all the
    /// watchers it takes): HTTP 409.
    #[error(
        "the signaling server refused: the room is full (or was opened for another number \
         of players, or has all the watchers it takes)"
    )]
    RoomFull,
    /// No match is played with this code by this version: HTTP 404.
    #[error(
        "the signaling server knows no match being played with this code by this version \
         of the game"
    )]
    NoSuchMatch,
    /// The room was opened by another version of the game: HTTP 426.
    #[error(
        "the signaling server refused: the match was created by another version of the \
         game, and both players need the same one"
    )]
    OtherVersion,
    /// This address has too many connections, or guessed too many codes: HTTP 429.
    #[error(
        "the signaling server refused: too many connections, or too many codes that match \
         nothing, from this address (wait a minute)"
    )]
    TooMany,
    /// The server holds all the connections it takes: HTTP 503.
    #[error("the signaling server is full: try again later")]
    ServerFull,
    /// The server could not read the room's address: HTTP 400.
    #[error("the signaling server refused the room's address")]
    BadRoom,
    /// Nothing answers at the server's address, and why.
    #[error("cannot reach the signaling server: {0}")]
    Unreachable(Unreached),
    /// The server refused or failed in another way (matchbox's reason).
    #[error("the signaling server refused or failed: {0}")]
    Refused(String),
    /// The connection, once open, was lost (matchbox's reason).
    #[error("the connection to the signaling server was lost: {0}")]
    Lost(String),
    /// The server closed the connection.
    #[error("the signaling server closed the connection")]
    Closed,
    /// The connection ended without saying why.
    #[error("the connection to the signaling server ended")]
    Ended,
    /// WebRTC cannot start here: no route but loopback (the system's reason).
    #[error(
        "WebRTC could not start on this machine ({0}): it needs a network interface with a \
         route, not only loopback"
    )]
    NoRoute(String),
    /// The network thread could not be started (the system's reason).
    #[error("cannot start the network thread: {0}")]
    NoThread(String),
    /// TURN servers with different credentials: one connection takes only one.
    #[error(
        "the TURN servers have different user names or credentials, and one connection can \
         use only one: keep the TURN servers that share one"
    )]
    TurnCredentials,
}

impl ConnectError {
    /// What matchbox's error `error` means, said by the server's HTTP status where it gave
    /// one; `otherwise` makes one it cannot name.
    pub fn from_signaling(error: &str, otherwise: fn(String) -> ConnectError) -> ConnectError {
        let says = |code: &str| error.contains(&format!("HTTP error: {code}"));
        if says("409") {
            ConnectError::RoomFull
        } else if says("404") {
            ConnectError::NoSuchMatch
        } else if says("426") {
            ConnectError::OtherVersion
        } else if says("429") {
            ConnectError::TooMany
        } else if says("503") {
            ConnectError::ServerFull
        } else if says("400") {
            ConnectError::BadRoom
        } else if let Some(why) = Unreached::read(error) {
            ConnectError::Unreachable(why)
        } else {
            otherwise(error.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_room_and_another_version_are_told_apart_by_the_servers_status() {
        let full = "failed to establish initial connection: socket failure communicating \
                    with signaling server: HTTP error: 409 Conflict";
        assert_eq!(
            ConnectError::from_signaling(full, ConnectError::Refused),
            ConnectError::RoomFull
        );
        let other = "socket failure communicating with signaling server: HTTP error: 426 \
                     Upgrade Required";
        let other = ConnectError::from_signaling(other, ConnectError::Refused);
        assert_eq!(other, ConnectError::OtherVersion);
        assert!(other.to_string().contains("another version of the game"));
        let refused = "IO error: Connection refused (os error 111)";
        let refused = ConnectError::from_signaling(refused, ConnectError::Lost);
        assert_eq!(refused, ConnectError::Unreachable(Unreached::Refused));
        assert!(refused.to_string().starts_with("cannot reach the signaling server"));
        let odd = ConnectError::from_signaling("something else", ConnectError::Lost);
        assert_eq!(odd, ConnectError::Lost("something else".into()));
    }
}
