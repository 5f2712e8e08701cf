//! The draw pipeline: eligible players → bye → pair costs → matching → colours, handicaps, tables, warnings.

use crate::model::{DrawError, Round, Settings, Snapshot};

/// Draws the round `snapshot.round` with the given settings and seed.
pub fn draw(snapshot: &Snapshot, settings: &Settings, seed: u64) -> Result<Round, DrawError> {
    let _ = (snapshot, settings, seed);
    Err(DrawError::NoValidPairing(vec!["engine not built yet".into()]))
}
