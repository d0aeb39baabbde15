//! carrom-signaling: the small server that introduces carrom peers to each other over
//! WebSocket, in the protocol matchbox_socket 0.15 clients speak; the peers then talk
//! directly over WebRTC. Rooms are private (`/r/<CODE>?seats=N`) or quick-match groups
//! (`/q/<key>?next=N`); signals never cross rooms; every size, queue, rate, connection
//! count and timeout is capped (see [`limits::Config`]). Built on matchbox_signaling 0.15
//! as its shell, with its own room handling: the stock full-mesh topology loses peers
//! that join at the same instant and forwards signals across rooms. It can serve the
//! browser game too (`--web`), so an invite is a link that opens it.

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
pub use limits::Config;
#[cfg(feature = "server")]
pub use server::{Running, start};
