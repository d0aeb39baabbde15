//! What a player needs to take its seat back if it drops, and the others to let it: kept
//! by the online host and written into the player's rejoin ticket.

use crate::net::connect::IceServer;
use crate::net::seat_key::{Seal, SeatKey};
use web_time::Duration;

/// What a player needs to take its seat back if it drops, and the others to let it.
#[derive(Clone, Debug)]
pub struct Seating {
    /// The signaling server (or LAN host) the room is on, `ws://HOST:PORT`.
    pub signaling: String,
    /// The room's name there (its code or quick-match key): a player comes back by it.
    pub room: String,
    /// The ICE servers to connect with (none on a LAN).
    pub ice: Vec<IceServer>,
    /// The private room's invite code, if the match has one.
    pub code: Option<String>,
    /// This player's seat key: it signs what proves the seat, and never leaves this machine.
    pub key: SeatKey,
    /// Every seat's seal (its key's public half), in player-handle order.
    pub seals: Vec<Seal>,
    /// How long a dropped player is waited for.
    pub grace: Duration,
    /// Whether the match is on this network.
    pub lan: bool,
}
