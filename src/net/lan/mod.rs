//! LAN play, with no internet: a host runs the signaling server in-process and announces
//! its game with mDNS/DNS-SD ([`SERVICE_TYPE`]); joiners find it in a live list (or type
//! its address where multicast is blocked), ask it what it is (`/lan`), and join its room
//! with host candidates only. The match itself is the one online play runs.
//!
//! - **The host** (`src/client/hosts/lan_game.rs`, `carrom peer --lan-host`) runs
//!   `carrom-signaling` in-process ([`LanServer`]: the signaling library on a tokio runtime
//!   of its own, one worker), listening on every interface on TCP port 3537 (`lan_port` in
//!   `settings.json`; a free port if that one is taken). [`Announcement`] announces the
//!   game as [`SERVICE_TYPE`], with every interface's addresses (IPv4 and IPv6) and the TXT
//!   record `v` (protocol version), `game`, `players`, `free` (seats free), `host` (the
//!   host's player name) and `room` (the room's code on the host's server); the same
//!   [`Listing`] is served as JSON at `http://HOST:PORT/lan`. The announcement follows the
//!   seats taken, and is withdrawn with a goodbye (so lists drop it at once) when the host
//!   leaves the lobby. Once the match starts, it and `/lan` say every seat is taken: the
//!   game is listed for watchers only. The server and the announcement stay until the host
//!   is back on Home, but a match never depends on them.
//! - **Joining** ([`LanBrowser`], `src/client/screens/lan_games.rs`, `carrom peer
//!   --lan-join`). The list follows games as they appear, fill and vanish; games that cannot
//!   be joined (another protocol version, every seat taken, a game this version does not
//!   know) are greyed with the reason. A click asks the game's server what it is (`GET
//!   /lan`, [`address::ASK_BOUND`], off the main thread) and joins it; a game that has gone
//!   says so. A game whose announcement resolves with no text (a host announcing a change
//!   withdraws its old record first) is asked at its address instead. After
//!   [`SEARCH_BOUND`] with nothing found the screen says so and offers the address field,
//!   which takes `IP:PORT` as the host's lobby shows it ([`parse_address`]).
//! - **The match** is online play's: the same lobby, rollback host and faults with their
//!   outcomes. Peers use host candidates only: no STUN, no TURN, no default route needed.
//!   The host quitting mid-match is a peer leaving (the others win by forfeit); a host that
//!   drops cannot come back, since its game serves the room. A joiner of another protocol
//!   version is refused before it connects ("another version of the game (network protocol
//!   N; this one is M)"); a raw connection of another version gets the server's 426.
//! - **In a browser** none of this builds (mdns-sd, tokio and ureq do not): `elsewhere`
//!   has the same types there, uninhabited, whose constructors say why ([`DESKTOP_ONLY`]).
//!
//! Headless, for tests and bots:
//!
//! ```sh
//! carrom peer --lan-host --players 2 --variant classic --bot medium --as Asha
//! carrom peer --lan-join --bot medium              # the first game with a free seat
//! carrom peer --lan-join --name Asha --bot hard    # the game Asha hosts
//! carrom peer --lan-join --address 192.168.1.20:3537 --draughts easy
//! carrom lan-games --watch 30                      # one JSON line per change of the list
//! ```
//!
//! `--lan-join` looks for at most `--connect-timeout` seconds, takes the players and the
//! game from the host, and says on standard error what it joins; `--lan-host` says its
//! addresses there. `--as NAME` is the name announced.
//!
//! **Tests** (`tests/net/lan.rs`) build real hosts: network namespaces made by the test on
//! one bridge (a switch namespace), each with its own 10.204.0.N address, a multicast route
//! and no other route. A host announces, the others find it and play a whole match to one
//! end hash: carrom with 2 players (found by name) and 4 players, and draughts joined by
//! address. The list follows a game appearing, a second one appearing, a seat being taken
//! and the first host leaving. A game of another protocol version is greyed in the list,
//! and its joiners are refused with the reason, by name and by address. The host killed
//! mid-match gives the joiner a forfeit (exit 3). A neighbour announcing 5,000 fake games
//! (hostile names, garbage or missing text records, hosts that never answer) leaves
//! `lan-games --watch 10` ending in about 10 s with at most 64 games listed, at most 10
//! threads and every name printable. That flood once filled mdns-sd's event channel, which
//! ends the subscription, so the list heard nothing more: it now browses again a second
//! later. Only processes inside the namespaces touch the network.

pub mod address;
#[cfg(not(target_arch = "wasm32"))]
pub mod announce;
pub mod ask_error;
#[cfg(not(target_arch = "wasm32"))]
pub mod browse;
#[cfg(target_arch = "wasm32")]
pub mod elsewhere;
#[cfg(not(target_arch = "wasm32"))]
pub mod find_error;
pub mod found;
pub mod lan_error;
pub mod listing;
pub mod refusal;
#[cfg(not(target_arch = "wasm32"))]
pub mod server;

pub use address::{ask, ask_any, parse_address};
#[cfg(not(target_arch = "wasm32"))]
pub use announce::Announcement;
pub use ask_error::AskError;
#[cfg(not(target_arch = "wasm32"))]
pub use browse::{LanBrowser, find};
#[cfg(target_arch = "wasm32")]
pub use elsewhere::{Announcement, LanBrowser, LanServer};
#[cfg(not(target_arch = "wasm32"))]
pub use find_error::{FindError, Unjoinable};
pub use found::FoundGame;
pub use lan_error::LanError;
pub use listing::Listing;
pub use refusal::Refusal;
#[cfg(not(target_arch = "wasm32"))]
pub use server::LanServer;

/// The DNS-SD service type carrom games are announced under.
pub const SERVICE_TYPE: &str = "_carrom._tcp.local.";

/// Why a browser can neither host nor find a LAN game.
pub const DESKTOP_ONLY: &str = "LAN games are hosted and found by the desktop game: a browser \
     can neither be reached by the players on its network nor hear their games";

/// How long the join screen looks before saying that no game was found.
pub const SEARCH_BOUND: std::time::Duration = std::time::Duration::from_secs(5);
