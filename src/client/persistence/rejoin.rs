//! The seat of the online match being played, kept in `rejoin.json` so that a player whose
//! game crashed or was closed can take it back: where the room is, the id the room knew
//! this player by, its seat and the seat's key, and the match's confirmed history as last
//! seen. The key is private: the file is readable by its owner only.
//! Written when the match starts and as it goes on, removed when it ends. Home offers
//! "Rejoin match" while the file is there; `carrom --join CODE` with its code rejoins too.

use crate::client::hosts::seating::Seating;
use crate::client::persistence::rejoin_error::RejoinError;
use crate::client::persistence::storage::{self, Storage};
use crate::client::persistence::unreadable::{SetAside, Unreadable, load, read_or_set_aside};
use crate::net::PROTOCOL_VERSION;
use crate::net::connect::IceServer;
use crate::net::rejoin::Held;
use crate::net::seat_key::Seal;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The file's format version.
const FORMAT: u32 = 3;

/// Largest history the file may hold, bytes.
const MAX_HELD: usize = 256 * 1024;

/// What taking a seat back needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ticket {
    /// `FORMAT`.
    pub format: u32,
    /// The network protocol the match is played with.
    pub protocol: u32,
    /// The signaling server (or LAN host) the room is on.
    pub signaling: String,
    /// The room's name there (its code or quick-match key).
    pub room: String,
    /// The ICE servers to connect with.
    pub ice: Vec<IceServer>,
    /// The private room's invite code, if the match has one.
    pub code: Option<String>,
    /// Whether the match is on this network.
    pub lan: bool,
    /// The id the room last knew this player by.
    pub id: String,
    /// This player's seat (player handle).
    pub seat: u8,
    /// This player's seat key (private), hexadecimal.
    pub key: String,
    /// Every seat's seal (its key's public half).
    pub seals: Vec<Seal>,
    /// The last epoch this player played in.
    pub epoch: u32,
    /// Drops per seat, as this player counted them.
    pub drops: [u8; 4],
    /// Seconds a dropped player is waited for.
    pub grace: u16,
    /// The players' names in seat order.
    pub names: Vec<String>,
    /// The confirmed history, hexadecimal.
    pub held: String,
    /// When it was written, seconds since 1970.
    pub saved: u64,
}

impl Ticket {
    /// The confirmed history it holds, if it is sound.
    pub fn held(&self) -> Option<Held> {
        let bytes = hex(&self.held)?;
        let held = crate::net::bounded::decode_exactly::<Held, MAX_HELD>(&bytes)?;
        held.open().map(|_| held)
    }

    /// Keeps `held` in the ticket.
    pub fn hold(&mut self, held: &Held) {
        let bytes =
            bincode::serde::encode_to_vec(held, bincode::config::standard()).unwrap_or_default();
        self.held = bytes.iter().map(|b| format!("{b:02x}")).collect();
    }

    /// Whether the ticket can still take its seat back: same protocol, a sound history, and
    /// written within its grace period of `now` (more than that and the room is gone).
    pub fn usable(&self, now: u64) -> Result<(), RejoinError> {
        if self.protocol != PROTOCOL_VERSION {
            return Err(RejoinError::OtherProtocol(self.protocol));
        }
        if self.held().is_none() {
            return Err(RejoinError::Damaged);
        }
        if now.saturating_sub(self.saved) > u64::from(self.grace) + 60 {
            return Err(RejoinError::TooOld);
        }
        Ok(())
    }

    /// Whether `typed` (an invite code or link, as `carrom --join` takes it) is this
    /// ticket's match.
    pub fn is_for(&self, typed: &str) -> bool {
        let found = carrom_signaling::code::parse(typed).map(|found| found.code);
        self.code.is_some() && self.code == found
    }

    fn parse(bytes: &[u8]) -> Result<Ticket, RejoinError> {
        /// The one field every format has: read first, so that a ticket of another
        /// version is said to be one, not to be damaged.
        #[derive(Deserialize)]
        struct Format {
            format: u32,
        }
        let unreadable =
            |e: serde_json::Error| RejoinError::Unreadable { line: e.line(), column: e.column() };
        let Format { format } = serde_json::from_slice(bytes).map_err(unreadable)?;
        if format != FORMAT {
            return Err(RejoinError::OtherFormat { found: format, reads: FORMAT });
        }
        let ticket: Ticket = serde_json::from_slice(bytes).map_err(unreadable)?;
        if ticket.held().is_none() {
            return Err(RejoinError::Damaged);
        }
        Ok(ticket)
    }

    /// A new ticket for the player in `seat` of a match seated as `seating`, its players
    /// named `names`.
    pub fn new(seating: &Seating, seat: u8, names: Vec<String>) -> Ticket {
        Ticket {
            format: FORMAT,
            protocol: PROTOCOL_VERSION,
            signaling: seating.signaling.clone(),
            room: seating.room.clone(),
            ice: seating.ice.clone(),
            code: seating.code.clone(),
            lan: seating.lan,
            id: String::new(),
            seat,
            key: crate::net::seat_key::hex(&seating.key.to_bytes()),
            seals: seating.seals.clone(),
            epoch: 0,
            drops: [0; 4],
            grace: u16::try_from(seating.grace.as_secs()).unwrap_or(u16::MAX),
            names,
            held: String::new(),
            saved: 0,
        }
    }
}

fn hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok()).collect()
}

/// Where the ticket of this machine's seat is kept (none: not kept), and the one found
/// there at start, if any.
#[derive(Resource, Debug, Default, Clone)]
pub struct RejoinFile {
    /// The file.
    pub path: Option<PathBuf>,
    /// The ticket read from it at start (Home offers it).
    pub found: Option<Ticket>,
}

impl RejoinFile {
    /// Writes `ticket` (atomically), stamped now.
    pub fn write(&self, ticket: &mut Ticket) -> std::io::Result<()> {
        let Some(path) = &self.path else { return Ok(()) };
        ticket.saved = crate::client::hosts::tape::now();
        storage::write_atomic(path, &serde_json::to_vec_pretty(ticket)?)
    }

    /// Removes the file: the match is over, or was left for good.
    pub fn clear(&mut self) {
        self.found = None;
        if let Some(path) = &self.path {
            let _ = storage::remove(path);
        }
    }

    /// Reads the ticket at `path`: `Ok(None)` when there is none; a file that cannot be
    /// read is moved aside, and why is given.
    pub fn read(path: &std::path::Path) -> Result<Option<Ticket>, SetAside> {
        read_or_set_aside(path, parse_ticket)
    }
}

/// A ticket file's bytes as a ticket, or why they are none.
fn parse_ticket(bytes: &[u8]) -> Result<Ticket, Unreadable> {
    Ticket::parse(bytes).map_err(Unreadable::Ticket)
}

/// Loads the ticket at start.
pub(super) struct RejoinPlugin;

impl Plugin for RejoinPlugin {
    fn build(&self, app: &mut App) {
        let path = app.world().resource::<Storage>().rejoin_file();
        let w = super::preferences::words_of(app.world());
        let found = load(app.world_mut(), &w, path.as_deref(), "what-rejoin", parse_ticket);
        app.insert_resource(RejoinFile { path, found });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::words::{self, Words};
    use crate::game::Match;
    use crate::net::seat_key::SeatKey;
    use crate::net::watch::Watched;
    use crate::rules::{Settings, Variant};
    use crate::sim::PresetId;

    fn ticket() -> Ticket {
        let settings = Settings::new(Variant::Classic, 2, PresetId::Standard, 30, 9).unwrap();
        let start = Watched::Carrom(Match::new(settings));
        let seating = Seating {
            signaling: "ws://127.0.0.1:1".into(),
            room: "0123456789AB2".into(),
            ice: Vec::new(),
            code: Some("0123456789AB2".into()),
            key: SeatKey::from_bytes([42; 32]),
            seals: vec![Seal([1; 32]), SeatKey::from_bytes([42; 32]).seal()],
            grace: web_time::Duration::from_secs(60),
            lan: false,
        };
        let mut ticket = Ticket::new(&seating, 1, vec!["Asha".into(), "Ben".into()]);
        ticket.hold(&Held::of(&start, &[]));
        ticket
    }

    /// What the player is told of a ticket that could not be read.
    fn unreadable(read: Result<Option<Ticket>, SetAside>) -> String {
        words::unreadable(&Words::default(), "what-rejoin", &read.unwrap_err())
    }

    #[test]
    fn a_ticket_is_kept_read_back_and_a_damaged_one_set_aside() {
        let dir = std::env::temp_dir().join(format!("carrom-rejoin-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut file = RejoinFile { path: Some(dir.join("rejoin.json")), found: None };
        let mut written = ticket();
        file.write(&mut written).unwrap();
        let path = dir.join("rejoin.json");
        let read = RejoinFile::read(&path).unwrap().unwrap();
        assert_eq!(read, written);
        assert!(read.usable(written.saved + 10).is_ok());
        let gone = read.usable(written.saved + 1_000);
        assert_eq!(gone, Err(RejoinError::TooOld), "the room is long gone");
        // A ticket of the version before signatures: its seat held a number, not a key.
        let old = br#"{"format":2,"protocol":5,"secret":42,"seals":[1,2]}"#;
        std::fs::write(dir.join("rejoin.json"), old).unwrap();
        let why = unreadable(RejoinFile::read(&path));
        assert!(why.contains("another version of the game: format 2"), "{why}");
        std::fs::write(dir.join("rejoin.json"), b"{\"format\":1,").unwrap();
        let why = unreadable(RejoinFile::read(&path));
        assert!(why.contains("kept as"), "{why}");
        assert!(!dir.join("rejoin.json").exists());
        file.clear();
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn join_with_the_tickets_code_or_link_is_its_match() {
        let ticket = ticket();
        assert!(ticket.is_for("0123456789AB2"));
        assert!(ticket.is_for("carrom://join/0123456789ab2"));
        assert!(!ticket.is_for("0123456789AC2"));
        let lan = Ticket { code: None, ..ticket };
        assert!(!lan.is_for("0123456789AB2"), "a LAN match has no code to join by");
    }

    #[test]
    fn a_ticket_whose_state_was_tampered_with_is_refused() {
        let mut tampered = ticket();
        let other = if &tampered.held[40..42] == "ff" { "00" } else { "ff" };
        tampered.held.replace_range(40..42, other);
        let bytes = serde_json::to_vec(&tampered).unwrap();
        assert_eq!(Ticket::parse(&bytes), Err(RejoinError::Damaged));
    }
}
