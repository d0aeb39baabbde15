//! Why the server could not start, or stopped other than when asked.

use std::net::SocketAddr;
use std::path::PathBuf;

/// Why the server could not start, or ended badly.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// `--web DIR` lacks a file the browser game needs.
    #[error(
        "--web {}: it has no {missing} (build the browser game into it with scripts/build-web.sh)",
        dir.display()
    )]
    NoGame {
        /// The folder given.
        dir: PathBuf,
        /// The first file it lacks.
        missing: &'static str,
    },
    /// The address could not be listened on (taken, not this machine's, not allowed).
    #[error("cannot listen on {addr}: {source}")]
    CannotListen {
        /// The address asked for.
        addr: SocketAddr,
        /// What the system said.
        source: std::io::Error,
    },
    /// matchbox_signaling's builder gave no routes to serve.
    #[error("the routes were not made")]
    NoRoutes,
    /// The serving task panicked or was cancelled.
    #[error("the server's task ended abnormally: {0}")]
    Task(#[from] tokio::task::JoinError),
}
