//! `tengen-server take-over`: the survivor of a venue whose voters are gone (a two-laptop venue's learner, or the
//! last of three voters) makes itself the only voter, with the server stopped (`replica::quorum::take_over`).
//! It first makes sure the lost voters really are gone (none finishes a TLS handshake within 2 s), then says
//! what the take-over costs. The binary edge: errors are `anyhow`, messages are for the person at the console.

use crate::replica::quorum::take_over::{self, TakenOver};
use anyhow::Context;
use std::path::Path;
use std::time::Duration;

/// How long a lost voter has to answer before it counts as gone.
const ANSWER_WITHIN: Duration = Duration::from_secs(2);

/// Takes the venue in `data` over as machine `me`; refuses while a lost voter still answers, unless
/// `even_if_reachable`.
pub fn run(data: &Path, me: Option<u64>, even_if_reachable: bool) -> anyhow::Result<i32> {
    let Some(me) = me else {
        anyhow::bail!("say which machine this is: tengen-server --data DIR --node-id N take-over");
    };
    let raft_dir = data.join("raft");
    let ca = std::fs::read_to_string(data.join("ca.pem")).ok();
    let voters = lost_voters(&raft_dir, me)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    for (id, url) in &voters {
        if runtime.block_on(answers(url, ca.as_deref())) {
            if !even_if_reachable {
                anyhow::bail!(
                    "machine {id} at {url} still answers: a take-over now would give the venue two leaders. Stop \
                     that server or unplug it first. (If it can never reach this machine again, run again with \
                     --even-if-reachable.)"
                );
            }
            println!(
                "machine {id} at {url} still answers; going on as asked (--even-if-reachable)"
            );
        }
    }
    let done = take_over::take_over(&raft_dir, me)?;
    print!("{}", report(&done));
    Ok(0)
}

/// The voters a take-over by `me` would replace, read without changing anything.
fn lost_voters(raft_dir: &Path, me: u64) -> anyhow::Result<Vec<(u64, String)>> {
    let store =
        crate::replica::quorum::log_store::RaftStore::open(raft_dir).with_context(|| {
            format!(
                "opening the Raft store in {} (is the server still running? stop it first)",
                raft_dir.display()
            )
        })?;
    let (_, membership) = store.last_log_and_membership()?;
    Ok(membership
        .map(|m| {
            m.voter_ids()
                .filter(|v| *v != me)
                .map(|v| {
                    (
                        v,
                        m.get_node(&v).map(|n| n.addr.clone()).unwrap_or_default(),
                    )
                })
                .collect()
        })
        .unwrap_or_default())
}

/// Whether a server at `url` completes a connection (TCP and TLS) within [`ANSWER_WITHIN`]. A frozen machine
/// accepts TCP but never finishes TLS, so it counts as gone.
async fn answers(url: &str, ca: Option<&str>) -> bool {
    let Ok(mut endpoint) = tonic::transport::Endpoint::from_shared(url.to_string()) else {
        return false;
    };
    endpoint = endpoint
        .connect_timeout(ANSWER_WITHIN)
        .timeout(ANSWER_WITHIN);
    if let Some(ca) = ca {
        let tls = tonic::transport::ClientTlsConfig::new()
            .ca_certificate(tonic::transport::Certificate::from_pem(ca));
        match endpoint.tls_config(tls) {
            Ok(e) => endpoint = e,
            Err(_) => return false,
        }
    }
    matches!(
        tokio::time::timeout(ANSWER_WITHIN, endpoint.connect()).await,
        Ok(Ok(_))
    )
}

/// What the person at the console reads once the take-over is done.
fn report(done: &TakenOver) -> String {
    let replaced = done
        .replaced
        .iter()
        .map(|(id, url)| format!("machine {id} ({url})"))
        .collect::<Vec<_>>()
        .join(", ");
    let last = match done.last_entry {
        Some((seq, ms)) if ms > 0 => {
            let at = time::OffsetDateTime::from_unix_timestamp(ms / 1000)
                .ok()
                .and_then(|t| {
                    let offset = crate::venue_offset_minutes();
                    time::UtcOffset::from_whole_seconds(offset * 60)
                        .ok()
                        .map(|o| t.to_offset(o))
                })
                .map(|t| {
                    format!(
                        " written at {:02}:{:02}:{:02}",
                        t.hour(),
                        t.minute(),
                        t.second()
                    )
                })
                .unwrap_or_default();
            format!("entry {seq}{at}")
        }
        Some((seq, _)) => format!("entry {seq}"),
        None => "no entry at all".to_string(),
    };
    let learners = if done.learners.is_empty() {
        String::new()
    } else {
        format!(
            "The learners {:?} stay and follow this machine.\n",
            done.learners
        )
    };
    format!(
        "Machine {me} is now the venue's only voter (generation {generation}); {replaced} left the venue.\n\
         It holds the log up to {last}.\n\
         What it costs: anything {replaced} acknowledged after that entry is not here, and is lost unless its disk \
         can be read again. Ask the desks to check the commands they sent since then.\n\
         {learners}\
         Now start this server again with its usual command: it leads at once and the desks find it by themselves.\n\
         If {replaced} comes back, it takes no changes (it is fenced) and says so in `tengen status`; to rejoin, \
         move its data directory aside, start it empty and add it: tengen venue add N URL.\n",
        me = done.me,
        generation = done.generation,
    )
}
