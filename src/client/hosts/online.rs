//! The online host: the match under bevy_ggrs, the same for the windowed client and the
//! headless peer. The rollback state is the POD [`Match`] (copied to save, its hash is the
//! checksum); inputs are read in `ReadInputs` from this machine's seat; `GgrsSchedule`
//! runs `game::advance` and nothing else. GGRS's events become what the players are told
//! ([`Online`]): a peer interrupted is waited for with a countdown, a peer gone is ruled a
//! forfeit (it resigns at the frame GGRS marks it disconnected, the same frame on every
//! peer), and a desync is reported with a record for `carrom replay`.

use super::absences::Absences;
use super::connection::Connection;
use super::epoch::Epoch;
use super::local::LocalMatch;
use super::pace::Pace;
use super::refusals::Refusals;
use super::roster::Roster;
use super::seating::Seating;
use super::sets::{HostSystems, MatchSystems};
pub use super::verdict::NetworkEnding;
use super::verdict::Verdict;
use crate::client::draughts::DraughtsMatch;
use crate::client::flow::Screen;
use crate::client::persistence::storage;
use crate::client::words::Words;
use crate::game::{Input, Match, Phase, advance};
use crate::net::connect::HELLO_CHANNEL;
use crate::net::diagnostics::{DesyncRecord, Found, FrameLog};
use crate::net::hello::Hello;
use crate::net::seat_key::Seal;
use crate::net::session::{DISCONNECT_NOTIFY, frame_inputs};
use crate::net::turn_input::input_of;
use crate::net::watch::Watched;
use bevy::prelude::*;
use bevy_ggrs::{
    GgrsConfig, GgrsPlugin, GgrsSchedule, LoadWorld, LocalInputs, LocalPlayers, PlayerInputs,
    ReadInputs, RollbackApp, RollbackFrameRate, RunGgrsSystems, Session,
};
use ggrs::GgrsEvent;
use matchbox_socket::{PeerId, PeerState};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use web_time::{Duration, Instant};

/// The GGRS configuration bevy_ggrs runs: carrom inputs between matchbox peers.
pub type OnlineConfig = GgrsConfig<Input, PeerId>;

/// The match as rollback sees it: saved by copy, checked by its hash.
#[derive(Resource, Clone, Copy, Debug)]
pub struct OnlineMatch(pub Match);

/// The frame at which the match ended and its hash then, once it has (rolled back with
/// the match, so a mispredicted ending is undone).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchOverAt(pub Option<(u32, u64)>);

/// The rollback system: one frame of the game (tests order checks after it).
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct OnlineStep;

/// Where desync records go (none: not written).
#[derive(Resource, Clone, Debug, Default)]
pub struct DiagnosticsDir(pub Option<PathBuf>);

/// The online match's connection, what the players are told about it, and what a report
/// of it needs.
#[derive(Resource)]
pub struct Online {
    /// The socket to the room and the game channel on it.
    connection: Connection,
    /// Who plays which seat, and who watches.
    roster: Roster,
    /// How this player comes back if it drops, and how the others know it.
    seating: Seating,
    /// The session now running, where it began in the match, and the drops before it.
    epoch: Epoch,
    /// The signs that players have gone, not yet dealt with.
    absences: Absences,
    /// Players whose checksum differed from this player's: one alone, where others agree
    /// with this player, is that player's fault (or lie), not a desync of the match.
    disagreed: Vec<PeerId>,
    /// What was refused from other peers, and from whom, in words.
    refusals: Refusals,
    /// While a dropped player is waited for: what the players are told, with a countdown.
    holding: Option<String>,
    /// How each other seat is reached: directly, relayed, or not yet known.
    routes: Vec<Option<bool>>,
    /// How the network ended the match, and what the players are told of it.
    verdict: Verdict,
    /// When the lobby opened and the first frame ran, and the rollbacks.
    pace: Pace,
}

impl Online {
    /// What the network said last (a peer left, a desync), if anything.
    pub fn message(&self) -> Option<&str> {
        self.verdict.message()
    }

    /// How the network ended the match, and what the players are told of it.
    pub fn verdict(&self) -> &Verdict {
        &self.verdict
    }

    /// The network's word on the match, to change as something happens to it.
    pub(super) fn verdict_mut(&mut self) -> &mut Verdict {
        &mut self.verdict
    }

    /// How this player comes back if it drops, and how the others know it.
    pub(super) fn seating(&self) -> &Seating {
        &self.seating
    }

    /// The seats' seals as a resumption agreed them.
    pub(super) fn reseal(&mut self, seals: Vec<Seal>) {
        self.seating.seals = seals;
    }

    /// What the players are told while a dropped player is waited for, if one is.
    pub(super) fn holding(&self) -> Option<&str> {
        self.holding.as_deref()
    }

    /// Holds the match, telling the players `banner` (or stops holding, with none).
    pub(super) fn hold(&mut self, banner: Option<String>) {
        self.holding = banner;
    }

    /// The connection the lobby hands over when every player of the `roster` is here.
    pub(super) fn new(connection: Connection, roster: Roster, seating: Seating) -> Online {
        let routes = vec![None; roster.seats()];
        let mut online = Online {
            connection,
            roster,
            seating,
            epoch: Epoch::default(),
            absences: Absences::default(),
            disagreed: Vec::new(),
            refusals: Refusals::default(),
            holding: None,
            routes,
            verdict: Verdict::default(),
            pace: Pace::new(Instant::now()),
        };
        online.session_begins();
        online
    }

    /// A new session begins with every other player: each has the grace period to
    /// synchronize with it.
    pub(super) fn session_begins(&mut self) {
        let others = self.roster.others().map(|(_, peer)| peer).collect();
        self.absences.session_begins(others, Instant::now() + self.seating.grace);
    }

    /// Notes that something `why` names was refused from another peer.
    pub(super) fn refuse(&mut self, why: String) {
        self.refusals.note(why);
    }

    /// The socket to the room and the game channel on it.
    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    /// The socket to the room and the game channel on it.
    pub(super) fn connection_mut(&mut self) -> &mut Connection {
        &mut self.connection
    }

    /// What was refused from other peers.
    pub fn refusals(&self) -> &Refusals {
        &self.refusals
    }

    /// When the lobby opened and the first frame ran, and the rollbacks.
    pub fn pace(&self) -> &Pace {
        &self.pace
    }

    /// The lobby that handed this match over opened at `joined`.
    pub(super) fn joined_at(&mut self, joined: Instant) {
        self.pace.joined_at(joined);
    }

    /// Notes that `peer`'s checksum differed from this player's, and says whether the
    /// match has desynced: with two players, yes; with more, once two others disagree with
    /// this player (it is then the odd one out).
    fn desynced(&mut self, peer: PeerId) -> bool {
        let first = !self.disagreed.contains(&peer);
        if first {
            self.disagreed.push(peer);
        }
        let desynced = self.roster.seats() == 2 || self.disagreed.len() >= 2;
        if first && !desynced {
            let who = self.name(peer);
            self.refuse(format!(
                "{who} reported a state no other player has: ignored while the others agree"
            ));
        }
        desynced
    }

    /// The signs that players have gone.
    pub(super) fn absences(&self) -> &Absences {
        &self.absences
    }

    /// The signs that players have gone, to note more or deal with them.
    pub(super) fn absences_mut(&mut self) -> &mut Absences {
        &mut self.absences
    }

    /// Who plays which seat, and who watches.
    pub fn roster(&self) -> &Roster {
        &self.roster
    }

    /// The roster, to change as players come back or watchers come and go.
    pub(super) fn roster_mut(&mut self) -> &mut Roster {
        &mut self.roster
    }

    /// The watchers connected now.
    pub fn watchers(&self) -> &[PeerId] {
        self.roster.watchers()
    }

    /// The match frame GGRS has confirmed up to (as of its last frame), if any: the
    /// session's own count starts again at each resumption.
    pub fn confirmed_frame(&self, confirmed: i32) -> Option<u32> {
        self.epoch.match_frame(confirmed)
    }

    /// Whether an ending at match frame `at` is certain: confirmed by the session, or
    /// agreed by every player present when a drop ended the match.
    pub fn ending_confirmed(&self, at: u32, confirmed: i32) -> bool {
        self.verdict.settled() || self.confirmed_frame(confirmed).is_some_and(|c| c >= at)
    }

    /// Whether every player has said it confirmed match frame `at` (in its checksum
    /// reports, this one's own included) or is gone: none of them needs anything more of
    /// this peer to end the match there. An ending the players agreed on after a drop is
    /// not a matter of frames: never.
    pub fn all_confirmed(&self, at: u32) -> bool {
        let Some(end) = self.epoch.session_frame(at) else { return false };
        let epoch = self.epoch.number();
        !self.verdict.settled()
            && self.connection.counters().reported(epoch).is_some_and(|f| f >= end)
            && self.roster.others().all(|(_, peer)| {
                self.absences.has_closed(peer)
                    || self
                        .connection
                        .counters()
                        .confirmed_by(epoch, peer)
                        .is_some_and(|f| f >= end)
            })
    }

    /// The session now running (0 the first; each resumption after a drop adds one).
    pub fn epoch(&self) -> u32 {
        self.epoch.number()
    }

    /// How many times each seat has dropped.
    pub fn drops(&self) -> [u8; 4] {
        self.epoch.drops()
    }

    /// The session now running, where it began in the match, and the drops before it.
    pub(super) fn epoch_mut(&mut self) -> &mut Epoch {
        &mut self.epoch
    }

    /// The match frame at which this session began (its frame 0).
    pub(super) fn session_start(&self) -> u32 {
        self.epoch.start()
    }

    /// The longest a player went silent before it was heard again (a network cut that
    /// the connection survived).
    pub fn longest_interruption(&self) -> Duration {
        self.absences.longest_silence()
    }

    /// The silent player whose wait ends first (its handle), and when it ends.
    pub(super) fn waiting(&self) -> Option<(usize, Instant)> {
        let (peer, deadline) = self.absences.first_wait()?;
        Some((self.roster.seat_of(peer)?, deadline))
    }

    /// How many players the match has.
    pub fn seats(&self) -> usize {
        self.roster.seats()
    }

    /// Bytes this peer has sent on the game channel.
    pub fn bytes_sent(&self) -> u64 {
        self.connection.counters().bytes_sent.load(Ordering::Relaxed)
    }

    /// Datagrams from peers dropped as malformed.
    pub fn malformed(&self) -> u64 {
        self.connection.counters().malformed.load(Ordering::Relaxed)
    }

    /// Datagrams dropped for being of another epoch's session (after a resumption, or
    /// junk that does not say this one's).
    pub fn stale(&self) -> u64 {
        self.connection.counters().stale.load(Ordering::Relaxed)
    }

    /// Each other peer's route as last seen while connected: `direct`, `relayed` or
    /// `unknown`.
    pub fn routes(&self) -> Vec<String> {
        self.roster.others().map(|(seat, _)| route_name(self.routes[seat]).to_string()).collect()
    }

    /// The player called for `peer`.
    pub(super) fn name(&self, peer: PeerId) -> String {
        self.roster.call(peer)
    }
}

fn route_name(relayed: Option<bool>) -> &'static str {
    match relayed {
        Some(true) => "relayed",
        Some(false) => "direct",
        None => "unknown",
    }
}

/// Every input simulated and each frame's checksum, for a desync record.
#[derive(Resource)]
pub struct OnlineRecord {
    start: Watched,
    frames: FrameLog,
    names: Vec<String>,
    mode: &'static str,
    started: u64,
    dir: Option<PathBuf>,
}

impl OnlineRecord {
    /// An empty record of the match that begins at `start`, played by `names` online or on
    /// this network (`lan`), to be written into `dir`.
    pub fn new(
        start: Watched,
        names: Vec<String>,
        lan: bool,
        dir: Option<PathBuf>,
    ) -> OnlineRecord {
        let mode = if lan { "lan" } else { "online" };
        let started = super::tape::now();
        OnlineRecord { start, frames: FrameLog::default(), names, mode, started, dir }
    }

    /// Notes the state's `hash` at the start of `frame` and the inputs applied to it.
    pub fn record(&mut self, frame: usize, hash: u64, inputs: &[Input]) {
        self.frames.record(frame, hash, inputs);
    }

    /// Writes the desync record of what GGRS `found`, tagged `tag`; where, if it could be.
    fn write(&self, tag: &str, found: Found) -> Option<PathBuf> {
        let dir = self.dir.as_ref()?;
        let record = DesyncRecord::of(
            self.start,
            &self.frames,
            self.names.clone(),
            self.mode,
            self.started,
            found,
        );
        let path = dir.join(record.file_name(tag));
        let text = serde_json::to_string_pretty(&record).ok()?;
        storage::write_atomic(&path, text.as_bytes()).ok()?;
        Some(path)
    }
}

/// The online banner: waits, network messages, each peer's ping and route.
#[derive(Component)]
pub struct Banner;

/// What the online banner says now, if it is shown.
pub fn banner_text(world: &mut World) -> Option<String> {
    let mut banners = world.query_filtered::<&Text, With<Banner>>();
    banners.iter(world).next().map(|text| text.0.clone())
}

/// Online play under rollback.
pub(super) struct OnlinePlugin;

impl Plugin for OnlinePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(GgrsPlugin::<OnlineConfig>::default())
            .insert_resource(RollbackFrameRate(crate::game::FRAME_RATE as usize))
            .init_resource::<MatchOverAt>()
            .init_resource::<DiagnosticsDir>()
            .rollback_resource_with_copy::<OnlineMatch>()
            .rollback_resource_with_copy::<MatchOverAt>()
            .add_systems(ReadInputs, read_inputs)
            .add_systems(
                GgrsSchedule,
                step_carrom.in_set(OnlineStep).run_if(resource_exists::<OnlineMatch>),
            )
            .add_systems(LoadWorld, rollback_begins)
            .add_systems(PreUpdate, rollback_ends.after(RunGgrsSystems))
            // Set conditions are configured for Update and FixedUpdate only; this one is its own.
            .add_systems(OnEnter(Screen::Game), spawn_banner.run_if(resource_exists::<Online>))
            .add_systems(
                Update,
                mirror.in_set(MatchSystems).in_set(HostSystems::Online).before(session_events),
            )
            // Either game's match: carrom's views read LocalMatch, draughts' DraughtsMatch.
            .add_systems(
                Update,
                (session_events, show_banner)
                    .chain()
                    .in_set(HostSystems::Online)
                    .run_if(in_state(Screen::Game))
                    .run_if(resource_exists::<Online>),
            )
            // Kept through the Results screen, so the others still receive what they need
            // to confirm the ending.
            .add_systems(OnEnter(Screen::Home), close_session);
    }
}

/// The local player's input: what this machine's controls built for its seat (carrom), or
/// the turn its player chose (draughts).
fn read_inputs(
    mut commands: Commands,
    local: Option<Res<LocalMatch>>,
    draughts: Option<Res<DraughtsMatch>>,
    players: Res<LocalPlayers>,
) {
    let mut inputs = bevy::platform::collections::HashMap::new();
    for &handle in &players.0 {
        let input = match (&local, &draughts) {
            (Some(l), _) => l.inputs.get(handle).copied().unwrap_or_default(),
            (None, Some(table)) => input_of(table.outbox),
            (None, None) => Input::ZERO,
        };
        inputs.insert(handle, input);
    }
    commands.insert_resource(LocalInputs::<OnlineConfig>(inputs));
}

/// The rollback system of carrom: a frame of the game. A player who has left resigns.
pub(super) fn step_carrom(
    mut m: ResMut<OnlineMatch>,
    mut over: ResMut<MatchOverAt>,
    inputs: Res<PlayerInputs<OnlineConfig>>,
    record: Option<ResMut<OnlineRecord>>,
    tape: Option<ResMut<super::tape::Tape>>,
) {
    let inputs = frame_inputs(&inputs);
    if let Some(mut tape) = tape {
        tape.record(m.0.frame(), &inputs);
    }
    if let Some(mut record) = record {
        let frame = m.0.frame() as usize;
        let hash = m.0.hash();
        record.record(frame, hash, &inputs);
    }
    advance(&mut m.0, &inputs);
    if over.0.is_none() && m.0.phase() == Phase::MatchOver {
        over.0 = Some((m.0.frame(), m.0.hash()));
    }
}

fn rollback_begins(online: Option<ResMut<Online>>) {
    if let Some(mut online) = online {
        online.pace.rollback_begins();
    }
}

/// After GGRS's frames: the time a rollback this frame took, and the first frame's time.
fn rollback_ends(online: Option<ResMut<Online>>, session: Option<Res<Session<OnlineConfig>>>) {
    let Some(mut online) = online else { return };
    let running = session.is_some_and(|s| match &*s {
        Session::P2P(s) => s.current_state() == ggrs::SessionState::Running,
        _ => false,
    });
    online.pace.frame_ends(running);
}

/// The views, HUD and controls read the local match: keep it the rollback state's copy.
fn mirror(online: Res<OnlineMatch>, mut local: ResMut<LocalMatch>) {
    if local.current != online.0 {
        local.previous = local.current;
        local.current = online.0;
    }
}

/// GGRS's events in words for the players: waits, a peer gone, a desync.
pub(super) fn session_events(
    session: Option<ResMut<Session<OnlineConfig>>>,
    mut online: ResMut<Online>,
    record: Option<Res<OnlineRecord>>,
    w: Res<Words>,
) {
    // None while the match waits for a player who dropped (no session runs then).
    let in_session = session.is_some();
    let (confirmed, events) = match session {
        Some(mut session) => match &mut *session {
            Session::P2P(session) => (session.confirmed_frame(), session.events().collect()),
            _ => return,
        },
        None => (-1, Vec::<GgrsEvent<OnlineConfig>>::new()),
    };
    let online = &mut *online;
    if let Some(why) = online.connection.ended() {
        info!("the socket's connection ended: {why}");
        // The socket's message loop has ended: polling it again would panic in matchbox.
        online.connection.close();
    }
    // The players' leaving is judged by their own connections, the server's word a hint.
    online.connection.introduced().keep(online.roster.peers());
    let said: Vec<PeerId> = online
        .connection
        .introduced()
        .take_said_left()
        .into_iter()
        .filter(|p| online.roster.plays(*p))
        .collect();
    let said_gone = online.absences.said_left(said);
    let changed = online.connection.socket_mut().map(|socket| socket.try_update_peers());
    let gone: Vec<PeerId> = match changed {
        Some(Ok(changed)) => changed
            .into_iter()
            .filter(|(_, state)| *state == PeerState::Disconnected)
            .map(|(peer, _)| peer)
            .collect(),
        Some(Err(_)) => {
            online.connection.close();
            Vec::new()
        }
        None => Vec::new(),
    };
    online.roster.watchers_left(&gone);

    let players_gone: Vec<PeerId> =
        gone.iter().copied().filter(|p| online.roster.plays(*p)).collect();
    online.absences.closed(players_gone);
    // GGRS notices a silent peer only once frames run: one gone before the first frame
    // would be waited for forever. A match taken back from a ticket (or resumed) began
    // long ago: a player gone while it holds is the hold's to judge.
    if !online.pace.began()
        && online.epoch.start() == 0
        && let Some(peer) = gone.iter().chain(&said_gone).find(|p| online.roster.plays(**p))
    {
        let name = ("name", online.name(*peer).into());
        let message = w.with("online-left-before", &[name]);
        online.verdict.peer_left(message);
    }
    let hello = online.connection.hello().to_vec();
    if let Some(socket) = online.connection.socket_mut() {
        for (seat, peer) in online.roster.peers().iter().enumerate() {
            if let Some(relayed) = socket.is_relayed(*peer) {
                online.routes[seat] = Some(relayed);
            }
        }
        // A peer still saying hello missed ours before this match began (it has not
        // started its own): it is answered, or it would wait for us forever. A watcher's
        // hello makes it one of the match's watchers.
        let mut junk = Vec::new();
        if let Ok(channel) = socket.get_channel_mut(HELLO_CHANNEL) {
            for (peer, bytes) in channel.receive() {
                let player = online.roster.plays(peer);
                match Hello::decode(&bytes) {
                    Some(hello) if hello.watcher && !player => {
                        online.roster.watcher_came(peer);
                    }
                    Some(_) if player => {
                        let _ = channel.try_send(hello.clone().into(), peer);
                    }
                    Some(_) => junk.push((peer, "said it comes to play, but holds no seat")),
                    None => junk.push((peer, "sent something that is not a hello")),
                }
            }
        }
        for (peer, why) in junk {
            let who = online.name(peer);
            online.refuse(format!("{who} {why}: ignored"));
        }
    }
    let refused = online.connection.counters().refused.lock().map(|mut r| std::mem::take(&mut *r));
    for peer in refused.unwrap_or_default() {
        let who = online.name(peer);
        online.refuse(format!(
            "{who} claimed a player was disconnected: nothing more of its is read this session"
        ));
    }
    for event in events {
        info!("session event: {event:?}");
        match event {
            GgrsEvent::Synchronized { addr } => online.absences.synchronized(addr),
            GgrsEvent::NetworkInterrupted { addr, .. } => {
                // Silent since the notice's delay; held for once the grace period is over.
                let grace = online.seating.grace.saturating_sub(DISCONNECT_NOTIFY);
                online.absences.fell_silent(addr, Instant::now() + grace);
            }
            GgrsEvent::NetworkResumed { addr } => online.absences.heard(addr),
            GgrsEvent::Disconnected { addr } => {
                online.absences.silence_ends();
                let name = ("name", online.name(addr).into());
                let message = w.with("online-left", &[name]);
                online.verdict.peer_left(message);
            }
            // One player alone disagreeing is refused (and named once) in `desynced`.
            GgrsEvent::DesyncDetected { addr, .. } if !online.desynced(addr) => {}
            GgrsEvent::DesyncDetected { frame, local_checksum, remote_checksum, addr } => {
                let me = online.connection.id();
                let tag = me.map_or_else(|| "local".to_string(), |id| id.to_string());
                // The session counts from its own start; the record, from the match's.
                let offset = i64::from(online.epoch.start());
                let found = Found {
                    frame: offset + frame as i64,
                    local: local_checksum,
                    remote: remote_checksum,
                    confirmed: offset + confirmed as i64,
                };
                let written = record.as_ref().and_then(|record| record.write(&tag, found));
                let report = written.as_ref().map_or_else(
                    || w.get("online-no-report"),
                    |p| w.with("online-report", &[("path", p.display().to_string().into())]),
                );
                let args = [
                    ("name", online.name(addr).into()),
                    ("frame", (offset + frame as i64).into()),
                    ("report", report.into()),
                ];
                let message = w.with("online-desync", &args);
                online.verdict.desync(written, message);
            }
            _ => {}
        }
    }
    if in_session {
        // Never heard from in the whole grace period: held for as a silent player is.
        for peer in online.absences.unsynchronized_fall_silent(Instant::now()) {
            info!("{} never synchronized with this session", online.name(peer));
        }
    }
}

fn spawn_banner(mut commands: Commands) {
    commands.spawn((Banner, banner_line()));
}

/// The line above the board that says how the network is going (playing or watching).
pub(super) fn banner_line() -> impl Bundle {
    (
        DespawnOnExit(Screen::Game),
        Node {
            position_type: PositionType::Absolute,
            top: px(8),
            left: percent(21),
            width: percent(58),
            justify_content: JustifyContent::Center,
            ..default()
        },
        crate::client::ui::text("", 18.0, crate::client::ui::palette::WARN),
    )
}

fn show_banner(
    online: Res<Online>,
    session: Option<Res<Session<OnlineConfig>>>,
    mut banners: Query<&mut Text, With<Banner>>,
    w: Res<Words>,
) {
    let mut lines: Vec<String> = online.holding().into_iter().map(str::to_string).collect();
    if let Some((handle, deadline)) = online.waiting().filter(|_| online.holding().is_none()) {
        let left = deadline.saturating_duration_since(Instant::now()).as_secs_f32().ceil();
        let who = online.roster.name_of_seat(handle).to_string();
        lines.push(w.with(
            "reconnect-waiting",
            &[("names", who.into()), ("seconds", (left as i64).into())],
        ));
    }
    if let Some(message) = online.verdict.message() {
        lines.push(message.to_string());
    }
    if let Some(Session::P2P(session)) = session.as_deref().filter(|_| online.holding().is_none()) {
        let pings: Vec<String> = online
            .roster
            .others()
            .map(|(handle, _)| {
                let who = online.roster.name_of_seat(handle).to_string();
                let route = match online.routes[handle] {
                    None => w.get("online-connecting"),
                    Some(true) => w.get("online-relayed"),
                    Some(false) => w.get("online-direct"),
                };
                match session.network_stats(handle) {
                    Ok(stats) => {
                        let args = [
                            ("name", who.into()),
                            ("ping", stats.ping.into()),
                            ("route", route.into()),
                        ];
                        w.with("online-ping", &args)
                    }
                    Err(_) => format!("{who}: {route}"),
                }
            })
            .collect();
        lines.push(pings.join("   "));
    }
    let watching = online.watchers().len();
    if watching > 0 {
        lines.push(w.with("online-watching", &[("count", watching.into())]));
    }
    let text = lines.join("\n");
    for mut banner in &mut banners {
        if banner.0 != text {
            banner.0 = text.clone();
        }
    }
}

fn close_session(mut commands: Commands) {
    commands.remove_resource::<Session<OnlineConfig>>();
    commands.remove_resource::<Online>();
    commands.remove_resource::<OnlineMatch>();
    commands.remove_resource::<OnlineRecord>();
    commands.insert_resource(MatchOverAt::default());
}
