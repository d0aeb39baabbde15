//! An instance whose open-files limit is below its connection cap lowers the cap to fit,
//! says so, and refuses peers past it in words (503) instead of failing to accept them.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tokio_tungstenite::connect_async;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cap_over_the_open_files_limit_is_lowered_said_and_kept() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let addr = format!("127.0.0.1:{port}");
    let program = env!("CARGO_BIN_EXE_carrom-signaling");
    let mut child = Command::new("sh")
        .args(["-c", "ulimit -n 200 && exec \"$0\" \"$@\"", program])
        .args(["--addr", &addr, "--max-connections", "1000", "--max-per-address", "1000"])
        .env("RUST_LOG", "warn")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let up = Instant::now();
    while std::net::TcpStream::connect(&addr).is_err() {
        assert!(up.elapsed() < Duration::from_secs(10), "the instance never listened");
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut peers = Vec::new();
    for n in 0..136 {
        let url = format!("ws://{addr}/q/files?next=4");
        let connected = tokio::time::timeout(Duration::from_secs(10), connect_async(url)).await;
        match connected {
            Ok(Ok((ws, _))) => peers.push(ws),
            other => panic!("peer {n} was not let in: {other:?}"),
        }
    }
    let url = format!("ws://{addr}/q/files?next=4");
    match tokio::time::timeout(Duration::from_secs(10), connect_async(url)).await {
        Ok(Err(tokio_tungstenite::tungstenite::Error::Http(refusal))) => {
            assert_eq!(refusal.status().as_u16(), 503, "full, in words");
        }
        other => panic!("the 137th peer under a limit of 200 files: {other:?}"),
    }
    drop(peers);
    let _ = child.kill();
    let _ = child.wait();
    let mut said = String::new();
    child.stderr.take().unwrap().read_to_string(&mut said).unwrap();
    assert!(said.contains("--max-connections 1000 does not fit"), "{said}");
    assert!(said.contains("taking at most 136"), "{said}");
}
