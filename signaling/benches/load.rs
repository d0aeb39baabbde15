//! Load: N peers (default 2000, at most 5000) join rooms of two and exchange one signal,
//! against carrom-signaling and, side by side in the same run, matchbox_server 0.15.
//! Reports join latency (connect → id assigned) p50/p99, and the server process's peak
//! RSS and CPU time. Loopback only; every peer connects from a loopback source address
//! shared by 20 peers. Bounded: 120 s per server at most.
//!
//! Run: `cargo bench -p carrom-signaling --bench load -- --peers 5000`, with
//! `matchbox_server` on PATH or in MATCHBOX_SERVER
//! (`cargo install matchbox_server --version 0.15.0`); without it only ours is measured.

use futures::{SinkExt, StreamExt};
use matchbox_protocol::JsonPeerEvent;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpSocket;
use tokio::sync::Semaphore;
use tokio_tungstenite::client_async;
use tokio_tungstenite::tungstenite::Message;

struct Server {
    name: &'static str,
    program: PathBuf,
    args: Vec<String>,
    path: fn(usize) -> String,
}

struct Figures {
    p50: Duration,
    p99: Duration,
    completed: usize,
    rss_kib: u64,
    cpu: Duration,
    wall: Duration,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn peak_rss_kib(pid: u32) -> u64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = text.lines().find(|l| l.starts_with("VmHWM:")).unwrap_or("");
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

fn private_path(room: usize) -> String {
    format!("/r/{}?seats=2", carrom_signaling::code::mint(room as u64, 2))
}

fn stock_path(room: usize) -> String {
    format!("/room{room}")
}

/// One peer: connects from `source` and waits for its id; whichever of a pair is told
/// of the other signals it, and the other waits for that signal. Returns the join latency.
async fn peer(
    addr: SocketAddr,
    source: IpAddr,
    path: String,
    gate: Arc<Semaphore>,
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
    // Hold the connection a moment so the pair's signal is delivered.
    tokio::time::sleep(Duration::from_millis(200)).await;
    joined
}

fn run(server: &Server, peers: usize) -> Option<Figures> {
    let addr: SocketAddr = ([127, 0, 0, 1], free_port()).into();
    let mut child: Child = Command::new(&server.program)
        .args(server.args.iter().map(|a| a.replace("{addr}", &addr.to_string())))
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let pid = child.id();
    let up = Instant::now();
    while std::net::TcpStream::connect(addr).is_err() {
        if up.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let cpu_before = cpu_time(pid);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let started = Instant::now();
    let mut latencies: Vec<Duration> = runtime.block_on(async {
        // Under the listen backlog (128), so latency is the server's, not SYN retries.
        let gate = Arc::new(Semaphore::new(100));
        let tasks: Vec<_> = (0..peers)
            .map(|i| {
                let group = i / 20;
                let source =
                    IpAddr::V4(Ipv4Addr::new(127, 1 + (group / 250) as u8, (group % 250) as u8, 1));
                tokio::spawn(peer(addr, source, (server.path)(i / 2), gate.clone()))
            })
            .collect();
        match tokio::time::timeout(Duration::from_secs(120), futures::future::join_all(tasks)).await
        {
            Ok(results) => results.into_iter().filter_map(|r| r.ok().flatten()).collect(),
            Err(_) => Vec::new(),
        }
    });
    let wall = started.elapsed();
    let rss_kib = peak_rss_kib(pid);
    let cpu = cpu_time(pid).saturating_sub(cpu_before);
    let _ = child.kill();
    let _ = child.wait();
    latencies.sort();
    let pick = |q: f64| {
        latencies
            .get(((latencies.len().max(1) - 1) as f64 * q) as usize)
            .copied()
            .unwrap_or_default()
    };
    Some(Figures {
        p50: pick(0.50),
        p99: pick(0.99),
        completed: latencies.len(),
        rss_kib,
        cpu,
        wall,
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let peers = args
        .windows(2)
        .find(|w| w[0] == "--peers")
        .and_then(|w| w[1].parse().ok())
        .unwrap_or(2000usize)
        .clamp(2, 5000);
    let stock = std::env::var_os("MATCHBOX_SERVER").map(PathBuf::from).or_else(|| {
        let found = Command::new("sh").args(["-c", "command -v matchbox_server"]).output().ok()?;
        let path = String::from_utf8_lossy(&found.stdout).trim().to_owned();
        (!path.is_empty()).then(|| PathBuf::from(path))
    });
    let mut servers = vec![Server {
        name: "carrom-signaling",
        program: PathBuf::from(env!("CARGO_BIN_EXE_carrom-signaling")),
        args: vec!["--addr".into(), "{addr}".into()],
        path: private_path,
    }];
    match stock {
        Some(program) => servers.push(Server {
            name: "matchbox_server 0.15",
            program,
            args: vec!["{addr}".into()],
            path: stock_path,
        }),
        None => println!("matchbox_server not found (set MATCHBOX_SERVER): measuring ours alone"),
    }
    println!("{peers} peers in rooms of two, one signal per room, 100 handshakes in flight");
    let mut rows = Vec::new();
    for server in &servers {
        match run(server, peers) {
            Some(f) => {
                println!(
                    "{:<21} joined {:>4}/{peers}  p50 {:>6.2} ms  p99 {:>7.2} ms  peak RSS {:>6} KiB  CPU {:>5.2} s  wall {:>5.2} s",
                    server.name,
                    f.completed,
                    f.p50.as_secs_f64() * 1e3,
                    f.p99.as_secs_f64() * 1e3,
                    f.rss_kib,
                    f.cpu.as_secs_f64(),
                    f.wall.as_secs_f64()
                );
                rows.push(f);
            }
            None => println!("{:<21} did not start", server.name),
        }
    }
    if let [ours, stock] = rows.as_slice() {
        let ratio = |a: f64, b: f64| a / b;
        println!(
            "ratios, ours / matchbox_server: p99 join {:.2}x, peak RSS {:.2}x, CPU {:.2}x, p50 join {:.2}x",
            ratio(ours.p99.as_secs_f64(), stock.p99.as_secs_f64()),
            ratio(ours.rss_kib as f64, stock.rss_kib as f64),
            ratio(ours.cpu.as_secs_f64(), stock.cpu.as_secs_f64()),
            ratio(ours.p50.as_secs_f64(), stock.p50.as_secs_f64()),
        );
    }
}
