//! Tengen's draw: pairs one round of a McMahon or Swiss tournament.
//!
//! Pure code: no I/O, no async, no clock, no global randomness. The same snapshot, settings and seed always give
//! byte-identical output. Module map:
//!
//! - [`model`]: snapshot in, round out, settings.
//! - [`matching`]: exact maximum-weight matching on integer weights (knows nothing about players).
//! - [`egf`]: OpenGotha 3.52's cost function, term for term.
//! - [`opengotha`]: an OpenGotha file (read by `tengen_interop`) as a snapshot and settings; the replay check.
//! - [`engine`]: the pipeline that turns a snapshot into a round.
//! - `checker` and `generator` (feature `testing`): independent checks of a round, random tournaments.

#![warn(missing_docs)]

#[cfg(any(test, feature = "testing"))]
pub mod checker;
pub mod egf;
pub mod engine;
#[cfg(any(test, feature = "testing"))]
pub mod generator;
pub mod matching;
pub mod model;
pub mod opengotha;
pub mod score;

pub use engine::draw;
pub use model::*;
