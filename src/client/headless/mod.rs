//! The headless peer (`carrom peer`): the client's own plugins on `MinimalPlugins`, with
//! no window and a scripted seat. It goes through the same lobby, rollback host, GGRS
//! event handling and checksum as the windowed client — there is one rollback host, so
//! the two always agree. It ends with a [`PeerReport`].
//!
//! Why one host: a headless peer that was a session loop of its own over raw ggrs would
//! have to agree with the windowed client's bevy_ggrs host by hand on the hello, the
//! handling of GGRS's events and bevy_ggrs's checksum, and a change to either would break
//! that agreement without a sound. With one host they agree by construction, and every
//! client test of the lobby and the session is a test of `carrom peer` too. The price is
//! Bevy's per-frame schedule in a headless process, far inside a 60 Hz frame.
//!
//! The seat is scripted ([`Shots`]: a script in the `simulate` format, the bot, or seeded
//! random legal strokes; or the draughts computer) and commits its next stroke at once.
//! `milestones.rs` writes what happened on standard error, each once, so that scripts and
//! tests wait for events rather than for time. Its command line, its JSON line and its
//! switches (the hidden ones too) are described in `src/net/README.md`, *`carrom peer`*.

mod milestones;
mod peer_error;
mod shooter;
mod shots;

pub use peer_error::PeerError;
pub use shots::Shots;

use super::draughts::DraughtsMatch;
use super::flow::{Controller, GameType, MatchSetup};
use super::hosts::lobby::{JoinRequest, Lobby, OnlineController, OnlineImpairment};
use super::hosts::local::RESULTS_AFTER;
use super::hosts::online::{
    DiagnosticsDir, MatchOverAt, NetworkEnding, Online, OnlineMatch, banner_text,
};
use super::hosts::online_draughts::OnlineDraughts;
use super::persistence::rejoin::RejoinFile;
use super::persistence::{Preferences, Storage};
use crate::draughts::Colour;
use crate::draughts::level::Level;
use crate::game::FRAME_RATE;
use crate::net::connect::IceServer;
use crate::net::socket::Impairment;
use crate::rules::{NO_SIDE, Variant};
use crate::sim::PresetId;
use bevy::app::PluginsState;
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy_ggrs::{ConfirmedFrameCount, RollbackFrameCount};
use shooter::{HeadlessShots, ShooterPlugin};
use std::path::PathBuf;
use web_time::{Duration, Instant};

/// How long a finished peer keeps the session running, at most, so the others receive
/// every input they need to confirm the same ending. It leaves sooner once every other
/// player has said it confirmed the ending and the frames shown after it (or left), and no
/// watcher follows the match (a watcher's stream is not acknowledged). A slow peer (a page drawing in software on a busy machine)
/// can stall for seconds near the end; inputs lost then are resent only while this peer
/// runs.
const LINGER: Duration = Duration::from_secs(10);

/// How long a finished peer stays once every player has said it confirmed the ending:
/// what it said last (its own report, which the others wait for in turn) leaves through
/// the connection's queue rather than dying with the process.
const FLUSH: Duration = Duration::from_millis(250);

/// The pause between updates of a peer that runs as fast as the others allow (`--speed
/// 0`) while its match moves on.
const EAGER: Duration = Duration::from_micros(250);

/// The longest that pause grows to, doubling, while nothing moves (the lobby, a slower
/// peer's inputs awaited): a peer that waits without spinning leaves the cores to those
/// doing the work, a page drawing in software above all.
const PATIENT: Duration = Duration::from_millis(4);

/// How to run a headless peer.
#[derive(Debug, Clone)]
pub struct PeerOptions {
    /// The signaling server, `ws://HOST:PORT` (none on a LAN: the host serves the room).
    pub signaling: Option<String>,
    /// The room to join: a private room by code, or a game on this network to host or join.
    pub join: JoinRequest,
    /// This peer's player name.
    pub name: String,
    /// Players in the match (2–4).
    pub players: u8,
    /// Game type.
    pub variant: Variant,
    /// Play English draughts instead, the computer at this level playing this peer's side.
    pub draughts: Option<Level>,
    /// Board.
    pub preset: PresetId,
    /// Shot clock, seconds (0: off).
    pub shot_clock: u16,
    /// Where this peer's strokes come from.
    pub shots: Shots,
    /// ICE servers; none means host candidates only (a LAN, or tests).
    pub ice_servers: Vec<IceServer>,
    /// Longest wait for every player to arrive.
    pub connect_timeout: Duration,
    /// Longest a match may take.
    pub match_timeout: Duration,
    /// Directory for a desync record.
    pub diagnostics: PathBuf,
    /// Frames per second; 0 runs as fast as the other peers allow (tests, soak runs).
    pub speed: u32,
    /// Faults applied to what this peer sends (tests, soak runs).
    pub impairment: Option<Impairment>,
    /// Where this peer keeps its seat while the match goes on (none: not kept).
    pub seat_file: Option<PathBuf>,
    /// Seconds a player who drops is waited for.
    pub grace: u16,
}

/// How a headless match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Played to the end.
    Finished,
    /// A peer left; the match was ruled a forfeit.
    OpponentGone,
    /// The peers' states differed; a record was written.
    Desync,
}

impl Ending {
    /// The name in the JSON line.
    pub const fn name(self) -> &'static str {
        match self {
            Ending::Finished => "finished",
            Ending::OpponentGone => "opponent_gone",
            Ending::Desync => "desync",
        }
    }
}

/// What a headless peer reports.
#[derive(Debug, Clone)]
pub struct PeerReport {
    /// How it ended.
    pub ending: Ending,
    /// The winning side, if any.
    pub winner: Option<usize>,
    /// Each side's score.
    pub scores: Vec<i32>,
    /// The frame at which the match ended (0 if it did not).
    pub frames: u32,
    /// The state's hash at that frame (the same on every peer).
    pub hash: u64,
    /// The final table's hash (it does not change once the match is over).
    pub table: u64,
    /// States loaded for rollback.
    pub rollbacks: u64,
    /// The slowest rollback (load and re-simulation), microseconds.
    pub worst_resim_us: u64,
    /// Bytes this peer sent.
    pub bytes_sent: u64,
    /// Datagrams from peers that were dropped as malformed.
    pub malformed: u64,
    /// Datagrams from peers dropped for being of another epoch's session.
    pub stale: u64,
    /// From the start to the first frame of the session, milliseconds.
    pub join_to_first_frame_ms: u64,
    /// Seconds the session ran.
    pub seconds: f64,
    /// Each other peer's route: `direct`, `relayed` or `unknown`.
    pub routes: Vec<String>,
    /// The online banner's last text once every route was known (what a player saw).
    pub banner: String,
    /// Where the desync record was written.
    pub record: Option<PathBuf>,
    /// The most watchers the match had at once.
    pub most_watching: usize,
    /// Bytes this peer streamed to watchers.
    pub bytes_to_watchers: u64,
    /// The session the match ended in (each resumption after a drop adds one).
    pub epoch: u32,
    /// How many times each seat dropped.
    pub drops: Vec<u8>,
    /// The longest a player went silent and was heard again, milliseconds.
    pub longest_interruption_ms: u64,
}

/// Joins the room, plays the match, reports. Errors are for what prevents a match.
pub fn run_peer(options: &PeerOptions) -> Result<PeerReport, PeerError> {
    let started = Instant::now();
    let mut app = headless_app(options);
    let mut frame = match options.speed {
        0 => EAGER,
        fps => Duration::from_secs(1) / fps,
    };
    let mut next_tick = Instant::now();
    let mut finished_at: Option<Instant> = None;
    let mut confirmed_at: Option<Instant> = None;
    let mut banner = String::new();
    let mut told_where = false;
    let mut most_watching = 0;
    let mut milestones = milestones::Milestones::default();
    loop {
        let was_at = app.world().get_resource::<RollbackFrameCount>().map(|f| f.0);
        app.update();
        if options.speed == 0 {
            let at = app.world().get_resource::<RollbackFrameCount>().map(|f| f.0);
            frame = if at.is_some() && at != was_at { EAGER } else { (frame * 2).min(PATIENT) };
        }
        milestones.say(app.world());
        if let Some(online) = app.world().get_resource::<Online>() {
            most_watching = most_watching.max(online.watchers().len());
        }
        if !told_where && let Some(lobby) = app.world().get_resource::<Lobby>() {
            told_where = true;
            if let Some(addresses) = lobby.lan_addresses() {
                eprintln!("carrom peer: hosting on this network at {}", addresses.join(", "));
            }
        }
        if let Some(text) = banner_text(app.world_mut()).filter(|t| !t.contains("connecting")) {
            banner = text;
        }
        if started.elapsed() > options.match_timeout {
            return Err(PeerError::Unfinished(options.match_timeout));
        }
        let world = app.world();
        if let Some(lobby) = world.get_resource::<Lobby>() {
            if let Some(failure) = lobby.failure() {
                return Err(PeerError::NoMatch(failure.to_string()));
            }
            if lobby.started().elapsed() > options.connect_timeout {
                return Err(PeerError::NotGathered {
                    within: options.connect_timeout,
                    status: lobby.status().to_string(),
                });
            }
        }
        if let Some(online) = world.get_resource::<Online>() {
            if online.verdict().ending() == Some(NetworkEnding::Desync) {
                return Ok(report(world, online, Ending::Desync, banner, most_watching));
            }
            if online.verdict().ending() == Some(NetworkEnding::PeerLeft) && !online.pace().began()
            {
                let said = online.message().unwrap_or("a player left");
                return Err(PeerError::Left(said.to_string()));
            }
            let over = world.resource::<MatchOverAt>().0;
            let confirmed = world.get_resource::<ConfirmedFrameCount>().map_or(-1, |c| c.0);
            let confirmed_over = over.is_some_and(|(at, _)| online.ending_confirmed(at, confirmed));
            if confirmed_over && finished_at.is_none() {
                finished_at = Some(Instant::now());
            }
            // Past the end by the frames a windowed player shows it before its Results:
            // its session runs on this peer's inputs until then.
            let seen_past = |at: u32| online.all_confirmed(at.saturating_add(RESULTS_AFTER));
            let confirmed_by_all = over.is_some_and(|(at, _)| seen_past(at));
            if finished_at.is_some() && online.watchers().is_empty() && confirmed_by_all {
                confirmed_at.get_or_insert_with(Instant::now);
            } else {
                confirmed_at = None;
            }
            let flushed = confirmed_at.is_some_and(|t| t.elapsed() >= FLUSH);
            if finished_at.is_some_and(|t| t.elapsed() >= LINGER) || flushed {
                let ending = match online.verdict().ending() {
                    Some(NetworkEnding::PeerLeft) => Ending::OpponentGone,
                    _ => Ending::Finished,
                };
                return Ok(report(world, online, ending, banner, most_watching));
            }
        }
        next_tick += frame;
        let now = Instant::now();
        if next_tick > now {
            std::thread::sleep(next_tick - now);
        } else {
            next_tick = now;
        }
    }
}

/// The client's plugins with no window, one 60 Hz frame per update, nothing saved, and
/// the lobby asked to join the room at once.
fn headless_app(options: &PeerOptions) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(
            Duration::from_secs(1) / u32::from(FRAME_RATE),
        ))
        .insert_resource(Storage::nowhere())
        // A peer's reports are read by scripts and tests: in English, whatever the system's.
        .insert_resource(super::SystemLanguage(super::Language::English))
        .add_plugins((super::ClientPlugin, ShooterPlugin));
    // Quiet unless asked: RUST_LOG=carrom=info says why a match held, resumed or ended,
    // on stderr beside the milestones (stdout carries the report).
    if std::env::var_os("RUST_LOG").is_some() {
        app.add_plugins(bevy::log::LogPlugin::default());
    }
    let world = app.world_mut();
    let mut preferences = world.resource_mut::<Preferences>();
    if let Some(signaling) = &options.signaling {
        preferences.signaling = signaling.clone();
    }
    preferences.ice = options.ice_servers.clone();
    preferences.names[0] = options.name.clone();
    let mut setup = world.resource_mut::<MatchSetup>();
    setup.grace = options.grace;
    setup.variant = options.variant;
    setup.players = options.players;
    setup.preset = options.preset;
    setup.shot_clock = options.shot_clock;
    if let Some(level) = options.draughts {
        setup.game = GameType::Draughts;
        setup.draughts_level = level;
    }
    app.insert_resource(RejoinFile { path: options.seat_file.clone(), found: None })
        .insert_resource(options.join.clone())
        .insert_resource(OnlineController(Controller::Headless))
        .insert_resource(HeadlessShots::new(options.shots.clone()))
        .insert_resource(DiagnosticsDir(Some(options.diagnostics.clone())));
    if let Some(impairment) = options.impairment {
        app.insert_resource(OnlineImpairment(impairment));
    }
    while app.plugins_state() == PluginsState::Adding {
        bevy::tasks::tick_global_task_pools_on_main_thread();
    }
    app.finish();
    app.cleanup();
    app
}

/// The outcome as a report gives it: winner side, scores, the final state's hash and the
/// final table's (carrom's table; draughts' position).
fn outcome(world: &World) -> (Option<usize>, Vec<i32>, u64, u64) {
    let over = world.resource::<MatchOverAt>().0;
    if let Some(game) = world.get_resource::<OnlineDraughts>() {
        let t = game.0;
        let table = world.get_resource::<DraughtsMatch>();
        let winner = table.and_then(|t| t.winner()).map(|c| usize::from(c == Colour::Red));
        let captured = |c| table.map_or(0, |t| t.captured_by(c) as i32);
        let scores = vec![captured(Colour::Black), captured(Colour::Red)];
        let position = crate::determinism::fnv1a64(bytemuck::bytes_of(&t.game.position));
        return (winner.filter(|_| over.is_some()), scores, t.hash(), position);
    }
    let m = world.resource::<OnlineMatch>().0;
    let standing = m.standing();
    let sides = m.settings().sides();
    let winner = (over.is_some() && standing.winner != NO_SIDE).then_some(standing.winner as usize);
    (winner, standing.scores[..sides].to_vec(), m.hash(), m.table().hash())
}

fn report(
    world: &World,
    online: &Online,
    ending: Ending,
    banner: String,
    most_watching: usize,
) -> PeerReport {
    let over = world.resource::<MatchOverAt>().0;
    let (winner, scores, hash_now, table) = outcome(world);
    let (frames, hash) = over.unwrap_or((0, hash_now));
    PeerReport {
        ending,
        winner,
        scores,
        frames,
        hash,
        table,
        rollbacks: online.pace().rollbacks(),
        worst_resim_us: online.pace().worst_resim().as_micros() as u64,
        bytes_sent: online.bytes_sent(),
        malformed: online.malformed(),
        stale: online.stale(),
        join_to_first_frame_ms: online.pace().join_to_first_frame().as_millis() as u64,
        seconds: online.pace().playing_for().as_secs_f64(),
        routes: online.routes(),
        banner,
        record: online.verdict().record().map(std::path::Path::to_path_buf),
        most_watching,
        bytes_to_watchers: world
            .get_resource::<crate::client::hosts::watch_stream::WatchStream>()
            .map_or(0, |b| b.bytes_sent),
        epoch: online.epoch(),
        drops: online.drops()[..online.seats()].to_vec(),
        longest_interruption_ms: online.longest_interruption().as_millis() as u64,
    }
}
