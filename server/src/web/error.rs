//! The pages a visitor sees when something is wrong with the request: a status code, a title and one sentence
//! saying what to do, in the board's own layout. Never echoes the request back.

use super::layout;
use crate::app::{Kind, Refusal};
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

/// The HTTP status of each kind of refusal, for every page.
pub fn http_status(kind: Kind) -> StatusCode {
    match kind {
        Kind::Invalid => StatusCode::BAD_REQUEST,
        Kind::NotFound => StatusCode::NOT_FOUND,
        Kind::Precondition | Kind::Stale | Kind::Exists => StatusCode::CONFLICT,
        Kind::Forbidden => StatusCode::FORBIDDEN,
        Kind::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        Kind::TooMany => StatusCode::TOO_MANY_REQUESTS,
        Kind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl WebError {
    /// The core's refusal as a page: its status, a heading, and the refusal's own words (a role's refusal tells
    /// the volunteer whom to ask).
    pub fn refused(refusal: &Refusal) -> WebError {
        let status = http_status(refusal.kind());
        match refusal {
            Refusal::Forbidden { role, action } => WebError::new(
                status,
                "Not for this desk",
                format!(
                    "A {} terminal may not {}. Ask the director for the right token.",
                    role.as_str(),
                    action.describe()
                ),
            ),
            _ => WebError::new(status, title(refusal.kind()), refusal.to_string()),
        }
    }
}

/// A refusal page's heading.
fn title(kind: Kind) -> &'static str {
    match kind {
        Kind::Invalid => "Cannot read that",
        Kind::NotFound => "Not found",
        Kind::Precondition | Kind::Stale | Kind::Exists => "Cannot take it now",
        Kind::Forbidden => "Not allowed",
        Kind::Unavailable => "Try again shortly",
        Kind::TooMany => "Please wait",
        Kind::Internal => "Something went wrong",
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

/// A refusal's lowercase words as a sentence on a page: "Round 1 of Main is drawn…".
pub(crate) fn sentence(words: &str) -> String {
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
