//! The GGRS session: rollback (not lockstep) for 2–4 players in a full mesh, a small input
//! delay, desync detection every few frames, player handles in sorted peer-id order (kept
//! seat by seat when a player rejoins with a new id), and
//! the match seed derived from those ids so every peer starts from the same state.

use super::socket::SafeChannel;
use crate::determinism::fnv1a64;
use crate::game::{FRAME_RATE, Input};
use ggrs::{DesyncDetection, GgrsError, P2PSession, PlayerType, SessionBuilder};
use matchbox_socket::PeerId;
use std::time::Duration;

/// Frames of input delay: hides most of a LAN's or a city's latency without rollback.
pub const INPUT_DELAY: usize = 2;
/// Frames GGRS may predict ahead before it waits.
pub const MAX_PREDICTION: usize = 8;
/// Frames between desync checks (six a second).
pub const DESYNC_INTERVAL: u32 = 10;
/// Silence after which the others are told a peer is interrupted.
pub const DISCONNECT_NOTIFY: Duration = Duration::from_millis(750);

/// GGRS's own disconnect timeout: never, in practice. A player silent past the grace
/// period is held for by the host (`crate::net::rejoin`), which decides the forfeit with
/// every player's agreement; GGRS would instead make it resign at once, and tell every
/// other peer to, on one peer's word.
const NEVER: Duration = Duration::from_secs(24 * 3600);

/// A rollback session for `seats` (every player's peer id in player-handle order, this
/// peer's included) over `socket`. A silent peer is waited for (the session stops
/// advancing once its prediction runs out) and reported interrupted; never ruled gone.
pub fn build_session<C>(
    me: PeerId,
    seats: &[PeerId],
    socket: SafeChannel,
) -> Result<P2PSession<C>, GgrsError>
where
    C: ggrs::Config<Input = Input, Address = PeerId>,
{
    let mut builder = SessionBuilder::<C>::new()
        .with_num_players(seats.len())?
        .with_input_delay(INPUT_DELAY)
        .with_max_prediction_window(MAX_PREDICTION)
        .with_desync_detection_mode(DesyncDetection::On { interval: DESYNC_INTERVAL })
        .with_disconnect_timeout(NEVER)
        .with_disconnect_notify_delay(DISCONNECT_NOTIFY)
        .with_fps(FRAME_RATE as usize)?;
    for (handle, id) in seats.iter().enumerate() {
        let player = if *id == me { PlayerType::Local } else { PlayerType::Remote(*id) };
        builder = builder.add_player(player, handle)?;
    }
    builder.start_p2p_session(socket)
}

/// The match seed for these peers: FNV-1a 64 of their sorted ids' bytes.
pub fn match_seed(peers: &[PeerId]) -> u64 {
    let mut sorted = peers.to_vec();
    sorted.sort();
    let bytes: Vec<u8> = sorted.iter().flat_map(|p| p.0.as_bytes().to_vec()).collect();
    fnv1a64(&bytes)
}

/// The inputs of one frame as the game takes them: a player GGRS marks disconnected
/// resigns (every peer sees it at the same frame), so the others win by forfeit.
pub fn frame_inputs(inputs: &[(Input, ggrs::InputStatus)]) -> Vec<Input> {
    inputs
        .iter()
        .map(|(input, status)| match status {
            ggrs::InputStatus::Disconnected => Input::resign(),
            _ => *input,
        })
        .collect()
}

/// `peers` in player-handle order: the sorted ids, so every peer numbers the players the
/// same way.
pub fn seat_order(peers: &[PeerId]) -> Vec<PeerId> {
    let mut sorted = peers.to_vec();
    sorted.sort();
    sorted
}

/// The player handle (input slot) of `me` among `peers`.
pub fn handle_of(me: PeerId, peers: &[PeerId]) -> usize {
    let mut sorted = peers.to_vec();
    sorted.sort();
    sorted.iter().position(|p| *p == me).unwrap_or(0)
}
