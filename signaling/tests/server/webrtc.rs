//! Real WebRTC: matchbox_socket 0.15 peers meet through this server, connect directly,
//! and exchange data both ways; a third peer is refused from a 2-seat room. The same pair
//! meets through nginx in front of two instances, as the README deploys them.
//!
//! WebRTC gathers candidates on every interface, so the test re-runs itself inside a
//! fresh network namespace that has only `lo` (`unshare --net --map-root-user`), with
//! the multicast route mDNS needs, and no ICE servers at all. Where namespaces cannot be
//! made it skips with a reason — except under `CI=true`, where it fails.

use bytes::Bytes;
use carrom_signaling::{Config, start};
use matchbox_socket::{PeerState, RtcIceServerConfig, WebRtcSocket};
use std::time::{Duration, Instant};

use crate::instances::Cluster;
use crate::net_support::isolated;
use crate::proxy;

fn peer(url: &str) -> (WebRtcSocket, matchbox_socket::MessageLoopFuture) {
    WebRtcSocket::builder(url)
        .ice_server(RtcIceServerConfig { urls: vec![], username: None, credential: None })
        .add_reliable_channel()
        .build()
}

#[test]
fn matchbox_peers_meet_in_a_private_room_and_exchange_data_both_ways() {
    if !isolated(
        module_path!(),
        "matchbox_peers_meet_in_a_private_room_and_exchange_data_both_ways",
    ) {
        return;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let server =
            start(Config { addr: "127.0.0.1:0".parse().unwrap(), ..Config::default() }).unwrap();
        let url = format!("ws://{}/r/0123456789ABC?seats=2", server.addr);
        let (a, b) = connect_and_exchange(&url).await;
        let (_c, loop_c) = peer(&url);
        let refused = tokio::time::timeout(Duration::from_secs(10), loop_c).await;
        assert!(
            matches!(refused, Ok(Err(_))),
            "a third peer is refused from a 2-seat room: {refused:?}"
        );
        drop((a, b));
        server.stop().await.unwrap();
    });
}

/// Two peers meet at `url`, connect directly, and each receives the other's message.
async fn connect_and_exchange(url: &str) -> (WebRtcSocket, WebRtcSocket) {
    let (mut a, loop_a) = peer(url);
    let (mut b, loop_b) = peer(url);
    tokio::spawn(loop_a);
    tokio::spawn(loop_b);
    let started = Instant::now();
    let (mut id_a, mut id_b) = (None, None);
    while id_a.is_none() || id_b.is_none() {
        assert!(started.elapsed() < Duration::from_secs(30), "the peers never connected");
        for (id, state) in a.update_peers() {
            if state == PeerState::Connected {
                id_b = Some(id);
            }
        }
        for (id, state) in b.update_peers() {
            if state == PeerState::Connected {
                id_a = Some(id);
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    eprintln!("connected in {:?}", started.elapsed());
    let (id_a, id_b) = (id_a.unwrap(), id_b.unwrap());
    a.channel_mut(0).send(Bytes::from_static(b"from a"), id_b);
    b.channel_mut(0).send(Bytes::from_static(b"from b"), id_a);
    let (mut got_a, mut got_b) = (Vec::new(), Vec::new());
    let started = Instant::now();
    while got_a.is_empty() || got_b.is_empty() {
        assert!(started.elapsed() < Duration::from_secs(10), "no data arrived");
        got_a.extend(a.channel_mut(0).receive());
        got_b.extend(b.channel_mut(0).receive());
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(got_a, [(id_b, Bytes::from_static(b"from b"))]);
    assert_eq!(got_b, [(id_a, Bytes::from_static(b"from a"))]);

    (a, b)
}

#[test]
fn matchbox_peers_meet_through_the_proxy_in_front_of_two_instances() {
    let Some(nginx) = proxy::nginx() else { return };
    if !isolated(module_path!(), "matchbox_peers_meet_through_the_proxy_in_front_of_two_instances")
    {
        return;
    }
    let cluster = Cluster::start(&nginx, "webrtc", 2, &[]);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let url = format!("ws://{}/r/0123456789ABC?seats=2", cluster.proxy);
        let (a, b) = connect_and_exchange(&url).await;
        let held: u64 = cluster
            .instances
            .iter()
            .filter_map(|i| proxy::get(i.1, "/metrics"))
            .filter_map(|m| proxy::figure(&m, "carrom_signaling_peers").map(|f| f.1))
            .sum();
        assert_eq!(held, 2, "both peers are on one instance, through the proxy");
        drop((a, b));
    });
}
