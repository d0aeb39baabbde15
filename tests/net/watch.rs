//! Watchers of real matches: `carrom peer --watch` processes following `carrom peer`
//! players through carrom-signaling over real WebRTC inside a fresh network namespace. One
//! arrives before the match starts and one in the middle; both end on the players' final
//! hash. A third is killed mid-match and the players do not notice. "Mid-match" is read
//! from the first watcher's progress, not guessed from the clock.

use crate::net_support::{finish, finish_all, isolated, said, signaling, until_peers};
use serde_json::Value;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// `carrom peer` playing a carrom match in room `room`, or (`None`) watching it.
fn carrom(url: &str, room: &str, playing: Option<&str>, extra: &[&str]) -> Child {
    command(url, room, playing, extra).spawn().unwrap()
}

/// The same, not started (its stderr inherited).
fn command(url: &str, room: &str, playing: Option<&str>, extra: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carrom"));
    command.args(["peer", "--signaling", url, "--connect-timeout", "120"]);
    command.args(["--match-timeout", "400"]);
    match playing {
        Some(variant) => command
            .args(["--room", room, "--players", "2", "--variant", variant, "--bot", "medium"])
            .args(["--diagnostics"])
            .arg(std::env::temp_dir()),
        None => command.args(["--watch", room, "--as", "watcher"]),
    };
    command.args(extra).stdout(Stdio::piped()).stderr(Stdio::inherit());
    command
}

/// Waits (at most 120 s) until a watcher says it has checked `n` boundaries.
pub(crate) fn until_checked(progress: &mpsc::Receiver<String>, n: u32) {
    let wanted = format!(", {n} boundaries checked");
    let deadline = Instant::now() + Duration::from_secs(120);
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match progress.recv_timeout(left) {
            Ok(line) if line.ends_with(&wanted) => return,
            Ok(_) => {}
            Err(_) => break,
        }
    }
    panic!("the watcher never checked {n} boundaries");
}

/// A watcher's report: it exited 0 and ended where the players did.
fn watched(child: Child, players: &Value) -> Value {
    let (code, report) = finish(child, Duration::from_secs(420));
    eprintln!("watcher: {report}");
    assert_eq!(code, 0, "the watcher saw the match to its end: {report}");
    assert_eq!(report["hash"], players["hash"], "the watcher ends on the players' state");
    assert_eq!(report["frames"], players["frames"]);
    assert_eq!(report["result"]["winner_side"], players["result"]["winner_side"]);
    assert_eq!(report["result"]["scores"], players["result"]["scores"]);
    assert!(report["checked_boundaries"].as_u64().unwrap() > 0, "it checked the players' hashes");
    report
}

#[test]
fn watchers_from_the_start_and_from_mid_match_end_on_the_players_hash() {
    let test = "watchers_from_the_start_and_from_mid_match_end_on_the_players_hash";
    if !isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = signaling();
    let room = "0123456789ABW";
    // A player's pace: a two-player Disc Pool match between medium bots took 1,445 to
    // 2,543 frames in five runs, 24 to 42 s; the late watcher arrives after the third
    // stroke, some 300 frames in. (Half speed spent 40 s more, the whole suite waiting.)
    let pace: &[&str] = &["--speed", "60"];
    let first = carrom(&url, room, Some("disc_pool"), pace);
    until_peers(&url, 1);
    let mut early = command(&url, room, None, &[]).stderr(Stdio::piped()).spawn().unwrap();
    let progress = said(&mut early, "early watcher");
    let mut doomed = carrom(&url, room, None, &[]);
    until_peers(&url, 3);
    let second = carrom(&url, room, Some("disc_pool"), pace);
    until_checked(&progress, 1);
    doomed.kill().unwrap();
    let _ = doomed.wait();
    until_checked(&progress, 3);
    let late = carrom(&url, room, None, &[]);
    let players = finish_all(vec![first, second], Duration::from_secs(420));
    let _ = stop.send(());
    for report in &players {
        eprintln!("player: {report}");
        assert_eq!(report["result"]["ending"], "finished", "a watcher killed changed nothing");
        assert_eq!(report["hash"], players[0]["hash"]);
        assert!(report["most_watching"].as_u64().unwrap() >= 2, "the players counted watchers");
    }
    let early = watched(early, &players[0]);
    assert_eq!(early["joined_at_frame"], 0, "there before the match began");
    let late = watched(late, &players[0]);
    let joined = late["joined_at_frame"].as_u64().unwrap();
    assert!(joined > 0, "the late watcher joined mid-match, at a stroke boundary: {late}");
    assert_eq!(late["players"], early["players"]);
}

#[test]
fn ck_15_a_draughts_game_is_watched_to_its_end() {
    let test = "ck_15_a_draughts_game_is_watched_to_its_end";
    if !isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = signaling();
    let room = "0123456789ABX";
    let player = |level: &str| {
        Command::new(env!("CARGO_BIN_EXE_carrom"))
            .args(["peer", "--signaling", &url, "--room", room, "--players", "2"])
            .args(["--draughts", level, "--speed", "0", "--connect-timeout", "60"])
            .args(["--match-timeout", "300"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap()
    };
    let first = player("easy");
    until_peers(&url, 1);
    let watcher = carrom(&url, room, None, &[]);
    until_peers(&url, 2);
    let second = player("medium");
    let players = finish_all(vec![first, second], Duration::from_secs(320));
    let _ = stop.send(());
    for report in &players {
        eprintln!("player: {report}");
    }
    assert_eq!(players[0]["hash"], players[1]["hash"]);
    let (code, report) = finish(watcher, Duration::from_secs(60));
    eprintln!("watcher: {report}");
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["hash"], players[0]["hash"], "the watcher ends on the players' game");
    assert_eq!(report["result"]["winner_side"], players[0]["result"]["winner_side"]);
}

#[test]
fn a_watcher_of_a_room_with_no_match_is_told_so() {
    let test = "a_watcher_of_a_room_with_no_match_is_told_so";
    if !isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = signaling();
    let out = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["peer", "--signaling", &url, "--watch", "0123456789ABY"])
        .output()
        .unwrap();
    let _ = stop.send(());
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("no match being played with this code"), "{said}");
    let bad = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["peer", "--signaling", &url, "--watch", "nonsense"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}
