//! The web layer: the live public board for players' phones (pairings, standings, the register, each player's
//! games, the change slip) served from the same process and the same applied state as gRPC. Pages are rendered
//! on the server (maud escapes everything it prints); a little script of our own (`assets/live.js`) keeps them
//! current over Server-Sent Events. Writes (slips) go through the writer like any desk command.
//!
//! Must not: keep a second copy of the register, call gRPC, or show contact data (email, phone, fees, notes) on
//! any public page — pages read names, ranks, clubs and countries only.
//!
//! - [`router`]: the venue port (public pages, then gRPC for everything with a gRPC content type) and
//!   [`public_router`]: the plain-HTTP port for phones (public pages only).
//! - [`topics`] and [`live`]: what changed, and `/live`.
//! - `board/`: the public pages; [`desk`]: the desk pages (sign-in, the role matrix, CSRF); `layout`: the page shell, the assets; `cache`: rendered pages by stamp;
//!   `error`: the 4xx pages; `limit`: the slip rate limit; [`trust`]: the venue CA and the guide to trusting it.

pub(crate) mod board;
mod cache;
pub mod desk;
mod error;
pub use crate::lang;
mod layout;
pub mod lenient;
mod limit;
pub mod live;
pub mod topics;
pub mod trust;

use crate::app::Core;
use crate::VenueAddress;
use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::Arc;
use tower::ServiceExt;

pub use error::WebError;

/// The longest URI a page accepts (a QR code's or a search's is far shorter).
pub const MAX_URI_BYTES: usize = 2048;

/// What every handler shares.
pub struct Web {
    /// The applied state and the writer.
    pub(crate) core: Arc<Core>,
    /// Topic versions and the event streams.
    pub(crate) live: Arc<live::Live>,
    /// Rendered public pages, by URI and stamp.
    pub(crate) cache: cache::PageCache,
    /// Anonymous slips per address.
    pub(crate) slip_limit: limit::RateLimit,
    /// The partner server and the ticket key, on a server of a pair.
    pub(crate) handover: Option<desk::handover::Handover>,
    /// Rating lists uploaded by the director and not loaded yet.
    pub(crate) ratings_pending: desk::director::ratings::Pending,
    /// Where desks and phones reach this server (terminal cards, the trust guide).
    pub(crate) address: VenueAddress,
    /// The venue CA devices install (absent with `--insecure-dev`).
    pub(crate) ca: Option<trust::VenueCa>,
}

impl Web {
    /// The web layer of `core`; starts the task that follows the log for live updates. `partner`: the other
    /// laptop desks' pages may move to (its address) and the secret the two share, when there is one; `address`:
    /// where desks and phones reach this server; `ca`: the venue CA to offer devices.
    pub fn start(
        core: Arc<Core>,
        partner: Option<(String, String)>,
        address: VenueAddress,
        ca: Option<trust::VenueCa>,
    ) -> Arc<Web> {
        let last_seq = core.read(|s| s.last_seq.0).unwrap_or(0);
        let live = Arc::new(live::Live::new(last_seq));
        tokio::spawn(live.clone().follow(core.clone()));
        let handover =
            partner.and_then(|(url, secret)| desk::handover::Handover::new(&secret, &url));
        Arc::new(Web {
            core,
            handover,
            live,
            cache: cache::PageCache::default(),
            slip_limit: limit::RateLimit::slips(),
            ratings_pending: Default::default(),
            address,
            ca,
        })
    }
}

/// The public pages, as both ports serve them.
fn public_routes(web: Arc<Web>) -> Router {
    Router::new()
        .route("/", get(board::home::page))
        .route("/live", get(board::live_stream))
        .route("/assets/{name}", get(layout::asset))
        .route("/trust", get(trust::guide))
        .route("/venue-ca.crt", get(trust::certificate))
        .route("/t/{t}/pairings", get(board::pairings::page))
        .route("/t/{t}/standings", get(board::standings::page))
        .route("/t/{t}/players", get(board::players::page))
        .route("/t/{t}/players/{number}", get(board::player::page))
        .route("/t/{t}/teams/{number}", get(board::teams::page))
        .route(
            "/t/{t}/players/{number}/result",
            axum::routing::post(board::own::result).layer(axum::extract::DefaultBodyLimit::max(
                board::own::MAX_FORM_BYTES,
            )),
        )
        .route(
            "/t/{t}/checkin",
            get(board::own::check_in_page)
                .post(board::own::check_in)
                .layer(axum::extract::DefaultBodyLimit::max(
                    board::own::MAX_FORM_BYTES,
                )),
        )
        .route(
            "/t/{t}/players/{number}/slip",
            axum::routing::post(board::slip::submit).layer(axum::extract::DefaultBodyLimit::max(
                board::slip::MAX_SLIP_BYTES,
            )),
        )
        .with_state(web)
}

/// The plain-HTTP port: public pages only; anything else is a 404 page.
pub fn public_router(web: Arc<Web>) -> Router {
    public_routes(web)
        .layer(axum::middleware::from_fn(lang::switch))
        .layer(axum::middleware::from_fn(guard))
        .fallback(not_found)
}

/// The venue port: the public pages, the desk pages, and every request with a gRPC content type to `grpc`.
pub fn router(web: Arc<Web>, grpc: Router) -> Router {
    public_routes(web.clone())
        .merge(desk::routes(web))
        .layer(axum::middleware::from_fn(lang::switch))
        .layer(axum::middleware::from_fn(guard))
        .fallback(move |req: Request| {
            let grpc = grpc.clone();
            async move {
                if is_grpc(&req) {
                    match grpc.oneshot(req).await {
                        Ok(response) => response,
                        Err(never) => match never {},
                    }
                } else {
                    not_found().await
                }
            }
        })
}

fn is_grpc(req: &Request) -> bool {
    req.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/grpc"))
}

async fn not_found() -> Response {
    WebError::not_found("There is no such page.").into_response()
}

/// Refuses over-long URIs before any handler runs (gRPC paths are short and pass untouched).
async fn guard(req: Request, next: Next) -> Response {
    let uri_len = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if uri_len > MAX_URI_BYTES {
        return WebError::new(
            StatusCode::URI_TOO_LONG,
            "error-address-too-long",
            "That address is far longer than any page of the board uses.",
        )
        .into_response();
    }
    next.run(req).await
}
