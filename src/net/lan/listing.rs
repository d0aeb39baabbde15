//! What a LAN host says about its game, in its mDNS TXT record and at `/lan`: the protocol
//! version, the game, the seats and who hosts it. Read from the network, so every field is
//! checked and any could be missing or wrong.

use super::refusal::Refusal;
use crate::net::PROTOCOL_VERSION;
use crate::rules::Variant;
use serde::{Deserialize, Serialize};

/// Longest host name shown, characters.
const MAX_HOST: usize = 16;

/// A hosted game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listing {
    /// The host's network protocol version.
    pub protocol: u32,
    /// A carrom variant's name, or `draughts`.
    pub game: String,
    /// Players the game is for.
    pub players: u8,
    /// Seats not yet taken.
    pub free: u8,
    /// The host's player name.
    pub host: String,
    /// The invite code of the host's room on its own server.
    pub room: String,
}

impl Listing {
    /// The TXT record's keys and values.
    pub fn txt(&self) -> Vec<(&'static str, String)> {
        vec![
            ("v", self.protocol.to_string()),
            ("game", self.game.clone()),
            ("players", self.players.to_string()),
            ("free", self.free.to_string()),
            ("host", self.host.clone()),
            ("room", self.room.clone()),
        ]
    }

    /// A listing from a TXT record's values (`get` answers a key), if they make one.
    pub fn from_txt<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Option<Listing> {
        Listing {
            protocol: get("v")?.parse().ok()?,
            game: get("game")?.to_string(),
            players: get("players")?.parse().ok()?,
            free: get("free")?.parse().ok()?,
            host: get("host")?.to_string(),
            room: get("room")?.to_string(),
        }
        .checked()
    }

    /// The JSON `/lan` answers.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A listing from `/lan`'s answer, if it is one.
    pub fn from_json(text: &str) -> Option<Listing> {
        serde_json::from_str::<Listing>(text).ok()?.checked()
    }

    /// The listing with its host name made printable, its game printable as it is and its
    /// numbers in range, if they can be.
    fn checked(mut self) -> Option<Listing> {
        self.host = crate::net::name::shown_name(&self.host, MAX_HOST);
        // The list shows a game this version does not know by its id. That id is refused
        // rather than cleaned: cleaned, "classic" with a zero-width space would pass for
        // Classic.
        let sane = (2..=4).contains(&self.players)
            && self.free <= self.players
            && !self.game.is_empty()
            && self.game.len() <= 16
            && crate::net::name::shown_name(&self.game, 16) == self.game
            && self.room.len() <= 16;
        sane.then_some(self)
    }

    /// The game's name for players.
    pub fn game_label(&self) -> String {
        match Variant::from_name(&self.game) {
            Some(Variant::Classic) => "Classic".into(),
            Some(Variant::DiscPool) => "Disc Pool".into(),
            Some(Variant::Freestyle) => "Freestyle".into(),
            None if self.game == "draughts" => "Draughts".into(),
            None => self.game.clone(),
        }
    }

    /// One line for the list: "Asha — Classic, 4 players, 2 seats free".
    pub fn line(&self) -> String {
        let seats = match self.free {
            0 => "full".to_string(),
            1 => "1 seat free".to_string(),
            n => format!("{n} seats free"),
        };
        let host = if self.host.is_empty() { "?" } else { self.host.as_str() };
        format!("{host} — {}, {} players, {seats}", self.game_label(), self.players)
    }

    /// Whether this game can be watched from here: a game this version plays, whether its
    /// seats are taken (being played) or not (watched from its start).
    pub fn watchable(&self) -> bool {
        Listing { free: 1, ..self.clone() }.refusal().is_none()
    }

    /// Why this game cannot be joined from here, if it cannot.
    pub fn refusal(&self) -> Option<Refusal> {
        if self.protocol != PROTOCOL_VERSION {
            return Some(Refusal::OtherVersion { theirs: self.protocol, ours: PROTOCOL_VERSION });
        }
        let known = self.game == "draughts" || Variant::from_name(&self.game).is_some();
        if !known {
            return Some(Refusal::UnknownGame(self.game.clone()));
        }
        (self.free == 0).then_some(Refusal::Full)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic() -> Listing {
        Listing {
            protocol: PROTOCOL_VERSION,
            game: "classic".into(),
            players: 4,
            free: 2,
            host: "Asha".into(),
            room: "0123456789ABC".into(),
        }
    }

    #[test]
    fn a_listing_survives_txt_and_json() {
        let listing = classic();
        let txt = listing.txt();
        let get = |key: &str| txt.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str());
        assert_eq!(Listing::from_txt(get), Some(listing.clone()));
        assert_eq!(Listing::from_json(&listing.to_json()), Some(listing));
    }

    #[test]
    fn the_list_line_says_host_game_players_and_seats() {
        assert_eq!(classic().line(), "Asha — Classic, 4 players, 2 seats free");
        let full = Listing { free: 0, game: "draughts".into(), players: 2, ..classic() };
        assert_eq!(full.line(), "Asha — Draughts, 2 players, full");
        assert_eq!(full.refusal(), Some(Refusal::Full));
        assert_eq!(classic().refusal(), None);
        assert!(full.watchable() && classic().watchable(), "played, or about to be");
        let other = Listing { protocol: PROTOCOL_VERSION + 1, ..full };
        assert!(!other.watchable(), "not another version's");
    }

    #[test]
    fn another_protocol_version_is_refused_with_the_reason() {
        let other = Listing { protocol: PROTOCOL_VERSION + 1, ..classic() };
        let theirs = PROTOCOL_VERSION + 1;
        let reason = Refusal::OtherVersion { theirs, ours: PROTOCOL_VERSION };
        assert_eq!(other.refusal(), Some(reason));
        assert!(other.refusal().unwrap().to_string().contains("another version"));
        let unknown = Listing { game: "snooker".into(), ..classic() };
        assert_eq!(unknown.refusal(), Some(Refusal::UnknownGame("snooker".into())));
    }

    #[test]
    fn malformed_listings_from_the_network_are_dropped() {
        let too_many = Listing { players: 9, ..classic() };
        assert_eq!(Listing::from_json(&too_many.to_json()), None);
        let over = Listing { free: 5, ..classic() };
        assert_eq!(Listing::from_json(&over.to_json()), None);
        assert_eq!(Listing::from_json("not json"), None);
        assert_eq!(Listing::from_txt(|key| (key != "room").then_some("2")), None);
        let noisy = Listing { host: "A\u{7}sha\nwith a very long name".into(), ..classic() };
        let read = Listing::from_json(&noisy.to_json()).unwrap();
        assert_eq!(read.host, "Asha with a very");
        for game in ["\u{202E}loohcs", "class\u{200B}ic", "snoo\u{7}ker", " classic"] {
            let hidden = Listing { game: game.into(), ..classic() };
            assert_eq!(Listing::from_json(&hidden.to_json()), None, "{game:?}");
        }
    }
}
