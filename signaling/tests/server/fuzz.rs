//! Random frames against the message handling: whatever a peer sends, the server does not
//! panic, the offender alone is dropped, and the room goes on working.

use carrom_signaling::{Config, start};
use futures::{SinkExt, StreamExt};
use matchbox_protocol::JsonPeerEvent;
use proptest::prelude::*;
use std::time::Duration;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

/// A frame a peer might send: raw bytes as text or binary, or JSON-shaped junk.
fn frame() -> impl Strategy<Value = Message> {
    let text = prop::collection::vec(any::<u8>(), 0..300)
        .prop_map(|b| Message::text(String::from_utf8_lossy(&b).into_owned()));
    let binary = prop::collection::vec(any::<u8>(), 0..300).prop_map(Message::binary);
    let receiver = prop_oneof![
        Just("00000000-0000-0000-0000-000000000000".to_owned()),
        prop::collection::vec(any::<u8>(), 0..40)
            .prop_map(|b| String::from_utf8_lossy(&b).replace('"', "")),
    ];
    let signal = (receiver, any::<i64>(), any::<bool>()).prop_map(|(r, n, nest)| {
        let data = if nest { format!("{{\"sdp\":{n},\"x\":[1,2,{{}}]}}") } else { n.to_string() };
        Message::text(format!(r#"{{"Signal":{{"receiver":"{r}","data":{data}}}}}"#))
    });
    let shapes = prop::sample::select(vec![
        r#""KeepAlive""#,
        r#"{"KeepAlive":null}"#,
        r#"{"Signal":{}}"#,
        r#"{"Signal":null}"#,
        "[]",
        "null",
        "{}",
        r#""NewPeer""#,
        "\u{0}",
    ])
    .prop_map(Message::text);
    prop_oneof![text, binary, signal, shapes]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_frames_never_take_the_server_or_the_room_down(frames in prop::collection::vec(frame(), 1..6)) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let server = start(Config { addr: "127.0.0.1:0".parse().unwrap(), ..Config::default() }).unwrap();
            let url = format!("ws://{}/r/0123456789ABC?seats=3", server.addr);
            let (mut watcher, _) = connect_async(&url).await.unwrap();
            let (mut offender, _) = connect_async(&url).await.unwrap();
            for f in frames {
                if offender.send(f).await.is_err() {
                    break;
                }
            }
            drop(offender);
            // The room still works: a newcomer joins and the watcher hears of it.
            let (mut newcomer, _) = connect_async(&url).await.unwrap();
            let Some(Ok(Message::Text(hello))) = newcomer.next().await else { panic!("no id") };
            let Ok(JsonPeerEvent::IdAssigned(newcomer_id)) = hello.as_str().parse() else { panic!("{hello}") };
            let mut heard = false;
            while !heard {
                match tokio::time::timeout(Duration::from_secs(3), watcher.next()).await {
                    Ok(Some(Ok(Message::Text(t)))) => {
                        heard = t.as_str().parse::<JsonPeerEvent>().ok() == Some(JsonPeerEvent::NewPeer(newcomer_id));
                    }
                    Ok(Some(Ok(_))) => {}
                    _ => break,
                }
            }
            assert!(heard, "the watcher hears of the newcomer");
            server.stop().await.unwrap();
        });
    }
}
