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
        None => open_window(cli.window_size, cli.smoke_test, started),
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
    started: std::time::Instant,
) -> ExitCode {
    let launch = carrom::client::Launch { smoke_test, window_size };
    match carrom::client::run(launch, started) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
    }
}

#[cfg(not(feature = "client"))]
fn open_window(
    _window_size: Option<(u32, u32)>,
    _smoke_test: Option<PathBuf>,
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
