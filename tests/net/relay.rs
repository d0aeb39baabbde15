//! Two peer hosts that can reach a relay host but not each other. With coturn on the relay
//! host only relayed candidates connect them: the match must finish on one hash with both
//! peers reporting their route as relayed. Without a relay no connection can be made: both
//! peers must say so after a bounded time. Three network namespaces made here (veth
//! links, addresses of this test's choosing, no route anywhere else); the signaling server
//! runs on the relay host. Needs root (`ip netns`) and coturn's `turnserver`: skips with a
//! reason where they are missing, except under CI=true.

use crate::net_support::{finish, finish_all, ip, skip_or_fail};
use carrom::net::connect::PEER_CONNECT_BOUND;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const INSIDE: &str = "CARROM_TEST_RELAY_HOSTS";

/// The relay host's namespace.
fn relay_host(tag: &str) -> String {
    format!("{tag}r")
}

/// Peer host `n`'s namespace.
fn peer_host(tag: &str, n: u8) -> String {
    format!("{tag}p{n}")
}

/// The three hosts' namespaces (and so their links), removed when dropped.
struct Hosts {
    tag: String,
}

impl Drop for Hosts {
    fn drop(&mut self) {
        for name in [relay_host(&self.tag), peer_host(&self.tag, 1), peer_host(&self.tag, 2)] {
            let _ = Command::new("ip").args(["netns", "del", &name]).status();
        }
    }
}

/// Relay host R with links 10.201.1.1 (to peer 1, 10.201.1.2) and 10.201.2.1 (to peer 2,
/// 10.201.2.2); R does not forward, and each peer has a route only to R's far address.
fn build(tag: &str) -> Result<Hosts, String> {
    let hosts = Hosts { tag: tag.to_string() };
    let (r, p1, p2) = (relay_host(tag), peer_host(tag, 1), peer_host(tag, 2));
    for name in [&r, &p1, &p2] {
        ip(&["netns", "add", name])?;
        ip(&["-n", name, "link", "set", "lo", "up"])?;
    }
    for (n, peer) in [(1, &p1), (2, &p2)] {
        let (near, far) = (format!("{tag}r{n}"), format!("{tag}p{n}"));
        ip(&["link", "add", &near, "type", "veth", "peer", "name", &far])?;
        ip(&["link", "set", &near, "netns", &r])?;
        ip(&["link", "set", &far, "netns", peer])?;
        ip(&["-n", &r, "addr", "add", &format!("10.201.{n}.1/24"), "dev", &near])?;
        ip(&["-n", peer, "addr", "add", &format!("10.201.{n}.2/24"), "dev", &far])?;
        ip(&["-n", &r, "link", "set", &near, "up"])?;
        ip(&["-n", peer, "link", "set", &far, "up"])?;
        let other = 3 - n;
        let relay_far = format!("10.201.{other}.1/32");
        ip(&["-n", peer, "route", "add", &relay_far, "via", &format!("10.201.{n}.1")])?;
        // mDNS needs a multicast route, or matchbox cannot join its group.
        ip(&["-n", peer, "route", "add", "224.0.0.0/4", "dev", &far])?;
    }
    ip(&["-n", &r, "route", "add", "224.0.0.0/4", "dev", "lo"])?;
    Ok(hosts)
}

/// Runs `test` again on the relay host of three fresh hosts, where `inside` does its work.
fn on_three_hosts(test: &str, inside: fn(&str)) {
    if let Ok(tag) = std::env::var(INSIDE) {
        return inside(&tag);
    }
    if Command::new("turnserver")
        .arg("--help")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_err()
    {
        return skip_or_fail(test, "coturn's turnserver is not installed (apt-get install coturn)");
    }
    let tag = format!("cr{}{}", std::process::id() % 10_000, test.len() % 10);
    let hosts = match build(&tag) {
        Ok(hosts) => hosts,
        Err(e) => {
            return skip_or_fail(test, &format!("cannot make the network hosts ({e}); needs root"));
        }
    };
    let status = Command::new("ip")
        .args(["netns", "exec", &relay_host(&tag)])
        .arg(std::env::current_exe().unwrap())
        .args([&format!("relay::{test}"), "--exact", "--nocapture"])
        .env(INSIDE, &tag)
        .status()
        .unwrap();
    drop(hosts);
    assert!(status.success(), "{test} failed on the relay host");
}

#[test]
fn two_peers_that_can_reach_only_a_turn_relay_play_through_it() {
    on_three_hosts(
        "two_peers_that_can_reach_only_a_turn_relay_play_through_it",
        play_through_relay,
    );
}

#[test]
fn peers_with_no_route_to_each_other_are_told_so_after_a_bounded_time() {
    on_three_hosts("peers_with_no_route_to_each_other_are_told_so_after_a_bounded_time", no_route);
}

/// On the relay host, with no relay: both peers meet on the signaling server and cannot
/// connect. The first to reach the bound ends with the reason; the other sees it leave and
/// says why when its own wait (40 s) ends.
fn no_route(tag: &str) {
    let (url, stop) = signaling_on_all_addresses();
    let started = Instant::now();
    let peers: Vec<Child> = [1u8, 2]
        .iter()
        .map(|&n| {
            peer_on_host(tag, n, &url)
                .args(["--bot", "easy", "--match-timeout", "120", "--connect-timeout", "40"])
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in peers {
        let mut stderr = child.stderr.take().unwrap();
        let (code, _) = finish(child, Duration::from_secs(90));
        let mut said = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut said).unwrap();
        eprintln!("{said}");
        assert_eq!(code, 1, "the peer gave up on the match");
        assert!(said.contains("no connection to them could be made"), "{said}");
        assert!(said.contains("no network route"), "{said}");
    }
    let waited = started.elapsed();
    assert!(waited >= PEER_CONNECT_BOUND, "not before the bound ({waited:?})");
    let _ = stop.send(());
}

/// On the relay host: the signaling server and coturn, then one peer on each peer host.
fn play_through_relay(tag: &str) {
    let mut relay = Relay(
        Command::new("turnserver")
            .args(["-n", "--listening-port=3478", "--realm=test", "--user=carrom:secret"])
            .args(["--lt-cred-mech", "--no-tls", "--no-dtls", "--no-cli", "--log-file=stdout"])
            .args(["--listening-ip=10.201.1.1", "--listening-ip=10.201.2.1"])
            .args(["--relay-ip=10.201.1.1", "--relay-ip=10.201.2.1"])
            .arg("--allowed-peer-ip=10.201.0.0-10.201.255.255")
            .arg(format!(
                "--pidfile={}",
                std::env::temp_dir().join(format!("{tag}-turn.pid")).display()
            ))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("turnserver starts"),
    );
    let (url, stop) = signaling_on_all_addresses();
    // coturn is ready for the peers' allocations once it listens (on TCP as on UDP).
    let up = Instant::now();
    while std::net::TcpStream::connect(("10.201.1.1", 3478)).is_err() {
        assert!(up.elapsed() < Duration::from_secs(10), "coturn never listened");
        std::thread::sleep(Duration::from_millis(50));
    }
    let peers: Vec<Child> = [1u8, 2]
        .iter()
        .map(|&n| {
            peer_on_host(tag, n, &url)
                .args(["--bot", "medium", "--match-timeout", "300", "--connect-timeout", "60"])
                .args(["--ice", &format!("turn:10.201.{n}.1:3478")])
                .args(["--turn-user", "carrom", "--turn-credential", "secret"])
                .spawn()
                .unwrap()
        })
        .collect();
    let reports = finish_all(peers, Duration::from_secs(330));
    let _ = stop.send(());
    relay.stop();
    for report in &reports {
        eprintln!("{report}");
        assert_eq!(report["hash"], reports[0]["hash"], "one end state through the relay");
        assert_eq!(report["routes"], serde_json::json!(["relayed"]), "the route is the relay");
        let banner = report["banner"].as_str().unwrap_or_default();
        assert!(banner.contains("relayed"), "the banner shows the relay: {banner:?}");
    }
}

/// `carrom peer` on peer host `n`, joining the test's Disc Pool room through the relay
/// host's address on its link (`url` names 0.0.0.0); stdout piped for its report.
fn peer_on_host(tag: &str, n: u8, url: &str) -> Command {
    let server = url.replace("0.0.0.0", &format!("10.201.{n}.1"));
    let mut command = Command::new("ip");
    command
        .args(["netns", "exec", &peer_host(tag, n)])
        .arg(env!("CARGO_BIN_EXE_carrom"))
        .args(["peer", "--signaling", &server, "--room", "0123456789AB2"])
        .args(["--players", "2", "--variant", "disc_pool", "--speed", "0"])
        .stdout(Stdio::piped());
    command
}

/// coturn, stopped when dropped.
struct Relay(Child);

impl Relay {
    fn stop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.stop();
    }
}

/// carrom-signaling on every address of this host, port 3536, on a thread of its own.
fn signaling_on_all_addresses() -> (String, std::sync::mpsc::Sender<()>) {
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
        runtime.block_on(async move {
            let config = carrom_signaling::Config {
                addr: "0.0.0.0:3536".parse().unwrap(),
                ..carrom_signaling::Config::default()
            };
            let server = carrom_signaling::start(config).unwrap();
            ready_tx.send(()).unwrap();
            let _ = tokio::task::spawn_blocking(move || stop_rx.recv()).await;
            server.stop().await.unwrap();
        });
    });
    ready_rx.recv_timeout(Duration::from_secs(10)).expect("the server started");
    ("ws://0.0.0.0:3536".to_string(), stop_tx)
}
