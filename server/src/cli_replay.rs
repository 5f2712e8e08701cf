//! `tengen-server replay-opengotha`: reads an OpenGotha file (and optional cost dumps) and prints the draw
//! engine's round-by-round comparison.

use std::path::Path;

/// Replays `file`; exit code 1 on any mismatch.
pub fn replay_opengotha(file: &Path, weights: Option<&Path>) -> anyhow::Result<i32> {
    let _ = (file, weights);
    anyhow::bail!("replay-opengotha is not available yet")
}
