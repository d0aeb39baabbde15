//! carrom-signaling: the small server that introduces carrom peers to each other over
//! WebSocket, in the protocol matchbox_socket 0.15 clients speak; the peers then talk
//! directly over WebRTC. Rooms are private (`/r/<CODE>?seats=N`) or quick-match groups
//! (`/q/<key>?next=N`); signals never cross rooms; every size, queue, rate, connection
//! count and timeout is capped (see [`limits::Config`]). Built on matchbox_signaling 0.15
//! as its shell, with its own room handling: the stock full-mesh topology loses peers
//! that join at the same instant and forwards signals across rooms. It can serve the
//! browser game too (`--web`), so an invite is a link that opens it.
//!
//! How to run and deploy it (its options, one instance or several behind nginx or HAProxy,
//! limits, metrics, security, load figures) is in `signaling/README.md`; this page is for
//! whoever works on it.
//!
//! # How it is put together
//!
//! - [`server`] makes the routes and starts the server ([`start`] returns a [`Running`]):
//!   matchbox_signaling's WebSocket state with our routes, its stock ones closed. Every
//!   room route names its room in the path's second segment, so a proxy can send all of a
//!   room's peers to one instance. The WebSocket keeps a 4 KiB read buffer (tungstenite's
//!   default is 128 KiB, kept once filled) and writes at once: an idle peer costs about
//!   10 KiB instead of 135.
//! - [`front`] accepts connections and serves the routes on each, with what `axum::serve`
//!   lacks: a deadline for a request's headers and caps on requests not yet finished.
//!   [`admission`] counts connections in all and per source, and [`origin`] says whose
//!   connection it is (the client a trusted proxy names in `X-Forwarded-For`).
//! - [`rooms`] is the registry. One lock guards it, so joining (telling the room about the
//!   newcomer and adding it) is one atomic step, and two peers joining at the same instant
//!   always learn of each other (the stock full-mesh topology loses that race, and forwards
//!   signals across rooms). A room whose seats all filled has started: its seats are taken
//!   back only by their players ([`seat_token`]), and it is kept for its grace period after
//!   its last player leaves; rooms kept that way are ordered by when they expire, so a
//!   join looks only at those whose time is up. Watchers hold no seat, meet players only,
//!   and are named to the players ([`news`]).
//! - [`peer`] checks everything one connection sends (size, rate, kind, silence) and bounds
//!   its outgoing queue; [`limits`] is the [`Config`] with every cap, and the token bucket.
//! - [`probes`] holds back a source that asks to watch rooms that are not there;
//!   [`metrics`] counts for `/metrics`; [`open_files`] fits the connection cap under the
//!   open-files limit; [`page`] serves the browser game.
//! - [`code`] mints, reads and checks invite codes for the server, the game and its
//!   command line alike. Without the `server` feature the library is [`code`] and [`news`]
//!   only: what the game's browser build links.
//!
//! A LAN host runs the server in-process (`carrom::net::lan`): [`Running::set_listing`]
//! makes it answer `GET /lan` with the hosted game, and [`Running::peers`] counts the peers
//! in its rooms.
//!
//! # Tests
//!
//! The tests are one binary, `signaling/tests/server/`, whose suites run side by side:
//! `rooms.rs`, `front.rs`, `fuzz.rs`, `open_files.rs` and `web.rs` run
//! real WebSocket and HTTP clients on loopback; `webrtc.rs` has real matchbox_socket peers
//! meet inside a network namespace; `cluster.rs` runs several instances behind nginx and
//! HAProxy with the configurations `signaling/README.md` ships, which `tests/support/proxy.rs`
//! reads out of that file. `benches/load.rs` measures joins, memory and CPU against
//! matchbox_server and through the proxy. What each checks is listed in
//! `signaling/README.md`.

#[cfg(feature = "server")]
pub mod admission;
pub mod code;
#[cfg(feature = "server")]
pub mod front;
#[cfg(feature = "server")]
pub mod limits;
#[cfg(feature = "server")]
pub mod metrics;
pub mod news;
#[cfg(feature = "server")]
pub mod open_files;
#[cfg(feature = "server")]
pub mod origin;
#[cfg(feature = "server")]
pub mod page;
#[cfg(feature = "server")]
pub mod peer;
#[cfg(feature = "server")]
pub mod probes;
#[cfg(feature = "server")]
pub mod rooms;
#[cfg(feature = "server")]
pub mod seat_token;
#[cfg(feature = "server")]
pub mod server;
#[cfg(feature = "server")]
pub mod server_error;

#[cfg(feature = "server")]
pub use limits::Config;
#[cfg(feature = "server")]
pub use server::{Running, start};
#[cfg(feature = "server")]
pub use server_error::ServerError;
