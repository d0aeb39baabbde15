//! The browser game, served beside the signaling routes (`--web DIR`): its page at `/` and
//! at `/join/<CODE>` (the invite opens the game, which reads the code from its address),
//! and its files by name. A WebSocket upgrade to the same paths is still a peer.

use crate::server_error::ServerError;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

/// What a folder must hold to be the browser game.
const NEEDED: [&str; 3] = ["index.html", "carrom.js", "carrom_bg.wasm"];

/// Says what `dir` lacks to be served as the browser game.
pub fn check(dir: &Path) -> Result<(), ServerError> {
    match NEEDED.iter().find(|name| !dir.join(name).is_file()) {
        None => Ok(()),
        Some(missing) => Err(ServerError::NoGame { dir: dir.to_path_buf(), missing }),
    }
}

/// What a request for a page answers when no game is served.
const NO_GAME: &str =
    "this signaling server serves no browser game (it was started without --web)\n";

/// Answers a request for the game's page or one of its files from `web`, and passes every
/// other request (peers, watchers, health, metrics) on.
pub async fn serve(web: Option<Arc<PathBuf>>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let page = path == "/" || path.starts_with("/join/");
    // A file of the page's folder, of its fonts (`/assets/fonts/NAME`) or of its messages
    // (`/assets/locales/NAME`). A request in authority form (`GET host:80`) has no path.
    let named = |name: &str| !name.contains('/') && name.contains('.');
    let assets = ["/assets/fonts/", "/assets/locales/"];
    let file = !page
        && (path.get(1..).is_some_and(named)
            || assets.iter().any(|dir| path.strip_prefix(dir).is_some_and(named)));
    let upgrade = request.headers().contains_key(header::UPGRADE);
    if request.method() != Method::GET || upgrade || !(page || file) {
        return next.run(request).await;
    }
    let Some(dir) = web else {
        return (StatusCode::NOT_FOUND, NO_GAME).into_response();
    };
    let mut response = if page {
        ServeFile::new(dir.join("index.html")).oneshot(request).await.into_response()
    } else {
        // Brotli first where a browser takes it (about two thirds of gzip's size on the
        // game's wasm), gzip otherwise, the file itself last.
        ServeDir::new(&*dir)
            .precompressed_br()
            .precompressed_gzip()
            .oneshot(request)
            .await
            .into_response()
    };
    // One name per file across builds: browsers check before using what they kept.
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// `/join/<CODE>` when no game is served (with one, [`serve`] answers first).
pub async fn no_game() -> Response {
    (StatusCode::NOT_FOUND, NO_GAME).into_response()
}
