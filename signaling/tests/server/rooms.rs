//! The signaling server with real WebSocket clients on loopback: rooms, quick match,
//! routing only within a room, refusals with reasons, limits, bad input, shutdown.

use carrom_signaling::{Config, Running, metrics::Rejection, start};
use futures::{SinkExt, StreamExt};
use matchbox_protocol::{JsonPeerEvent, PeerId};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

const CODE: &str = "0123456789ABC";
const WAIT: Duration = Duration::from_secs(5);

fn config() -> Config {
    Config { addr: "127.0.0.1:0".parse().unwrap(), ..Config::default() }
}

async fn server(config: Config) -> Running {
    crate::room_for_connections();
    start(config).unwrap()
}

fn url(s: &Running, path: &str) -> String {
    format!("ws://{}{path}", s.addr)
}

/// Connects and reads the assigned id.
async fn join(s: &Running, path: &str) -> (Ws, PeerId) {
    let (mut ws, _) =
        tokio::time::timeout(WAIT, connect_async(url(s, path))).await.unwrap().unwrap();
    match next_event(&mut ws).await {
        Some(JsonPeerEvent::IdAssigned(id)) => (ws, id),
        other => panic!("expected an id, got {other:?}"),
    }
}

/// The next event, or None if the connection closed or nothing came in time.
async fn next_event(ws: &mut Ws) -> Option<JsonPeerEvent> {
    loop {
        match tokio::time::timeout(WAIT, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return Some(t.as_str().parse().unwrap()),
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
            _ => return None,
        }
    }
}

/// The next text message, as sent.
async fn next_text(ws: &mut Ws) -> Option<String> {
    loop {
        match tokio::time::timeout(WAIT, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return Some(t.as_str().to_owned()),
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
            _ => return None,
        }
    }
}

/// Whether something arrives within a short while.
async fn quiet(ws: &mut Ws) -> bool {
    tokio::time::timeout(Duration::from_millis(300), ws.next()).await.is_err()
}

/// The close code the server sent, if it closed.
async fn closed_with(ws: &mut Ws) -> Option<u16> {
    loop {
        match tokio::time::timeout(WAIT, ws.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|f| u16::from(f.code)),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

/// Waits (at most 10 s) until the server's figure `name` is `value`: what a test's dropped
/// connections must have come to before it goes on, however busy the machine.
async fn until_figure(s: &Running, name: &str, value: u64) {
    for _ in 0..200 {
        if figure(&get(s, "/metrics").await.1, name) == Some(value) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the server's {name} never came to {value}");
}

/// The value of the metric `name` in `/metrics` text, whatever its labels.
fn figure(metrics: &str, name: &str) -> Option<u64> {
    metrics.lines().find_map(|line| {
        let rest = line.strip_prefix(name)?;
        let value =
            if rest.starts_with('{') { rest.split_once("} ")?.1 } else { rest.strip_prefix(' ')? };
        value.trim().parse().ok()
    })
}

fn signal(to: PeerId, data: &str) -> Message {
    Message::text(format!(r#"{{"Signal":{{"receiver":"{}","data":"{data}"}}}}"#, to.0))
}

/// The refusal's HTTP status and body.
async fn refused(s: &Running, path: &str) -> (u16, String) {
    match connect_async(url(s, path)).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            let body = response
                .body()
                .as_ref()
                .map(|b| String::from_utf8_lossy(b).into_owned())
                .unwrap_or_default();
            (response.status().as_u16(), body)
        }
        other => panic!("{path}: expected a refusal, got {:?}", other.map(|_| ())),
    }
}

#[tokio::test]
async fn peers_meet_in_a_private_room_and_signal_both_ways() {
    let s = server(config()).await;
    let (mut a, id_a) = join(&s, &format!("/r/{CODE}?seats=2")).await;
    let (mut b, id_b) = join(&s, &format!("/r/{}?seats=2", CODE.to_lowercase())).await;
    assert_eq!(
        next_event(&mut a).await,
        Some(JsonPeerEvent::NewPeer(id_b)),
        "codes are case-insensitive"
    );
    b.send(signal(id_a, "offer")).await.unwrap();
    assert_eq!(
        next_event(&mut a).await,
        Some(JsonPeerEvent::Signal { sender: id_b, data: "offer".into() })
    );
    a.send(signal(id_b, "answer")).await.unwrap();
    assert_eq!(
        next_event(&mut b).await,
        Some(JsonPeerEvent::Signal { sender: id_a, data: "answer".into() })
    );
    a.send(Message::text(r#""KeepAlive""#)).await.unwrap();
    drop(b);
    assert_eq!(
        next_event(&mut a).await,
        Some(JsonPeerEvent::PeerLeft(id_b)),
        "an abrupt disconnect is noticed"
    );
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a_full_room_and_a_room_of_another_size_refuse_with_a_reason() {
    let s = server(config()).await;
    let _a = join(&s, &format!("/r/{CODE}?seats=2")).await;
    let _b = join(&s, &format!("/r/{CODE}?seats=2")).await;
    let (status, body) = refused(&s, &format!("/r/{CODE}?seats=2")).await;
    assert_eq!(status, 409);
    assert!(body.contains("full"), "{body}");
    let (status, body) = refused(&s, &format!("/r/{CODE}?seats=4")).await;
    assert_eq!(status, 409);
    assert!(body.contains("another number of seats"), "{body}");
    assert_eq!(s.metrics.rejections(Rejection::RoomFull), 1);
    s.stop().await.unwrap();
}

#[tokio::test]
async fn malformed_rooms_and_sizes_are_refused() {
    let s = server(config()).await;
    for path in [
        "/r/0123456789ABI?seats=2",
        "/r/SHORT?seats=2",
        "/r/0123456789ABC",
        "/r/0123456789ABC?seats=5",
        "/q/1.classic.2?next=9",
        "/q/bad%20key?next=2",
    ] {
        let (status, body) = refused(&s, path).await;
        assert_eq!(status, 400, "{path}: {body}");
    }
    for path in ["/", "/world", "/anything"] {
        let (status, body) = refused(&s, path).await;
        assert_eq!(status, 404, "the stock routes are closed: {path}");
        assert!(body.contains("/r/<CODE>"), "{body}");
    }
    s.stop().await.unwrap();
}

#[tokio::test]
async fn quick_match_groups_exactly_n_and_the_next_arrival_starts_a_new_room() {
    let s = server(config()).await;
    let path = "/q/1.classic.2?next=2";
    let (mut a, _) = join(&s, path).await;
    let (mut b, id_b) = join(&s, path).await;
    assert_eq!(next_event(&mut a).await, Some(JsonPeerEvent::NewPeer(id_b)));
    let (mut c, _) = join(&s, path).await;
    assert!(quiet(&mut a).await && quiet(&mut b).await, "the third arrival is in a new group");
    let (_d, id_d) = join(&s, path).await;
    assert_eq!(next_event(&mut c).await, Some(JsonPeerEvent::NewPeer(id_d)));
    let (mut other, _) = join(&s, "/q/1.classic.2?next=4").await;
    assert!(quiet(&mut other).await, "another group size is another queue");
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a_peer_cannot_signal_into_another_room() {
    let s = server(config()).await;
    let (mut a, _) = join(&s, &format!("/r/{CODE}?seats=2")).await;
    let (mut x, id_x) = join(&s, "/r/ZZZZZZZZZZZZZ?seats=2").await;
    a.send(signal(id_x, "intrusion")).await.unwrap();
    assert!(quiet(&mut x).await);
    assert_eq!(s.metrics.rejections(Rejection::OtherRoom), 1);
    a.send(Message::text(r#""KeepAlive""#)).await.unwrap();
    assert!(quiet(&mut a).await, "the sender stays connected");
    s.stop().await.unwrap();
}

#[tokio::test]
async fn simultaneous_joins_always_learn_of_each_other() {
    let s = server(config()).await;
    for round in 0..200 {
        let code = carrom_signaling::code::mint(round, 2);
        let path = format!("/r/{code}?seats=2");
        let ((mut a, id_a), (mut b, id_b)) = tokio::join!(join(&s, &path), join(&s, &path));
        // Exactly one of them was there first and is told of the other (matchbox peers
        // then offer to the newcomer); the other is told nothing.
        let (told, newcomer, mut other) = tokio::select! {
            e = next_event(&mut a) => (e, id_b, b),
            e = next_event(&mut b) => (e, id_a, a),
        };
        assert_eq!(told, Some(JsonPeerEvent::NewPeer(newcomer)), "round {round}");
        let more = tokio::time::timeout(Duration::from_millis(50), other.next()).await;
        assert!(more.is_err(), "round {round}: the newcomer hears of nobody");
    }
    s.stop().await.unwrap();
}

#[tokio::test]
async fn malformed_unknown_and_oversized_messages_close_only_that_connection() {
    let s = server(config()).await;
    let room = format!("/r/{CODE}?seats=4");
    let (mut good, id_good) = join(&s, &room).await;
    let bad_messages = [
        Message::text("not json"),
        Message::text(r#"{"Teleport": {"to": "mars"}}"#),
        Message::binary(vec![0u8, 159, 146, 150]),
        Message::text("x".repeat(17 * 1024)),
    ];
    for (i, bad) in bad_messages.into_iter().enumerate() {
        let (mut offender, id) = join(&s, &room).await;
        assert_eq!(next_event(&mut good).await, Some(JsonPeerEvent::NewPeer(id)));
        let _ = offender.send(bad).await;
        let code = closed_with(&mut offender).await;
        assert!(code.is_some_and(|c| c >= 4000) || code.is_none(), "case {i}: {code:?}");
        assert_eq!(next_event(&mut good).await, Some(JsonPeerEvent::PeerLeft(id)), "case {i}");
    }
    assert_eq!(s.metrics.rejections(Rejection::Malformed), 3);
    assert_eq!(s.metrics.rejections(Rejection::Oversized), 1);
    let (mut late, id_late) = join(&s, &room).await;
    assert_eq!(next_event(&mut good).await, Some(JsonPeerEvent::NewPeer(id_late)));
    late.send(signal(id_good, "still here")).await.unwrap();
    assert!(matches!(next_event(&mut good).await, Some(JsonPeerEvent::Signal { .. })));
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a_peer_over_its_rate_is_dropped() {
    let s = server(Config { rate: 5, burst: 10, ..config() }).await;
    let (mut a, _) = join(&s, &format!("/r/{CODE}?seats=2")).await;
    for _ in 0..30 {
        if a.send(Message::text(r#""KeepAlive""#)).await.is_err() {
            break;
        }
    }
    assert_eq!(closed_with(&mut a).await, Some(4000 + Rejection::RateLimited as u16));
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a_silent_peer_is_dropped_after_the_idle_timeout() {
    let s = server(Config { idle_timeout: 1, ..config() }).await;
    let (mut a, _) = join(&s, &format!("/r/{CODE}?seats=2")).await;
    assert_eq!(closed_with(&mut a).await, Some(4000 + Rejection::Idle as u16));
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a_slow_reader_is_dropped_not_buffered_for() {
    let unlimited = Config { rate: 100_000, burst: 100_000, byte_rate: u32::MAX, ..config() };
    let s = server(Config { queue: 4, byte_burst: u32::MAX, ..unlimited }).await;
    let room = format!("/r/{CODE}?seats=2");
    let (mut sender, _) = join(&s, &room).await;
    let (mut sleeper, id_sleeper) = join(&s, &room).await;
    let _ = next_event(&mut sender).await;
    let big = "y".repeat(15 * 1024);
    for _ in 0..2_000 {
        if sender.send(signal(id_sleeper, &big)).await.is_err() {
            break;
        }
        if s.metrics.rejections(Rejection::SlowReader) > 0 {
            break;
        }
    }
    assert_eq!(s.metrics.rejections(Rejection::SlowReader), 1);
    assert_eq!(next_event(&mut sender).await, Some(JsonPeerEvent::PeerLeft(id_sleeper)));
    drop(sleeper.close(None).await);
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a_sender_flooding_one_receiver_is_dropped_and_the_receiver_kept() {
    let s = server(config()).await;
    let room = format!("/r/{CODE}?seats=2");
    let (mut flooder, id_flooder) = join(&s, &room).await;
    let (mut sleeper, id_sleeper) = join(&s, &room).await;
    let _ = next_event(&mut flooder).await;
    // 15 KiB signals, as fast as the flooder can send them, to a peer not reading.
    let big = "y".repeat(15 * 1024);
    for _ in 0..200 {
        if flooder.send(signal(id_sleeper, &big)).await.is_err() {
            break;
        }
    }
    assert_eq!(closed_with(&mut flooder).await, Some(4000 + Rejection::RateLimited as u16));
    assert_eq!(s.metrics.rejections(Rejection::SlowReader), 0, "the receiver was kept");
    let mut signals = 0;
    let left = loop {
        match next_event(&mut sleeper).await {
            Some(JsonPeerEvent::Signal { .. }) => signals += 1,
            other => break other,
        }
    };
    assert_eq!(left, Some(JsonPeerEvent::PeerLeft(id_flooder)), "after {signals} signals");
    assert!(signals <= 5, "the flood was cut off at its burst: {signals} signals");
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a_source_guessing_codes_to_watch_is_held_back() {
    let s = server(config()).await;
    let _player = join(&s, &format!("/r/{CODE}?seats=2")).await;
    // Codes nobody opened: each a miss, until the source is held back.
    let mut statuses = Vec::new();
    for n in 0..40 {
        let guess = format!("0123456789{:03}", 100 + n);
        statuses.push(refused(&s, &format!("/w/{guess}?v=5")).await.0);
        if statuses.last() == Some(&429) {
            break;
        }
    }
    // Ten at once; on a slow machine one more may have come back in the meantime.
    assert_eq!(&statuses[..10], &[404; 10], "{statuses:?}");
    assert_eq!(statuses.last(), Some(&429), "then held back: {statuses:?}");
    let (status, body) = refused(&s, &format!("/w/{CODE}?v=5")).await;
    assert_eq!(status, 429, "a room that exists answers the guesser the same way");
    assert!(body.contains("wait a minute"), "{body}");
    assert_eq!(s.metrics.rejections(Rejection::Probing), 2);
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a_probe_with_a_made_up_version_learns_nothing_of_a_live_room() {
    let s = server(config()).await;
    let _a = join(&s, &format!("/r/{CODE}?seats=2&v=3")).await;
    let _b = join(&s, &format!("/r/{CODE}?seats=2&v=3")).await;
    let live = refused(&s, &format!("/w/{CODE}?v=zz")).await;
    let absent = refused(&s, "/w/0123456789XYZ?v=zz").await;
    assert_eq!(live, absent, "a live room and no room answer alike");
    assert_eq!(live.0, 404);
    assert_eq!(s.metrics.rejections(Rejection::NoMatch), 2, "both count as misses");
    assert_eq!(s.metrics.rejections(Rejection::VersionMismatch), 0);
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a_connection_flood_past_the_caps_is_refused() {
    let s = server(Config { max_per_address: 5, ..config() }).await;
    let mut held = Vec::new();
    for _ in 0..5 {
        held.push(join(&s, "/q/flood?next=4").await);
    }
    for _ in 0..200 {
        let (status, body) = refused(&s, "/q/flood?next=4").await;
        assert_eq!(status, 429, "{body}");
    }
    assert_eq!(s.metrics.rejections(Rejection::AddressCap), 200);
    drop(held.pop());
    until_figure(&s, "carrom_signaling_connections", 4).await;
    held.push(join(&s, "/q/flood?next=4").await);
    s.stop().await.unwrap();

    let s = server(Config { max_connections: 3, ..config() }).await;
    let _held: Vec<_> =
        futures::future::join_all((0..3).map(|_| join(&s, "/q/flood?next=4"))).await;
    let (status, body) = refused(&s, "/q/flood?next=4").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("server is full"));
    s.stop().await.unwrap();
}

#[tokio::test]
async fn health_and_metrics_answer() {
    let s = server(config()).await;
    let _a = join(&s, &format!("/r/{CODE}?seats=2")).await;
    let get = |path: &str| {
        let addr = s.addr;
        let path = path.to_owned();
        async move {
            use tokio::io::{AsyncReadExt, AsyncWriteExt};
            let mut tcp = TcpStream::connect(addr).await.unwrap();
            tcp.write_all(
                format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
            )
            .await
            .unwrap();
            let mut body = String::new();
            tcp.read_to_string(&mut body).await.unwrap();
            body
        }
    };
    assert!(get("/health").await.contains("200 OK"));
    let metrics = get("/metrics").await;
    assert_eq!(figure(&metrics, "carrom_signaling_peers"), Some(1), "{metrics}");
    assert_eq!(figure(&metrics, "carrom_signaling_rooms"), Some(1));
    assert!(metrics.contains(r#"{instance="127.0.0.1:"#), "named by its address: {metrics}");
    assert!(metrics.contains(r#",reason="room_full"} 0"#), "{metrics}");
    s.stop().await.unwrap();
}

#[tokio::test]
async fn stopping_says_goodbye_to_every_peer() {
    let s = server(config()).await;
    let (mut a, _) = join(&s, &format!("/r/{CODE}?seats=2")).await;
    let stopping = tokio::spawn(s.stop());
    assert_eq!(closed_with(&mut a).await, Some(1001));
    drop(a);
    tokio::time::timeout(Duration::from_secs(10), stopping).await.unwrap().unwrap().unwrap();
}

#[tokio::test]
async fn a_client_of_another_protocol_version_is_refused_with_a_reason() {
    let s = server(config()).await;
    let (mut first, _) = join(&s, &format!("/r/{CODE}?seats=2&v=2")).await;
    let (status, body) = refused(&s, &format!("/r/{CODE}?seats=2&v=1")).await;
    assert_eq!(status, 426);
    assert!(body.contains("another version of the game"), "{body}");
    let (status, _) = refused(&s, &format!("/r/{CODE}?seats=2")).await;
    assert_eq!(status, 426, "a client naming no version is another version too");
    assert!(quiet(&mut first).await, "the refused clients never reached the room");
    let (_same, id) = join(&s, &format!("/r/{CODE}?seats=2&v=2")).await;
    assert_eq!(next_event(&mut first).await, Some(JsonPeerEvent::NewPeer(id)));
    assert_eq!(s.metrics.rejections(Rejection::VersionMismatch), 2);
    let (status, _) = refused(&s, &format!("/r/{CODE}?seats=2&v=not%20ok")).await;
    assert_eq!(status, 400);
    s.stop().await.unwrap();
}

/// A plain HTTP GET of `path`: the status line and the body.
async fn get(s: &Running, path: &str) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(s.addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut reply = String::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_string(&mut reply))
        .await
        .expect("answered within 5 s")
        .unwrap();
    let status = reply.lines().next().unwrap_or_default().to_string();
    let body = reply.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, body)
}

#[tokio::test]
async fn a_lan_hosts_listing_is_served_counted_and_withdrawn() {
    let s = server(config()).await;
    let (status, body) = get(&s, "/lan").await;
    assert!(status.contains("404") && body.contains("no game is hosted here"), "{status} {body}");
    s.set_listing(Some(r#"{"host":"Asha"}"#.into()));
    let (status, body) = get(&s, "/lan").await;
    assert!(status.contains("200"), "{status}");
    assert!(body.ends_with(r#"{"host":"Asha"}"#), "{body}");
    assert_eq!(s.peers(), 0);
    let (_a, _) = join(&s, &format!("/r/{CODE}?seats=2")).await;
    assert_eq!(s.peers(), 1, "the peer in the room is counted");
    s.set_listing(None);
    assert!(get(&s, "/lan").await.0.contains("404"), "withdrawn");
}

#[tokio::test]
async fn watchers_hold_no_seat_meet_only_players_and_are_capped() {
    let s = server(config()).await;
    let (status, body) = refused(&s, &format!("/w/{CODE}?v=3")).await;
    assert_eq!(status, 404, "no match with this code yet");
    assert!(body.contains("no match"), "{body}");
    let (mut a, id_a) = join(&s, &format!("/r/{CODE}?seats=2&v=3")).await;
    let (mut early, id_early) = join(&s, &format!("/w/{CODE}?v=3")).await;
    assert_eq!(next_event(&mut a).await, Some(JsonPeerEvent::NewPeer(id_early)));
    let (mut b, id_b) = join(&s, &format!("/r/{CODE}?seats=2&v=3")).await;
    assert_eq!(next_event(&mut a).await, Some(JsonPeerEvent::NewPeer(id_b)));
    assert_eq!(
        next_event(&mut early).await,
        Some(JsonPeerEvent::NewPeer(id_b)),
        "a watcher there first hears of the players who come after it"
    );
    assert!(quiet(&mut b).await, "a player arriving is not told of the watchers (they call)");
    let (status, _) = refused(&s, &format!("/r/{CODE}?seats=2&v=3")).await;
    assert_eq!(status, 409, "the watcher took no seat, and the two players fill the room");
    let (status, body) = refused(&s, &format!("/w/{CODE}?v=2")).await;
    assert_eq!(status, 404, "a watcher of another version finds no match of its own: {body}");
    let (mut late, id_late) = join(&s, &format!("/w/{CODE}?v=3")).await;
    assert_eq!(next_event(&mut a).await, Some(JsonPeerEvent::NewPeer(id_late)));
    assert_eq!(next_event(&mut b).await, Some(JsonPeerEvent::NewPeer(id_late)));
    assert!(quiet(&mut early).await, "watchers are not introduced to each other");
    late.send(signal(id_early, "offer")).await.unwrap();
    assert!(quiet(&mut early).await, "nor may they signal each other");
    late.send(signal(id_a, "offer")).await.unwrap();
    assert_eq!(
        next_event(&mut a).await,
        Some(JsonPeerEvent::Signal { sender: id_late, data: "offer".into() })
    );
    a.send(signal(id_late, "answer")).await.unwrap();
    assert_eq!(
        next_event(&mut late).await,
        Some(JsonPeerEvent::Signal { sender: id_a, data: "answer".into() })
    );
    let mut more = Vec::new();
    for _ in 2..carrom_signaling::rooms::MAX_WATCHERS {
        more.push(join(&s, &format!("/w/{CODE}?v=3")).await);
    }
    let (status, body) = refused(&s, &format!("/w/{CODE}?v=3")).await;
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("watchers"), "{body}");
    assert_eq!(s.peers(), 2, "the players, watchers aside");
    let (_, metrics) = get(&s, "/metrics").await;
    assert_eq!(figure(&metrics, "carrom_signaling_watchers"), Some(8), "{metrics}");
    drop(late);
    let mut heard = Vec::new();
    while let Some(event) = next_event(&mut a).await {
        heard.push(event.clone());
        if event == JsonPeerEvent::PeerLeft(id_late) {
            break;
        }
    }
    assert_eq!(heard.len(), more.len() + 1, "each other watcher's arrival, then {heard:?}");
    drop(a);
    let left = next_event(&mut early).await;
    assert_eq!(left, Some(JsonPeerEvent::PeerLeft(id_a)), "a watcher hears a player leave");
    s.stop().await.unwrap();
}

/// The tokens two players give when they join, to take their seats back with.
const TOKEN_A: &str = "0123456789abcdef0123456789abcdef";
const TOKEN_B: &str = "fedcba9876543210fedcba9876543210";

#[tokio::test]
async fn a_started_room_keeps_a_dropped_players_seat_for_it_alone_and_for_its_grace_period() {
    let s = server(config()).await;
    let room = format!("/r/{CODE}?seats=2&v=4&grace=2");
    let (mut a, id_a) = join(&s, &format!("{room}&seat={TOKEN_A}")).await;
    let (b, id_b) = join(&s, &format!("{room}&seat={TOKEN_B}")).await;
    assert_eq!(next_event(&mut a).await, Some(JsonPeerEvent::NewPeer(id_b)));
    drop(b);
    assert_eq!(next_event(&mut a).await, Some(JsonPeerEvent::PeerLeft(id_b)));
    // A stranger with the code cannot take the seat freed in a started match.
    let (status, body) = refused(&s, &room).await;
    assert_eq!(status, 409);
    assert!(body.contains("started"), "{body}");
    let (status, _) =
        refused(&s, &format!("/j/{CODE}/00000000-0000-0000-0000-000000000000?v=4")).await;
    assert_eq!(status, 404, "an id that never held a seat here");
    let (status, _) = refused(&s, &format!("/j/{CODE}/{}?v=3&seat={TOKEN_B}", id_b.0)).await;
    assert_eq!(status, 426, "the same version only");
    let (status, _) = refused(&s, &format!("/j/{CODE}/{}?v=4&seat={TOKEN_A}", id_a.0)).await;
    assert_eq!(status, 409, "a player still connected: its seat is not free");
    let (status, _) = refused(&s, &format!("/j/ABCDEFGHJKMN2/{}?v=4&seat={TOKEN_B}", id_b.0)).await;
    assert_eq!(status, 404, "an id is taken back only into the room it held a seat in");
    // Its id is no proof (every peer in the room learns it): only its token is.
    let (status, _) = refused(&s, &format!("/j/{CODE}/{}?v=4", id_b.0)).await;
    assert_eq!(status, 404, "another peer showing only the dropped player's id");
    let (status, _) = refused(&s, &format!("/j/{CODE}/{}?v=4&seat={TOKEN_A}", id_b.0)).await;
    assert_eq!(status, 404, "another player's token");
    let (status, _) = refused(&s, &format!("/j/{CODE}/{}?v=4&seat=xyz", id_b.0)).await;
    assert_eq!(status, 400, "a malformed token");
    let (mut back, id_back) = join(&s, &format!("/j/{CODE}/{}?v=4&seat={TOKEN_B}", id_b.0)).await;
    assert_eq!(next_event(&mut a).await, Some(JsonPeerEvent::NewPeer(id_back)));
    assert_eq!(s.metrics.rejections(Rejection::Started), 1);
    // Everyone leaves (a network cut on both sides): the room waits for them.
    drop(a);
    assert_eq!(next_event(&mut back).await, Some(JsonPeerEvent::PeerLeft(id_a)));
    drop(back);
    until_figure(&s, "carrom_signaling_peers", 0).await;
    let (status, _) = refused(&s, &format!("/j/{CODE}/{}?v=4", id_back.0)).await;
    assert_eq!(status, 404, "the token goes with the seat from one id to the next");
    let (mut a2, id_a2) = join(&s, &format!("/j/{CODE}/{}?v=4&seat={TOKEN_A}", id_a.0)).await;
    let (_b2, id_b2) = join(&s, &format!("/j/{CODE}/{}?v=4&seat={TOKEN_B}", id_back.0)).await;
    assert_eq!(next_event(&mut a2).await, Some(JsonPeerEvent::NewPeer(id_b2)));
    assert_ne!(id_a2, id_a);
    drop(a2);
    drop(_b2);
    // Past its grace period, counted from when both had left, the room is gone, and its
    // code is free for a new one.
    until_figure(&s, "carrom_signaling_peers", 0).await;
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let (status, _) = refused(&s, &format!("/j/{CODE}/{}?v=4&seat={TOKEN_A}", id_a.0)).await;
    assert_eq!(status, 404);
    let metrics = get(&s, "/metrics").await.1;
    assert_eq!(figure(&metrics, "carrom_signaling_rooms"), Some(0), "kept room expired: {metrics}");
    assert_eq!(figure(&metrics, "carrom_signaling_rejoins_total"), Some(3), "{metrics}");
    let _fresh = join(&s, &room).await;
    s.stop().await.unwrap();
}

#[tokio::test]
async fn players_are_told_who_came_to_watch_before_any_signal_of_theirs() {
    use carrom_signaling::news;
    let s = server(config()).await;
    let room = format!("/r/{CODE}?seats=2&v={}", news::FIRST_VERSION);
    let (mut a, _) = join(&s, &room).await;
    let (_watcher, id_w) = join(&s, &format!("/w/{CODE}?v={}", news::FIRST_VERSION)).await;
    let said = next_text(&mut a).await.expect("news of the watcher");
    assert_eq!(news::watcher_of(&said), Some(id_w.0.to_string().as_str()), "{said}");
    assert_eq!(next_event(&mut a).await, Some(JsonPeerEvent::NewPeer(id_w)));
    let (mut b, _) = join(&s, &room).await;
    let said = next_text(&mut b).await.expect("a player arriving later is told too");
    assert_eq!(news::watcher_of(&said), Some(id_w.0.to_string().as_str()), "{said}");
    // Clients from before the news are never sent it (it would end their connection).
    let old = "ABCDEFGHJKMN2";
    let (mut c, _) = join(&s, &format!("/r/{old}?seats=2&v=5")).await;
    let (_old_watcher, id_old) = join(&s, &format!("/w/{old}?v=5")).await;
    assert_eq!(next_event(&mut c).await, Some(JsonPeerEvent::NewPeer(id_old)));
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a_port_already_taken_is_refused_at_start_with_its_address() {
    let s = server(config()).await;
    let taken = start(Config { addr: s.addr, ..config() }).err().expect("refused");
    let carrom_signaling::ServerError::CannotListen { addr, source } = &taken else {
        panic!("not a listening failure: {taken}");
    };
    assert_eq!((*addr, source.kind()), (s.addr, std::io::ErrorKind::AddrInUse));
    assert!(taken.to_string().contains(&s.addr.to_string()), "{taken}");
    s.stop().await.unwrap();
}
