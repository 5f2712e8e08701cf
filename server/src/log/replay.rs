//! Rebuilds the register from the log on start, verifying the hash chain and sequence continuity.

use super::entry::{decode, stored_hash, CodecError, Hash, LogEntry, GENESIS};
use super::store::{LogStore, StoreError};
use crate::domain::state::StateImage;
use crate::domain::{RequestKey, RequestRecord, Seq, State};

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
    /// A quorum venue's writer could not get its batch committed by a majority (or part of it was left out): its
    /// working state can no longer be trusted, so it stops; the node starts a fresh one once it leads again.
    #[error("{0}")]
    Quorum(String),
}

/// The state after replaying the whole log, and the hash of its last entry.
pub struct Replayed {
    /// The register.
    pub state: State,
    /// The last entry's hash (GENESIS for an empty log).
    pub last_hash: Hash,
    /// How many entries were replayed after the snapshot (all of them without one).
    pub tail: u64,
}

/// Applies one committed entry: its events, its request id, its position.
pub fn apply_entry(state: &mut State, entry: &LogEntry) {
    for event in &entry.events {
        state.apply(event);
    }
    record_entry(state, entry);
}

/// Records an entry's request id, scoped by the entry's terminal, and its position (its events already applied).
pub fn record_entry(state: &mut State, entry: &LogEntry) {
    state.requests.insert(
        RequestKey::new(&entry.terminal, &entry.request_id),
        RequestRecord {
            fingerprint: entry.fingerprint.clone(),
            seq: entry.seq,
        },
    );
    state.last_seq = entry.seq;
}

/// Encodes a snapshot of `state` whose last entry has hash `hash`: hash ‖ JSON image.
pub fn encode_snapshot(state: &State, hash: &Hash) -> Result<Vec<u8>, serde_json::Error> {
    let mut bytes = hash.to_vec();
    serde_json::to_writer(&mut bytes, &state.image())?;
    Ok(bytes)
}

/// Decodes a snapshot: the state and the hash of its last entry.
pub fn decode_snapshot(bytes: &[u8]) -> Option<(State, Hash)> {
    let hash: Hash = bytes.get(..32)?.try_into().ok()?;
    let image: StateImage = serde_json::from_slice(&bytes[32..]).ok()?;
    Some((State::from_image(image), hash))
}

/// Takes a snapshot of `state` (whose last entry has hash `hash`) into the store.
pub fn write_snapshot(store: &dyn LogStore, state: &State, hash: &Hash) -> Result<(), LogError> {
    let bytes = encode_snapshot(state, hash)
        .map_err(|e| LogError::Store(StoreError::Corrupt(format!("snapshot encoding: {e}"))))?;
    store.put_snapshot(state.last_seq, &bytes)?;
    Ok(())
}

/// The stored snapshot, if it still matches the log (the entry at its position has the hash it recorded).
fn usable_snapshot(store: &dyn LogStore) -> Result<Option<(State, Hash)>, LogError> {
    let Some((seq, bytes)) = store.snapshot()? else {
        return Ok(None);
    };
    let Some((state, hash)) = decode_snapshot(&bytes) else {
        tracing::warn!(
            seq = seq.0,
            "the snapshot does not decode; replaying the whole log"
        );
        return Ok(None);
    };
    let at = store.read_from(seq, 1)?;
    match at.first() {
        Some((s, entry))
            if *s == seq && state.last_seq == seq && stored_hash(entry) == Some(hash) =>
        {
            let mut state = state;
            if state.has_legacy_requests()
                && !state.scope_legacy_requests(|at| terminal_at(store, at))
            {
                tracing::warn!(
                    seq = seq.0,
                    "the snapshot's request ids cannot be matched to the log; replaying the whole log"
                );
                return Ok(None);
            }
            Ok(Some((state, hash)))
        }
        _ => {
            tracing::warn!(
                seq = seq.0,
                "the snapshot does not match the log; replaying the whole log"
            );
            Ok(None)
        }
    }
}

/// The terminal that wrote entry `seq`, read from the log (for snapshots from before request ids were scoped).
fn terminal_at(store: &dyn LogStore, seq: Seq) -> Option<String> {
    let found = store.read_from(seq, 1).ok()?;
    let (at, bytes) = found.first()?;
    (*at == seq).then_some(())?;
    Some(super::entry::decode_trusted(bytes).ok()?.0.terminal)
}

/// Rebuilds the state: from the latest matching snapshot if any, then every later entry in order, verifying
/// the hash chain and continuity.
pub fn replay(store: &dyn LogStore) -> Result<Replayed, LogError> {
    let (mut state, mut prev) = usable_snapshot(store)?.unwrap_or((State::default(), GENESIS));
    let from = state.last_seq.0;
    let mut next = state.last_seq.next();
    state.epoch = store.epoch()?;
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
    let tail = state.last_seq.0 - from;
    Ok(Replayed {
        state,
        last_hash: prev,
        tail,
    })
}
