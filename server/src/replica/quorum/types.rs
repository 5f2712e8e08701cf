//! The Raft type configuration of a Tengen venue and the two values it carries: a [`Batch`] of stored Tengen log
//! entries in, an [`Applied`] answer out. Plain data; no I/O.

use serde::{Deserialize, Serialize};

openraft::declare_raft_types!(
    /// Raft's types for Tengen: node ids are the voters' numbers (1, 2, 3), a node is its address.
    pub TypeConfig:
        D = Batch,
        R = Applied,
        NodeId = u64,
        Node = openraft::BasicNode,
        Entry = openraft::Entry<TypeConfig>,
        SnapshotData = super::snapshot::SnapshotStream,
        AsyncRuntime = openraft::TokioRuntime,
);

/// A voter's number.
pub type NodeId = u64;
/// Raft's entry for Tengen.
pub type Entry = openraft::Entry<TypeConfig>;
/// Raft's storage error for Tengen.
pub type StorageError = openraft::StorageError<NodeId>;
/// Raft's log id for Tengen.
pub type LogId = openraft::LogId<NodeId>;

/// One group commit of the leader's writer: Tengen log entries in their stored bytes (hash ‖ JSON), in order, each
/// chained onto the one before (the first onto the Tengen log's last entry when the writer built it).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Batch {
    /// The stored bytes of each entry, hex in JSON.
    #[serde(with = "hex_list")]
    pub entries: Vec<Vec<u8>>,
}

/// What applying a [`Batch`] did, entry by entry.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Applied {
    /// One flag per entry of the batch: true when the entry is now in the Tengen log (applied now, or found
    /// there already with the same bytes), false when it did not chain onto the log's last entry and was left out
    /// (a batch of a deposed leader's writer: its desks are told to retry).
    pub kept: Vec<bool>,
}

/// `Vec<Vec<u8>>` as a list of hex strings (JSON would otherwise spell each byte as a number).
mod hex_list {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(list: &[Vec<u8>], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(list.iter().map(hex::encode))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<u8>>, D::Error> {
        let texts = Vec::<String>::deserialize(d)?;
        texts
            .iter()
            .map(|t| hex::decode(t).map_err(serde::de::Error::custom))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_travels_as_hex() {
        let batch = Batch {
            entries: vec![vec![0, 255, 16], vec![]],
        };
        let json = serde_json::to_string(&batch).unwrap_or_default();
        assert_eq!(json, r#"{"entries":["00ff10",""]}"#);
        let back: Batch = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back, batch);
    }
}
