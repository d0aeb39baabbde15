//! GGRS over a matchbox data channel, without trusting the other side: matchbox's own
//! adapter calls `expect()` when a datagram does not decode, so a peer could crash us
//! with one bad packet. Here malformed or oversized datagrams are counted and dropped.
//! Every datagram carries the epoch of the session that sent it: after a match resumes
//! (a new session on the same channel), the old session's stragglers are dropped.

use super::bounded::decode_exactly;
use super::wire::MAX_DATAGRAM;
use bytes::Bytes;
use ggrs::{Message, NonBlockingSocket};
use matchbox_socket::{PeerId, WebRtcChannel};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use web_time::{Duration, Instant};

/// Traffic counters, shared with whoever reports them.
#[derive(Debug, Default)]
pub struct Counters {
    /// Bytes sent.
    pub bytes_sent: AtomicU64,
    /// Bytes received.
    pub bytes_received: AtomicU64,
    /// Datagrams dropped because they did not decode or were too large.
    pub malformed: AtomicU64,
    /// Datagrams of another epoch's session, dropped.
    pub stale: AtomicU64,
    /// Peers refused for claiming that a player is disconnected, in order (the host names
    /// each in its log).
    pub refused: Mutex<Vec<PeerId>>,
    /// The newest session frame each peer said it confirmed (its checksum reports), with
    /// the epoch of the session that frame counts in.
    confirmed: Mutex<Vec<(u32, PeerId, i32)>>,
    /// The newest session frame this peer has said it confirmed, with its epoch.
    reported: Mutex<Option<(u32, i32)>>,
}

impl Counters {
    /// Notes that `peer` said it confirmed frame `frame` of the session of `epoch`.
    fn heard_confirmed(&self, epoch: u32, peer: PeerId, frame: i32) {
        let Ok(mut confirmed) = self.confirmed.lock() else { return };
        match confirmed.iter_mut().find(|(_, p, _)| *p == peer) {
            Some(seen) if seen.0 != epoch || seen.2 < frame => *seen = (epoch, peer, frame),
            Some(_) => {}
            None => confirmed.push((epoch, peer, frame)),
        }
    }

    /// Notes that this peer said it confirmed frame `frame` of the session of `epoch`.
    fn said_confirmed(&self, epoch: u32, frame: i32) {
        if let Ok(mut reported) = self.reported.lock()
            && reported.is_none_or(|(e, f)| e != epoch || f < frame)
        {
            *reported = Some((epoch, frame));
        }
    }

    /// The newest frame of the session of `epoch` that this peer said it confirmed.
    pub fn reported(&self, epoch: u32) -> Option<i32> {
        let reported = self.reported.lock().ok()?;
        reported.filter(|(e, _)| *e == epoch).map(|(_, f)| f)
    }

    /// The newest frame of the session of `epoch` that `peer` said it confirmed.
    pub fn confirmed_by(&self, epoch: u32, peer: PeerId) -> Option<i32> {
        let confirmed = self.confirmed.lock().ok()?;
        confirmed.iter().find(|(e, p, _)| *e == epoch && *p == peer).map(|(_, _, f)| *f)
    }
}

/// The game channel, shared by the sessions one match runs in turn (one per epoch).
pub type SharedChannel = Arc<Mutex<WebRtcChannel>>;

/// Drops whatever waits on `channel`: between two sessions nobody reads it.
pub fn drain(channel: &SharedChannel) {
    if let Ok(mut channel) = channel.lock() {
        let _ = channel.receive();
    }
}

/// Bytes of the epoch in front of every datagram.
const EPOCH_BYTES: usize = 4;

/// Test and soak-run faults applied to what this peer sends: loss, delay with jitter,
/// and garbage datagrams. (Where the kernel has `sch_netem`, `tc netem` does the first
/// two on the real interface; this does them in the peer when it has not.)
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Impairment {
    /// Fraction of datagrams dropped, 0–1.
    pub loss: f64,
    /// Delay added to every datagram.
    pub delay: Duration,
    /// Up to this much more or less delay, uniformly.
    pub jitter: Duration,
    /// Garbage messages sent to every peer each second, on every channel (this channel's
    /// here; the others' by the client's hostile host).
    pub garbage_per_second: u32,
    /// Hostile-peer tests: every input message says that this seat is disconnected.
    pub forge_disconnect: Option<u8>,
    /// Hostile-peer tests: every checksum report is false.
    pub forge_checksums: bool,
    /// Hostile-peer tests: resumption offers and decisions no honest player sends.
    pub forge_resumptions: bool,
    /// Hostile-peer tests: a run-length bomb to every watcher.
    pub bomb_watchers: bool,
    /// Hostile-peer tests: bytes of junk sent each second to every peer on every channel.
    pub flood_per_second: u64,
    /// Seed of the faults' random draws.
    pub seed: u64,
}

/// A matchbox channel speaking GGRS, robust to what peers send.
pub struct SafeChannel {
    channel: SharedChannel,
    epoch: u32,
    counters: Arc<Counters>,
    impairment: Option<Impairment>,
    delayed: VecDeque<(Instant, PeerId, Vec<u8>)>,
    peers: Vec<PeerId>,
    /// Peers that claimed a player disconnected: nothing more of theirs is read.
    refused: Vec<PeerId>,
    draws: u64,
    garbage_sent: u64,
    started: Instant,
}

impl SafeChannel {
    /// Wraps `channel` (unreliable and unordered, as GGRS wants) for the session of
    /// `epoch`.
    pub fn new(channel: SharedChannel, epoch: u32, counters: Arc<Counters>) -> SafeChannel {
        SafeChannel {
            channel,
            epoch,
            counters,
            impairment: None,
            delayed: VecDeque::new(),
            peers: Vec::new(),
            refused: Vec::new(),
            draws: 0,
            garbage_sent: 0,
            started: Instant::now(),
        }
    }

    /// Applies `impairment` to everything sent from now on.
    pub fn impaired(mut self, impairment: Impairment) -> SafeChannel {
        self.impairment = Some(impairment);
        self
    }

    fn draw(&mut self) -> u64 {
        self.draws += 1;
        let seed = self.impairment.map_or(0, |i| i.seed);
        crate::determinism::mix(seed ^ self.draws.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    fn transmit(&mut self, peer: PeerId, bytes: Vec<u8>) {
        self.counters.bytes_sent.fetch_add(bytes.len() as u64, Ordering::Relaxed);
        // The socket's message loop may have ended (the network thread failed): then
        // nothing can be sent, and GGRS treats the silence as a peer interrupted.
        if let Ok(mut channel) = self.channel.lock() {
            let _ = channel.try_send(Bytes::from(bytes), peer);
        }
    }

    /// Sends what is due: delayed datagrams whose time has come, and garbage.
    fn flush(&mut self) {
        let Some(impairment) = self.impairment else { return };
        let now = Instant::now();
        while self.delayed.front().is_some_and(|(at, _, _)| *at <= now) {
            if let Some((_, peer, bytes)) = self.delayed.pop_front() {
                self.transmit(peer, bytes);
            }
        }
        let due =
            (self.started.elapsed().as_secs_f64() * impairment.garbage_per_second as f64) as u64;
        while self.garbage_sent < due {
            self.garbage_sent += 1;
            for peer in self.peers.clone() {
                let bits = self.draw();
                let len = 1 + (bits % 300) as usize;
                // In this session's epoch, so that it reaches the decoder.
                let mut junk = self.epoch.to_le_bytes().to_vec();
                junk.extend((0..len).map(|i| (bits >> (i % 56)) as u8 ^ i as u8));
                self.transmit(peer, junk);
            }
        }
    }
}

/// Encodes a GGRS message for the wire.
pub fn encode(message: &Message) -> Option<Vec<u8>> {
    bincode::serde::encode_to_vec(message, bincode::config::standard()).ok()
}

/// Decodes a datagram from a peer, if it is a GGRS message and nothing else.
pub fn decode(bytes: &[u8]) -> Option<Message> {
    decode_exactly::<Message, MAX_DATAGRAM>(bytes)
}

impl NonBlockingSocket<PeerId> for SafeChannel {
    fn send_to(&mut self, message: &Message, peer: &PeerId) {
        if !self.peers.contains(peer) {
            self.peers.push(*peer);
        }
        let Some(mut message) = encode(message) else { return };
        if let Some(frame) = super::wire::confirmed_through(&message) {
            self.counters.said_confirmed(self.epoch, frame);
        }
        if let Some(impairment) = self.impairment {
            if let Some(seat) = impairment.forge_disconnect {
                message = super::wire::forge_disconnect(&message, seat as usize);
            }
            if impairment.forge_checksums {
                message = super::wire::forge_checksum(&message);
            }
        }
        let mut bytes = self.epoch.to_le_bytes().to_vec();
        bytes.extend(message);
        match self.impairment {
            None => self.transmit(*peer, bytes),
            Some(impairment) => {
                let bits = self.draw();
                if (bits % 1_000_000) as f64 >= impairment.loss * 1_000_000.0 {
                    let jitter = impairment.jitter.as_secs_f64();
                    let spread = ((bits >> 20) % 2_001) as f64 / 1_000.0 - 1.0;
                    let delay = (impairment.delay.as_secs_f64() + spread * jitter).max(0.0);
                    let at = Instant::now() + Duration::from_secs_f64(delay);
                    let slot = self.delayed.partition_point(|(t, _, _)| *t <= at);
                    self.delayed.insert(slot, (at, *peer, bytes));
                }
                self.flush();
            }
        }
    }

    fn receive_all_messages(&mut self) -> Vec<(PeerId, Message)> {
        self.flush();
        let mut out = Vec::new();
        let packets = self.channel.lock().map(|mut c| c.receive()).unwrap_or_default();
        for (peer, packet) in packets {
            self.counters.bytes_received.fetch_add(packet.len() as u64, Ordering::Relaxed);
            let (epoch, message) = packet.split_at(EPOCH_BYTES.min(packet.len()));
            if epoch.len() == EPOCH_BYTES && epoch != self.epoch.to_le_bytes() {
                self.counters.stale.fetch_add(1, Ordering::Relaxed);
                continue;
            }
            if self.refused.contains(&peer) {
                continue;
            }
            if super::wire::claims_a_disconnect(message) {
                // Refused, and everything after it this session: the claimant falls silent,
                // so it is this peer's own evidence that decides what becomes of it.
                self.refused.push(peer);
                if let Ok(mut refused) = self.counters.refused.lock() {
                    refused.push(peer);
                }
                continue;
            }
            match decode(message).filter(|_| epoch.len() == EPOCH_BYTES) {
                Some(decoded) => {
                    // Only the session's own players are noted: the list stays theirs.
                    if let Some(frame) = super::wire::confirmed_through(message)
                        && self.peers.contains(&peer)
                    {
                        self.counters.heard_confirmed(self.epoch, peer, frame);
                    }
                    out.push((peer, decoded));
                }
                None => {
                    self.counters.malformed.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_datagram_decodes_or_is_refused_without_panicking(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
            let _ = decode(&bytes);
        }
    }

    #[test]
    fn what_a_peer_said_it_confirmed_counts_only_in_its_epoch() {
        let counters = Counters::default();
        let peer = PeerId(uuid::Uuid::from_bytes([1; 16]));
        counters.heard_confirmed(0, peer, 120);
        counters.heard_confirmed(0, peer, 90);
        assert_eq!(counters.confirmed_by(0, peer), Some(120), "the newest frame is kept");
        counters.heard_confirmed(1, peer, 10);
        assert_eq!(counters.confirmed_by(1, peer), Some(10), "a new session starts again");
        assert_eq!(counters.confirmed_by(0, peer), None, "an old session's frames are gone");
        assert_eq!(counters.reported(0), None);
        counters.said_confirmed(0, 50);
        counters.said_confirmed(0, 40);
        assert_eq!(counters.reported(0), Some(50));
        assert_eq!(counters.reported(1), None, "what this peer said counts in its epoch");
    }

    #[test]
    fn oversized_and_trailing_datagrams_are_refused() {
        assert!(decode(&vec![0u8; MAX_DATAGRAM + 1]).is_none());
        assert!(decode(&[]).is_none());
    }
}
