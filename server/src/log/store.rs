//! Where log entries live: a small trait with a sled implementation (the real one) and an in-memory one (tests).
//! Only the writer appends; readers (replay, `Watch`) read ranges.

use crate::domain::{Epoch, Seq};
use std::borrow::Cow;
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
///
/// sled 0.34 writes any tree node (page) over a quarter of its segment (about 128 KiB) to a file of its own
/// under `blobs/` and never fsyncs that file, so a power cut can lose an acknowledged large entry or leave the
/// database unopenable (found by the power-cut harness, `tests/tests/crash_recovery/power_cut.rs`). A leaf holds
/// up to about 17 values before it splits, so no value stored in sled is longer than [`CHUNK`]: a longer entry is
/// split across the `chunks` tree (its `log` value is a short marker), and snapshots live in a file beside the
/// database, written durably (temp file, fsync, rename, fsync of the directory).
pub struct SledStore {
    db: sled::Db,
    log: sled::Tree,
    chunks: sled::Tree,
    meta: sled::Tree,
    file: std::fs::File,
    dir: std::path::PathBuf,
}

/// The largest piece of an entry stored as one sled value: a full leaf of them (17, and twice that while it
/// splits) stays well under sled's blob threshold.
pub const CHUNK: usize = 3 * 1024;

/// What a chunked entry's `log` value starts with (followed by the number of chunks, u32 big-endian): 16 bytes
/// in all, shorter than any real entry (whose hash alone is 32 bytes).
const CHUNKED: &[u8; 12] = b"tengen-chunk";

/// The snapshot file in the database's directory: seq (8 bytes) ‖ the encoded snapshot.
const SNAPSHOT_FILE: &str = "tengen-snapshot";

/// Writes `bytes` to `path` so that after a power cut the file is either the old one or the new one, whole.
fn write_durably(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let tmp = path.with_extension("tmp");
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(bytes)?;
    f.sync_all()?;
    drop(f);
    std::fs::rename(&tmp, path)?;
    if let Some(dir) = path.parent() {
        std::fs::File::open(dir)?.sync_all()?;
    }
    Ok(())
}

/// Opens (or creates) a sled database in `dir` as Tengen uses it, with its `db` file, which a sync must fsync too:
/// sled's flush uses sync_file_range on Linux, which does not survive a power cut.
pub fn open_sled(dir: &Path) -> Result<(sled::Db, std::fs::File), StoreError> {
    let db = sled::Config::new()
        .path(dir)
        .mode(sled::Mode::HighThroughput)
        // sled's default page cache is 1 GiB: the register lives in memory already.
        .cache_capacity(64 << 20)
        .open()?;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .open(dir.join("db"))?;
    Ok((db, file))
}

impl SledStore {
    /// Opens (or creates) the store in `dir`.
    pub fn open(dir: &Path) -> Result<SledStore, StoreError> {
        let (db, file) = open_sled(dir)?;
        let log = db.open_tree("log")?;
        let chunks = db.open_tree("chunks")?;
        let meta = db.open_tree("meta")?;
        Ok(SledStore {
            db,
            log,
            chunks,
            meta,
            file,
            dir: dir.to_path_buf(),
        })
    }

    /// The stored bytes of entry `seq` from its `log` value: itself, or its chunks put back together.
    fn whole(&self, seq: Seq, value: &[u8]) -> Result<Vec<u8>, StoreError> {
        whole_value(&self.chunks, seq.0, value)
    }
}

/// How a value is kept in sled under an 8-byte key, from [`split_value`]. Write the pieces before the row: a
/// marker must only ever be written after what it points to.
pub struct Split<'a> {
    /// The row value: the bytes themselves when at most [`CHUNK`] long, else a 16-byte marker.
    pub row: Cow<'a, [u8]>,
    /// The pieces for the companion chunks tree, keyed by [`chunk_key`] (none for a short value).
    pub pieces: Vec<([u8; 12], &'a [u8])>,
}

/// Splits the value under `key` for storing: short values as they are, longer ones across a chunks tree.
pub fn split_value(key: u64, bytes: &[u8]) -> Result<Split<'_>, StoreError> {
    if bytes.len() <= CHUNK {
        return Ok(Split {
            row: Cow::Borrowed(bytes),
            pieces: Vec::new(),
        });
    }
    let mut pieces = Vec::with_capacity(bytes.len().div_ceil(CHUNK));
    for (i, piece) in bytes.chunks(CHUNK).enumerate() {
        let i = u32::try_from(i)
            .map_err(|_| StoreError::Corrupt("a value of over 4 billion chunks".into()))?;
        pieces.push((chunk_key(key, i), piece));
    }
    let count = u32::try_from(pieces.len())
        .map_err(|_| StoreError::Corrupt("a value of over 4 billion chunks".into()))?;
    let mut marker = CHUNKED.to_vec();
    marker.extend_from_slice(&count.to_be_bytes());
    Ok(Split {
        row: Cow::Owned(marker),
        pieces,
    })
}

/// The number of chunks a row value points to, if it is a chunk marker.
pub fn chunk_count(value: &[u8]) -> Option<u32> {
    value
        .strip_prefix(CHUNKED)
        .filter(|_| value.len() == 16)
        .and_then(|n| <[u8; 4]>::try_from(n).ok())
        .map(u32::from_be_bytes)
}

/// The whole value under `key` from its row value: itself, or its chunks (in `chunks`) put back together.
pub fn whole_value(chunks: &sled::Tree, key: u64, value: &[u8]) -> Result<Vec<u8>, StoreError> {
    let Some(count) = chunk_count(value) else {
        return Ok(value.to_vec());
    };
    let mut out = Vec::with_capacity(count as usize * CHUNK);
    for i in 0..count {
        let piece = chunks
            .get(chunk_key(key, i))?
            .ok_or_else(|| StoreError::Corrupt(format!("entry {key} lacks chunk {i}")))?;
        out.extend_from_slice(&piece);
    }
    Ok(out)
}

/// Removes from `chunks` the pieces of every key in `from..=to`.
pub fn remove_chunks(chunks: &sled::Tree, from: u64, to: u64) -> Result<(), StoreError> {
    if from > to {
        return Ok(());
    }
    let doomed: Vec<sled::IVec> = chunks
        .range(chunk_key(from, 0)..=chunk_key(to, u32::MAX))
        .keys()
        .collect::<Result<_, _>>()?;
    let mut batch = sled::Batch::default();
    for k in doomed {
        batch.remove(k);
    }
    chunks.apply_batch(batch)?;
    Ok(())
}

/// The key of piece `i` of the value under `key` in a chunks tree: key ‖ i, both big-endian.
pub fn chunk_key(key: u64, i: u32) -> [u8; 12] {
    let mut out = [0u8; 12];
    out[..8].copy_from_slice(&key.to_be_bytes());
    out[8..].copy_from_slice(&i.to_be_bytes());
    out
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
        let mut pieces = sled::Batch::default();
        for (seq, bytes) in entries {
            let split = split_value(seq.0, bytes)?;
            for (key, piece) in split.pieces {
                pieces.insert(&key, piece);
            }
            batch.insert(&seq.0.to_be_bytes(), split.row.as_ref());
        }
        // The pieces first: a marker is only ever written after what it points to (one flush makes both durable).
        self.chunks.apply_batch(pieces)?;
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
                let seq = seq_of(&k)?;
                Ok((seq, self.whole(seq, &v)?))
            })
            .collect()
    }

    fn last(&self) -> Result<Option<(Seq, Vec<u8>)>, StoreError> {
        match self.log.last()? {
            Some((k, v)) => {
                let seq = seq_of(&k)?;
                Ok(Some((seq, self.whole(seq, &v)?)))
            }
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
        if let Some(from) = seq.0.checked_add(1) {
            remove_chunks(&self.chunks, from, u64::MAX)?;
        }
        if let Some(at) = self.snapshot_seq()? {
            if at > seq {
                self.meta.remove("snapshot")?;
                self.meta.remove("snapshot_seq")?;
                match std::fs::remove_file(self.dir.join(SNAPSHOT_FILE)) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e.into()),
                    _ => {}
                }
            }
        }
        self.sync()
    }

    fn put_snapshot(&self, seq: Seq, bytes: &[u8]) -> Result<(), StoreError> {
        let mut value = Vec::with_capacity(8 + bytes.len());
        value.extend_from_slice(&seq.0.to_be_bytes());
        value.extend_from_slice(bytes);
        write_durably(&self.dir.join(SNAPSHOT_FILE), &value)?;
        // A snapshot of an older version lived inside sled: the file replaces it.
        self.meta.remove("snapshot")?;
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
        let from_file = match std::fs::read(self.dir.join(SNAPSHOT_FILE)) {
            Ok(bytes) => Some(bytes),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(e.into()),
        };
        let value = match from_file {
            Some(bytes) => bytes,
            None => match self.meta.get("snapshot")? {
                Some(v) => v.to_vec(),
                None => return Ok(None),
            },
        };
        match value.split_first_chunk::<8>() {
            Some((seq, rest)) => Ok(Some((Seq(u64::from_be_bytes(*seq)), rest.to_vec()))),
            None => Err(StoreError::Corrupt("snapshot".into())),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Files under sled's `blobs/` directory: sled never fsyncs them, so the store must never make one.
    fn blobs(dir: &Path) -> usize {
        std::fs::read_dir(dir.join("blobs"))
            .map(|d| d.count())
            .unwrap_or(0)
    }

    #[test]
    fn large_entries_and_snapshots_never_become_sled_blobs_and_read_back_whole() {
        let dir = tempfile::tempdir().unwrap();
        let big: Vec<u8> = (0..300 * 1024).map(|i| (i % 251) as u8).collect();
        let small = vec![7u8; 100];
        {
            let store = SledStore::open(dir.path()).unwrap();
            store
                .append(&[
                    (Seq(1), small.clone()),
                    (Seq(2), big.clone()),
                    (Seq(3), small.clone()),
                ])
                .unwrap();
            store.put_snapshot(Seq(2), &big).unwrap();
            store.sync().unwrap();
        }
        assert_eq!(blobs(dir.path()), 0, "no value went to a sled blob file");
        let store = SledStore::open(dir.path()).unwrap();
        let read = store.read_from(Seq(1), 10).unwrap();
        assert_eq!(
            read,
            vec![
                (Seq(1), small.clone()),
                (Seq(2), big.clone()),
                (Seq(3), small.clone())
            ]
        );
        assert_eq!(store.snapshot().unwrap(), Some((Seq(2), big.clone())));
        assert_eq!(store.snapshot_seq().unwrap(), Some(Seq(2)));
        // A standby discarding entries drops their chunks and a snapshot past the cut.
        store.truncate_after(Seq(1)).unwrap();
        assert_eq!(store.read_from(Seq(1), 10).unwrap(), vec![(Seq(1), small)]);
        assert_eq!(store.chunks.len(), 0);
        assert_eq!(store.snapshot().unwrap(), None);
    }
}
