//! Online play: every peer runs the same [`crate::game::advance()`] on the same inputs under
//! GGRS rollback, over matchbox WebRTC data channels; the signaling server only introduces
//! the peers. This module holds what any front end needs: the GGRS configuration and
//! session, a socket adapter that never panics on a peer's bytes, room addresses, the
//! hello, the desync record and its replay, and the stream watchers follow. The rollback
//! host that plays a match over them is the client's (`crate::client`), windowed or
//! headless (`carrom peer`).
//!
//! The rest of this page is `src/net/README.md` (online play, `carrom peer`, desync
//! records, the tests) and `src/net/SECURITY.md` (what a hostile peer can and cannot do),
//! kept as files so that they read on their own too.
//!
#![doc = include_str!("README.md")]
#![doc = include_str!("SECURITY.md")]

pub mod bounded;
pub mod connect;
pub mod connect_error;
pub mod diagnostics;
pub mod hello;
pub mod junk;
pub mod lan;
pub mod name;
pub mod rejoin;
pub mod replay_error;
pub mod room;
pub mod seat_key;
pub mod session;
pub mod signaller;
pub mod socket;
pub mod turn_input;
pub mod unreached;
pub mod watch;
pub mod watcher;
pub mod wire;

pub use session::{build_session, match_seed};
pub use socket::{Counters, Impairment, SafeChannel};

/// The network protocol's version: it is part of every room address, so peers of other
/// versions never meet.
pub const PROTOCOL_VERSION: u32 = 7;
