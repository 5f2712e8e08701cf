//! A small gRPC client for the other server of the pair: its status, acknowledgements, its log stream, and the
//! hash of one of its entries. TLS with the venue CA, bearer token. No retries here: callers decide.

use std::time::Duration;
use tengen_proto::v1 as pb;
use tonic::metadata::MetadataValue;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Certificate, Channel, ClientTlsConfig, Endpoint};
use tonic::{Request, Status};

/// Where the other server is and how to talk to it.
#[derive(Debug, Clone)]
pub struct PeerConfig {
    /// Its address, e.g. `https://10.0.0.2:7443`.
    pub url: String,
    /// The venue CA (PEM); `None` for plaintext development servers.
    pub ca_pem: Option<String>,
    /// A replica-role token valid on both servers (tokens are in the replicated log).
    pub token: String,
}

/// Adds the bearer token.
#[derive(Clone)]
pub struct Bearer(MetadataValue<tonic::metadata::Ascii>);

impl tonic::service::Interceptor for Bearer {
    fn call(&mut self, mut req: Request<()>) -> Result<Request<()>, Status> {
        req.metadata_mut().insert("authorization", self.0.clone());
        Ok(req)
    }
}

type Transport = InterceptedService<Channel, Bearer>;

/// A connection to the peer.
pub struct Peer {
    /// Log service (Watch).
    pub log: pb::log_client::LogClient<Transport>,
    /// Admin service (Status).
    pub admin: pb::admin_client::AdminClient<Transport>,
    /// Replication service (Ack).
    pub replication: pb::replication_client::ReplicationClient<Transport>,
}

impl Peer {
    /// Connects (with a short timeout: the venue LAN is local).
    pub async fn connect(cfg: &PeerConfig) -> Result<Peer, String> {
        let mut endpoint = Endpoint::from_shared(cfg.url.clone())
            .map_err(|e| format!("bad peer address {}: {e}", cfg.url))?
            .connect_timeout(Duration::from_secs(2))
            .tcp_nodelay(true)
            .http2_keep_alive_interval(Duration::from_secs(2))
            .keep_alive_timeout(Duration::from_secs(3));
        if let Some(ca) = &cfg.ca_pem {
            endpoint = endpoint
                .tls_config(ClientTlsConfig::new().ca_certificate(Certificate::from_pem(ca)))
                .map_err(|e| format!("peer TLS: {e}"))?;
        }
        let channel = endpoint
            .connect()
            .await
            .map_err(|e| format!("cannot reach {}: {e}", cfg.url))?;
        let value: MetadataValue<_> = format!("Bearer {}", cfg.token)
            .parse()
            .map_err(|_| "the replica token is not valid header text".to_string())?;
        let auth = Bearer(value);
        let max = 64 * 1024 * 1024;
        Ok(Peer {
            log: pb::log_client::LogClient::with_interceptor(channel.clone(), auth.clone())
                .max_decoding_message_size(max),
            admin: pb::admin_client::AdminClient::with_interceptor(channel.clone(), auth.clone()),
            replication: pb::replication_client::ReplicationClient::with_interceptor(channel, auth),
        })
    }

    /// The peer's status.
    pub async fn status(&mut self) -> Result<pb::StatusResponse, Status> {
        Ok(self.admin.status(pb::StatusRequest {}).await?.into_inner())
    }

    /// The peer's entry at `seq` (None when it has no such entry yet).
    pub async fn entry(&mut self, seq: u64) -> Result<Option<pb::LogEntry>, Status> {
        let status = self.status().await?;
        if status.last_seq < seq {
            return Ok(None);
        }
        let mut stream = self
            .log
            .watch(pb::WatchRequest { from_seq: seq })
            .await?
            .into_inner();
        match stream.message().await? {
            Some(e) if e.seq == seq => Ok(Some(e)),
            _ => Ok(None),
        }
    }
}

/// Asks the peer for its status, within `timeout`; `None` when it cannot be reached.
pub async fn peer_status(cfg: &PeerConfig, timeout: Duration) -> Option<pb::StatusResponse> {
    let attempt = async {
        let mut peer = Peer::connect(cfg).await.ok()?;
        peer.status().await.ok()
    };
    tokio::time::timeout(timeout, attempt).await.ok().flatten()
}
