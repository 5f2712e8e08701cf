//! Version 1 backups: line-oriented text, one record per line, every byte in hex. Servers wrote it until the
//! archive of version 2; a director's old files must still restore, so this module keeps the reader. The writer
//! stays for tests only, to make such files.
//!
//! ```text
//! tengen-backup 1
//! epoch <n>
//! entry <seq> <hex of the stored bytes>      (every entry, in order)
//! snapshot <seq> <hex of the snapshot>       (the state after the last entry)
//! end <entries>
//! ```

use super::{BackupError, Restorer};
use crate::domain::Seq;
use crate::log::LogStore;
use std::io::BufRead;

/// The first line of a version 1 file.
pub(super) const HEADER: &str = "tengen-backup 1\n";

/// Restores a version 1 file into an empty store.
pub(super) fn restore(
    input: &mut dyn BufRead,
    store: &dyn LogStore,
) -> Result<crate::domain::State, BackupError> {
    let mut restorer = Restorer::new(store)?;
    let bad = |what: &str| BackupError::Invalid(what.to_string());
    let mut lines = input.lines();
    let mut line = || -> Result<String, BackupError> {
        lines
            .next()
            .ok_or_else(|| bad("the file ends early"))?
            .map_err(BackupError::from)
    };
    if line()? != HEADER.trim_end() {
        return Err(bad("missing the `tengen-backup 1` header"));
    }
    let epoch = line()?
        .strip_prefix("epoch ")
        .and_then(|v| v.parse::<u64>().ok())
        .ok_or_else(|| bad("missing the epoch line"))?;
    loop {
        let l = line()?;
        if let Some(rest) = l.strip_prefix("entry ") {
            let (seq, hexed) = rest.split_once(' ').ok_or_else(|| bad("bad entry line"))?;
            let seq = Seq(seq.parse().map_err(|_| bad("bad entry number"))?);
            let bytes = hex::decode(hexed).map_err(|_| bad("bad entry bytes"))?;
            restorer.entry(seq, bytes)?;
        } else if let Some(rest) = l.strip_prefix("snapshot ") {
            let (seq, hexed) = rest
                .split_once(' ')
                .ok_or_else(|| bad("bad snapshot line"))?;
            let seq: u64 = seq.parse().map_err(|_| bad("bad snapshot number"))?;
            let bytes = hex::decode(hexed).map_err(|_| bad("bad snapshot bytes"))?;
            let count: u64 = line()?
                .strip_prefix("end ")
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| bad("missing the end line: the file is truncated"))?;
            return restorer.finish(epoch, seq, bytes, count);
        } else {
            return Err(BackupError::Invalid(format!(
                "unexpected line starting {:?}",
                l.chars().take(20).collect::<String>()
            )));
        }
    }
}

/// Writes a version 1 file, as servers did before version 2 (tests make old files with it).
#[cfg(test)]
pub(crate) fn export(
    store: &dyn LogStore,
    state: &crate::domain::State,
    out: &mut dyn std::io::Write,
) -> Result<u64, BackupError> {
    write!(out, "{HEADER}")?;
    writeln!(out, "epoch {}", store.epoch()?.0.max(state.epoch.0))?;
    let (hash, count) = super::read_chain(store, state.last_seq, |batch, _| {
        for (seq, bytes) in batch {
            writeln!(out, "entry {} {}", seq.0, hex::encode(bytes))?;
        }
        Ok(())
    })?;
    let snapshot = super::snapshot_of(state, &hash)?;
    writeln!(
        out,
        "snapshot {} {}",
        state.last_seq.0,
        hex::encode(snapshot)
    )?;
    writeln!(out, "end {count}")?;
    Ok(count)
}
