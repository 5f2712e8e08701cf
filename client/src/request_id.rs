//! Client request ids: a fresh random id per logical command, or one derived from content so that re-running
//! the same import reuses the ids of the first run. The server answers a repeated id with the original answer.
//! The `uuid` crate lays the bytes out (version and variant bits); randomness and hashing are ours.

use std::fmt;

use rand::RngCore;
use sha2::{Digest, Sha256};

/// A request id in UUID layout (`xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RequestId(String);

impl RequestId {
    /// A fresh random id (UUID version 4 layout) for one new logical command.
    pub fn random() -> Self {
        let mut bytes = [0u8; 16];
        rand::rng().fill_bytes(&mut bytes);
        RequestId(
            uuid::Builder::from_random_bytes(bytes)
                .into_uuid()
                .to_string(),
        )
    }

    /// An id derived from `parts` (UUID version 8 layout, SHA-256 of the parts): the same parts always give
    /// the same id. Parts are length-prefixed so `["ab", "c"]` and `["a", "bc"]` differ.
    pub fn derived<I, P>(parts: I) -> Self
    where
        I: IntoIterator<Item = P>,
        P: AsRef<[u8]>,
    {
        let mut hasher = Sha256::new();
        for part in parts {
            let part = part.as_ref();
            hasher.update((part.len() as u64).to_le_bytes());
            hasher.update(part);
        }
        let digest = hasher.finalize();
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&digest[..16]);
        RequestId(uuid::Uuid::new_v8(bytes).to_string())
    }

    /// An id the caller chose (a script's `--request-id`), sent as given.
    pub fn from_text(text: &str) -> Self {
        RequestId(text.trim().to_string())
    }

    /// The id as sent in `RequestMeta.request_id`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_ids_have_uuid_v4_layout_and_differ() {
        let a = RequestId::random();
        let b = RequestId::random();
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), 36);
        assert_eq!(&a.as_str()[14..15], "4");
    }

    #[test]
    fn derived_ids_are_stable_and_length_prefixed() {
        let a = RequestId::derived(["ab", "c"]);
        assert_eq!(a, RequestId::derived(["ab", "c"]));
        assert_ne!(a, RequestId::derived(["a", "bc"]));
        assert_eq!(&a.as_str()[14..15], "8");
    }

    /// The ids an import derived before the `uuid` crate laid them out are the ids it derives now: re-running an
    /// old import must still be answered from the log.
    #[test]
    fn derived_ids_did_not_change() {
        assert_eq!(
            RequestId::derived(["import", "file-hash", "7"]).as_str(),
            "1fd2e3e0-2538-8c43-9692-9e824ce5d1af"
        );
    }
}
