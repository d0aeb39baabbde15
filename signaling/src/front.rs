//! The HTTP front: accepts connections and serves the routes on each, with what a server
//! facing the internet needs and `axum::serve` (matchbox_signaling's shell) lacks. A
//! request's headers must arrive within the handshake timeout, and connections that have
//! not yet become a WebSocket (or finished their request) are capped per source and in
//! all, so half-open requests (slowloris) cannot hold the server's sockets. The caps on
//! WebSocket peers themselves are [`crate::admission`]'s.

use crate::admission::Admission;
use crate::metrics::{Metrics, Rejection};
use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use ipnet::IpNet;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tower::ServiceExt;

/// What the front allows a connection before it is a WebSocket peer.
#[derive(Clone, Copy, Debug)]
pub struct FrontLimits {
    /// How long a request's headers may take to arrive.
    pub header_timeout: Duration,
    /// Connections not yet upgraded, in all.
    pub pending: usize,
    /// Connections not yet upgraded, from one source (a trusted proxy counts only in all).
    pub pending_per_source: usize,
}

/// Serves `router` on `listener` until `stop` fires.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: FrontLimits,
    prefix: u8,
    proxies: Vec<IpNet>,
    metrics: Arc<Metrics>,
    mut stop: oneshot::Receiver<()>,
) {
    let strangers = Admission::new(limits.pending, limits.pending_per_source, prefix);
    let forwarded = Admission::new(limits.pending, limits.pending, prefix);
    loop {
        let (stream, from) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors, or a connection reset before it was taken: the
                // listener itself is fine.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
            _ = &mut stop => return,
        };
        let trusted = proxies.iter().any(|net| net.contains(&from.ip()));
        let pending = if trusted { &forwarded } else { &strangers };
        let Ok(place) = pending.admit(from.ip()) else {
            metrics.reject(Rejection::PendingCap);
            drop(stream);
            continue;
        };
        let router = router.clone();
        tokio::spawn(async move {
            let with_address =
                router.map_request(move |mut request: hyper::Request<hyper::body::Incoming>| {
                    request.extensions_mut().insert(ConnectInfo(from));
                    request
                });
            let service = TowerToHyperService::new(with_address);
            let mut http = hyper::server::conn::http1::Builder::new();
            // The header timeout also runs while a kept-alive connection waits for its next
            // request, so an idle one gives its place back too.
            http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
            let connection = http.serve_connection(TokioIo::new(stream), service).with_upgrades();
            // Done when the request (or keep-alive) ends, or once it became a WebSocket,
            // which then lives on in its own task: either way the place is given back.
            let _ = connection.await;
            drop(place);
        });
    }
}
