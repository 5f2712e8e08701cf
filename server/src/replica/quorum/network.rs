//! Raft's messages between the voters, over the venue's own gRPC port: the client side (openraft's
//! `RaftNetworkFactory`, one lazily connected TLS channel per voter) and the `Quorum` service that hands incoming
//! messages to the local Raft node. Messages travel as openraft's values in JSON. The voters authenticate each
//! other with the shared replica secret (the replica token file every voter is started with), compared in constant
//! time (as digests); desk tokens are never accepted here. Must not touch the state or the logs: only carries messages.

use super::node::LEASE_MS;
use super::pre_vote::{self, PreVoteRequest};
use super::take_over::{check, Fence, Stale, FENCED};
use super::types::{NodeId, TypeConfig};
use openraft::error::{
    InstallSnapshotError, NetworkError, RPCError, RaftError, RemoteError, Unreachable,
};
use openraft::network::{RPCOption, RaftNetwork, RaftNetworkFactory};
use openraft::raft::{
    AppendEntriesRequest, AppendEntriesResponse, InstallSnapshotRequest, InstallSnapshotResponse,
    VoteRequest, VoteResponse,
};
use openraft::{BasicNode, Raft};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Duration;
use tengen_proto::v1 as pb;
use tonic::metadata::MetadataValue;
use tonic::transport::{Certificate, Channel, ClientTlsConfig, Endpoint};
use tonic::{Request, Response, Status};

/// The largest Raft message accepted (a batch of large round entries).
const MAX_MESSAGE: usize = 64 * 1024 * 1024;

/// How the voters reach each other.
#[derive(Clone)]
pub struct Network {
    /// Every voter's address by number.
    pub voters: BTreeMap<NodeId, String>,
    /// The venue CA (PEM); `None` for plaintext development servers.
    pub ca_pem: Option<String>,
    /// The shared replica secret.
    pub secret: String,
    /// This machine's generation of the venue, sent with every message, and its switch (`take_over`).
    pub fence: Fence,
}

/// The metadata key of the sender's generation.
const GENERATION: &str = "tengen-generation";

/// A client for one voter.
pub struct Connection {
    target: NodeId,
    client: Result<pb::quorum_client::QuorumClient<Channel>, String>,
    net: Network,
}

impl Network {
    /// A lazily connecting client to `url`.
    pub fn channel(&self, url: &str) -> Result<Channel, String> {
        let mut endpoint = Endpoint::from_shared(url.to_string())
            .map_err(|e| format!("bad voter address {url}: {e}"))?
            .connect_timeout(Duration::from_millis(800))
            .tcp_nodelay(true)
            .http2_keep_alive_interval(Duration::from_secs(1))
            .keep_alive_timeout(Duration::from_secs(2))
            .keep_alive_while_idle(true);
        if let Some(ca) = &self.ca_pem {
            endpoint = endpoint
                .tls_config(ClientTlsConfig::new().ca_certificate(Certificate::from_pem(ca)))
                .map_err(|e| format!("voter TLS: {e}"))?;
        }
        Ok(endpoint.connect_lazy())
    }

    fn connect(&self, target: NodeId, node: &BasicNode) -> Connection {
        let url = self
            .voters
            .get(&target)
            .cloned()
            .unwrap_or_else(|| node.addr.clone());
        let client = self.channel(&url).map(|c| {
            pb::quorum_client::QuorumClient::new(c)
                .max_decoding_message_size(MAX_MESSAGE)
                .max_encoding_message_size(MAX_MESSAGE)
        });
        Connection {
            target,
            client,
            net: self.clone(),
        }
    }

    /// Signs a request as this venue's machine: the replica secret and this machine's generation.
    pub fn stamp<T>(&self, request: &mut Request<T>) {
        if let Ok(auth) = format!("Bearer {}", self.secret).parse() {
            request.metadata_mut().insert("authorization", auth);
        }
        request
            .metadata_mut()
            .insert(GENERATION, MetadataValue::from(self.fence.generation()));
    }

    /// Reads a refusal: when the receiver says the venue was taken over since this machine knew it, this machine
    /// stops (its fence trips).
    pub fn heed(&self, status: &Status) {
        if status.code() == tonic::Code::FailedPrecondition && status.message().starts_with(FENCED)
        {
            let theirs = generation_of(status.metadata());
            self.fence.trip(theirs.max(self.fence.generation() + 1));
        }
    }
}

/// The generation a message or a refusal carries (0: a machine from before any take-over).
fn generation_of(metadata: &tonic::metadata::MetadataMap) -> u64 {
    metadata
        .get(GENERATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

impl RaftNetworkFactory<TypeConfig> for Network {
    type Network = Connection;

    async fn new_client(&mut self, target: NodeId, node: &BasicNode) -> Connection {
        self.connect(target, node)
    }
}

/// Which RPC of the `Quorum` service.
#[derive(Clone, Copy)]
enum Rpc {
    Append,
    Vote,
    Snapshot,
}

impl Connection {
    /// Sends `req` and decodes the remote `Result<Resp, Err>`; transport failures are "unreachable" (openraft
    /// backs off), a remote Raft error is returned as the inner `Err`.
    async fn call<Req: Serialize, Resp: DeserializeOwned, Err: DeserializeOwned>(
        &mut self,
        rpc: Rpc,
        req: &Req,
        ttl: Duration,
    ) -> Result<Result<Resp, Err>, Unreachable> {
        let unreachable = |e: &dyn std::fmt::Display| {
            Unreachable::new(&std::io::Error::other(format!(
                "voter {}: {e}",
                self.target
            )))
        };
        let json = serde_json::to_vec(req).map_err(|e| unreachable(&e))?;
        let client = self.client.as_mut().map_err(|e| unreachable(e))?;
        let mut request = Request::new(pb::RaftMessage {
            json,
            error: String::new(),
        });
        request.set_timeout(ttl);
        self.net.stamp(&mut request);
        let call = async {
            match rpc {
                Rpc::Append => client.append_entries(request).await,
                Rpc::Vote => client.vote(request).await,
                Rpc::Snapshot => client.install_snapshot(request).await,
            }
        };
        let answer = tokio::time::timeout(ttl, call)
            .await
            .map_err(|_| unreachable(&"no answer in time"))?
            .map_err(|s| {
                self.net.heed(&s);
                unreachable(&s.message())
            })?
            .into_inner();
        if !answer.error.is_empty() {
            return Err(unreachable(&answer.error));
        }
        serde_json::from_slice(&answer.json).map_err(|e| unreachable(&e))
    }
}

fn remote<E: std::error::Error>(target: NodeId, e: E) -> RemoteError<NodeId, BasicNode, E> {
    RemoteError::new(target, e)
}

impl RaftNetwork<TypeConfig> for Connection {
    async fn append_entries(
        &mut self,
        rpc: AppendEntriesRequest<TypeConfig>,
        option: RPCOption,
    ) -> Result<AppendEntriesResponse<NodeId>, RPCError<NodeId, BasicNode, RaftError<NodeId>>> {
        match self.call(Rpc::Append, &rpc, option.hard_ttl()).await {
            Ok(Ok(r)) => Ok(r),
            Ok(Err(e)) => Err(RPCError::RemoteError(remote(self.target, e))),
            Err(u) => Err(RPCError::Unreachable(u)),
        }
    }

    async fn install_snapshot(
        &mut self,
        rpc: InstallSnapshotRequest<TypeConfig>,
        option: RPCOption,
    ) -> Result<
        InstallSnapshotResponse<NodeId>,
        RPCError<NodeId, BasicNode, RaftError<NodeId, InstallSnapshotError>>,
    > {
        match self.call(Rpc::Snapshot, &rpc, option.hard_ttl()).await {
            Ok(Ok(r)) => Ok(r),
            Ok(Err(e)) => Err(RPCError::RemoteError(remote(self.target, e))),
            Err(u) => Err(RPCError::Network(NetworkError::new(&u))),
        }
    }

    async fn vote(
        &mut self,
        rpc: VoteRequest<NodeId>,
        option: RPCOption,
    ) -> Result<VoteResponse<NodeId>, RPCError<NodeId, BasicNode, RaftError<NodeId>>> {
        match self.call(Rpc::Vote, &rpc, option.hard_ttl()).await {
            Ok(Ok(r)) => Ok(r),
            Ok(Err(e)) => Err(RPCError::RemoteError(remote(self.target, e))),
            Err(u) => Err(RPCError::Unreachable(u)),
        }
    }
}

/// The `Quorum` gRPC service: hands Raft's messages to the local node.
pub struct QuorumService {
    raft: Raft<TypeConfig>,
    secret: String,
    fence: Fence,
}

impl QuorumService {
    /// The service for `raft`, accepting callers that present `secret` and belong to this machine's generation
    /// of the venue (`fence`).
    pub fn new(raft: Raft<TypeConfig>, secret: String, fence: Fence) -> QuorumService {
        QuorumService {
            raft,
            secret,
            fence,
        }
    }

    /// The request's JSON, once the caller has shown the voters' secret and the venue's generation. A caller of
    /// an older generation is told it was taken over from; a newer one is adopted (`Fence::adopt`).
    fn open<T: DeserializeOwned>(&self, req: Request<pb::RaftMessage>) -> Result<T, Status> {
        let presented = req
            .metadata()
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or("");
        // Compare digests, so the comparison's time says nothing about the secret.
        let digest = |t: &str| <sha2::Sha256 as sha2::Digest>::digest(t.as_bytes());
        if digest(presented.trim()) != digest(&self.secret) {
            return Err(Status::unauthenticated(
                "only the venue's voters (with the replica secret) may send Raft messages",
            ));
        }
        let mine = self.fence.generation();
        match check(mine, generation_of(req.metadata())) {
            Ok(()) => {}
            Err(Stale::Caller { mine }) => {
                let mut status = Status::failed_precondition(format!(
                    "{FENCED}: this venue was taken over (generation {mine}); the sender takes no changes"
                ));
                status
                    .metadata_mut()
                    .insert(GENERATION, MetadataValue::from(mine));
                return Err(status);
            }
            Err(Stale::Me { theirs }) => {
                if let Err(e) = self.fence.adopt(theirs) {
                    return Err(Status::unavailable(format!(
                        "this machine cannot record the venue's new generation: {e}"
                    )));
                }
            }
        }
        serde_json::from_slice(&req.into_inner().json)
            .map_err(|e| Status::invalid_argument(format!("not a Raft message: {e}")))
    }
}

fn answer<T: Serialize>(value: &T) -> Result<Response<pb::RaftMessage>, Status> {
    let json = serde_json::to_vec(value).map_err(|e| Status::internal(e.to_string()))?;
    Ok(Response::new(pb::RaftMessage {
        json,
        error: String::new(),
    }))
}

#[tonic::async_trait]
impl pb::quorum_server::Quorum for QuorumService {
    async fn append_entries(
        &self,
        req: Request<pb::RaftMessage>,
    ) -> Result<Response<pb::RaftMessage>, Status> {
        let rpc: AppendEntriesRequest<TypeConfig> = self.open(req)?;
        answer(&self.raft.append_entries(rpc).await)
    }

    async fn vote(
        &self,
        req: Request<pb::RaftMessage>,
    ) -> Result<Response<pb::RaftMessage>, Status> {
        let rpc: VoteRequest<NodeId> = self.open(req)?;
        answer(&self.raft.vote(rpc).await)
    }

    async fn install_snapshot(
        &self,
        req: Request<pb::RaftMessage>,
    ) -> Result<Response<pb::RaftMessage>, Status> {
        let rpc: InstallSnapshotRequest<TypeConfig> = self.open(req)?;
        answer(&self.raft.install_snapshot(rpc).await)
    }

    async fn campaign(
        &self,
        req: Request<pb::RaftMessage>,
    ) -> Result<Response<pb::RaftMessage>, Status> {
        let _: serde_json::Value = self.open(req)?;
        tracing::info!("the witness hands leadership over: standing for election");
        let started = self.raft.trigger().elect().await.map_err(|e| e.to_string());
        answer(&started)
    }

    async fn pre_vote(
        &self,
        req: Request<pb::RaftMessage>,
    ) -> Result<Response<pb::RaftMessage>, Status> {
        let rpc: PreVoteRequest = self.open(req)?;
        answer(&pre_vote::answer(&self.raft, &rpc, LEASE_MS).await)
    }
}

/// Asks voter `url` to stand for election (the witness handing leadership back).
pub async fn ask_to_campaign(net: &Network, url: &str) -> Result<(), String> {
    let channel = net.channel(url)?;
    let mut client = pb::quorum_client::QuorumClient::new(channel);
    let mut request = Request::new(pb::RaftMessage {
        json: b"{}".to_vec(),
        error: String::new(),
    });
    request.set_timeout(Duration::from_secs(2));
    net.stamp(&mut request);
    let answer = client
        .campaign(request)
        .await
        .map_err(|s| s.message().to_string())?;
    let started: Result<(), String> =
        serde_json::from_slice(&answer.into_inner().json).map_err(|e| e.to_string())?;
    started
}
