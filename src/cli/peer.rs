//! `carrom peer`: a headless peer joins a room — on a signaling server, or a game on this
//! network that it hosts or finds — plays a match under rollback and prints one JSON line
//! describing it (for tests, soak runs, bots and bug reports); or, with `--watch`, watches
//! one ([`super::watching`]).

use super::exit::{Exit, fail};
use super::output::{print_lines, read_scenario};
use super::values::{BoardArg, BotLevelArg, DraughtsLevelArg, VariantArg};
use carrom::client::{Ending, JoinRequest, PeerOptions, PeerReport, Shots, Storage, run_peer};
use carrom::net::Impairment;
use carrom::net::connect::IceServer;
use carrom::net::lan;
use carrom::scenario::Scenario;
use carrom_signaling::code;
use serde::Serialize;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `carrom peer`.
#[derive(clap::Args)]
pub struct Args {
    /// The signaling server, ws://HOST:PORT.
    #[arg(long, required_unless_present_any = ["lan_host", "lan_join", "rejoin"])]
    pub(super) signaling: Option<String>,
    /// The private room's invite code (13 characters), or its link.
    #[arg(long, required_unless_present_any = ["lan_host", "lan_join", "watch", "rejoin"])]
    room: Option<String>,
    /// This peer created the room: its game (carrom's variant, board and clock, or
    /// draughts) is the one played, as when a player creates a match and sends the link.
    #[arg(long, requires = "room")]
    creator: bool,
    /// Keep this player's seat in this file while the match goes on (what --rejoin needs).
    #[arg(long)]
    seat_file: Option<PathBuf>,
    /// Take back the seat kept in --seat-file: the match this peer dropped out of (its
    /// process killed, say) goes on with it.
    #[arg(long, requires = "seat_file", conflicts_with_all = ["room", "lan_host", "lan_join", "watch"])]
    rejoin: bool,
    /// Seconds a player who drops is waited for (the room creator's choice is the match's).
    #[arg(long, default_value_t = carrom::net::hello::DEFAULT_GRACE)]
    grace: u16,
    /// Watch the match of this invite code (or link) instead of playing: print its end
    /// hash and result. With --lan-join, the code is the host's own and may be omitted.
    #[arg(long, num_args = 0..=1, default_missing_value = "", conflicts_with_all = ["room", "lan_host"])]
    pub(super) watch: Option<String>,
    /// Host the game on this network: serve its room in-process and announce it (mDNS).
    #[arg(long, conflicts_with_all = ["signaling", "room", "lan_join"])]
    lan_host: bool,
    /// Join a game hosted on this network: the first with a free seat, or --name's.
    #[arg(long, conflicts_with_all = ["signaling", "room"])]
    lan_join: bool,
    /// With --lan-join: the game hosted by the player of this name.
    #[arg(long, requires = "lan_join")]
    name: Option<String>,
    /// With --lan-join: the host's IP:PORT, where mDNS is blocked.
    #[arg(long, requires = "lan_join")]
    address: Option<String>,
    /// This peer's player name.
    #[arg(long = "as", default_value = "headless")]
    pub(super) player_name: String,
    /// Tests: with --lan-host, announce this network protocol version instead of the
    /// game's own.
    #[arg(long, requires = "lan_host", hide = true)]
    lan_protocol: Option<u32>,
    /// Players, 2-4 (joining a game on this network: the host's).
    #[arg(long, required_unless_present_any = ["lan_join", "watch", "rejoin"])]
    players: Option<u8>,
    /// The carrom game type (joining: the host's game is played).
    #[arg(long, value_enum, required_unless_present_any = ["draughts", "lan_join", "watch", "rejoin"])]
    variant: Option<VariantArg>,
    /// Play English draughts instead (2 players), the computer at this level playing this
    /// peer's side.
    #[arg(long, value_enum, conflicts_with = "variant")]
    draughts: Option<DraughtsLevelArg>,
    /// The board.
    #[arg(long, value_enum, default_value = "standard")]
    board: BoardArg,
    /// Shot clock, seconds (0: off).
    #[arg(long, default_value_t = 30)]
    shot_clock: u16,
    /// Seed of the random legal shots played when there is no script (or it runs out).
    #[arg(long, default_value_t = 0)]
    pub(super) seed: u64,
    /// Play these strokes (the `simulate` file format) on this peer's turns, in order.
    #[arg(long)]
    script: Option<PathBuf>,
    /// Let the bot play this peer's strokes.
    #[arg(long, value_enum, conflicts_with = "script")]
    bot: Option<BotLevelArg>,
    /// An ICE server URL (stun:... or turn:...); repeat for several. None: host candidates.
    #[arg(long)]
    ice: Vec<String>,
    /// TURN user name for the --ice servers.
    #[arg(long)]
    turn_user: Option<String>,
    /// TURN credential for the --ice servers.
    #[arg(long)]
    turn_credential: Option<String>,
    /// Seconds to wait for every player.
    #[arg(long, default_value_t = 60)]
    pub(super) connect_timeout: u64,
    /// Seconds a match may take.
    #[arg(long, default_value_t = 1800)]
    pub(super) match_timeout: u64,
    /// Where to write a desync record (default: the game's data directory, `diagnostics/`,
    /// as the client does; the system's temporary directory where there is none).
    #[arg(long)]
    diagnostics: Option<PathBuf>,
    /// Frames per second; 0 runs as fast as the other peers allow (tests, soak runs).
    #[arg(long, default_value_t = 60)]
    speed: u32,
    /// Tests and soak runs: drop this percentage of the datagrams this peer sends.
    #[arg(long, default_value_t = 0.0)]
    impair_loss: f64,
    /// Tests and soak runs: delay what this peer sends by this many milliseconds...
    #[arg(long, default_value_t = 0)]
    impair_delay_ms: u64,
    /// ...give or take up to this many.
    #[arg(long, default_value_t = 0)]
    impair_jitter_ms: u64,
    /// Tests and soak runs: send this many garbage messages per second to every peer, on
    /// every channel.
    #[arg(long, default_value_t = 0)]
    pub(super) inject_garbage: u32,
    /// Hostile-peer tests: tell every peer that this seat is disconnected.
    #[arg(long, hide = true)]
    forge_disconnect: Option<u8>,
    /// Hostile-peer tests: send false checksums.
    #[arg(long, hide = true)]
    forge_checksums: bool,
    /// Hostile-peer tests: watch, but say in the hello that this peer comes to play.
    #[arg(long, hide = true, requires = "watch")]
    pub(super) claim_seat: bool,
    /// Hostile-peer tests: offer to resume unasked, with decisions and offers forged.
    #[arg(long, hide = true, conflicts_with = "watch")]
    forge_resumptions: bool,
    /// Hostile-peer tests: send every watcher a run-length bomb.
    #[arg(long, hide = true, conflicts_with = "watch")]
    bomb_watchers: bool,
    /// Hostile-peer tests: send this many bytes of junk a second to every peer, on every
    /// channel.
    #[arg(long, hide = true, default_value_t = 0)]
    pub(super) flood: u64,
}

/// The line `carrom peer` prints.
#[derive(Serialize)]
struct Line {
    result: Outcome,
    frames: u32,
    hash: String,
    table: String,
    rollbacks: u64,
    bytes_sent: u64,
    bytes_per_s: f64,
    rollbacks_per_s: f64,
    worst_resim_us: u64,
    malformed: u64,
    stale: u64,
    join_to_first_frame_ms: u64,
    /// Each other peer's route: `direct`, `relayed` or `unknown`.
    routes: Vec<String>,
    /// What the online banner said last, once every route was known.
    banner: String,
    /// Where a desync record was written.
    record: Option<String>,
    /// The most watchers the match had at once.
    most_watching: usize,
    /// Bytes this peer streamed to watchers.
    bytes_to_watchers: u64,
    /// The session the match ended in: 0, or how many times it resumed after a drop.
    epoch: u32,
    /// How many times each seat dropped.
    drops: Vec<u8>,
    /// The longest a player went silent and was heard again, milliseconds.
    longest_interruption_ms: u64,
}

/// How the match ended.
#[derive(Serialize)]
struct Outcome {
    ending: &'static str,
    winner_side: Option<usize>,
    scores: Vec<i32>,
}

impl Line {
    fn of(report: &PeerReport) -> Line {
        let per_second =
            |n: u64, places: f64| (n as f64 / report.seconds.max(1e-3) * places).round() / places;
        Line {
            result: Outcome {
                ending: report.ending.name(),
                winner_side: report.winner,
                scores: report.scores.clone(),
            },
            frames: report.frames,
            hash: format!("{:016x}", report.hash),
            table: format!("{:016x}", report.table),
            rollbacks: report.rollbacks,
            bytes_sent: report.bytes_sent,
            bytes_per_s: per_second(report.bytes_sent, 10.0),
            rollbacks_per_s: per_second(report.rollbacks, 100.0),
            worst_resim_us: report.worst_resim_us,
            malformed: report.malformed,
            stale: report.stale,
            join_to_first_frame_ms: report.join_to_first_frame_ms,
            routes: report.routes.clone(),
            banner: report.banner.clone(),
            record: report.record.as_ref().map(|p| p.display().to_string()),
            most_watching: report.most_watching,
            bytes_to_watchers: report.bytes_to_watchers,
            epoch: report.epoch,
            drops: report.drops.clone(),
            longest_interruption_ms: report.longest_interruption_ms,
        }
    }
}

/// Runs the command (playing: `--watch` is [`super::watching`]'s): exit 0 when the match
/// finished, 3 on a forfeit, 4 on a desync.
pub fn run(args: Args) -> Exit {
    let command = "peer";
    let met = match (&args.seat_file, args.rejoin) {
        (Some(path), true) => rejoining(path),
        _ => meeting(&args),
    };
    let (signaling, join, players) = match met {
        Ok(found) => found,
        Err((exit, message)) => return fail(command, exit, message),
    };
    let variant = args.variant.map_or(carrom::rules::Variant::DiscPool, |v| v.0);
    let (game, allowed) = match (args.draughts, &join) {
        (_, JoinRequest::Lan { .. } | JoinRequest::Rejoin(_)) => ("the host's game", true),
        (Some(_), _) => ("draughts", players == 2),
        (None, _) => (variant.name(), variant.allows(players)),
    };
    if !allowed {
        let message = format!("{game} cannot be played by {players} players");
        return fail(command, Exit::BadInput, message);
    }
    let shots = match (&args.script, args.bot) {
        (Some(path), _) => match read_scenario(path, Scenario::parse) {
            Ok(scenario) => {
                let strokes = scenario.strokes.iter().filter_map(|s| s.stroke.ok()).collect();
                Shots::Script(strokes, args.seed)
            }
            Err(e) => return fail(command, Exit::BadInput, format!("{}: {e}", path.display())),
        },
        (None, Some(level)) => Shots::Bot(level.0),
        (None, None) => Shots::Random(args.seed),
    };
    let ice_servers = ice_servers(&args);
    let impairment = impairment(&args);
    let options = PeerOptions {
        signaling,
        join,
        name: args.player_name.clone(),
        players,
        variant,
        draughts: args.draughts.map(|l| l.0),
        preset: args.board.0,
        shot_clock: args.shot_clock,
        shots,
        ice_servers,
        connect_timeout: Duration::from_secs(args.connect_timeout),
        match_timeout: Duration::from_secs(args.match_timeout),
        impairment,
        diagnostics: args.diagnostics.unwrap_or_else(|| {
            Storage::from_environment().diagnostics_dir().unwrap_or_else(std::env::temp_dir)
        }),
        speed: args.speed,
        seat_file: args.seat_file.clone(),
        grace: args.grace,
    };
    match run_peer(&options) {
        Ok(report) => match print_lines(command, [Line::of(&report)]) {
            Exit::Done => match report.ending {
                Ending::Finished => Exit::Done,
                Ending::OpponentGone => Exit::Forfeit,
                Ending::Desync => Exit::Desync,
            },
            exit => exit,
        },
        Err(e) => fail(command, Exit::Failed, e),
    }
}

/// The ICE servers the arguments name.
pub(super) fn ice_servers(args: &Args) -> Vec<IceServer> {
    if args.ice.is_empty() {
        return Vec::new();
    }
    vec![IceServer {
        urls: args.ice.clone(),
        username: args.turn_user.clone(),
        credential: args.turn_credential.clone(),
    }]
}

/// With --lan-join: the game on this network the arguments name (found by mDNS or asked
/// at its address), as (its server's address, what it hosts).
pub(super) type LanGame = Result<(std::net::SocketAddr, lan::Listing), (Exit, String)>;

/// The game on this network `--lan-join` names, if it does.
pub(super) fn lan_host(args: &Args) -> Option<LanGame> {
    if !args.lan_join {
        return None;
    }
    let within = Duration::from_secs(args.connect_timeout);
    Some(match &args.address {
        Some(text) => lan::parse_address(text)
            .map_err(|e| (Exit::BadInput, e.to_string()))
            .and_then(|a| lan::ask(a).map(|l| (a, l)).map_err(|e| (Exit::Failed, e.to_string()))),
        None => lan::find(args.name.as_deref(), within).map_err(|e| (Exit::Failed, e.to_string())),
    })
}

/// Where this peer meets the others (the signaling server, if any, and the room), and how
/// many players the match is for; or the exit and message when that cannot be known.
fn meeting(args: &Args) -> Result<(Option<String>, JoinRequest, u8), (Exit, String)> {
    let players = args.players.unwrap_or(2);
    if args.lan_host {
        let protocol = args.lan_protocol.unwrap_or(carrom::net::PROTOCOL_VERSION);
        return Ok((None, JoinRequest::LanHost { protocol }, players));
    }
    if let Some(found) = lan_host(args) {
        let (address, listing) = found?;
        if let Some(why) = listing.refusal() {
            return Err((Exit::Failed, format!("cannot join {}: {why}", listing.line())));
        }
        eprintln!("carrom peer: joining {} at {address}", listing.line());
        let players = listing.players;
        return Ok((None, JoinRequest::Lan { address, listing }, players));
    }
    let (Some(signaling), Some(text)) = (&args.signaling, &args.room) else {
        return Err((Exit::BadInput, "--signaling and --room name the room".into()));
    };
    let Some(code) = code::code_in(text).map(|(code, _)| code) else {
        let message = format!(
            "--room {text:?} is not an invite code (13 characters, 0-9 and A-Z without I, L, O, U)"
        );
        return Err((Exit::BadInput, message));
    };
    Ok((
        Some(signaling.clone()),
        JoinRequest::Room { code, players, creator: args.creator },
        players,
    ))
}

/// With --rejoin: the seat kept in `path`, and the match's players.
fn rejoining(path: &std::path::Path) -> Result<(Option<String>, JoinRequest, u8), (Exit, String)> {
    match carrom::client::RejoinFile::read(path) {
        Ok(Some(ticket)) => {
            let players = ticket.seals.len() as u8;
            Ok((None, JoinRequest::Rejoin(Box::new(ticket)), players))
        }
        Ok(None) => Err((Exit::Failed, format!("{}: no seat is kept there", path.display()))),
        Err(why) => Err((Exit::Failed, format!("{}: {why}", path.display()))),
    }
}

/// The faults this peer applies to what it sends, if any were asked for.
fn impairment(args: &Args) -> Option<Impairment> {
    let any = args.impair_loss > 0.0
        || args.impair_delay_ms > 0
        || args.impair_jitter_ms > 0
        || args.inject_garbage > 0
        || args.forge_disconnect.is_some()
        || args.forge_checksums
        || args.forge_resumptions
        || args.bomb_watchers
        || args.flood > 0;
    any.then(|| Impairment {
        loss: (args.impair_loss / 100.0).clamp(0.0, 1.0),
        delay: Duration::from_millis(args.impair_delay_ms),
        jitter: Duration::from_millis(args.impair_jitter_ms),
        garbage_per_second: args.inject_garbage,
        forge_disconnect: args.forge_disconnect,
        forge_checksums: args.forge_checksums,
        forge_resumptions: args.forge_resumptions,
        bomb_watchers: args.bomb_watchers,
        flood_per_second: args.flood,
        seed: args.seed,
    })
}
