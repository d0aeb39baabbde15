//! LAN play, with no internet: a host runs the signaling server in-process and announces
//! its game with mDNS/DNS-SD ([`SERVICE_TYPE`]); joiners find it in a live list (or type
//! its address where multicast is blocked), ask it what it is (`/lan`), and join its room
//! with host candidates only. The match itself is the one online play runs.

pub mod address;
#[cfg(not(target_arch = "wasm32"))]
pub mod announce;
#[cfg(not(target_arch = "wasm32"))]
pub mod browse;
#[cfg(target_arch = "wasm32")]
pub mod elsewhere;
pub mod found;
pub mod listing;
#[cfg(not(target_arch = "wasm32"))]
pub mod server;

pub use address::{ask, ask_any, parse_address};
#[cfg(not(target_arch = "wasm32"))]
pub use announce::Announcement;
#[cfg(not(target_arch = "wasm32"))]
pub use browse::{LanBrowser, find};
#[cfg(target_arch = "wasm32")]
pub use elsewhere::{Announcement, LanBrowser, LanServer};
pub use found::FoundGame;
pub use listing::Listing;
#[cfg(not(target_arch = "wasm32"))]
pub use server::LanServer;

/// The DNS-SD service type carrom games are announced under.
pub const SERVICE_TYPE: &str = "_carrom._tcp.local.";

/// Why a browser can neither host nor find a LAN game.
pub const DESKTOP_ONLY: &str = "LAN games are hosted and found by the desktop game: a browser \
     can neither be reached by the players on its network nor hear their games";

/// How long the join screen looks before saying that no game was found.
pub const SEARCH_BOUND: std::time::Duration = std::time::Duration::from_secs(5);
