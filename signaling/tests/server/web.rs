//! `--web DIR`: the browser game's page and files served beside the signaling routes, on
//! real connections over loopback; peers still connect on the same paths.

use carrom_signaling::{Config, Running, start};
use futures::StreamExt;
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::connect_async;

/// A folder holding a stand-in build: the three files the server checks for.
fn build(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carrom-web-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>carrom</title>").unwrap();
    std::fs::write(dir.join("carrom.js"), "export default function init() {}").unwrap();
    std::fs::write(dir.join("carrom_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
    dir
}

fn serving(web: Option<PathBuf>) -> Result<Running, String> {
    start(Config { addr: "127.0.0.1:0".parse().unwrap(), web, ..Config::default() })
        .map_err(|e| e.to_string())
}

/// A GET on the server: the status code, the headers and the body.
async fn get(s: &Running, path: &str) -> (u16, String, Vec<u8>) {
    get_with(s, path, "").await
}

/// A GET with `headers` (each line ending in CRLF).
async fn get_with(s: &Running, path: &str, headers: &str) -> (u16, String, Vec<u8>) {
    let mut stream = TcpStream::connect(s.addr).await.unwrap();
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {}\r\n{headers}Connection: close\r\n\r\n", s.addr);
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer))
        .await
        .unwrap()
        .unwrap();
    let split = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&answer[..split]).into_owned();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, head, answer[split + 4..].to_vec())
}

#[tokio::test]
async fn a_request_naming_no_path_is_answered_and_the_server_goes_on() {
    let dir = build("no-path");
    let s = serving(Some(dir.clone())).unwrap();
    // Authority form (a proxy's CONNECT target) and asterisk form, sent as GETs.
    for target in ["a:80", "127.0.0.1:9", "*"] {
        let (status, head, _) = get(&s, target).await;
        assert!((400..500).contains(&status), "{target} is refused in words: {head}");
    }
    assert_eq!(get(&s, "/health").await.2, b"ok\n", "and the server goes on");
    s.stop().await.unwrap();
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn the_page_is_served_at_the_root_and_at_an_invite_path_and_peers_still_connect() {
    let dir = build("serves");
    let s = serving(Some(dir.clone())).unwrap();
    let (status, head, body) = get(&s, "/").await;
    assert_eq!(status, 200);
    assert!(head.to_ascii_lowercase().contains("content-type: text/html"), "{head}");
    assert_eq!(body, std::fs::read(dir.join("index.html")).unwrap());
    let (status, _, body) = get(&s, "/join/0123456789AB2").await;
    assert_eq!((status, body), (200, std::fs::read(dir.join("index.html")).unwrap()));
    let (status, head, body) = get(&s, "/carrom_bg.wasm").await;
    assert_eq!(status, 200);
    assert!(head.to_ascii_lowercase().contains("application/wasm"), "{head}");
    assert_eq!(body, b"\0asm\x01\0\0\0");
    std::fs::write(dir.join("carrom_bg.wasm.gz"), b"gzipped").unwrap();
    let (_, head, body) = get_with(&s, "/carrom_bg.wasm", "Accept-Encoding: gzip\r\n").await;
    assert!(head.to_ascii_lowercase().contains("content-encoding: gzip"), "{head}");
    assert_eq!(body, b"gzipped", "the .gz beside it, to a browser that takes gzip");
    std::fs::write(dir.join("carrom_bg.wasm.br"), b"brotli").unwrap();
    let takes_both = "Accept-Encoding: gzip, deflate, br\r\n";
    let (_, head, body) = get_with(&s, "/carrom_bg.wasm", takes_both).await;
    assert!(head.to_ascii_lowercase().contains("content-encoding: br"), "{head}");
    assert_eq!(body, b"brotli", "the .br beside it, to a browser that takes brotli");
    let (_, _, body) = get_with(&s, "/carrom_bg.wasm", "Accept-Encoding: gzip\r\n").await;
    assert_eq!(body, b"gzipped", "gzip still to a browser that takes no brotli");
    let (status, head, _) = get(&s, "/carrom.js").await;
    assert!(status == 200 && head.to_ascii_lowercase().contains("javascript"), "{head}");
    std::fs::create_dir_all(dir.join("assets/fonts")).unwrap();
    std::fs::write(dir.join("assets/fonts/Face.ttf"), b"face").unwrap();
    std::fs::write(dir.join("assets/fonts/Face.ttf.br"), b"brotli face").unwrap();
    let (status, _, body) = get_with(&s, "/assets/fonts/Face.ttf", takes_both).await;
    assert_eq!((status, body), (200, b"brotli face".to_vec()), "the page's fonts, brotli too");
    assert_eq!(get(&s, "/assets/fonts/Missing.ttf").await.0, 404);
    std::fs::create_dir_all(dir.join("assets/locales")).unwrap();
    std::fs::write(dir.join("assets/locales/hi.ftl"), "hello = नमस्ते\n").unwrap();
    let (status, _, body) = get(&s, "/assets/locales/hi.ftl").await;
    assert_eq!((status, body), (200, "hello = नमस्ते\n".as_bytes().to_vec()), "its messages");
    assert_eq!(get(&s, "/assets/other/hi.ftl").await.0, 404, "no other folder");
    assert_eq!(get(&s, "/assets/fonts/../../Cargo.toml").await.0, 404);
    assert_eq!(get(&s, "/nothing.txt").await.0, 404);
    assert_eq!(get(&s, "/../Cargo.toml").await.0, 404, "nothing outside the folder");
    assert_eq!(get(&s, "/health").await.2, b"ok\n", "the server's own routes answer as before");
    let room = format!("ws://{}/r/0123456789AB2?seats=2", s.addr);
    let (mut ws, _) = connect_async(room).await.expect("a peer connects beside the page");
    let first = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.unwrap();
    assert!(first.unwrap().unwrap().to_text().unwrap().contains("IdAssigned"));
    s.stop().await.unwrap();
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn without_a_web_build_the_page_paths_say_so() {
    let s = serving(None).unwrap();
    for path in ["/", "/join/0123456789AB2", "/carrom.js"] {
        let (status, _, body) = get(&s, path).await;
        assert_eq!(status, 404, "{path}");
        assert!(String::from_utf8_lossy(&body).contains("without --web"), "{path}");
    }
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a_folder_that_is_no_web_build_is_refused_at_start() {
    let dir = build("incomplete");
    std::fs::remove_file(dir.join("carrom_bg.wasm")).unwrap();
    let refused = serving(Some(dir.clone())).err().expect("refused");
    assert!(refused.contains("carrom_bg.wasm") && refused.contains("build-web.sh"), "{refused}");
    let missing = serving(Some(dir.join("absent"))).err().expect("refused");
    assert!(missing.contains("index.html"), "{missing}");
    let _ = std::fs::remove_dir_all(dir);
}
