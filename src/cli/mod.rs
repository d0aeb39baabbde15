//! The `carrom` command line: one file per command, each with its own clap `Args`; the
//! game's enumerations as `ValueEnum` (`values`); one exit-code policy (`exit`); every
//! JSON line from a serde type (`output`).

pub mod bot_clear;
pub mod bot_match;
pub mod draughts;
pub mod exit;
pub mod input_error;
#[cfg(feature = "client")]
pub mod lan_games;
#[cfg(feature = "client")]
pub mod link_handler;
pub mod output;
#[cfg(feature = "client")]
pub mod peer;
pub mod play;
pub mod referee;
pub mod replay;
pub mod simulate;
pub mod values;
#[cfg(feature = "client")]
pub mod watching;

use clap::{Parser, Subcommand};
use exit::Exit;

/// Carrom (Classic, Disc Pool, Freestyle) and English draughts, with bit-deterministic
/// physics. Without a command it opens the game.
#[derive(Parser)]
#[command(version, about, after_help = exit::HELP)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: play::Args,
}

#[derive(Subcommand)]
enum Command {
    /// Play the strokes of a scenario file and print one JSON line per stroke.
    Simulate(simulate::Args),
    /// Adjudicate a match scenario (shots or stroke facts) and print one JSON line per
    /// stroke with the referee's ruling.
    Referee(referee::Args),
    /// English draughts tools (`carrom draughts` is another name for it).
    #[command(subcommand, alias = "checkers")]
    Draughts(draughts::Command),
    /// Play whole carrom matches between bots and report the results.
    BotMatch(bot_match::Args),
    /// Solo clearing: strokes one player needs to pocket all 18 discs alone from the
    /// Disc Pool rack, over several seeds.
    BotClear(bot_clear::Args),
    /// Join a room as a headless peer and play a match under rollback, or watch one
    /// (--watch); prints one JSON line.
    #[cfg(feature = "client")]
    Peer(Box<peer::Args>),
    /// List the games hosted on this network, and follow the list for a while.
    #[cfg(feature = "client")]
    LanGames(lan_games::Args),
    /// Make carrom://join/CODE links open the game and join (a desktop entry on Linux).
    #[cfg(feature = "client")]
    InstallLinkHandler(link_handler::Args),
    /// Verify a match record (or a desync record) headless: re-simulate it and report the
    /// first stroke, move or frame whose hash differs.
    Replay(replay::Args),
}

impl Cli {
    /// Runs the command the arguments name (the game when they name none).
    pub fn run(self, started: std::time::Instant) -> Exit {
        match self.command {
            Some(Command::Simulate(args)) => simulate::run(&args),
            Some(Command::Referee(args)) => referee::run(&args),
            Some(Command::Draughts(command)) => draughts::run(command),
            Some(Command::BotMatch(args)) => bot_match::run(&args),
            Some(Command::BotClear(args)) => bot_clear::run(&args),
            #[cfg(feature = "client")]
            Some(Command::Peer(args)) if args.watch.is_some() => {
                watching::run(&args, peer::ice_servers(&args), peer::lan_host(&args))
            }
            #[cfg(feature = "client")]
            Some(Command::Peer(args)) => peer::run(*args),
            Some(Command::Replay(args)) => replay::run(&args),
            #[cfg(feature = "client")]
            Some(Command::LanGames(args)) => lan_games::run(&args),
            #[cfg(feature = "client")]
            Some(Command::InstallLinkHandler(args)) => link_handler::run(&args),
            None => play::run(self.play, started),
        }
    }
}
