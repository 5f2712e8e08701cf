//! Tengen's server: the authoritative register of a Go congress.
//!
//! Desks send commands over gRPC (TLS); one writer checks them against the state, appends them to the sled log,
//! makes them durable and only then answers. The state is a fold over the log. Module map:
//!
//! - [`domain`]: the register's pure core (records, commands, events, decide, state).
//! - [`log`]: the durable event log (entry codec with hash chain, store, single writer, replay).
//! - [`auth`]: tokens and the role matrix.
//! - [`service`]: the gRPC services.
//! - [`sheets`]: printed sheets (pairings, slips, wall chart, standings, register) as text or HTML.
//! - [`replica`]: the standby, semi-synchronous acknowledgements, promotion and fencing, backups.
//! - [`tls`]: the venue certificate authority.
//! - [`http`]: the listening sockets (gRPC and the web pages on one TLS port; the public board on plain HTTP).
//! - [`web`]: the web pages (the public board) over the same applied state.
//! - [`cli`]: the `tengen-server` command line; [`board_qr`]: the hall poster's QR code.
//! - [`draw`]: the pairing engine (the pure `tengen-draw` crate).

#![warn(missing_docs)]

pub mod app;
pub mod auth;
pub mod board_qr;
pub mod cli;
mod cli_admin;
mod cli_replay;
pub mod domain;
pub mod http;
pub mod log;
pub mod replica;
pub mod service;
pub mod sheets;
pub mod tls;
pub mod web;

pub use tengen_draw as draw;

use app::Core;
use domain::{Actor, Command, Role, State, Subject};
use service::admin::AdminService;
use service::log::LogService;
use service::register::RegisterService;
use service::results::ResultsService;
use service::rounds::RoundsService;
use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use tengen_proto::v1 as pb;
use tokio::net::TcpListener;
use tonic::service::interceptor::InterceptedService;
use tonic::service::Routes;

/// The largest request the server decodes; anything bigger is refused before it reaches a handler.
pub const MAX_REQUEST_BYTES: usize = 256 * 1024;

/// A quorum venue's flags (`--voter`, `--node-id`, `--witness`), checked by the CLI.
#[derive(Debug, Clone)]
pub struct QuorumFlags {
    /// This server's number.
    pub id: u64,
    /// Every voter's address by number.
    pub voters: std::collections::BTreeMap<u64, String>,
    /// The witnesses' numbers.
    pub witnesses: Vec<u64>,
    /// The replica secret the voters share.
    pub secret: String,
}

/// How the server is started.
#[derive(Debug, Clone)]
pub struct Config {
    /// One voter of a quorum venue (instead of a pair's `follow`/`peer`).
    pub quorum: Option<QuorumFlags>,
    /// The data directory: sled database, certificates, director token.
    pub data_dir: PathBuf,
    /// Serve plaintext instead of TLS (development only).
    pub insecure_dev: bool,
    /// Extra names (DNS or IP) the server certificate must cover.
    pub extra_names: Vec<String>,
    /// Start as the standby of this primary.
    pub follow: Option<String>,
    /// The other server of the pair (fencing; whom to follow after stepping down).
    pub peer: Option<String>,
    /// A replica-role token for following.
    pub replica_token: Option<String>,
    /// Whether answers wait for the standby.
    pub sync: replica::SyncMode,
    /// How long an answer waits for the standby.
    pub ack_timeout: std::time::Duration,
    /// This server's name in the other server's status.
    pub name: String,
    /// A snapshot every this many entries.
    pub snapshot_every: u64,
}

impl Config {
    /// A primary without a peer: the defaults of a single-server venue.
    pub fn single(data_dir: PathBuf) -> Config {
        Config {
            quorum: None,
            data_dir,
            insecure_dev: false,
            extra_names: Vec::new(),
            follow: None,
            peer: None,
            replica_token: None,
            sync: replica::SyncMode::Sync,
            ack_timeout: std::time::Duration::from_secs(2),
            name: "tengen".into(),
            snapshot_every: log::writer::SNAPSHOT_EVERY,
        }
    }
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The log could not be opened or replayed.
    #[error(transparent)]
    Log(#[from] log::LogError),
    /// The store could not be opened.
    #[error(transparent)]
    Store(#[from] log::StoreError),
    /// Certificates.
    #[error(transparent)]
    Tls(#[from] tls::TlsError),
    /// File system.
    #[error("data directory: {0}")]
    Io(#[from] std::io::Error),
    /// gRPC transport.
    #[error("transport: {0}")]
    Transport(#[from] tonic::transport::Error),
    /// Reflection set-up.
    #[error("reflection: {0}")]
    Reflection(#[from] tonic_reflection::server::Error),
    /// The first-start bootstrap failed.
    #[error("bootstrap: {0}")]
    Bootstrap(String),
    /// Stopping, the storage did not finish in time (a removed directory, a full or dying disk). Every
    /// acknowledged entry was fsynced before its answer, so the server exits rather than hang.
    #[error(
        "the storage did not finish {0} within {secs} s; exiting anyway (every acknowledged change was already \
         on disk): check the data directory's disk",
        secs = STORAGE_STOP_WAIT.as_secs()
    )]
    StorageStuck(&'static str),
}

/// How long a stopping server waits for the writer and the store to finish.
pub const STORAGE_STOP_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Runs `work` on its own thread and waits at most [`STORAGE_STOP_WAIT`] for it: a plain thread, so a hung
/// storage call holds up neither the runtime's shutdown nor the process's exit.
async fn bounded<T: Send + 'static>(
    what: &'static str,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ServerError> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name(format!("stop-{what}"))
        .spawn(move || {
            let _ = tx.send(work());
        })?;
    match tokio::time::timeout(STORAGE_STOP_WAIT, rx).await {
        Ok(Ok(value)) => Ok(value),
        _ => Err(ServerError::StorageStuck(what)),
    }
}

/// A server ready to serve: state replayed, writer running, certificates made.
pub struct Prepared {
    core: Arc<Core>,
    stop: tokio::sync::watch::Sender<bool>,
    follow: Option<replica::follow::FollowSetup>,
    start_as_standby: bool,
    quorum: Option<replica::quorum::node::QuorumSetup>,
    /// The TLS identity (absent with `insecure_dev`).
    pub tls: Option<tls::VenueTls>,
    /// The director token, when this start created it (print it once).
    pub new_director_token: Option<String>,
    /// Where the director token is kept.
    pub director_token_path: PathBuf,
    /// Entries in the log.
    pub entries: u64,
    /// Entries replayed after the snapshot (the start's cost).
    pub replayed: u64,
    /// The plain-HTTP listener of the public board (`--public-http`), if any.
    pub public_board: Option<TcpListener>,
}

impl Prepared {
    /// "primary" or "standby of URL".
    pub fn mode(&self) -> String {
        if let Some(q) = &self.quorum {
            let role = if q.witnesses.contains(&q.id) {
                "witness"
            } else {
                "voter"
            };
            return format!(
                "{role} {} of a quorum venue ({} voters); the leader takes writes",
                q.id,
                q.voters.len()
            );
        }
        match (&self.follow, self.start_as_standby) {
            (Some(f), true) => format!("standby of {}", f.peer.url),
            _ => "primary".into(),
        }
    }
}

/// Names the server certificate covers for a listen address, plus the extra ones.
pub fn certificate_names(addr: SocketAddr, extra: &[String]) -> Vec<String> {
    let mut names = vec![
        "localhost".to_string(),
        "127.0.0.1".to_string(),
        "::1".to_string(),
    ];
    if !addr.ip().is_unspecified() && !addr.ip().is_loopback() {
        names.push(addr.ip().to_string());
    }
    if let Ok(host) = std::fs::read_to_string("/proc/sys/kernel/hostname") {
        let host = host.trim();
        if !host.is_empty() {
            names.push(host.to_string());
        }
    }
    names.extend(extra.iter().cloned());
    let mut seen = std::collections::BTreeSet::new();
    names.retain(|n| seen.insert(n.clone()));
    names
}

/// Opens the data directory: certificates, log replay, writer, and the director token on first start.
pub async fn prepare(config: &Config, addr: SocketAddr) -> Result<Prepared, ServerError> {
    std::fs::create_dir_all(&config.data_dir)?;
    let tls = if config.insecure_dev {
        None
    } else {
        Some(tls::ensure(
            &config.data_dir,
            &certificate_names(addr, &config.extra_names),
        )?)
    };
    let store: Arc<dyn log::LogStore> =
        Arc::new(log::SledStore::open(&config.data_dir.join("log"))?);
    let replay_store = store.clone();
    let replayed = tokio::task::spawn_blocking(move || log::replay(replay_store.as_ref()))
        .await
        .map_err(|e| ServerError::Bootstrap(format!("log replay task failed: {e}")))??;
    let entries = replayed.state.last_seq.0;
    let tail = replayed.tail;
    let shared = Arc::new(RwLock::new(replayed.state.clone()));
    let (published, _) = tokio::sync::broadcast::channel(4096);
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let follow = match (&config.peer, &config.replica_token) {
        (Some(url), Some(token)) => Some(replica::follow::FollowSetup {
            peer: replica::peer::PeerConfig {
                url: url.clone(),
                ca_pem: tls.as_ref().map(|t| t.ca_pem.clone()),
                token: token.clone(),
            },
            data_dir: config.data_dir.clone(),
            snapshot_every: config.snapshot_every,
        }),
        _ => None,
    };
    // A primary that meets a newer primary (its standby was promoted while it was away) follows it instead.
    let mut start_as_standby = config.follow.is_some();
    if let (Some(f), false) = (&follow, start_as_standby) {
        if let Some(peer) =
            replica::peer::peer_status(&f.peer, std::time::Duration::from_secs(2)).await
        {
            if peer.mode == "primary" && peer.epoch > replayed.state.epoch.0 {
                tracing::warn!(
                    peer = %f.peer.url,
                    peer_epoch = peer.epoch,
                    "the peer is a newer primary: starting as its standby"
                );
                start_as_standby = true;
            }
        }
    }
    let quorum = match &config.quorum {
        Some(q) => Some(quorum_setup(config, q, tls.as_ref(), &replayed.state)?),
        None => None,
    };
    let sync = if quorum.is_some() {
        replica::SyncMode::Quorum
    } else {
        config.sync
    };
    let hub = replica::Hub::new(sync, config.ack_timeout);
    let mode = match (&follow, start_as_standby) {
        (Some(f), true) => replica::Mode::Standby {
            primary: f.peer.url.clone(),
        },
        _ => replica::Mode::Primary,
    };
    let control = Arc::new(replica::Control::new(
        mode,
        hub,
        config.name.clone(),
        follow.clone(),
    ));
    if !start_as_standby && quorum.is_none() {
        let (writer, handle) = log::writer::spawn(log::writer::WriterParts {
            store: store.clone(),
            working: replayed.state,
            last_hash: replayed.last_hash,
            shared: shared.clone(),
            published: published.clone(),
            snapshot_every: config.snapshot_every,
            replicate: None,
        })?;
        control.install_writer(writer, handle);
    }
    let core = Arc::new(Core {
        state: shared,
        control,
        store,
        published,
        started_at_ms: now_ms(),
        stopping,
    });
    let director_token_path = config.data_dir.join("director.token");
    let new_director_token = if start_as_standby || quorum.is_some() {
        None
    } else {
        bootstrap_director(&core, &director_token_path).await?
    };
    Ok(Prepared {
        core,
        stop,
        follow,
        start_as_standby,
        quorum,
        tls,
        new_director_token,
        director_token_path,
        entries,
        replayed: tail,
        public_board: None,
    })
}

/// A voter's set-up from its flags. Voter 1 brings the venue's log (it must have run alone once, which made the
/// director's token); any other voter joining for the first time must start with an empty log, since the voters'
/// logs are one log.
fn quorum_setup(
    config: &Config,
    flags: &QuorumFlags,
    tls: Option<&tls::VenueTls>,
    state: &State,
) -> Result<replica::quorum::node::QuorumSetup, ServerError> {
    let raft_dir = config.data_dir.join("raft");
    let joined_before = raft_dir.join("db").is_file();
    let first = flags.voters.keys().next().copied() == Some(flags.id);
    if !joined_before && first && state.tokens.is_empty() {
        return Err(ServerError::Bootstrap(
            "voter 1 brings the venue's log: start it alone once first (without --voter), which makes the \
             director's token, then create the replica token and start the three voters"
                .into(),
        ));
    }
    if !joined_before && !first && state.last_seq.0 > 0 {
        return Err(ServerError::Bootstrap(format!(
            "{} already holds a log of {} entries: a voter other than voter 1 joins with an empty log (prepare \
             its directory with `tengen-server cert issue`)",
            config.data_dir.display(),
            state.last_seq.0
        )));
    }
    Ok(replica::quorum::node::QuorumSetup {
        id: flags.id,
        voters: flags.voters.clone(),
        witnesses: flags.witnesses.clone(),
        secret: flags.secret.clone(),
        ca_pem: tls.map(|t| t.ca_pem.clone()),
        raft_dir,
        snapshot_every: config.snapshot_every,
    })
}

/// On a log without tokens, makes the director's token: the secret goes to `path` (mode 0600, atomically and
/// durably) first, and only then does the log learn its hash. A crash before the entry is durable leaves a log
/// without tokens, so the next start simply begins again; a crash after it leaves a working token in the file.
/// Either way a director token can always be had (and `tengen-server token reset` replaces a lost one).
async fn bootstrap_director(core: &Core, path: &Path) -> Result<Option<String>, ServerError> {
    let has_tokens = core
        .read(|s: &State| !s.tokens.is_empty())
        .map_err(|e| ServerError::Bootstrap(e.to_string()))?;
    if has_tokens {
        if auth::token_file::read(path).is_none() {
            tracing::warn!(
                file = %path.display(),
                "no director token file: if the director's token is lost, stop the server and run \
                 `tengen-server token reset --data DIR`"
            );
        }
        return Ok(None);
    }
    let secret = auth::token_file::new_secret();
    auth::token_file::write(path, &secret).map_err(|e| {
        ServerError::Bootstrap(format!(
            "cannot write the director token to {}: {e}",
            path.display()
        ))
    })?;
    let actor = Actor {
        terminal: "server".into(),
        role: Role::System,
        operator: String::new(),
    };
    let cmd = Command::ResetDirectorToken {
        hash: domain::decide::token_hash(&secret),
    };
    let writer = core
        .control
        .writer()
        .map_err(|e| ServerError::Bootstrap(e.to_string()))?;
    let outcome = writer
        .submit(cmd, actor, format!("bootstrap-director-token-{}", now_ms()))
        .await
        .map_err(|e| ServerError::Bootstrap(e.to_string()))?;
    match outcome.subject {
        Some(Subject::Token(_)) => Ok(Some(secret)),
        _ => Err(ServerError::Bootstrap(
            "no director token was produced".into(),
        )),
    }
}

/// Serves the prepared server on `listener` (gRPC and the web pages) and on the public board's plain-HTTP
/// listener, if any, until `shutdown` resolves; then stops the writer cleanly.
pub async fn serve(
    listener: TcpListener,
    prepared: Prepared,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), ServerError> {
    let Prepared {
        core,
        stop,
        follow,
        start_as_standby,
        quorum,
        tls,
        public_board,
        ..
    } = prepared;
    // In a quorum venue a desk's page may move to the other laptop (never to the witness).
    let partner = quorum.as_ref().and_then(|q| {
        q.voters
            .iter()
            .find(|(id, _)| **id != q.id && !q.witnesses.contains(id))
            .map(|(_, url)| (url.clone(), q.secret.clone()))
    });
    let quorum = match quorum {
        Some(setup) => {
            let secret = setup.secret.clone();
            let node = replica::quorum::node::start(&core, setup)
                .await
                .map_err(|e| ServerError::Bootstrap(e.to_string()))?;
            Some(replica::quorum::network::QuorumService::new(
                node.raft.clone(),
                secret,
            ))
        }
        None => None,
    };
    if let Some(f) = &follow {
        if start_as_standby {
            let (stop_follow, task) = replica::follow::start(core.clone(), f.clone());
            core.control.set_follower(stop_follow, task);
        }
        // The fencing watch guards a primary, and a standby once it has been promoted.
        tokio::spawn(replica::follow::fence(core.clone(), f.clone()));
    }
    let tls = match &tls {
        Some(tls) => Some(http::tls_config(&tls.cert_pem, &tls.key_pem)?),
        None => None,
    };
    let web = web::Web::start(core.clone(), partner);
    let app = web::router(web.clone(), grpc_routes(&core, quorum).await?);
    let control = core.control.clone();
    let store = core.store.clone();
    drop(core);
    let (stopped, _) = tokio::sync::broadcast::channel::<()>(1);
    let board = public_board.map(|listener| {
        let mut stopped = stopped.subscribe();
        let board = web::public_router(web.clone());
        tokio::spawn(http::serve(listener, None, board, async move {
            let _ = stopped.recv().await;
        }))
    });
    drop(web);
    let shutdown = async move {
        shutdown.await;
        // End long-lived streams (Watch, live pages) so graceful shutdown only waits for short requests.
        let _ = stop.send(true);
        let _ = stopped.send(());
    };
    let result = http::serve(listener, tls, app, shutdown).await;
    if let Some(board) = board {
        let _ = board.await;
    }
    // Stop following, then drop the writer handle: with every service gone the writer drains and stops.
    if let Some((stop_follow, task)) = control.take_follower() {
        let _ = stop_follow.send(true);
        let _ = task.await;
    }
    // A storage error can leave sled waiting forever for a flush that never completes: wait a bounded time.
    if let Some(writer) = control.take_writer() {
        match bounded("writing its last snapshot", move || writer.join()).await {
            Ok(Ok(Err(e))) => tracing::error!(error = %e, "the writer stopped with an error"),
            Err(stuck) => {
                tracing::error!(error = %stuck, "stopping");
                return Err(stuck);
            }
            Ok(_) => {}
        }
    }
    drop(control);
    if let Err(stuck) = bounded("flushing the log", move || store.sync()).await {
        tracing::error!(error = %stuck, "stopping");
        return Err(stuck);
    }
    result.map_err(ServerError::from)
}

/// Every gRPC service behind the bearer-token interceptor (health and reflection open), as one router.
async fn grpc_routes(
    core: &Arc<Core>,
    quorum: Option<replica::quorum::network::QuorumService>,
) -> Result<axum::Router, ServerError> {
    let (health, health_service) = tonic_health::server::health_reporter();
    health
        .set_serving::<pb::register_server::RegisterServer<RegisterService>>()
        .await;
    health
        .set_serving::<pb::admin_server::AdminServer<AdminService>>()
        .await;
    health
        .set_serving::<pb::log_server::LogServer<LogService>>()
        .await;
    health
        .set_serving::<pb::rounds_server::RoundsServer<RoundsService>>()
        .await;
    health
        .set_serving::<pb::results_server::ResultsServer<ResultsService>>()
        .await;
    health
        .set_serving::<pb::ratings_server::RatingsServer<service::ratings::RatingsService>>()
        .await;
    let reflection = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(pb::FILE_DESCRIPTOR_SET)
        .build_v1()?;
    let auth = auth::authenticate(core.state.clone());
    let register = pb::register_server::RegisterServer::new(RegisterService::new(core.clone()))
        .max_decoding_message_size(MAX_REQUEST_BYTES);
    let admin = pb::admin_server::AdminServer::new(AdminService::new(core.clone()))
        .max_decoding_message_size(MAX_REQUEST_BYTES);
    let log_service = pb::log_server::LogServer::new(LogService::new(core.clone()))
        .max_decoding_message_size(MAX_REQUEST_BYTES);
    let rounds = pb::rounds_server::RoundsServer::new(RoundsService::new(core.clone()))
        .max_decoding_message_size(MAX_REQUEST_BYTES);
    let results = pb::results_server::ResultsServer::new(ResultsService::new(core.clone()))
        .max_decoding_message_size(MAX_REQUEST_BYTES);
    let ratings =
        pb::ratings_server::RatingsServer::new(service::ratings::RatingsService::new(core.clone()))
            .max_decoding_message_size(MAX_REQUEST_BYTES);
    let replication = pb::replication_server::ReplicationServer::new(
        service::replication::ReplicationService::new(core.clone()),
    )
    .max_decoding_message_size(MAX_REQUEST_BYTES);
    let mut routes = Routes::new(health_service);
    if let Some(quorum) = quorum {
        // The voters' own service authenticates with their shared secret, not with desk tokens.
        routes = routes.add_service(
            pb::quorum_server::QuorumServer::new(quorum)
                .max_decoding_message_size(64 * 1024 * 1024),
        );
    }
    Ok(routes
        .add_service(reflection)
        .add_service(InterceptedService::new(register, auth.clone()))
        .add_service(InterceptedService::new(admin, auth.clone()))
        .add_service(InterceptedService::new(log_service, auth.clone()))
        .add_service(InterceptedService::new(rounds, auth.clone()))
        .add_service(InterceptedService::new(results, auth.clone()))
        .add_service(InterceptedService::new(ratings, auth.clone()))
        .add_service(InterceptedService::new(replication, auth))
        .prepare()
        .into_axum_router()
        .layer(tower::util::MapResponseLayer::new(
            service::status::tidy_response,
        )))
}

/// Prepares and serves: the whole server in one call (used by tests and the binary).
pub async fn run(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), ServerError> {
    let addr = listener.local_addr()?;
    let prepared = prepare(&config, addr).await?;
    serve(listener, prepared, shutdown).await
}

/// Now, in ms since the Unix epoch (the domain never reads the clock; the server's edges do).
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
