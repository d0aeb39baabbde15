//! The `carrom` command: the game and its headless tools.

use carrom::scenario::{MatchScenario, Scenario, referee, simulate};
use clap::{Parser, Subcommand};
use serde_json::Value;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Carrom (Classic, Disc Pool, Freestyle) with bit-deterministic physics.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Open the window at this size, WIDTHxHEIGHT in logical pixels (default 1280x800).
    #[arg(long, value_parser = parse_size)]
    window_size: Option<(u32, u32)>,
    /// CI: show Home, start a match and break, save home.png and game.png into DIR, print
    /// the measurements as one JSON line and quit.
    #[arg(long, value_name = "DIR")]
    smoke_test: Option<PathBuf>,
    /// Join a friend's online match: the invite code or its carrom://join/CODE link.
    #[arg(long, value_name = "CODE")]
    join: Option<String>,
}

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text.split_once('x').ok_or("expected WIDTHxHEIGHT, e.g. 1280x800")?;
    let number = |s: &str| match s.parse::<u32>() {
        Ok(n) if (320..=8192).contains(&n) => Ok(n),
        _ => Err(format!("{s:?} is not a size between 320 and 8192")),
    };
    Ok((number(w)?, number(h)?))
}

#[derive(Subcommand)]
enum Command {
    /// Play the strokes of a scenario file and print one JSON line per stroke.
    Simulate {
        /// The scenario (JSON; see the README), or `-` for standard input.
        file: PathBuf,
    },
    /// Adjudicate a match scenario (shots or stroke facts) and print one JSON line per
    /// stroke with the referee's ruling.
    Referee {
        /// The match scenario (JSON; see the README), or `-` for standard input.
        file: PathBuf,
    },
    /// English draughts tools.
    #[command(subcommand)]
    Checkers(CheckersCommand),
    /// Play whole carrom matches between bots and report the results.
    BotMatch {
        /// classic, disc_pool or freestyle.
        #[arg(long)]
        variant: String,
        /// Players, 2-4.
        #[arg(long)]
        players: u8,
        /// One player per seat, comma-separated: easy, medium, hard or geometric. They
        /// rotate one seat per match, so who breaks alternates.
        #[arg(long, value_delimiter = ',')]
        seats: Vec<String>,
        /// Number of matches.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// Seed of the first match (match g uses seed + g).
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Join a room as a headless peer and play a match under rollback; prints one JSON
    /// line. Exit codes: 0 finished, 3 a peer left (forfeit), 4 desync, 1 error.
    #[cfg(feature = "client")]
    Peer(Box<PeerArgs>),
    /// Re-run a desync record headless and report the first frame whose checksum differs.
    #[cfg(feature = "client")]
    Replay {
        /// The record a peer wrote when it detected the desync.
        file: PathBuf,
    },
    /// Solo clearing: strokes one player needs to pocket all 18 discs alone from the
    /// Disc Pool rack, over several seeds.
    BotClear {
        /// easy, medium, hard or geometric.
        #[arg(long)]
        player: String,
        /// Number of seeds (runs).
        #[arg(long, default_value_t = 10)]
        seeds: u64,
    },
}

#[cfg(feature = "client")]
#[derive(clap::Args)]
struct PeerArgs {
    /// The signaling server, ws://HOST:PORT.
    #[arg(long)]
    signaling: String,
    /// The private room's invite code (13 characters).
    #[arg(long)]
    room: String,
    /// Players, 2-4.
    #[arg(long)]
    players: u8,
    /// classic, disc_pool or freestyle.
    #[arg(long)]
    variant: String,
    /// standard or icf.
    #[arg(long, default_value = "standard")]
    board: String,
    /// Shot clock, seconds (0: off).
    #[arg(long, default_value_t = 30)]
    shot_clock: u16,
    /// Seed of the random legal shots played when there is no script (or it runs out).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Play these strokes (the `simulate` file format) on this peer's turns, in order.
    #[arg(long)]
    script: Option<PathBuf>,
    /// Let the bot play this peer's strokes: easy, medium or hard.
    #[arg(long, conflicts_with = "script")]
    bot: Option<String>,
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
    connect_timeout: u64,
    /// Seconds a match may take.
    #[arg(long, default_value_t = 1800)]
    match_timeout: u64,
    /// Where to write a desync record.
    #[arg(long, default_value = ".")]
    diagnostics: PathBuf,
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
    /// Tests and soak runs: send this many garbage datagrams per second to every peer.
    #[arg(long, default_value_t = 0)]
    inject_garbage: u32,
}

#[derive(Subcommand)]
enum CheckersCommand {
    /// Count the leaf nodes of the move tree (perft).
    Perft {
        /// The position, in PDN FEN form (default: the start).
        #[arg(long, default_value = "B:W21-32:B1-12")]
        fen: String,
        /// Depth in plies.
        #[arg(long)]
        depth: u32,
        /// Count every capture path separately (as most published tables do).
        #[arg(long)]
        all_paths: bool,
        /// Print the count under each root move too.
        #[arg(long)]
        divide: bool,
    },
    /// Play engine matches from varied openings and report the results.
    Play {
        /// Red's level ("white" in PDN): easy, medium or hard.
        #[arg(long)]
        white: String,
        /// Black's level: easy, medium or hard.
        #[arg(long)]
        black: String,
        /// Number of games.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// Seed for the openings and easy's mistakes.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Hard's time per move in milliseconds (default 1500; 0: use --nodes instead).
        #[arg(long, default_value_t = 1500)]
        move_time: u64,
        /// Hard's nodes per move when --move-time is 0.
        #[arg(long, default_value_t = carrom::checkers::level::HARD_NODES)]
        nodes: u64,
    },
}

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Simulate { file }) => {
            run("simulate", &file, |text| Scenario::parse(text).map(|s| simulate(&s)))
        }
        Some(Command::Referee { file }) => {
            run("referee", &file, |text| MatchScenario::parse(text).map(|s| referee(&s)))
        }
        Some(Command::Checkers(CheckersCommand::Perft { fen, depth, all_paths, divide })) => {
            checkers_perft(&fen, depth, all_paths, divide)
        }
        Some(Command::Checkers(CheckersCommand::Play {
            white,
            black,
            games,
            seed,
            move_time,
            nodes,
        })) => checkers_play(&white, &black, games, seed, move_time, nodes),
        Some(Command::BotMatch { variant, players, seats, games, seed }) => {
            bot_match(&variant, players, &seats, games, seed)
        }
        Some(Command::BotClear { player, seeds }) => bot_clear(&player, seeds),
        #[cfg(feature = "client")]
        Some(Command::Peer(args)) => peer(*args),
        #[cfg(feature = "client")]
        Some(Command::Replay { file }) => replay(&file),
        None => open_window(cli.window_size, cli.smoke_test, cli.join, started),
    }
}

/// Reads `path`, turns it into output lines with `lines`, and prints them: exit 1 with a
/// message naming the file on any error.
fn run<E: std::fmt::Display>(
    command: &str,
    path: &Path,
    lines: impl FnOnce(&str) -> Result<Vec<Value>, E>,
) -> ExitCode {
    let output = match read(path).and_then(|text| lines(&text).map_err(|e| e.to_string())) {
        Ok(output) => output,
        Err(message) => {
            eprintln!("carrom {command}: {}: {message}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let mut out = std::io::stdout().lock();
    for line in output {
        if let Err(e) = writeln!(out, "{line}") {
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                eprintln!("carrom {command}: cannot write the output: {e}");
            }
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

fn read(path: &Path) -> Result<String, String> {
    let mut text = String::new();
    let result = if path == Path::new("-") {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_string(&mut text)).map(|_| ())
    };
    result.map(|()| text).map_err(|e| format!("cannot read: {e}"))
}

fn checkers_perft(fen: &str, depth: u32, all_paths: bool, divide: bool) -> ExitCode {
    use carrom::checkers::{pdn, perft};
    let pos = match pdn::read_fen(fen) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("carrom checkers perft: --fen: {e}");
            return ExitCode::from(2);
        }
    };
    if divide {
        for (m, n) in perft::divide(&pos, depth, all_paths) {
            println!("{} {n}", pdn::write_move(&m));
        }
    }
    println!("{}", perft::perft(&pos, depth, all_paths));
    ExitCode::SUCCESS
}

fn checkers_play(
    white: &str,
    black: &str,
    games: u32,
    seed: u64,
    move_time: u64,
    nodes: u64,
) -> ExitCode {
    use carrom::checkers::level::Level;
    use carrom::checkers::matchplay::{Player, opening, play_game};
    use carrom::checkers::{Colour, Status};
    let level = |name: &str, flag: &str| {
        Level::from_name(name)
            .ok_or_else(|| format!("{flag}: {name:?} is not a level (easy, medium, hard)"))
    };
    let (red, black) = match (level(white, "--white"), level(black, "--black")) {
        (Ok(r), Ok(b)) => (Player { level: r, nodes }, Player { level: b, nodes }),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("carrom checkers play: {e}");
            return ExitCode::from(2);
        }
    };
    let limit = std::time::Duration::from_millis(move_time);
    let timer = move || -> Box<dyn Fn() -> bool> {
        let start = std::time::Instant::now();
        Box::new(move || start.elapsed() >= limit)
    };
    let timer: Option<&dyn Fn() -> Box<dyn Fn() -> bool>> = (move_time > 0).then_some(&timer as _);
    let (mut white_wins, mut black_wins, mut draws) = (0, 0, 0);
    for g in 0..games {
        let game_seed = seed.wrapping_add(g as u64);
        let start = opening(game_seed, 3);
        let (end, status) = play_game(&start, black, red, game_seed, timer);
        let result = match status {
            Status::Won(Colour::Red) => {
                white_wins += 1;
                "0-1"
            }
            Status::Won(Colour::Black) => {
                black_wins += 1;
                "1-0"
            }
            _ => {
                draws += 1;
                "1/2-1/2"
            }
        };
        println!(
            "{{\"game\": {g}, \"result\": \"{result}\", \"plies\": {}, \"ending\": \"{status:?}\"}}",
            end.plies
        );
    }
    println!(
        "{{\"games\": {games}, \"white_wins\": {white_wins}, \"black_wins\": {black_wins}, \"draws\": {draws}}}"
    );
    ExitCode::SUCCESS
}

fn bot_match(variant: &str, players: u8, seats: &[String], games: u32, seed: u64) -> ExitCode {
    use carrom::bot::matchplay::{Player, play};
    use carrom::rules::{Settings, Variant};
    let fail = |message: String| {
        eprintln!("carrom bot-match: {message}");
        ExitCode::from(2)
    };
    let Some(variant) = Variant::from_name(variant) else {
        return fail(format!("--variant: {variant:?} (use classic, disc_pool or freestyle)"));
    };
    if seats.len() != players as usize {
        return fail(format!("--seats names {} players for --players {players}", seats.len()));
    }
    let mut entries = Vec::new();
    for name in seats {
        match Player::from_name(name) {
            Some(p) => entries.push(p),
            None => {
                return fail(format!("--seats: {name:?} is not easy, medium, hard or geometric"));
            }
        }
    }
    let (mut wins, mut draws, mut evaluated) = (vec![0u32; entries.len()], 0u32, 0u64);
    let started = std::time::Instant::now();
    for g in 0..games {
        let settings = match Settings::new(
            variant,
            players,
            carrom::sim::PresetId::Standard,
            0,
            seed.wrapping_add(g as u64),
        ) {
            Ok(s) => s,
            Err(e) => return fail(format!("--players: {e}")),
        };
        let n = entries.len();
        // Entry e sits on seat slot (e + g) % n this match.
        let lineup: Vec<Player> =
            (0..n).map(|slot| entries[(slot + n - g as usize % n) % n]).collect();
        let result = play(carrom::game::Match::new(settings), &lineup);
        evaluated += result.evaluated;
        let seat_slots = settings.seats();
        let winners: Vec<usize> = (0..n)
            .filter(|&e| result.winner == Some(settings.side_of(seat_slots[(e + g as usize) % n])))
            .collect();
        for &e in &winners {
            wins[e] += 1;
        }
        if winners.is_empty() {
            draws += 1;
        }
        let winner = result.winner.map_or("null".to_owned(), |w| w.to_string());
        println!(
            "{{\"match\": {g}, \"winner_side\": {winner}, \"winning_entries\": {winners:?}, \"strokes\": {}, \"hash\": \"{:016x}\"}}",
            result.strokes, result.hash
        );
    }
    let rate = evaluated as f64 / started.elapsed().as_secs_f64().max(1e-9);
    println!(
        "{{\"games\": {games}, \"wins\": {wins:?}, \"draws\": {draws}, \"strokes_evaluated_per_s\": {rate:.0}}}"
    );
    ExitCode::SUCCESS
}

fn bot_clear(player: &str, seeds: u64) -> ExitCode {
    use carrom::bot::matchplay::{Player, solo_clear};
    let Some(p) = Player::from_name(player) else {
        eprintln!("carrom bot-clear: --player: {player:?} is not easy, medium, hard or geometric");
        return ExitCode::from(2);
    };
    const CAP: u32 = 300;
    let runs: Vec<Option<u32>> = (0..seeds).map(|seed| solo_clear(p, seed * 1_000, CAP)).collect();
    let cleared: Vec<u32> = runs.iter().flatten().copied().collect();
    let mean = cleared.iter().sum::<u32>() as f64 / cleared.len().max(1) as f64;
    println!(
        "{{\"player\": \"{player}\", \"runs\": {seeds}, \"cleared\": {}, \"mean_strokes\": {mean:.2}, \"cap\": {CAP}}}",
        cleared.len()
    );
    ExitCode::SUCCESS
}

#[cfg(feature = "client")]
fn open_window(
    window_size: Option<(u32, u32)>,
    smoke_test: Option<PathBuf>,
    join: Option<String>,
    started: std::time::Instant,
) -> ExitCode {
    let launch = carrom::client::Launch { smoke_test, window_size, join };
    match carrom::client::run(launch, started) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
    }
}

#[cfg(not(feature = "client"))]
fn open_window(
    _window_size: Option<(u32, u32)>,
    _smoke_test: Option<PathBuf>,
    _join: Option<String>,
    _started: std::time::Instant,
) -> ExitCode {
    eprintln!(
        "This build has no window (built without the `client` feature). Headless commands:\n  \
         carrom simulate SCENARIO.json   (try scenarios/break.json)\n  \
         carrom referee MATCH.json       (try scenarios/referee-example.json)\n  \
         carrom --help"
    );
    ExitCode::from(2)
}

#[cfg(feature = "client")]
fn peer(args: PeerArgs) -> ExitCode {
    use carrom::net::connect::IceServer;
    use carrom::net::peer::{PeerOptions, run};
    use carrom::net::shots::Shots;
    use std::time::Duration;
    let fail = |message: String| {
        eprintln!("carrom peer: {message}");
        ExitCode::FAILURE
    };
    let Some(variant) = carrom::rules::Variant::from_name(&args.variant) else {
        return fail(format!("unknown variant {:?} (classic, disc_pool, freestyle)", args.variant));
    };
    if !variant.allows(args.players) {
        return fail(format!("{} cannot be played by {} players", args.variant, args.players));
    }
    let Some(preset) = carrom::sim::PresetId::from_name(&args.board) else {
        return fail(format!("unknown board {:?} (standard, icf)", args.board));
    };
    let Some(room) = carrom_code(&args.room) else {
        return fail(format!(
            "{:?} is not an invite code (13 characters, 0-9 and A-Z without I, L, O, U)",
            args.room
        ));
    };
    let shots = match (&args.script, &args.bot) {
        (Some(path), _) => match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| Scenario::parse(&text).map_err(|e| e.0))
        {
            Ok(scenario) => {
                let strokes = scenario.strokes.iter().filter_map(|s| s.stroke.ok()).collect();
                Shots::Script(strokes, args.seed)
            }
            Err(e) => return fail(format!("{}: {e}", path.display())),
        },
        (None, Some(level)) => match carrom::bot::BotLevel::from_name(level) {
            Some(level) => Shots::Bot(level),
            None => return fail(format!("unknown bot level {level:?} (easy, medium, hard)")),
        },
        (None, None) => Shots::Random(args.seed),
    };
    let ice_servers = if args.ice.is_empty() {
        Vec::new()
    } else {
        vec![IceServer {
            urls: args.ice.clone(),
            username: args.turn_user.clone(),
            credential: args.turn_credential.clone(),
        }]
    };
    let faults = impairment(&args);
    let options = PeerOptions {
        signaling: args.signaling,
        room,
        players: args.players,
        variant,
        preset,
        shot_clock: args.shot_clock,
        shots,
        ice_servers,
        connect_timeout: Duration::from_secs(args.connect_timeout),
        match_timeout: Duration::from_secs(args.match_timeout),
        impairment: faults,
        diagnostics: args.diagnostics,
        speed: args.speed,
    };
    match run(&options) {
        Ok(report) => {
            println!("{}", report.json());
            ExitCode::from(report.ending.exit_code())
        }
        Err(e) => fail(e),
    }
}

#[cfg(feature = "client")]
fn impairment(args: &PeerArgs) -> Option<carrom::net::Impairment> {
    use std::time::Duration;
    let any = args.impair_loss > 0.0
        || args.impair_delay_ms > 0
        || args.impair_jitter_ms > 0
        || args.inject_garbage > 0;
    any.then(|| carrom::net::Impairment {
        loss: (args.impair_loss / 100.0).clamp(0.0, 1.0),
        delay: Duration::from_millis(args.impair_delay_ms),
        jitter: Duration::from_millis(args.impair_jitter_ms),
        garbage_per_second: args.inject_garbage,
        seed: args.seed,
    })
}

/// The canonical form of an invite code (13 Crockford base-32 characters).
#[cfg(feature = "client")]
fn carrom_code(code: &str) -> Option<String> {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let upper = code.trim().to_ascii_uppercase();
    (upper.len() == 13 && upper.bytes().all(|b| ALPHABET.contains(&b))).then_some(upper)
}

#[cfg(feature = "client")]
fn replay(file: &Path) -> ExitCode {
    let record = std::fs::read_to_string(file)
        .map_err(|e| e.to_string())
        .and_then(|text| {
            serde_json::from_str::<carrom::net::diagnostics::DesyncRecord>(&text)
                .map_err(|e| format!("not a desync record: {e}"))
        })
        .and_then(|record| record.replay());
    match record {
        Ok(replay) => {
            let line = match &replay.first_difference {
                Some((frame, recorded, replayed)) => serde_json::json!({
                    "frames": replay.frames,
                    "first_difference": {"frame": frame, "recorded": recorded, "replayed": replayed},
                }),
                None => serde_json::json!({"frames": replay.frames, "first_difference": null}),
            };
            println!("{line}");
            if replay.first_difference.is_some() { ExitCode::from(4) } else { ExitCode::SUCCESS }
        }
        Err(e) => {
            eprintln!("carrom replay: {}: {e}", file.display());
            ExitCode::FAILURE
        }
    }
}
