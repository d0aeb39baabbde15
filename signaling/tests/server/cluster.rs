//! Several instances behind nginx, with the configuration the README ships: rooms and
//! quick-match groups whose peers all arrive through the proxy meet; an instance killed
//! mid-test closes only its own peers, whose rooms then gather on the next instance, while
//! the other instances' rooms go on untouched; an instance added takes only its share of
//! rooms (their watchers and returning players follow); an instance stopped with SIGTERM says
//! goodbye through the proxy; HAProxy's health check takes a hung instance out and closes
//! its peers, who meet again elsewhere; the per-address cap counts the clients behind the proxy and
//! believes nobody else's header.
//!
//! Loopback only: each peer connects from its own 127.x.y.z address. nginx is Debian's
//! (`.ci/run` installs it); without it the tests skip with a reason, and fail under
//! `CI=true`.

use futures::{SinkExt, StreamExt};
use matchbox_protocol::{JsonPeerEvent, PeerId};
use std::collections::{BTreeMap, BTreeSet};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{WebSocketStream, client_async};

use crate::instances::Cluster;
use crate::proxy::{Proxy, figure, get, haproxy, nginx};

type Ws = WebSocketStream<TcpStream>;

const WAIT: Duration = Duration::from_secs(20);

/// The `n`-th peer's own loopback address.
fn source(n: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(
        127,
        1 + (n / 60_000) as u8,
        (n / 240 % 250) as u8,
        (n % 240 + 2) as u8,
    ))
}

/// A peer through the proxy: its connection, its id, the instance that took it.
struct Peer {
    ws: Ws,
    id: PeerId,
    instance: String,
}

/// Connects from `from` to `path` on `addr` (with `headers`); the refusal's HTTP status
/// otherwise.
async fn arrive_with(
    addr: SocketAddr,
    from: IpAddr,
    path: &str,
    headers: &[(&'static str, &str)],
) -> Result<Peer, u16> {
    crate::room_for_connections();
    let socket = TcpSocket::new_v4().map_err(|_| 0u16)?;
    socket.bind(SocketAddr::new(from, 0)).map_err(|_| 0u16)?;
    let tcp = tokio::time::timeout(WAIT, socket.connect(addr))
        .await
        .map_err(|_| 0u16)?
        .map_err(|_| 0u16)?;
    let mut request = format!("ws://{addr}{path}").into_client_request().unwrap();
    for (name, value) in headers {
        request.headers_mut().insert(*name, value.parse().unwrap());
    }
    let (mut ws, response) = match tokio::time::timeout(WAIT, client_async(request, tcp)).await {
        Ok(Ok(done)) => done,
        Ok(Err(tokio_tungstenite::tungstenite::Error::Http(refusal))) => {
            return Err(refusal.status().as_u16());
        }
        _ => return Err(0),
    };
    let instance = response
        .headers()
        .get("x-carrom-instance")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    match next_event(&mut ws).await {
        Some(JsonPeerEvent::IdAssigned(id)) => Ok(Peer { ws, id, instance }),
        _ => Err(0),
    }
}

async fn arrive(addr: SocketAddr, from: IpAddr, path: &str) -> Result<Peer, u16> {
    arrive_with(addr, from, path, &[]).await
}

/// The next event, or None when the connection ends or nothing comes in time.
async fn next_event(ws: &mut Ws) -> Option<JsonPeerEvent> {
    loop {
        match tokio::time::timeout(WAIT, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return t.as_str().parse().ok(),
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
            _ => return None,
        }
    }
}

fn signal(to: PeerId) -> Message {
    Message::text(format!(r#"{{"Signal":{{"receiver":"{}","data":"hello"}}}}"#, to.0))
}

/// Waits until `peer` has met `others` other peers: each earlier peer is told of a later
/// one and signals it, so the later one hears from each earlier one.
async fn meet(peer: &mut Peer, others: usize) -> Result<BTreeSet<PeerId>, String> {
    let mut met = BTreeSet::new();
    let deadline = Instant::now() + WAIT;
    while met.len() < others {
        let left = deadline.saturating_duration_since(Instant::now());
        let next = tokio::time::timeout(left, peer.ws.next()).await;
        let Ok(Some(Ok(message))) = next else {
            return Err(format!("{} met {} of {others}", peer.id.0, met.len()));
        };
        let Message::Text(text) = message else { continue };
        match text.as_str().parse::<JsonPeerEvent>() {
            Ok(JsonPeerEvent::NewPeer(other)) => {
                peer.ws.send(signal(other)).await.map_err(|e| e.to_string())?;
                met.insert(other);
            }
            Ok(JsonPeerEvent::Signal { sender, .. }) => {
                met.insert(sender);
            }
            _ => {}
        }
    }
    Ok(met)
}

/// Whether the peer's connection ends within `limit`, and with which close code if the
/// server sent one.
async fn ends(peer: &mut Peer, limit: Duration) -> Option<Option<u16>> {
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, peer.ws.next()).await {
            Err(_) => return None,
            Ok(Some(Ok(Message::Close(frame)))) => return Some(frame.map(|f| u16::from(f.code))),
            Ok(Some(Ok(_))) => continue,
            Ok(None | Some(Err(_))) => return Some(None),
        }
    }
}

fn code(n: u64, seats: u8) -> String {
    carrom_signaling::code::mint(n.wrapping_mul(0x9E37_79B9_7F4A_7C15), seats)
}

/// Every peer of every room arrives through the proxy, at once (64 handshakes in flight),
/// and meets the others of its room; returns each room's instance.
async fn gather(
    proxy: SocketAddr,
    rooms: Vec<(String, usize)>,
    first_source: usize,
) -> BTreeMap<String, String> {
    let gate = Arc::new(Semaphore::new(64));
    let mut tasks = Vec::new();
    let mut n = first_source;
    for (path, peers) in &rooms {
        for _ in 0..*peers {
            let (gate, path, peers, from) = (gate.clone(), path.clone(), *peers, source(n));
            n += 1;
            tasks.push(tokio::spawn(async move {
                let permit = gate.acquire_owned().await.unwrap();
                let mut peer =
                    arrive(proxy, from, &path).await.map_err(|s| format!("{path}: {s}"))?;
                drop(permit);
                meet(&mut peer, peers - 1).await.map_err(|e| format!("{path}: {e}"))?;
                Ok::<_, String>((path, peer))
            }));
        }
    }
    let mut instance_of: BTreeMap<String, String> = BTreeMap::new();
    let mut kept = Vec::new();
    for task in tasks {
        let (path, peer) =
            task.await.unwrap().unwrap_or_else(|e| panic!("a peer did not meet: {e}"));
        let room = path.split('?').next().unwrap().to_string();
        let first = instance_of.entry(room.clone()).or_insert_with(|| peer.instance.clone());
        assert_eq!(*first, peer.instance, "{room}: its peers reached different instances");
        kept.push(peer);
    }
    drop(kept);
    instance_of
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_and_groups_meet_through_the_proxy_and_a_dead_instance_loses_only_its_own() {
    let Some(nginx) = nginx() else { return };
    let mut cluster = Cluster::start(&nginx, "meet", 3, &[]);
    let proxy = cluster.proxy;

    // 300 private rooms of 2, 3 and 4 seats, and 100 quick-match groups under 20 keys.
    let mut rooms: Vec<(String, usize)> = (0..300u64)
        .map(|i| {
            let seats = 2 + (i % 3) as u8;
            (format!("/r/{}?seats={seats}", code(i, seats)), seats as usize)
        })
        .collect();
    for key in 0..20 {
        let size = 2 + key % 3;
        for _ in 0..5 {
            rooms.push((format!("/q/cluster-{key}?next={size}"), size));
        }
    }
    let peers: usize = rooms.iter().map(|r| r.1).sum();
    let started = Instant::now();
    let instance_of = gather(proxy, rooms, 0).await;
    eprintln!("{peers} peers in 400 rooms met through the proxy in {:?}", started.elapsed());
    let mut share: BTreeMap<&str, usize> = BTreeMap::new();
    for instance in instance_of.values() {
        *share.entry(instance.as_str()).or_default() += 1;
    }
    eprintln!("private rooms and quick-match keys per instance: {share:?}");
    assert_eq!(share.keys().copied().collect::<Vec<_>>(), ["sig-1", "sig-2", "sig-3"]);
    assert!(share.values().all(|&n| n >= 40), "the hash spreads rooms: {share:?}");
    let joins: u64 = cluster
        .instances
        .iter()
        .map(|i| {
            let metrics = get(i.1, "/metrics").expect("an instance's metrics");
            let (label, joins) = figure(&metrics, "carrom_signaling_joins_total").unwrap();
            assert_eq!(label, i.0, "each instance labels its figures with its name");
            joins
        })
        .sum();
    assert_eq!(joins as usize, peers, "every peer joined exactly one instance");

    // Now, mid-play: 150 rooms still gathering (one of two peers there) and 60 started.
    let gathering: Vec<String> = (1000..1150u64).map(|i| code(i, 2)).collect();
    let mut waiting = Vec::new();
    for (n, c) in gathering.iter().enumerate() {
        let peer = arrive(proxy, source(10_000 + n), &format!("/r/{c}?seats=2")).await.unwrap();
        waiting.push((c.clone(), peer));
    }
    let mut playing = Vec::new();
    for n in 0..60u64 {
        let c = code(2000 + n, 2);
        let path = format!("/r/{c}?seats=2");
        let mut a = arrive(proxy, source(11_000 + 2 * n as usize), &path).await.unwrap();
        let mut b = arrive(proxy, source(11_001 + 2 * n as usize), &path).await.unwrap();
        assert_eq!(meet(&mut a, 1).await.unwrap().into_iter().next(), Some(b.id));
        assert_eq!(meet(&mut b, 1).await.unwrap().into_iter().next(), Some(a.id));
        playing.push((c, a, b));
    }
    let victim = "sig-2";
    let on_victim = waiting.iter().filter(|(_, p)| p.instance == victim).count();
    let metrics = get(cluster.instance(victim), "/metrics").unwrap();
    let counted = figure(&metrics, "carrom_signaling_gathering_rooms").unwrap().1;
    assert_eq!(counted as usize, on_victim, "the gathering rooms an instance's death would cost");
    assert!(on_victim > 10 && on_victim < 140, "{on_victim} of 150 rooms gather on {victim}");

    cluster.kill(victim);
    let killed = Instant::now();
    // Its peers' connections close at once; everyone else's stay open.
    for (c, peer) in &mut waiting {
        if peer.instance == victim {
            let end = ends(peer, Duration::from_secs(5)).await;
            assert!(end.is_some(), "{c}: a peer of the dead instance was not closed");
        }
    }
    for (_, a, b) in &mut playing {
        if a.instance == victim {
            assert!(ends(a, Duration::from_secs(5)).await.is_some());
            assert!(ends(b, Duration::from_secs(5)).await.is_some());
        }
    }
    eprintln!("the dead instance's {on_victim} gathering rooms closed in {:?}", killed.elapsed());
    for (c, peer) in &mut waiting {
        if peer.instance != victim {
            assert_eq!(ends(peer, Duration::from_millis(20)).await, None, "{c} was touched");
        }
    }

    // The second peers arrive. A room on a living instance gathers where it was; the dead
    // instance's first peers try again and meet theirs on the next instance of the ring.
    let mut stand_ins = BTreeSet::new();
    for (n, (c, first)) in waiting.iter_mut().enumerate() {
        let path = format!("/r/{c}?seats=2");
        if first.instance == victim {
            *first = arrive(proxy, source(10_000 + n), &path).await.unwrap();
            assert_ne!(first.instance, victim, "the proxy took the dead instance out");
            stand_ins.insert(first.instance.clone());
        }
        let mut second = arrive(proxy, source(12_000 + n), &path).await.unwrap();
        assert_eq!(second.instance, first.instance, "{c}: the room's peers are apart");
        assert_eq!(meet(first, 1).await.unwrap().into_iter().next(), Some(second.id));
        assert_eq!(meet(&mut second, 1).await.unwrap().into_iter().next(), Some(first.id));
    }
    eprintln!("the dead instance's rooms gathered again on {stand_ins:?}");
    // The started rooms of the living instances still carry signals.
    for (_, a, b) in &mut playing {
        if a.instance != victim {
            a.ws.send(signal(b.id)).await.unwrap();
            let heard = next_event(&mut b.ws).await;
            assert!(matches!(heard, Some(JsonPeerEvent::Signal { sender, .. }) if sender == a.id));
        }
    }
    // Their watchers and their players coming back reach the room's instance too.
    let living = playing.iter_mut().filter(|(_, a, _)| a.instance != victim);
    for (n, (c, a, b)) in living.take(10).enumerate() {
        let watcher = arrive(proxy, source(13_000 + n), &format!("/w/{c}")).await.unwrap();
        assert_eq!(watcher.instance, a.instance, "{c}: a watcher reached another instance");
        assert_eq!(next_event(&mut a.ws).await, Some(JsonPeerEvent::NewPeer(watcher.id)));
        let old = b.id;
        b.ws.close(None).await.unwrap();
        assert_eq!(next_event(&mut a.ws).await, Some(JsonPeerEvent::PeerLeft(old)));
        let back = arrive(proxy, source(13_100 + n), &format!("/j/{c}/{}", old.0)).await;
        let back = back.unwrap_or_else(|s| panic!("{c}: the player could not come back: {s}"));
        assert_eq!(back.instance, a.instance, "{c}: a player came back to another instance");
        assert_eq!(next_event(&mut a.ws).await, Some(JsonPeerEvent::NewPeer(back.id)));
    }

    // A rolling restart: SIGTERM says goodbye (1001) to each peer, through the proxy.
    let last = "sig-3";
    cluster.terminate(last);
    let mut told = 0;
    for (_, peer) in &mut waiting {
        if peer.instance == last {
            assert_eq!(ends(peer, Duration::from_secs(10)).await, Some(Some(1001)));
            told += 1;
        }
    }
    assert!(told > 0, "no room was on {last}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_address_cap_counts_clients_behind_the_proxy_and_believes_nobody_else() {
    let Some(nginx) = nginx() else { return };
    let cluster = Cluster::start(&nginx, "cap", 3, &["--max-per-address", "3"]);
    let proxy = cluster.proxy;
    let path = "/q/cap?next=4";
    let me = source(1);
    let mut mine = Vec::new();
    for _ in 0..3 {
        mine.push(arrive(proxy, me, path).await.expect("within the cap"));
    }
    let instance = mine[0].instance.clone();
    // A client naming another address itself is still itself: nginx appends the real one.
    let forged = arrive_with(proxy, me, path, &[("x-forwarded-for", "203.0.113.7")]).await;
    assert_eq!(forged.err(), Some(429), "a forged header escapes the cap");
    let other = arrive(proxy, source(2), path).await.expect("another client has its own cap");
    assert_eq!(other.instance, instance);
    // Straight to the instance, from an address it does not trust: the header is ignored.
    let direct = cluster.instance(&instance);
    let mut own = Vec::new();
    for _ in 0..3 {
        own.push(
            arrive_with(direct, source(3), path, &[("x-forwarded-for", "203.0.113.8")])
                .await
                .unwrap(),
        );
    }
    let fourth = arrive_with(direct, source(3), path, &[("x-forwarded-for", "203.0.113.9")]).await;
    assert_eq!(fourth.err(), Some(429));
    // From the trusted proxy's address but naming nobody: refused, not counted as the proxy.
    let unnamed = arrive(direct, IpAddr::V4(Ipv4Addr::LOCALHOST), path).await;
    assert_eq!(unnamed.err(), Some(400));
    let metrics = get(direct, "/metrics").unwrap();
    let line = format!(
        "carrom_signaling_rejections_total{{instance=\"{instance}\",reason=\"unforwarded\"}} 1"
    );
    assert!(metrics.contains(&line), "{metrics}");
}

/// The instance that answers `path` through `proxy` (a plain GET: refused, but signed).
fn answering(proxy: SocketAddr, path: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(proxy).expect("the proxy");
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    let mut text = String::new();
    let _ = stream.read_to_string(&mut text);
    let head = text.split("\r\n\r\n").next().unwrap_or_default();
    head.lines()
        .find_map(|l| {
            l.to_ascii_lowercase().strip_prefix("x-carrom-instance:").map(|v| v.trim().to_string())
        })
        .unwrap_or_else(|| panic!("no instance named in {head}"))
}

#[test]
fn adding_an_instance_moves_only_its_share_of_rooms() {
    let Some(nginx) = nginx() else { return };
    let cluster = Cluster::start(&nginx, "grow", 4, &[]);
    let upstreams: Vec<SocketAddr> = cluster.instances.iter().map(|i| i.1).collect();
    let three = Proxy::start(&nginx, "grow-3", &upstreams[..3], 0);
    let four = Proxy::start(&nginx, "grow-4", &upstreams, 0);
    let paths: Vec<String> = (0..300u64)
        .map(|i| format!("/r/{}?seats=2", code(5000 + i, 2)))
        .chain((0..60).map(|k| format!("/q/grow-{k}?next=2")))
        .collect();
    let mut moved = 0;
    for path in &paths {
        let before = answering(three.addr, path);
        let after = answering(four.addr, path);
        assert_ne!(before, "sig-4", "{path}: only three instances were behind the first proxy");
        if after != before {
            assert_eq!(after, "sig-4", "{path} moved between instances that were already there");
            moved += 1;
        }
        let room = path.split('?').next().unwrap();
        let code_part = room.rsplit('/').next().unwrap();
        if room.starts_with("/r/") {
            let watcher = answering(four.addr, &format!("/w/{code_part}"));
            assert_eq!(watcher, after, "{path}: its watchers go elsewhere");
        }
        let back =
            answering(four.addr, &format!("/j/{code_part}/00000000-0000-0000-0000-000000000001"));
        assert_eq!(back, after, "{path}: its players come back elsewhere");
    }
    eprintln!("{moved} of {} rooms moved to the new instance", paths.len());
    assert!((30..=150).contains(&moved), "the new instance took about a quarter: {moved}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_instance_is_taken_out_by_haproxys_health_check_and_its_peers_meet_elsewhere() {
    let (Some(nginx), Some(haproxy)) = (nginx(), haproxy()) else { return };
    let cluster = Cluster::start(&nginx, "hung", 3, &[]);
    let upstreams: Vec<SocketAddr> = cluster.instances.iter().map(|i| i.1).collect();
    let front = Proxy::start_haproxy(&haproxy, "hung", &upstreams);
    let victim = "sig-2";
    let codes: Vec<String> = (0..300u64)
        .map(|i| code(7000 + i, 2))
        .filter(|c| answering(front.addr, &format!("/r/{c}?seats=2")) == victim)
        .take(5)
        .collect();
    assert_eq!(codes.len(), 5, "HAProxy sends some rooms to {victim}");
    let mut waiting = Vec::new();
    for (n, c) in codes.iter().enumerate() {
        let peer = arrive(front.addr, source(20_000 + n), &format!("/r/{c}?seats=2")).await;
        let peer = peer.unwrap();
        assert_eq!(peer.instance, victim, "{c}: the room's peers reach its instance");
        waiting.push(peer);
    }
    // The instance hangs: it still accepts, but answers nothing.
    cluster.signal(victim, "STOP");
    let hung = Instant::now();
    for peer in &mut waiting {
        let end = ends(peer, Duration::from_secs(15)).await;
        assert!(end.is_some(), "a peer of the hung instance was not closed");
    }
    eprintln!("HAProxy took the hung instance out and closed its peers in {:?}", hung.elapsed());
    for (n, c) in codes.iter().enumerate() {
        let path = format!("/r/{c}?seats=2");
        let mut first = arrive(front.addr, source(20_100 + n), &path).await.unwrap();
        assert_ne!(first.instance, victim, "{c}: the room went to the hung instance");
        let mut second = arrive(front.addr, source(20_200 + n), &path).await.unwrap();
        assert_eq!(second.instance, first.instance, "{c}: the room's peers are apart");
        assert_eq!(meet(&mut first, 1).await.unwrap().into_iter().next(), Some(second.id));
        assert_eq!(meet(&mut second, 1).await.unwrap().into_iter().next(), Some(first.id));
    }
    // Back on its feet, it answers its checks and takes its rooms again.
    cluster.signal(victim, "CONT");
    let back = Instant::now();
    let mut answered = String::new();
    while back.elapsed() < Duration::from_secs(15) {
        let c = codes[0].as_str();
        answered = answering(front.addr, &format!("/r/{c}?seats=2"));
        if answered == victim {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(answered, victim, "the instance came back into the ring");
}
