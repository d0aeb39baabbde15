//! Load: N peers (default 2000) join rooms of two and exchange one signal. Reports join
//! latency (connect → id assigned) p50/p99 and the servers' memory and CPU time. Loopback
//! only; each peer connects from a loopback address shared by 20 peers; 100 handshakes in
//! flight; bounded: 180 s per setup at most.
//!
//! - Default: carrom-signaling and, side by side in the same run, matchbox_server 0.15
//!   (on PATH or in MATCHBOX_SERVER; without it only ours is measured).
//! - `--hold`: every peer stays connected (sending keep-alives) until all have joined, so
//!   the last joins are measured with N idle peers in the instance; reports the memory each
//!   idle peer costs.
//! - `--through-proxy`: one instance directly, then nginx (the README's configuration) in
//!   front of one instance and in front of `--instances K` (default 3), in the same run;
//!   reports the proxy's overhead as ratios against direct connections.
//! - `--against PATH`: another build of carrom-signaling (an older commit's, say) instead of
//!   matchbox_server, measured `--rounds R` times (default 3) in turn with this one, so that
//!   a change's cost is a ratio taken in one run on one machine.
//!
//! Run: `cargo bench -p carrom-signaling --bench load -- --peers 5000 [--hold]
//! [--through-proxy | --against PATH [--rounds R]]`. The open-files limit bounds N (the bench and each server hold one
//! descriptor per peer, nginx two): it is raised to its hard limit and N capped under it.

use futures::{SinkExt, StreamExt};
use matchbox_protocol::JsonPeerEvent;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::net::TcpSocket;
use tokio::sync::{Semaphore, watch};
use tokio_tungstenite::client_async;
use tokio_tungstenite::tungstenite::Message;

#[path = "../tests/support/cluster.rs"]
mod cluster;
#[path = "../tests/support/proxy.rs"]
mod proxy;

/// What a run measures: where peers connect, how a room's path reads, and the processes
/// whose memory and CPU count (the servers; the proxy apart).
struct Setup {
    name: String,
    addr: SocketAddr,
    path: fn(usize) -> String,
    servers: Vec<u32>,
    proxy: Vec<u32>,
}

#[derive(Default)]
struct Figures {
    p50: Duration,
    p99: Duration,
    completed: usize,
    /// The servers' resident memory at the end (peak, or with every peer held).
    rss_kib: u64,
    /// Resident memory each held peer costs the servers.
    per_peer: Option<f64>,
    cpu: Duration,
    proxy_rss_kib: u64,
    proxy_cpu: Duration,
    wall: Duration,
}

fn status_kib(pid: u32, field: &str) -> u64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = text.lines().find(|l| l.starts_with(field)).unwrap_or("");
    line.split_whitespace().nth(1).and_then(|v| v.parse().ok()).unwrap_or(0)
}

fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map(|(_, rest)| rest).unwrap_or("");
    let fields: Vec<u64> = after.split_whitespace().filter_map(|f| f.parse().ok()).collect();
    // utime and stime (fields 14 and 15 of stat) are the 11th and 12th numbers after the name.
    let ticks = fields.get(10).copied().unwrap_or(0) + fields.get(11).copied().unwrap_or(0);
    Duration::from_millis(ticks * 10)
}

/// `pid` and its child processes (nginx's workers).
fn with_children(pid: u32) -> Vec<u32> {
    let children =
        std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")).unwrap_or_default();
    std::iter::once(pid).chain(children.split_whitespace().filter_map(|c| c.parse().ok())).collect()
}

fn sum<T: std::iter::Sum<T>>(pids: &[u32], f: impl Fn(u32) -> T) -> T {
    pids.iter().map(|&p| f(p)).sum()
}

fn private_path(room: usize) -> String {
    format!("/r/{}?seats=2", carrom_signaling::code::mint(room as u64 * 0x9E37_79B9, 2))
}

fn stock_path(room: usize) -> String {
    format!("/room{room}")
}

/// One peer: connects from `source` and waits for its id; whichever of a pair is told of
/// the other signals it, and the other waits for that signal. Then, when `hold` is given,
/// it stays (with keep-alives) until released. Returns the join latency.
async fn peer(
    addr: SocketAddr,
    source: IpAddr,
    path: String,
    gate: Arc<Semaphore>,
    joined_count: Arc<AtomicUsize>,
    hold: Option<watch::Receiver<bool>>,
) -> Option<Duration> {
    let permit = gate.acquire_owned().await.ok()?;
    let started = Instant::now();
    let socket = TcpSocket::new_v4().ok()?;
    socket.bind(SocketAddr::new(source, 0)).ok()?;
    let tcp = socket.connect(addr).await.ok()?;
    let (mut ws, _) = client_async(format!("ws://{addr}{path}"), tcp).await.ok()?;
    let mut joined = None;
    let mut permit = Some(permit);
    while let Ok(Some(Ok(message))) = tokio::time::timeout(Duration::from_secs(30), ws.next()).await
    {
        let Message::Text(t) = message else { continue };
        match t.as_str().parse::<JsonPeerEvent>().ok()? {
            JsonPeerEvent::IdAssigned(_) => {
                joined = Some(started.elapsed());
                joined_count.fetch_add(1, Ordering::Relaxed);
                permit.take();
            }
            JsonPeerEvent::NewPeer(other) => {
                let signal = format!(r#"{{"Signal":{{"receiver":"{}","data":"offer"}}}}"#, other.0);
                ws.send(Message::text(signal)).await.ok()?;
                break;
            }
            JsonPeerEvent::Signal { .. } => break,
            _ => {}
        }
    }
    match hold {
        Some(mut release) => {
            let mut beat = tokio::time::interval(Duration::from_secs(10));
            loop {
                tokio::select! {
                    _ = release.changed() => break,
                    _ = beat.tick() => {
                        if ws.send(Message::text(r#""KeepAlive""#)).await.is_err() {
                            break;
                        }
                    }
                    next = ws.next() => if !matches!(next, Some(Ok(_))) { break },
                }
            }
        }
        // Hold the connection a moment so the pair's signal is delivered.
        None => tokio::time::sleep(Duration::from_millis(200)).await,
    }
    joined
}

fn spawn_server(program: &PathBuf, args: &[String]) -> Option<(Child, SocketAddr)> {
    let addr: SocketAddr = ([127, 0, 0, 1], proxy::free_port()).into();
    let child = Command::new(program)
        .args(args.iter().map(|a| a.replace("{addr}", &addr.to_string())))
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let up = Instant::now();
    while std::net::TcpStream::connect(addr).is_err() {
        if up.elapsed() > Duration::from_secs(10) {
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Some((child, addr))
}

fn measure(setup: &Setup, peers: usize, hold: bool) -> Figures {
    let cpu_before = sum(&setup.servers, cpu_time);
    let proxy_cpu_before = sum(&setup.proxy, cpu_time);
    let rss_before = sum(&setup.servers, |p| status_kib(p, "VmRSS:"));
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let started = Instant::now();
    let joined = Arc::new(AtomicUsize::new(0));
    let (release, held) = watch::channel(false);
    let mut held_rss = None;
    let mut latencies: Vec<Duration> = runtime.block_on(async {
        // Under the listen backlog, so latency is the server's, not SYN retries.
        let gate = Arc::new(Semaphore::new(100));
        let tasks: Vec<_> = (0..peers)
            .map(|i| {
                let group = i / 20;
                let source =
                    IpAddr::V4(Ipv4Addr::new(127, 1 + (group / 250) as u8, (group % 250) as u8, 1));
                let hold = hold.then(|| held.clone());
                let path = (setup.path)(i / 2);
                tokio::spawn(peer(setup.addr, source, path, gate.clone(), joined.clone(), hold))
            })
            .collect();
        if hold {
            let deadline = Instant::now() + Duration::from_secs(180);
            while joined.load(Ordering::Relaxed) < peers && Instant::now() < deadline {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            // Every peer in, idle: what the servers hold for them.
            tokio::time::sleep(Duration::from_secs(1)).await;
            held_rss = Some(sum(&setup.servers, |p| status_kib(p, "VmRSS:")));
            let _ = release.send(true);
        }
        match tokio::time::timeout(Duration::from_secs(180), futures::future::join_all(tasks)).await
        {
            Ok(results) => results.into_iter().filter_map(|r| r.ok().flatten()).collect(),
            Err(_) => Vec::new(),
        }
    });
    let wall = started.elapsed();
    latencies.sort();
    let pick = |q: f64| {
        latencies
            .get(((latencies.len().max(1) - 1) as f64 * q) as usize)
            .copied()
            .unwrap_or_default()
    };
    Figures {
        p50: pick(0.50),
        p99: pick(0.99),
        completed: latencies.len(),
        rss_kib: held_rss.unwrap_or_else(|| sum(&setup.servers, |p| status_kib(p, "VmHWM:"))),
        per_peer: held_rss.map(|rss| {
            rss.saturating_sub(rss_before) as f64 * 1024.0 / latencies.len().max(1) as f64
        }),
        cpu: sum(&setup.servers, cpu_time).saturating_sub(cpu_before),
        proxy_rss_kib: sum(&setup.proxy, |p| status_kib(p, "VmHWM:")),
        proxy_cpu: sum(&setup.proxy, cpu_time).saturating_sub(proxy_cpu_before),
        wall,
    }
}

fn report(name: &str, peers: usize, f: &Figures) {
    let per_peer = f.per_peer.map_or(String::new(), |b| format!("  {:>5.1} KiB/peer", b / 1024.0));
    let proxy = if f.proxy_rss_kib > 0 {
        format!("  (proxy: RSS {} KiB, CPU {:.2} s)", f.proxy_rss_kib, f.proxy_cpu.as_secs_f64())
    } else {
        String::new()
    };
    println!(
        "{name:<24} joined {:>5}/{peers}  p50 {:>6.2} ms  p99 {:>7.2} ms  RSS {:>7} KiB{per_peer}  CPU {:>5.2} s  wall {:>5.2} s{proxy}",
        f.completed,
        f.p50.as_secs_f64() * 1e3,
        f.p99.as_secs_f64() * 1e3,
        f.rss_kib,
        f.cpu.as_secs_f64(),
        f.wall.as_secs_f64()
    );
}

fn ratios(label: &str, a: &Figures, b: &Figures, against: &str) {
    let ratio = |x: f64, y: f64| if y > 0.0 { x / y } else { f64::NAN };
    println!(
        "ratios, {label} / {against}: p99 join {:.2}x, p50 join {:.2}x, CPU {:.2}x (servers and proxy), wall {:.2}x",
        ratio(a.p99.as_secs_f64(), b.p99.as_secs_f64()),
        ratio(a.p50.as_secs_f64(), b.p50.as_secs_f64()),
        ratio((a.cpu + a.proxy_cpu).as_secs_f64(), (b.cpu + b.proxy_cpu).as_secs_f64()),
        ratio(a.wall.as_secs_f64(), b.wall.as_secs_f64()),
    );
}

fn flag(args: &[String], name: &str) -> bool {
    args.iter().any(|a| a == name)
}

fn value(args: &[String], name: &str) -> Option<usize> {
    args.windows(2).find(|w| w[0] == name).and_then(|w| w[1].parse().ok())
}

/// One server started from `program` with `args`, its rooms named by `path`, measured
/// and reported; `None` (said) if it did not start.
fn measured(
    program: &PathBuf,
    args: &[String],
    name: &str,
    path: fn(usize) -> String,
    peers: usize,
    hold: bool,
) -> Option<Figures> {
    let Some((child, addr)) = spawn_server(program, args) else {
        println!("{name} did not start ({})", program.display());
        return None;
    };
    let setup =
        Setup { name: name.into(), addr, path, servers: vec![child.id()], proxy: Vec::new() };
    let _process = proxy::Process(child);
    let figures = measure(&setup, peers, hold);
    report(name, peers, &figures);
    Some(figures)
}

/// `rounds` turns of the other build and this one (whose first figures are `first`), each
/// turn's ratios, and the ratio of the medians of p99 and p50.
fn against(
    other: PathBuf,
    ours: &PathBuf,
    args: &[String],
    peers: usize,
    hold: bool,
    rounds: usize,
    first: Figures,
) {
    let mut mine = vec![first];
    let mut theirs = Vec::new();
    for round in 0..rounds {
        let other = measured(&other, args, "the other build", private_path, peers, hold);
        let Some(other) = other else { return };
        theirs.push(other);
        if round + 1 < rounds {
            let Some(again) = measured(ours, args, "carrom-signaling", private_path, peers, hold)
            else {
                return;
            };
            mine.push(again);
        }
    }
    for (m, t) in mine.iter().zip(&theirs) {
        ratios("this build", m, t, "the other");
    }
    let median = |f: &[Figures], q: fn(&Figures) -> Duration| {
        let mut v: Vec<Duration> = f.iter().map(q).collect();
        v.sort();
        v[v.len() / 2].as_secs_f64()
    };
    println!(
        "medians of {rounds} rounds, this build / the other: p99 join {:.2}x, p50 join {:.2}x",
        median(&mine, |f| f.p99) / median(&theirs, |f| f.p99),
        median(&mine, |f| f.p50) / median(&theirs, |f| f.p50),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let hold = flag(&args, "--hold");
    let through_proxy = flag(&args, "--through-proxy");
    let instances = value(&args, "--instances").unwrap_or(3).clamp(1, 8);
    let files = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(1024);
    // Each peer is a descriptor here and in its server (two in nginx).
    let most = usize::try_from(files.saturating_sub(200)).unwrap_or(usize::MAX);
    let asked = value(&args, "--peers").unwrap_or(2000).max(2);
    let peers = asked.min(most);
    if peers < asked {
        println!("{asked} peers do not fit under the open-files limit ({files}): {peers} peers");
    }
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_carrom-signaling"));
    let cap = format!("{}", peers + 100);
    let our_args: Vec<String> =
        ["--addr", "{addr}", "--max-connections", &cap, "--max-per-address", "1000"]
            .iter()
            .map(|s| s.to_string())
            .collect();
    let mode = if hold { "held until all have joined" } else { "one signal per room" };
    println!("{peers} peers in rooms of two, {mode}, 100 handshakes in flight");

    let mine = measured(&ours, &our_args, "carrom-signaling", private_path, peers, hold);
    let Some(mine) = mine else { return };

    if let Some(other) = args.windows(2).find(|w| w[0] == "--against").map(|w| &w[1]) {
        let rounds = value(&args, "--rounds").unwrap_or(3).clamp(1, 20);
        against(PathBuf::from(other), &ours, &our_args, peers, hold, rounds, mine);
        return;
    }

    if through_proxy {
        let Some(nginx) = proxy::nginx() else { return };
        let extra = ["--max-connections", cap.as_str(), "--max-per-address", "1000"];
        let mut rows = Vec::new();
        let counts = if instances == 1 { vec![1] } else { vec![1, instances] };
        for count in counts {
            let cluster = cluster::Cluster::start_with(&nginx, "bench", count, &extra, 4);
            let setup = Setup {
                name: format!("nginx → {count} instance{}", if count == 1 { "" } else { "s" }),
                addr: cluster.proxy,
                path: private_path,
                servers: cluster
                    .instances
                    .iter()
                    .filter_map(|i| i.2.as_ref())
                    .map(|p| p.0.id())
                    .collect(),
                proxy: with_children(cluster.front.process.0.id()),
            };
            let figures = measure(&setup, peers, hold);
            report(&setup.name, peers, &figures);
            rows.push((setup.name, figures));
        }
        for (name, figures) in &rows {
            ratios(name, figures, &mine, "direct");
        }
        return;
    }

    let stock = std::env::var_os("MATCHBOX_SERVER").map(PathBuf::from).or_else(|| {
        let found = Command::new("sh").args(["-c", "command -v matchbox_server"]).output().ok()?;
        let path = String::from_utf8_lossy(&found.stdout).trim().to_owned();
        (!path.is_empty()).then(|| PathBuf::from(path))
    });
    let Some(program) = stock else {
        println!("matchbox_server not found (set MATCHBOX_SERVER): measuring ours alone");
        return;
    };
    let stock_args = ["{addr}".to_string()];
    let theirs = measured(&program, &stock_args, "matchbox_server 0.15", stock_path, peers, hold);
    let Some(theirs) = theirs else { return };
    let ratio = |a: f64, b: f64| a / b;
    println!(
        "ratios, ours / matchbox_server: p99 join {:.2}x, RSS {:.2}x, CPU {:.2}x, p50 join {:.2}x",
        ratio(mine.p99.as_secs_f64(), theirs.p99.as_secs_f64()),
        ratio(mine.rss_kib as f64, theirs.rss_kib as f64),
        ratio(mine.cpu.as_secs_f64(), theirs.cpu.as_secs_f64()),
        ratio(mine.p50.as_secs_f64(), theirs.p50.as_secs_f64()),
    );
}
