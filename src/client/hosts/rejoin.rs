//! A player who drops comes back into the same match ([`crate::net::rejoin`]).
//!
//! When a player's connection closes (its game crashed or was closed, or its network
//! failed for long enough that WebRTC gave up), the others stop the rollback session and
//! *hold*: the match stands still (so does the shot clock), the banner counts the grace
//! period down, and every player offers its confirmed history on the resume channel. A
//! player that has lost every other player (its network was cut) comes back to the room by
//! the id it had, every few seconds until the grace period ends; one whose game was
//! restarted comes back from its ticket ([`crate::client::persistence::rejoin`]) through
//! Home's "Rejoin match", `carrom --join CODE` or `carrom peer --rejoin`. Once every seat
//! has offered, the lowest seat decides where the match resumes and everyone starts a fresh
//! session there; if the grace period ends first, or a player has dropped three times, it
//! decides the forfeit instead. A network cut short enough that WebRTC survives it needs
//! none of this: GGRS itself waits the grace period for the player, and carries on.

use super::connection::{Connection, Opened};
use super::local::LocalMatch;
use super::online::{MatchOverAt, Online, OnlineConfig, OnlineMatch, OnlineRecord, session_events};
use super::online_draughts::{OnlineDraughts, online_table};
use super::roster::Roster;
use super::seating::Seating;
use super::sets::HostSystems;
use super::tape::Tape;
use super::watch_stream::WatchStream;
use crate::client::draughts::DraughtsMatch;
use crate::client::flow::{Controller, GameType, MatchHost, MatchSetup, Screen};
use crate::client::persistence::rejoin::{RejoinFile, Ticket};
use crate::client::persistence::rejoin_error::RejoinError;
use crate::draughts::turns::TurnGame;
use crate::net::connect::{GAME_CHANNEL, RESUME_CHANNEL, WATCH_CHANNEL, open};
use crate::net::connect_error::ConnectError;
use crate::net::rejoin::{Offer, Refused, Resumed, Resumption, Round, Signed, forfeit_inputs};
use crate::net::seat_key::{SeatKey, from_hex};

/// Messages received on the resume channel, with their sender.
type Inbox = Vec<(PeerId, bytes::Bytes)>;
use crate::client::words::{Words, connect_error};
use crate::net::room::rejoin_room;
use crate::net::session::build_session;
use crate::net::socket::{Counters, drain};
use crate::net::watch::Watched;
use bevy::prelude::*;
use bevy_ggrs::{ConfirmedFrameCount, LocalPlayers, RollbackFrameCount, Session};
use matchbox_socket::PeerId;
use std::sync::{Arc, Mutex};
use web_time::{Duration, Instant};

/// How often a player holding says its offer again to everyone (reliable channels make
/// this a safeguard, not a need).
const OFFER_AGAIN: Duration = Duration::from_secs(2);

/// How long a player that has lost everyone waits between two tries to come back.
const RETRY: Duration = Duration::from_secs(2);

/// How long a new connection may take to reach a player before it is tried again.
const REACH: Duration = Duration::from_secs(8);

/// How long the players still here have to offer, once a player silent for the whole
/// grace period is held for (every one of them starts holding on the first offer).
const AGREE: Duration = Duration::from_secs(3);

/// How long past the grace period a player that does not decide waits for the one that
/// does, before it rules the forfeit itself.
const LAST_RESORT: Duration = Duration::from_secs(10);

/// A match waiting for a player who dropped.
#[derive(Resource)]
pub struct Holding {
    round: Round,
    /// When the wait of the seats held for ends (the grace period, or only the time to
    /// agree for players already silent for all of it).
    deadline: Instant,
    /// The seats silent for their whole wait already, whose forfeit may be ruled at
    /// `deadline`; every other seat absent is waited for until `grace_ends`.
    overdue: Vec<u8>,
    grace_ends: Instant,
    offered_to: Vec<PeerId>,
    offered_at: Instant,
    /// When this player's current connection was opened (it is retried if it reaches
    /// nobody in [`REACH`]).
    connected_at: Instant,
    /// When this player may next try to come back.
    retry_at: Instant,
    /// Why the last try failed.
    trouble: Option<ConnectError>,
    /// Messages that arrived before holding began.
    inbox: Inbox,
    /// Coming back from a ticket, not yet back in the match: nobody answering is not a
    /// reason to rule the others absent.
    rejoining: bool,
}

impl Holding {
    fn new(round: Round, grace: Duration, overdue: Vec<u8>) -> Holding {
        let now = Instant::now();
        let deadline = if overdue.is_empty() { now + grace } else { now + AGREE.min(grace) };
        Holding {
            round,
            deadline,
            overdue,
            grace_ends: now + grace,
            offered_to: Vec::new(),
            offered_at: now,
            connected_at: now,
            retry_at: now,
            trouble: None,
            inbox: Vec::new(),
            rejoining: false,
        }
    }

    /// Seconds left of the grace period.
    pub fn seconds_left(&self) -> u64 {
        self.deadline.saturating_duration_since(Instant::now()).as_secs_f32().ceil() as u64
    }

    /// The seats whose wait is over at `now`.
    fn expired(&self, now: Instant) -> Vec<u8> {
        if now >= self.grace_ends {
            (0..self.round.seats() as u8).collect()
        } else if now >= self.deadline {
            self.overdue.clone()
        } else {
            Vec::new()
        }
    }
}

/// Holding and resuming.
pub(super) struct RejoinPlugin;

impl Plugin for RejoinPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (
                reconnect
                    .after(session_events)
                    .in_set(HostSystems::Online)
                    .run_if(in_state(Screen::Game))
                    .run_if(resource_exists::<Online>),
                // On through Results, where a match's last frames are confirmed.
                keep_ticket.after(reconnect).run_if(resource_exists::<Online>),
            ),
        )
        .add_systems(
            FixedUpdate,
            run_out
                .in_set(HostSystems::Online)
                .run_if(in_state(Screen::Game))
                .run_if(resource_exists::<Online>),
        )
        .add_systems(OnEnter(Screen::Home), |mut commands: Commands| {
            commands.remove_resource::<Holding>();
        });
    }
}

/// Whether the match is over as far as this player knows for certain.
fn over(world: &World) -> bool {
    let confirmed_over =
        world.get_resource::<WatchStream>().is_some_and(|b| b.confirmed().is_over());
    let settled = world.get_resource::<Online>().is_some_and(|o| o.verdict().ending().is_some());
    confirmed_over || settled
}

/// Notices a drop and holds; while holding, offers, listens, comes back, and resumes.
pub(super) fn reconnect(world: &mut World) {
    if world.get_resource::<Online>().is_some_and(|o| o.verdict().settled()) {
        // Over: `run_out` carries it to Results.
        return;
    }
    if world.contains_resource::<Holding>() {
        hold(world);
    } else if let Some(inbox) = dropped(world) {
        begin_holding(world, inbox);
    }
}

/// After a forfeit agreed while holding there is no session: the match's frames still
/// pass at 60 Hz (nothing happens in them once it is over), so the screen moves on to
/// Results as after any ending.
fn run_out(online: Res<Online>, m: Option<ResMut<OnlineMatch>>) {
    if let (true, Some(mut m)) = (online.verdict().settled(), m) {
        let seats = m.0.settings().players as usize;
        crate::game::advance(&mut m.0, &vec![crate::game::Input::ZERO; seats]);
    }
}

/// Whether a player dropped (or this one did): its connection closed, or the signaling
/// server said it left, and it has gone silent; or another player is holding already (its
/// offer arrived). `Some`: it did, with what arrived on the resume channel. The signaling
/// server going away is no drop, though it says every player left: their own connections
/// carry the match on without it, and a player silent just then is waited for, not lost.
fn dropped(world: &mut World) -> Option<Inbox> {
    // As far as GGRS has confirmed: a match that ended just before a player left is over.
    let confirmed = world.get_resource::<ConfirmedFrameCount>().map_or(-1, |c| c.0);
    let frame = world.get_resource::<Online>().and_then(|o| o.confirmed_frame(confirmed));
    if let (Some(frame), Some(mut to_watchers)) = (frame, world.get_resource_mut::<WatchStream>()) {
        to_watchers.confirm_now(frame as i32);
    }
    if over(world) {
        if let Some(mut online) = world.get_resource_mut::<Online>() {
            online.absences_mut().forget_leaving();
        }
        return None;
    }
    let mut online = world.get_resource_mut::<Online>()?;
    let mut inbox: Inbox = online
        .connection_mut()
        .socket_mut()
        .and_then(|s| s.get_channel_mut(RESUME_CHANNEL).ok())
        .map(|channel| channel.receive())
        .unwrap_or_default();
    // Only a player proving its seat makes the others hold: anything else is a stranger's.
    // An offer is for this match's epoch, or one epoch behind from a player who missed a
    // decision and came back (a new connection). One behind from a player seated by the
    // last decision is late: that round is over, and holding for it would start another
    // (and the late player's next offer another).
    let mut refused = Vec::new();
    let (seals, epoch, seated) = (&online.seating().seals, online.epoch(), online.roster().peers());
    inbox.retain(|(peer, bytes)| match Signed::decode(bytes) {
        Some(signed) if signed.proves_seat(*peer, seals) => match &signed.message {
            Resumption::Offer(offer) if offer.epoch.abs_diff(epoch) > 1 => {
                refused.push((*peer, "offered to resume an epoch this match is not in"));
                false
            }
            Resumption::Offer(offer) => offer.epoch >= epoch || !seated.contains(peer),
            Resumption::Resume(_) => true,
        },
        _ => {
            refused.push((*peer, "sent a resumption that proves no seat"));
            false
        }
    });
    for (peer, why) in refused {
        let who = online.name(peer);
        online.refuse(format!("{who} {why}: ignored"));
    }
    let left = online.absences().left_and_silent();
    // Before the first frame a player gone means the match cannot start (said by the
    // session's events); one silent all the grace period, or the others holding, is held
    // for as at any other time.
    let before_first = !online.pace().began() && online.epoch() == 0;
    let dropped = (left && !before_first) || !online.absences().overdue(Instant::now()).is_empty();
    let offered = inbox
        .iter()
        .filter_map(|(_, bytes)| Signed::decode(bytes))
        .any(|signed| matches!(signed.message, Resumption::Offer(_)));
    if !(dropped || offered) {
        // A decision comes only to a player holding, after its offer: this one is a lie.
        for (peer, _) in inbox {
            let who = online.name(peer);
            online.refuse(format!("{who} sent a decision to resume while nobody held: ignored"));
        }
        return None;
    }
    Some(inbox)
}

/// Stops the session and starts holding, with this player's offer.
fn begin_holding(world: &mut World, inbox: Inbox) {
    let Some(mut online) = world.remove_resource::<Online>() else { return };
    world.remove_resource::<Session<OnlineConfig>>();
    // A player silent for its whole wait has had it, and is held for only as long as the
    // others take to agree on its forfeit; one silent for less is held for as any drop.
    let (gone, overdue) = online.absences_mut().hold(Instant::now());
    for peer in &gone {
        if let Some(seat) = online.roster().seat_of(*peer) {
            online.epoch_mut().dropped(seat);
        }
    }
    let Some(held) = world.get_resource::<WatchStream>().map(WatchStream::held) else {
        world.insert_resource(online);
        return;
    };
    let local = online.roster().local();
    let (epoch, drops) = (online.epoch(), online.drops());
    let mine = Offer { seat: local as u8, epoch, drops, held };
    let me = online.roster().me();
    let seating = online.seating();
    let confirmed_end = mine.held.end();
    let mut round =
        Round::new(online.seats(), seating.seals.clone(), me, seating.key.clone(), mine);
    if let Some(sent) = world.get_resource::<Tape>().and_then(|t| t.inputs_of(local, confirmed_end))
    {
        round.knowing_sent(sent);
    }
    let names: Vec<String> = gone.iter().map(|p| online.name(*p)).collect();
    if names.is_empty() {
        info!("holding the match: another player holds it");
    } else {
        info!("holding the match: {} dropped", names.join(", "));
    }
    // A player silent for the whole grace period has had its wait: the others only offer.
    let overdue: Vec<u8> = overdue
        .iter()
        .filter_map(|peer| online.roster().seat_of(*peer))
        .map(|seat| seat as u8)
        .collect();
    let mut holding = Holding::new(round, online.seating().grace, overdue);
    holding.inbox = inbox;
    world.insert_resource(holding);
    world.insert_resource(online);
    hold(world);
}

/// One frame of holding.
fn hold(world: &mut World) {
    let Some(mut online) = world.remove_resource::<Online>() else { return };
    let Some(mut holding) = world.remove_resource::<Holding>() else {
        world.insert_resource(online);
        return;
    };
    drain(online.connection().game_channel());
    // An offer stands until its player's own connection closes: the server saying it left
    // (as it does of everyone when it stops) takes nothing back.
    for peer in online.absences_mut().closed_while_holding() {
        holding.round.forget(peer);
    }
    come_back(world, &mut online, &mut holding);
    let mut decision = None;
    let watchers = online.watchers().to_vec();
    let me = my_id(&mut online);
    if let Some(socket) = online.connection_mut().socket_mut() {
        let connected: Vec<PeerId> =
            socket.connected_peers().filter(|p| !watchers.contains(p)).collect();
        if holding.offered_at.elapsed() >= OFFER_AGAIN {
            holding.offered_to.clear();
            holding.offered_at = Instant::now();
        }
        if let Ok(channel) = socket.get_channel_mut(RESUME_CHANNEL) {
            let offer = holding.round.signed_offer().encode();
            for peer in &connected {
                if !holding.offered_to.contains(peer) {
                    let _ = channel.try_send(offer.clone().into(), *peer);
                    holding.offered_to.push(*peer);
                }
            }
            let mut arrived = std::mem::take(&mut holding.inbox);
            arrived.extend(channel.receive());
            for (peer, bytes) in arrived {
                let who = online.name(peer);
                let Some(signed) = Signed::decode(&bytes) else {
                    online.refuse(format!("{who} sent something that is not a resumption"));
                    continue;
                };
                if let Resumption::Offer(_) = signed.message {
                    if let Err(why) = holding.round.take(peer, &signed) {
                        online.refuse(format!("an offer from {who}: {}", refusal(why)));
                    }
                    continue;
                }
                let expired = Instant::now() >= holding.grace_ends;
                match holding.round.accept(peer, &signed, expired) {
                    Ok(resumed) => decision = Some(resumed),
                    Err(why) => online.refuse(format!("a decision from {who}: {}", refusal(why))),
                }
            }
        }
    }
    let now = Instant::now();
    let alone = holding.round.present().len() == 1;
    if decision.is_none() && holding.rejoining && alone && now >= holding.grace_ends {
        let waited = online.seating().grace.as_secs();
        online.hold(None);
        let w = world.resource::<Words>();
        online
            .verdict_mut()
            .ended_by_absence(w.with("reconnect-nobody", &[("seconds", waited.into())]));
        world.insert_resource(online);
        return;
    }
    if decision.is_none() {
        let mut resume = holding.round.decide(&holding.expired(now));
        if resume.is_none() && now >= holding.grace_ends + LAST_RESORT {
            // Nobody decides (the lowest seat is gone too): this player rules alone.
            resume = holding.round.decide_alone();
        }
        if let Some(resume) = resume {
            let message = resume.encode();
            let seats = match &resume.message {
                Resumption::Resume(decided) => decided.seats.clone(),
                Resumption::Offer(_) => Vec::new(),
            };
            let socket = online.connection_mut().socket_mut();
            if let Some(channel) = socket.and_then(|s| s.get_channel_mut(RESUME_CHANNEL).ok()) {
                for peer in seats.iter().filter(|p| **p != me) {
                    let _ = channel.try_send(message.clone().into(), *peer);
                }
            }
            match holding.round.accept(me, &resume, now >= holding.grace_ends) {
                Ok(resumed) => decision = Some(resumed),
                Err(why) => warn!("this player's own decision was refused: {}", refusal(why)),
            }
        }
    }
    match decision {
        Some(resumed) => {
            online.hold(None);
            world.insert_resource(online);
            resume(world, resumed);
        }
        None => {
            online.hold(Some(banner(world.resource::<Words>(), &online, &holding)));
            world.insert_resource(online);
            world.insert_resource(holding);
        }
    }
}

/// This player's id as the others know it now.
fn my_id(online: &mut Online) -> PeerId {
    let fallback = online.roster().me();
    online.connection_mut().id().unwrap_or(fallback)
}

/// What the banner says while holding: who is waited for and for how long, and whether
/// this player's own connection is being made again.
fn banner(w: &Words, online: &Online, holding: &Holding) -> String {
    let left = holding.seconds_left();
    let absent = holding.round.absent();
    let mut lines = Vec::new();
    if absent.is_empty() {
        lines.push(w.get("reconnect-resuming"));
    } else {
        let names: Vec<&str> =
            absent.iter().map(|s| online.roster().name_of_seat(*s as usize)).collect();
        let args = [("names", names.join(", ").into()), ("seconds", left.into())];
        lines.push(w.with("reconnect-waiting", &args));
    }
    if let Some(trouble) = &holding.trouble {
        lines.push(w.with("reconnect-trouble", &[("why", connect_error(w, trouble).into())]));
    }
    lines.join("\n")
}

/// A player that reaches nobody comes back to the room with a new connection, by the id
/// the room knew it by, every [`RETRY`] until the grace period ends.
fn come_back(world: &mut World, online: &mut Online, holding: &mut Holding) {
    if let Some(why) = online.connection().ended() {
        info!("while holding, the socket's connection ended: {why}");
        online.connection_mut().close();
        holding.trouble = Some(why);
    }
    let connected = online.connection().socket().is_some();
    let reaches_someone = online.connection().socket().is_some_and(|s| {
        s.connected_peers().any(|p| online.roster().plays(p) || !online.watchers().contains(&p))
    });
    // The server said every other player left: it reached this player to say so, so the
    // others come back through it to this connection (kept, with its watchers).
    let introduced = online.connection().introduced();
    let told = online.roster().others().all(|(_, peer)| introduced.said_left(peer));
    let reaches_someone = reaches_someone || (connected && told);
    if let Some(id) = online.connection_mut().id() {
        online.roster_mut().now_me(id);
        holding.round.set_me(id);
    }
    let waited = !connected || holding.connected_at.elapsed() >= REACH;
    if reaches_someone || !waited || Instant::now() < holding.retry_at {
        return;
    }
    if Instant::now() >= holding.grace_ends + LAST_RESORT {
        return;
    }
    holding.retry_at = Instant::now() + RETRY;
    info!("reaching nobody: coming back to the room with a new connection");
    // The old connection goes first: the room takes the player back only once it is gone.
    online.connection_mut().close();
    let id = online.roster().me().0.to_string();
    let seating = online.seating();
    let url = rejoin_room(&seating.signaling, &seating.room, &id, &seating.key.rejoin_token());
    match open(&url, &online.seating().ice) {
        Ok((mut socket, failure, introduced)) => {
            if let (Ok(game), Ok(stream)) =
                (socket.take_channel(GAME_CHANNEL), socket.take_channel(WATCH_CHANNEL))
            {
                online.connection_mut().reopened(socket, game, failure, introduced);
                if let Some(mut to_watchers) = world.get_resource_mut::<WatchStream>() {
                    to_watchers.reconnected(stream);
                }
            }
            holding.connected_at = Instant::now();
            holding.offered_to.clear();
        }
        Err(why) => holding.trouble = Some(why),
    }
}

/// Carries on from `resumed`: replays the agreed frames into the records, sets the match
/// to the agreed state, and starts the next epoch's session (or ends the match, if a
/// player forfeits).
fn resume(world: &mut World, resumed: Resumed) {
    let mut state = resumed.anchor;
    let mut tape = world.remove_resource::<Tape>();
    let mut record = world.remove_resource::<OnlineRecord>();
    for inputs in &resumed.frames {
        let frame = state.frame();
        if let Some(tape) = tape.as_mut() {
            tape.record(frame, inputs);
        }
        if let Some(record) = record.as_mut() {
            record.record(frame as usize, state.hash(), inputs);
        }
        state.step(inputs);
    }
    if let Some(mut to_watchers) = world.get_resource_mut::<WatchStream>() {
        to_watchers.resume(resumed.anchor, &resumed.frames);
    }
    if let Some(seat) = resumed.forfeit {
        let inputs = forfeit_inputs(resumed.seats.len(), seat);
        if let Some(tape) = tape.as_mut() {
            tape.record(state.frame(), &inputs);
        }
        state.step(&inputs);
    }
    if let Some(tape) = tape {
        world.insert_resource(tape);
    }
    if let Some(record) = record {
        world.insert_resource(record);
    }
    set_state(world, state);
    let Some(mut online) = world.remove_resource::<Online>() else { return };
    let seats: Vec<PeerId> = resumed.seats.clone();
    for (seat, peer) in seats.iter().enumerate() {
        // A seat that forfeits keeps its last id (a nil one means nobody came back).
        if !peer.0.is_nil() {
            online.roster_mut().seat(seat, *peer);
        }
    }
    online.reseal(resumed.seals.clone());
    online.epoch_mut().begins(resumed.epoch, state.frame(), resumed.drops);
    online.absences_mut().silence_ends();
    if let Some(seat) = resumed.forfeit {
        let who = online.roster().name_of_seat(seat as usize).to_string();
        let w = world.resource::<Words>();
        let drops = resumed.drops[seat as usize];
        online.verdict_mut().settled_by_absence(if drops >= crate::net::rejoin::MAX_DROPS {
            w.with(
                "reconnect-forfeit-drops",
                &[("name", who.clone().into()), ("count", drops.into())],
            )
        } else {
            w.with("reconnect-forfeit-late", &[("name", who.clone().into())])
        });
        info!("resumed in epoch {}: {who} forfeits", resumed.epoch);
        world.insert_resource(online);
        return;
    }
    online.verdict_mut().resumed();
    let me = online.roster().me();
    let channel = online.connection().session_channel(online.epoch());
    match build_session::<OnlineConfig>(me, online.roster().peers(), channel) {
        Ok(session) => {
            online.session_begins();
            world.insert_resource(RollbackFrameCount(0));
            world.insert_resource(ConfirmedFrameCount(-1));
            world.insert_resource(Session::P2P(session));
            world.insert_resource(LocalPlayers(vec![online.roster().local()]));
            info!("resumed in epoch {} at frame {}", online.epoch(), online.session_start());
        }
        Err(e) => {
            let why = ("why", e.to_string().into());
            let message = world.resource::<Words>().with("reconnect-failed", &[why]);
            online.verdict_mut().ended_by_absence(message);
        }
    }
    world.insert_resource(online);
}

/// Sets the rollback state (and the views' copy) to `state`.
fn set_state(world: &mut World, state: Watched) {
    let over = state.is_over().then(|| (state.frame(), state.hash()));
    world.insert_resource(MatchOverAt(over));
    match state {
        Watched::Carrom(m) => {
            world.insert_resource(OnlineMatch(m));
            if let Some(mut local) = world.get_resource_mut::<LocalMatch>() {
                local.previous = m;
                local.current = m;
            }
        }
        Watched::Draughts(game) => world.insert_resource(OnlineDraughts(game)),
    }
}

/// Keeps this player's ticket current: written as the match starts, whenever its
/// confirmed history moves on or it resumes, and removed once the match is over.
fn keep_ticket(
    online: Res<Online>,
    to_watchers: Option<Res<WatchStream>>,
    holding: Option<Res<Holding>>,
    mut file: ResMut<RejoinFile>,
    mut written: Local<Option<(u32, u32, PeerId)>>,
) {
    let Some(to_watchers) = to_watchers else { return };
    if file.path.is_none() {
        return;
    }
    if online.verdict().ending().is_some() || to_watchers.confirmed().is_over() {
        if written.take().is_some() {
            file.clear();
        }
        return;
    }
    let me = online.roster().me();
    let now = (to_watchers.anchor_frame(), online.epoch(), me);
    // While holding, the ticket the player would come back with stays as it was.
    if holding.is_some() || *written == Some(now) {
        return;
    }
    let seating = online.seating();
    let seat = online.roster().local() as u8;
    let mut ticket = Ticket::new(seating, seat, online.roster().names().to_vec());
    ticket.id = me.0.to_string();
    ticket.epoch = online.epoch();
    ticket.drops = online.drops();
    ticket.hold(&to_watchers.held());
    // An older ticket found at start is for a match that can no longer be rejoined.
    file.found = None;
    match file.write(&mut ticket) {
        Ok(()) => *written = Some(now),
        Err(why) => {
            warn!("the seat to come back to could not be kept: {why}");
            *written = Some(now);
        }
    }
}

/// Takes this machine's seat back in the match of `ticket`: the match opens where the
/// ticket left it, holding, and resumes once every player is there. `Err`: why it cannot.
pub fn rejoin(
    commands: &mut Commands,
    ticket: &Ticket,
    controller: Controller,
    setup: &MatchSetup,
) -> Result<(), RejoinError> {
    ticket.usable(super::tape::now())?;
    let held = ticket.held().ok_or(RejoinError::Damaged)?;
    let (anchor, frames) = held.open().ok_or(RejoinError::Damaged)?;
    let seats = ticket.seals.len();
    let seat = ticket.seat as usize;
    if !(2..=4).contains(&seats) || seat >= seats || ticket.names.len() < seats {
        return Err(RejoinError::NoSeat);
    }
    let id = uuid::Uuid::parse_str(&ticket.id).map_err(|_| RejoinError::NoId)?;
    let key = from_hex(&ticket.key).map(SeatKey::from_bytes).ok_or(RejoinError::NoKey)?;
    if ticket.seals.get(seat) != Some(&key.seal()) {
        return Err(RejoinError::WrongKey);
    }
    let url = rejoin_room(&ticket.signaling, &ticket.room, &ticket.id, &key.rejoin_token());
    let (mut socket, failure, introduced) =
        open(&url, &ticket.ice).map_err(RejoinError::Connect)?;
    let (Ok(game), Ok(stream)) =
        (socket.take_channel(GAME_CHANNEL), socket.take_channel(WATCH_CHANNEL))
    else {
        return Err(RejoinError::ChannelGone);
    };
    let mut state = anchor;
    for inputs in &frames {
        state.step(inputs);
    }
    let mut names: [String; 4] = core::array::from_fn(|_| String::new());
    for (slot, name) in names.iter_mut().zip(&ticket.names) {
        *slot = name.clone();
    }
    let mut peers = vec![PeerId(uuid::Uuid::nil()); seats];
    peers[seat] = PeerId(id);
    let seating = Seating {
        signaling: ticket.signaling.clone(),
        room: ticket.room.clone(),
        ice: ticket.ice.clone(),
        code: ticket.code.clone(),
        key: key.clone(),
        seals: ticket.seals.clone(),
        grace: Duration::from_secs(u64::from(ticket.grace)),
        lan: ticket.lan,
    };
    let connection = Connection::new(Opened {
        socket,
        failure: Mutex::new(failure),
        introduced,
        hello: Vec::new(),
        counters: Arc::new(Counters::default()),
        game_channel: Arc::new(Mutex::new(game)),
        impairment: None,
    });
    let roster = Roster::new(peers, names.to_vec(), seat, Vec::new());
    let mut online = Online::new(connection, roster, seating);
    online.epoch_mut().begins(ticket.epoch, state.frame(), ticket.drops);
    let mine = Offer { seat: ticket.seat, epoch: ticket.epoch, drops: ticket.drops, held };
    let round = Round::new(seats, ticket.seals.clone(), PeerId(id), key, mine);
    let names_in_order = ticket.names[..seats].to_vec();
    let mut to_watchers = WatchStream::new(anchor, names_in_order.clone(), stream);
    to_watchers.resume(anchor, &frames);
    commands.insert_resource(to_watchers);
    commands.insert_resource(OnlineRecord::new(state, names_in_order, ticket.lan, None));
    commands.insert_resource(MatchOverAt::default());
    commands.insert_resource(LocalPlayers(vec![seat]));
    match state {
        Watched::Carrom(m) => {
            let controllers =
                core::array::from_fn(|i| if i == seat { controller } else { Controller::Remote });
            commands.insert_resource(LocalMatch::resumed(m, controllers, names));
            commands.insert_resource(OnlineMatch(m));
        }
        Watched::Draughts(game) => {
            commands.insert_resource(draughts_table(game, seat, &names, controller, setup));
            commands.insert_resource(OnlineDraughts(game));
        }
    }
    let mut holding = Holding::new(round, Duration::from_secs(u64::from(ticket.grace)), Vec::new());
    holding.rejoining = true;
    commands.insert_resource(holding);
    commands.insert_resource(online);
    commands.insert_resource(NextState::Pending(match state {
        Watched::Carrom(_) => GameType::Carrom,
        Watched::Draughts(_) => GameType::Draughts,
    }));
    commands.insert_resource(NextState::Pending(MatchHost::Online));
    commands.insert_resource(NextState::Pending(Screen::Game));
    Ok(())
}

/// The board of a draughts game taken back at `game`, this machine playing `seat`.
fn draughts_table(
    game: TurnGame,
    seat: usize,
    names: &[String; 4],
    controller: Controller,
    setup: &MatchSetup,
) -> DraughtsMatch {
    let level = setup.draughts_level;
    let mut table = online_table(seat, game.black_player, names, controller, level, game.hash());
    table.game = game.game;
    table.start = game.game.position;
    table
}

/// Why an offer or resumption was refused, in words.
fn refusal(why: Refused) -> &'static str {
    match why {
        Refused::Seat => "a seat that is not free",
        Refused::Signature => "a signature that is not the seat's, for its sender",
        Refused::State => "a damaged match state",
        Refused::Stale => "an old or foreign decision",
        Refused::Epoch => "an epoch this match is not in",
        Refused::History => "a history that contradicts this player's own",
        Refused::Sender => "a sender that is not the seat deciding, or another match",
    }
}
