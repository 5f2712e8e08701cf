//! The `tengen-server` administration sub-commands: back up, restore, issue another machine's
//! certificate, reset the director's token. The binary edge: errors are `anyhow`, messages are for the director at
//! the console.

use crate::auth::token_file;
use crate::domain::{decide::token_hash, Actor, Command, Role};
use crate::log::writer::{self, WriterParts};
use crate::log::{replay, LogStore, SledStore};
use crate::replica::backup;
use anyhow::Context;
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, RwLock};
use tokio_stream::StreamExt;

fn director_token(data: &Path, token_file: Option<&Path>) -> anyhow::Result<String> {
    let path = token_file
        .map(Path::to_path_buf)
        .unwrap_or_else(|| data.join("director.token"));
    Ok(std::fs::read_to_string(&path)
        .with_context(|| format!("reading the director token from {}", path.display()))?
        .trim()
        .to_string())
}

/// A Replication client on the running server at `server`, signed in with the director's token.
async fn replication_client(
    data: &Path,
    server: &str,
    token_file: Option<&Path>,
) -> anyhow::Result<
    tengen_proto::v1::replication_client::ReplicationClient<
        tonic::service::interceptor::InterceptedService<tonic::transport::Channel, Bearer>,
    >,
> {
    let mut endpoint = tonic::transport::Endpoint::from_shared(server.to_string())
        .with_context(|| format!("bad server address {server}"))?
        .connect_timeout(std::time::Duration::from_secs(2));
    if !server.starts_with("http://") {
        let path = data.join("ca.pem");
        let ca = std::fs::read_to_string(&path)
            .with_context(|| format!("reading the venue CA from {}", path.display()))?;
        endpoint = endpoint.tls_config(
            tonic::transport::ClientTlsConfig::new()
                .ca_certificate(tonic::transport::Certificate::from_pem(ca)),
        )?;
    }
    let channel = endpoint
        .connect()
        .await
        .with_context(|| format!("cannot reach {server}"))?;
    let auth = format!("Bearer {}", director_token(data, token_file)?)
        .parse()
        .context("the director token is not valid header text")?;
    Ok(
        tengen_proto::v1::replication_client::ReplicationClient::with_interceptor(
            channel,
            Bearer(auth),
        )
        .max_decoding_message_size(64 * 1024 * 1024),
    )
}

/// Adds the token to every call.
#[derive(Clone)]
struct Bearer(tonic::metadata::MetadataValue<tonic::metadata::Ascii>);

impl tonic::service::Interceptor for Bearer {
    fn call(&mut self, mut req: tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status> {
        req.metadata_mut().insert("authorization", self.0.clone());
        Ok(req)
    }
}

/// `tengen-server backup`.
pub async fn backup(
    data: &Path,
    out: &Path,
    server: Option<&str>,
    token_file: Option<&Path>,
) -> anyhow::Result<i32> {
    let tmp = out.with_extension("partial");
    let mut file = std::io::BufWriter::new(
        std::fs::File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?,
    );
    match server {
        Some(server) => {
            let mut client = replication_client(data, server, token_file).await?;
            let mut stream = client
                .backup(tengen_proto::v1::BackupRequest {})
                .await
                .map_err(|s| anyhow::anyhow!("backup refused: {}", s.message()))?
                .into_inner();
            while let Some(chunk) = stream.next().await {
                let chunk = chunk.map_err(|s| anyhow::anyhow!("backup failed: {}", s.message()))?;
                file.write_all(&chunk.data)?;
            }
        }
        None => {
            let store = SledStore::open(&data.join("log")).with_context(|| {
                format!(
                    "opening {} (stop the server first, or use --server)",
                    data.join("log").display()
                )
            })?;
            let state = replay(&store)?.state;
            backup::export(&store, &state, &mut file)?;
        }
    }
    file.flush()?;
    file.get_ref().sync_all()?;
    drop(file);
    // A backup nobody can restore is found out now, not on the day it is needed: restore it into memory.
    let written = std::fs::File::open(&tmp)?;
    let state = backup::restore(
        &mut std::io::BufReader::new(written),
        &crate::log::MemoryStore::default(),
    )
    .with_context(|| format!("the backup written to {} does not restore", tmp.display()))?;
    std::fs::rename(&tmp, out)?;
    println!(
        "backup written to {} and verified: {} entries, {} participants, {} tournaments",
        out.display(),
        state.last_seq.0,
        state.participants.len(),
        state.tournaments.len()
    );
    Ok(0)
}

/// `tengen-server restore`: into `DATA/log.restoring`, renamed to `DATA/log` only once the whole file has been
/// verified, so that a damaged or truncated file leaves nothing behind.
pub fn restore(data: &Path, from: &Path) -> anyhow::Result<i32> {
    let input = std::fs::File::open(from).with_context(|| format!("opening {}", from.display()))?;
    let (log, partial) = (data.join("log"), data.join("log.restoring"));
    if log.exists() {
        anyhow::bail!(
            "{} already holds a log: restore into a new data directory",
            data.display()
        );
    }
    std::fs::create_dir_all(data)?;
    if partial.exists() {
        std::fs::remove_dir_all(&partial)?;
    }
    let restored = (|| -> anyhow::Result<_> {
        let store = SledStore::open(&partial)?;
        let state = backup::restore(&mut std::io::BufReader::new(input), &store)?;
        store.sync()?;
        Ok(state)
    })();
    let state = match restored {
        Ok(state) => state,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&partial);
            return Err(e.context(format!("nothing was restored from {}", from.display())));
        }
    };
    std::fs::rename(&partial, &log)?;
    std::fs::File::open(data)?.sync_all()?;
    println!(
        "restored {} entries into {} ({} participants, {} tournaments); copy ca.pem and ca.key from the old data \
         directory (or issue new ones) before starting the server",
        state.last_seq.0,
        data.display(),
        state.participants.len(),
        state.tournaments.len()
    );
    Ok(0)
}

/// `tengen-server cert issue`.
pub fn cert_issue(data: &Path, names: &[String], out: &Path) -> anyhow::Result<i32> {
    let mut all = names.to_vec();
    for n in ["localhost", "127.0.0.1", "::1"] {
        if !all.iter().any(|x| x == n) {
            all.push(n.to_string());
        }
    }
    let fingerprint = crate::tls::issue_for_standby(data, &all, out)?;
    println!(
        "data directory for another machine of the venue prepared in {} for {}; venue CA fingerprint {fingerprint}",
        out.display(),
        names.join(", ")
    );
    println!(
        "copy it to that machine, then start it with the venue's --voter/--learner flags and its --node-id \
         (deploy/VENUE.md §3)"
    );
    Ok(0)
}

/// `tengen-server token reset`: on a stopped server's data directory (sled's lock refuses a running one), revokes
/// every director token and installs a new one, through the writer like any change, so the log records it
/// (terminal `offline-reset`, the shell user as operator). The secret goes to `director.token` first: a crash
/// before the entry is durable leaves the old tokens working, and the reset can simply be run again.
pub fn token_reset(data: &Path) -> anyhow::Result<i32> {
    let log_dir = data.join("log");
    if !log_dir.join("db").is_file() {
        anyhow::bail!(
            "{} holds no log: start the server there once (the first start makes the director's token)",
            data.display()
        );
    }
    let store = SledStore::open(&log_dir).with_context(|| {
        format!(
            "opening {} (stop the server first: the token reset works only while no server uses the data directory)",
            log_dir.display()
        )
    })?;
    let store: Arc<dyn LogStore> = Arc::new(store);
    let replayed = replay(store.as_ref())?;
    let revoking = replayed
        .state
        .tokens
        .values()
        .filter(|t| t.role == Role::Director && !t.revoked)
        .count();
    let (published, _) = tokio::sync::broadcast::channel(16);
    let (writer, handle) = writer::spawn(WriterParts {
        store,
        working: replayed.state.clone(),
        last_hash: replayed.last_hash,
        shared: Arc::new(RwLock::new(replayed.state)),
        published,
        snapshot_every: writer::SNAPSHOT_EVERY,
        replicate: None,
    })?;
    let path = data.join("director.token");
    let secret = token_file::new_secret();
    token_file::write(&path, &secret)
        .with_context(|| format!("writing the new director token to {}", path.display()))?;
    let actor = Actor {
        terminal: "offline-reset".into(),
        role: Role::System,
        operator: shell_user(),
    };
    let cmd = Command::ResetDirectorToken {
        hash: token_hash(&secret),
    };
    let runtime = tokio::runtime::Builder::new_current_thread().build()?;
    let outcome =
        runtime.block_on(writer.submit(cmd, actor, format!("offline-reset-{}", crate::now_ms())));
    drop(writer);
    let stopped = handle
        .join()
        .map_err(|_| anyhow::anyhow!("the log writer panicked"))?;
    let outcome = outcome.map_err(|e| {
        anyhow::anyhow!("the reset was not recorded ({e}); the old director tokens still work")
    })?;
    stopped.context("closing the log")?;
    println!(
        "revoked {revoking} director token(s); entry {} records the reset",
        outcome.seq.0
    );
    println!("new director token (also in {}): {secret}", path.display());
    Ok(0)
}

/// Who ran an offline command, for the log's operator field.
fn shell_user() -> String {
    std::env::var("USER")
        .or_else(|_| std::env::var("LOGNAME"))
        .unwrap_or_default()
        .chars()
        .take(100)
        .collect()
}
