//! nginx or HAProxy in front of carrom-signaling instances, with the configurations the
//! README ships (shared by the cluster and WebRTC tests and the load bench).
#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// nginx, or why the test cannot run.
pub fn nginx() -> Option<PathBuf> {
    installed("nginx")
}

/// HAProxy, or why the test cannot run.
pub fn haproxy() -> Option<PathBuf> {
    installed("haproxy")
}

/// Debian's `program`; skipped with a reason when missing, except under CI=true.
fn installed(program: &str) -> Option<PathBuf> {
    let found = ["/usr/sbin", "/usr/bin", "/usr/local/sbin"]
        .iter()
        .map(|dir| Path::new(dir).join(program))
        .find(|p| p.exists());
    if found.is_none() {
        let reason = format!("{program} is not installed (apt-get install {program})");
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{reason}: required under CI");
        eprintln!("SKIPPED: {reason}");
    }
    found
}

/// A loopback port free now, for a server started next to listen on.
///
/// It is taken below the range the system gives outgoing connections (32768 and up on
/// Linux): a port from that range, free when asked for, could be taken by any test's next
/// connection before the server it was meant for binds it. Each test process walks the
/// range from its own place in it.
pub fn free_port() -> u16 {
    use std::sync::atomic::{AtomicU32, Ordering};
    const FIRST: u32 = 20_000;
    const COUNT: u32 = 12_000;
    static TRIED: AtomicU32 = AtomicU32::new(0);
    let start = std::process::id().wrapping_mul(97);
    for _ in 0..COUNT {
        let n = TRIED.fetch_add(1, Ordering::Relaxed);
        let port = (FIRST + start.wrapping_add(n) % COUNT) as u16;
        if std::net::TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
    panic!("no free loopback port from {FIRST} to {}", FIRST + COUNT);
}

/// The README's nginx configuration for several instances.
pub fn readme_config() -> String {
    readme_block("nginx")
}

/// The README's code block in `language`.
fn readme_block(language: &str) -> String {
    // signaling/README.md, from the game's package (the root) or the signaling server's.
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = [here.join("signaling/README.md"), here.join("README.md")]
        .into_iter()
        .find(|p| p.exists())
        .expect("the README");
    let readme = std::fs::read_to_string(path).expect("the README");
    let opening = format!("```{language}\n");
    let start = readme.find(&opening).expect("the README's block") + opening.len();
    let length = readme[start..].find("```").expect("its end");
    readme[start..start + length].to_string()
}

/// The README's configuration with `upstreams` in place of its `server` lines, listening on
/// `listen`, wrapped to run in the foreground from `dir`: one process when `workers` is 0,
/// else that many worker processes sharing the port.
pub fn proxy_config(
    upstreams: &[SocketAddr],
    listen: SocketAddr,
    dir: &Path,
    workers: usize,
) -> String {
    let mut replaced = false;
    let mut body = String::new();
    for line in readme_config().lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("server ") && trimmed.contains(':') {
            if !replaced {
                for addr in upstreams {
                    body.push_str(&format!("    server {addr} max_fails=1 fail_timeout=10s;\n"));
                }
                replaced = true;
            }
        } else if trimmed.starts_with("listen ") {
            let shared = if workers > 0 { " reuseport" } else { "" };
            body.push_str(&format!("    listen {listen} backlog=4096{shared};\n"));
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    assert!(replaced, "the README's block has no server lines:\n{body}");
    let d = dir.display();
    let processes = match workers {
        0 => "master_process off;".to_string(),
        n => format!("worker_processes {n};"),
    };
    format!(
        "user root root;\n{processes}\ndaemon off;\npid {d}/nginx.pid;\nerror_log {d}/error.log warn;\n\
         worker_rlimit_nofile 20000;\nevents {{ worker_connections 19900; }}\n\
         http {{\n access_log off;\n client_body_temp_path {d}/body;\n proxy_temp_path {d}/proxy;\n \
         fastcgi_temp_path {d}/fastcgi;\n uwsgi_temp_path {d}/uwsgi;\n scgi_temp_path {d}/scgi;\n\
         {body}}}\n"
    )
}

/// A running process, killed when dropped.
pub struct Process(pub Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// nginx or HAProxy running the README's configuration in front of some instances.
pub struct Proxy {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its process.
    pub process: Process,
    dir: PathBuf,
}

impl Proxy {
    /// nginx (`workers` worker processes, 0: one process) in front of `upstreams`, once it
    /// and they answer `/health`.
    pub fn start(nginx: &Path, test: &str, upstreams: &[SocketAddr], workers: usize) -> Proxy {
        let (dir, addr) = Proxy::place("nginx", test);
        let config = dir.join("nginx.conf");
        std::fs::write(&config, proxy_config(upstreams, addr, &dir, workers)).unwrap();
        let mut command = Command::new(nginx);
        command.arg("-p").arg(&dir).arg("-e").arg(dir.join("error.log")).arg("-c").arg(config);
        Proxy::launch(command, addr, dir, upstreams)
    }

    /// HAProxy in front of `upstreams`, once it and they answer `/health`.
    pub fn start_haproxy(haproxy: &Path, test: &str, upstreams: &[SocketAddr]) -> Proxy {
        let (dir, addr) = Proxy::place("haproxy", test);
        let config = dir.join("haproxy.cfg");
        std::fs::write(&config, haproxy_config(upstreams, addr)).unwrap();
        let mut command = Command::new(haproxy);
        command.arg("-db").arg("-f").arg(config);
        Proxy::launch(command, addr, dir, upstreams)
    }

    /// A fresh folder and a free loopback address for one test's proxy.
    fn place(kind: &str, test: &str) -> (PathBuf, SocketAddr) {
        let dir = std::env::temp_dir().join(format!("carrom-{kind}-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        (dir, SocketAddr::from(([127, 0, 0, 1], free_port())))
    }

    /// Runs `command` and waits until the proxy and `upstreams` answer `/health`.
    fn launch(
        mut command: Command,
        addr: SocketAddr,
        dir: PathBuf,
        upstreams: &[SocketAddr],
    ) -> Proxy {
        let child = command.stdout(Stdio::null()).stderr(Stdio::inherit()).spawn();
        let mut proxy = Proxy { addr, process: Process(child.expect("the proxy")), dir };
        for &target in std::iter::once(&addr).chain(upstreams) {
            let up = Instant::now();
            while get(target, "/health").as_deref() != Some("ok\n") {
                if let Ok(Some(status)) = proxy.process.0.try_wait() {
                    let log = std::fs::read_to_string(proxy.dir.join("error.log"));
                    panic!("the proxy ended ({status}) before {target} answered: {log:?}");
                }
                assert!(up.elapsed() < Duration::from_secs(10), "{target} never answered");
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        proxy
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A plain HTTP GET's body, or None.
pub fn get(addr: SocketAddr, path: &str) -> Option<String> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect_timeout(&addr, Duration::from_secs(2)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(stream, "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").ok()?;
    let mut text = String::new();
    stream.read_to_string(&mut text).ok()?;
    let (head, body) = text.split_once("\r\n\r\n")?;
    head.starts_with("HTTP/1.1 200").then(|| body.to_string())
}

/// The value of metric `name` on an instance's `/metrics`, with its instance label.
pub fn figure(metrics: &str, name: &str) -> Option<(String, u64)> {
    metrics.lines().find_map(|line| {
        let rest = line.strip_prefix(name)?.strip_prefix("{instance=\"")?;
        let (instance, value) = rest.split_once("\"} ")?;
        Some((instance.to_string(), value.trim().parse().ok()?))
    })
}

/// The README's HAProxy configuration with `upstreams` in place of its `server` lines,
/// listening on `listen`.
pub fn haproxy_config(upstreams: &[SocketAddr], listen: SocketAddr) -> String {
    let mut replaced = false;
    let mut out = String::new();
    for line in readme_block("haproxy").lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("server ") {
            if !replaced {
                for (n, addr) in upstreams.iter().enumerate() {
                    out.push_str(&format!("    server sig-{} {addr}\n", n + 1));
                }
                replaced = true;
            }
        } else if trimmed.starts_with("bind ") {
            out.push_str(&format!("    bind {listen}\n"));
        } else if trimmed.starts_with("maxconn ") {
            out.push_str("    maxconn 4000\n");
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    assert!(replaced, "the README's HAProxy block has no server lines:\n{out}");
    out
}
