//! Backups: a consistent export of the log and a state snapshot to one file, and a restore that rebuilds a data
//! directory from it (verifying the whole hash chain). The format is line-oriented text, one record per line:
//!
//! ```text
//! tengen-backup 1
//! epoch <n>
//! entry <seq> <hex of the stored bytes>      (every entry, in order)
//! snapshot <seq> <hex of the snapshot>       (the state after the last entry)
//! end <entries>
//! ```

use crate::domain::{Epoch, Seq, State};
use crate::log::entry::{decode, Hash, GENESIS};
use crate::log::replay::{decode_snapshot, encode_snapshot};
use crate::log::{LogStore, StoreError};
use std::io::{BufRead, Write};

/// Why a backup or restore failed.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// Storage.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// File.
    #[error("backup file: {0}")]
    Io(#[from] std::io::Error),
    /// The file is not a complete, valid backup.
    #[error("not a valid backup: {0}")]
    Invalid(String),
}

/// Writes a backup of `store` up to `state.last_seq` (the state is the one after that entry).
pub fn export(
    store: &dyn LogStore,
    state: &State,
    out: &mut dyn Write,
) -> Result<u64, BackupError> {
    let last = state.last_seq;
    writeln!(out, "tengen-backup 1")?;
    writeln!(out, "epoch {}", store.epoch()?.0.max(state.epoch.0))?;
    let mut next = Seq(1);
    let mut hash: Hash = GENESIS;
    let mut count = 0;
    while next <= last {
        let chunk = store.read_from(next, 1024)?;
        if chunk.is_empty() {
            break;
        }
        for (seq, bytes) in chunk {
            if seq > last {
                break;
            }
            if seq != next {
                return Err(BackupError::Invalid(format!("log gap at {}", next.0)));
            }
            let (_, h) = decode(&bytes, &hash)
                .map_err(|e| BackupError::Invalid(format!("entry {}: {e}", seq.0)))?;
            hash = h;
            writeln!(out, "entry {} {}", seq.0, hex::encode(&bytes))?;
            count += 1;
            next = seq.next();
        }
    }
    if next != last.next() {
        return Err(BackupError::Invalid(format!(
            "the log ends at {} before the state's {}",
            next.0 - 1,
            last.0
        )));
    }
    let snapshot = encode_snapshot(state, &hash)
        .map_err(|e| BackupError::Invalid(format!("snapshot: {e}")))?;
    writeln!(out, "snapshot {} {}", last.0, hex::encode(snapshot))?;
    writeln!(out, "end {count}")?;
    out.flush()?;
    Ok(count)
}

/// Restores a backup into an empty store: every entry verified against the chain, the epoch, the snapshot.
/// Returns the restored state.
pub fn restore(input: &mut dyn BufRead, store: &dyn LogStore) -> Result<State, BackupError> {
    if store.last()?.is_some() {
        return Err(BackupError::Invalid(
            "the target data directory already holds a log; restore into a new directory".into(),
        ));
    }
    let bad = |what: &str| BackupError::Invalid(what.to_string());
    let mut lines = input.lines();
    let mut line = || -> Result<String, BackupError> {
        lines
            .next()
            .ok_or_else(|| bad("the file ends early"))?
            .map_err(BackupError::from)
    };
    if line()? != "tengen-backup 1" {
        return Err(bad("missing the `tengen-backup 1` header"));
    }
    let epoch = line()?
        .strip_prefix("epoch ")
        .and_then(|v| v.parse::<u64>().ok())
        .ok_or_else(|| bad("missing the epoch line"))?;
    let mut hash = GENESIS;
    let mut next = Seq(1);
    let mut batch = Vec::new();
    let mut state = State::default();
    loop {
        let l = line()?;
        if let Some(rest) = l.strip_prefix("entry ") {
            let (seq, hexed) = rest.split_once(' ').ok_or_else(|| bad("bad entry line"))?;
            let seq = Seq(seq.parse().map_err(|_| bad("bad entry number"))?);
            if seq != next {
                return Err(BackupError::Invalid(format!(
                    "entry {} where {} was expected",
                    seq.0, next.0
                )));
            }
            let bytes = hex::decode(hexed).map_err(|_| bad("bad entry bytes"))?;
            let (entry, h) = decode(&bytes, &hash)
                .map_err(|e| BackupError::Invalid(format!("entry {}: {e}", seq.0)))?;
            crate::log::replay::apply_entry(&mut state, &entry);
            hash = h;
            batch.push((seq, bytes));
            next = seq.next();
            if batch.len() >= 1024 {
                store.append(&batch)?;
                batch.clear();
            }
        } else if let Some(rest) = l.strip_prefix("snapshot ") {
            let (seq, hexed) = rest
                .split_once(' ')
                .ok_or_else(|| bad("bad snapshot line"))?;
            let seq: u64 = seq.parse().map_err(|_| bad("bad snapshot number"))?;
            let bytes = hex::decode(hexed).map_err(|_| bad("bad snapshot bytes"))?;
            let (mut snap, snap_hash) =
                decode_snapshot(&bytes).ok_or_else(|| bad("the snapshot does not decode"))?;
            // A backup from before request ids were scoped by terminal: name them from the entries just read.
            let legacy = snap.has_legacy_requests();
            if legacy {
                let terminals: std::collections::HashMap<Seq, String> = state
                    .requests
                    .iter()
                    .map(|(key, record)| (record.seq, key.terminal.clone()))
                    .collect();
                snap.scope_legacy_requests(|seq| terminals.get(&seq).cloned());
            }
            if seq + 1 != next.0 || snap_hash != hash || snap.last_seq.0 != seq {
                return Err(bad("the snapshot does not match the last entry"));
            }
            let end = line()?;
            let count: u64 = end
                .strip_prefix("end ")
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| bad("missing the end line: the file is truncated"))?;
            if count + 1 != next.0 {
                return Err(bad("the entry count does not match"));
            }
            store.append(&batch)?;
            store.sync()?;
            store.set_epoch(Epoch(epoch))?;
            let bytes = if legacy {
                encode_snapshot(&state, &hash)
                    .map_err(|e| BackupError::Invalid(format!("snapshot: {e}")))?
            } else {
                bytes
            };
            store.put_snapshot(Seq(seq), &bytes)?;
            state.epoch = Epoch(epoch);
            if snap.image_eq(&state) {
                return Ok(state);
            }
            return Err(bad(
                "the snapshot differs from the state rebuilt from the entries",
            ));
        } else {
            return Err(BackupError::Invalid(format!(
                "unexpected line starting {:?}",
                l.chars().take(20).collect::<String>()
            )));
        }
    }
}
