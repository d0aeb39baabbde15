//! What the server tells a room's players beyond matchbox's protocol: which peers it let in
//! as watchers. A peer's own hello can claim anything; the server knows who asked to
//! watch, so a watcher can never pass for a player and take a seat. Only clients of
//! protocol [`FIRST_VERSION`] or later are told (matchbox's own signaller would take the
//! message for garbage and end the connection).

/// The first protocol version whose clients read this news.
pub const FIRST_VERSION: u32 = 6;

const WATCHER: (&str, &str) = ("{\"Watcher\":\"", "\"}");

/// The message saying that peer `id` is a watcher.
pub fn watcher(id: &str) -> String {
    format!("{}{id}{}", WATCHER.0, WATCHER.1)
}

/// The peer id a message says is a watcher, if it says that.
pub fn watcher_of(text: &str) -> Option<&str> {
    text.strip_prefix(WATCHER.0)?.strip_suffix(WATCHER.1)
}

/// Whether clients of protocol `version` (as a room names it) read this news.
pub fn read_by(version: &str) -> bool {
    version.parse::<u32>().is_ok_and(|v| v >= FIRST_VERSION)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_watcher_is_named_in_a_message_only_new_clients_are_sent() {
        let id = "00000000-0000-0000-0000-000000000007";
        assert_eq!(watcher_of(&watcher(id)), Some(id));
        assert_eq!(watcher_of(r#"{"NewPeer":"00000000-0000-0000-0000-000000000007"}"#), None);
        assert!(read_by("6") && read_by("12"));
        assert!(!read_by("5") && !read_by("") && !read_by("x"));
    }
}
