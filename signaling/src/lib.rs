//! carrom-signaling: the small server that introduces carrom peers to each other over
//! WebSocket, in the protocol matchbox_socket 0.15 clients speak; the peers then talk
//! directly over WebRTC. Rooms are private (`/r/<CODE>?seats=N`) or quick-match groups
//! (`/q/<key>?next=N`); signals never cross rooms; every size, queue, rate, connection
//! count and timeout is capped (see [`limits::Config`]). Built on matchbox_signaling 0.15
//! as its shell, with its own room handling: the stock full-mesh topology loses peers
//! that join at the same instant and forwards signals across rooms.

pub mod admission;
pub mod code;
pub mod limits;
pub mod metrics;
pub mod peer;
pub mod rooms;
pub mod server;

pub use limits::Config;
pub use server::{Running, start};
