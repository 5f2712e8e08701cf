//! Tengen's server: the authoritative register of a Go congress.
//!
//! Desks send commands over gRPC (TLS) or the desk pages; the application core hands them to one writer, which
//! checks them against the state, appends them to the sled log, makes them durable and only then answers. The
//! state is a fold over the log. This file is the module map:
//!
//! - [`app`]: the application core every door calls: the write path, the role check per command, refusals.
//! - [`domain`]: the register's pure core (records, commands, events, decide, state).
//! - [`log`]: the durable event log (entry codec with hash chain, store, single writer, replay).
//! - [`auth`]: tokens and the role matrix.
//! - [`service`]: the gRPC door.
//! - [`sheets`]: printed sheets (pairings, slips, wall chart, standings, register) as text or HTML.
//! - [`replica`]: the standby, semi-synchronous acknowledgements, promotion and fencing, backups.
//! - [`tls`]: the venue certificate authority.
//! - [`http`]: the listening sockets (gRPC and the web pages on one TLS port; the public board on plain HTTP).
//! - [`web`]: the browser door: the public board and the desk pages.
//! - [`cli`]: the `tengen-server` command line; [`board_qr`]: the hall poster's QR code.
//! - [`draw`]: the pairing engine (the pure `tengen-draw` crate).
//! - `start`: opening the data directory and serving the ports ([`prepare`], [`serve`], [`run`]).

#![warn(missing_docs)]

pub mod app;
pub mod auth;
pub mod board_qr;
pub mod cli;
pub mod domain;
pub mod http;
pub mod lang;
pub mod log;
pub mod replica;
pub mod service;
pub mod sheets;
mod start;
pub mod tls;
pub mod web;

pub use start::{
    certificate_names, prepare, read_venue_offset, run, serve, AddressError, AddressFlags, Config,
    Prepared, QuorumFlags, ServerError, VenueAddress, MAX_REQUEST_BYTES, STORAGE_STOP_WAIT,
};
pub(crate) use start::{now_ms, venue_offset_minutes};
pub use tengen_draw as draw;
