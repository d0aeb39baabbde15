//! `carrom-signaling`: run the signaling server.

use carrom_signaling::{DEFAULT_ADDR, server};
use clap::Parser;
use std::net::SocketAddr;
use std::process::ExitCode;
use tokio::sync::oneshot;

/// The server that introduces carrom peers; it never sees a game.
#[derive(Parser)]
#[command(version, about)]
struct Args {
    /// Address to listen on.
    #[arg(long, env = "CARROM_SIGNALING_ADDR", default_value = DEFAULT_ADDR)]
    addr: SocketAddr,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .init();
    let (stop, stopped) = oneshot::channel();
    let mut server = server(args.addr, stopped);
    let addr = match server.bind() {
        Ok(addr) => addr,
        Err(e) => {
            tracing::error!("cannot listen on {}: {e}", args.addr);
            return ExitCode::FAILURE;
        }
    };
    tracing::info!(%addr, "carrom-signaling listening");
    tokio::spawn(async move {
        wait_for_signal().await;
        tracing::info!("shutting down");
        let _ = stop.send(());
    });
    match server.serve().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("server failed: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn wait_for_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(_) => return interrupt.await.unwrap_or(()),
            };
        tokio::select! {
            _ = interrupt => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    interrupt.await.unwrap_or(());
}
