//! The skeleton server listens on loopback and shuts down gracefully when asked.

use carrom_signaling::server;
use std::time::Duration;
use tokio::sync::oneshot;

#[tokio::test]
async fn listens_on_loopback_and_shuts_down_when_asked() {
    let (stop, stopped) = oneshot::channel();
    let mut s = server("127.0.0.1:0".parse().unwrap(), stopped);
    let addr = s.bind().unwrap();
    assert!(addr.ip().is_loopback());
    let serving = tokio::spawn(s.serve());
    let connected = tokio::net::TcpStream::connect(addr).await;
    assert!(connected.is_ok(), "the server accepts connections");
    stop.send(()).unwrap();
    let finished = tokio::time::timeout(Duration::from_secs(10), serving).await;
    assert!(matches!(finished, Ok(Ok(Ok(())))), "the server stops cleanly");
}
