//! The query string of a page, read leniently: a page that takes only notices and choices (`?done=…`, `?q=…`) is
//! shown as if the query were empty when it does not parse (a hand-edited or truncated address), never refused.
//! Owns only this extractor; must not decide what a page does with its query.

use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

/// The query as `T`, or `T::default()` when it does not parse.
pub struct Lenient<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Default + Send> FromRequestParts<S> for Lenient<T> {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let query = Query::<T>::from_request_parts(parts, state).await;
        Ok(Lenient(query.map(|q| q.0).unwrap_or_default()))
    }
}
