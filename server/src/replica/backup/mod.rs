//! Backups: a consistent export of the log and a state snapshot to one file, and a restore that rebuilds a data
//! directory from it, verifying the whole hash chain and that the snapshot is the state the entries replay to.
//!
//! This module owns the file formats and the checks a restore makes; it must not open data directories (the
//! binary's `cli::admin` does) nor read the applied state (the caller passes the one to export).
//!
//! - [`archive`]: version 2, written by every server now: a gzip-compressed tar archive of the log in binary
//!   chunks, the snapshot and their SHA-256 sums. A director can list it with `tar tzf`.
//! - [`text`]: version 1, hex text lines, twice the log's size. Still restored, never written.

mod archive;
mod text;

use crate::domain::{Epoch, Seq, State};
use crate::log::entry::{decode, Hash, GENESIS};
use crate::log::replay::{apply_entry, decode_snapshot, encode_snapshot};
use crate::log::{LogStore, StoreError};
use std::io::{BufRead, Write};

#[cfg(test)]
pub(crate) use text::export as export_text;

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

impl BackupError {
    fn invalid(why: impl Into<String>) -> BackupError {
        BackupError::Invalid(why.into())
    }
}

/// Writes a backup of `store` up to `state.last_seq` (the state is the one after that entry), as a version 2
/// archive. Returns the number of entries written.
pub fn export(
    store: &dyn LogStore,
    state: &State,
    out: &mut dyn Write,
) -> Result<u64, BackupError> {
    archive::export(store, state, out)
}

/// Restores a backup of either version into an empty store. Returns the restored state.
pub fn restore(input: &mut dyn BufRead, store: &dyn LogStore) -> Result<State, BackupError> {
    let start = input.fill_buf()?;
    if start.starts_with(text::HEADER.as_bytes()) {
        text::restore(input, store)
    } else if start.starts_with(&archive::GZIP_MAGIC) {
        archive::restore(input, store)
    } else {
        Err(BackupError::invalid(
            "this is not a Tengen backup (neither a version 2 archive nor a version 1 text file)",
        ))
    }
}

/// The log entries up to `last`, in order, each checked against the hash chain, in batches of up to 1024:
/// `each(batch, written_ms)` for every batch, with the time its last entry was written. Returns the hash of the
/// last entry and how many there were.
fn read_chain(
    store: &dyn LogStore,
    last: Seq,
    mut each: impl FnMut(&[(Seq, Vec<u8>)], i64) -> Result<(), BackupError>,
) -> Result<(Hash, u64), BackupError> {
    let mut next = Seq(1);
    let mut hash: Hash = GENESIS;
    let mut count = 0;
    while next <= last {
        let mut chunk = store.read_from(next, 1024)?;
        chunk.retain(|(seq, _)| *seq <= last);
        if chunk.is_empty() {
            break;
        }
        let mut written_ms = 0;
        for (seq, bytes) in &chunk {
            if *seq != next {
                return Err(BackupError::Invalid(format!("log gap at {}", next.0)));
            }
            let (entry, h) = decode(bytes, &hash)
                .map_err(|e| BackupError::Invalid(format!("entry {}: {e}", seq.0)))?;
            hash = h;
            written_ms = entry.timestamp_ms;
            count += 1;
            next = seq.next();
        }
        each(&chunk, written_ms)?;
    }
    if next != last.next() {
        return Err(BackupError::Invalid(format!(
            "the log ends at {} before the state's {}",
            next.0 - 1,
            last.0
        )));
    }
    Ok((hash, count))
}

/// The snapshot of `state` whose last entry has `hash`.
fn snapshot_of(state: &State, hash: &Hash) -> Result<Vec<u8>, BackupError> {
    encode_snapshot(state, hash).map_err(|e| BackupError::Invalid(format!("snapshot: {e}")))
}

/// Rebuilds a store from a backup's parts in order, whatever the file's version: entries one by one, then the
/// snapshot, which must be the state the entries replay to.
struct Restorer<'a> {
    store: &'a dyn LogStore,
    hash: Hash,
    next: Seq,
    batch: Vec<(Seq, Vec<u8>)>,
    state: State,
}

impl<'a> Restorer<'a> {
    /// A restore into `store`, which must hold no log yet.
    fn new(store: &'a dyn LogStore) -> Result<Self, BackupError> {
        if store.last()?.is_some() {
            return Err(BackupError::invalid(
                "the target data directory already holds a log; restore into a new directory",
            ));
        }
        Ok(Restorer {
            store,
            hash: GENESIS,
            next: Seq(1),
            batch: Vec::new(),
            state: State::default(),
        })
    }

    /// The sequence number the next entry must have.
    fn next(&self) -> Seq {
        self.next
    }

    /// One entry, checked against the chain and applied.
    fn entry(&mut self, seq: Seq, bytes: Vec<u8>) -> Result<(), BackupError> {
        if seq != self.next {
            return Err(BackupError::Invalid(format!(
                "entry {} where {} was expected",
                seq.0, self.next.0
            )));
        }
        let (entry, h) = decode(&bytes, &self.hash)
            .map_err(|e| BackupError::Invalid(format!("entry {}: {e}", seq.0)))?;
        apply_entry(&mut self.state, &entry);
        self.hash = h;
        self.batch.push((seq, bytes));
        self.next = seq.next();
        if self.batch.len() >= 1024 {
            self.store.append(&self.batch)?;
            self.batch.clear();
        }
        Ok(())
    }

    /// The snapshot after the last entry (`seq` as the file names it) and the file's count of entries: checked
    /// against what was read, then stored with the epoch. Returns the restored state.
    fn finish(
        mut self,
        epoch: u64,
        seq: u64,
        snapshot: Vec<u8>,
        count: u64,
    ) -> Result<State, BackupError> {
        let (mut snap, snap_hash) = decode_snapshot(&snapshot)
            .ok_or_else(|| BackupError::invalid("the snapshot does not decode"))?;
        // A backup from before request ids were scoped by terminal: name them from the entries just read.
        let legacy = snap.has_legacy_requests();
        if legacy {
            let terminals: std::collections::HashMap<Seq, String> = self
                .state
                .requests
                .iter()
                .map(|(key, record)| (record.seq, key.terminal.clone()))
                .collect();
            snap.scope_legacy_requests(|seq| terminals.get(&seq).cloned());
        }
        if seq + 1 != self.next.0 || snap_hash != self.hash || snap.last_seq.0 != seq {
            return Err(BackupError::invalid(
                "the snapshot does not match the last entry",
            ));
        }
        if count + 1 != self.next.0 {
            return Err(BackupError::invalid("the entry count does not match"));
        }
        self.state.epoch = Epoch(epoch);
        if !snap.image_eq(&self.state) {
            return Err(BackupError::invalid(
                "the snapshot differs from the state rebuilt from the entries",
            ));
        }
        self.store.append(&self.batch)?;
        self.store.sync()?;
        self.store.set_epoch(Epoch(epoch))?;
        let snapshot = if legacy {
            snapshot_of(&self.state, &self.hash)?
        } else {
            snapshot
        };
        self.store.put_snapshot(Seq(seq), &snapshot)?;
        Ok(self.state)
    }
}
