//! Tengen's desk program as a library: connection settings and the [`Desk`] connection, request ids and
//! retries, CSV import, the registration load tool, and the `tengen` command line built on them.
//!
//! Tests and the bench use [`Desk`] directly; `main.rs` only parses flags and calls [`cli::run`].

#![warn(missing_docs)]

pub mod bench;
pub mod cli;
pub mod clock;
pub mod conn;
pub mod error;
pub mod import;
pub mod latency;
pub mod ratings;
pub mod request_id;
pub mod retry;
pub mod values;

pub use conn::settings::ConnSettings;
pub use conn::Desk;
pub use error::ClientError;
pub use request_id::RequestId;
