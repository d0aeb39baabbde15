//! The HTTP front against what an attacker sends before any WebSocket: half-open requests
//! (slowloris) and malformed ones, on real connections over loopback. The attack comes
//! from 127.0.0.1; honest clients from other loopback addresses (127.0.0.2 …), which the
//! kernel routes to the same server.

use carrom_signaling::metrics::Rejection;
use carrom_signaling::{Config, Running, start};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

fn serving(config: Config) -> Running {
    crate::room_for_connections();
    start(Config { addr: "127.0.0.1:0".parse().unwrap(), ..config }).unwrap()
}

/// A connection to `s` from the loopback address `from`.
async fn connect_from(s: &Running, from: [u8; 4]) -> std::io::Result<TcpStream> {
    connect_to(s.addr, from).await
}

/// A connection to the server at `addr` from the loopback address `from`.
async fn connect_to(addr: SocketAddr, from: [u8; 4]) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((from, 0)))?;
    socket.connect(addr).await
}

/// `/health` asked from `from`: its body, if it answered within `limit`.
async fn health_from(s: &Running, from: [u8; 4], limit: Duration) -> Option<String> {
    let asked = async {
        let mut stream = connect_from(s, from).await.ok()?;
        let request = format!("GET /health HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr);
        stream.write_all(request.as_bytes()).await.ok()?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.ok()?;
        let answer = String::from_utf8_lossy(&answer).into_owned();
        answer.split("\r\n\r\n").nth(1).map(str::to_owned)
    };
    tokio::time::timeout(limit, asked).await.ok().flatten()
}

/// Whether the server has closed `stream` (it reads the end, or an error).
async fn closed(stream: &mut TcpStream, within: Duration) -> bool {
    let mut byte = [0u8; 64];
    matches!(tokio::time::timeout(within, stream.read(&mut byte)).await, Ok(Ok(0)) | Ok(Err(_)))
}

#[tokio::test]
async fn half_open_requests_are_capped_and_cut_off_and_health_still_answers() {
    let s = serving(Config { handshake_timeout: 2, ..Config::default() });
    // 400 requests that send the start of a header and nothing more.
    let mut held = Vec::new();
    for _ in 0..400 {
        if let Ok(mut stream) = connect_from(&s, [127, 0, 0, 1]).await {
            let _ = stream.write_all(b"GET /health HTTP/1.1\r\nX:").await;
            held.push(stream);
        }
    }
    let started = Instant::now();
    let answer = health_from(&s, [127, 0, 0, 2], Duration::from_secs(10)).await;
    println!("/health answered in {:?} with 400 half-open requests held", started.elapsed());
    assert_eq!(answer.as_deref(), Some("ok\n"), "another client is served");
    assert!(
        s.metrics.rejections(Rejection::PendingCap) >= 400 - 32,
        "all but --max-per-address of the half-open ones were refused at once"
    );
    // The ones let in are cut off once the header timeout passes.
    let mut still_open = 0;
    for stream in &mut held {
        if !closed(stream, Duration::from_secs(10)).await {
            still_open += 1;
        }
    }
    assert_eq!(still_open, 0, "every half-open request was closed by the server");
    assert_eq!(
        health_from(&s, [127, 0, 0, 1], Duration::from_secs(10)).await.as_deref(),
        Some("ok\n")
    );
    // A kept-alive connection idle after its request is cut off too.
    let mut idle = connect_from(&s, [127, 0, 0, 3]).await.unwrap();
    let request = format!("GET /health HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr);
    idle.write_all(request.as_bytes()).await.unwrap();
    let mut answer = [0u8; 256];
    assert!(idle.read(&mut answer).await.unwrap() > 0, "the request was answered");
    assert!(closed(&mut idle, Duration::from_secs(10)).await, "then the idle connection closed");
    s.stop().await.unwrap();
}

/// Request heads an attacker might send: broken request lines, methods, versions, header
/// lines and lengths, from a seeded generator so that a failure names its case.
fn malformed(case: u64) -> Vec<u8> {
    let mut bits = case.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03;
    let mut draw = |n: u64| {
        bits ^= bits << 13;
        bits ^= bits >> 7;
        bits ^= bits << 17;
        bits % n
    };
    let methods = ["GET", "POST", "CONNECT", "G\0T", "", "get", "PRI", "OPTIONS"];
    let targets = ["/", "*", "a:80", "/r/", "/w/%ff%fe", "//", "http://x/", "/\u{7f}", "/../.."];
    let versions = ["HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/9", "", "HTTP/1.1 extra"];
    let headers = [
        "Host: x\r\n",
        "Content-Length: -1\r\n",
        "Content-Length: 99999999999999999999\r\n",
        "Transfer-Encoding: chunked\r\n",
        "Upgrade: websocket\r\nConnection: Upgrade\r\n",
        "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: !!\r\n",
        "X-Forwarded-For: ::::\r\n",
        " folded\r\n",
        "NoColon\r\n",
        "\0: \0\r\n",
    ];
    let mut head = format!(
        "{} {} {}\r\n",
        methods[draw(methods.len() as u64) as usize],
        targets[draw(targets.len() as u64) as usize],
        versions[draw(versions.len() as u64) as usize]
    )
    .into_bytes();
    for _ in 0..draw(5) {
        head.extend(headers[draw(headers.len() as u64) as usize].as_bytes());
    }
    if draw(4) == 0 {
        head.extend((0..draw(300)).map(|_| draw(256) as u8));
    }
    head.extend(b"\r\n");
    head
}

#[tokio::test]
async fn two_thousand_malformed_requests_get_an_answer_or_a_close_and_no_panic() {
    // A case the server answers only when its handshake timeout passes costs 2 s: 2,000
    // of them one by one took two minutes, 200 at a time 31 s, and 1,000 at a time (under
    // a pending cap raised to fit them) 2 batches' timeouts. Each case holds two
    // descriptors here (both ends), beside what the other suites hold: as many at a time
    // as this process's open-files limit leaves room for.
    let (room, _) = carrom_signaling::open_files::make_room(4_000);
    let at_once = (room.saturating_sub(1_200) / 2).clamp(100, 1_000);
    let s = serving(Config { handshake_timeout: 2, max_pending: 1_100, ..Config::default() });
    let cases: Vec<u64> = (0..2_000).collect();
    for batch in cases.chunks(at_once) {
        let mut asked = tokio::task::JoinSet::new();
        for &case in batch {
            let addr = s.addr;
            asked.spawn(async move {
                // Each from its own loopback address, so that no cap stands in for the parser.
                let from = [127, 1, (case / 250) as u8, (case % 250) as u8 + 1];
                let mut stream = connect_to(addr, from).await.unwrap();
                let _ = stream.write_all(&malformed(case)).await;
                let mut answer = Vec::new();
                let read = stream.read_to_end(&mut answer);
                (case, tokio::time::timeout(Duration::from_secs(10), read).await.is_ok())
            });
        }
        while let Some(done) = asked.join_next().await {
            let (case, ended) = done.unwrap();
            assert!(ended, "case {case}: the server neither answered nor closed");
        }
    }
    let answer = health_from(&s, [127, 0, 0, 2], Duration::from_secs(10)).await;
    assert_eq!(answer.as_deref(), Some("ok\n"), "and the server goes on");
    s.stop().await.unwrap();
}
