//! The `Replication` service: consistent backups streamed to the director's desk. (Machines of a venue
//! replicate through Raft: `replica::quorum::network`.)

use super::Core;
use crate::auth::revocation::{end_when_revoked, revoked};
use crate::auth::{caller, credential, Action};
use crate::replica::backup;
use std::pin::Pin;
use std::sync::Arc;
use tengen_proto::v1 as pb;
use tengen_proto::v1::replication_server::Replication;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::Stream;
use tonic::{Request, Response, Status};

/// Bytes per backup chunk.
const CHUNK: usize = 256 * 1024;

/// Serves `tengen.v1.Replication`.
pub struct ReplicationService {
    core: Arc<Core>,
}

impl ReplicationService {
    /// A service over the shared core.
    pub fn new(core: Arc<Core>) -> Self {
        ReplicationService { core }
    }
}

/// Sends written bytes as chunks down a channel (used from a blocking task).
struct ChunkWriter {
    tx: mpsc::Sender<Result<pb::BackupChunk, Status>>,
    buf: Vec<u8>,
}

impl std::io::Write for ChunkWriter {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= CHUNK {
            self.flush()?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let data = std::mem::take(&mut self.buf);
        self.tx
            .blocking_send(Ok(pb::BackupChunk { data }))
            .map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the desk went away"))
    }
}

#[tonic::async_trait]
impl Replication for ReplicationService {
    type BackupStream = Pin<Box<dyn Stream<Item = Result<pb::BackupChunk, Status>> + Send>>;

    async fn backup(
        &self,
        req: Request<pb::BackupRequest>,
    ) -> Result<Response<Self::BackupStream>, Status> {
        let caller = caller(&req)?;
        caller.require(Action::ManageTokens)?;
        let token = credential(&req);
        // The state and the log up to its last entry are consistent: entries are applied only after they are
        // durable, and the store never loses a durable entry.
        let state = self.core.read(|s| s.clone())?;
        let store = self.core.store.clone();
        let (tx, rx) = mpsc::channel(8);
        tokio::task::spawn_blocking(move || {
            let mut out = ChunkWriter {
                tx: tx.clone(),
                buf: Vec::new(),
            };
            let result = backup::export(store.as_ref(), &state, &mut out)
                .map_err(|e| e.to_string())
                .and_then(|_| std::io::Write::flush(&mut out).map_err(|e| e.to_string()));
            if let Err(e) = result {
                let _ = tx.blocking_send(Err(Status::internal(format!("backup failed: {e}"))));
            }
        });
        let chunks = ReceiverStream::new(rx);
        // A backup stops when its token is revoked (the export then sees the desk gone and stops too).
        Ok(Response::new(match token {
            Some(token) => {
                let gone = revoked(
                    self.core.published.subscribe(),
                    self.core.state.clone(),
                    token,
                );
                Box::pin(end_when_revoked(chunks, gone))
            }
            None => Box::pin(chunks),
        }))
    }
}
