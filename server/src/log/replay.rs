//! Rebuilds the register from the log on start, verifying the hash chain and sequence continuity.

use super::entry::{decode, CodecError, Hash, LogEntry, GENESIS};
use super::store::{LogStore, StoreError};
use crate::domain::{RequestRecord, Seq, State};

/// A fatal problem with the log. The server refuses to start (or the writer stops) rather than guess.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    /// The storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// An entry does not decode or does not chain onto the previous one.
    #[error("log entry {seq} is corrupt: {source}")]
    Corrupt {
        /// Where.
        seq: Seq,
        /// What.
        source: CodecError,
    },
    /// Sequence numbers are not consecutive.
    #[error("log gap: expected entry {expected}, found {found}")]
    Gap {
        /// The next expected sequence number.
        expected: Seq,
        /// What was found instead.
        found: Seq,
    },
}

/// The state after replaying the whole log, and the hash of its last entry.
pub struct Replayed {
    /// The register.
    pub state: State,
    /// The last entry's hash (GENESIS for an empty log).
    pub last_hash: Hash,
}

/// Applies one committed entry: its events, its request id, its position.
pub fn apply_entry(state: &mut State, entry: &LogEntry) {
    for event in &entry.events {
        state.apply(event);
    }
    record_entry(state, entry);
}

/// Records an entry's request id and position (its events already applied).
pub fn record_entry(state: &mut State, entry: &LogEntry) {
    state.requests.insert(
        entry.request_id.clone(),
        RequestRecord {
            fingerprint: entry.fingerprint.clone(),
            seq: entry.seq,
            subject: entry.subject.clone(),
        },
    );
    state.last_seq = entry.seq;
}

/// Reads every entry in order and folds it into a fresh state.
pub fn replay(store: &dyn LogStore) -> Result<Replayed, LogError> {
    let mut state = State::default();
    state.epoch = store.epoch()?;
    let mut prev = GENESIS;
    let mut next = Seq(1);
    loop {
        let chunk = store.read_from(next, 4096)?;
        if chunk.is_empty() {
            break;
        }
        for (seq, bytes) in chunk {
            if seq != next {
                return Err(LogError::Gap {
                    expected: next,
                    found: seq,
                });
            }
            let (entry, hash) =
                decode(&bytes, &prev).map_err(|source| LogError::Corrupt { seq, source })?;
            if entry.seq != seq {
                return Err(LogError::Gap {
                    expected: seq,
                    found: entry.seq,
                });
            }
            apply_entry(&mut state, &entry);
            prev = hash;
            next = seq.next();
        }
    }
    Ok(Replayed {
        state,
        last_hash: prev,
    })
}
