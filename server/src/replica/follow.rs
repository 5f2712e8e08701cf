//! The standby's side: follow the primary's log, verify each entry chains onto the previous one, store batches
//! durably, apply them exactly as replay does, publish them to local watchers, acknowledge. Acknowledgements are
//! cumulative (everything up to a sequence number) and go out from their own task, several at a time, so the
//! next batch is stored while earlier acknowledgements are still on their way. Also the two
//! transitions: promotion (standby → primary with a higher epoch) and stepping down (a primary that meets a newer
//! primary discards what that primary never had and follows it).

use super::control::Mode;
use super::peer::{peer_status, Peer, PeerConfig};
use crate::app::Core;
use crate::domain::{Epoch, Seq};
use crate::log::entry::{decode, stored_hash, Hash, GENESIS};
use crate::log::replay::apply_entry;
use crate::log::{replay, writer, Committed, LogStore};
use futures::FutureExt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tengen_proto::v1 as pb;
use tokio::sync::watch;
use tokio_stream::StreamExt;

/// The most entries stored per durable batch.
const BATCH: usize = 1024;

/// The most acknowledgements on their way to the primary at once (each covers everything before it).
const ACKS_IN_FLIGHT: usize = 4;

/// How a following session ended.
enum End {
    /// Asked to stop.
    Stopped,
    /// Worth retrying (primary unreachable, stream ended).
    Retry(String),
    /// A person must look (gap, corrupt or divergent entry the protocol cannot resolve).
    Fatal(String),
}

fn retry(e: impl std::fmt::Display) -> End {
    End::Retry(e.to_string())
}

fn store_err(e: impl std::fmt::Display) -> End {
    End::Fatal(format!("local storage: {e}"))
}

/// What following needs besides the core.
#[derive(Clone)]
pub struct FollowSetup {
    /// The primary.
    pub peer: PeerConfig,
    /// The data directory (for the file of discarded entries).
    pub data_dir: PathBuf,
    /// A snapshot every this many entries.
    pub snapshot_every: u64,
}

/// Starts following in the background; the returned sender stops it.
pub fn start(
    core: Arc<Core>,
    setup: FollowSetup,
) -> (watch::Sender<bool>, tokio::task::JoinHandle<()>) {
    let (stop_tx, stop_rx) = watch::channel(false);
    core.control.set_mode(Mode::Standby {
        primary: setup.peer.url.clone(),
    });
    let handle = tokio::spawn(follow(core, setup, stop_rx));
    (stop_tx, handle)
}

/// Follows until stopped or halted, reconnecting with a short back-off.
pub async fn follow(core: Arc<Core>, setup: FollowSetup, mut stop: watch::Receiver<bool>) {
    let mut backoff = Duration::from_millis(100);
    loop {
        if *stop.borrow() || *core.stopping.borrow() {
            return;
        }
        match session(&core, &setup, &mut stop).await {
            End::Stopped => return,
            End::Retry(why) => {
                core.control.alarm(
                    "replication",
                    format!("standby: not following {}: {why}; retrying", setup.peer.url),
                );
                tokio::select! {
                    _ = tokio::time::sleep(backoff) => {}
                    _ = stop.changed() => return,
                }
                backoff = (backoff * 2).min(Duration::from_secs(2));
            }
            End::Fatal(why) => {
                tracing::error!("replication stopped: {why}");
                core.control
                    .alarm("replication", format!("REPLICATION STOPPED: {why}"));
                core.control.set_mode(Mode::Halted { reason: why });
                return;
            }
        }
    }
}

/// The local head: last sequence number, its stored hash, and the stored epoch.
fn head(store: &dyn LogStore) -> Result<(Seq, Hash, Epoch), End> {
    let epoch = store.epoch().map_err(store_err)?;
    match store.last().map_err(store_err)? {
        Some((seq, bytes)) => {
            let hash = stored_hash(&bytes)
                .ok_or_else(|| End::Fatal(format!("local entry {seq} is truncated")))?;
            Ok((seq, hash, epoch))
        }
        None => Ok((Seq(0), GENESIS, epoch)),
    }
}

async fn same_at(peer: &mut Peer, store: &dyn LogStore, seq: u64) -> Result<bool, End> {
    if seq == 0 {
        return Ok(true);
    }
    let theirs = peer.entry(seq).await.map_err(retry)?;
    let ours = store.read_from(Seq(seq), 1).map_err(store_err)?;
    let ours = ours
        .first()
        .filter(|(s, _)| s.0 == seq)
        .and_then(|(_, b)| stored_hash(b));
    Ok(matches!((theirs, ours), (Some(t), Some(o)) if t.hash == o))
}

/// The last sequence number at which both logs hold the same entry (exponential walk back, then bisection).
async fn common_prefix(peer: &mut Peer, store: &dyn LogStore, last: u64) -> Result<u64, End> {
    let mut bad = last;
    let mut step = 1;
    let mut good = loop {
        let s = bad.saturating_sub(step);
        if same_at(peer, store, s).await? {
            break s;
        }
        bad = s;
        step *= 2;
    };
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        if same_at(peer, store, mid).await? {
            good = mid;
        } else {
            bad = mid;
        }
    }
    Ok(good)
}

/// Discards local entries after `keep` (kept in a file for the director), rebuilds the state from the log, and
/// raises an alarm naming how many entries of which terminals went: a desk may have been answered for some of
/// them while this server ran without its standby.
fn discard_after(core: &Core, data_dir: &std::path::Path, keep: Seq) -> Result<usize, End> {
    let store = core.store.as_ref();
    let mut lines = String::new();
    let mut count = 0;
    let mut by_terminal = std::collections::BTreeMap::<String, usize>::new();
    let mut from = keep.next();
    loop {
        let chunk = store.read_from(from, 512).map_err(store_err)?;
        let Some((last, _)) = chunk.last() else { break };
        from = last.next();
        for (seq, bytes) in chunk {
            if let Ok((entry, _)) = crate::log::entry::decode_trusted(&bytes) {
                *by_terminal.entry(entry.terminal).or_default() += 1;
            }
            lines.push_str(&format!("{} {}\n", seq.0, hex::encode(bytes)));
            count += 1;
        }
    }
    if count > 0 {
        let file = data_dir.join(format!("discarded-after-{}.log", keep.0));
        std::fs::write(&file, lines).map_err(store_err)?;
        let terminals: Vec<String> = by_terminal
            .iter()
            .map(|(t, n)| format!("{t}: {n}"))
            .collect();
        tracing::warn!(
            discarded = count,
            file = %file.display(),
            "entries the new primary never had were discarded"
        );
        core.control.alarm(
            "discarded",
            format!(
                "{count} {} after entry {} that the new primary never had {} discarded ({}); they are kept in \
                 {}. Any of them answered while this server ran without its standby is lost: ask those desks to \
                 check their last commands",
                if count == 1 { "entry" } else { "entries" },
                keep.0,
                if count == 1 { "was" } else { "were" },
                terminals.join(", "),
                file.display()
            ),
        );
    }
    store.truncate_after(keep).map_err(store_err)?;
    let replayed =
        replay(store).map_err(|e| End::Fatal(format!("replay after discarding: {e}")))?;
    let mut shared = core
        .state
        .write()
        .map_err(|_| End::Fatal("state lock poisoned".into()))?;
    *shared = replayed.state;
    Ok(count)
}

async fn session(core: &Arc<Core>, setup: &FollowSetup, stop: &mut watch::Receiver<bool>) -> End {
    match session_inner(core, setup, stop).await {
        Ok(()) => End::Stopped,
        Err(end) => end,
    }
}

async fn session_inner(
    core: &Arc<Core>,
    setup: &FollowSetup,
    stop: &mut watch::Receiver<bool>,
) -> Result<(), End> {
    let store = core.store.clone();
    let (mut peer, mut last, mut prev, epoch) = join(core, setup).await?;
    let mut stream = peer
        .log
        .watch(pb::WatchRequest {
            from_seq: last.0 + 1,
        })
        .await
        .map_err(retry)?
        .into_inner();
    core.control.clear("replication");
    tracing::info!(primary = %setup.peer.url, from = last.0 + 1, "following the primary");
    // Acknowledge what we already hold, so the primary knows a standby is here.
    ack(core, &mut peer, last.0).await?;
    let start_epoch = core.read(|s| s.epoch.0).map_err(retry)?;
    let (durable, durable_rx) = watch::channel((last.0, start_epoch));
    let mut acker = Acker(tokio::spawn(acknowledge(
        peer.replication.clone(),
        core.control.name.clone(),
        durable_rx,
    )));
    // Count from the snapshot on disk (not from where this start began), like the primary's writer.
    let mut snapshot_at = store.snapshot_seq().ok().flatten().map_or(0, |s| s.0);
    if last.0 >= snapshot_at + setup.snapshot_every.max(1) {
        snapshot(core, prev).await;
        snapshot_at = last.0;
    }
    loop {
        let first = tokio::select! {
            _ = stop.changed() => {
                if last.0 > snapshot_at {
                    snapshot(core, prev).await;
                }
                return Ok(());
            }
            failed = &mut acker.0 => {
                return Err(End::Retry(match failed {
                    Ok(why) => format!("acknowledging: {why}"),
                    Err(e) => format!("acknowledging: {e}"),
                }));
            }
            m = stream.next() => m,
        };
        let Some(first) = first else {
            return Err(End::Retry("the primary closed the log stream".into()));
        };
        let mut batch = vec![first.map_err(retry)?];
        while batch.len() < BATCH {
            match stream.next().now_or_never() {
                Some(Some(Ok(e))) => batch.push(e),
                Some(Some(Err(e))) => return Err(retry(e)),
                _ => break,
            }
        }
        let verified = verify(batch, &mut last, &mut prev)?;
        store_durably(&store, verified.records, verified.max_epoch, epoch).await?;
        let epoch_now = apply(core, &verified.committed)?;
        // Durable up to `last`: the acknowledging task tells the primary, while this loop stores the next batch.
        durable.send_replace((last.0, epoch_now));
        for c in verified.committed {
            let _ = core.published.send(c);
        }
        if last.0 >= snapshot_at + setup.snapshot_every.max(1) {
            snapshot(core, prev).await;
            snapshot_at = last.0;
        }
    }
}

/// Joins the primary: checks it is a primary at this server's epoch or a newer one, and cuts this log's tail
/// where it diverged from the primary's. Returns the connection and this log's head (last entry, its hash, the
/// stored epoch).
async fn join(core: &Core, setup: &FollowSetup) -> Result<(Peer, Seq, Hash, Epoch), End> {
    let store = core.store.as_ref();
    let mut peer = Peer::connect(&setup.peer).await.map_err(End::Retry)?;
    let status = peer.status().await.map_err(retry)?;
    if status.mode != "primary" {
        return Err(End::Retry(format!(
            "{} is {}, not primary",
            setup.peer.url, status.mode
        )));
    }
    let (mut last, mut prev, epoch) = head(store)?;
    if status.epoch < epoch.0 {
        return Err(End::Fatal(format!(
            "{} is at epoch {}, older than this server's epoch {}: refusing to follow an older primary",
            setup.peer.url, status.epoch, epoch.0
        )));
    }
    if last.0 > 0 && !same_at(&mut peer, store, last.0).await? {
        let keep = common_prefix(&mut peer, store, last.0).await?;
        discard_after(core, &setup.data_dir, Seq(keep))?;
        (last, prev, _) = head(store)?;
    }
    Ok((peer, last, prev, epoch))
}

/// A batch from the primary that follows this log without a gap and whose every entry chains onto the one
/// before.
struct Verified {
    /// What to store: each entry's sequence number and stored bytes.
    records: Vec<(Seq, Vec<u8>)>,
    /// What to apply and publish once stored.
    committed: Vec<Arc<Committed>>,
    /// The newest epoch among the entries.
    max_epoch: Epoch,
}

/// Checks a batch against this log's head (`last`, `prev`), advancing the head over it.
fn verify(batch: Vec<pb::LogEntry>, last: &mut Seq, prev: &mut Hash) -> Result<Verified, End> {
    let mut records = Vec::with_capacity(batch.len());
    let mut committed = Vec::with_capacity(batch.len());
    let mut max_epoch = Epoch(0);
    for e in batch {
        let seq = Seq(e.seq);
        if seq != last.next() {
            return Err(End::Fatal(format!(
                "log gap: expected entry {}, the primary sent {}",
                last.next().0,
                seq.0
            )));
        }
        if e.payload.is_empty() {
            return Err(End::Fatal(
                "the primary sent entries without their stored bytes: the replica token must have the \
                 replica role"
                    .into(),
            ));
        }
        let (entry, hash) = decode(&e.payload, prev).map_err(|err| {
            End::Fatal(format!(
                "entry {} from the primary does not verify: {err}",
                seq.0
            ))
        })?;
        if entry.seq != seq {
            return Err(End::Fatal(format!(
                "entry {} carries sequence number {}",
                seq.0, entry.seq.0
            )));
        }
        max_epoch = max_epoch.max(entry.epoch);
        *prev = hash;
        *last = seq;
        records.push((seq, e.payload.clone()));
        committed.push(Arc::new(Committed {
            entry,
            bytes: Arc::new(e.payload),
        }));
    }
    Ok(Verified {
        records,
        committed,
        max_epoch,
    })
}

/// Appends a verified batch and makes it durable, raising the stored epoch when the batch carries a newer one
/// than the session started with.
async fn store_durably(
    store: &Arc<dyn LogStore>,
    records: Vec<(Seq, Vec<u8>)>,
    max_epoch: Epoch,
    stored_epoch: Epoch,
) -> Result<(), End> {
    let to_store = store.clone();
    tokio::task::spawn_blocking(move || -> Result<(), crate::log::StoreError> {
        to_store.append(&records)?;
        to_store.sync()?;
        if max_epoch > stored_epoch && max_epoch > to_store.epoch()? {
            to_store.set_epoch(max_epoch)?;
        }
        Ok(())
    })
    .await
    .map_err(|e| End::Fatal(format!("storage task: {e}")))?
    .map_err(store_err)
}

/// Applies stored entries to the readers' state exactly as replay does; returns the state's epoch after them.
fn apply(core: &Core, committed: &[Arc<Committed>]) -> Result<u64, End> {
    let mut shared = core
        .state
        .write()
        .map_err(|_| End::Fatal("state lock poisoned".into()))?;
    for c in committed {
        apply_entry(&mut shared, &c.entry);
        shared.epoch = shared.epoch.max(c.entry.epoch);
    }
    Ok(shared.epoch.0)
}

/// Takes a snapshot of the applied state (whose last entry has hash `hash`), like a primary's writer does, so a
/// standby's restart replays only the tail too. A failure only costs restart time: it is logged, not fatal.
async fn snapshot(core: &Core, hash: Hash) {
    let Ok(state) = core.read(|s| s.clone()) else {
        return;
    };
    let store = core.store.clone();
    let done = tokio::task::spawn_blocking(move || {
        crate::log::replay::write_snapshot(store.as_ref(), &state, &hash)
    })
    .await;
    if let Ok(Err(e)) = done {
        tracing::warn!(error = %e, "the standby could not take a snapshot");
    }
}

/// The acknowledging task of a following session; it ends with the session.
struct Acker(tokio::task::JoinHandle<String>);

impl Drop for Acker {
    fn drop(&mut self) {
        self.0.abort();
    }
}

type ReplicationClient = pb::replication_client::ReplicationClient<
    tonic::service::interceptor::InterceptedService<tonic::transport::Channel, super::peer::Bearer>,
>;

/// Tells the primary each new durable position (sequence number and this server's epoch then), up to
/// [`ACKS_IN_FLIGHT`] at once; positions that pile up meanwhile go as one. Returns why it stopped.
async fn acknowledge(
    client: ReplicationClient,
    standby: String,
    mut durable: watch::Receiver<(u64, u64)>,
) -> String {
    let mut flying = futures::stream::FuturesUnordered::new();
    loop {
        tokio::select! {
            changed = durable.changed(), if flying.len() < ACKS_IN_FLIGHT => {
                if changed.is_err() {
                    return "the session ended".into();
                }
                let (seq, epoch) = *durable.borrow_and_update();
                let mut client = client.clone();
                let standby = standby.clone();
                flying.push(async move {
                    client.ack(pb::AckRequest { seq, epoch, standby }).await
                });
            }
            Some(done) = flying.next(), if !flying.is_empty() => {
                if let Err(e) = done {
                    return e.to_string();
                }
            }
        }
    }
}

async fn ack(core: &Core, peer: &mut Peer, seq: u64) -> Result<(), End> {
    let epoch = core.read(|s| s.epoch.0).map_err(retry)?;
    peer.replication
        .ack(pb::AckRequest {
            seq,
            epoch,
            standby: core.control.name.clone(),
        })
        .await
        .map_err(retry)?;
    Ok(())
}

/// Why a promotion was refused.
#[derive(Debug, thiserror::Error)]
pub enum PromoteError {
    /// Already the primary.
    #[error("this server is already the primary")]
    AlreadyPrimary,
    /// Storage or writer failure.
    #[error("promotion failed: {0}")]
    Failed(String),
}

/// Makes this standby the primary: stops following, bumps the epoch durably, starts the writer.
pub async fn promote(core: &Arc<Core>) -> Result<Epoch, PromoteError> {
    if core.control.mode() == Mode::Primary {
        return Err(PromoteError::AlreadyPrimary);
    }
    if let Some((stop, task)) = core.control.take_follower() {
        let _ = stop.send(true);
        let _ = task.await;
    }
    let store = core.store.clone();
    let (working, last_hash, epoch) = tokio::task::spawn_blocking({
        let state = core.state.clone();
        move || -> Result<_, String> {
            let (_, hash, stored) =
                head(store.as_ref()).map_err(|_| "cannot read the log".to_string())?;
            let mut shared = state
                .write()
                .map_err(|_| "state lock poisoned".to_string())?;
            let epoch = Epoch(stored.0.max(shared.epoch.0) + 1);
            store.set_epoch(epoch).map_err(|e| e.to_string())?;
            shared.epoch = epoch;
            Ok((shared.clone(), hash, epoch))
        }
    })
    .await
    .map_err(|e| PromoteError::Failed(e.to_string()))?
    .map_err(PromoteError::Failed)?;
    let (w, thread) = writer::spawn(writer::WriterParts {
        store: core.store.clone(),
        working,
        last_hash,
        shared: core.state.clone(),
        published: core.published.clone(),
        snapshot_every: core
            .control
            .fence
            .as_ref()
            .map_or(writer::SNAPSHOT_EVERY, |f| f.snapshot_every),
        replicate: None,
    })
    .map_err(|e| PromoteError::Failed(e.to_string()))?;
    core.control.hub.restart();
    core.control.install_writer(w, thread);
    core.control.set_mode(Mode::Primary);
    core.control.clear("replication");
    tracing::warn!(epoch = epoch.0, "promoted: this server is now the primary");
    Ok(epoch)
}

/// Steps down from primary to follow `setup.peer` (which runs a newer epoch).
pub async fn step_down(core: &Arc<Core>, setup: FollowSetup) {
    tracing::warn!(primary = %setup.peer.url, "a newer primary exists: stepping down to follow it");
    core.control.set_mode(Mode::Standby {
        primary: setup.peer.url.clone(),
    });
    // Every desk still waiting for the standby's acknowledgement is answered now, UNAVAILABLE: its entry may be
    // among those about to be discarded, and this server can no longer vouch for it.
    core.control.hub.depose();
    if let Some(thread) = core.control.take_writer() {
        let _ = tokio::task::spawn_blocking(move || thread.join()).await;
    }
    let (stop, task) = start(core.clone(), setup);
    core.control.set_follower(stop, task);
}

/// While primary: every second, ask the peer; if it is a primary with a newer epoch, step down and follow it.
pub async fn fence(core: Arc<Core>, setup: FollowSetup) {
    let mut stopping = core.stopping.clone();
    loop {
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_secs(1)) => {}
            _ = stopping.wait_for(|s| *s) => return,
        }
        if core.control.mode() != Mode::Primary {
            continue;
        }
        if newer_primary(&core, &setup.peer).await {
            step_down(&core, setup.clone()).await;
        }
    }
}

/// Is the peer a primary with a higher epoch than ours?
pub async fn newer_primary(core: &Core, peer: &PeerConfig) -> bool {
    let ours = core.read(|s| s.epoch.0).unwrap_or(0);
    match peer_status(peer, Duration::from_millis(800)).await {
        Some(s) => s.mode == "primary" && s.epoch > ours,
        None => false,
    }
}
