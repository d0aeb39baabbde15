//! Hostile peers: a real `carrom peer` made to lie, through its hidden test switches, in
//! a match with honest `carrom peer` players over real WebRTC in a fresh network
//! namespace. Whatever it says, the honest players end on one hash, the liar's word
//! changes nothing about anyone else, and each honest player says what it refused.

use crate::net_support::{finish, isolated, said, signaling, until_peers, wait_for};
use crate::online::{diagnostics_dir, heard_peer};
use serde_json::Value;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

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
