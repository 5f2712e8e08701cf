//! The Raft log, vote, committed id and last purged id of one voter, durable in a sled database of their own
//! (DATA/raft), and the [`MetaTree`] through which the state machine keeps its own meta in that same database.
//!
//! Like Tengen's `SledStore`, no value stored in sled is longer than [`CHUNK`] (sled never fsyncs the blob files
//! of larger ones): longer values are split across a companion chunks tree, and durability is `db.flush()` plus an
//! fsync of the database's `db` file.
//!
//! Must not touch Tengen's own log (DATA/log): only the state machine appends to that.

use super::types::{Entry, LogId, NodeId, StorageError, TypeConfig};
use crate::log::store::{
    chunk_count, chunk_key, open_sled, remove_chunks, split_value, whole_value, Split, StoreError,
    CHUNK,
};
use openraft::storage::{LogFlushed, LogState, RaftLogStorage};
use openraft::{AnyError, RaftLogReader, StorageIOError, Vote};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;
use std::ops::RangeBounds;
use std::path::Path;
use std::sync::Arc;

/// The meta key of the vote.
const VOTE: u64 = 1;
/// The meta key of the committed log id.
const COMMITTED: u64 = 2;
/// The meta key of the last purged log id.
const PURGED: u64 = 3;

/// The most entries one read for replication returns.
const READ_ENTRIES: usize = 256;
/// Roughly the most stored bytes one read for replication returns (it always returns at least one entry), so an
/// append request stays well under a gRPC message's size limit.
const READ_BYTES: usize = 1 << 20;

/// The database and its file: what makes a write durable.
struct Disk {
    db: sled::Db,
    file: std::fs::File,
}

impl Disk {
    /// Makes everything written to the database so far durable (survives a power cut).
    fn sync(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        // sled's flush uses sync_file_range on Linux, which does not survive a power cut; fsync the file too.
        self.file.sync_all()?;
        Ok(())
    }
}

/// A tree of values keyed by number in the Raft database, each longer value split across a companion chunks tree.
/// Writes are atomic; [`MetaTree::put`] also makes them durable. The state machine keeps its meta in one.
#[derive(Clone)]
pub struct MetaTree {
    rows: sled::Tree,
    chunks: sled::Tree,
    disk: Arc<Disk>,
}

impl MetaTree {
    /// The value under `key`, put back together.
    pub fn get(&self, key: u64) -> Result<Option<Vec<u8>>, StoreError> {
        match self.rows.get(key.to_be_bytes())? {
            Some(row) => Ok(Some(whole_value(&self.chunks, key, &row)?)),
            None => Ok(None),
        }
    }

    /// The JSON value under `key`.
    pub fn get_json<T: DeserializeOwned>(&self, key: u64) -> Result<Option<T>, StoreError> {
        match self.get(key)? {
            Some(bytes) => serde_json::from_slice(&bytes)
                .map(Some)
                .map_err(|e| StoreError::Corrupt(format!("raft meta {key}: {e}"))),
            None => Ok(None),
        }
    }

    /// Writes every value atomically and durably.
    pub fn put(&self, values: &[(u64, Vec<u8>)]) -> Result<(), StoreError> {
        self.write(values)?;
        self.disk.sync()
    }

    /// Writes every value atomically; they become durable with the next sync of the database (the next Raft
    /// append, vote or durable put).
    pub fn write(&self, values: &[(u64, Vec<u8>)]) -> Result<(), StoreError> {
        use sled::transaction::{ConflictableTransactionError, TransactionError, Transactional};
        let split = values
            .iter()
            .map(|(key, value)| Ok((*key, split_value(*key, value)?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        (&self.rows, &self.chunks)
            .transaction(|(rows, chunks)| {
                for (key, Split { row, pieces }) in &split {
                    let at = key.to_be_bytes();
                    // A shorter value than before leaves no stale pieces behind.
                    if let Some(count) = rows.get(at)?.as_deref().and_then(chunk_count) {
                        for i in 0..count {
                            chunks.remove(&chunk_key(*key, i))?;
                        }
                    }
                    for (piece_key, piece) in pieces {
                        chunks.insert(piece_key, *piece)?;
                    }
                    rows.insert(&at, row.as_ref())?;
                }
                Ok::<(), ConflictableTransactionError<StoreError>>(())
            })
            .map_err(|e| match e {
                TransactionError::Abort(e) => e,
                TransactionError::Storage(e) => StoreError::Sled(e),
            })
    }
}

/// The Raft log storage of one voter. Cheap to clone: every clone is the same store (the log reader is one).
#[derive(Clone)]
pub struct RaftStore {
    disk: Arc<Disk>,
    /// Entry index (big-endian) → the entry's JSON, or a chunk marker.
    log: sled::Tree,
    /// The pieces of entries longer than [`CHUNK`].
    chunks: sled::Tree,
    /// Vote, committed id, last purged id.
    meta: MetaTree,
    /// Appends waiting for the next sync (one sync makes every append queued before it durable).
    flushes: std::sync::mpsc::Sender<LogFlushed<TypeConfig>>,
}

/// The thread that makes appends durable: it takes every append queued so far, syncs the database once, and only
/// then tells Raft they are on disk, so appends arriving together share one fsync and Raft keeps working meanwhile.
/// It holds the database only while syncing, so dropping the store closes it.
fn flusher(disk: std::sync::Weak<Disk>, queued: std::sync::mpsc::Receiver<LogFlushed<TypeConfig>>) {
    while let Ok(first) = queued.recv() {
        let mut done = vec![first];
        done.extend(queued.try_iter());
        let synced = match disk.upgrade() {
            Some(disk) => disk.sync(),
            None => Err(StoreError::Corrupt("the Raft store is closed".into())),
        };
        match synced {
            Ok(()) => done.into_iter().for_each(|cb| cb.log_io_completed(Ok(()))),
            Err(e) => done.into_iter().for_each(|cb| {
                cb.log_io_completed(Err(std::io::Error::other(e.to_string())));
            }),
        }
    }
}

impl RaftStore {
    /// Opens (or creates) the Raft database in `dir` (DATA/raft).
    pub fn open(dir: &Path) -> Result<RaftStore, StoreError> {
        let (db, file) = open_sled(dir)?;
        let disk = Arc::new(Disk {
            file,
            db: db.clone(),
        });
        Ok(RaftStore {
            log: db.open_tree("log")?,
            chunks: db.open_tree("log_chunks")?,
            meta: MetaTree {
                rows: db.open_tree("meta")?,
                chunks: db.open_tree("meta_chunks")?,
                disk: disk.clone(),
            },
            flushes: {
                let (flushes, queued) = std::sync::mpsc::channel();
                let disk = Arc::downgrade(&disk);
                std::thread::Builder::new()
                    .name("raft-log-sync".into())
                    .spawn(move || flusher(disk, queued))?;
                flushes
            },
            disk,
        })
    }

    /// The state machine's own meta tree in this database (last applied id, membership, …).
    pub fn machine_meta(&self) -> Result<MetaTree, StoreError> {
        Ok(MetaTree {
            rows: self.disk.db.open_tree("machine")?,
            chunks: self.disk.db.open_tree("machine_chunks")?,
            disk: self.disk.clone(),
        })
    }

    /// The entry stored under `index` with row value `row`.
    fn entry(&self, index: u64, row: &[u8]) -> Result<Entry, StoreError> {
        let bytes = whole_value(&self.chunks, index, row)?;
        serde_json::from_slice(&bytes)
            .map_err(|e| StoreError::Corrupt(format!("raft log entry {index}: {e}")))
    }

    /// Up to `max_entries` entries (and roughly `max_bytes` stored bytes, at least one entry) in `range`, in order.
    fn read(
        &self,
        range: impl RangeBounds<u64>,
        max_entries: usize,
        max_bytes: usize,
    ) -> Result<Vec<Entry>, StoreError> {
        let start = range.start_bound().map(|i| i.to_be_bytes());
        let end = range.end_bound().map(|i| i.to_be_bytes());
        let mut out = Vec::new();
        let mut bytes = 0;
        for kv in self.log.range((start, end)) {
            if out.len() >= max_entries || (bytes >= max_bytes && !out.is_empty()) {
                break;
            }
            let (key, row) = kv?;
            let index = index_of(&key)?;
            bytes += chunk_count(&row).map_or(row.len(), |n| n as usize * CHUNK);
            out.push(self.entry(index, &row)?);
        }
        Ok(out)
    }

    /// Writes entries, the pieces of long ones first, then the rows; they become durable with the next sync.
    fn write_entries(&self, entries: &[Entry]) -> Result<(), StoreError> {
        let mut rows = sled::Batch::default();
        let mut pieces = sled::Batch::default();
        for entry in entries {
            let index = entry.log_id.index;
            let json = serde_json::to_vec(entry)
                .map_err(|e| StoreError::Corrupt(format!("raft log entry {index}: {e}")))?;
            let split = split_value(index, &json)?;
            for (key, piece) in split.pieces {
                pieces.insert(&key, piece);
            }
            rows.insert(&index.to_be_bytes(), split.row.as_ref());
        }
        self.chunks.apply_batch(pieces)?;
        self.log.apply_batch(rows)?;
        Ok(())
    }

    /// Removes the entries with indexes in `from..=to` (rows first, so no row points to a missing piece).
    fn remove(&self, from: u64, to: u64) -> Result<(), StoreError> {
        if from > to {
            return Ok(());
        }
        let doomed: Vec<sled::IVec> = self
            .log
            .range(from.to_be_bytes()..=to.to_be_bytes())
            .keys()
            .collect::<Result<_, _>>()?;
        let mut batch = sled::Batch::default();
        for key in doomed {
            batch.remove(key);
        }
        self.log.apply_batch(batch)?;
        remove_chunks(&self.chunks, from, to)
    }

    fn log_state(&self) -> Result<LogState<TypeConfig>, StoreError> {
        let purged: Option<LogId> = self.meta.get_json(PURGED)?;
        let last = match self.log.last()? {
            Some((key, row)) => Some(self.entry(index_of(&key)?, &row)?.log_id),
            None => purged,
        };
        Ok(LogState {
            last_purged_log_id: purged,
            last_log_id: last,
        })
    }

    fn purge_upto(&self, log_id: LogId) -> Result<(), StoreError> {
        let purged: Option<LogId> = self.meta.get_json(PURGED)?;
        if purged.is_some_and(|p| p.index >= log_id.index) {
            return Ok(());
        }
        // The mark first: entries at or below it are never read again, so a crash before they go costs nothing.
        self.meta.write(&[(PURGED, to_json(&log_id)?)])?;
        self.remove(0, log_id.index)?;
        self.disk.sync()
    }
}

/// Raft's membership of the venue's machines.
pub type VenueMembership = openraft::Membership<NodeId, openraft::BasicNode>;

/// What a take-over reads and writes (`take_over`), with the server stopped.
impl RaftStore {
    /// The Raft meta (vote, committed, purged, generation).
    pub fn raft_meta(&self) -> MetaTree {
        self.meta.clone()
    }

    /// The JSON value under `key` in the Raft meta.
    pub fn meta_json<T: DeserializeOwned>(&self, key: u64) -> Result<Option<T>, StoreError> {
        self.meta.get_json(key)
    }

    /// The stored vote.
    pub fn vote(&self) -> Result<Option<Vote<NodeId>>, StoreError> {
        self.meta.get_json(VOTE)
    }

    /// The last log id, and the membership in force: the last one in the log, else the applied one.
    pub fn last_log_and_membership(
        &self,
    ) -> Result<(Option<LogId>, Option<VenueMembership>), StoreError> {
        let last = self.log_state()?.last_log_id;
        for kv in self.log.iter().rev() {
            let (key, row) = kv?;
            if let openraft::EntryPayload::Membership(m) =
                self.entry(index_of(&key)?, &row)?.payload
            {
                return Ok((last, Some(m)));
            }
        }
        let applied = super::machine::stored_membership(&self.machine_meta()?)?;
        Ok((last, applied.map(|m| m.membership().clone())))
    }

    /// The last Tengen entry this machine holds (sequence number, time): in the Raft log's newest batch, else in
    /// the state machine's record of what came through Raft.
    pub fn last_tengen_entry(&self) -> Result<Option<(u64, i64)>, StoreError> {
        for kv in self.log.iter().rev() {
            let (key, row) = kv?;
            if let openraft::EntryPayload::Normal(batch) =
                self.entry(index_of(&key)?, &row)?.payload
            {
                if let Some(found) = batch
                    .entries
                    .last()
                    .and_then(|b| super::take_over::seq_and_time(b))
                {
                    return Ok(Some(found));
                }
            }
        }
        let seq = super::machine::stored_shared_seq(&self.machine_meta()?)?.0;
        Ok((seq > 0).then_some((seq, 0)))
    }

    /// Appends `entry` and writes `vote` and the meta value `key` = `value`, durably.
    pub fn rewrite_for_take_over<T: Serialize>(
        &self,
        entry: &Entry,
        vote: &Vote<NodeId>,
        key: u64,
        value: &T,
    ) -> Result<(), StoreError> {
        self.write_entries(std::slice::from_ref(entry))?;
        self.meta
            .write(&[(VOTE, to_json(vote)?), (key, to_json(value)?)])?;
        self.disk.sync()
    }
}

fn index_of(key: &[u8]) -> Result<u64, StoreError> {
    let arr: [u8; 8] = key
        .try_into()
        .map_err(|_| StoreError::Corrupt(format!("raft log key of {} bytes", key.len())))?;
    Ok(u64::from_be_bytes(arr))
}

fn to_json<T: Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(value).map_err(|e| StoreError::Corrupt(format!("raft meta encoding: {e}")))
}

fn read_logs(e: StoreError) -> StorageError {
    StorageIOError::read_logs(AnyError::new(&e)).into()
}

fn write_logs(e: impl std::error::Error + 'static) -> StorageError {
    StorageIOError::write_logs(AnyError::new(&e)).into()
}

/// Runs blocking storage work off the async threads.
pub(super) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| StoreError::Corrupt(format!("storage task: {e}")))?
}

impl RaftLogReader<TypeConfig> for RaftStore {
    async fn try_get_log_entries<RB: RangeBounds<u64> + Clone + Debug + Send>(
        &mut self,
        range: RB,
    ) -> Result<Vec<Entry>, StorageError> {
        self.read(range, usize::MAX, usize::MAX).map_err(read_logs)
    }

    async fn limited_get_log_entries(
        &mut self,
        start: u64,
        end: u64,
    ) -> Result<Vec<Entry>, StorageError> {
        self.read(start..end, READ_ENTRIES, READ_BYTES)
            .map_err(read_logs)
    }
}

impl RaftLogStorage<TypeConfig> for RaftStore {
    type LogReader = RaftStore;

    async fn get_log_state(&mut self) -> Result<LogState<TypeConfig>, StorageError> {
        self.log_state().map_err(read_logs)
    }

    async fn get_log_reader(&mut self) -> Self::LogReader {
        self.clone()
    }

    async fn save_vote(&mut self, vote: &Vote<NodeId>) -> Result<(), StorageError> {
        let store = self.clone();
        let value = to_json(vote).map_err(write_vote)?;
        blocking(move || store.meta.put(&[(VOTE, value)]))
            .await
            .map_err(write_vote)
    }

    async fn read_vote(&mut self) -> Result<Option<Vote<NodeId>>, StorageError> {
        self.meta
            .get_json(VOTE)
            .map_err(|e| StorageIOError::read_vote(AnyError::new(&e)).into())
    }

    async fn save_committed(&mut self, committed: Option<LogId>) -> Result<(), StorageError> {
        // Not synced on its own: losing it only means re-applying from the last applied id after a power cut.
        let value = to_json(&committed).map_err(write_logs)?;
        self.meta.write(&[(COMMITTED, value)]).map_err(write_logs)
    }

    async fn read_committed(&mut self) -> Result<Option<LogId>, StorageError> {
        Ok(self
            .meta
            .get_json::<Option<LogId>>(COMMITTED)
            .map_err(read_logs)?
            .flatten())
    }

    async fn append<I>(
        &mut self,
        entries: I,
        callback: LogFlushed<TypeConfig>,
    ) -> Result<(), StorageError>
    where
        I: IntoIterator<Item = Entry> + Send,
        I::IntoIter: Send,
    {
        let entries: Vec<Entry> = entries.into_iter().collect();
        let store = self.clone();
        blocking(move || store.write_entries(&entries))
            .await
            .map_err(write_logs)?;
        // Raft hears that the entries are on disk only after the sync thread's next fsync.
        if let Err(lost) = self.flushes.send(callback) {
            lost.0.log_io_completed(Err(std::io::Error::other(
                "the log's sync thread has stopped",
            )));
        }
        Ok(())
    }

    async fn truncate(&mut self, log_id: LogId) -> Result<(), StorageError> {
        let store = self.clone();
        blocking(move || {
            store.remove(log_id.index, u64::MAX)?;
            store.disk.sync()
        })
        .await
        .map_err(write_logs)
    }

    async fn purge(&mut self, log_id: LogId) -> Result<(), StorageError> {
        let store = self.clone();
        blocking(move || store.purge_upto(log_id))
            .await
            .map_err(write_logs)
    }
}

fn write_vote(e: StoreError) -> StorageError {
    StorageIOError::write_vote(AnyError::new(&e)).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replica::quorum::types::Batch;
    use openraft::storage::RaftLogStorageExt;
    use openraft::{CommittedLeaderId, EntryPayload};

    fn id(term: u64, index: u64) -> LogId {
        LogId::new(CommittedLeaderId::new(term, 1), index)
    }

    fn blank(term: u64, index: u64) -> Entry {
        Entry {
            log_id: id(term, index),
            payload: EntryPayload::Blank,
        }
    }

    /// Files under sled's `blobs/` directory: sled never fsyncs them, so the store must never make one.
    fn blobs(dir: &Path) -> usize {
        std::fs::read_dir(dir.join("blobs"))
            .map(|d| d.count())
            .unwrap_or(0)
    }

    /// Opens the store at `path` again, waiting up to two seconds for the last one's lock to go.
    async fn reopen(path: &std::path::Path) -> RaftStore {
        for _ in 0..40 {
            if let Ok(store) = RaftStore::open(path) {
                return store;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        RaftStore::open(path).unwrap()
    }

    #[tokio::test]
    async fn a_long_entry_is_chunked_and_reads_back_whole_after_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let big = Batch {
            entries: vec![(0..300 * 1024).map(|i| (i % 251) as u8).collect()],
        };
        let long = Entry {
            log_id: id(1, 2),
            payload: EntryPayload::Normal(big.clone()),
        };
        {
            let mut store = RaftStore::open(dir.path()).unwrap();
            store
                .blocking_append([blank(1, 1), long, blank(1, 3)])
                .await
                .unwrap();
        }
        assert_eq!(blobs(dir.path()), 0, "no value went to a sled blob file");
        // sled's flusher thread may hold the directory's lock a moment after the store is dropped.
        let mut store = reopen(dir.path()).await;
        let read = store.try_get_log_entries(1..4).await.unwrap();
        let ids: Vec<u64> = read.iter().map(|e| e.log_id.index).collect();
        assert_eq!(ids, vec![1, 2, 3]);
        assert!(matches!(&read[1].payload, EntryPayload::Normal(b) if *b == big));
        // Dropping the long entry drops its pieces too.
        store.truncate(id(1, 2)).await.unwrap();
        assert_eq!(store.chunks.len(), 0);
        assert_eq!(
            store.get_log_state().await.unwrap().last_log_id,
            Some(id(1, 1))
        );
    }

    #[tokio::test]
    async fn vote_purge_and_truncation_survive_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        {
            let mut store = RaftStore::open(dir.path()).unwrap();
            store
                .blocking_append((1..=10).map(|i| blank(1, i)))
                .await
                .unwrap();
            store.save_vote(&Vote::new(3, 2)).await.unwrap();
            store.purge(id(1, 3)).await.unwrap();
            store.truncate(id(1, 8)).await.unwrap();
        }
        let mut store = RaftStore::open(dir.path()).unwrap();
        assert_eq!(store.read_vote().await.unwrap(), Some(Vote::new(3, 2)));
        let st = store.get_log_state().await.unwrap();
        assert_eq!(st.last_purged_log_id, Some(id(1, 3)));
        assert_eq!(st.last_log_id, Some(id(1, 7)));
        let left: Vec<u64> = store
            .try_get_log_entries(..)
            .await
            .unwrap()
            .iter()
            .map(|e| e.log_id.index)
            .collect();
        assert_eq!(left, vec![4, 5, 6, 7]);
        // Purged past the end: the log is empty and its last id is the purged one.
        store.purge(id(2, 9)).await.unwrap();
        let st = store.get_log_state().await.unwrap();
        assert_eq!(st.last_purged_log_id, Some(id(2, 9)));
        assert_eq!(st.last_log_id, Some(id(2, 9)));
        assert!(store.try_get_log_entries(..).await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn replication_reads_are_bounded_but_never_empty() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = RaftStore::open(dir.path()).unwrap();
        let count = READ_ENTRIES as u64 + 10;
        store
            .blocking_append((1..=count).map(|i| blank(1, i)))
            .await
            .unwrap();
        let first = store.limited_get_log_entries(1, count + 1).await.unwrap();
        assert_eq!(first.len(), READ_ENTRIES);
        assert_eq!(first[0].log_id.index, 1);
        let rest = store
            .limited_get_log_entries(READ_ENTRIES as u64 + 1, count + 1)
            .await
            .unwrap();
        assert_eq!(rest.len(), 10);
        // One entry over the byte budget still comes back alone.
        assert_eq!(store.read(1..3, 100, 0).unwrap().len(), 1);
    }

    #[test]
    fn a_meta_value_shrinking_leaves_no_stale_pieces() {
        let dir = tempfile::tempdir().unwrap();
        let store = RaftStore::open(dir.path()).unwrap();
        let meta = store.machine_meta().unwrap();
        let long = vec![7u8; 3 * CHUNK + 1];
        meta.put(&[(9, long.clone())]).unwrap();
        assert_eq!(meta.get(9).unwrap(), Some(long));
        assert_eq!(meta.chunks.len(), 4);
        meta.put(&[(9, b"short".to_vec())]).unwrap();
        assert_eq!(meta.get(9).unwrap(), Some(b"short".to_vec()));
        assert_eq!(meta.chunks.len(), 0);
    }
}
