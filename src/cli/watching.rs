//! `carrom peer --watch CODE`: a headless watcher follows a running match, online or on
//! this network, from wherever it has got to, and prints one JSON line: the end hash, the
//! result, where it joined and how many of the players' boundary hashes it checked.

use super::exit::{Exit, fail};
use super::output::print_lines;
use super::peer::{Args, LanGame};
use carrom::net::connect::{GAME_CHANNEL, HELLO_CHANNEL, IceServer, RESUME_CHANNEL, WATCH_CHANNEL};
use carrom::net::junk::Junk;
use carrom::net::room::watch_room;
use carrom::net::watch::Watched;
use carrom::net::watcher::{WatchEnd, Watcher};
use carrom_signaling::code;
use serde::Serialize;
use std::time::{Duration, Instant};

/// The line a watcher prints.
#[derive(Serialize)]
struct Line {
    result: Outcome,
    /// The frame the match ended at.
    frames: u32,
    /// The state's hash there: the players' `hash`.
    hash: String,
    /// The frame of the boundary the watcher was sent on arrival.
    joined_at_frame: u32,
    /// Boundary hashes of the players' checked on the way.
    checked_boundaries: u32,
    players: Vec<String>,
}

#[derive(Serialize)]
struct Outcome {
    ending: &'static str,
    winner_side: Option<usize>,
    scores: Vec<i32>,
}

/// Watches the match the arguments name to its end.
pub fn run(args: &Args, ice: Vec<IceServer>, lan: Option<LanGame>) -> Exit {
    let command = "peer";
    let url = match address(args, lan) {
        Ok(url) => url,
        Err((exit, message)) => return fail(command, exit, message),
    };
    let mut watcher = match Watcher::open(&url, &ice, &args.player_name) {
        Ok(watcher) if args.claim_seat => watcher.claiming_a_seat(&args.player_name),
        Ok(watcher) => watcher,
        Err(e) => return fail(command, Exit::Failed, e),
    };
    let started = Instant::now();
    let mut junk = hostile(args);
    let tick = Duration::from_secs(1) / 60;
    let mut told = None;
    let mut players = 0;
    loop {
        let outcome = watcher.poll().and_then(|()| {
            while watcher.step()? {}
            Ok(())
        });
        match outcome {
            Err(WatchEnd::Fault(fault)) => return fail(command, Exit::Desync, fault),
            Err(WatchEnd::Failed(why)) => return fail(command, Exit::Failed, why),
            Ok(()) => {}
        }
        let channels = [GAME_CHANNEL, HELLO_CHANNEL, WATCH_CHANNEL, RESUME_CHANNEL];
        if let Some(garbage) = junk.0.as_mut() {
            for message in garbage.due() {
                for channel in channels {
                    watcher.send_to_players(channel, &message);
                }
            }
        }
        // The flood's rate is in all: its messages take each channel in turn.
        if let Some(flood) = junk.1.as_mut() {
            for (message, channel) in flood.due().iter().zip(channels.iter().cycle()) {
                watcher.send_to_players(*channel, message);
            }
        }
        for (peer, why) in watcher.take_refusals() {
            eprintln!("carrom peer: warning: no longer reading {peer}'s stream: {why}");
        }
        if watcher.players_connected() != players {
            players = watcher.players_connected();
            eprintln!("carrom peer: connected to {players} player(s)");
        }
        // Progress on stderr, a line for each boundary checked (tests wait on it).
        if let Some(follower) = watcher.follower.as_ref()
            && told != Some(follower.checked)
        {
            told = Some(follower.checked);
            eprintln!(
                "carrom peer: watching from frame {}, at frame {}, {} boundaries checked",
                follower.joined_at,
                follower.game.frame(),
                follower.checked
            );
        }
        if let Some(follower) = watcher.follower.as_ref().filter(|f| f.game.is_over()) {
            let (winner_side, scores) = result(&follower.game);
            let line = Line {
                result: Outcome { ending: "finished", winner_side, scores },
                frames: follower.game.frame(),
                hash: format!("{:016x}", follower.game.hash()),
                joined_at_frame: follower.joined_at,
                checked_boundaries: follower.checked,
                players: follower.names.clone(),
            };
            return print_lines(command, [line]);
        }
        if watcher.follower.is_none()
            && started.elapsed() > Duration::from_secs(args.connect_timeout)
        {
            let message = format!("no match arrived within {} s", args.connect_timeout);
            return fail(command, Exit::Failed, message);
        }
        if watcher.stream_ended() {
            return fail(command, Exit::Failed, "the players left before the match ended");
        }
        if started.elapsed() > Duration::from_secs(args.match_timeout) {
            let message = format!("the match did not end within {} s", args.match_timeout);
            return fail(command, Exit::Failed, message);
        }
        std::thread::sleep(tick);
    }
}

/// Hostile-peer tests: the garbage this watcher sends the players on every channel, and
/// the flood it sends them, if any.
fn hostile(args: &Args) -> (Option<Junk>, Option<Junk>) {
    let garbage =
        (args.inject_garbage > 0).then(|| Junk::new(args.inject_garbage.into(), 300, args.seed));
    let flood = (args.flood > 0).then(|| Junk::flood(args.flood, args.seed ^ 1));
    (garbage, flood)
}

/// The watch address: the signaling server's and the code's, or the LAN host's and its
/// game's room.
fn address(args: &Args, lan: Option<LanGame>) -> Result<String, (Exit, String)> {
    let text = args.watch.as_deref().unwrap_or_default().trim();
    if let Some(found) = lan {
        let (address, listing) = found?;
        // A game with every seat taken is the one to watch; another version is not.
        if listing.protocol != carrom::net::PROTOCOL_VERSION
            && let Some(why) = listing.refusal()
        {
            return Err((Exit::Failed, format!("cannot watch {}: {why}", listing.line())));
        }
        return Ok(watch_room(&format!("ws://{address}"), &listing.room));
    }
    let Some(signaling) = &args.signaling else {
        return Err((Exit::BadInput, "--watch needs --signaling, or --lan-join".into()));
    };
    let Some(code) = code::code_in(text).map(|(code, _)| code) else {
        let message = format!(
            "--watch {text:?} is not an invite code (13 characters, 0-9 and A-Z without I, L, O, U)"
        );
        return Err((Exit::BadInput, message));
    };
    Ok(watch_room(signaling, &code))
}

/// The winner's side, if any, and each side's score (draughts: the men each side took).
fn result(game: &Watched) -> (Option<usize>, Vec<i32>) {
    match game {
        Watched::Carrom(m) => {
            let standing = m.standing();
            let sides = m.settings().sides();
            let winner =
                (standing.winner != carrom::rules::NO_SIDE).then_some(standing.winner as usize);
            (winner, standing.scores[..sides].to_vec())
        }
        Watched::Draughts(t) => {
            let winner = t.winner().map(|c| usize::from(c == carrom::draughts::Colour::Red));
            (winner, Vec::new())
        }
    }
}
