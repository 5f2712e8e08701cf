//! Where log entries live: a small trait with a sled implementation (the real one) and an in-memory one (tests).
//! Only the writer appends; readers (replay, `Watch`) read ranges.

use crate::domain::{Epoch, Seq};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;

/// A failure of the storage itself. Fatal for the writer: it stops accepting commands.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// sled reported an error.
    #[error("storage: {0}")]
    Sled(#[from] sled::Error),
    /// The file system reported an error.
    #[error("storage i/o: {0}")]
    Io(#[from] std::io::Error),
    /// A key or value is not what this program writes.
    #[error("storage corrupt: {0}")]
    Corrupt(String),
}

impl StoreError {
    /// Whether the file system ran out of space (ENOSPC), which a director can fix by freeing some.
    pub fn disk_full(&self) -> bool {
        let io = match self {
            StoreError::Sled(sled::Error::Io(e)) | StoreError::Io(e) => e,
            _ => return false,
        };
        io.kind() == std::io::ErrorKind::StorageFull || io.raw_os_error() == Some(28)
    }
}

/// An append-only sequence of encoded entries keyed by sequence number, plus a little metadata.
pub trait LogStore: Send + Sync + 'static {
    /// Appends entries (consecutive sequence numbers) atomically.
    fn append(&self, entries: &[(Seq, Vec<u8>)]) -> Result<(), StoreError>;
    /// Makes everything appended so far durable (survives a power cut).
    fn sync(&self) -> Result<(), StoreError>;
    /// Up to `limit` entries from `from` on, in order.
    fn read_from(&self, from: Seq, limit: usize) -> Result<Vec<(Seq, Vec<u8>)>, StoreError>;
    /// The last entry, if any.
    fn last(&self) -> Result<Option<(Seq, Vec<u8>)>, StoreError>;
    /// The current epoch (1 for a new log).
    fn epoch(&self) -> Result<Epoch, StoreError>;
    /// Records a new epoch durably.
    fn set_epoch(&self, epoch: Epoch) -> Result<(), StoreError>;
    /// Removes every entry after `seq` (a former primary discarding entries the new primary never had), and any
    /// snapshot taken after it. Durable on return.
    fn truncate_after(&self, seq: Seq) -> Result<(), StoreError>;
    /// Stores a state snapshot taken at `seq` (opaque bytes), replacing the previous one. Durable on return.
    fn put_snapshot(&self, seq: Seq, bytes: &[u8]) -> Result<(), StoreError>;
    /// The latest snapshot and the sequence number it was taken at.
    fn snapshot(&self) -> Result<Option<(Seq, Vec<u8>)>, StoreError>;
    /// Only the sequence number of the latest snapshot (cheap: the writer counts from it).
    fn snapshot_seq(&self) -> Result<Option<Seq>, StoreError> {
        Ok(self.snapshot()?.map(|(seq, _)| seq))
    }
}

/// The sled-backed store. One database per data directory.
pub struct SledStore {
    db: sled::Db,
    log: sled::Tree,
    meta: sled::Tree,
    file: std::fs::File,
}

impl SledStore {
    /// Opens (or creates) the store in `dir`.
    pub fn open(dir: &Path) -> Result<SledStore, StoreError> {
        let db = sled::Config::new()
            .path(dir)
            .mode(sled::Mode::HighThroughput)
            .open()?;
        let log = db.open_tree("log")?;
        let meta = db.open_tree("meta")?;
        // sled's flush uses sync_file_range on Linux, which does not survive a power cut; fsync the file too.
        let file = std::fs::OpenOptions::new()
            .read(true)
            .open(dir.join("db"))?;
        Ok(SledStore {
            db,
            log,
            meta,
            file,
        })
    }
}

fn seq_of(key: &[u8]) -> Result<Seq, StoreError> {
    let arr: [u8; 8] = key
        .try_into()
        .map_err(|_| StoreError::Corrupt(format!("log key of {} bytes", key.len())))?;
    Ok(Seq(u64::from_be_bytes(arr)))
}

impl LogStore for SledStore {
    fn append(&self, entries: &[(Seq, Vec<u8>)]) -> Result<(), StoreError> {
        let mut batch = sled::Batch::default();
        for (seq, bytes) in entries {
            batch.insert(&seq.0.to_be_bytes(), bytes.as_slice());
        }
        self.log.apply_batch(batch)?;
        Ok(())
    }

    fn sync(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        self.file.sync_all()?;
        Ok(())
    }

    fn read_from(&self, from: Seq, limit: usize) -> Result<Vec<(Seq, Vec<u8>)>, StoreError> {
        self.log
            .range(from.0.to_be_bytes()..)
            .take(limit)
            .map(|kv| {
                let (k, v) = kv?;
                Ok((seq_of(&k)?, v.to_vec()))
            })
            .collect()
    }

    fn last(&self) -> Result<Option<(Seq, Vec<u8>)>, StoreError> {
        match self.log.last()? {
            Some((k, v)) => Ok(Some((seq_of(&k)?, v.to_vec()))),
            None => Ok(None),
        }
    }

    fn epoch(&self) -> Result<Epoch, StoreError> {
        match self.meta.get("epoch")? {
            Some(v) => {
                let arr: [u8; 8] = v
                    .as_ref()
                    .try_into()
                    .map_err(|_| StoreError::Corrupt("epoch".into()))?;
                Ok(Epoch(u64::from_be_bytes(arr)))
            }
            None => Ok(Epoch(1)),
        }
    }

    fn set_epoch(&self, epoch: Epoch) -> Result<(), StoreError> {
        self.meta.insert("epoch", &epoch.0.to_be_bytes())?;
        self.sync()
    }

    fn truncate_after(&self, seq: Seq) -> Result<(), StoreError> {
        let doomed: Vec<sled::IVec> = self
            .log
            .range((seq.0 + 1).to_be_bytes()..)
            .keys()
            .collect::<Result<_, _>>()?;
        let mut batch = sled::Batch::default();
        for k in doomed {
            batch.remove(k);
        }
        self.log.apply_batch(batch)?;
        if let Some((at, _)) = self.snapshot()? {
            if at > seq {
                self.meta.remove("snapshot")?;
                self.meta.remove("snapshot_seq")?;
            }
        }
        self.sync()
    }

    fn put_snapshot(&self, seq: Seq, bytes: &[u8]) -> Result<(), StoreError> {
        let mut value = Vec::with_capacity(8 + bytes.len());
        value.extend_from_slice(&seq.0.to_be_bytes());
        value.extend_from_slice(bytes);
        self.meta.insert("snapshot", value)?;
        self.meta.insert("snapshot_seq", &seq.0.to_be_bytes())?;
        self.sync()
    }

    fn snapshot_seq(&self) -> Result<Option<Seq>, StoreError> {
        match self.meta.get("snapshot_seq")? {
            Some(v) => Ok(Some(seq_of(&v)?)),
            // A directory from before the key existed: read it from the snapshot itself.
            None => Ok(self.snapshot()?.map(|(seq, _)| seq)),
        }
    }

    fn snapshot(&self) -> Result<Option<(Seq, Vec<u8>)>, StoreError> {
        match self.meta.get("snapshot")? {
            Some(v) if v.len() >= 8 => Ok(Some((seq_of(&v[..8])?, v[8..].to_vec()))),
            Some(_) => Err(StoreError::Corrupt("snapshot".into())),
            None => Ok(None),
        }
    }
}

/// An in-memory store for tests: same contract, nothing durable.
#[derive(Default)]
pub struct MemoryStore {
    entries: Mutex<BTreeMap<Seq, Vec<u8>>>,
    epoch: Mutex<Option<Epoch>>,
    snapshot: Mutex<Option<(Seq, Vec<u8>)>>,
}

fn poisoned<T>(_: T) -> StoreError {
    StoreError::Corrupt("poisoned".into())
}

impl LogStore for MemoryStore {
    fn append(&self, entries: &[(Seq, Vec<u8>)]) -> Result<(), StoreError> {
        let mut map = self
            .entries
            .lock()
            .map_err(|_| StoreError::Corrupt("poisoned".into()))?;
        for (seq, bytes) in entries {
            map.insert(*seq, bytes.clone());
        }
        Ok(())
    }

    fn sync(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn read_from(&self, from: Seq, limit: usize) -> Result<Vec<(Seq, Vec<u8>)>, StoreError> {
        let map = self
            .entries
            .lock()
            .map_err(|_| StoreError::Corrupt("poisoned".into()))?;
        Ok(map
            .range(from..)
            .take(limit)
            .map(|(s, b)| (*s, b.clone()))
            .collect())
    }

    fn last(&self) -> Result<Option<(Seq, Vec<u8>)>, StoreError> {
        let map = self
            .entries
            .lock()
            .map_err(|_| StoreError::Corrupt("poisoned".into()))?;
        Ok(map.iter().next_back().map(|(s, b)| (*s, b.clone())))
    }

    fn epoch(&self) -> Result<Epoch, StoreError> {
        let e = self
            .epoch
            .lock()
            .map_err(|_| StoreError::Corrupt("poisoned".into()))?;
        Ok(e.unwrap_or(Epoch(1)))
    }

    fn set_epoch(&self, epoch: Epoch) -> Result<(), StoreError> {
        *self
            .epoch
            .lock()
            .map_err(|_| StoreError::Corrupt("poisoned".into()))? = Some(epoch);
        Ok(())
    }

    fn truncate_after(&self, seq: Seq) -> Result<(), StoreError> {
        self.entries
            .lock()
            .map_err(poisoned)?
            .split_off(&seq.next());
        let mut snap = self.snapshot.lock().map_err(poisoned)?;
        if snap.as_ref().is_some_and(|(at, _)| *at > seq) {
            *snap = None;
        }
        Ok(())
    }

    fn put_snapshot(&self, seq: Seq, bytes: &[u8]) -> Result<(), StoreError> {
        *self.snapshot.lock().map_err(poisoned)? = Some((seq, bytes.to_vec()));
        Ok(())
    }

    fn snapshot(&self) -> Result<Option<(Seq, Vec<u8>)>, StoreError> {
        Ok(self.snapshot.lock().map_err(poisoned)?.clone())
    }
}
