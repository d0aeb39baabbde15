//! Room addresses on the signaling server: private rooms by invite code, quick matches by
//! game type and player count; both carry [`super::PROTOCOL_VERSION`]. Invite codes
//! themselves are `carrom_signaling::code`, shared with the server.

use super::PROTOCOL_VERSION;

/// The URL that joins private room `code` with `players` seats.
pub fn private_room(signaling: &str, code: &str, players: u8) -> String {
    private_room_of(signaling, code, players, PROTOCOL_VERSION)
}

/// The same for a client of protocol `version` (a LAN host told to claim another, in tests).
pub fn private_room_of(signaling: &str, code: &str, players: u8, version: u32) -> String {
    let base = signaling.trim_end_matches('/');
    format!("{base}/r/{code}?seats={players}&v={version}")
}

/// The URL that takes a player back to the started room where it held seat id `id`.
pub fn rejoin_room(signaling: &str, id: &str) -> String {
    let base = signaling.trim_end_matches('/');
    format!("{base}/j/{id}?v={PROTOCOL_VERSION}")
}

/// `url` asking the signaling server to keep the room `grace` seconds for players who
/// drop.
pub fn with_grace(url: &str, grace: u16) -> String {
    let joiner = if url.contains('?') { '&' } else { '?' };
    format!("{url}{joiner}grace={grace}")
}

/// The URL that watches the match of private room `code`.
pub fn watch_room(signaling: &str, code: &str) -> String {
    let base = signaling.trim_end_matches('/');
    format!("{base}/w/{code}?v={PROTOCOL_VERSION}")
}

/// The URL that joins the quick-match queue for the game called `game` (a carrom
/// variant's name, or `draughts`) with `players` players.
pub fn quick_match(signaling: &str, game: &str, players: u8) -> String {
    let base = signaling.trim_end_matches('/');
    let key = format!("carrom-p{PROTOCOL_VERSION}-{game}-{players}");
    format!("{base}/q/{key}?next={players}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn every_room_address_carries_the_protocol_version() {
        let private = private_room("ws://127.0.0.1:3536/", "0123456789ABC", 3);
        assert_eq!(
            private,
            format!("ws://127.0.0.1:3536/r/0123456789ABC?seats=3&v={PROTOCOL_VERSION}")
        );
        let watch = watch_room("ws://h:1/", "0123456789ABC");
        assert_eq!(watch, format!("ws://h:1/w/0123456789ABC?v={PROTOCOL_VERSION}"));
        let quick = quick_match("ws://h:1", Variant::DiscPool.name(), 4);
        assert_eq!(quick, format!("ws://h:1/q/carrom-p{PROTOCOL_VERSION}-disc_pool-4?next=4"));
        assert_eq!(with_grace(&quick, 30), format!("{quick}&grace=30"));
        let back = rejoin_room("ws://h:1/", "6d1c0b5e-0000-4000-8000-000000000001");
        assert_eq!(
            back,
            format!("ws://h:1/j/6d1c0b5e-0000-4000-8000-000000000001?v={PROTOCOL_VERSION}")
        );
    }
}
