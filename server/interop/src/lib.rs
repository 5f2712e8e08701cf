//! Other programs' files: OpenGotha's tournament XML and its per-pair cost dumps ([`opengotha`]), the EGF's `.h9`
//! results table ([`h9`]), a pre-registration CSV ([`prereg`]) and the federations' rating lists ([`ratings`])
//! read into plain data; the `.h9` and the FFG's `.tou` ([`tou`]) laid out from plain rows. The desk program and
//! the server's import pages read these files with the same code.
//!
//! Pure: it parses the text or bytes it is given and returns values, or formats the rows it is given; no I/O, no
//! async, no clock. It knows nothing of the register, the draw, the standings or the wire types: what a file means
//! for Tengen (an import plan in the desk program, a snapshot the draw replays) and what goes into an export (the
//! server's sheets) are decided by whoever calls it, with these types.
//!
//! - [`opengotha`]: players, games, byes and parameter sets of an OpenGotha file; cost dumps.
//! - [`h9`]: an EGF results table's header fields, player lines and the games their halves describe;
//!   [`h9::write`] its columns.
//! - [`tou`]: the FFG results file's columns.
//! - [`prereg`]: a pre-registration CSV's header and rows, as [`prereg::Person`]s.
//! - [`ratings`]: the EGD, AGA and FFG rating lists.
//! - [`Outcome`]: a game's result as both readers give it.

#![warn(missing_docs)]

pub mod h9;
pub mod opengotha;
mod outcome;
pub mod prereg;
pub mod ratings;
pub mod tou;

pub use outcome::Outcome;
