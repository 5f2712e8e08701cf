//! The pages a visitor sees when something is wrong with the request: a status code, a title and one sentence
//! saying what to do, in the board's own layout. Never echoes the request back.

use super::lang::Lang;
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
    /// The page's heading: a message id (`error-not-found`), worded in the page's language.
    pub title: &'static str,
    /// What happened and what to do, already in the page's language.
    pub message: String,
    /// The language of the page around the message.
    pub lang: Lang,
}

impl WebError {
    /// Any refusal.
    pub fn new(status: StatusCode, title: &'static str, message: impl Into<String>) -> WebError {
        WebError {
            status,
            title,
            message: message.into(),
            lang: Lang::En,
        }
    }

    /// The same refusal on a page in `lang` (its message must already be in `lang`).
    pub fn in_lang(mut self, lang: Lang) -> WebError {
        self.lang = lang;
        self
    }

    /// 404: no such tournament, round, player or page.
    pub fn not_found(message: impl Into<String>) -> WebError {
        WebError::new(StatusCode::NOT_FOUND, "error-not-found", message)
    }

    /// 400: the address or form is malformed.
    pub fn bad_request(message: impl Into<String>) -> WebError {
        WebError::new(StatusCode::BAD_REQUEST, "error-cannot-read", message)
    }

    /// 503: the server cannot take it now (a standby, or stopping).
    pub fn unavailable(message: impl Into<String>) -> WebError {
        WebError::new(StatusCode::SERVICE_UNAVAILABLE, "error-try-again", message)
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
                "error-not-for-this-desk",
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
        Kind::Invalid => "error-cannot-read",
        Kind::NotFound => "error-not-found",
        Kind::Precondition | Kind::Stale | Kind::Exists => "error-cannot-take",
        Kind::Forbidden => "error-not-allowed",
        Kind::Unavailable => "error-try-again",
        Kind::TooMany => "error-please-wait",
        Kind::Internal => "error-went-wrong",
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let title = self.lang.t(self.title);
        let body = html! {
            h1 { (title) }
            p #error { (self.message) }
            p { a href="/" { (self.lang.t("error-back")) } }
        };
        let mut page = layout::Page::plain(title, body);
        page.lang = self.lang;
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
