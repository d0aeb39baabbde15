//! carrom-signaling instances (processes) behind nginx, for the signaling crate's tests
//! and bench.
#![allow(dead_code)]

use crate::proxy::{Process, Proxy, free_port};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Command, Stdio};

/// `count` instances and the proxy in front of them.
pub struct Cluster {
    /// Where the proxy listens.
    pub proxy: SocketAddr,
    /// Each instance's name, address and process (none once killed).
    pub instances: Vec<(String, SocketAddr, Option<Process>)>,
    /// The proxy.
    pub front: Proxy,
}

impl Cluster {
    /// `count` instances, named sig-1, sig-2 …, behind nginx in one process.
    pub fn start(nginx: &Path, test: &str, count: usize, extra: &[&str]) -> Cluster {
        Cluster::start_with(nginx, test, count, extra, 0)
    }

    /// As [`Cluster::start`], with nginx in `workers` worker processes (0: one process).
    pub fn start_with(
        nginx: &Path,
        test: &str,
        count: usize,
        extra: &[&str],
        workers: usize,
    ) -> Cluster {
        let mut instances = Vec::new();
        for n in 1..=count {
            let addr = SocketAddr::from(([127, 0, 0, 1], free_port()));
            let name = format!("sig-{n}");
            let child = Command::new(env!("CARGO_BIN_EXE_carrom-signaling"))
                .args(["--addr", &addr.to_string(), "--instance", &name])
                .args(["--trusted-proxy", "127.0.0.1"])
                .args(extra)
                .env("RUST_LOG", "warn")
                .stdout(Stdio::null())
                .stderr(Stdio::inherit())
                .spawn()
                .expect("carrom-signaling");
            instances.push((name, addr, Some(Process(child))));
        }
        let upstreams: Vec<SocketAddr> = instances.iter().map(|i| i.1).collect();
        let front = Proxy::start(nginx, test, &upstreams, workers);
        Cluster { proxy: front.addr, instances, front }
    }

    /// The address of the instance called `name`.
    pub fn instance(&self, name: &str) -> SocketAddr {
        self.instances.iter().find(|i| i.0 == name).expect("an instance").1
    }

    /// Kills instance `name` (SIGKILL).
    pub fn kill(&mut self, name: &str) {
        let slot = self.instances.iter_mut().find(|i| i.0 == name).expect("an instance");
        drop(slot.2.take());
    }

    /// Stops instance `name` as an operator would (SIGTERM).
    pub fn terminate(&mut self, name: &str) {
        self.signal(name, "TERM");
    }

    /// Sends instance `name` the signal `signal` (`TERM`, `STOP`, `CONT`).
    pub fn signal(&self, name: &str, signal: &str) {
        let slot = self.instances.iter().find(|i| i.0 == name).expect("an instance");
        if let Some(Process(child)) = &slot.2 {
            let sent =
                Command::new("kill").arg(format!("-{signal}")).arg(child.id().to_string()).status();
            assert!(sent.is_ok_and(|s| s.success()), "kill -{signal}");
        }
    }
}
