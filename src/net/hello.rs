//! The hello peers exchange over a reliable channel before the match: who they are and
//! what match they came for. The room's creator decides the game (a friend joining by code
//! does not know it); in a quick match everyone asked for the same one.

use super::PROTOCOL_VERSION;
use super::seat_key::Seal;
use crate::draughts::ballot::Ballot;
use crate::rules::{Settings, Variant};
use crate::sim::PresetId;
use matchbox_socket::PeerId;
use serde::{Deserialize, Serialize};

/// Longest hello accepted from a peer, bytes.
const MAX_HELLO: usize = 1_024;

/// Longest name taken from a hello, characters.
const MAX_NAME: usize = 16;

/// What a peer says on arrival.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// [`PROTOCOL_VERSION`].
    pub protocol: u32,
    /// This peer created the private room, so its game is the match's.
    pub creator: bool,
    /// Game type name.
    pub variant: String,
    /// Players.
    pub players: u8,
    /// Board preset name.
    pub board: String,
    /// Shot clock, seconds.
    pub shot_clock: u16,
    /// The player's name.
    pub name: String,
    /// `carrom` or `draughts`.
    pub game: String,
    /// Draughts: the colour the creator takes (`black` or `red`).
    pub colour: String,
    /// A watcher, not a player: it holds no seat and is sent the match.
    #[serde(default)]
    pub watcher: bool,
    /// The public half of this player's seat key, which proves its seat if it drops and
    /// comes back (a watcher's is empty).
    #[serde(default)]
    pub seal: Seal,
    /// Seconds a dropped player is waited for (the creator's choice is the match's).
    #[serde(default = "default_grace")]
    pub grace: u16,
    /// Draughts: the three-move ballot the creator opens with (CK-16): 0 none, 1–174 that
    /// one, [`BY_LOT`] one drawn from the match seed.
    #[serde(default)]
    pub ballot: u8,
}

/// A hello's ballot drawn by lot, from the seed every peer shares.
pub const BY_LOT: u8 = u8::MAX;

/// The grace period when none is named, seconds.
pub const DEFAULT_GRACE: u16 = 60;

/// The shortest and longest grace periods, seconds.
pub const GRACE_RANGE: (u16, u16) = (5, 600);

fn default_grace() -> u16 {
    DEFAULT_GRACE
}

/// The match everyone's hellos agree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agreed {
    /// A carrom match of these settings.
    Carrom(Settings),
    /// A draughts game; player `black_player` (input slot) plays Black.
    Draughts {
        /// The input slot of the player who plays Black.
        black_player: u32,
        /// The three-move ballot it opens with, if any (CK-16).
        ballot: Option<Ballot>,
    },
}

impl Hello {
    /// A hello for a match of `settings`-like choices.
    pub fn new(
        creator: bool,
        variant: Variant,
        players: u8,
        board: PresetId,
        shot_clock: u16,
        name: &str,
    ) -> Hello {
        Hello {
            protocol: PROTOCOL_VERSION,
            creator,
            variant: variant.name().into(),
            players,
            board: board.name().into(),
            shot_clock,
            name: super::name::shown_name(name, MAX_NAME),
            game: "carrom".into(),
            colour: String::new(),
            watcher: false,
            seal: Seal::default(),
            grace: DEFAULT_GRACE,
            ballot: 0,
        }
    }

    /// The same hello with this player's seal and the grace period it asks for.
    pub fn sealed(mut self, seal: Seal, grace: u16) -> Hello {
        self.seal = seal;
        self.grace = grace.clamp(GRACE_RANGE.0, GRACE_RANGE.1);
        self
    }

    /// A watcher's hello: its name, and that it comes to watch.
    pub fn watcher(name: &str) -> Hello {
        let hello = Hello::new(false, Variant::Classic, 2, PresetId::Standard, 0, name);
        Hello { watcher: true, game: String::new(), ..hello }
    }

    /// The same hello for a game of draughts, its sender taking `black` or red if it
    /// creates the room.
    pub fn for_draughts(mut self, black: bool) -> Hello {
        self.game = "draughts".into();
        self.players = 2;
        self.colour = if black { "black" } else { "red" }.into();
        self
    }

    /// The same hello opening a draughts game with `ballot` (0, a number, or [`BY_LOT`]).
    pub fn opening(mut self, ballot: u8) -> Hello {
        self.ballot = ballot;
        self
    }

    /// The bytes sent.
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).unwrap_or_default()
    }

    /// Whether the bytes are a hello of another protocol version (not merely junk).
    pub fn of_another_version(bytes: &[u8]) -> bool {
        #[derive(Deserialize)]
        struct Version {
            protocol: u32,
        }
        bytes.len() <= MAX_HELLO
            && serde_json::from_slice::<Version>(bytes)
                .is_ok_and(|v| v.protocol != PROTOCOL_VERSION)
    }

    /// A peer's hello, if the bytes are one of this protocol version.
    pub fn decode(bytes: &[u8]) -> Option<Hello> {
        if bytes.len() > MAX_HELLO {
            return None;
        }
        let mut hello: Hello = serde_json::from_slice(bytes).ok()?;
        hello.name = super::name::shown_name(&hello.name, MAX_NAME);
        (hello.protocol == PROTOCOL_VERSION).then_some(hello)
    }
}

/// The match every peer agrees on from everyone's hellos (this peer's included): the
/// creator's choice, else the lowest peer id's; the seed from the ids. `None` when the
/// hellos name no playable match.
pub fn agree(hellos: &[(PeerId, Hello)], seed: u64) -> Option<Agreed> {
    let mut sorted: Vec<&(PeerId, Hello)> = hellos.iter().collect();
    sorted.sort_by_key(|(id, _)| *id);
    let chooser = sorted.iter().position(|(_, h)| h.creator).unwrap_or(0);
    let (_, chosen) = sorted.get(chooser)?;
    // A friend joining by code cannot know the game: the creator's is played, whichever
    // game the friend had chosen on Home.
    if chosen.game == "draughts" {
        if hellos.len() != 2 {
            return None;
        }
        let black = if chosen.colour == "red" { 1 - chooser } else { chooser };
        // A ballot the list bars, or does not have, names no playable game.
        let ballot = match chosen.ballot {
            0 => None,
            BY_LOT => Some(Ballot::drawn(seed)),
            n => Some(Ballot::number(n.into()).ok()?),
        };
        return Some(Agreed::Draughts { black_player: black as u32, ballot });
    }
    let variant = Variant::from_name(&chosen.variant)?;
    let board = PresetId::from_name(&chosen.board)?;
    if chosen.players as usize != hellos.len() {
        return None;
    }
    let settings = Settings::new(variant, chosen.players, board, chosen.shot_clock.min(600), seed);
    settings.ok().map(Agreed::Carrom)
}

/// The grace period the match takes from everyone's hellos: the chooser's (the creator,
/// else the lowest id), within [`GRACE_RANGE`].
pub fn agreed_grace(hellos: &[(PeerId, Hello)]) -> u16 {
    let mut sorted: Vec<&(PeerId, Hello)> = hellos.iter().collect();
    sorted.sort_by_key(|(id, _)| *id);
    let chooser = sorted.iter().find(|(_, h)| h.creator).or(sorted.first());
    chooser.map_or(DEFAULT_GRACE, |(_, h)| h.grace).clamp(GRACE_RANGE.0, GRACE_RANGE.1)
}

/// The players' seals in player-handle order (sorted ids).
pub fn seals(hellos: &[(PeerId, Hello)]) -> Vec<Seal> {
    let mut sorted: Vec<&(PeerId, Hello)> = hellos.iter().collect();
    sorted.sort_by_key(|(id, _)| *id);
    sorted.iter().map(|(_, h)| h.seal).collect()
}

/// The players' names in player-handle order (sorted ids).
pub fn names(hellos: &[(PeerId, Hello)]) -> Vec<String> {
    let mut sorted: Vec<&(PeerId, Hello)> = hellos.iter().collect();
    sorted.sort_by_key(|(id, _)| *id);
    sorted.iter().map(|(_, h)| h.name.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u128) -> PeerId {
        PeerId(uuid::Uuid::from_u128(n))
    }

    #[test]
    fn the_creators_game_is_played_whatever_the_others_asked() {
        let joiner = Hello::new(false, Variant::Freestyle, 2, PresetId::Standard, 30, "Ben");
        let creator = Hello::new(true, Variant::Classic, 2, PresetId::Icf, 15, "Asha");
        let Some(Agreed::Carrom(settings)) = agree(&[(id(1), joiner), (id(2), creator)], 5) else {
            panic!("a carrom match")
        };
        assert_eq!(settings.variant(), Variant::Classic);
        assert_eq!(settings.preset(), PresetId::Icf);
        assert_eq!(settings.shot_clock, 15);
    }

    #[test]
    fn ck_15_the_creator_of_a_draughts_game_chooses_its_colour() {
        let hello = |creator: bool, name: &str| {
            Hello::new(creator, Variant::DiscPool, 2, PresetId::Standard, 0, name)
                .for_draughts(false)
        };
        let both = [(id(1), hello(false, "Ben")), (id(2), hello(true, "Asha"))];
        assert_eq!(
            agree(&both, 1),
            Some(Agreed::Draughts { black_player: 0, ballot: None }),
            "Asha is Red"
        );
        let carrom = Hello::new(false, Variant::DiscPool, 2, PresetId::Standard, 0, "Ben");
        let by_code = [(id(1), carrom.clone()), (id(2), hello(true, "Asha"))];
        let agreed = agree(&by_code, 1);
        assert_eq!(
            agreed,
            Some(Agreed::Draughts { black_player: 0, ballot: None }),
            "the creator's game"
        );
        let creator = Hello::new(true, Variant::Classic, 2, PresetId::Standard, 30, "Ravi");
        let by_code = [(id(1), hello(false, "Ben")), (id(2), creator)];
        assert!(matches!(agree(&by_code, 1), Some(Agreed::Carrom(_))), "and the other way");
    }

    #[test]
    fn ck_16_the_creators_ballot_opens_the_game_and_a_barred_one_names_no_game() {
        let hello = |creator: bool, ballot: u8| {
            Hello::new(creator, Variant::DiscPool, 2, PresetId::Standard, 0, "Asha")
                .for_draughts(true)
                .opening(ballot)
        };
        let agreed = |creators: u8, seed| {
            let both = [(id(1), hello(false, 60)), (id(2), hello(true, creators))];
            agree(&both, seed).map(|a| match a {
                Agreed::Draughts { ballot, .. } => ballot.map(Ballot::get),
                Agreed::Carrom(_) => panic!("a draughts game"),
            })
        };
        assert_eq!(agreed(34, 1), Some(Some(34)), "the creator's, not the joiner's");
        assert_eq!(agreed(0, 1), Some(None));
        assert_eq!(agreed(BY_LOT, 9), Some(Some(Ballot::drawn(9).get())), "drawn from the seed");
        assert_eq!(agreed(3, 1), None, "barred");
        assert_eq!(agreed(200, 1), None, "not on the list");
    }

    #[test]
    fn the_creators_grace_period_is_the_matchs_within_bounds() {
        let joiner = Hello::new(false, Variant::Freestyle, 2, PresetId::Standard, 30, "Ben")
            .sealed(Seal([1; 32]), 600);
        let creator = Hello::new(true, Variant::Classic, 2, PresetId::Icf, 15, "Asha")
            .sealed(Seal([2; 32]), 20);
        let hellos = [(id(1), joiner), (id(2), creator.clone())];
        assert_eq!(agreed_grace(&hellos), 20);
        assert_eq!(seals(&hellos), vec![Seal([1; 32]), Seal([2; 32])]);
        let greedy = creator.sealed(Seal([2; 32]), 9_999);
        assert_eq!(agreed_grace(&[(id(2), greedy)]), GRACE_RANGE.1);
        let old: Hello = serde_json::from_str(
            r#"{"protocol":4,"creator":true,"variant":"classic","players":2,"board":"standard",
            "shot_clock":0,"name":"x","game":"carrom","colour":""}"#,
        )
        .unwrap();
        assert_eq!(old.grace, DEFAULT_GRACE);
    }

    #[test]
    fn hellos_of_another_version_or_oversized_are_refused() {
        let mut hello = Hello::new(false, Variant::Freestyle, 2, PresetId::Standard, 30, "x");
        hello.protocol += 1;
        assert_eq!(Hello::decode(&hello.encode()), None);
        assert_eq!(Hello::decode(&vec![b' '; 2_000]), None);
        assert_eq!(Hello::decode(b"garbage"), None);
    }

    #[test]
    fn a_hello_of_another_version_is_told_from_junk() {
        let mut hello = Hello::new(false, Variant::Freestyle, 2, PresetId::Standard, 30, "x");
        assert!(!Hello::of_another_version(&hello.encode()), "this version's");
        hello.protocol += 1;
        assert!(Hello::of_another_version(&hello.encode()));
        assert!(!Hello::of_another_version(b"garbage"));
        assert!(!Hello::of_another_version(&[0xFF; 300]));
        assert!(!Hello::of_another_version(br#"{"protocol": 1}"#.repeat(200).as_slice()));
    }
}
