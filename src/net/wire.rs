//! GGRS 0.13's messages as they travel, read (and, for the hostile-peer tests, written)
//! by this crate: GGRS keeps the types to itself, but their serde form is plain, so a
//! mirror with the same fields in the same order reads and writes the same bytes.
//!
//! GGRS trusts what one peer says of another: an input message whose connection status
//! marks a third player disconnected makes every receiver disconnect that player. Here a
//! player's departure is judged only by this peer's own evidence (its connection closed,
//! or its silence), so such a claim is refused with the message that carries it.

use super::bounded::decode_exactly;
use serde::{Deserialize, Serialize};

/// Largest datagram accepted from a peer; GGRS's own are far smaller.
pub const MAX_DATAGRAM: usize = 4_096;

/// A GGRS message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Message {
    magic: u16,
    body: Body,
}

/// What a GGRS message carries, in GGRS's order of variants.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Body {
    SyncRequest(u32),
    SyncReply(u32),
    Input(Input),
    InputAck(i32),
    QualityReport(i16, u128),
    QualityReply(u128),
    ChecksumReport(u128, i32),
    KeepAlive,
}

/// A GGRS input message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Input {
    /// Each player's connection, as the sender sees it: (disconnected, last frame).
    peer_connect_status: Vec<(bool, i32)>,
    disconnect_requested: bool,
    start_frame: i32,
    ack_frame: i32,
    bytes: Vec<u8>,
}

/// The message `bytes` hold, if they are one.
fn read(bytes: &[u8]) -> Option<Message> {
    decode_exactly::<Message, MAX_DATAGRAM>(bytes)
}

/// The bytes of `message`.
fn write(message: &Message) -> Option<Vec<u8>> {
    bincode::serde::encode_to_vec(message, bincode::config::standard()).ok()
}

/// Whether a GGRS message says that a player is disconnected, or asks to be: something
/// only this peer's own evidence may decide.
pub fn claims_a_disconnect(bytes: &[u8]) -> bool {
    match read(bytes) {
        Some(Message { body: Body::Input(input), .. }) => {
            input.disconnect_requested || input.peer_connect_status.iter().any(|(gone, _)| *gone)
        }
        _ => false,
    }
}

/// The session frame a GGRS checksum report says its sender has confirmed, if `bytes`
/// are one: GGRS reports a frame's checksum only once every input of it is in.
pub fn confirmed_through(bytes: &[u8]) -> Option<i32> {
    match read(bytes) {
        Some(Message { body: Body::ChecksumReport(_, frame), .. }) => Some(frame),
        _ => None,
    }
}

/// For the hostile-peer tests: an input message rewritten to say that player `seat` is
/// disconnected; any other message as it was.
pub fn forge_disconnect(bytes: &[u8], seat: usize) -> Vec<u8> {
    let Some(mut message) = read(bytes) else { return bytes.to_vec() };
    let Body::Input(input) = &mut message.body else { return bytes.to_vec() };
    let Some(status) = input.peer_connect_status.get_mut(seat) else { return bytes.to_vec() };
    status.0 = true;
    write(&message).unwrap_or_else(|| bytes.to_vec())
}

/// For the hostile-peer tests: a checksum report rewritten to a checksum nobody has; any
/// other message as it was.
pub fn forge_checksum(bytes: &[u8]) -> Vec<u8> {
    let Some(mut message) = read(bytes) else { return bytes.to_vec() };
    let Body::ChecksumReport(checksum, _) = &mut message.body else { return bytes.to_vec() };
    *checksum ^= 0x5A5A;
    write(&message).unwrap_or_else(|| bytes.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(status: Vec<(bool, i32)>, requested: bool) -> Vec<u8> {
        let body = Body::Input(Input {
            peer_connect_status: status,
            disconnect_requested: requested,
            start_frame: 40,
            ack_frame: 38,
            bytes: vec![1, 2, 3],
        });
        write(&Message { magic: 7, body }).unwrap()
    }

    #[test]
    fn the_mirror_reads_and_writes_what_ggrs_does() {
        let messages = [
            input(vec![(false, 39), (true, 12)], false),
            write(&Message { magic: 1, body: Body::ChecksumReport(u128::MAX - 5, 60) }).unwrap(),
            write(&Message { magic: 2, body: Body::QualityReport(-3, 1 << 70) }).unwrap(),
            write(&Message { magic: 3, body: Body::KeepAlive }).unwrap(),
        ];
        for bytes in messages {
            let theirs =
                super::super::socket::decode(&bytes).expect("GGRS reads the mirror's bytes");
            assert_eq!(super::super::socket::encode(&theirs), Some(bytes), "and writes the same");
        }
    }

    #[test]
    fn a_claim_that_a_player_is_disconnected_is_recognised_and_can_be_forged() {
        let honest = input(vec![(false, 39), (false, 37), (false, 39)], false);
        assert!(!claims_a_disconnect(&honest));
        assert!(claims_a_disconnect(&input(vec![(false, 39), (true, 37)], false)));
        assert!(claims_a_disconnect(&input(vec![(false, 39)], true)));
        assert!(!claims_a_disconnect(&[2, 2, 2]), "not a message at all");
        let forged = forge_disconnect(&honest, 1);
        assert!(claims_a_disconnect(&forged));
        assert!(super::super::socket::decode(&forged).is_some(), "GGRS reads the forgery");
        let report = write(&Message { magic: 1, body: Body::ChecksumReport(9, 60) }).unwrap();
        assert_eq!(confirmed_through(&report), Some(60), "a report names its frame");
        assert_eq!(confirmed_through(&honest), None, "an input message confirms nothing");
        assert_ne!(forge_checksum(&report), report);
        assert_eq!(forge_checksum(&honest), honest, "only checksums are changed");
    }
}
