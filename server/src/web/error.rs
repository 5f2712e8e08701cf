//! The pages a visitor sees when something is wrong with the request: a status code, a title and one sentence
//! saying what to do, in the board's own layout. Never echoes the request back.

use super::layout;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use maud::html;

/// A refused request, shown as a small page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The page's heading.
    pub title: &'static str,
    /// What happened and what to do.
    pub message: String,
}

impl WebError {
    /// Any refusal.
    pub fn new(status: StatusCode, title: &'static str, message: impl Into<String>) -> WebError {
        WebError {
            status,
            title,
            message: message.into(),
        }
    }

    /// 404: no such tournament, round, player or page.
    pub fn not_found(message: impl Into<String>) -> WebError {
        WebError::new(StatusCode::NOT_FOUND, "Not found", message)
    }

    /// 400: the address or form is malformed.
    pub fn bad_request(message: impl Into<String>) -> WebError {
        WebError::new(StatusCode::BAD_REQUEST, "Cannot read that", message)
    }

    /// 503: the server cannot take it now (a standby, or stopping).
    pub fn unavailable(message: impl Into<String>) -> WebError {
        WebError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "Try again shortly",
            message,
        )
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let body = html! {
            h1 { (self.title) }
            p #error { (self.message) }
            p { a href="/" { "Back to the board" } }
        };
        let page = layout::Page::plain(self.title.to_string(), body);
        (self.status, layout::document(&page, "", "")).into_response()
    }
}
