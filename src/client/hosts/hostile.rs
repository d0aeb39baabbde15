//! Hostile-peer tests: a player that lies on purpose, through `carrom peer`'s hidden
//! switches ([`Impairment`]), so that the honest players' defences are tried over real
//! connections. It sends junk on every channel, forges resumptions (an offer nobody asked
//! for, then decisions and offers no honest player sends) and sends its watchers a
//! run-length bomb. Nothing here runs unless a switch asks for it.

use super::online::Online;
use super::rejoin::Holding;
use super::watch_stream::WatchStream;
use crate::client::flow::Screen;
use crate::game::Input;
use crate::net::connect::{HELLO_CHANNEL, RESUME_CHANNEL};
use crate::net::junk::Junk;
use crate::net::rejoin::{Offer, Resume, Resumption, Signed};
use crate::net::seat_key::SeatKey;
use crate::net::socket::Impairment;
use crate::net::watch::WatchMessage;
use bevy::prelude::*;
use matchbox_socket::PeerId;
use web_time::{Duration, Instant};

/// Forged resumptions are sent this many times in a match...
const BURSTS: u32 = 2;

/// ...this long apart, each once the match has resumed from the last.
const BURST_EVERY: Duration = Duration::from_secs(4);

/// The lying player's plan, made when its match begins.
struct Plan {
    garbage: Option<Junk>,
    flood: Option<Junk>,
    bursts: u32,
    next_burst: Instant,
    bombed: Vec<PeerId>,
}

impl Plan {
    fn of(impairment: &Impairment) -> Plan {
        let (seed, garbage) = (impairment.seed, impairment.garbage_per_second);
        let garbage = (garbage > 0).then(|| Junk::new(garbage.into(), 300, seed));
        let flood = impairment.flood_per_second;
        let flood = (flood > 0).then(|| Junk::flood(flood, seed ^ 1));
        let bursts = if impairment.forge_resumptions { BURSTS } else { 0 };
        let next_burst = Instant::now() + BURST_EVERY;
        Plan { garbage, flood, bursts, next_burst, bombed: Vec::new() }
    }
}

/// The lying player's acts.
pub(super) struct HostilePlugin;

impl Plugin for HostilePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            lie.after(super::rejoin::reconnect).run_if(in_state(Screen::Game)).run_if(
                |online: Option<Res<Online>>| {
                    online.is_some_and(|o| o.connection().impairment().is_some())
                },
            ),
        );
    }
}

/// Does what the switches ask, when it is due.
fn lie(
    mut online: ResMut<Online>,
    to_watchers: Option<ResMut<WatchStream>>,
    holding: Option<Res<Holding>>,
    mut plan: Local<Option<Plan>>,
) {
    let Some(impairment) = online.connection().impairment() else { return };
    let plan = plan.get_or_insert_with(|| Plan::of(&impairment));
    let Some(mut to_watchers) = to_watchers else { return };
    // The game channel's own garbage is its socket adapter's.
    for bytes in plan.garbage.as_mut().map(Junk::due).unwrap_or_default() {
        for channel in [Channel::Hello, Channel::Watch, Channel::Resume] {
            send(&mut online, &mut to_watchers, channel, &bytes);
        }
    }
    // The flood's rate is in all: its messages take each channel in turn.
    let flood = plan.flood.as_mut().map(Junk::due).unwrap_or_default();
    for (bytes, channel) in flood.iter().zip(Channel::ALL.iter().cycle()) {
        send(&mut online, &mut to_watchers, *channel, bytes);
    }
    if impairment.bomb_watchers {
        bomb(&online, &mut to_watchers, &mut plan.bombed);
    }
    if plan.bursts > 0 && holding.is_none() && Instant::now() >= plan.next_burst {
        plan.bursts -= 1;
        plan.next_burst = Instant::now() + BURST_EVERY;
        forge(&mut online, &to_watchers);
    }
}

/// A channel junk is sent on.
#[derive(Clone, Copy)]
enum Channel {
    Game,
    Hello,
    Watch,
    Resume,
}

impl Channel {
    const ALL: [Channel; 4] = [Channel::Game, Channel::Hello, Channel::Watch, Channel::Resume];
}

/// Sends `bytes` to every peer connected on `channel`.
fn send(online: &mut Online, to_watchers: &mut WatchStream, channel: Channel, bytes: &[u8]) {
    let Some(socket) = online.connection_mut().socket_mut() else { return };
    let peers: Vec<PeerId> = socket.connected_peers().collect();
    for peer in peers {
        let sent = bytes.to_vec().into();
        match channel {
            Channel::Game => {
                if let Ok(mut game) = online.connection().game_channel().lock() {
                    let _ = game.try_send(sent, peer);
                }
            }
            Channel::Watch => to_watchers.send_bytes(peer, bytes),
            Channel::Hello | Channel::Resume => {
                let index =
                    if matches!(channel, Channel::Hello) { HELLO_CHANNEL } else { RESUME_CHANNEL };
                let socket = online.connection_mut().socket_mut();
                if let Some(Ok(target)) = socket.map(|s| s.get_channel_mut(index)) {
                    let _ = target.try_send(sent, peer);
                }
            }
        }
    }
}

/// Sends each watcher, once, frames whose runs would expand to 65 million.
fn bomb(online: &Online, to_watchers: &mut WatchStream, bombed: &mut Vec<PeerId>) {
    let seats = online.seats();
    let run = (u16::MAX, vec![Input::ZERO; seats]);
    let first = to_watchers.anchor_frame();
    let message = WatchMessage::Frames { first, runs: vec![run; 1_000], boundaries: Vec::new() };
    for watcher in online.watchers().to_vec() {
        if !bombed.contains(&watcher) && to_watchers.has_welcomed(watcher) {
            to_watchers.send_bytes(watcher, &message.encode());
            bombed.push(watcher);
        }
    }
}

/// Offers to resume though nobody dropped (every player then holds, as for a drop seen
/// by this player alone), and sends with the offer what no honest player would: a
/// decision for four seats, one signed for another seat, one of its own out of turn,
/// and an offer for an epoch the match is not in.
fn forge(online: &mut Online, to_watchers: &WatchStream) {
    let me = online.roster().me();
    let seat = online.roster().local() as u8;
    let key = &online.seating().key;
    let held = to_watchers.held();
    let epoch = online.epoch();
    let drops = online.drops();
    let offer = |epoch| Offer { seat, epoch, drops, held: held.clone() };
    let decision = |by: u8, seats: Vec<PeerId>, seals| Resume {
        by,
        epoch: epoch + 1,
        seats,
        seals,
        drops,
        forfeit: None,
        held: held.clone(),
    };
    let stranger = SeatKey::from_bytes([7; 32]);
    let mut four = online.roster().peers().to_vec();
    let mut four_seals = online.seating().seals.clone();
    while four.len() < 4 {
        four.push(PeerId(uuid::Uuid::from_u128(four.len() as u128 + 1)));
        four_seals.push(stranger.seal());
    }
    let seals = online.seating().seals.clone();
    let other = online.roster().others().next().map_or(0, |(s, _)| s as u8);
    let mut lies = vec![
        Resumption::Offer(offer(epoch)),
        Resumption::Resume(decision(seat, four, four_seals)),
        Resumption::Resume(decision(other, online.roster().peers().to_vec(), seals.clone())),
        Resumption::Offer(offer(u32::MAX)),
    ];
    // The lowest seat decides: a decision of its own is one in turn.
    if seat != 0 {
        lies.push(Resumption::Resume(decision(seat, online.roster().peers().to_vec(), seals)));
    }
    info!("forging resumptions: an offer unasked, then {} lies", lies.len() - 1);
    let messages: Vec<Vec<u8>> =
        lies.into_iter().map(|lie| Signed::new(lie, key, me).encode()).collect();
    let peers: Vec<PeerId> = online.roster().others().map(|(_, peer)| peer).collect();
    let Some(socket) = online.connection_mut().socket_mut() else { return };
    if let Ok(channel) = socket.get_channel_mut(RESUME_CHANNEL) {
        for bytes in &messages {
            for peer in &peers {
                let _ = channel.try_send(bytes.clone().into(), *peer);
            }
        }
    }
}
