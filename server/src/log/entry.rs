//! The log entry: one command's events with who, which terminal and when, chained by SHA-256 hashes.
//!
//! Stored bytes = 32-byte hash ‖ JSON body. The hash covers the previous entry's hash and this body, so a machine
//! can verify continuity and a corrupt or reordered record is detected on replay.

use crate::domain::{Epoch, Event, Role, Seq, Subject};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A hash of the chain; all zeros before the first entry.
pub type Hash = [u8; 32];

/// The hash that precedes entry 1.
pub const GENESIS: Hash = [0; 32];

/// One durable log entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// Position in the log, from 1.
    pub seq: Seq,
    /// Leadership term in which it was written.
    pub epoch: Epoch,
    /// When the writer accepted it (ms since the Unix epoch).
    pub timestamp_ms: i64,
    /// Terminal (token name) that sent the command.
    pub terminal: String,
    /// Its role.
    pub role: Role,
    /// The volunteer at the desk, if given.
    #[serde(default)]
    pub operator: String,
    /// Client request id (idempotency key).
    pub request_id: String,
    /// Hash of the command, to tell a retry from a reused request id.
    pub fingerprint: String,
    /// What happened.
    pub events: Vec<Event>,
    /// The record after the change: the command's answer.
    pub subject: Option<Subject>,
}

/// Why stored bytes are not a valid entry.
#[derive(Debug, thiserror::Error)]
pub enum CodecError {
    /// Shorter than a hash.
    #[error("entry too short ({0} bytes)")]
    Truncated(usize),
    /// The hash does not match the previous hash and the body.
    #[error("hash mismatch: the entry is corrupt or does not follow the previous one")]
    HashMismatch,
    /// The body is not a valid entry.
    #[error("malformed entry: {0}")]
    Malformed(#[from] serde_json::Error),
}

/// Encodes an entry after `prev`: the stored bytes and the entry's hash.
pub fn encode(entry: &LogEntry, prev: &Hash) -> Result<(Vec<u8>, Hash), CodecError> {
    let body = serde_json::to_vec(entry)?;
    let hash = chain(prev, &body);
    let mut bytes = Vec::with_capacity(32 + body.len());
    bytes.extend_from_slice(&hash);
    bytes.extend_from_slice(&body);
    Ok((bytes, hash))
}

/// Decodes stored bytes, checking that they follow `prev`.
pub fn decode(bytes: &[u8], prev: &Hash) -> Result<(LogEntry, Hash), CodecError> {
    if bytes.len() < 32 {
        return Err(CodecError::Truncated(bytes.len()));
    }
    let (stored, body) = bytes.split_at(32);
    let hash = chain(prev, body);
    if stored != hash {
        return Err(CodecError::HashMismatch);
    }
    Ok((serde_json::from_slice(body)?, hash))
}

/// Decodes stored bytes without checking the chain (the writer or replay already did): entry and stored hash.
pub fn decode_trusted(bytes: &[u8]) -> Result<(LogEntry, Hash), CodecError> {
    let hash = stored_hash(bytes).ok_or(CodecError::Truncated(bytes.len()))?;
    Ok((serde_json::from_slice(&bytes[32..])?, hash))
}

/// The hash stored in an entry's bytes (without verifying it).
pub fn stored_hash(bytes: &[u8]) -> Option<Hash> {
    bytes.get(..32).and_then(|h| h.try_into().ok())
}

fn chain(prev: &Hash, body: &[u8]) -> Hash {
    let mut h = Sha256::new();
    h.update(prev);
    h.update(body);
    h.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(seq: u64) -> LogEntry {
        LogEntry {
            seq: Seq(seq),
            epoch: Epoch(1),
            timestamp_ms: 5,
            terminal: "desk-1".into(),
            role: Role::Registration,
            operator: String::new(),
            request_id: format!("r{seq}"),
            fingerprint: "f".into(),
            events: vec![],
            subject: None,
        }
    }

    #[test]
    fn round_trips_and_chains() {
        let (b1, h1) = encode(&entry(1), &GENESIS).unwrap();
        let (b2, h2) = encode(&entry(2), &h1).unwrap();
        assert_eq!(decode(&b1, &GENESIS).unwrap(), (entry(1), h1));
        assert_eq!(decode(&b2, &h1).unwrap(), (entry(2), h2));
        assert!(matches!(
            decode(&b2, &GENESIS),
            Err(CodecError::HashMismatch)
        ));
    }

    #[test]
    fn detects_a_flipped_byte() {
        let (mut b, _) = encode(&entry(1), &GENESIS).unwrap();
        let last = b.len() - 2;
        b[last] ^= 1;
        assert!(decode(&b, &GENESIS).is_err());
        assert!(matches!(
            decode(&b[..10], &GENESIS),
            Err(CodecError::Truncated(10))
        ));
    }
}
