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
//! - [`tls`]: the venue certificate authority.
//! - [`cli`]: the `tengen-server` command line.
//! - [`draw`]: the pairing engine (the pure `tengen-draw` crate).

#![warn(missing_docs)]

pub mod auth;
pub mod cli;
mod cli_replay;
pub mod domain;
pub mod log;
pub mod service;
pub mod sheets;
pub mod tls;

pub use tengen_draw as draw;

use domain::{Actor, Command, Role, State, Subject};
use service::admin::AdminService;
use service::log::LogService;
use service::register::RegisterService;
use service::results::ResultsService;
use service::rounds::RoundsService;
use service::Core;
use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use tengen_proto::v1 as pb;
use tokio::net::TcpListener;
use tokio_stream::wrappers::TcpListenerStream;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Identity, Server, ServerTlsConfig};

/// The largest request the server decodes; anything bigger is refused before it reaches a handler.
pub const MAX_REQUEST_BYTES: usize = 256 * 1024;

/// How the server is started.
#[derive(Debug, Clone)]
pub struct Config {
    /// The data directory: sled database, certificates, director token.
    pub data_dir: PathBuf,
    /// Serve plaintext instead of TLS (development only).
    pub insecure_dev: bool,
    /// Extra names (DNS or IP) the server certificate must cover.
    pub extra_names: Vec<String>,
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
}

/// A server ready to serve: state replayed, writer running, certificates made.
pub struct Prepared {
    core: Arc<Core>,
    stop: tokio::sync::watch::Sender<bool>,
    writer: std::thread::JoinHandle<Result<(), log::LogError>>,
    /// The TLS identity (absent with `insecure_dev`).
    pub tls: Option<tls::VenueTls>,
    /// The director token, when this start created it (print it once).
    pub new_director_token: Option<String>,
    /// Where the director token is kept.
    pub director_token_path: PathBuf,
    /// Entries replayed from the log.
    pub replayed: u64,
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
    let shared = Arc::new(RwLock::new(replayed.state.clone()));
    let (published, _) = tokio::sync::broadcast::channel(4096);
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let (writer, handle) = log::writer::spawn(log::writer::WriterParts {
        store: store.clone(),
        working: replayed.state,
        last_hash: replayed.last_hash,
        shared: shared.clone(),
        published: published.clone(),
    })?;
    let core = Arc::new(Core {
        state: shared,
        writer,
        store,
        published,
        started_at_ms: now_ms(),
        stopping,
    });
    let director_token_path = config.data_dir.join("director.token");
    let new_director_token = bootstrap_director(&core, &director_token_path).await?;
    Ok(Prepared {
        core,
        stop,
        writer: handle,
        tls,
        new_director_token,
        director_token_path,
        replayed: entries,
    })
}

/// On a log without tokens, creates the director's token and writes it to `path` (mode 0600).
async fn bootstrap_director(core: &Core, path: &Path) -> Result<Option<String>, ServerError> {
    let has_tokens = core
        .read(|s: &State| !s.tokens.is_empty())
        .map_err(|e| ServerError::Bootstrap(e.message().to_string()))?;
    if has_tokens {
        return Ok(None);
    }
    let actor = Actor {
        terminal: "server".into(),
        role: Role::System,
        operator: String::new(),
    };
    let cmd = Command::CreateToken {
        name: "director".into(),
        role: Role::Director,
    };
    let outcome = core
        .writer
        .submit(cmd, actor, "bootstrap-director-token".into())
        .await
        .map_err(|e| ServerError::Bootstrap(e.to_string()))?;
    let secret = match (outcome.token_secret, outcome.subject) {
        (Some(secret), Some(Subject::Token(_))) => secret,
        _ => {
            return Err(ServerError::Bootstrap(
                "no director token was produced".into(),
            ))
        }
    };
    tls::write_private(path, &format!("{secret}\n"))?;
    Ok(Some(secret))
}

/// Serves the prepared server on `listener` until `shutdown` resolves, then stops the writer cleanly.
pub async fn serve(
    listener: TcpListener,
    prepared: Prepared,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), ServerError> {
    let Prepared {
        core,
        stop,
        writer,
        tls,
        ..
    } = prepared;
    let shutdown = async move {
        shutdown.await;
        // End long-lived streams (Watch) so graceful shutdown only waits for short requests.
        let _ = stop.send(true);
    };
    let mut builder = Server::builder();
    if let Some(tls) = &tls {
        let identity = Identity::from_pem(&tls.cert_pem, &tls.key_pem);
        builder = builder.tls_config(ServerTlsConfig::new().identity(identity))?;
    }
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
    drop(core);
    let result = builder
        .add_service(health_service)
        .add_service(reflection)
        .add_service(InterceptedService::new(register, auth.clone()))
        .add_service(InterceptedService::new(admin, auth.clone()))
        .add_service(InterceptedService::new(log_service, auth.clone()))
        .add_service(InterceptedService::new(rounds, auth.clone()))
        .add_service(InterceptedService::new(results, auth))
        .serve_with_incoming_shutdown(TcpListenerStream::new(listener), shutdown)
        .await;
    // Every service (and so every Writer handle) is gone now: the writer drains and stops.
    let stopped = tokio::task::spawn_blocking(move || writer.join()).await;
    if let Ok(Ok(Err(e))) = stopped {
        tracing::error!(error = %e, "the writer stopped with an error");
    }
    result.map_err(ServerError::from)
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

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
