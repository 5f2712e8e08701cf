//! The `tengen-server` administration sub-commands: promote a standby, back up, restore, issue a standby's
//! certificate. The binary edge: errors are `anyhow`, messages are for the director at the console.

use crate::log::{replay, LogStore, SledStore};
use crate::replica::backup;
use crate::replica::peer::{Peer, PeerConfig};
use anyhow::Context;
use std::io::Write;
use std::path::Path;
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

fn peer(data: &Path, server: &str, token_file: Option<&Path>) -> anyhow::Result<PeerConfig> {
    let ca_pem = if server.starts_with("http://") {
        None
    } else {
        let path = data.join("ca.pem");
        Some(
            std::fs::read_to_string(&path)
                .with_context(|| format!("reading the venue CA from {}", path.display()))?,
        )
    };
    Ok(PeerConfig {
        url: server.to_string(),
        ca_pem,
        token: director_token(data, token_file)?,
    })
}

/// `tengen-server promote`.
pub async fn promote(data: &Path, server: &str, token_file: Option<&Path>) -> anyhow::Result<i32> {
    let cfg = peer(data, server, token_file)?;
    let started = std::time::Instant::now();
    let mut p = Peer::connect(&cfg).await.map_err(anyhow::Error::msg)?;
    let status = p
        .replication
        .promote(tengen_proto::v1::PromoteRequest {
            meta: Some(tengen_proto::v1::RequestMeta {
                request_id: format!("promote-{}", crate::now_ms()),
                operator: String::new(),
            }),
        })
        .await
        .map_err(|s| anyhow::anyhow!("promotion refused: {}", s.message()))?
        .into_inner();
    println!(
        "{server} is now {} at epoch {} (last entry {}), in {} ms",
        status.mode,
        status.epoch,
        status.last_seq,
        started.elapsed().as_millis()
    );
    Ok(0)
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
            let cfg = peer(data, server, token_file)?;
            let mut p = Peer::connect(&cfg).await.map_err(anyhow::Error::msg)?;
            let mut stream = p
                .replication
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
    std::fs::rename(&tmp, out)?;
    println!("backup written to {}", out.display());
    Ok(0)
}

/// `tengen-server restore`.
pub fn restore(data: &Path, from: &Path) -> anyhow::Result<i32> {
    let input = std::fs::File::open(from).with_context(|| format!("opening {}", from.display()))?;
    std::fs::create_dir_all(data)?;
    let store = SledStore::open(&data.join("log"))?;
    let state = backup::restore(&mut std::io::BufReader::new(input), &store)?;
    store.sync()?;
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
        "standby data directory prepared in {} for {}; venue CA fingerprint {fingerprint}",
        out.display(),
        names.join(", ")
    );
    println!("copy it to the standby, then start: tengen-server --data DIR --follow https://PRIMARY:7443 --replica-token-file FILE");
    Ok(0)
}
