//! LAN play between real hosts: network namespaces made here, each with its own address on
//! one bridge (a switch in a namespace of its own), no route to anything else, multicast on.
//! Hosts announce with mDNS, the others find them in the list, join with host candidates
//! only and play whole matches to one end hash; the list follows hosts appearing, filling
//! and leaving; another version is refused; the host quitting mid-match is a peer leaving;
//! a player whose link is down for 10 s comes back on its own.
//! Needs root (`ip netns`): skips with a reason where it cannot make the hosts, except
//! under CI=true. The test itself sends nothing: only processes inside the hosts do.

use crate::net_support::{finish, finish_all, ip, said, skip_or_fail, until_stroke, wait_for};
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// `n` hosts on one switch, removed when dropped.
struct Lan {
    tag: String,
    hosts: u8,
}

impl Lan {
    /// Host `n`'s namespace (1-based).
    fn host(&self, n: u8) -> String {
        format!("{}h{n}", self.tag)
    }

    fn switch(&self) -> String {
        format!("{}s", self.tag)
    }

    /// Host `n`'s address.
    fn address(n: u8) -> String {
        format!("10.204.0.{n}")
    }

    /// `carrom` with these arguments on host `n`, its stdout piped and its stderr read
    /// line by line (and echoed) on `stderr`'s channel.
    fn carrom(&self, n: u8, args: &[&str]) -> (Child, mpsc::Receiver<String>) {
        let mut child = Command::new("ip")
            .args(["netns", "exec", &self.host(n), env!("CARGO_BIN_EXE_carrom")])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let heard = said(&mut child, &format!("host {n}"));
        (child, heard)
    }
}

impl Drop for Lan {
    fn drop(&mut self) {
        for n in 1..=self.hosts {
            let _ = Command::new("ip").args(["netns", "del", &self.host(n)]).status();
        }
        let _ = Command::new("ip").args(["netns", "del", &self.switch()]).status();
    }
}

/// `hosts` hosts 10.204.0.1… on a bridge in a switch namespace; every host has only its
/// link (no default route) and the multicast route mDNS and WebRTC need.
fn build(tag: &str, hosts: u8) -> Result<Lan, String> {
    let lan = Lan { tag: tag.to_string(), hosts };
    let switch = lan.switch();
    ip(&["netns", "add", &switch])?;
    ip(&["-n", &switch, "link", "add", "br0", "type", "bridge", "mcast_snooping", "0"])?;
    ip(&["-n", &switch, "link", "set", "br0", "up"])?;
    for n in 1..=hosts {
        let host = lan.host(n);
        let (near, far) = (format!("{tag}b{n}"), format!("{tag}e{n}"));
        ip(&["netns", "add", &host])?;
        ip(&["-n", &host, "link", "set", "lo", "up"])?;
        ip(&["link", "add", &near, "type", "veth", "peer", "name", &far])?;
        ip(&["link", "set", &near, "netns", &switch])?;
        ip(&["link", "set", &far, "netns", &host])?;
        ip(&["-n", &switch, "link", "set", &near, "master", "br0"])?;
        ip(&["-n", &switch, "link", "set", &near, "up"])?;
        ip(&["-n", &host, "link", "set", &far, "name", "eth0"])?;
        ip(&["-n", &host, "addr", "add", &format!("{}/24", Lan::address(n)), "dev", "eth0"])?;
        ip(&["-n", &host, "link", "set", "eth0", "up", "multicast", "on"])?;
        ip(&["-n", &host, "route", "add", "224.0.0.0/4", "dev", "eth0"])?;
    }
    Ok(lan)
}

/// The hosts, or `None` (the test skipped) where they cannot be made outside CI.
fn lan(test: &str, hosts: u8) -> Option<Lan> {
    static MADE: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let made = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tag = format!("cl{}x{made}", std::process::id() % 100_000);
    match build(&tag, hosts) {
        Ok(lan) => Some(lan),
        Err(e) => {
            skip_or_fail(test, &format!("cannot make the network hosts ({e}); needs root"));
            None
        }
    }
}

/// `carrom peer` arguments every test's peers share.
const PEER: &[&str] = &["peer", "--connect-timeout", "120"];

/// As fast as the other peers allow.
const FAST: &[&str] = &["--speed", "0"];

/// The address a LAN host says it serves on `eth0`.
fn hosted_at(heard: &mpsc::Receiver<String>, n: u8) -> String {
    let line = wait_for(heard, Duration::from_secs(60), |l| l.contains("hosting on this network"));
    let prefix = format!("{}:", Lan::address(n));
    let at = line.split([' ', ',']).find(|w| w.starts_with(&prefix));
    at.unwrap_or_else(|| panic!("no address on eth0 in {line:?}")).to_string()
}

/// Asserts every report finished on one state.
fn one_end(reports: &[Value]) {
    for report in reports {
        eprintln!("{report}");
        assert_eq!(report["result"]["ending"], "finished");
        assert_eq!(report["hash"], reports[0]["hash"], "every peer ends on the same state");
        assert_eq!(report["frames"], reports[0]["frames"]);
        assert_eq!(report["table"], reports[0]["table"]);
        assert!(report["frames"].as_u64().unwrap() > 60);
        assert_eq!(report["routes"][0], "direct", "host candidates, on one network");
    }
}

#[test]
fn lan_two_players_find_the_hosted_game_and_finish_it_on_one_hash() {
    let Some(lan) = lan("lan_two_players_find_the_hosted_game_and_finish_it_on_one_hash", 2) else {
        return;
    };
    let host_args = [PEER, FAST, &["--lan-host", "--as", "Asha", "--players", "2"]].concat();
    let (host, _) =
        lan.carrom(1, &[host_args, vec!["--variant", "freestyle", "--bot", "medium"]].concat());
    let join_args =
        [PEER, FAST, &["--lan-join", "--name", "Asha", "--as", "Ben", "--bot", "medium"]].concat();
    let (joiner, said) = lan.carrom(2, &join_args);
    let joining = wait_for(&said, Duration::from_secs(60), |l| l.contains("joining"));
    assert!(
        joining.contains("Asha — Freestyle, 2 players, 1 seat free at 10.204.0.1:"),
        "{joining}"
    );
    one_end(&finish_all(vec![host, joiner], Duration::from_secs(420)));
}

#[test]
fn lan_four_players_on_one_switch_finish_a_match_on_one_hash() {
    let Some(lan) = lan("lan_four_players_on_one_switch_finish_a_match_on_one_hash", 4) else {
        return;
    };
    let host_args = [PEER, FAST, &["--lan-host", "--as", "Asha", "--players", "4"]].concat();
    let (host, _) =
        lan.carrom(1, &[host_args, vec!["--variant", "freestyle", "--bot", "medium"]].concat());
    let mut peers = vec![host];
    for n in 2..=4 {
        let join_args = [PEER, FAST, &["--lan-join", "--name", "Asha", "--bot", "medium"]].concat();
        peers.push(lan.carrom(n, &join_args).0);
    }
    one_end(&finish_all(peers, Duration::from_secs(420)));
}

#[test]
fn ck_15_lan_draughts_joined_by_address_finishes_on_one_hash() {
    let Some(lan) = lan("ck_15_lan_draughts_joined_by_address_finishes_on_one_hash", 2) else {
        return;
    };
    let host_args =
        [PEER, FAST, &["--lan-host", "--as", "Asha", "--players", "2", "--draughts", "medium"]];
    let (host, said) = lan.carrom(1, &host_args.concat());
    let address = hosted_at(&said, 1);
    let join_args =
        [PEER, FAST, &["--lan-join", "--address", &address, "--draughts", "easy"]].concat();
    let (joiner, _) = lan.carrom(2, &join_args);
    let reports = finish_all(vec![host, joiner], Duration::from_secs(320));
    one_end(&reports);
    assert_eq!(reports[0]["result"]["scores"], reports[1]["result"]["scores"]);
}

/// The games `carrom lan-games` lists in one of its lines, as (host, free seats).
fn listed(line: &str) -> Vec<(String, u64)> {
    let value: Value = serde_json::from_str(line).unwrap_or(Value::Null);
    let games = value["games"].as_array().cloned().unwrap_or_default();
    games
        .iter()
        .map(|g| (g["host"].as_str().unwrap_or("?").to_string(), g["free"].as_u64().unwrap_or(99)))
        .collect()
}

/// Stdout's lines, read on a thread, on a channel.
fn lines(child: &mut Child) -> mpsc::Receiver<String> {
    let stdout = child.stdout.take().unwrap();
    let (said, heard) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = said.send(line);
        }
    });
    heard
}

#[test]
fn lan_the_list_follows_games_appearing_filling_and_leaving() {
    let Some(lan) = lan("lan_the_list_follows_games_appearing_filling_and_leaving", 4) else {
        return;
    };
    let (mut watcher, _) = lan.carrom(4, &["lan-games", "--watch", "150"]);
    let list = lines(&mut watcher);
    let game = |who: &str, free: u64| (who.to_string(), free);
    // Asha gives up waiting after 90 s (the three steps before it take 30 s at the most
    // each, however busy the machine): leaving, her game is withdrawn.
    let asha = ["peer", "--lan-host", "--as", "Asha", "--players", "2", "--variant", "classic"];
    let (asha, _) = lan.carrom(1, &[&asha[..], &["--connect-timeout", "90"]].concat());
    let within = Duration::from_secs(30);
    wait_for(&list, within, |l| listed(l) == [game("Asha", 1)]);
    let ben = [PEER, &["--lan-host", "--as", "Ben", "--players", "3", "--variant", "freestyle"]];
    let (mut ben, _) = lan.carrom(2, &ben.concat());
    wait_for(&list, within, |l| listed(l) == [game("Asha", 1), game("Ben", 2)]);
    let (mut joiner, _) = lan.carrom(3, &[PEER, &["--lan-join", "--name", "Ben"]].concat());
    wait_for(&list, within, |l| listed(l) == [game("Asha", 1), game("Ben", 1)]);
    let (code, _) = finish(asha, Duration::from_secs(120));
    assert_ne!(code, 0, "Asha's wait ended without a match");
    wait_for(&list, within, |l| listed(l) == [game("Ben", 1)]);
    for child in [&mut ben, &mut joiner, &mut watcher] {
        let _ = child.kill();
        let _ = child.wait();
    }
}

#[test]
fn lan_a_game_of_another_version_is_greyed_and_its_joiner_refused() {
    let Some(lan) = lan("lan_a_game_of_another_version_is_greyed_and_its_joiner_refused", 3) else {
        return;
    };
    let old = [PEER, &["--lan-host", "--as", "Asha", "--players", "2", "--variant", "classic"]];
    let (mut host, said) = lan.carrom(1, &[&old.concat()[..], &["--lan-protocol", "1"]].concat());
    let address = hosted_at(&said, 1);
    let (mut watcher, _) = lan.carrom(3, &["lan-games", "--watch", "60"]);
    let list = lines(&mut watcher);
    let line = wait_for(&list, Duration::from_secs(30), |l| !listed(l).is_empty());
    let value: Value = serde_json::from_str(&line).unwrap();
    let refusal = value["games"][0]["refusal"].as_str().unwrap_or_default().to_string();
    assert!(refusal.contains("another version of the game (network protocol 1"), "{line}");
    for how in [["--name", "Asha"], ["--address", address.as_str()]] {
        let args = [PEER, &["--lan-join"], &how[..], &["--variant", "classic"]].concat();
        let (joiner, said) = lan.carrom(2, &args);
        let (code, _) = finish(joiner, Duration::from_secs(60));
        assert_eq!(code, 1, "{how:?}: refused");
        let told: Vec<String> = said.try_iter().collect();
        assert!(
            told.iter().any(|l| l.contains("another version of the game")),
            "{how:?}: {told:?}"
        );
    }
    for child in [&mut host, &mut watcher] {
        let _ = child.kill();
        let _ = child.wait();
    }
}

#[test]
fn lan_the_host_quitting_mid_match_is_a_peer_leaving() {
    let Some(lan) = lan("lan_the_host_quitting_mid_match_is_a_peer_leaving", 2) else {
        return;
    };
    // Real time: a two-player Disc Pool match lasts about 45 s. The host's server goes with
    // it, so it cannot come back: once the grace period (5 s, the host's) is over, the one
    // who stayed wins.
    let host_args =
        [PEER, &["--lan-host", "--players", "2", "--variant", "disc_pool", "--grace", "5"]]
            .concat();
    let (mut host, _) = lan.carrom(1, &host_args);
    let (joiner, said) = lan.carrom(2, &[PEER, &["--lan-join"]].concat());
    // Mid-match: a stroke has been played, however long the joining took.
    until_stroke(&said, 2, Duration::from_secs(180));
    host.kill().unwrap();
    let _ = host.wait();
    let (code, report) = finish(joiner, Duration::from_secs(60));
    eprintln!("{report}");
    assert_eq!(code, 3, "exit code 3: a peer left");
    assert_eq!(report["result"]["ending"], "opponent_gone");
    assert!(report["result"]["winner_side"].is_u64(), "the one who stayed wins the forfeit");
}

#[test]
fn lan_a_watcher_arriving_mid_match_by_address_ends_on_the_players_hash() {
    let test = "lan_a_watcher_arriving_mid_match_by_address_ends_on_the_players_hash";
    let Some(lan) = lan(test, 3) else {
        return;
    };
    // Real time: a two-player Disc Pool match between medium bots lasts about 20 s.
    let host_args = [PEER, &["--lan-host", "--as", "Asha", "--players", "2"]].concat();
    let (host, said) =
        lan.carrom(1, &[host_args, vec!["--variant", "disc_pool", "--bot", "medium"]].concat());
    let address = hosted_at(&said, 1);
    let join_args = [PEER, &["--lan-join", "--address", &address, "--bot", "medium"]].concat();
    let (joiner, _) = lan.carrom(2, &join_args);
    // A few strokes in: the stream a watcher starts from (a stroke boundary at least 64
    // frames behind what is confirmed) has moved on from the match's first frame.
    until_stroke(&said, 4, Duration::from_secs(180));
    let watch_args = [PEER, &["--lan-join", "--address", &address, "--watch"]].concat();
    let (watcher, _) = lan.carrom(3, &watch_args);
    let players = finish_all(vec![host, joiner], Duration::from_secs(420));
    one_end(&players);
    let (code, report) = finish(watcher, Duration::from_secs(60));
    eprintln!("watcher: {report}");
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["hash"], players[0]["hash"], "the watcher ends on the players' state");
    assert!(report["joined_at_frame"].as_u64().unwrap() > 0, "it arrived mid-match: {report}");
}

/// A two-player Disc Pool match between medium bots with `pace` (speed and grace), whose
/// joiner's link goes down for `cut` once a stroke has been played; every report once both
/// have finished on one hash.
fn played_through_a_cut(lan: &Lan, pace: &[&str], cut: Duration) -> Vec<Value> {
    let slow = [pace, &["--bot", "medium"]].concat();
    let host_args = [PEER, &slow, &["--lan-host", "--players", "2", "--variant", "disc_pool"]];
    let (host, said) = lan.carrom(1, &host_args.concat());
    let address = hosted_at(&said, 1);
    let join_args = [PEER, &slow, &["--lan-join", "--address", &address]].concat();
    let (joiner, said) = lan.carrom(2, &join_args);
    until_stroke(&said, 2, Duration::from_secs(180));
    ip(&["-n", &lan.host(2), "link", "set", "eth0", "down"]).unwrap();
    std::thread::sleep(cut);
    ip(&["-n", &lan.host(2), "link", "set", "eth0", "up"]).unwrap();
    // A link going down takes its routes with it; the multicast one (WebRTC's mDNS needs it
    // to make a connection) is the test's own, so the test puts it back, as a network
    // manager would.
    ip(&["-n", &lan.host(2), "route", "add", "224.0.0.0/4", "dev", "eth0"]).unwrap();
    let reports = finish_all(vec![host, joiner], Duration::from_secs(600));
    one_end(&reports);
    reports
}

#[test]
fn lan_a_player_whose_link_is_down_for_10_s_comes_back_on_its_own() {
    let test = "lan_a_player_whose_link_is_down_for_10_s_comes_back_on_its_own";
    let Some(lan) = lan(test, 2) else {
        return;
    };
    // Half speed: the match lasts 14 to 60 s.
    let reports = played_through_a_cut(&lan, &["--speed", "30"], Duration::from_secs(10));
    assert_eq!(reports[0]["drops"], reports[1]["drops"], "both counted the same drops");
    // The connection outlived the cut: each side waited for the other and carried on (had
    // WebRTC given up, the match would have resumed in a new epoch instead).
    for report in &reports {
        let waited = report["longest_interruption_ms"].as_u64().unwrap();
        let resumed = report["epoch"].as_u64().unwrap() >= 1;
        assert!(waited >= 5_000 || resumed, "the cut was felt and outlived: {report}");
    }
}

#[test]
fn lan_a_player_whose_link_is_down_for_40_s_reconnects_and_the_match_resumes() {
    let test = "lan_a_player_whose_link_is_down_for_40_s_reconnects_and_the_match_resumes";
    let Some(lan) = lan(test, 2) else {
        return;
    };
    // Longer than WebRTC holds a silent connection (about 30 s): both sides lose it. The
    // one cut off connects again to the host's room once its link is back, by its id, and
    // the match resumes in a new epoch. Slow (20 frames a second), so the match outlasts
    // the cut.
    let pace = ["--speed", "20", "--grace", "120"];
    let reports = played_through_a_cut(&lan, &pace, Duration::from_secs(40));
    for report in &reports {
        assert!(report["epoch"].as_u64().unwrap() >= 1, "the match resumed: {report}");
    }
}
