//! Why the signaling server could not be reached, read from what the system said: the
//! common reasons by kind, so each is said in the player's language; any other as given.

/// Why nothing could be reached at the signaling server's address.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unreached {
    /// Nothing listens there (connection refused).
    #[error("nothing answers at its address")]
    Refused,
    /// This machine has no route there (no network, or the host's network is down).
    #[error("this machine has no route to it")]
    NoRoute,
    /// Its name could not be looked up.
    #[error("its name is not known (check the address and the network)")]
    UnknownName,
    /// It did not answer before the system gave up.
    #[error("it did not answer in time")]
    TimedOut,
    /// Another reason, as the system gave it.
    #[error("the system said “{0}”")]
    Other(String),
}

impl Unreached {
    /// The reason `said` (the system's words, as a connection error carries them) gives;
    /// `None` when it is no failure to reach a server.
    pub fn read(said: &str) -> Option<Unreached> {
        let says = |words: &[&str]| words.iter().any(|w| said.contains(w));
        Some(if says(&["Connection refused", "os error 111"]) {
            Unreached::Refused
        } else if says(&[
            "No route to host",
            "Network is unreachable",
            "os error 113",
            "os error 101",
        ]) {
            Unreached::NoRoute
        } else if says(&["failed to lookup address", "Name or service not known", "os error -2"]) {
            Unreached::UnknownName
        } else if says(&["timed out", "os error 110"]) {
            Unreached::TimedOut
        } else if says(&["os error"]) {
            Unreached::Other(said.to_string())
        } else {
            return None;
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_systems_common_reasons_are_known_by_kind_and_others_kept() {
        let read = |said: &str| Unreached::read(said);
        assert_eq!(read("IO error: Connection refused (os error 111)"), Some(Unreached::Refused));
        assert_eq!(read("IO error: No route to host (os error 113)"), Some(Unreached::NoRoute));
        let lookup = "IO error: failed to lookup address information: Name or service not known";
        assert_eq!(read(lookup), Some(Unreached::UnknownName));
        assert_eq!(
            read("IO error: Connection timed out (os error 110)"),
            Some(Unreached::TimedOut)
        );
        let odd = "IO error: Too many open files (os error 24)";
        assert_eq!(read(odd), Some(Unreached::Other(odd.into())));
        assert_eq!(read("HTTP error: 500 Internal Server Error"), None);
    }
}
