//! Shared by the tests that run real WebRTC peers: a fresh network namespace, `ip` for
//! hosts made of several, the signaling server on its loopback, and bounded waits for
//! `carrom peer` processes.
#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const INSIDE: &str = "CARROM_TEST_ISOLATED";

/// True inside a fresh network namespace (only `lo`, with the multicast route mDNS needs);
/// otherwise re-runs `test` (a test function of the module whose `module_path!()` is
/// `module`) there and returns false. Skips with a reason where namespaces cannot be made,
/// except under CI=true.
pub fn isolated(module: &str, test: &str) -> bool {
    if std::env::var_os(INSIDE).is_some() {
        let ip = |args: &[&str]| {
            let ok = Command::new("ip").args(args).status().is_ok_and(|s| s.success());
            assert!(ok, "ip {args:?} failed inside the namespace");
        };
        ip(&["link", "set", "lo", "up"]);
        // Replace, not add: the browser suite's scenarios each ask again in one namespace.
        ip(&["route", "replace", "224.0.0.0/4", "dev", "lo"]);
        return true;
    }
    let probe = Command::new("unshare").args(["--net", "--map-root-user", "true"]).status();
    if !probe.is_ok_and(|s| s.success()) {
        let reason = "cannot create a network namespace (unshare --net --map-root-user)";
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{reason}: required under CI");
        eprintln!("SKIPPED {test}: {reason}");
        return false;
    }
    // libtest names a test by its path inside the test binary, without the crate's name.
    let name = match module.split_once("::") {
        Some((_, inside)) => format!("{inside}::{test}"),
        None => test.to_string(),
    };
    let status = Command::new("unshare")
        .args(["--net", "--map-root-user"])
        .arg(std::env::current_exe().unwrap())
        .args([name.as_str(), "--exact", "--nocapture"])
        .env(INSIDE, "1")
        .status()
        .unwrap();
    assert!(status.success(), "{test} failed inside its network namespace");
    false
}

/// Runs `ip` with `args` (making test hosts: namespaces, links, addresses, routes).
pub fn ip(args: &[&str]) -> Result<(), String> {
    let out = Command::new("ip").args(args).output().map_err(|e| format!("ip: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("ip {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim()))
    }
}

/// Skips `test` with `reason`, except under CI=true, where it fails.
pub fn skip_or_fail(test: &str, reason: &str) {
    assert!(std::env::var("CI").as_deref() != Ok("true"), "{reason}: required under CI");
    eprintln!("SKIPPED {test}: {reason}");
}

/// carrom-signaling on a loopback port of the namespace, on a thread of its own.
pub fn signaling() -> (String, std::sync::mpsc::Sender<()>) {
    signaling_serving(None)
}

/// carrom-signaling as [`signaling`], serving the browser game in `web` too.
pub fn signaling_serving(web: Option<std::path::PathBuf>) -> (String, std::sync::mpsc::Sender<()>) {
    signaling_on("127.0.0.1:0".parse().unwrap(), web)
}

/// carrom-signaling on `addr` (a server coming back where one was), serving `web` if any.
pub fn signaling_on(
    addr: std::net::SocketAddr,
    web: Option<std::path::PathBuf>,
) -> (String, std::sync::mpsc::Sender<()>) {
    signaling_with(carrom_signaling::Config { addr, web, ..carrom_signaling::Config::default() })
}

/// carrom-signaling as `config` says, on a thread of its own.
pub fn signaling_with(config: carrom_signaling::Config) -> (String, std::sync::mpsc::Sender<()>) {
    let (url, stop, _) = signaling_joinable(config);
    (url, stop)
}

/// [`signaling_with`], and the server's thread: joined, it has stopped and let go of its
/// port (one that must come back on the same address waits for that, not for a time).
pub fn signaling_joinable(
    config: carrom_signaling::Config,
) -> (String, std::sync::mpsc::Sender<()>, std::thread::JoinHandle<()>) {
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = std::sync::mpsc::channel::<()>();
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
        runtime.block_on(async move {
            let server = carrom_signaling::start(config).unwrap();
            addr_tx.send(server.addr).unwrap();
            let _ = tokio::task::spawn_blocking(move || stop_rx.recv()).await;
            server.stop().await.unwrap();
        });
    });
    let addr = addr_rx.recv_timeout(Duration::from_secs(10)).expect("the server started");
    (format!("ws://{addr}"), stop_tx, thread)
}

/// Waits for a peer, at most `limit`; returns its exit code and JSON line.
pub fn finish(mut child: Child, limit: Duration) -> (i32, Value) {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut out = String::new();
            std::io::Read::read_to_string(child.stdout.as_mut().unwrap(), &mut out).unwrap();
            let line = out.lines().last().unwrap_or("null");
            let report = serde_json::from_str(line).unwrap_or(Value::Null);
            return (status.code().unwrap_or(-1), report);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("a peer took longer than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Waits for every peer (at most `limit` each), asserts each exited 0, returns their
/// JSON lines.
pub fn finish_all(peers: Vec<Child>, limit: Duration) -> Vec<Value> {
    peers
        .into_iter()
        .map(|child| {
            let (code, report) = finish(child, limit);
            assert_eq!(code, 0, "the peer finished the match: {report}");
            report
        })
        .collect()
}

/// A child's stderr (piped), echoed with `who` before each line and sent line by line.
pub fn said(child: &mut Child, who: &str) -> mpsc::Receiver<String> {
    let stderr = child.stderr.take().expect("the child's stderr is piped");
    let (tx, rx) = mpsc::channel();
    let who = who.to_string();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            eprintln!("[{who}] {line}");
            let _ = tx.send(line);
        }
    });
    rx
}

/// Waits, at most `within`, for a line that `wanted` accepts among those `heard`; the line.
pub fn wait_for(
    heard: &mpsc::Receiver<String>,
    within: Duration,
    wanted: impl Fn(&str) -> bool,
) -> String {
    let deadline = Instant::now() + within;
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match heard.recv_timeout(left) {
            Ok(line) if wanted(&line) => return line,
            Ok(_) => {}
            Err(_) => break,
        }
    }
    panic!("nothing wanted was said within {within:?}");
}

/// Waits, at most `within`, until a headless peer says it has reached stroke (or draughts
/// move) `n` of its match: the match is under way, whatever the machine's load.
pub fn until_stroke(heard: &mpsc::Receiver<String>, n: u32, within: Duration) {
    wait_for(heard, within, |line| {
        let Some(rest) = line.strip_prefix("carrom peer: ") else { return false };
        let count = rest.strip_prefix("stroke ").or_else(|| rest.strip_prefix("move "));
        count.and_then(|c| c.parse::<u32>().ok()).is_some_and(|c| c >= n)
    });
}

/// Waits (at most 60 s) until the signaling server at `url` has `peers` connected: a
/// watcher can only watch a room that has players, and a room is full only once its
/// players have joined.
pub fn until_peers(url: &str, peers: usize) {
    until_counted(url, "carrom_signaling_peers", peers);
}

/// Waits (at most 60 s) until the signaling server at `url` has `watchers` watchers
/// connected.
pub fn until_watchers(url: &str, watchers: usize) {
    until_counted(url, "carrom_signaling_watchers", watchers);
}

/// Waits (at most 60 s) until the signaling server's gauge `name` is at least `n`.
fn until_counted(url: &str, name: &str, n: usize) {
    let addr = url.trim_start_matches("ws://");
    let deadline = Instant::now() + Duration::from_secs(60);
    let prefix = format!("{name}{{");
    while Instant::now() < deadline {
        let metrics = http_get(addr, "/metrics").unwrap_or_default();
        let count = metrics
            .lines()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .and_then(|rest| rest.split_once("} "))
            .and_then(|(_, n)| n.trim().parse::<usize>().ok())
            .unwrap_or(0);
        if count >= n {
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("the signaling server never counted {n} for {name}");
}

/// The reply to a plain HTTP GET of `path` from `addr`, if one came.
pub fn http_get(addr: &str, path: &str) -> Option<String> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(stream, "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").ok()?;
    let mut reply = String::new();
    stream.read_to_string(&mut reply).ok()?;
    Some(reply)
}
