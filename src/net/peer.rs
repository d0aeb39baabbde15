//! The headless peer (`carrom peer`): joins a room on the signaling server, waits for the
//! other players, then plays the match under GGRS rollback without a window — for tests,
//! soak runs and bug reports. It ends with one JSON line describing the match.

use super::connect::{GAME_CHANNEL, HELLO_CHANNEL, IceServer, open};
use super::diagnostics::DesyncRecord;
use super::hello::{Hello, agree};
use super::room::private_room;
use super::session::{build_session, checksum, frame_inputs, handle_of, match_seed};
use super::shots::Shots;
use super::socket::{Counters, Impairment, SafeChannel};
use crate::game::{Input, Match, Phase, advance};
use crate::rules::{NO_SIDE, Settings, Variant};
use crate::sim::{PresetId, Stroke};
use ggrs::{GgrsError, GgrsEvent, GgrsRequest, SessionState};
use matchbox_socket::{PeerId, WebRtcSocket};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long a finished peer keeps the session running, so the others receive every input
/// they need to confirm the same ending.
const LINGER: Duration = Duration::from_secs(3);

/// How to run a headless peer.
#[derive(Debug, Clone)]
pub struct PeerOptions {
    /// The signaling server, `ws://HOST:PORT`.
    pub signaling: String,
    /// The private room's invite code.
    pub room: String,
    /// Players in the match (2–4).
    pub players: u8,
    /// Game type.
    pub variant: Variant,
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
    /// The process exit code for this ending (errors exit with 1).
    pub const fn exit_code(self) -> u8 {
        match self {
            Ending::Finished => 0,
            Ending::OpponentGone => 3,
            Ending::Desync => 4,
        }
    }

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
    /// From the start to the first frame of the session, milliseconds.
    pub join_to_first_frame_ms: u64,
    /// Seconds the session ran.
    pub seconds: f64,
    /// Each other peer's route: `direct`, `relayed` or `unknown`.
    pub routes: Vec<String>,
    /// Where the desync record was written.
    pub record: Option<PathBuf>,
}

impl PeerReport {
    /// The one JSON line `carrom peer` prints.
    pub fn json(&self) -> String {
        let per_second = |n: u64| n as f64 / self.seconds.max(1e-3);
        serde_json::json!({
            "result": {
                "ending": self.ending.name(),
                "winner_side": self.winner,
                "scores": self.scores,
            },
            "frames": self.frames,
            "hash": format!("{:016x}", self.hash),
            "table": format!("{:016x}", self.table),
            "rollbacks": self.rollbacks,
            "bytes_sent": self.bytes_sent,
            "bytes_per_s": (per_second(self.bytes_sent) * 10.0).round() / 10.0,
            "rollbacks_per_s": (per_second(self.rollbacks) * 100.0).round() / 100.0,
            "worst_resim_us": self.worst_resim_us,
            "malformed": self.malformed,
            "join_to_first_frame_ms": self.join_to_first_frame_ms,
            "routes": self.routes,
            "record": self.record.as_ref().map(|p| p.display().to_string()),
        })
        .to_string()
    }
}

/// Joins the room, plays the match, reports. Errors are for what prevents a match.
pub fn run(options: &PeerOptions) -> Result<PeerReport, String> {
    let started = Instant::now();
    let url = private_room(&options.signaling, &options.room, options.players);
    let (mut socket, ending) = open(&url, &options.ice_servers)?;

    let peers = wait_for_players(&mut socket, options, &ending, started)?;
    let me = socket.id().ok_or("the signaling server never gave this peer an id")?;
    let mine = Hello::new(
        false,
        options.variant,
        options.players,
        options.preset,
        options.shot_clock,
        "headless",
    );
    let hellos = exchange_hellos(&mut socket, me, &peers, mine, options.connect_timeout)?;
    let settings = agree(&hellos, match_seed(&peers))
        .ok_or("the peers' hellos name no match this peer can play")?;
    let counters = Arc::new(Counters::default());
    let channel =
        socket.take_channel(GAME_CHANNEL).map_err(|e| format!("no data channel: {e:?}"))?;
    let mut channel = SafeChannel::new(channel, counters.clone());
    if let Some(impairment) = options.impairment {
        channel = channel.impaired(impairment);
    }
    let mut session =
        build_session(me, &peers, channel).map_err(|e| format!("cannot start the session: {e}"))?;
    let local = handle_of(me, &peers);
    let mut game = Game::new(settings, local, options.shots.clone());

    let frame = match options.speed {
        0 => Duration::from_micros(250),
        fps => Duration::from_secs(1) / fps,
    };
    let mut next_tick = Instant::now();
    let mut first_frame: Option<Duration> = None;
    let mut running_since = Instant::now();
    let mut finished_at: Option<Instant> = None;
    let mut ending_kind = Ending::Finished;
    let mut skip = 0u32;
    loop {
        if started.elapsed() > options.match_timeout {
            return Err(format!("the match did not end within {:?}", options.match_timeout));
        }
        socket.update_peers();
        session.poll_remote_clients();
        let confirmed = session.confirmed_frame();
        let events: Vec<_> = session.events().collect();
        for event in events {
            match event {
                GgrsEvent::Disconnected { addr } => {
                    eprintln!("peer {addr} is gone: the match is ruled a forfeit");
                    ending_kind = Ending::OpponentGone;
                }
                GgrsEvent::NetworkInterrupted { addr, disconnect_timeout } => {
                    eprintln!("waiting for peer {addr} ({disconnect_timeout} ms before forfeit)");
                }
                GgrsEvent::WaitRecommendation { skip_frames } => skip = skip.max(skip_frames),
                GgrsEvent::DesyncDetected { frame, local_checksum, remote_checksum, addr } => {
                    let path = game.record.write(
                        &options.diagnostics,
                        &me.to_string(),
                        frame as i64,
                        (local_checksum, remote_checksum),
                        confirmed as i64,
                    );
                    eprintln!("desync with {addr} at frame {frame}; record: {path:?}");
                    return Ok(game.report(
                        Ending::Desync,
                        &counters,
                        started,
                        first_frame,
                        &socket,
                        path,
                    ));
                }
                _ => {}
            }
        }
        if session.current_state() == SessionState::Running {
            if first_frame.is_none() {
                first_frame = Some(started.elapsed());
                running_since = Instant::now();
            }
            if skip > 0 {
                skip -= 1;
            } else {
                session
                    .add_local_input(local, game.local_input())
                    .map_err(|e| format!("local input refused: {e}"))?;
                match session.advance_frame() {
                    Ok(requests) => game.handle(requests)?,
                    Err(GgrsError::PredictionThreshold) => {}
                    Err(e) => return Err(format!("the session failed: {e}")),
                }
            }
            if finished_at.is_none() && game.over_confirmed(session.confirmed_frame()) {
                finished_at = Some(Instant::now());
            }
        }
        if finished_at.is_some_and(|t| t.elapsed() >= LINGER) {
            game.seconds = running_since.elapsed().as_secs_f64();
            return Ok(game.report(ending_kind, &counters, started, first_frame, &socket, None));
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

/// Sends `mine` to every peer over the reliable channel and collects theirs.
pub fn exchange_hellos(
    socket: &mut WebRtcSocket,
    me: PeerId,
    peers: &[PeerId],
    mine: Hello,
    timeout: Duration,
) -> Result<Vec<(PeerId, Hello)>, String> {
    let channel = socket.channel_mut(HELLO_CHANNEL);
    for peer in peers.iter().filter(|p| **p != me) {
        channel.send(mine.encode().into(), *peer);
    }
    let mut hellos = vec![(me, mine)];
    let started = Instant::now();
    while hellos.len() < peers.len() {
        if started.elapsed() > timeout {
            return Err(format!("{} of {} peers said hello", hellos.len(), peers.len()));
        }
        socket.update_peers();
        for (peer, bytes) in socket.channel_mut(HELLO_CHANNEL).receive() {
            match Hello::decode(&bytes) {
                Some(hello) if !hellos.iter().any(|(p, _)| *p == peer) => {
                    hellos.push((peer, hello))
                }
                Some(_) => {}
                None => return Err(format!("peer {peer} is of another version or sent garbage")),
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    Ok(hellos)
}

/// Waits until every player is connected; returns all peers' ids, this one's included.
fn wait_for_players(
    socket: &mut WebRtcSocket,
    options: &PeerOptions,
    ending: &mpsc::Receiver<String>,
    started: Instant,
) -> Result<Vec<PeerId>, String> {
    loop {
        if let Ok(message) = ending.try_recv() {
            return Err(message);
        }
        socket.update_peers();
        let others: Vec<PeerId> = socket.connected_peers().collect();
        if let Some(me) = socket.id()
            && others.len() + 1 == options.players as usize
        {
            let mut all = others;
            all.push(me);
            return Ok(all);
        }
        if started.elapsed() > options.connect_timeout {
            return Err(format!(
                "{} of {} players arrived within {:?}",
                others.len() + 1,
                options.players,
                options.connect_timeout
            ));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The match as this peer simulates it, with what rollback and reporting need.
struct Game {
    m: Match,
    local: usize,
    shots: Shots,
    played: usize,
    pending: Option<(u16, Stroke)>,
    over: Option<(u32, u64)>,
    rollbacks: u64,
    worst_resim: Duration,
    record: DesyncRecord,
    seconds: f64,
}

impl Game {
    fn new(settings: Settings, local: usize, shots: Shots) -> Game {
        Game {
            m: Match::new(settings),
            local,
            shots,
            played: 0,
            pending: None,
            over: None,
            rollbacks: 0,
            worst_resim: Duration::ZERO,
            record: DesyncRecord::new(&settings),
            seconds: 0.0,
        }
    }

    /// This peer's input for the frame about to be simulated: a commit while it is its
    /// turn to aim, held until the stroke starts (inputs describe state, not edges).
    fn local_input(&mut self) -> Input {
        let m = &self.m;
        let mine = m.settings().player_at(m.shooter()) == Some(self.local);
        if m.phase() != Phase::Aim || !mine {
            return Input::ZERO;
        }
        let due = m.next_stroke();
        let stroke = match self.pending {
            Some((number, stroke)) if number == due => stroke,
            _ => {
                let stroke = self.shots.stroke(m, self.played);
                self.played += 1;
                self.pending = Some((due, stroke));
                stroke
            }
        };
        Input::commit(due, stroke)
    }

    fn handle(&mut self, requests: Vec<GgrsRequest<super::CarromConfig>>) -> Result<(), String> {
        let mut rollback: Option<Instant> = None;
        for request in requests {
            match request {
                GgrsRequest::SaveGameState { cell, frame } => {
                    debug_assert_eq!(frame as u32, self.m.frame());
                    cell.save(frame, Some(self.m), Some(checksum(&self.m)));
                }
                GgrsRequest::LoadGameState { cell, frame } => {
                    self.m =
                        cell.load().ok_or_else(|| format!("no saved state for frame {frame}"))?;
                    self.rollbacks += 1;
                    rollback.get_or_insert_with(Instant::now);
                    if self.over.is_some_and(|(at, _)| at > self.m.frame()) {
                        self.over = None;
                    }
                }
                GgrsRequest::AdvanceFrame { inputs } => {
                    let inputs = frame_inputs(&inputs);
                    self.record.record(self.m.frame() as usize, self.m.hash(), &inputs);
                    advance(&mut self.m, &inputs);
                    if self.over.is_none() && self.m.phase() == Phase::MatchOver {
                        self.over = Some((self.m.frame(), self.m.hash()));
                    }
                }
            }
        }
        if let Some(t) = rollback {
            self.worst_resim = self.worst_resim.max(t.elapsed());
        }
        Ok(())
    }

    fn over_confirmed(&self, confirmed: ggrs::Frame) -> bool {
        self.over.is_some_and(|(frame, _)| confirmed >= 0 && confirmed as u32 >= frame)
    }

    fn report(
        &self,
        ending: Ending,
        counters: &Counters,
        started: Instant,
        first_frame: Option<Duration>,
        socket: &WebRtcSocket,
        record: Option<PathBuf>,
    ) -> PeerReport {
        let standing = self.m.standing();
        let sides = self.m.settings().sides();
        let (frames, hash) = self.over.unwrap_or((0, self.m.hash()));
        let winner =
            (self.over.is_some() && standing.winner != NO_SIDE).then_some(standing.winner as usize);
        let routes = socket
            .connected_peers()
            .map(|peer| match socket.is_relayed(peer) {
                Some(true) => "relayed".to_string(),
                Some(false) => "direct".to_string(),
                None => "unknown".to_string(),
            })
            .collect();
        PeerReport {
            ending,
            winner,
            scores: standing.scores[..sides].to_vec(),
            frames,
            hash,
            table: self.m.table().hash(),
            rollbacks: self.rollbacks,
            worst_resim_us: self.worst_resim.as_micros() as u64,
            bytes_sent: counters.bytes_sent.load(Ordering::Relaxed),
            malformed: counters.malformed.load(Ordering::Relaxed),
            join_to_first_frame_ms: first_frame.map_or(0, |d| d.as_millis() as u64),
            seconds: if self.seconds > 0.0 {
                self.seconds
            } else {
                started.elapsed().as_secs_f64()
            },
            routes,
            record,
        }
    }
}
