//! Reconnecting, with real `carrom peer` processes through carrom-signaling over real
//! WebRTC inside a fresh network namespace: a player killed with SIGKILL in the middle of
//! a match and started again with `--rejoin` takes its seat back, and every player ends
//! the match on one hash (two and four players, and draughts); a player who never comes
//! back forfeits when the grace period ends. (A network cut is in `lan.rs`, where each
//! player has a link of its own to cut.)

use crate::net_support::{
    finish, isolated, said, signaling, signaling_with, until_stroke, wait_for,
};
use clap::Parser;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A fresh directory for one test's seat files.
fn dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carrom-rejoin-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A player's process and what it says on stderr, line by line.
type Player = (Child, mpsc::Receiver<String>);

/// `carrom peer` in room `room` (or rejoining from its seat file), its seat kept in
/// `seat`, with `game` naming the match (`--variant …`, `--draughts …`).
fn player(url: &str, room: Option<&str>, seat: &Path, game: &[&str], grace: &str) -> Player {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carrom"));
    command.args(["peer", "--signaling", url, "--connect-timeout", "120"]);
    command.args(["--match-timeout", "400", "--grace", grace, "--seat-file"]).arg(seat);
    match room {
        Some(room) => command.args(["--room", room]),
        None => command.arg("--rejoin"),
    };
    command.args(game).args(["--diagnostics"]).arg(std::env::temp_dir());
    // Why it held, came back and resumed, beside the milestones, for a failure's log.
    command.env("RUST_LOG", "carrom=info");
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // The directory names the test: lines of tests running side by side stay apart.
    let test = seat.parent().and_then(Path::file_name).map(|d| d.to_string_lossy().into_owned());
    let seat = seat.file_stem().map(|s| s.to_string_lossy().into_owned());
    let who = format!("{} {}", test.unwrap_or_default(), seat.unwrap_or_default());
    let heard = said(&mut child, &who);
    (child, heard)
}

/// Waits until every one of `players` has played a stroke (or a draughts move): the match
/// is under way for all, however long joining took on a busy machine.
fn until_under_way<'a>(players: impl IntoIterator<Item = &'a Player>) {
    for (_, heard) in players {
        until_stroke(heard, 2, Duration::from_secs(180));
    }
}

/// Waits until `player` says it holds the match for a player who dropped.
fn until_holding(player: &Player) {
    wait_for(&player.1, Duration::from_secs(60), |l| l.contains("holding the match"));
}

/// Waits until `player` plays on in a session of epoch `epoch` (its players all connected).
fn until_playing_in(player: &Player, epoch: u32) {
    let wanted = format!("the match goes on in epoch {epoch}");
    wait_for(&player.1, Duration::from_secs(120), |l| l.ends_with(&wanted));
}

/// Waits (at most 60 s) until `path` exists: the match has started and the player kept
/// its seat.
fn until_kept(path: &Path) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if path.exists() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("{} was never written", path.display());
}

/// Every report finished, on one hash, in a session after the drop.
fn one_end(reports: &[Value], dropped_seat: Option<usize>) {
    for report in reports {
        eprintln!("{report}");
        assert_eq!(report["result"]["ending"], "finished", "{report}");
        assert_eq!(report["hash"], reports[0]["hash"], "every peer ends on the same state");
        assert_eq!(report["frames"], reports[0]["frames"]);
        assert_eq!(report["table"], reports[0]["table"]);
        assert!(report["epoch"].as_u64().unwrap() >= 1, "the match resumed: {report}");
        if let Some(seat) = dropped_seat {
            assert!(report["drops"][seat].as_u64().unwrap() >= 1, "seat {seat} dropped");
        }
    }
}

/// Kills player `doomed` of `players` (SIGKILL) once every player has played, starts it
/// again with `--rejoin` once the others hold the match for it, and returns every report
/// once the match has ended. A watcher follows the match and must end where the players
/// did.
fn kill_and_rejoin(test: &str, seats: usize, game: &[&str], doomed: usize) -> Vec<Value> {
    let (url, stop) = signaling();
    let reports = kill_and_rejoin_at(&url, test, seats, game, doomed);
    let _ = stop.send(());
    reports
}

/// [`kill_and_rejoin`] through the signaling server (or proxy) at `url`.
fn kill_and_rejoin_at(
    url: &str,
    test: &str,
    seats: usize,
    game: &[&str],
    doomed: usize,
) -> Vec<Value> {
    let room = format!("0123456789AR{seats}");
    let dir = dir(test);
    let seat = |n: usize| dir.join(format!("seat{n}.json"));
    let mut children: Vec<Option<Player>> =
        (0..seats).map(|n| Some(player(url, Some(&room), &seat(n), game, "60"))).collect();
    until_kept(&seat(doomed));
    let mut watcher = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["peer", "--signaling", url, "--watch", &room, "--as", "watcher"])
        .args(["--connect-timeout", "60", "--match-timeout", "400"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _watcher_said =
        said(&mut watcher, &format!("{} watcher", dir.file_name().unwrap().to_string_lossy()));
    until_under_way(children.iter().flatten());
    let (mut killed, _) = children[doomed].take().unwrap();
    killed.kill().unwrap();
    let _ = killed.wait();
    children.iter().flatten().for_each(until_holding);
    children[doomed] = Some(player(url, None, &seat(doomed), game, "60"));
    let reports: Vec<Value> = children
        .into_iter()
        .map(|child| {
            let (code, report) = finish(child.unwrap().0, Duration::from_secs(420));
            assert_eq!(code, 0, "the peer finished the match: {report}");
            report
        })
        .collect();
    let (code, watched) = finish(watcher, Duration::from_secs(60));
    eprintln!("watcher: {watched}");
    assert_eq!(code, 0, "the watcher saw the match to its end: {watched}");
    assert_eq!(watched["hash"], reports[0]["hash"], "the watcher ends where the players did");
    assert!(!seat(doomed).exists(), "the seat is let go once the match is over");
    let _ = std::fs::remove_dir_all(&dir);
    reports
}

/// The seat a peer's reports agree `doomed`'s player had: its drop count is the one above
/// zero.
fn dropped_seat(reports: &[Value]) -> Option<usize> {
    let drops = reports[0]["drops"].as_array()?;
    drops.iter().position(|d| d.as_u64() > Some(0))
}

#[test]
fn a_player_killed_mid_match_rejoins_and_both_end_on_one_hash() {
    let test = "a_player_killed_mid_match_rejoins_and_both_end_on_one_hash";
    if !isolated(module_path!(), test) {
        return;
    }
    // Half speed: a Disc Pool match between medium bots lasts 14 to 60 s.
    let game = ["--players", "2", "--variant", "disc_pool", "--bot", "medium", "--speed", "30"];
    let reports = kill_and_rejoin(test, 2, &game, 1);
    one_end(&reports, dropped_seat(&reports));
}

#[path = "../../signaling/tests/support/proxy.rs"]
mod proxy;

#[test]
fn a_player_killed_mid_match_rejoins_through_nginx_in_front_of_three_instances() {
    let test = "a_player_killed_mid_match_rejoins_through_nginx_in_front_of_three_instances";
    let Some(nginx) = proxy::nginx() else { return };
    if !isolated(module_path!(), test) {
        return;
    }
    let mut instances = Vec::new();
    for n in 1..=3 {
        let name = format!("--instance=sig-{n}");
        let config = carrom_signaling::Config::parse_from([
            "carrom-signaling",
            "--addr=127.0.0.1:0",
            "--trusted-proxy=127.0.0.1",
            name.as_str(),
        ]);
        let (url, stop) = signaling_with(config);
        let addr: std::net::SocketAddr = url.trim_start_matches("ws://").parse().unwrap();
        instances.push((addr, stop));
    }
    let upstreams: Vec<std::net::SocketAddr> = instances.iter().map(|i| i.0).collect();
    let front = proxy::Proxy::start(&nginx, "rejoin", &upstreams, 0);
    let game = ["--players", "2", "--variant", "disc_pool", "--bot", "medium", "--speed", "30"];
    let reports = kill_and_rejoin_at(&format!("ws://{}", front.addr), test, 2, &game, 1);
    one_end(&reports, dropped_seat(&reports));
    // The players, the one who came back and the watcher all reached the room's instance.
    let counts: Vec<[u64; 3]> = upstreams
        .iter()
        .map(|&addr| {
            let metrics = proxy::get(addr, "/metrics").expect("an instance's metrics");
            let count = |name| proxy::figure(&metrics, name).map_or(0, |f| f.1);
            [
                count("carrom_signaling_joins_total"),
                count("carrom_signaling_rejoins_total"),
                count("carrom_signaling_watcher_joins_total"),
            ]
        })
        .collect();
    let used: Vec<&[u64; 3]> = counts.iter().filter(|c| c[0] > 0).collect();
    assert_eq!(used.len(), 1, "one instance held the room: {counts:?}");
    assert_eq!(used[0][1..], [1, 1], "the rejoin and the watcher reached it: {counts:?}");
    for (_, stop) in instances {
        let _ = stop.send(());
    }
}

#[test]
fn one_of_four_players_killed_mid_match_rejoins_and_all_end_on_one_hash() {
    let test = "one_of_four_players_killed_mid_match_rejoins_and_all_end_on_one_hash";
    if !isolated(module_path!(), test) {
        return;
    }
    // A player's pace: the drop comes at the second stroke, long before the end.
    let game = ["--players", "4", "--variant", "freestyle", "--bot", "medium", "--speed", "60"];
    let reports = kill_and_rejoin(test, 4, &game, 2);
    let seat = dropped_seat(&reports);
    assert!(seat.is_some(), "one seat dropped: {reports:?}");
    one_end(&reports, seat);
}

#[test]
fn ck_15_a_draughts_player_killed_mid_game_rejoins_and_both_end_on_one_hash() {
    let test = "ck_15_a_draughts_player_killed_mid_game_rejoins_and_both_end_on_one_hash";
    if !isolated(module_path!(), test) {
        return;
    }
    let game = ["--players", "2", "--draughts", "easy", "--speed", "30"];
    let reports = kill_and_rejoin(test, 2, &game, 0);
    one_end(&reports, dropped_seat(&reports));
}

#[test]
fn a_player_who_does_not_come_back_within_the_grace_period_forfeits() {
    let test = "a_player_who_does_not_come_back_within_the_grace_period_forfeits";
    if !isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = signaling();
    let room = "0123456789AG2";
    let dir = dir(test);
    let game = ["--players", "2", "--variant", "disc_pool", "--bot", "medium", "--speed", "30"];
    let stays = player(&url, Some(room), &dir.join("stays.json"), &game, "6");
    let mut leaves = player(&url, Some(room), &dir.join("leaves.json"), &game, "6");
    until_under_way([&stays, &leaves]);
    leaves.0.kill().unwrap();
    let _ = leaves.0.wait();
    let dropped = Instant::now();
    let (code, report) = finish(stays.0, Duration::from_secs(120));
    let _ = stop.send(());
    eprintln!("{report}");
    assert_eq!(code, 3, "a forfeit: {report}");
    assert_eq!(report["result"]["ending"], "opponent_gone");
    assert!(report["result"]["winner_side"].is_number(), "the one who stayed wins: {report}");
    assert!(dropped.elapsed() >= Duration::from_secs(6), "the player was waited for 6 s first");
    assert!(report["banner"].as_str().unwrap().contains("did not come back"), "{report}");
    assert!(!dir.join("stays.json").exists(), "the seat is let go once the match is over");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_player_coming_back_to_a_match_nobody_plays_any_more_is_told_so() {
    let test = "a_player_coming_back_to_a_match_nobody_plays_any_more_is_told_so";
    if !isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = signaling();
    let room = "0123456789AN2";
    let dir = dir(test);
    let game = ["--players", "2", "--variant", "disc_pool", "--bot", "medium", "--speed", "30"];
    let mut both: Vec<Player> = ["a.json", "b.json"]
        .iter()
        .map(|seat| player(&url, Some(room), &dir.join(seat), &game, "5"))
        .collect();
    until_under_way(&both);
    for (child, _) in &mut both {
        child.kill().unwrap();
        let _ = child.wait();
    }
    let started = Instant::now();
    let back = player(&url, None, &dir.join("a.json"), &game, "5");
    let (code, report) = finish(back.0, Duration::from_secs(60));
    let _ = stop.send(());
    assert_eq!(code, 1, "a failure, said on stderr, not a win: {report}");
    assert!(started.elapsed() >= Duration::from_secs(5), "it waited the grace period first");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_player_who_drops_a_third_time_forfeits_at_once() {
    let test = "a_player_who_drops_a_third_time_forfeits_at_once";
    if !isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = signaling();
    let room = "0123456789AT2";
    let dir = dir(test);
    let seat = dir.join("flaky.json");
    // Classic at half speed: far longer than the three drops take.
    let game = ["--players", "2", "--variant", "classic", "--bot", "medium", "--speed", "30"];
    let stays = player(&url, Some(room), &dir.join("stays.json"), &game, "60");
    let mut flaky = player(&url, Some(room), &seat, &game, "60");
    until_under_way([&stays, &flaky]);
    for drop in 1..=3 {
        flaky.0.kill().unwrap();
        let _ = flaky.0.wait();
        if drop == 3 {
            break;
        }
        until_holding(&stays);
        flaky = player(&url, None, &seat, &game, "60");
        // Both play again: the other's session runs only once both are connected.
        until_playing_in(&stays, drop);
    }
    let dropped = Instant::now();
    let (code, report) = finish(stays.0, Duration::from_secs(60));
    let _ = stop.send(());
    eprintln!("{report}");
    assert_eq!(code, 3, "a forfeit: {report}");
    assert!(report["banner"].as_str().unwrap().contains("dropped 3 times"), "{report}");
    assert!(
        dropped.elapsed() < Duration::from_secs(30),
        "not waited for a third time (the grace period is 60 s)"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
