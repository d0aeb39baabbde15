//! `carrom-signaling`: run the signaling server until SIGINT or SIGTERM.

use carrom_signaling::{Config, open_files, start};
use clap::Parser;
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let mut config = Config::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let (cap, warning) = open_files::make_room(config.max_connections);
    if let Some(warning) = warning {
        tracing::warn!("{warning}");
    }
    config.max_connections = cap;
    let mut running = match start(config) {
        Ok(running) => running,
        Err(e) => {
            tracing::error!("{e}");
            return ExitCode::FAILURE;
        }
    };
    tracing::info!(
        addr = %running.addr,
        instance = %running.instance,
        max_connections = cap,
        "carrom-signaling listening"
    );
    tokio::select! {
        result = running.wait() => {
            if let Err(e) = result {
                tracing::error!("server failed: {e}");
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        _ = signal() => {
            tracing::info!("shutting down");
            match running.stop().await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    tracing::error!("shutdown failed: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

async fn signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}
