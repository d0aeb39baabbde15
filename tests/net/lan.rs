//! LAN play between real hosts: network namespaces made here, each with its own address on
//! one bridge (a switch in a namespace of its own), no route to anything else, multicast on.
//! Hosts announce with mDNS, the others find them in the list, join with host candidates
//! only and play whole matches to one end hash; the list follows hosts appearing, filling
//! and leaving; another version is refused; the host quitting mid-match is a peer leaving;
//! a player whose link is down for 10 s comes back on its own; a neighbour announcing
//! thousands of hostile fake games leaves a bounded list, in bounded time and threads.
//! Needs root (`ip netns`): skips with a reason where it cannot make the hosts, except
//! under CI=true. The test itself sends nothing: only processes inside the hosts do.

use crate::net_support::{finish, finish_all, ip, said, skip_or_fail, until_stroke, wait_for};
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

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

/// Fake games the hostile neighbour announces.
const FAKES: usize = 5_000;

/// Set (to the host's address) in the test binary run again on a LAN host to announce the
/// fakes: [`fake_lan_games_announced_until_stdin_closes`] does nothing without it.
const ANNOUNCER: &str = "CARROM_TEST_FAKE_LAN_GAMES";

/// Not a test by itself: run by `lan_five_thousand_fake_games_…` on a LAN host, it
/// announces [`FAKES`] games — hostile names, empty or garbage TXT records, servers that
/// never answer or answer with hostile listings — says so on stdout, and stays until its
/// stdin closes (the test ending, however it ends).
#[test]
#[ignore = "run by lan_five_thousand_fake_games_leave_a_bounded_list_in_bounded_time"]
fn fake_lan_games_announced_until_stdin_closes() {
    use std::io::{Read, Write};
    let Ok(address) = std::env::var(ANNOUNCER) else {
        return;
    };
    let protocol = carrom::net::PROTOCOL_VERSION.to_string();
    let evil_host = format!("\u{202E}Ev\u{200B}il\u{7}\n\u{2066}x\u{FEFF}{}", "W".repeat(200));
    let evil_game = "\u{202E}loohcs\u{200B}";
    // Asked what it hosts, one server says nothing (the asker waits its whole bound), the
    // other answers a hostile listing.
    let silent = std::net::TcpListener::bind((address.as_str(), 0)).unwrap();
    let liar = std::net::TcpListener::bind((address.as_str(), 0)).unwrap();
    let ports = [silent.local_addr().unwrap().port(), liar.local_addr().unwrap().port()];
    // Each connection held open, never answered.
    std::thread::spawn(move || silent.incoming().collect::<Vec<_>>());
    let lies = [("freestyle", &evil_host[..]), (evil_game, "Asha")].map(|(game, host)| {
        let protocol = carrom::net::PROTOCOL_VERSION;
        let lie = serde_json::json!({
            "protocol": protocol, "game": game, "players": 3, "free": 1, "host": host, "room": "R",
        });
        lie.to_string()
    });
    std::thread::spawn(move || {
        for (mut stream, lie) in liar.incoming().map_while(Result::ok).zip(lies.iter().cycle()) {
            let _ = stream.read(&mut [0; 1024]);
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close";
            let _ = write!(stream, "{head}\r\nContent-Length: {}\r\n\r\n{lie}", lie.len());
        }
    });
    let daemon = mdns_sd::ServiceDaemon::new().unwrap();
    // The daemon takes 100 commands at a time.
    let again = |e: mdns_sd::Error| {
        assert!(matches!(e, mdns_sd::Error::Again), "{e}");
        std::thread::sleep(Duration::from_millis(1));
    };
    for i in 0..FAKES {
        let kind = i % 6;
        let name = match kind {
            4 => format!("\u{1b}[31m\u{202E}{i}\u{200B}\u{7}\u{FEFF}\u{E0041}fake"),
            // 63 bytes, the most a DNS label holds.
            5 => format!("{i:04}\u{202E}{}", "ж".repeat(28)),
            _ => format!("fake game {i}"),
        };
        let room = format!("R{i}");
        let listing = |game: &str, host: &str| -> Vec<(String, String)> {
            [("v", &protocol[..]), ("game", game), ("players", "4"), ("free", "2")]
                .into_iter()
                .chain([("host", host), ("room", &room[..])])
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        let txt = match kind {
            0 | 5 => listing("classic", &evil_host),
            3 => listing(evil_game, "Asha"),
            2 => {
                [("v", "banana"), ("players", "99"), ("host", "\u{7}\u{202E}"), ("\u{1}", "\u{0}")]
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .to_vec()
            }
            _ => Vec::new(),
        };
        let port = ports[(i / 6) % 2];
        let mut info = mdns_sd::ServiceInfo::new(
            carrom::net::lan::SERVICE_TYPE,
            &name,
            "fake-games.local.",
            address.as_str(),
            port,
            &txt[..],
        )
        .unwrap();
        info.set_requires_probe(false);
        while let Err(e) = daemon.register(info.clone()) {
            again(e);
        }
    }
    // Answered after every registration before it (one queue).
    let metrics = loop {
        match daemon.get_metrics() {
            Ok(metrics) => break metrics,
            Err(e) => again(e),
        }
    };
    metrics.recv().unwrap();
    println!("announced {FAKES}");
    let _ = std::io::stdin().read_to_end(&mut Vec::new());
}

/// What one `carrom lan-games` run did.
struct Watched {
    elapsed: Duration,
    code: Option<i32>,
    /// The most threads it had, and the most resident memory, kB.
    threads: u64,
    rss_kb: u64,
    /// Every line it printed.
    lines: Vec<String>,
}

/// `carrom lan-games --watch <watch>` on host 2, its threads and memory sampled from /proc
/// while it runs (killed, and the test failed, past `bound`).
fn watched(lan: &Lan, watch: u64, bound: Duration) -> Watched {
    let (mut child, _) = lan.carrom(2, &["lan-games", "--watch", &watch.to_string()]);
    let list = lines(&mut child);
    let started = Instant::now();
    let status_file = format!("/proc/{}/status", child.id());
    let (mut threads, mut rss_kb, mut samples) = (0, 0, 0);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > bound {
            let _ = child.kill();
            let _ = child.wait();
            panic!("carrom lan-games --watch {watch} ran past {bound:?}");
        }
        let status = std::fs::read_to_string(&status_file).unwrap_or_default();
        let field = |name: &str| {
            let line = status.lines().find_map(|l| l.strip_prefix(name))?;
            line.split_whitespace().next()?.parse::<u64>().ok()
        };
        // `ip netns exec` becomes carrom: before that, it is `ip` sampled.
        if status.lines().next() == Some("Name:\tcarrom")
            && let (Some(now), Some(rss)) = (field("Threads:"), field("VmRSS:"))
        {
            samples += 1;
            (threads, rss_kb) = (threads.max(now), rss_kb.max(rss));
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert!(samples >= 3, "lan-games was sampled while it ran ({samples} samples)");
    Watched {
        elapsed: started.elapsed(),
        code: status.code(),
        threads,
        rss_kb,
        lines: list.iter().collect(),
    }
}

/// Whether `text` is free of what could hide, reorder or break the text around it.
fn plain(text: &str) -> bool {
    !text.chars().any(|c| {
        c.is_control()
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}')
            || matches!(c, '\u{FEFF}' | '\u{E0000}'..='\u{E0FFF}')
    })
}

#[test]
fn lan_five_thousand_fake_games_leave_a_bounded_list_in_bounded_time() {
    let test = "lan_five_thousand_fake_games_leave_a_bounded_list_in_bounded_time";
    let Some(lan) = lan(test, 2) else {
        return;
    };
    // 10 s of watching, then at most 1 s for the browser to stop: the margin bounds a hang,
    // not speed.
    let bound = Duration::from_secs(25);
    let quiet = watched(&lan, 3, bound);
    let mut announcer = Command::new("ip")
        .args(["netns", "exec", &lan.host(1)])
        .arg(std::env::current_exe().unwrap())
        .args(["lan::fake_lan_games_announced_until_stdin_closes", "--exact", "--ignored"])
        .arg("--nocapture")
        .env(ANNOUNCER, Lan::address(1))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let said = lines(&mut announcer);
    wait_for(&said, Duration::from_secs(120), |l| l == format!("announced {FAKES}"));
    let flooded = watched(&lan, 10, bound);
    let _ = announcer.kill();
    let _ = announcer.wait();
    for (run, w) in [("no games", &quiet), ("5000 fakes", &flooded)] {
        eprintln!(
            "{run}: {:?}, exit {:?}, at most {} threads, {} kB resident, {} lines",
            w.elapsed,
            w.code,
            w.threads,
            w.rss_kb,
            w.lines.len()
        );
        assert_eq!(w.code, Some(0), "{run}");
    }
    assert!(flooded.elapsed >= Duration::from_secs(10), "it watched its 10 s");
    // With no games it has 2; one thread per fake, or per game asked, would be hundreds.
    assert!(flooded.threads <= 32, "{} threads", flooded.threads);
    let mut most = 0;
    for line in &flooded.lines {
        let value: Value = serde_json::from_str(line).unwrap();
        let games = value["games"].as_array().unwrap();
        most = most.max(games.len());
        assert!(games.len() <= 64, "{} games listed", games.len());
        for game in games {
            for field in ["line", "host", "game", "refusal"] {
                let text = game[field].as_str().unwrap_or_default();
                assert!(plain(text), "{field} {text:?} of {game}");
            }
            // A host's name is cut to 16 characters, a game's to 16 bytes, an unreadable
            // instance's name to 40: a line has room for one of them and its words.
            assert!(game["line"].as_str().unwrap().chars().count() <= 80, "{game}");
            assert!(game["host"].as_str().unwrap_or_default().chars().count() <= 16, "{game}");
        }
    }
    assert_eq!(most, 64, "the fakes were heard, and the list kept 64 of them");
    let last: Value = serde_json::from_str(flooded.lines.last().unwrap()).unwrap();
    let games = last["games"].as_array().unwrap();
    let read = games.iter().filter(|g| g["host"].is_string()).count();
    let shown: Vec<&str> = games.iter().take(8).map(|g| g["line"].as_str().unwrap()).collect();
    eprintln!("{} games listed at the end, {read} of them read; the first: {shown:?}", games.len());
}
