//! `carrom draughts analyse`: weighs every move of a PDN game against the engine's.

use crate::cli::exit::{Exit, fail};
use carrom::draughts::analysis::{Analysis, PROVEN, Verdict};
use carrom::draughts::pdn::{self, write_move};
use carrom::draughts::search::{Searcher, WIN};
use carrom::draughts::{Colour, Draughts};
use std::io::Read;

/// Longest PDN read: a game of several hundred moves is a few kilobytes.
const MOST_BYTES: u64 = 1 << 20;

/// Arguments of `carrom draughts analyse`.
#[derive(clap::Args)]
pub struct Args {
    /// The game, a PDN file (`-`: standard input).
    file: String,
    /// Nodes the engine searches in each position.
    #[arg(long, default_value_t = 200_000)]
    nodes: u64,
}

/// Runs the command: a line for each move (its verdict, and the engine's move where it
/// was better), then the counts as one JSON line.
pub fn run(args: &Args) -> Exit {
    let text = match read(&args.file) {
        Ok(text) => text,
        Err(why) => return fail("draughts analyse", Exit::BadInput, why),
    };
    let game = match pdn::read_game(&text) {
        Ok(game) => game,
        Err(e) => return fail("draughts analyse", Exit::BadInput, format!("{}: {e}", args.file)),
    };
    let mut analysis = Analysis::new(game.start, &game.moves, args.nodes.max(1));
    let mut searcher = Searcher::default();
    while analysis.step(&mut searcher) {}
    let mut counts = [0u32; 4];
    let mut before = Draughts::from(game.start);
    for (ply, judged) in analysis.judged().iter().enumerate() {
        let black = before.position.to_move() == Colour::Black;
        let number = before.plies / 2 + 1;
        let dots = if black { "." } else { "..." };
        let mut line =
            format!("{number}{dots} {} {}", write_move(&judged.played), name(judged.verdict));
        if judged.verdict != Verdict::Good {
            let (best, was, now) =
                (write_move(&judged.best), men(judged.before), men(judged.after));
            line.push_str(&format!(" (best {best}; {was} to {now})"));
        }
        if let Some(win) = judged.proven {
            let winner = if win.winner == Colour::Black { "Black" } else { "Red" };
            line.push_str(&format!(" [{winner} wins in {} plies]", win.plies));
        }
        println!("{line}");
        counts[judged.verdict as usize] += 1;
        before.play(&game.moves[ply]);
    }
    let [_, inaccuracies, mistakes, blunders] = counts;
    let moves = game.moves.len();
    println!(
        "{{\"moves\": {moves}, \"inaccuracies\": {inaccuracies}, \"mistakes\": {mistakes}, \"blunders\": {blunders}}}"
    );
    Exit::Done
}

/// The file's text, refused past [`MOST_BYTES`].
fn read(file: &str) -> Result<String, String> {
    let source: Box<dyn Read> = if file == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(file).map_err(|e| format!("{file}: {e}"))?)
    };
    let mut bytes = Vec::new();
    source.take(MOST_BYTES + 1).read_to_end(&mut bytes).map_err(|e| format!("{file}: {e}"))?;
    if bytes.len() as u64 > MOST_BYTES {
        return Err(format!("{file}: longer than {MOST_BYTES} bytes, which no game is"));
    }
    String::from_utf8(bytes).map_err(|_| format!("{file}: not text (UTF-8)"))
}

fn name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Good => "good",
        Verdict::Inaccuracy => "inaccuracy",
        Verdict::Mistake => "mistake",
        Verdict::Blunder => "blunder",
    }
}

/// A score in men, with two decimals (a man is 100), or a proven win or loss in plies.
fn men(score: i32) -> String {
    if score.abs() > PROVEN {
        let outcome = if score > 0 { "a win" } else { "a loss" };
        return format!("{outcome} in {} plies", WIN - score.abs());
    }
    let sign = if score < 0 { "-" } else { "+" };
    let hundredths = score.unsigned_abs();
    format!("{sign}{}.{:02}", hundredths / 100, hundredths % 100)
}
