//! `tengen-server replay-opengotha`: reads an OpenGotha file (and optional per-pair cost dumps), replays it round
//! by round with the draw engine's `egf` profile and prints the comparison. File reading lives here; the
//! comparison itself is the pure `tengen_draw::opengotha::replay`.

use anyhow::Context;
use std::collections::BTreeMap;
use std::path::Path;

/// Replays `file`; returns exit code 1 on any mismatch.
pub fn replay_opengotha(file: &Path, weights: Option<&Path>) -> anyhow::Result<i32> {
    let xml =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let dumps = match weights {
        Some(dir) => read_dumps(dir)?,
        None => BTreeMap::new(),
    };
    let report = tengen_draw::opengotha::replay(&xml, &dumps)
        .with_context(|| format!("replaying {}", file.display()))?;
    println!("{}", report.to_string().trim_end());
    Ok(if report.all_ok() { 0 } else { 1 })
}

/// Reads `*_weights_R<n>.txt` files from `dir`, keyed by round number.
fn read_dumps(dir: &Path) -> anyhow::Result<BTreeMap<u32, String>> {
    let mut dumps = BTreeMap::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let round = name
            .strip_suffix(".txt")
            .and_then(|stem| stem.rsplit_once("_R"))
            .and_then(|(_, n)| n.parse::<u32>().ok());
        if let Some(round) = round {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            dumps.insert(round, text);
        }
    }
    anyhow::ensure!(
        !dumps.is_empty(),
        "no <name>_weights_R<n>.txt files in {}",
        dir.display()
    );
    Ok(dumps)
}
