//! `carrom bot-match`: whole carrom matches between bots, seats rotating.

use super::exit::{Exit, fail};
use super::output::print_lines;
use super::values::{PlayerArg, VariantArg};
use carrom::bot::matchplay::{Player, play};
use carrom::game::Match;
use carrom::rules::Settings;
use carrom::sim::PresetId;
use serde::Serialize;
use std::time::Instant;

/// Arguments of `carrom bot-match`.
#[derive(clap::Args)]
pub struct Args {
    /// The game type.
    #[arg(long, value_enum)]
    variant: VariantArg,
    /// Players, 2-4.
    #[arg(long)]
    players: u8,
    /// One player per seat, comma-separated. They rotate one seat per match, so who
    /// breaks alternates.
    #[arg(long, value_enum, value_delimiter = ',')]
    seats: Vec<PlayerArg>,
    /// Number of matches.
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Seed of the first match (match g uses seed + g).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// One match's line.
#[derive(Serialize)]
struct MatchLine {
    #[serde(rename = "match")]
    number: u32,
    winner_side: Option<usize>,
    /// Which `--seats` entries won (partners win together).
    winning_entries: Vec<usize>,
    strokes: u32,
    hash: String,
}

/// The closing line.
#[derive(Serialize)]
struct Summary {
    games: u32,
    /// Wins per `--seats` entry.
    wins: Vec<u32>,
    draws: u32,
    strokes_evaluated_per_s: u64,
}

/// Runs the command: one line per match, then the summary.
pub fn run(args: &Args) -> Exit {
    let entries: Vec<Player> = args.seats.iter().map(|p| p.0).collect();
    if entries.len() != usize::from(args.players) {
        let message =
            format!("--seats names {} players for --players {}", entries.len(), args.players);
        return fail("bot-match", Exit::BadInput, message);
    }
    let n = entries.len();
    let mut summary =
        Summary { games: args.games, wins: vec![0; n], draws: 0, strokes_evaluated_per_s: 0 };
    let (started, mut evaluated) = (Instant::now(), 0u64);
    for g in 0..args.games {
        let seed = args.seed.wrapping_add(u64::from(g));
        let settings =
            match Settings::new(args.variant.0, args.players, PresetId::Standard, 0, seed) {
                Ok(settings) => settings,
                Err(e) => return fail("bot-match", Exit::BadInput, format!("--players: {e}")),
            };
        // Entry e sits on seat slot (e + g) % n this match.
        let shift = g as usize % n;
        let lineup: Vec<Player> = (0..n).map(|slot| entries[(slot + n - shift) % n]).collect();
        let result = play(Match::new(settings), &lineup);
        evaluated += result.evaluated;
        let seats = settings.seats();
        let winners: Vec<usize> = (0..n)
            .filter(|&e| result.winner == Some(settings.side_of(seats[(e + shift) % n])))
            .collect();
        for &e in &winners {
            summary.wins[e] += 1;
        }
        if winners.is_empty() {
            summary.draws += 1;
        }
        let line = MatchLine {
            number: g,
            winner_side: result.winner,
            winning_entries: winners,
            strokes: result.strokes,
            hash: format!("{:016x}", result.hash),
        };
        if print_lines("bot-match", [line]) != Exit::Done {
            return Exit::Failed;
        }
    }
    summary.strokes_evaluated_per_s =
        (evaluated as f64 / started.elapsed().as_secs_f64().max(1e-9)).round() as u64;
    print_lines("bot-match", [summary])
}
