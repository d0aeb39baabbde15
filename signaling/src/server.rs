//! The server: matchbox_signaling's WebSocket state, served by our front ([`crate::front`]:
//! header timeout, caps on half-open requests), with our routes —
//! `/r/<CODE>?seats=N[&v=PROTOCOL]`, `/q/<key>?next=N`, `/w/<CODE>[?v=PROTOCOL]` (a
//! watcher of a private room's match), `/j/<ROOM>/<old id>` (a player back in its room),
//! `/health`, `/metrics`, and `/lan` (the game a LAN host serves, for joiners who typed its
//! address) — and its stock, room-leaking routes closed. With `--web`, the browser game's
//! page and files too ([`crate::page`]).
//!
//! Every room route names its room in the path's second segment (the code, the quick-match
//! key), so a proxy in front of several instances can send all of a room's peers to one.

use crate::admission::Admission;
use crate::code;
use crate::front::{self, FrontLimits};
use crate::limits::Config;
use crate::metrics::{Census, Metrics, Rejection};
use crate::origin;
use crate::page;
use crate::peer::{self, Join};
use crate::probes::Probes;
use crate::rooms::{Registry, grace_of};
use crate::seat_token::SeatToken;
use crate::server_error::ServerError;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, Query};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router};
use matchbox_signaling::SignalingServer;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock, RwLock};
use std::time::Duration;
use tokio::sync::{oneshot, watch};
use tokio::task::JoinHandle;

#[derive(Clone)]
struct App {
    config: Arc<Config>,
    registry: Arc<Registry>,
    admission: Arc<Admission>,
    stop: watch::Receiver<bool>,
    listing: Listing,
    instance: Instance,
    probes: Arc<Probes>,
}

/// The instance's name, known once it has bound its address.
type Instance = Arc<OnceLock<String>>;

/// Bytes a connection reads at a time (it grows for a larger message, up to the cap).
const READ_BUFFER: usize = 4 * 1024;

/// The response header naming the instance that answered.
pub const INSTANCE_HEADER: &str = "x-carrom-instance";

/// What `/lan` answers: the game a LAN host serves, as the host describes it (JSON), or
/// nothing.
type Listing = Arc<RwLock<Option<String>>>;

/// A running server.
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its counters.
    pub metrics: Arc<Metrics>,
    /// Its name among instances (`/metrics` labels, [`INSTANCE_HEADER`]).
    pub instance: String,
    stop: watch::Sender<bool>,
    shell_stop: oneshot::Sender<()>,
    admission: Arc<Admission>,
    registry: Arc<Registry>,
    listing: Listing,
    task: JoinHandle<()>,
}

impl Running {
    /// Players in rooms right now, watchers aside (a LAN host's server has one room: the
    /// players who have joined its game).
    pub fn peers(&self) -> usize {
        self.registry.counts().1 - self.registry.watchers()
    }

    /// Sets what `/lan` answers (a LAN host's game as JSON), or withdraws it.
    pub fn set_listing(&self, listing: Option<String>) {
        if let Ok(mut shown) = self.listing.write() {
            *shown = listing;
        }
    }

    /// Stops gracefully: peers are told goodbye, then the listener closes.
    pub async fn stop(self) -> Result<(), ServerError> {
        let _ = self.stop.send(true);
        for _ in 0..100 {
            if self.admission.connected() == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let _ = self.shell_stop.send(());
        Ok(self.task.await?)
    }

    /// Waits until the server stops by itself (it does not, unless it fails).
    pub async fn wait(&mut self) -> Result<(), ServerError> {
        Ok((&mut self.task).await?)
    }
}

/// Binds and starts serving.
// matchbox_signaling's connection callback returns `Result<bool, Response>`: the large
// error type is its signature, not a choice made here.
#[allow(clippy::result_large_err)]
pub fn start(config: Config) -> Result<Running, ServerError> {
    if let Some(dir) = &config.web {
        page::check(dir)?;
    }
    let web = config.web.clone().map(Arc::new);
    let metrics = Arc::new(Metrics::default());
    let registry = Arc::new(Registry::new(metrics.clone()));
    let admission =
        Admission::new(config.max_connections, config.max_per_address, config.ipv6_prefix);
    let (stop, stop_rx) = watch::channel(false);
    let (shell_stop, shell_stopped) = oneshot::channel();
    let handshake = config.handshake();
    let listing = Listing::default();
    let instance = Instance::default();
    let named = instance.clone();
    let app = App {
        config: Arc::new(config.clone()),
        registry: registry.clone(),
        admission: admission.clone(),
        stop: stop_rx,
        listing: listing.clone(),
        instance: instance.clone(),
        probes: Arc::new(Probes::default()),
    };
    let mut routes = None;
    // matchbox_signaling's builder makes the routes (its WebSocket state with ours); the
    // front serves them ([`crate::front`]).
    let _shell = SignalingServer::full_mesh_builder(config.addr)
        .on_connection_request(|_| {
            Err(refusal(
                StatusCode::NOT_FOUND,
                "join a room: /r/<CODE>?seats=N, /q/<key>?next=N, watch one: /w/<CODE>, or come back to yours: /j/<ROOM>/<your old id>",
            ))
        })
        .build_with(|router: Router| {
            let router = router
                .route("/r/{code}", get(private_room))
                .route("/q/{key}", get(quick_match))
                .route("/w/{code}", get(watch_room))
                .route("/j/{room}/{id}", get(rejoin_room))
                .route("/health", get(|| async { "ok\n" }))
                .route("/metrics", get(render_metrics))
                .route("/lan", get(render_listing))
                .route("/join/{code}", get(page::no_game))
                .layer(axum::middleware::from_fn(move |request, next| {
                    handshake_limit(handshake, request, next)
                }))
                .layer(axum::middleware::from_fn(move |request, next| {
                    page::serve(web.clone(), request, next)
                }))
                .layer(axum::middleware::map_response(move |response| {
                    signed(named.clone(), response)
                }))
                .layer(Extension(app));
            routes = Some(router.clone());
            router
        });
    let router = routes.ok_or(ServerError::NoRoutes)?;
    let cannot = |source| ServerError::CannotListen { addr: config.addr, source };
    let listener = std::net::TcpListener::bind(config.addr).map_err(cannot)?;
    listener.set_nonblocking(true).map_err(cannot)?;
    let listener = tokio::net::TcpListener::from_std(listener).map_err(cannot)?;
    let addr = listener.local_addr().map_err(cannot)?;
    let name = instance.get_or_init(|| config.instance_name(addr)).clone();
    let limits = FrontLimits {
        header_timeout: config.handshake(),
        pending: config.max_pending,
        pending_per_source: config.max_per_address,
    };
    let proxies = config.trusted_proxies.clone();
    let front_metrics = metrics.clone();
    let prefix = config.ipv6_prefix;
    let task = tokio::spawn(front::serve(
        listener,
        router,
        limits,
        prefix,
        proxies,
        front_metrics,
        shell_stopped,
    ));
    Ok(Running {
        addr,
        metrics,
        instance: name,
        stop,
        shell_stop,
        admission,
        registry,
        listing,
        task,
    })
}

/// `response` with the instance's name on it: which of several instances a peer reached.
async fn signed(instance: Instance, mut response: Response) -> Response {
    if let Some(value) = instance.get().and_then(|n| HeaderValue::from_str(n).ok()) {
        response.headers_mut().insert(INSTANCE_HEADER, value);
    }
    response
}

/// The handshake timeout: a request (the WebSocket upgrade included) must be answered
/// within `limit`.
async fn handshake_limit(
    limit: Duration,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => refusal(StatusCode::REQUEST_TIMEOUT, "handshake took too long"),
    }
}

fn refusal(status: StatusCode, reason: &str) -> Response {
    (status, format!("{reason}\n")).into_response()
}

fn refuse(app: &App, why: Rejection) -> Response {
    app.registry.metrics.reject(why);
    let (status, reason) = match why {
        Rejection::BadRoom => (
            StatusCode::BAD_REQUEST,
            "malformed room: an invite code is 13 characters of Crockford base-32; a quick-match key is 1-64 of [A-Za-z0-9._-]",
        ),
        Rejection::BadSize => (
            StatusCode::BAD_REQUEST,
            "seats (private room) or next (quick match) must be 2, 3 or 4",
        ),
        Rejection::RoomFull => (StatusCode::CONFLICT, "the room is full"),
        Rejection::SeatsMismatch => {
            (StatusCode::CONFLICT, "the room was opened with another number of seats")
        }
        Rejection::VersionMismatch => (
            StatusCode::UPGRADE_REQUIRED,
            "the room was opened by another version of the game: both players need the same one",
        ),
        Rejection::AddressCap => {
            (StatusCode::TOO_MANY_REQUESTS, "too many connections from your address")
        }
        Rejection::ServerCap => {
            (StatusCode::SERVICE_UNAVAILABLE, "the server is full, try again later")
        }
        Rejection::NoMatch => (
            StatusCode::NOT_FOUND,
            "no match is being played with this code by this version of the game",
        ),
        Rejection::WatchersFull => {
            (StatusCode::CONFLICT, "this match has all the watchers it takes")
        }
        Rejection::Started => (StatusCode::CONFLICT, "this room's match has started"),
        Rejection::Unforwarded => (
            StatusCode::BAD_REQUEST,
            "the proxy did not say whose connection this is (X-Forwarded-For)",
        ),
        Rejection::Probing => (
            StatusCode::TOO_MANY_REQUESTS,
            "too many requests to watch matches that are not there: wait a minute",
        ),
        _ => (StatusCode::BAD_REQUEST, "refused"),
    };
    refusal(status, reason)
}

fn size(params: &HashMap<String, String>, name: &str) -> Option<u8> {
    params.get(name).and_then(|v| v.parse::<u8>().ok()).filter(|n| (2..=4).contains(n))
}

/// Where a connection comes from: its peer address and the headers naming a client
/// behind a proxy.
type Source = (SocketAddr, HeaderMap);

fn upgrade(app: App, ws: WebSocketUpgrade, (peer, headers): Source, join: Join) -> Response {
    let trusted = &app.config.trusted_proxies;
    let Some(client) = origin::client(peer.ip(), &headers, trusted) else {
        return refuse(&app, Rejection::Unforwarded);
    };
    let ticket = match app.admission.admit(client) {
        Ok(ticket) => ticket,
        Err(why) => return refuse(&app, why),
    };
    let limit = app.config.max_message;
    // Small buffers: tungstenite's 128 KiB default read buffer, filled once, would be
    // most of an idle peer's cost, and signaling messages are a few hundred bytes.
    ws.max_message_size(limit)
        .max_frame_size(limit)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .on_upgrade(move |socket| {
            peer::run(socket, join, app.config, app.registry, app.stop, ticket)
        })
}

async fn private_room(
    ws: WebSocketUpgrade,
    Path(code): Path<String>,
    Query(params): Query<HashMap<String, String>>,
    ConnectInfo(origin): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Extension(app): Extension<App>,
) -> Response {
    let Some(code) = code::normalise(&code) else { return refuse(&app, Rejection::BadRoom) };
    let Some(seats) = size(&params, "seats") else { return refuse(&app, Rejection::BadSize) };
    let Some(version) = version(&params) else { return refuse(&app, Rejection::BadRoom) };
    let Some(grace) = grace_of(params.get("grace").map(String::as_str)) else {
        return refuse(&app, Rejection::BadRoom);
    };
    let Ok(token) = SeatToken::parse(params.get("seat").map(String::as_str)) else {
        return refuse(&app, Rejection::BadRoom);
    };
    if let Err(why) = app.registry.check_private(&code, seats, &version) {
        return refuse(&app, why);
    }
    upgrade(app, ws, (origin, headers), Join::Private { code, seats, version, grace, token })
}

/// A player coming back to the started room where it held seat id `id`.
async fn rejoin_room(
    ws: WebSocketUpgrade,
    Path((room, id)): Path<(String, String)>,
    Query(params): Query<HashMap<String, String>>,
    ConnectInfo(origin): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Extension(app): Extension<App>,
) -> Response {
    let Ok(old) = uuid::Uuid::parse_str(&id) else { return refuse(&app, Rejection::BadRoom) };
    let old = matchbox_protocol::PeerId(old);
    let Some(version) = version(&params) else { return refuse(&app, Rejection::BadRoom) };
    let Ok(token) = SeatToken::parse(params.get("seat").map(String::as_str)) else {
        return refuse(&app, Rejection::BadRoom);
    };
    let room = code::normalise(&room).unwrap_or(room);
    if let Err(why) = app.registry.check_rejoin(&room, old, &version, token.as_ref()) {
        return refuse(&app, why);
    }
    upgrade(app, ws, (origin, headers), Join::Rejoin { room, old, version, token })
}

/// The protocol version a client names: clients of different versions must never meet, so
/// a room keeps its first peer's version (`?v=`, none for clients that predate it) and
/// refuses any other. `None`: malformed.
fn version(params: &HashMap<String, String>) -> Option<String> {
    match params.get("v") {
        None => Some(String::new()),
        Some(v)
            if !v.is_empty() && v.len() <= 8 && v.bytes().all(|b| b.is_ascii_alphanumeric()) =>
        {
            Some(v.clone())
        }
        Some(_) => None,
    }
}

async fn watch_room(
    ws: WebSocketUpgrade,
    Path(code): Path<String>,
    Query(params): Query<HashMap<String, String>>,
    ConnectInfo(origin): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Extension(app): Extension<App>,
) -> Response {
    let Some(code) = code::normalise(&code) else { return refuse(&app, Rejection::BadRoom) };
    let Some(version) = version(&params) else { return refuse(&app, Rejection::BadRoom) };
    let Some(client) = origin::client(origin.ip(), &headers, &app.config.trusted_proxies) else {
        return refuse(&app, Rejection::Unforwarded);
    };
    let source = app.admission.source(client);
    if !app.probes.allowed(source) {
        return refuse(&app, Rejection::Probing);
    }
    if let Err(why) = app.registry.check_watch(&code, &version) {
        if why == Rejection::NoMatch {
            app.probes.missed(source);
        }
        return refuse(&app, why);
    }
    upgrade(app, ws, (origin, headers), Join::Watch { code, version })
}

async fn quick_match(
    ws: WebSocketUpgrade,
    Path(key): Path<String>,
    Query(params): Query<HashMap<String, String>>,
    ConnectInfo(origin): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Extension(app): Extension<App>,
) -> Response {
    let valid = !key.is_empty()
        && key.len() <= 64
        && key.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b));
    if !valid {
        return refuse(&app, Rejection::BadRoom);
    }
    let Some(next) = size(&params, "next") else { return refuse(&app, Rejection::BadSize) };
    let Some(grace) = grace_of(params.get("grace").map(String::as_str)) else {
        return refuse(&app, Rejection::BadRoom);
    };
    let Ok(token) = SeatToken::parse(params.get("seat").map(String::as_str)) else {
        return refuse(&app, Rejection::BadRoom);
    };
    upgrade(app, ws, (origin, headers), Join::Quick { key, size: next, grace, token })
}

async fn render_metrics(Extension(app): Extension<App>) -> Response {
    let (rooms, gathering, peers, watchers) = app.registry.census();
    let census = Census {
        rooms,
        gathering,
        peers,
        watchers,
        connections: app.admission.connected(),
        limit: app.config.max_connections,
    };
    let instance = app.instance.get().map_or("", String::as_str);
    let body = app.registry.metrics.render(instance, &census);
    ([("content-type", "text/plain; version=0.0.4")], body).into_response()
}

async fn render_listing(Extension(app): Extension<App>) -> Response {
    let listing = app.listing.read().ok().and_then(|shown| shown.clone());
    match listing {
        Some(json) => ([("content-type", "application/json")], json).into_response(),
        None => refusal(StatusCode::NOT_FOUND, "no game is hosted here"),
    }
}
