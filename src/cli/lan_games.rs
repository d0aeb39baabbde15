//! `carrom lan-games`: the games hosted on this network, as the join screen lists them —
//! one JSON line now and one each time the list changes, for as long as asked.

use super::exit::{Exit, fail};
use super::output::print_lines;
use carrom::net::lan::{FoundGame, LanBrowser};
use serde::Serialize;
use std::time::{Duration, Instant};

/// Arguments of `carrom lan-games`.
#[derive(clap::Args)]
pub struct Args {
    /// Seconds to watch the list.
    #[arg(long, default_value_t = 5)]
    watch: u64,
}

/// One line: the list as it is now.
#[derive(Serialize)]
struct Line {
    games: Vec<Game>,
}

/// A game of the list.
#[derive(Serialize)]
struct Game {
    /// As the join screen shows it.
    line: String,
    host: Option<String>,
    game: Option<String>,
    players: Option<u8>,
    free: Option<u8>,
    protocol: Option<u32>,
    /// Why it cannot be joined from here.
    refusal: Option<String>,
    addresses: Vec<String>,
}

impl Game {
    fn of(found: &FoundGame) -> Game {
        let listing = found.listing.as_ref().ok();
        Game {
            line: found.line(),
            host: listing.map(|l| l.host.clone()),
            game: listing.map(|l| l.game.clone()),
            players: listing.map(|l| l.players),
            free: listing.map(|l| l.free),
            protocol: listing.map(|l| l.protocol),
            refusal: found.refusal().map(|why| why.to_string()),
            addresses: found.addresses.iter().map(ToString::to_string).collect(),
        }
    }
}

/// Runs the command.
pub fn run(args: &Args) -> Exit {
    let command = "lan-games";
    let mut browser = match LanBrowser::start() {
        Ok(browser) => browser,
        Err(e) => return fail(command, Exit::Failed, e),
    };
    let deadline = Instant::now() + Duration::from_secs(args.watch);
    let mut first = true;
    loop {
        if browser.poll() || first {
            first = false;
            let games = browser.games().iter().map(Game::of).collect();
            if print_lines(command, [Line { games }]) != Exit::Done {
                return Exit::Failed;
            }
        }
        if Instant::now() >= deadline {
            return Exit::Done;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}
