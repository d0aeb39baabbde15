//! Hostile peers: a real `carrom peer` made to lie, through its hidden test switches, in
//! a match with honest `carrom peer` players over real WebRTC in a fresh network
//! namespace. Whatever it says, the honest players end on one hash, the liar's word
//! changes nothing about anyone else, and each honest player says what it refused.

use crate::net_support::{finish, isolated, said, signaling, until_peers, wait_for};
use crate::online::{diagnostics_dir, heard_peer};
use serde_json::Value;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// Three bots in a Classic match as fast as they can play, the last one lying with
/// `lie`; waited for 5 s when silent. Returns the honest players' exit codes and reports,
/// with what each said.
fn three_with_a_liar(test: &str, lie: &[&str]) -> Vec<(i32, Value, Vec<String>)> {
    let (url, stop) = signaling();
    let dir = diagnostics_dir(test);
    let game = (url.as_str(), "0123456789ABE", 3, "classic");
    let honest: &[&str] = &["--speed", "0", "--grace", "5"];
    let players: Vec<(Child, Receiver<String>)> = ["honest-a", "honest-b"]
        .iter()
        .map(|who| heard_peer(who, game, &dir, &[honest, &["--as", who]].concat()))
        .collect();
    let liar = heard_peer("liar", game, &dir, &[honest, &["--as", "liar"], lie].concat());
    let ended: Vec<(i32, Value, Vec<String>)> = players
        .into_iter()
        .map(|(child, heard)| {
            let (code, report) = finish(child, Duration::from_secs(420));
            (code, report, heard.iter().collect())
        })
        .collect();
    let (mut liar, _) = liar;
    let _ = liar.kill();
    let _ = liar.wait();
    let _ = stop.send(());
    for (code, report, _) in &ended {
        eprintln!("exit {code}: {report}");
    }
    assert_eq!(ended[0].1["hash"], ended[1].1["hash"], "the honest players end on one state");
    assert_eq!(ended[0].1["frames"], ended[1].1["frames"]);
    ended
}

#[test]
fn a_player_claiming_another_is_disconnected_is_refused_and_forfeits_itself() {
    let test = "a_player_claiming_another_is_disconnected_is_refused_and_forfeits_itself";
    if !isolated(module_path!(), test) {
        return;
    }
    // GGRS would make the named player resign on every machine at once. Here the claim is
    // refused, the liar falls silent to the others, is held for, and at its third drop
    // forfeits, though it offers to come back each time; the one it named plays on.
    let ended = three_with_a_liar(test, &["--forge-disconnect", "0"]);
    for (code, report, said) in &ended {
        assert_eq!(*code, 3, "the match ended with a player ruled out: {report}");
        assert_eq!(report["result"]["ending"], "opponent_gone");
        let banner = report["banner"].as_str().unwrap_or_default();
        let forfeits = banner.starts_with("liar dropped 3 times: it is ruled a forfeit");
        assert!(
            forfeits,
            "the liar forfeits at its third drop, whether it came back or not: {banner}"
        );
        let refused = said.iter().any(|l| l.contains("refused: liar claimed a player was"));
        assert!(refused, "the refusal names the liar");
    }
}

#[test]
fn a_false_checksum_from_one_player_of_three_ends_nothing() {
    let test = "a_false_checksum_from_one_player_of_three_ends_nothing";
    if !isolated(module_path!(), test) {
        return;
    }
    let ended = three_with_a_liar(test, &["--forge-checksums"]);
    for (code, report, said) in &ended {
        assert_eq!(*code, 0, "no desync: {report}");
        assert_eq!(report["result"]["ending"], "finished");
        let refused = said.iter().any(|l| l.contains("refused: liar reported a state"));
        assert!(refused, "the refusal names the liar");
    }
}

#[test]
fn a_watcher_claiming_a_seat_takes_none_and_the_players_play_on() {
    let test = "a_watcher_claiming_a_seat_takes_none_and_the_players_play_on";
    if !isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = signaling();
    let dir = diagnostics_dir(test);
    let code = "0123456789ABF";
    let game = (url.as_str(), code, 2, "freestyle");
    let fast: &[&str] = &["--speed", "0"];
    let a = heard_peer("honest-a", game, &dir, &[fast, &["--as", "honest-a"]].concat());
    until_peers(&url, 1);
    // It asks the server to watch, then tells the one player there that it comes to play,
    // before the second player has even arrived.
    let mut liar = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["peer", "--signaling", &url, "--watch", code, "--as", "liar", "--claim-seat"])
        .args(["--connect-timeout", "400", "--match-timeout", "400"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let liar_said = said(&mut liar, "liar");
    wait_for(&liar_said, Duration::from_secs(120), |l| l.contains("connected to 1 player"));
    let b = heard_peer("honest-b", game, &dir, &[fast, &["--as", "honest-b"]].concat());
    let ended: Vec<(i32, Value, Vec<String>)> = [a, b]
        .into_iter()
        .map(|(child, heard)| {
            let (code, report) = finish(child, Duration::from_secs(420));
            (code, report, heard.iter().collect())
        })
        .collect();
    let _ = liar.kill();
    let _ = liar.wait();
    let _ = stop.send(());
    for (code, report, _) in &ended {
        eprintln!("exit {code}: {report}");
        assert_eq!(*code, 0, "the two players finished their match: {report}");
        assert_eq!(report["result"]["ending"], "finished");
    }
    assert_eq!(ended[0].1["hash"], ended[1].1["hash"], "the two players played each other");
    let refused = ended[0].2.iter().any(|l| l.contains("refused: liar came to watch but said"));
    assert!(refused, "the player the liar lied to names it");
}

#[test]
fn forged_resumptions_from_a_player_are_refused_and_the_match_resumes_on_one_hash() {
    let test = "forged_resumptions_from_a_player_are_refused_and_the_match_resumes_on_one_hash";
    if !isolated(module_path!(), test) {
        return;
    }
    // The liar offers to resume though nobody dropped, so every player holds; with the
    // offer it sends a decision for four seats, one signed for another seat, one of its
    // own out of turn (unless it is the lowest seat), and an offer for epoch u32::MAX.
    let ended = three_with_a_liar(test, &["--forge-resumptions"]);
    for (code, report, said) in &ended {
        assert_eq!(*code, 0, "the match finished: {report}");
        assert_eq!(report["result"]["ending"], "finished");
        // Once for each of its two forged offers, and once more at most for a player slow
        // on a busy machine: a late offer of a round already decided starts no other (it
        // used to, again and again: 5 to 9 times for two offers).
        let epoch = report["epoch"].as_u64().unwrap();
        assert!((1..=3).contains(&epoch), "the players held and resumed: {report}");
        let refused = |what: &[&str]| {
            said.iter().any(|l| {
                l.contains("refused:") && l.contains("liar") && what.iter().any(|w| l.contains(w))
            })
        };
        // Refused while holding, or (by a player that already resumed when it arrived) as
        // a decision that came while nobody held.
        let four_seats =
            ["a decision from liar: a sender that is not the seat deciding", "while nobody held"];
        assert!(refused(&four_seats), "the four-seat decision is refused, naming the liar");
        assert!(
            refused(&["a signature that is not the seat's", "proves no seat"]),
            "the decision signed for another seat is refused"
        );
        assert!(refused(&["an epoch this match is not in"]), "the epoch u32::MAX is refused");
    }
}

#[test]
fn a_player_sending_its_watcher_a_run_length_bomb_is_no_longer_read() {
    let test = "a_player_sending_its_watcher_a_run_length_bomb_is_no_longer_read";
    if !isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = signaling();
    let dir = diagnostics_dir(test);
    let code = "0123456789ABG";
    let game = (url.as_str(), code, 2, "disc_pool");
    let fast: &[&str] = &["--speed", "0"];
    let honest = heard_peer("honest", game, &dir, &[fast, &["--as", "honest"]].concat());
    until_peers(&url, 1);
    let mut watcher = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["peer", "--signaling", &url, "--watch", code, "--as", "watcher"])
        .args(["--connect-timeout", "120", "--match-timeout", "400"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let watcher_said = said(&mut watcher, "watcher");
    until_peers(&url, 2);
    let liar =
        heard_peer("liar", game, &dir, &[fast, &["--as", "liar", "--bomb-watchers"]].concat());
    let players: Vec<Value> = [honest, liar]
        .into_iter()
        .map(|(child, _)| {
            let (code, report) = finish(child, Duration::from_secs(420));
            assert_eq!(code, 0, "a bomb to a watcher is nothing to the players: {report}");
            report
        })
        .collect();
    let (code, watched) = finish(watcher, Duration::from_secs(120));
    let _ = stop.send(());
    eprintln!("watcher: {watched}");
    assert_eq!(players[0]["hash"], players[1]["hash"]);
    assert_eq!(code, 0, "the watcher saw the match to its end from the other stream");
    assert_eq!(watched["hash"], players[0]["hash"], "and ended on the players' state");
    let heard: Vec<String> = watcher_said.iter().collect();
    let refused = heard.iter().any(|l| l.contains("no longer reading") && l.contains("stream"));
    assert!(refused, "the watcher says whose stream it stopped reading");
}

/// Resident memory of process `pid`, KiB.
fn rss(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or("VmRSS: 0 kB");
    line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0)
}

#[test]
fn a_watcher_flooding_every_channel_at_1_mb_s_leaves_the_players_memory_flat() {
    let test = "a_watcher_flooding_every_channel_at_1_mb_s_leaves_the_players_memory_flat";
    if !isolated(module_path!(), test) {
        return;
    }
    let (url, stop) = signaling();
    let dir = diagnostics_dir(test);
    let code = "0123456789ABH";
    // Three seats: the first two wait 60 s for the third under the flood, in the lobby,
    // then play the match under it.
    let game = (url.as_str(), code, 3, "freestyle");
    let fast: &[&str] = &["--speed", "0"];
    let players: Vec<(Child, Receiver<String>)> = ["honest-a", "honest-b"]
        .iter()
        .map(|who| heard_peer(who, game, &dir, &[fast, &["--as", who]].concat()))
        .collect();
    until_peers(&url, 2);
    let mut flooder = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["peer", "--signaling", &url, "--watch", code, "--as", "flooder"])
        .args(["--flood", "1000000", "--inject-garbage", "10"])
        .args(["--connect-timeout", "400", "--match-timeout", "400"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let flooder_said = said(&mut flooder, "flooder");
    wait_for(&flooder_said, Duration::from_secs(120), |l| l.contains("connected to 2 player"));
    let pids: Vec<u32> = players.iter().map(|(child, _)| child.id()).collect();
    std::thread::sleep(Duration::from_secs(5));
    let before: Vec<u64> = pids.iter().map(|pid| rss(*pid)).collect();
    let mut most = before.clone();
    let until = Instant::now() + Duration::from_secs(60);
    while Instant::now() < until {
        std::thread::sleep(Duration::from_secs(2));
        for (most, pid) in most.iter_mut().zip(&pids) {
            *most = (*most).max(rss(*pid));
        }
    }
    eprintln!("players' RSS under the flood, KiB: {before:?} at first, at most {most:?}");
    let third = heard_peer("honest-c", game, &dir, &[fast, &["--as", "honest-c"]].concat());
    let ended: Vec<(i32, Value, Vec<String>)> = players
        .into_iter()
        .chain([third])
        .map(|(child, heard)| {
            let (code, report) = finish(child, Duration::from_secs(420));
            (code, report, heard.iter().collect())
        })
        .collect();
    let _ = flooder.kill();
    let _ = flooder.wait();
    let _ = stop.send(());
    for (code, report, _) in &ended {
        eprintln!("exit {code}: {report}");
        assert_eq!(*code, 0, "the flood changed nothing: {report}");
        assert_eq!(report["hash"], ended[0].1["hash"], "every player ends on one state");
    }
    for (first, most) in before.iter().zip(&most) {
        assert!(*first > 0, "the player's memory could be read");
        assert!(most * 10 <= first * 11, "RSS within 10 % over 60 s: {first} KiB, then {most}");
    }
    for (_, report, said) in &ended[..2] {
        let junk = report["malformed"].as_u64().unwrap() + report["stale"].as_u64().unwrap();
        assert!(junk > 0, "the game channel's junk is counted: {report}");
        let named =
            said.iter().any(|l| l.contains("refused: watcher") && l.contains("not a hello"));
        assert!(named, "the junk's sender is named as the watcher it is");
    }
}
