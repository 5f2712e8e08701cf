//! The single writer: takes commands off a channel, checks them against the current state, appends a batch to
//! the store, makes it durable once (group commit), then applies it to the readers' state, publishes it to
//! watchers and only then answers. A storage failure stops the writer: later commands get `Unavailable`.
//! Request ids are remembered per terminal (a retry gets its original answer). `rehearse` decides a command the
//! same way against a scratch state without writing (dry runs).

use super::entry::{decode_trusted, encode, stored_hash, Hash, LogEntry};
use super::replay::{apply_entry, record_entry, write_snapshot, LogError};
use super::store::LogStore;
use crate::domain::{
    decide, decide::token_secret, Actor, Command, Context, Rejected, RequestKey, Seq, State,
    Subject,
};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use tokio::sync::{broadcast, mpsc, oneshot};

/// The most commands folded into one flush.
const MAX_BATCH: usize = 1024;

/// A committed entry as published to watchers: the decoded entry and its stored bytes.
#[derive(Debug, Clone)]
pub struct Committed {
    /// The entry.
    pub entry: LogEntry,
    /// Exactly what was stored (hash ‖ body), for Raft and the watchers.
    pub bytes: Arc<Vec<u8>>,
}

/// What a command's sender gets back once it is durable.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The entry that carries the change.
    pub seq: Seq,
    /// That entry's hash: the answer holds only while the log still has this entry at `seq`.
    pub hash: Hash,
    /// The record after the change.
    pub subject: Option<Subject>,
    /// True when this answers a retry of an already committed request.
    pub replayed: bool,
    /// A new token's secret (CreateToken only; absent on a retry after a restart).
    pub token_secret: Option<String>,
}

/// Why a command got no outcome.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The register refused it; nothing changed.
    #[error(transparent)]
    Rejected(#[from] Rejected),
    /// The writer has stopped (storage failure or shutdown); nothing is known to have changed.
    #[error("the log is not accepting writes: {0}")]
    Unavailable(String),
}

struct Submission {
    cmd: Command,
    actor: Actor,
    request_id: String,
    reply: oneshot::Sender<Result<Outcome, WriteError>>,
}

/// The handle services use to submit commands. Cheap to clone.
#[derive(Clone)]
pub struct Writer {
    tx: mpsc::Sender<Submission>,
    /// Why the writer stopped, once storage has failed.
    failure: Arc<Mutex<Option<String>>>,
}

impl Writer {
    /// Submits a command and waits until it is durable (or refused).
    pub async fn submit(
        &self,
        cmd: Command,
        actor: Actor,
        request_id: String,
    ) -> Result<Outcome, WriteError> {
        let (reply, answer) = oneshot::channel();
        let sub = Submission {
            cmd,
            actor,
            request_id,
            reply,
        };
        if let Err(_closed) = self.tx.send(sub).await {
            let why = self.failure.lock().ok().and_then(|f| f.clone());
            return Err(WriteError::Unavailable(
                why.unwrap_or_else(|| "the writer has stopped".into()),
            ));
        }
        answer
            .await
            .map_err(|_| WriteError::Unavailable("the writer stopped before answering".into()))?
    }
}

/// Where a quorum venue's writer sends each group commit instead of appending it itself: Raft replicates it, and
/// once a majority holds it durable the state machine appends it to the log, applies and publishes it on every
/// voter. Implemented by `replica::quorum::node`.
pub trait Replicate: Send + Sync {
    /// Hands a group commit (the stored bytes of its entries) to Raft, in the order of the calls, blocking while
    /// too many are on their way. `done` is called once, in the same order, with whether each entry is now in the
    /// log, or why its fate is unknown (no majority, leadership lost).
    fn propose(&self, entries: Vec<Vec<u8>>, done: Done);
}

/// What a [`Replicate`] calls when a group commit's fate is known.
pub type Done = Box<dyn FnOnce(Result<Vec<bool>, String>) + Send>;

/// Answers a group commit's desks once Raft has decided it, and stops the writer (through `failure`) if any entry
/// was not kept: the writer's working state then includes entries the log does not, so every later answer waits
/// for a fresh writer.
fn answer_when_decided(
    replies: Vec<Reply>,
    seqs: Vec<Seq>,
    failure: Arc<Mutex<Option<String>>>,
) -> Done {
    Box::new(move |decided| {
        let earlier = failure.lock().ok().and_then(|f| f.clone());
        let kept: Result<Vec<bool>, String> = match (earlier, decided) {
            (Some(why), _) => Err(why),
            (None, Ok(kept)) if kept.len() == seqs.len() => Ok(kept),
            (None, Ok(kept)) => Err(format!(
                "the quorum answered for {} of {} entries",
                kept.len(),
                seqs.len()
            )),
            (None, Err(why)) => Err(why),
        };
        let left_out: Vec<Seq> = match &kept {
            Ok(kept) => seqs
                .iter()
                .zip(kept)
                .filter(|(_, k)| !**k)
                .map(|(s, _)| *s)
                .collect(),
            Err(_) => seqs.clone(),
        };
        let why = match &kept {
            Err(why) => Some(why.clone()),
            Ok(_) if !left_out.is_empty() => Some(
                "the log moved on under this server's batch (a new leader was elected); retry with the same \
                 request id"
                    .to_string(),
            ),
            Ok(_) => None,
        };
        if let Some(why) = &why {
            if let Ok(mut slot) = failure.lock() {
                slot.get_or_insert_with(|| why.clone());
            }
        }
        for (reply, result) in replies {
            let result = match (&why, &kept, result) {
                // Everything decided against a state that held entries the log did not keep is unknown.
                (Some(why), Err(_), _) => Err(WriteError::Unavailable(why.clone())),
                (Some(why), Ok(_), Ok(o)) if !o.replayed && left_out.contains(&o.seq) => {
                    Err(WriteError::Unavailable(why.clone()))
                }
                (_, _, result) => result,
            };
            let _ = reply.send(result);
        }
    })
}

impl Writer {
    /// True once the writer has stopped taking commands (storage failure, or a quorum writer whose batch Raft did
    /// not keep).
    pub fn is_stopped(&self) -> bool {
        self.tx.is_closed() || self.failure.lock().map_or(true, |f| f.is_some())
    }
}

/// Everything the writer thread owns.
pub struct WriterParts {
    /// Where entries go.
    pub store: Arc<dyn LogStore>,
    /// The writer's own copy of the state (ahead of the readers' by at most one unflushed batch).
    pub working: State,
    /// The hash of the last entry.
    pub last_hash: Hash,
    /// The readers' state, updated only after a flush.
    pub shared: Arc<RwLock<State>>,
    /// Where committed entries are published.
    pub published: broadcast::Sender<Arc<Committed>>,
    /// A snapshot every this many entries ([`SNAPSHOT_EVERY`] unless the operator says otherwise).
    pub snapshot_every: u64,
    /// In a quorum venue, where group commits go (see [`Replicate`]); `None`: straight to `store`.
    pub replicate: Option<Arc<dyn Replicate>>,
}

/// Starts the writer on its own thread. It stops when every `Writer` handle is dropped or storage fails.
pub fn spawn(
    parts: WriterParts,
) -> std::io::Result<(Writer, std::thread::JoinHandle<Result<(), LogError>>)> {
    let (tx, rx) = mpsc::channel(4 * MAX_BATCH);
    let failure = Arc::new(Mutex::new(None));
    let slot = failure.clone();
    let handle = std::thread::Builder::new()
        .name("tengen-writer".into())
        .spawn(move || run(parts, rx, slot))?;
    Ok((Writer { tx, failure }, handle))
}

struct Staged {
    entry: LogEntry,
    bytes: Vec<u8>,
}

type Reply = (
    oneshot::Sender<Result<Outcome, WriteError>>,
    Result<Outcome, WriteError>,
);

/// A snapshot is taken every this many entries (and when the writer stops), so a restart replays only the tail.
pub const SNAPSHOT_EVERY: u64 = 50_000;

fn run(
    mut parts: WriterParts,
    mut rx: mpsc::Receiver<Submission>,
    failure: Arc<Mutex<Option<String>>>,
) -> Result<(), LogError> {
    let mut secrets: HashMap<RequestKey, String> = HashMap::new();
    // Count from the snapshot on disk, not from where this start's replay ended: after a series of crashes the
    // tail since the snapshot may already be long, and a start that replayed a whole interval takes one at once.
    let mut snapshot_at = parts
        .store
        .snapshot_seq()
        .ok()
        .flatten()
        .map_or(0, |seq| seq.0);
    if parts.working.last_seq.0 >= snapshot_at + parts.snapshot_every.max(1) {
        match write_snapshot(parts.store.as_ref(), &parts.working, &parts.last_hash) {
            Ok(()) => snapshot_at = parts.working.last_seq.0,
            Err(e) => tracing::warn!(error = %e, "could not take a snapshot at start"),
        }
    }
    let result = run_batches(
        &mut parts,
        &mut rx,
        &mut secrets,
        &mut snapshot_at,
        &failure,
    );
    if let Err(e) = &result {
        if let Ok(mut slot) = failure.lock() {
            *slot = Some(refusal(e));
        }
    }
    // A quorum writer's working state may be ahead of what Raft has decided: the voter snapshots the applied state.
    if result.is_ok() && parts.replicate.is_none() && parts.working.last_seq.0 > snapshot_at {
        if let Err(e) = write_snapshot(parts.store.as_ref(), &parts.working, &parts.last_hash) {
            tracing::warn!(error = %e, "could not take a snapshot at shutdown");
        }
    }
    result
}

fn run_batches(
    parts: &mut WriterParts,
    rx: &mut mpsc::Receiver<Submission>,
    secrets: &mut HashMap<RequestKey, String>,
    snapshot_at: &mut u64,
    failure: &Arc<Mutex<Option<String>>>,
) -> Result<(), LogError> {
    while let Some(first) = rx.blocking_recv() {
        let stopped = failure.lock().ok().and_then(|f| f.clone());
        if let Some(why) = stopped {
            let _ = first.reply.send(Err(WriteError::Unavailable(why.clone())));
            stop_taking(rx, &why);
            return Err(LogError::Quorum(why));
        }
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(sub) => batch.push(sub),
                Err(_) => break,
            }
        }
        let mut staged = Vec::new();
        let mut replies: Vec<Reply> = Vec::with_capacity(batch.len());
        for sub in batch {
            let result = stage(parts, secrets, &sub, &mut staged);
            replies.push((sub.reply, result));
        }
        if let Some(quorum) = parts.replicate.clone() {
            // Pipelined: the next batch is decided while this one is on its way; every answer of a batch (refusals
            // and retries of earlier commands included) waits until Raft has decided it and those before it.
            let seqs = staged.iter().map(|s| s.entry.seq).collect();
            let bytes = staged.into_iter().map(|s| s.bytes).collect();
            quorum.propose(bytes, answer_when_decided(replies, seqs, failure.clone()));
            let stopped = failure.lock().ok().and_then(|f| f.clone());
            if let Some(why) = stopped {
                stop_taking(rx, &why);
                return Err(LogError::Quorum(why));
            }
            continue;
        }
        if let Err(err) = commit(parts, staged) {
            tracing::error!(error = %err, "log write failed; the writer stops accepting commands");
            let why = refusal(&err);
            for (reply, _) in replies {
                let _ = reply.send(Err(WriteError::Unavailable(why.clone())));
            }
            stop_taking(rx, &why);
            return Err(err);
        }
        for (reply, result) in replies {
            let _ = reply.send(result);
        }
        if parts.working.last_seq.0 >= *snapshot_at + parts.snapshot_every.max(1) {
            match write_snapshot(parts.store.as_ref(), &parts.working, &parts.last_hash) {
                Ok(()) => *snapshot_at = parts.working.last_seq.0,
                Err(e) => tracing::warn!(error = %e, "could not take a snapshot"),
            }
        }
    }
    Ok(())
}

/// Refuses every queued command with `why` and takes no more.
fn stop_taking(rx: &mut mpsc::Receiver<Submission>, why: &str) {
    rx.close();
    while let Ok(sub) = rx.try_recv() {
        let _ = sub
            .reply
            .send(Err(WriteError::Unavailable(why.to_string())));
    }
}

/// What a desk is told once storage has failed: a full disk in words a director can act on, anything else as
/// the store said it. Reads keep working either way.
fn refusal(err: &LogError) -> String {
    match err {
        LogError::Quorum(why) => why.clone(),
        LogError::Store(e) if e.disk_full() => "the server's disk is full, so nothing more can be written \
            (nothing was lost, and reads still work): free space on the server and restart it; on a venue, the other \
            machines carry on"
            .to_string(),
        other => format!("the server cannot write to its disk ({other}): reads still work; restart the server; on \
            a venue, the other machines carry on"),
    }
}

/// The answer recorded with entry `seq`: from this batch if it is still staged, else from the store.
fn answer_of(
    parts: &WriterParts,
    staged: &[Staged],
    seq: Seq,
) -> Result<(Option<Subject>, Hash), WriteError> {
    let unavailable =
        |e: String| WriteError::Unavailable(format!("cannot read entry {}: {e}", seq.0));
    if let Some(s) = staged.iter().find(|s| s.entry.seq == seq) {
        let hash = stored_hash(&s.bytes).ok_or_else(|| unavailable("truncated".into()))?;
        return Ok((s.entry.subject.clone(), hash));
    }
    let found = parts
        .store
        .read_from(seq, 1)
        .map_err(|e| unavailable(e.to_string()))?;
    match found.first() {
        Some((s, bytes)) if *s == seq => {
            let (entry, hash) = decode_trusted(bytes).map_err(|e| unavailable(e.to_string()))?;
            Ok((entry.subject, hash))
        }
        _ => Err(unavailable("missing".into())),
    }
}

/// Decides one submission against the working state and stages its entry; answers retries from the log.
fn stage(
    parts: &mut WriterParts,
    secrets: &mut HashMap<RequestKey, String>,
    sub: &Submission,
    staged: &mut Vec<Staged>,
) -> Result<Outcome, WriteError> {
    let fingerprint = fingerprint(&sub.cmd);
    let key = RequestKey::new(&sub.actor.terminal, &sub.request_id);
    if let Some(seq) = earlier(&parts.working, &key, &fingerprint)? {
        let (subject, hash) = answer_of(parts, staged, seq)?;
        return Ok(Outcome {
            seq,
            hash,
            subject,
            replayed: true,
            token_secret: secrets.get(&key).cloned(),
        });
    }
    let ctx = Context {
        actor: sub.actor.clone(),
        now_ms: now_ms(),
        entropy: rand::random(),
    };
    let events = decide(&parts.working, &sub.cmd, &ctx)?;
    let seq = parts.working.last_seq.next();
    let mut entry = LogEntry {
        seq,
        epoch: parts.working.epoch,
        timestamp_ms: ctx.now_ms,
        terminal: sub.actor.terminal.clone(),
        role: sub.actor.role,
        operator: sub.actor.operator.clone(),
        request_id: sub.request_id.clone(),
        fingerprint,
        events,
        subject: None,
    };
    for event in &entry.events {
        parts.working.apply(event);
    }
    entry.subject = entry
        .events
        .last()
        .and_then(|e| parts.working.subject_of(e));
    record_entry(&mut parts.working, &entry);
    let (bytes, hash) = encode(&entry, &parts.last_hash)
        .map_err(|e| WriteError::Unavailable(format!("cannot encode entry: {e}")))?;
    parts.last_hash = hash;
    let secret = matches!(sub.cmd, Command::CreateToken { .. }).then(|| token_secret(&ctx));
    if let Some(s) = &secret {
        secrets.insert(key, s.clone());
    }
    let outcome = Outcome {
        seq,
        hash,
        subject: entry.subject.clone(),
        replayed: false,
        token_secret: secret,
    };
    staged.push(Staged { entry, bytes });
    Ok(outcome)
}

/// The entry of an earlier request with this key, if any; a reused id with a different command is refused. Ids are
/// scoped by terminal: another desk's identical id is that desk's own command, not a retry of this one.
fn earlier(state: &State, key: &RequestKey, fingerprint: &str) -> Result<Option<Seq>, Rejected> {
    match state.requests.get(key) {
        Some(seen) if seen.fingerprint != fingerprint => {
            Err(Rejected::RequestIdReused(key.id.clone()))
        }
        Some(seen) => Ok(Some(seen.seq)),
        None => Ok(None),
    }
}

/// What a command would do, decided without writing (a dry run).
#[derive(Debug, Clone)]
pub struct Rehearsal {
    /// The record it would produce; `None` for a retry (the original answer is in the log, not in the state).
    pub subject: Option<Subject>,
    /// True when the writer would answer it as a retry of an already committed request.
    pub replayed: bool,
}

/// Decides `cmd` as the writer would (request-id memory first, then `decide`) against `scratch`, a copy of the
/// state the caller owns and throws away. An accepted command is applied to `scratch` and its id remembered, so
/// a sequence of rehearsals sees each other as the real commands would. Nothing is written.
pub fn rehearse(
    scratch: &mut State,
    cmd: &Command,
    ctx: &Context,
    request_id: &str,
) -> Result<Rehearsal, Rejected> {
    let fingerprint = fingerprint(cmd);
    let key = RequestKey::new(&ctx.actor.terminal, request_id);
    if earlier(scratch, &key, &fingerprint)?.is_some() {
        return Ok(Rehearsal {
            subject: None,
            replayed: true,
        });
    }
    let events = decide(scratch, cmd, ctx)?;
    for event in &events {
        scratch.apply(event);
    }
    let subject = events.last().and_then(|e| scratch.subject_of(e));
    let seq = scratch.last_seq.next();
    scratch
        .requests
        .insert(key, crate::domain::RequestRecord { fingerprint, seq });
    scratch.last_seq = seq;
    Ok(Rehearsal {
        subject,
        replayed: false,
    })
}

/// Appends the staged entries, makes them durable, then applies and publishes them.
fn commit(parts: &mut WriterParts, staged: Vec<Staged>) -> Result<(), LogError> {
    if staged.is_empty() {
        return Ok(());
    }
    let records: Vec<(Seq, Vec<u8>)> = staged
        .iter()
        .map(|s| (s.entry.seq, s.bytes.clone()))
        .collect();
    parts.store.append(&records)?;
    parts.store.sync()?;
    {
        let mut shared = parts.shared.write().map_err(|_| {
            LogError::Store(super::store::StoreError::Corrupt(
                "state lock poisoned".into(),
            ))
        })?;
        for s in &staged {
            apply_entry(&mut shared, &s.entry);
        }
    }
    for s in staged {
        let _ = parts.published.send(Arc::new(Committed {
            entry: s.entry,
            bytes: Arc::new(s.bytes),
        }));
    }
    Ok(())
}

/// A stable hash of a command, so a reused request id with different content is caught.
pub fn fingerprint(cmd: &Command) -> String {
    let bytes = serde_json::to_vec(cmd).unwrap_or_default();
    hex::encode(Sha256::digest(&bytes))
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
