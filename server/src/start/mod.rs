//! Starting a server: the data directory opened (certificates, log replay, the writer, the director's token on
//! first start) in [`prepare`], then the ports served until shutdown in [`serve`] ([`run`] does both). Owns the
//! order of start-up and shutdown; the rules, the log and the doors each live in their own module.
//!
//! - this file: the configuration, opening the data directory, the director's first token.
//! - [`serve`](mod@serve): the ports, the gRPC routes, shutdown.
//! - [`address`]: the venue address desks and phones open (`--desk-url`, `--board-url`, or derived).

use crate::app::Core;
use crate::domain::{Actor, Command, Role, State, Subject};
use crate::{auth, domain, log, replica, tls};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use tokio::net::TcpListener;

pub mod address;
mod serve;

pub use address::{AddressError, AddressFlags, VenueAddress};
pub use serve::{run, serve};

/// The largest request the server decodes; anything bigger is refused before it reaches a handler.
pub const MAX_REQUEST_BYTES: usize = 256 * 1024;

/// A quorum venue's flags (`--voter`, `--node-id`, `--witness`), checked by the CLI.
#[derive(Debug, Clone)]
pub struct QuorumFlags {
    /// This server's number.
    pub id: u64,
    /// Every voter's address by number.
    pub voters: std::collections::BTreeMap<u64, String>,
    /// The learners the venue starts with (a two-laptop venue), by number.
    pub learners: std::collections::BTreeMap<u64, String>,
    /// The witnesses' numbers.
    pub witnesses: Vec<u64>,
    /// The replica secret the voters share.
    pub secret: String,
    /// A Raft snapshot (Raft's log purged behind it) every this many Raft entries.
    pub compact_every: u64,
}

/// How the server is started.
#[derive(Debug, Clone)]
pub struct Config {
    /// One machine of a venue (a voter or a learner), when the server is not alone.
    pub quorum: Option<QuorumFlags>,
    /// The data directory: sled database, certificates, director token.
    pub data_dir: PathBuf,
    /// Serve plaintext instead of TLS (development only).
    pub insecure_dev: bool,
    /// Extra names (DNS or IP) the server certificate must cover.
    pub extra_names: Vec<String>,
    /// A snapshot every this many entries.
    pub snapshot_every: u64,
    /// Where desks and phones reach this server; `None`: the listen address itself.
    pub address: Option<VenueAddress>,
}

impl Config {
    /// A server alone: the defaults of a single-server venue.
    pub fn single(data_dir: PathBuf) -> Config {
        Config {
            quorum: None,
            data_dir,
            insecure_dev: false,
            extra_names: Vec::new(),
            snapshot_every: log::writer::SNAPSHOT_EVERY,
            address: None,
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
    /// Where desks and phones reach this server.
    pub address: VenueAddress,
}

impl Prepared {
    /// "primary", or the machine's part in its venue.
    pub fn mode(&self) -> String {
        if let Some(q) = &self.quorum {
            let role = if q.witnesses.contains(&q.id) {
                "witness"
            } else if q.learners.contains_key(&q.id) {
                "learner"
            } else {
                "voter"
            };
            return format!(
                "{role} {} of a quorum venue ({} voters); the leader takes writes",
                q.id,
                q.voters.len()
            );
        }
        "primary".into()
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
    let address = config
        .address
        .clone()
        .unwrap_or_else(|| VenueAddress::local(addr, !config.insecure_dev));
    let tls = venue_tls(config, addr, &address)?;
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
    let quorum = match &config.quorum {
        Some(q) => Some(quorum_setup(config, q, tls.as_ref(), &replayed.state)?),
        None => None,
    };
    let control = Arc::new(replica::Control::new(replica::Mode::Primary));
    if quorum.is_none() {
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
        seen: Default::default(),
        codes: Default::default(),
    });
    let director_token_path = config.data_dir.join("director.token");
    let new_director_token = if quorum.is_some() {
        None
    } else {
        bootstrap_director(&core, &director_token_path).await?
    };
    Ok(Prepared {
        core,
        stop,
        quorum,
        tls,
        new_director_token,
        director_token_path,
        entries,
        replayed: tail,
        public_board: None,
        address,
    })
}

/// The venue's certificates (made on the first start), naming the address the desks open, whichever flag gave
/// it; none in insecure development mode.
fn venue_tls(
    config: &Config,
    addr: SocketAddr,
    address: &VenueAddress,
) -> Result<Option<tls::VenueTls>, ServerError> {
    if config.insecure_dev {
        return Ok(None);
    }
    let mut names = config.extra_names.clone();
    names.extend(address.desk_host());
    Ok(Some(tls::ensure(
        &config.data_dir,
        &certificate_names(addr, &names),
    )?))
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
        learners: flags.learners.clone(),
        witnesses: flags.witnesses.clone(),
        secret: flags.secret.clone(),
        ca_pem: tls.map(|t| t.ca_pem.clone()),
        raft_dir,
        snapshot_every: config.snapshot_every,
        compact_every: flags.compact_every,
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

/// The venue's UTC offset in minutes, read once at start ([`read_venue_offset`]); 0 until then.
static VENUE_OFFSET_MINUTES: std::sync::OnceLock<i32> = std::sync::OnceLock::new();

/// Reads the machine's local UTC offset (the venue's time zone: the server runs at the venue) while the process
/// is still single-threaded, which is when the system lets it be read safely. Later calls keep the first value.
pub fn read_venue_offset() {
    let minutes = time::UtcOffset::current_local_offset()
        .map(|o| i32::from(o.whole_minutes()))
        .unwrap_or(0);
    let _ = VENUE_OFFSET_MINUTES.set(minutes);
}

/// The venue's UTC offset in minutes: turns a timetable's wall-clock start into an instant.
pub(crate) fn venue_offset_minutes() -> i32 {
    VENUE_OFFSET_MINUTES.get().copied().unwrap_or(0)
}

/// Now, in ms since the Unix epoch (the domain never reads the clock; the server's edges do).
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
