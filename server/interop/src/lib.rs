//! Other programs' tournament files, read into plain data: OpenGotha's tournament XML and its per-pair cost dumps
//! ([`opengotha`]), the EGF's `.h9` results table ([`h9`]).
//!
//! Pure: it parses the text or bytes it is given and returns values; no I/O, no async, no clock. It knows nothing
//! of the register, the draw or the wire types: what a file means for Tengen (an import plan in the desk program,
//! a snapshot the draw replays) is decided by whoever reads it, from these types.
//!
//! - [`opengotha`]: players, games, byes and parameter sets of an OpenGotha file; cost dumps.
//! - [`h9`]: an EGF results table's header fields, player lines and the games their halves describe.
//! - [`Outcome`]: a game's result as both formats write it.

#![warn(missing_docs)]

pub mod h9;
pub mod opengotha;
mod outcome;

pub use outcome::Outcome;
