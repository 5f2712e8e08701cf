//! The `Log` service: `Watch` streams the durable log from a sequence number, then live.
//!
//! It subscribes to the live feed before reading history, so no entry falls between the two; duplicates are
//! skipped by sequence number, and a watcher that falls behind the feed catches up from the store. A stream ends
//! with `UNAUTHENTICATED` as soon as its token is revoked, before any later entry.

use super::convert::entry_to_pb;
use super::Core;
use crate::auth::revocation::{end_when_revoked, revoked, revoked_status, revokes};
use crate::auth::{allows, caller, credential, Action};
use crate::domain::{Seq, State, TokenId};
use crate::log::entry::{decode_trusted, Hash, GENESIS};
use crate::log::{LogEntry, LogStore};
use std::pin::Pin;
use std::sync::{Arc, RwLock};
use tengen_proto::v1 as pb;
use tengen_proto::v1::log_server::Log;
use tokio::sync::{broadcast, mpsc};
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::Stream;
use tonic::{Request, Response, Status};

/// How many history entries are read per step.
const CHUNK: usize = 512;

/// Serves `tengen.v1.Log`.
pub struct LogService {
    core: Arc<Core>,
}

impl LogService {
    /// A service over the shared core.
    pub fn new(core: Arc<Core>) -> Self {
        LogService { core }
    }
}

/// What one watcher may see.
#[derive(Clone, Copy)]
struct View {
    private: bool,
    payload: bool,
    /// The watcher's token: the stream stops at the entry that revokes it.
    token: Option<TokenId>,
}

/// The applied state, read for names and numbers in round subjects.
type Shared = Arc<RwLock<State>>;

type Sink = mpsc::Sender<Result<pb::LogEntry, Status>>;

#[tonic::async_trait]
impl Log for LogService {
    type WatchStream = Pin<Box<dyn Stream<Item = Result<pb::LogEntry, Status>> + Send>>;

    async fn watch(
        &self,
        req: Request<pb::WatchRequest>,
    ) -> Result<Response<Self::WatchStream>, Status> {
        let caller = caller(&req)?;
        caller.require(Action::Watch)?;
        let token = credential(&req);
        let view = View {
            private: caller.sees_private(),
            payload: allows(caller.role, Action::Replicate),
            token,
        };
        let from = Seq(req.get_ref().from_seq.max(1));
        let live = self.core.published.subscribe();
        let store = self.core.store.clone();
        let state = self.core.state.clone();
        let mut stopping = self.core.stopping.clone();
        let (tx, rx) = mpsc::channel(256);
        let span = tracing::info_span!("watch", terminal = %caller.terminal, from = from.0);
        let feed = stream(store, state, live, from, view, tx);
        tokio::spawn(tracing::Instrument::instrument(
            async move {
                tokio::select! {
                    _ = feed => {}
                    _ = stopping.wait_for(|stop| *stop) => tracing::debug!("watch ended by shutdown"),
                }
            },
            span,
        ));
        let entries = ReceiverStream::new(rx);
        Ok(Response::new(match token {
            Some(token) => {
                let gone = revoked(
                    self.core.published.subscribe(),
                    self.core.state.clone(),
                    token,
                );
                Box::pin(end_when_revoked(entries, gone))
            }
            None => Box::pin(entries),
        }))
    }
}

/// Sends history from `from`, then live entries, until the watcher goes away or the server stops.
async fn stream(
    store: Arc<dyn LogStore>,
    state: Shared,
    mut live: broadcast::Receiver<Arc<crate::log::Committed>>,
    from: Seq,
    view: View,
    tx: Sink,
) {
    let mut next = from;
    let mut prev = GENESIS;
    if catch_up(&store, &state, &mut next, &mut prev, view, &tx)
        .await
        .is_err()
    {
        return;
    }
    loop {
        match live.recv().await {
            Ok(c) if c.entry.seq < next => continue,
            Ok(c) if c.entry.seq == next => {
                let hash = crate::log::entry::stored_hash(&c.bytes).unwrap_or(GENESIS);
                if send(&tx, &state, &c.entry, &c.bytes, &prev, view)
                    .await
                    .is_err()
                {
                    return;
                }
                prev = hash;
                next = next.next();
            }
            Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {
                if catch_up(&store, &state, &mut next, &mut prev, view, &tx)
                    .await
                    .is_err()
                {
                    return;
                }
            }
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}

/// Streams stored entries from `next` to the end of the log.
async fn catch_up(
    store: &Arc<dyn LogStore>,
    state: &Shared,
    next: &mut Seq,
    prev: &mut Hash,
    view: View,
    tx: &Sink,
) -> Result<(), ()> {
    if *prev == GENESIS && next.0 > 1 {
        let before = Seq(next.0 - 1);
        let s = store.clone();
        if let Ok(Ok(rows)) = tokio::task::spawn_blocking(move || s.read_from(before, 1)).await {
            if let Some((_, bytes)) = rows.first() {
                *prev = crate::log::entry::stored_hash(bytes).unwrap_or(GENESIS);
            }
        }
    }
    loop {
        let s = store.clone();
        let at = *next;
        let rows = match tokio::task::spawn_blocking(move || s.read_from(at, CHUNK)).await {
            Ok(Ok(rows)) => rows,
            Ok(Err(e)) => {
                let _ = tx
                    .send(Err(Status::unavailable(format!("reading the log: {e}"))))
                    .await;
                return Err(());
            }
            Err(_) => return Err(()),
        };
        if rows.is_empty() {
            return Ok(());
        }
        for (seq, bytes) in rows {
            let (entry, hash) = match decode_trusted(&bytes) {
                Ok(x) => x,
                Err(e) => {
                    let _ = tx
                        .send(Err(Status::data_loss(format!(
                            "log entry {seq} is unreadable: {e}"
                        ))))
                        .await;
                    return Err(());
                }
            };
            send(tx, state, &entry, &bytes, prev, view).await?;
            *prev = hash;
            *next = seq.next();
        }
    }
}

/// Converts one entry (under a short read lock, never held across the send) and sends it.
/// Fault injection for the end-to-end tests only: with `TENGEN_FAULT_CORRUPT_SEQ=N` in the server's environment,
/// the stored bytes of entry N are sent with one byte flipped, so a standby's verification can be exercised.
fn corrupt_for_tests(mut e: pb::LogEntry) -> pb::LogEntry {
    static FAULT: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    let fault = FAULT.get_or_init(|| {
        std::env::var("TENGEN_FAULT_CORRUPT_SEQ")
            .ok()
            .and_then(|v| v.parse().ok())
    });
    if *fault == Some(e.seq) {
        if let Some(b) = e.payload.last_mut() {
            *b ^= 0x01;
        }
    }
    e
}

async fn send(
    tx: &Sink,
    state: &Shared,
    entry: &LogEntry,
    bytes: &[u8],
    prev: &Hash,
    view: View,
) -> Result<(), ()> {
    if view.token.is_some_and(|t| revokes(&entry.events, t)) {
        let _ = tx.send(Err(revoked_status())).await;
        return Err(());
    }
    let item = match state.read() {
        Ok(s) => Ok(entry_to_pb(
            &s,
            entry,
            bytes,
            prev,
            view.private,
            view.payload,
        )),
        Err(_) => Err(Status::internal("state lock poisoned")),
    };
    let item = item.map(corrupt_for_tests);
    let failed = item.is_err();
    tx.send(item).await.map_err(|_| ())?;
    if failed {
        Err(())
    } else {
        Ok(())
    }
}
