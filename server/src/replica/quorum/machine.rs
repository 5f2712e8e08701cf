//! The Raft state machine of a voter: each committed [`Batch`] of stored Tengen log entries is appended to Tengen's
//! log (if it chains onto it), applied to the shared state exactly as replay does, and published to local
//! watchers. Its own meta (last applied log id, membership, the highest Tengen sequence number that came through
//! Raft, the current snapshot) lives in the Raft database.
//!
//! Each entry is made durable once per machine: in Raft's log, before Raft counts this machine in the majority.
//! The machine's appends to Tengen's log are not synced one by one; a snapshot syncs Tengen's log first and then
//! records itself durably, and only then does openraft purge its log behind it. A crash can therefore lose only
//! a tail of Tengen's log that Raft's log still holds: at start-up the machine notices (the meta names a later
//! sequence number than the log has) and reports the snapshot's position as applied, so Raft applies the rest
//! again (entries found in the log with the same bytes are kept, not appended twice).
//!
//! A snapshot is the Tengen log itself up to a sequence number, streamed from the store when a voter far behind
//! or new needs it ([`super::snapshot`]); the receiver checks the whole chain before it touches its log.
//!
//! Must not decide commands, and never appends to Tengen's log an entry that does not chain onto its last one.

use super::log_store::{blocking, MetaTree};
use super::snapshot::SnapshotStream;
use super::types::{Applied, Batch, Entry, LogId, NodeId, StorageError, TypeConfig};
use crate::domain::{Epoch, Seq, State};
use crate::log::entry::{decode, decode_trusted, stored_hash, Hash, GENESIS};
use crate::log::replay::{apply_entry, replay};
use crate::log::{Committed, LogStore, StoreError};
use openraft::storage::RaftStateMachine;
use openraft::{
    AnyError, BasicNode, EntryPayload, RaftSnapshotBuilder, Snapshot, SnapshotMeta, StorageIOError,
    StoredMembership,
};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};
use tokio::sync::broadcast;

/// The machine meta key of the last applied log id.
const APPLIED: u64 = 1;
/// The machine meta key of the last applied membership.
const MEMBERSHIP: u64 = 2;
/// The machine meta key of the highest Tengen sequence number that came through Raft.
const SHARED_SEQ: u64 = 3;
/// The machine meta key of the current snapshot ([`Current`]).
const SNAPSHOT: u64 = 4;
/// How many entries of a snapshot are checked or written at a time.
const SLICE: usize = 4096;

/// Raft's membership as stored.
type Membership = StoredMembership<NodeId, BasicNode>;

/// The current snapshot: Raft's position and the Tengen log up to `upto`, durable in Tengen's log when recorded.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Current {
    meta: SnapshotMeta<NodeId, BasicNode>,
    upto: u64,
    /// The highest Tengen sequence number that had come through Raft.
    shared_seq: u64,
}

/// The state machine. Built once at start-up on the Tengen log the state was replayed from.
pub struct Machine {
    store: Arc<dyn LogStore>,
    state: Arc<RwLock<State>>,
    published: broadcast::Sender<Arc<Committed>>,
    meta: MetaTree,
    /// Where received snapshots are spooled (the Raft directory).
    spool: PathBuf,
    /// The Tengen log's last entry: sequence number and hash (0 and GENESIS when empty).
    head: (Seq, Hash),
    applied: Option<LogId>,
    membership: Membership,
    shared_seq: Seq,
    current: Arc<Mutex<Option<Current>>>,
}

impl Machine {
    /// A state machine over Tengen's log `store`, whose replayed state is `state`, publishing what it applies on
    /// `published`, keeping its meta in `meta` (from [`super::log_store::RaftStore::machine_meta`], in the Raft
    /// database) and spooling received snapshots in `spool`.
    pub fn new(
        store: Arc<dyn LogStore>,
        state: Arc<RwLock<State>>,
        published: broadcast::Sender<Arc<Committed>>,
        meta: MetaTree,
        spool: PathBuf,
    ) -> Result<Machine, StoreError> {
        let head = head_of(store.as_ref())?;
        let current: Option<Current> = meta.get_json(SNAPSHOT)?;
        let mut applied: Option<LogId> = meta.get_json(APPLIED)?.flatten();
        let mut membership: Membership = meta.get_json(MEMBERSHIP)?.unwrap_or_default();
        let mut shared_seq = stored_shared_seq(&meta)?;
        if shared_seq > head.0 {
            // A crash took the unsynced tail of Tengen's log; Raft's log still holds it from the snapshot on.
            tracing::warn!(
                had = shared_seq.0,
                has = head.0 .0,
                "tengen's log lost its last entries in a crash: raft applies them again"
            );
            applied = current.as_ref().and_then(|c| c.meta.last_log_id);
            membership = current
                .as_ref()
                .map(|c| c.meta.last_membership.clone())
                .unwrap_or_default();
            shared_seq = Seq(current.as_ref().map_or(0, |c| c.shared_seq));
            meta.put(&meta_values(applied, &membership, shared_seq)?)?;
        }
        Ok(Machine {
            applied,
            membership,
            shared_seq,
            store,
            state,
            published,
            meta,
            spool,
            head,
            current: Arc::new(Mutex::new(current)),
        })
    }

    /// The highest Tengen sequence number that came through Raft (0 before any).
    pub fn shared_seq(&self) -> Seq {
        self.shared_seq
    }

    /// Whether the Tengen log (or the entries about to be appended, `pending`) holds exactly `bytes` at `seq`.
    fn holds(
        &self,
        seq: Seq,
        bytes: &[u8],
        pending: &[Arc<Committed>],
    ) -> Result<bool, StoreError> {
        if let Some(c) = pending.iter().find(|c| c.entry.seq == seq) {
            return Ok(c.bytes.as_slice() == bytes);
        }
        let found = self.store.read_from(seq, 1)?;
        Ok(matches!(found.first(), Some((s, b)) if *s == seq && b.as_slice() == bytes))
    }

    /// Decides one stored entry of a batch against `head` (the log's last entry, with `pending` not yet
    /// appended): kept when it chains on (then it joins `pending` and becomes the head) or is already there.
    /// Returns whether it is kept, and its sequence number when known.
    fn judge(
        &self,
        bytes: Vec<u8>,
        head: &mut (Seq, Hash),
        pending: &mut Vec<Arc<Committed>>,
    ) -> Result<(bool, Seq), StoreError> {
        if let Ok((entry, hash)) = decode(&bytes, &head.1) {
            if entry.seq == head.0.next() {
                let seq = entry.seq;
                *head = (seq, hash);
                pending.push(Arc::new(Committed {
                    entry,
                    bytes: Arc::new(bytes),
                }));
                return Ok((true, seq));
            }
        }
        let seq = match decode_trusted(&bytes) {
            Ok((entry, _)) => entry.seq,
            Err(e) => {
                tracing::warn!(error = %e, "a raft entry carries a tengen entry that does not decode: left out");
                return Ok((false, Seq(0)));
            }
        };
        if seq <= head.0 && self.holds(seq, &bytes, pending)? {
            return Ok((true, seq));
        }
        tracing::warn!(
            seq = seq.0,
            head = head.0 .0,
            "a raft entry carries a tengen entry that does not chain onto the log: left out"
        );
        Ok((false, seq))
    }

    /// Appends `fresh` to the Tengen log (raising its epoch if they carry a higher one), then applies them to the
    /// shared state and publishes them. They are already durable in Raft's log: the Tengen log is synced by the
    /// next snapshot (or sled's own flush), and a tail lost before then is applied again at start-up.
    ///
    /// The machine's meta (`values`, from [`meta_values`]) is written in the same trip to the blocking pool, after
    /// the entries; it becomes durable with the Raft database's next sync. Lagging behind after a crash only means
    /// entries are applied again, which the "already in the log with the same bytes" rule keeps as they are;
    /// running ahead of a Tengen log that lost its tail is noticed at start-up ([`Machine::new`]).
    async fn commit(
        &self,
        fresh: Vec<Arc<Committed>>,
        values: Vec<(u64, Vec<u8>)>,
    ) -> Result<(), StoreError> {
        let records: Vec<(Seq, Vec<u8>)> = fresh
            .iter()
            .map(|c| (c.entry.seq, c.bytes.as_ref().clone()))
            .collect();
        let top = fresh
            .iter()
            .map(|c| c.entry.epoch)
            .max()
            .unwrap_or(Epoch(0));
        let (store, meta) = (self.store.clone(), self.meta.clone());
        blocking(move || {
            if !records.is_empty() {
                store.append(&records)?;
                if top > store.epoch()? {
                    store.set_epoch(top)?;
                }
            }
            meta.write(&values)
        })
        .await?;
        {
            let mut shared = self
                .state
                .write()
                .map_err(|_| StoreError::Corrupt("state lock poisoned".into()))?;
            for c in &fresh {
                apply_entry(&mut shared, &c.entry);
                shared.epoch = shared.epoch.max(c.entry.epoch);
            }
        }
        for c in fresh {
            let _ = self.published.send(c);
        }
        Ok(())
    }

    /// Writes the last applied id, membership and shared sequence number durably (a snapshot's install).
    async fn save_meta(
        &self,
        applied: Option<LogId>,
        membership: &Membership,
        shared_seq: Seq,
    ) -> Result<(), StoreError> {
        let values = meta_values(applied, membership, shared_seq)?;
        let meta = self.meta.clone();
        blocking(move || meta.put(&values)).await
    }

    /// Replaces the Tengen log with the snapshot's entries (keeping the common prefix) once the whole snapshot
    /// checked out, rebuilds the state and records Raft's position and the snapshot.
    async fn install(
        &mut self,
        meta: &SnapshotMeta<NodeId, BasicNode>,
        snapshot: SnapshotStream,
    ) -> Result<(), StoreError> {
        let mut records = snapshot
            .records()
            .await
            .map_err(|e| StoreError::Corrupt(format!("raft snapshot: {e}")))?;
        let store = self.store.clone();
        let replayed = blocking(move || {
            let top = checked(&mut records)?;
            let upto = records.upto;
            records.rewind().map_err(snapshot_io)?;
            let kept = write_over(store.as_ref(), &mut records)?;
            store.sync()?;
            if top > store.epoch()? {
                store.set_epoch(top)?;
            }
            let replayed = replay(store.as_ref())
                .map_err(|e| StoreError::Corrupt(format!("replay of a raft snapshot: {e}")))?;
            Ok((replayed, upto, kept))
        })
        .await;
        let (replayed, upto, kept) = replayed?;
        tracing::info!(
            upto = upto.0,
            "installed a raft snapshot: tengen's log up to this entry"
        );
        let head = (replayed.state.last_seq, replayed.last_hash);
        {
            let mut shared = self
                .state
                .write()
                .map_err(|_| StoreError::Corrupt("state lock poisoned".into()))?;
            let epoch = shared.epoch.max(replayed.state.epoch);
            *shared = replayed.state;
            shared.epoch = epoch;
        }
        self.publish_after(kept).await?;
        let shared_seq = head.0;
        self.save_meta(meta.last_log_id, &meta.last_membership, shared_seq)
            .await?;
        let current = Current {
            meta: meta.clone(),
            upto: upto.0,
            shared_seq: shared_seq.0,
        };
        let values = vec![(SNAPSHOT, to_json(&current)?)];
        let tree = self.meta.clone();
        blocking(move || tree.put(&values)).await?;
        *self
            .current
            .lock()
            .map_err(|_| StoreError::Corrupt("snapshot lock poisoned".into()))? = Some(current);
        self.head = head;
        self.applied = meta.last_log_id;
        self.membership = meta.last_membership.clone();
        self.shared_seq = shared_seq;
        Ok(())
    }
}

impl Machine {
    /// Publishes the log's entries after `kept` to local watchers (the board's live pages, `Watch`, token
    /// revocation), as applying them one by one would have; a watcher that cannot keep up is told it lagged and
    /// reads the state or the log afresh.
    async fn publish_after(&self, kept: Seq) -> Result<(), StoreError> {
        let store = self.store.clone();
        let published = self.published.clone();
        blocking(move || {
            let mut next = kept.next();
            loop {
                let slice = store.read_from(next, SLICE)?;
                let Some((last, _)) = slice.last() else {
                    return Ok(());
                };
                next = last.next();
                for (_, bytes) in slice {
                    let (entry, _) = decode_trusted(&bytes).map_err(|e| {
                        StoreError::Corrupt(format!("an installed entry does not decode: {e}"))
                    })?;
                    let _ = published.send(Arc::new(Committed {
                        entry,
                        bytes: Arc::new(bytes),
                    }));
                }
            }
        })
        .await
    }
}

/// The highest Tengen sequence number that came through Raft (0 before any), as the machine last stored it in
/// its meta. Readable while Raft owns the [`Machine`], and up to date once `client_write` has returned: `apply`
/// stores it before answering.
pub fn stored_shared_seq(meta: &MetaTree) -> Result<Seq, StoreError> {
    Ok(Seq(meta.get_json::<u64>(SHARED_SEQ)?.unwrap_or(0)))
}

/// The membership the machine last applied, as stored in its meta (none before the venue's first).
pub fn stored_membership(meta: &MetaTree) -> Result<Option<Membership>, StoreError> {
    meta.get_json(MEMBERSHIP)
}

/// The Tengen log's last entry: sequence number and stored hash (0 and GENESIS when empty).
fn head_of(store: &dyn LogStore) -> Result<(Seq, Hash), StoreError> {
    match store.last()? {
        Some((seq, bytes)) => {
            let hash = stored_hash(&bytes).ok_or_else(|| {
                StoreError::Corrupt(format!("tengen log entry {} is truncated", seq.0))
            })?;
            Ok((seq, hash))
        }
        None => Ok((Seq(0), GENESIS)),
    }
}

fn snapshot_io(e: std::io::Error) -> StoreError {
    StoreError::Corrupt(format!("raft snapshot: {e}"))
}

/// Checks a snapshot's records: they run from 1 to its `upto` without a gap and chain by hash. Returns the highest
/// epoch they carry.
fn checked(records: &mut super::snapshot::Records) -> Result<Epoch, StoreError> {
    let mut prev = GENESIS;
    let mut next = Seq(1);
    let mut top = Epoch(0);
    loop {
        let slice = records.next_slice(SLICE).map_err(snapshot_io)?;
        if slice.is_empty() {
            break;
        }
        for (seq, bytes) in slice {
            let bad =
                |why: String| StoreError::Corrupt(format!("raft snapshot entry {}: {why}", seq.0));
            if seq != next {
                return Err(bad(format!("expected sequence number {}", next.0)));
            }
            let (entry, hash) = decode(&bytes, &prev).map_err(|e| bad(e.to_string()))?;
            if entry.seq != seq {
                return Err(bad(format!("carries sequence number {}", entry.seq.0)));
            }
            top = top.max(entry.epoch);
            prev = hash;
            next = seq.next();
        }
    }
    if next != records.upto.next() {
        return Err(StoreError::Corrupt(format!(
            "raft snapshot: ends at entry {} instead of {}",
            next.0.saturating_sub(1),
            records.upto.0
        )));
    }
    Ok(top)
}

/// Makes the Tengen log hold exactly the snapshot's records: the common prefix stays, anything after it (a
/// diverged or longer tail) goes, the rest is appended. Returns the end of the common prefix.
fn write_over(
    store: &dyn LogStore,
    records: &mut super::snapshot::Records,
) -> Result<Seq, StoreError> {
    let ours = store.last()?.map_or(Seq(0), |(s, _)| s);
    let mut keep = Seq(0);
    let mut same = true;
    loop {
        let slice = records.next_slice(SLICE).map_err(snapshot_io)?;
        let Some((first, _)) = slice.first() else {
            break;
        };
        let mut rest = &slice[..];
        if same {
            let held = store.read_from(*first, slice.len())?;
            let common = slice
                .iter()
                .zip(held.iter())
                .take_while(|(theirs, ours)| theirs == ours)
                .count();
            if let Some((s, _)) = common.checked_sub(1).map(|i| &slice[i]) {
                keep = *s;
            }
            rest = &slice[common..];
            if !rest.is_empty() {
                same = false;
                if ours > keep {
                    store.truncate_after(keep)?;
                }
            }
        }
        store.append(rest)?;
    }
    if same && ours > keep {
        store.truncate_after(keep)?;
    }
    Ok(keep)
}

/// The machine's meta as stored: last applied id, membership, shared sequence number.
fn meta_values(
    applied: Option<LogId>,
    membership: &Membership,
    shared_seq: Seq,
) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
    Ok(vec![
        (APPLIED, to_json(&applied)?),
        (MEMBERSHIP, to_json(membership)?),
        (SHARED_SEQ, to_json(&shared_seq.0)?),
    ])
}

fn to_json<T: Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(value)
        .map_err(|e| StoreError::Corrupt(format!("machine meta encoding: {e}")))
}

fn write_sm(e: StoreError) -> StorageError {
    StorageIOError::write_state_machine(AnyError::new(&e)).into()
}

fn read_sm(e: StoreError) -> StorageError {
    StorageIOError::read_state_machine(AnyError::new(&e)).into()
}

impl RaftStateMachine<TypeConfig> for Machine {
    type SnapshotBuilder = SnapshotView;

    async fn applied_state(&mut self) -> Result<(Option<LogId>, Membership), StorageError> {
        Ok((self.applied, self.membership.clone()))
    }

    async fn apply<I>(&mut self, entries: I) -> Result<Vec<Applied>, StorageError>
    where
        I: IntoIterator<Item = Entry> + Send,
        I::IntoIter: Send,
    {
        let mut replies = Vec::new();
        let mut head = self.head;
        let mut fresh = Vec::new();
        let mut applied = self.applied;
        let mut membership = self.membership.clone();
        let mut shared_seq = self.shared_seq;
        for entry in entries {
            applied = Some(entry.log_id);
            match entry.payload {
                EntryPayload::Blank => replies.push(Applied::default()),
                EntryPayload::Membership(m) => {
                    membership = StoredMembership::new(Some(entry.log_id), m);
                    replies.push(Applied::default());
                }
                EntryPayload::Normal(Batch { entries }) => {
                    let mut kept = Vec::with_capacity(entries.len());
                    for bytes in entries {
                        let (ok, seq) =
                            self.judge(bytes, &mut head, &mut fresh).map_err(read_sm)?;
                        if ok {
                            shared_seq = shared_seq.max(seq);
                        }
                        kept.push(ok);
                    }
                    replies.push(Applied { kept });
                }
            }
        }
        if replies.is_empty() {
            return Ok(replies);
        }
        let values = meta_values(applied, &membership, shared_seq).map_err(write_sm)?;
        self.commit(fresh, values).await.map_err(write_sm)?;
        self.head = head;
        self.applied = applied;
        self.membership = membership;
        self.shared_seq = shared_seq;
        Ok(replies)
    }

    async fn get_snapshot_builder(&mut self) -> SnapshotView {
        SnapshotView {
            store: self.store.clone(),
            meta: self.meta.clone(),
            applied: self.applied,
            membership: self.membership.clone(),
            upto: self.head.0,
            shared_seq: self.shared_seq,
            current: self.current.clone(),
        }
    }

    async fn begin_receiving_snapshot(&mut self) -> Result<Box<SnapshotStream>, StorageError> {
        let spooled = SnapshotStream::spooled(&self.spool)
            .map_err(|e| StorageIOError::write_snapshot(None, AnyError::new(&e)))?;
        Ok(Box::new(spooled))
    }

    async fn install_snapshot(
        &mut self,
        meta: &SnapshotMeta<NodeId, BasicNode>,
        snapshot: Box<SnapshotStream>,
    ) -> Result<(), StorageError> {
        self.install(meta, *snapshot).await.map_err(|e| {
            StorageError::from(StorageIOError::read_snapshot(
                Some(meta.signature()),
                AnyError::new(&e),
            ))
        })
    }

    async fn get_current_snapshot(&mut self) -> Result<Option<Snapshot<TypeConfig>>, StorageError> {
        let current = self
            .current
            .lock()
            .map_err(|_| read_sm(StoreError::Corrupt("snapshot lock poisoned".into())))?
            .clone();
        let Some(current) = current else {
            return Ok(None);
        };
        let stream = SnapshotStream::of_log_measured(self.store.clone(), Seq(current.upto))
            .await
            .map_err(|e| {
                StorageError::from(StorageIOError::read_snapshot(
                    Some(current.meta.signature()),
                    AnyError::new(&e),
                ))
            })?;
        Ok(Some(Snapshot {
            meta: current.meta,
            snapshot: Box::new(stream),
        }))
    }
}

/// The machine as it stood when a snapshot was asked for: Raft's position and the Tengen log up to `upto` (the
/// log only grows past it, so reading it later is still consistent).
pub struct SnapshotView {
    store: Arc<dyn LogStore>,
    meta: MetaTree,
    applied: Option<LogId>,
    membership: Membership,
    upto: Seq,
    shared_seq: Seq,
    current: Arc<Mutex<Option<Current>>>,
}

impl RaftSnapshotBuilder<TypeConfig> for SnapshotView {
    /// Syncs the Tengen log, then records the snapshot durably: after this openraft may purge its log behind it.
    async fn build_snapshot(&mut self) -> Result<Snapshot<TypeConfig>, StorageError> {
        let id = match self.applied {
            Some(at) => format!("{at}-{}", self.upto.0),
            None => format!("none-{}", self.upto.0),
        };
        let current = Current {
            meta: SnapshotMeta {
                last_log_id: self.applied,
                last_membership: self.membership.clone(),
                snapshot_id: id,
            },
            upto: self.upto.0,
            shared_seq: self.shared_seq.0,
        };
        let values = vec![(SNAPSHOT, to_json(&current).map_err(read_sm)?)];
        let (store, tree) = (self.store.clone(), self.meta.clone());
        blocking(move || {
            store.sync()?;
            tree.put(&values)
        })
        .await
        .map_err(write_sm)?;
        let snapshot = Snapshot {
            meta: current.meta.clone(),
            snapshot: Box::new(SnapshotStream::of_log(self.store.clone(), self.upto)),
        };
        *self
            .current
            .lock()
            .map_err(|_| read_sm(StoreError::Corrupt("snapshot lock poisoned".into())))? =
            Some(current);
        Ok(snapshot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Event, Revision, Role, Tournament, TournamentId, TournamentSettings};
    use crate::log::entry::encode;
    use crate::log::{LogEntry, SledStore};
    use crate::replica::quorum::log_store::RaftStore;
    use openraft::testing::{StoreBuilder, Suite};
    use openraft::{CommittedLeaderId, Membership as Config};
    use std::collections::BTreeSet;
    use std::path::Path;
    use tempfile::TempDir;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// One voter's two databases, its state and what it publishes.
    struct Voter {
        raft: RaftStore,
        tengen: Arc<SledStore>,
        state: Arc<RwLock<State>>,
        published: broadcast::Receiver<Arc<Committed>>,
        machine: Machine,
    }

    /// Opens a voter in `dir` the way start-up does: replay Tengen's log, then the machine on top.
    fn voter(dir: &Path) -> Voter {
        let tengen = Arc::new(SledStore::open(&dir.join("log")).unwrap());
        let state = Arc::new(RwLock::new(replay(tengen.as_ref()).unwrap().state));
        let raft = RaftStore::open(&dir.join("raft")).unwrap();
        let (tx, published) = broadcast::channel(64);
        let machine = Machine::new(
            tengen.clone(),
            state.clone(),
            tx,
            raft.machine_meta().unwrap(),
            dir.join("raft"),
        )
        .unwrap();
        Voter {
            raft,
            tengen,
            state,
            published,
            machine,
        }
    }

    /// A director's entry creating tournament `seq` named `name`.
    fn entry(seq: u64, name: &str) -> LogEntry {
        LogEntry {
            seq: Seq(seq),
            epoch: Epoch(1),
            timestamp_ms: 5,
            terminal: "desk-1".into(),
            role: Role::Director,
            operator: String::new(),
            request_id: format!("r{seq}"),
            fingerprint: "f".into(),
            events: vec![Event::TournamentCreated {
                tournament: Tournament {
                    id: TournamentId(seq),
                    revision: Revision(1),
                    settings: TournamentSettings {
                        name: name.into(),
                        ..Default::default()
                    },
                    registration_open: true,
                },
            }],
            subject: None,
        }
    }

    /// The stored bytes of entries `from..=to` named `name`, chained onto `prev`, and the last hash.
    fn chain(prev: Hash, from: u64, to: u64, name: &str) -> (Vec<Vec<u8>>, Hash) {
        let mut prev = prev;
        let mut out = Vec::new();
        for seq in from..=to {
            let (bytes, hash) = encode(&entry(seq, name), &prev).unwrap();
            out.push(bytes);
            prev = hash;
        }
        (out, prev)
    }

    fn id(index: u64) -> LogId {
        LogId::new(CommittedLeaderId::new(1, 1), index)
    }

    fn batch(index: u64, entries: &[Vec<u8>]) -> Entry {
        Entry {
            log_id: id(index),
            payload: EntryPayload::Normal(Batch {
                entries: entries.to_vec(),
            }),
        }
    }

    fn names(state: &Arc<RwLock<State>>) -> Vec<String> {
        let state = state.read().unwrap();
        state
            .tournaments
            .values()
            .map(|t| t.settings.name.clone())
            .collect()
    }

    fn published(v: &mut Voter) -> Vec<u64> {
        let mut seqs = Vec::new();
        while let Ok(c) = v.published.try_recv() {
            seqs.push(c.entry.seq.0);
        }
        seqs
    }

    fn log_len(v: &Voter) -> usize {
        v.tengen.read_from(Seq(1), 100).unwrap().len()
    }

    #[tokio::test]
    async fn a_chained_batch_is_kept_stored_applied_and_published() {
        let dir = tempfile::tempdir().unwrap();
        let mut v = voter(dir.path());
        let (bytes, _) = chain(GENESIS, 1, 3, "Main");
        let answers = v.machine.apply([batch(1, &bytes)]).await.unwrap();
        assert_eq!(
            answers,
            vec![Applied {
                kept: vec![true; 3]
            }]
        );
        assert_eq!(v.tengen.read_from(Seq(1), 10).unwrap().len(), 3);
        assert_eq!(
            v.tengen.last().unwrap().map(|(_, b)| b),
            Some(bytes[2].clone())
        );
        assert_eq!(names(&v.state), vec!["Main"; 3]);
        assert_eq!(v.state.read().unwrap().last_seq, Seq(3));
        assert_eq!(published(&mut v), vec![1, 2, 3]);
        assert_eq!(v.machine.shared_seq(), Seq(3));
        assert_eq!(
            stored_shared_seq(&v.raft.machine_meta().unwrap()).unwrap(),
            Seq(3)
        );
        assert_eq!(v.machine.applied_state().await.unwrap().0, Some(id(1)));
    }

    #[tokio::test]
    async fn reapplying_the_same_bytes_keeps_them_without_appending_again() {
        let dir = tempfile::tempdir().unwrap();
        let mut v = voter(dir.path());
        let (bytes, _) = chain(GENESIS, 1, 3, "Main");
        v.machine.apply([batch(1, &bytes[..2])]).await.unwrap();
        published(&mut v);
        // Entry 2 again (a re-apply), then entry 3 which chains on: both kept, only 3 is new.
        let answers = v
            .machine
            .apply([batch(2, &bytes[..2]), batch(3, &bytes[1..])])
            .await
            .unwrap();
        assert_eq!(
            answers,
            vec![
                Applied {
                    kept: vec![true, true]
                },
                Applied {
                    kept: vec![true, true]
                }
            ]
        );
        assert_eq!(log_len(&v), 3);
        assert_eq!(names(&v.state).len(), 3);
        assert_eq!(published(&mut v), vec![3]);
        assert_eq!(v.machine.shared_seq(), Seq(3));
    }

    #[tokio::test]
    async fn the_seeds_own_log_coming_back_through_raft_is_kept_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let (bytes, _) = chain(GENESIS, 1, 4, "Main");
        {
            let tengen = SledStore::open(&dir.path().join("log")).unwrap();
            let records: Vec<(Seq, Vec<u8>)> = (1..=4).map(Seq).zip(bytes.clone()).collect();
            tengen.append(&records).unwrap();
            tengen.sync().unwrap();
        }
        let mut v = voter(dir.path());
        assert_eq!(v.machine.shared_seq(), Seq(0));
        let answers = v.machine.apply([batch(1, &bytes[..3])]).await.unwrap();
        assert_eq!(answers[0].kept, vec![true; 3]);
        assert_eq!(log_len(&v), 4);
        assert_eq!(names(&v.state).len(), 4, "the replayed state is untouched");
        assert!(published(&mut v).is_empty());
        assert_eq!(v.machine.shared_seq(), Seq(3));
    }

    #[tokio::test]
    async fn an_entry_that_does_not_chain_is_left_out_and_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let mut v = voter(dir.path());
        let (ours, h2) = chain(GENESIS, 1, 2, "Main");
        v.machine.apply([batch(1, &ours)]).await.unwrap();
        published(&mut v);
        // A deposed leader's writer built its own entry 2 and 3 on entry 1; the next leader's 3 follows ours.
        let h1 = stored_hash(&ours[0]).unwrap();
        let (theirs, _) = chain(h1, 2, 3, "Rival");
        let (next, _) = chain(h2, 3, 3, "Next");
        let answers = v
            .machine
            .apply([
                batch(2, &theirs),
                batch(3, &[b"not an entry".to_vec()]),
                batch(4, &next),
            ])
            .await
            .unwrap();
        let kept: Vec<Vec<bool>> = answers.into_iter().map(|a| a.kept).collect();
        assert_eq!(kept, vec![vec![false, false], vec![false], vec![true]]);
        assert_eq!(log_len(&v), 3);
        assert_eq!(
            v.tengen.last().unwrap().map(|(_, b)| b),
            Some(next[0].clone())
        );
        assert_eq!(names(&v.state), vec!["Main", "Main", "Next"]);
        assert_eq!(published(&mut v), vec![3]);
        assert_eq!(v.machine.shared_seq(), Seq(3));
        assert_eq!(v.machine.applied_state().await.unwrap().0, Some(id(4)));
    }

    #[tokio::test]
    async fn a_restart_reports_the_last_applied_id_and_the_shared_seq() {
        let dir = tempfile::tempdir().unwrap();
        let members = Config::new(vec![BTreeSet::from([1, 2, 3])], None);
        let (bytes, _) = chain(GENESIS, 1, 3, "Main");
        {
            let mut v = voter(dir.path());
            let config = Entry {
                log_id: id(1),
                payload: EntryPayload::Membership(members.clone()),
            };
            v.machine
                .apply([config, batch(2, &bytes[..2])])
                .await
                .unwrap();
        }
        let mut v = voter(dir.path());
        let (applied, membership) = v.machine.applied_state().await.unwrap();
        assert_eq!(applied, Some(id(2)));
        assert_eq!(membership, StoredMembership::new(Some(id(1)), members));
        assert_eq!(v.machine.shared_seq(), Seq(2));
        assert_eq!(names(&v.state).len(), 2);
        // Raft re-applying the last batch (its id was saved after the log) changes nothing; the next one chains.
        let answers = v
            .machine
            .apply([batch(2, &bytes[..2]), batch(3, &bytes[2..])])
            .await
            .unwrap();
        assert_eq!(answers[0].kept, vec![true, true]);
        assert_eq!(answers[1].kept, vec![true]);
        assert_eq!(log_len(&v), 3);
        assert_eq!(published(&mut v), vec![3]);
    }

    /// The bytes of a snapshot.
    async fn bytes_of(mut s: SnapshotStream) -> Vec<u8> {
        let mut out = Vec::new();
        s.read_to_end(&mut out).await.unwrap();
        out
    }

    /// A received snapshot holding `bytes`.
    async fn received(v: &mut Voter, bytes: &[u8]) -> Box<SnapshotStream> {
        let mut s = v.machine.begin_receiving_snapshot().await.unwrap();
        s.write_all(bytes).await.unwrap();
        s.flush().await.unwrap();
        s
    }

    /// A snapshot of voter `v` as it stands.
    async fn snapshot_of(v: &mut Voter) -> Snapshot<TypeConfig> {
        v.machine
            .get_snapshot_builder()
            .await
            .build_snapshot()
            .await
            .unwrap()
    }

    /// `b` installs `a`'s snapshot (`data`, described by `meta`) and then holds `a`'s log.
    async fn installs_as(
        b: &mut Voter,
        a: &Voter,
        meta: &SnapshotMeta<NodeId, BasicNode>,
        data: &[u8],
    ) {
        let spooled = received(b, data).await;
        b.machine.install_snapshot(meta, spooled).await.unwrap();
        assert_eq!(
            b.tengen.read_from(Seq(1), 10).unwrap(),
            a.tengen.read_from(Seq(1), 10).unwrap()
        );
    }

    #[tokio::test]
    async fn a_snapshot_carries_the_log_to_a_fresh_voter_and_a_tampered_one_is_refused() {
        let (a_dir, b_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let mut a = voter(a_dir.path());
        let (bytes, _) = chain(GENESIS, 1, 3, "Main");
        a.machine.apply([batch(1, &bytes)]).await.unwrap();
        let snap = snapshot_of(&mut a).await;
        assert_eq!(snap.meta.last_log_id, Some(id(1)));
        let data = bytes_of(*snap.snapshot).await;

        let mut b = voter(b_dir.path());
        let mut tampered = data.clone();
        let at = tampered.len() - 20;
        tampered[at] = if tampered[at] == b'0' { b'1' } else { b'0' };
        let spooled = received(&mut b, &tampered).await;
        let refused = b.machine.install_snapshot(&snap.meta, spooled).await;
        assert!(refused.is_err());
        let short = received(&mut b, &data[..data.len() - 5]).await;
        assert!(b.machine.install_snapshot(&snap.meta, short).await.is_err());
        assert_eq!(log_len(&b), 0);
        assert_eq!(b.machine.applied_state().await.unwrap().0, None);

        installs_as(&mut b, &a, &snap.meta, &data).await;
        assert_eq!(names(&b.state), vec!["Main"; 3]);
        assert_eq!(published(&mut b), vec![1, 2, 3], "the board hears of them");
        assert_eq!(b.machine.applied_state().await.unwrap().0, Some(id(1)));
        assert_eq!(b.machine.shared_seq(), Seq(3));
        let current = b.machine.get_current_snapshot().await.unwrap().unwrap();
        assert_eq!(current.meta, snap.meta);
        assert_eq!(bytes_of(*current.snapshot).await, data);
        // The next batch chains onto the installed log.
        let (next, _) = chain(stored_hash(&bytes[2]).unwrap(), 4, 4, "Next");
        let answers = b.machine.apply([batch(2, &next)]).await.unwrap();
        assert_eq!(answers[0].kept, vec![true]);
    }

    #[tokio::test]
    async fn a_snapshot_replaces_a_diverged_tail_and_keeps_the_common_prefix() {
        let (a_dir, b_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let mut a = voter(a_dir.path());
        let (ours, h2) = chain(GENESIS, 1, 2, "Main");
        let (rest, _) = chain(h2, 3, 5, "Main");
        a.machine
            .apply([batch(1, &ours), batch(2, &rest)])
            .await
            .unwrap();
        let snap = snapshot_of(&mut a).await;
        let data = bytes_of(*snap.snapshot).await;
        // B holds entry 1 and 2 like A, then a deposed leader's 3 and 4.
        let mut b = voter(b_dir.path());
        let (theirs, _) = chain(h2, 3, 4, "Rival");
        b.tengen
            .append(&[(Seq(1), ours[0].clone()), (Seq(2), ours[1].clone())])
            .unwrap();
        b.tengen
            .append(&[(Seq(3), theirs[0].clone()), (Seq(4), theirs[1].clone())])
            .unwrap();
        installs_as(&mut b, &a, &snap.meta, &data).await;
        assert_eq!(names(&b.state), vec!["Main"; 5]);
        assert_eq!(published(&mut b), vec![3, 4, 5]);
    }

    #[tokio::test]
    async fn a_crash_that_took_the_logs_unsynced_tail_applies_it_again_from_the_snapshot() {
        let dir = tempfile::tempdir().unwrap();
        let (first, h3) = chain(GENESIS, 1, 3, "Main");
        let (second, _) = chain(h3, 4, 5, "Later");
        {
            let mut v = voter(dir.path());
            v.machine.apply([batch(1, &first)]).await.unwrap();
            snapshot_of(&mut v).await;
            v.machine.apply([batch(2, &second)]).await.unwrap();
            assert_eq!(log_len(&v), 5);
            // The power cut: Raft's meta reached the disk, Tengen's entries 4 and 5 did not.
            v.tengen.truncate_after(Seq(3)).unwrap();
        }
        let mut v = voter(dir.path());
        let (applied, _) = v.machine.applied_state().await.unwrap();
        assert_eq!(applied, Some(id(1)), "raft applies again from the snapshot");
        assert_eq!(v.machine.shared_seq(), Seq(3));
        assert_eq!(names(&v.state).len(), 3);
        let answers = v.machine.apply([batch(2, &second)]).await.unwrap();
        assert_eq!(answers[0].kept, vec![true, true]);
        assert_eq!(log_len(&v), 5);
        assert_eq!(
            names(&v.state),
            vec!["Main", "Main", "Main", "Later", "Later"]
        );
        assert_eq!(published(&mut v), vec![4, 5]);
        assert_eq!(
            stored_shared_seq(&v.raft.machine_meta().unwrap()).unwrap(),
            Seq(5)
        );
    }

    /// Fresh voters for openraft's storage conformance suite.
    struct Fresh;

    impl StoreBuilder<TypeConfig, RaftStore, Machine, TempDir> for Fresh {
        async fn build(&self) -> Result<(TempDir, RaftStore, Machine), StorageError> {
            let dir = tempfile::tempdir().map_err(|e| write_sm(e.into()))?;
            let v = voter(dir.path());
            Ok((dir, v.raft, v.machine))
        }
    }

    #[test]
    fn raft_store_and_machine_pass_openraft_storage_suite() {
        Suite::test_all(Fresh).unwrap();
    }
}
