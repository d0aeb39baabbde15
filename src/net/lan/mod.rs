//! LAN play, with no internet: a host runs the signaling server in-process and announces
//! its game with mDNS/DNS-SD ([`SERVICE_TYPE`]); joiners find it in a live list (or type
//! its address where multicast is blocked), ask it what it is (`/lan`), and join its room
//! with host candidates only. The match itself is the one online play runs.

pub mod address;
pub mod announce;
pub mod browse;
pub mod listing;
pub mod server;

pub use address::{ask, ask_any, parse_address};
pub use announce::Announcement;
pub use browse::{FoundGame, LanBrowser, find};
pub use listing::Listing;
pub use server::LanServer;

/// The DNS-SD service type carrom games are announced under.
pub const SERVICE_TYPE: &str = "_carrom._tcp.local.";

/// How long the join screen looks before saying that no game was found.
pub const SEARCH_BOUND: std::time::Duration = std::time::Duration::from_secs(5);
