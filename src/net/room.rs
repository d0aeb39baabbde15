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

/// The URL that takes a player back to the started room `room` (its code or quick-match
/// key: what [`name_of`] reads from the URL it joined by) where it held seat id `id`,
/// showing the `token` it joined with.
pub fn rejoin_room(signaling: &str, room: &str, id: &str, token: &str) -> String {
    let base = signaling.trim_end_matches('/');
    format!("{base}/j/{room}/{id}?v={PROTOCOL_VERSION}&seat={token}")
}

/// `url` giving the signaling server the `token` that alone takes this player's seat
/// back if it drops (its peer id, which every peer learns, does not).
pub fn with_seat_token(url: &str, token: &str) -> String {
    let joiner = if url.contains('?') { '&' } else { '?' };
    format!("{url}{joiner}seat={token}")
}

/// The room a join URL names: the invite code of `/r/CODE`, the key of `/q/KEY`. A player
/// who drops names it again to come back, so a proxy in front of several signaling
/// servers sends it where the room is.
pub fn name_of(url: &str) -> Option<&str> {
    let path = url.split('?').next()?;
    let (before, name) = path.rsplit_once('/')?;
    let kind = before.rsplit('/').next()?;
    (matches!(kind, "r" | "q") && !name.is_empty()).then_some(name)
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
    fn a_player_comes_back_by_the_room_it_joined() {
        let private = with_grace(&private_room("wss://h/signal/", "0123456789ABC", 2), 60);
        assert_eq!(name_of(&private), Some("0123456789ABC"));
        let quick = quick_match("ws://h:1", "draughts", 2);
        let key = format!("carrom-p{PROTOCOL_VERSION}-draughts-2");
        assert_eq!(name_of(&quick), Some(key.as_str()));
        assert_eq!(name_of("ws://h:1/w/0123456789ABC?v=1"), None, "a watcher holds no seat");
        assert_eq!(name_of("ws://h:1"), None);
        assert_eq!(
            rejoin_room("ws://h:1/", &key, "00000000-0000-0000-0000-000000000001", "ab12"),
            format!(
                "ws://h:1/j/{key}/00000000-0000-0000-0000-000000000001?v={PROTOCOL_VERSION}&seat=ab12"
            )
        );
        assert_eq!(with_seat_token(&quick, "ab12"), format!("{quick}&seat=ab12"));
    }

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
    }
}
