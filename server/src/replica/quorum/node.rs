//! One voter of a quorum venue: starts the Raft node on the data directory's Raft store and Tengen's own log,
//! initialises the membership (voter 1, on the first start), and keeps the server's mode in step with Raft:
//! the leader — once every committed entry is applied here — runs the single writer, whose group commits go
//! through Raft ([`Proposer`]); any other voter, or a leader that has not heard from a majority within its
//! lease, holds no writer and refuses writes naming the leader. The witness never runs a writer: it has the
//! shortest election timeouts, so it usually wins the election after a leader is lost, and once its own lease has
//! run out it asks a caught-up laptop to stand. Voter 1 also shares, once, the log it had before the venue became
//! a quorum. Must not decide commands or touch the log itself.

use super::log_store::{MetaTree, RaftStore};
use super::machine::{stored_shared_seq, Machine};
use super::network::{ask_to_campaign, Network};
use super::pre_vote;
use super::take_over::{self, Fence};
use super::types::{Batch, NodeId, TypeConfig};
use crate::app::Core;
use crate::domain::{Epoch, Seq};
use crate::log::entry::{stored_hash, GENESIS};
use crate::log::writer::{self, Replicate};
use crate::replica::Mode;
use openraft::{BasicNode, Raft, ServerState, SnapshotPolicy};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a leader waits for a majority to take a batch before telling the desks it cannot vouch for it.
const PROPOSE_WAIT: Duration = Duration::from_secs(2);
/// A leader that has not heard from a majority for this long stops taking writes (its lease has run out).
pub(super) const LEASE_MS: u64 = 2_000;
/// The witness's longest election timeout (ms), which is also its lease of a leader.
const WITNESS_TIMEOUT_MAX: u64 = 650;
/// How long a leading witness (or a voter without the venue's log) waits before asking a laptop to stand: past
/// its own lease, so it grants the laptop's vote.
const HAND_BACK_AFTER: Duration = Duration::from_millis(1_200);
/// How many bytes of a snapshot travel in one message (JSON spells each byte as a number: about 3.5 MiB).
const SNAPSHOT_CHUNK: u64 = 1 << 20;
/// How many entries of the pre-quorum log go in one Raft entry when voter 1 shares it.
const SEED_BATCH: usize = 256;

/// What a voter needs to know.
#[derive(Debug, Clone)]
pub struct QuorumSetup {
    /// This voter's number.
    pub id: NodeId,
    /// Every voter's address by number (this one included, unless it is a learner).
    pub voters: BTreeMap<NodeId, String>,
    /// The learners the venue starts with (a two-laptop venue: one voter and a learner), by number; voter 1 adds
    /// them once, when it first sets the membership.
    pub learners: BTreeMap<NodeId, String>,
    /// The voters that are witnesses (never run a writer, hand leadership back).
    pub witnesses: Vec<NodeId>,
    /// The shared replica secret.
    pub secret: String,
    /// The venue CA (PEM).
    pub ca_pem: Option<String>,
    /// Where the Raft store lives (`DATA/raft`).
    pub raft_dir: PathBuf,
    /// A snapshot of Tengen's applied state every this many entries (every voter takes its own).
    pub snapshot_every: u64,
    /// A Raft snapshot, and Raft's log purged behind it, every this many Raft entries.
    pub compact_every: u64,
}

impl QuorumSetup {
    fn is_witness(&self, id: NodeId) -> bool {
        self.witnesses.contains(&id)
    }

    /// A machine's address, or empty when there is none.
    fn url(&self, id: Option<NodeId>) -> String {
        id.and_then(|i| self.voters.get(&i).or_else(|| self.learners.get(&i)))
            .cloned()
            .unwrap_or_default()
    }
}

/// Why a voter could not start.
#[derive(Debug, thiserror::Error)]
pub enum QuorumError {
    /// The Raft store.
    #[error("the Raft store in {dir}: {why}")]
    Store {
        /// Where.
        dir: String,
        /// What.
        why: String,
    },
    /// openraft refused the configuration or failed to start.
    #[error("Raft: {0}")]
    Raft(String),
}

/// A running voter.
pub struct Quorum {
    /// The Raft node.
    pub raft: Raft<TypeConfig>,
    /// Its set-up.
    pub setup: QuorumSetup,
    /// Its generation of the venue and the switch that stops it when it was taken over from.
    pub fence: Fence,
    net: Network,
    meta: MetaTree,
}

/// Starts the voter and the task that keeps the mode in step with Raft.
pub async fn start(core: &Arc<Core>, setup: QuorumSetup) -> Result<Arc<Quorum>, QuorumError> {
    let store_err = |why: String| QuorumError::Store {
        dir: setup.raft_dir.display().to_string(),
        why,
    };
    let log_store = RaftStore::open(&setup.raft_dir).map_err(|e| store_err(e.to_string()))?;
    let meta = log_store
        .machine_meta()
        .map_err(|e| store_err(e.to_string()))?;
    let machine = Machine::new(
        core.store.clone(),
        core.state.clone(),
        core.published.clone(),
        meta.clone(),
        setup.raft_dir.clone(),
    )
    .map_err(|e| store_err(e.to_string()))?;
    let generation = take_over::stored(&log_store)
        .map_err(|e| store_err(e.to_string()))?
        .number;
    let fence = Fence::new(generation, Some(log_store.raft_meta()));
    let witness = setup.is_witness(setup.id);
    let config = openraft::Config {
        cluster_name: "tengen".into(),
        heartbeat_interval: 150,
        // The witness stands first: when the leader is lost, a voter refuses to elect anyone while its lease of
        // the old leader runs (its own maximum timeout), so the voter with the shortest timeouts wins the
        // election soonest. The witness then hands the lead to a laptop once its own lease has run out
        // (`HAND_BACK_AFTER`), since before that it would refuse the laptop's vote request.
        election_timeout_min: if witness { 350 } else { 600 },
        election_timeout_max: if witness { WITNESS_TIMEOUT_MAX } else { 1_100 },
        // A snapshot is Tengen's log synced up to a point; Raft's log behind it is purged, keeping a short tail
        // so a voter a little behind still gets entries rather than the whole log.
        snapshot_policy: SnapshotPolicy::LogsSinceLast(setup.compact_every.max(1)),
        max_in_snapshot_log_to_keep: (setup.compact_every / 10).min(1_000),
        snapshot_max_chunk_size: SNAPSHOT_CHUNK,
        // Elections start only through `pre_vote::run` (and the witness's hand-back).
        enable_elect: false,
        max_payload_entries: 64,
        ..Default::default()
    }
    .validate()
    .map_err(|e| QuorumError::Raft(e.to_string()))?;
    let net = Network {
        voters: setup
            .voters
            .iter()
            .chain(&setup.learners)
            .map(|(id, url)| (*id, url.clone()))
            .collect(),
        ca_pem: setup.ca_pem.clone(),
        secret: setup.secret.clone(),
        fence: fence.clone(),
    };
    let raft = Raft::new(setup.id, Arc::new(config), net.clone(), log_store, machine)
        .await
        .map_err(|e| QuorumError::Raft(e.to_string()))?;
    let first = setup.voters.keys().next().copied();
    if first == Some(setup.id)
        && !raft
            .is_initialized()
            .await
            .map_err(|e| QuorumError::Raft(e.to_string()))?
    {
        let members: BTreeMap<NodeId, BasicNode> = setup
            .voters
            .iter()
            .map(|(id, url)| (*id, BasicNode::new(url)))
            .collect();
        if let Err(e) = raft.initialize(members).await {
            tracing::info!(error = %e, "the venue's membership was already set");
        } else {
            tracing::info!(voters = ?setup.voters, "the venue's voters are set");
            tokio::spawn(add_first_learners(raft.clone(), setup.learners.clone()));
        }
    }
    let _ = core.control.venue.set(raft.clone());
    core.control.set_mode(Mode::Standby {
        primary: setup.url(None),
    });
    let quorum = Arc::new(Quorum {
        raft,
        setup,
        fence,
        net,
        meta,
    });
    tokio::spawn(pre_vote::run(
        quorum.raft.clone(),
        quorum.net.clone(),
        quorum.setup.id,
        LEASE_MS,
        core.stopping.clone(),
    ));
    tokio::spawn(keep_in_step(core.clone(), quorum.clone()));
    Ok(quorum)
}

/// Voter 1, having just set the venue's membership, adds the learners it was started with once it leads (a
/// two-laptop venue's second laptop). Later changes are the director's (`members`).
async fn add_first_learners(raft: Raft<TypeConfig>, learners: BTreeMap<NodeId, String>) {
    for (id, url) in learners {
        loop {
            let leads = raft.metrics().borrow().state == ServerState::Leader;
            if leads {
                match raft.add_learner(id, BasicNode::new(&url), false).await {
                    Ok(_) => {
                        tracing::info!(learner = id, url = %url, "the venue's learner is added");
                        break;
                    }
                    Err(e) => {
                        tracing::info!(learner = id, error = %e, "cannot add the learner yet")
                    }
                }
            }
            if raft.is_initialized().await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    }
}

/// Follows Raft's view of who leads and acts on it until the server stops, or until its fence trips (it was taken
/// over from): then it takes no writes and leaves the venue's Raft.
async fn keep_in_step(core: Arc<Core>, quorum: Arc<Quorum>) {
    let mut metrics = quorum.raft.metrics();
    let mut stopping = core.stopping.clone();
    let mut last_campaign_ask = Instant::now() - Duration::from_secs(10);
    let mut leading_since: Option<Instant> = None;
    let mut snapshot_at = core.store.snapshot_seq().ok().flatten().map_or(0, |s| s.0);
    loop {
        let m = metrics.borrow_and_update().clone();
        let me = quorum.setup.id;
        let leading = m.state == ServerState::Leader && m.current_leader == Some(me);
        let lease_ok = m.millis_since_quorum_ack.is_some_and(|ms| ms <= LEASE_MS);
        // A leader that may not take writes: the witness, or a voter that does not hold the venue's log yet
        // (voter 1 shares it when it first leads).
        let first = quorum.setup.voters.keys().next().copied();
        let empty = core.read(|s| s.last_seq.0 == 0).unwrap_or(true);
        let witness = quorum.setup.is_witness(me) || (empty && first != Some(me));
        if leading && !witness && lease_ok {
            if !has_running_writer(&core) {
                lead(&core, &quorum, m.current_term).await;
            }
        } else {
            let primary = if leading && !lease_ok {
                core.control.alarm(
                    "quorum",
                    "this server leads but cannot reach a majority of the venue's servers: it takes no changes \
                     until it can"
                        .into(),
                );
                String::new()
            } else {
                if m.current_leader.is_some() {
                    core.control.clear("quorum");
                }
                // The leader's address as the membership has it (a machine added since start-up), else as
                // started.
                m.current_leader
                    .and_then(|l| {
                        m.membership_config
                            .membership()
                            .get_node(&l)
                            .map(|n| n.addr.clone())
                    })
                    .unwrap_or_else(|| quorum.setup.url(m.current_leader))
            };
            stand_back(&core, primary).await;
        }
        // Every voter snapshots its applied state (a leader's writer may be ahead of it), so a restart replays
        // only the tail.
        snapshot_if_due(&core, &mut snapshot_at, quorum.setup.snapshot_every).await;
        leading_since = if leading {
            leading_since.or(Some(Instant::now()))
        } else {
            None
        };
        if leading
            && witness
            && leading_since.is_some_and(|t| t.elapsed() >= HAND_BACK_AFTER)
            && last_campaign_ask.elapsed() >= Duration::from_secs(1)
        {
            last_campaign_ask = Instant::now();
            let to = if empty { first } else { None };
            hand_back(&quorum, &m, to).await;
        }
        let fenced = tokio::select! {
            _ = metrics.changed() => None,
            _ = tokio::time::sleep(Duration::from_millis(250)) => None,
            _ = stopping.wait_for(|s| *s) => break,
            alarm = quorum.fence.tripped() => Some(alarm),
        };
        if let Some(alarm) = fenced {
            stand_back(&core, String::new()).await;
            core.control.alarm("fenced", alarm.clone());
            core.control.set_mode(Mode::Halted { reason: alarm });
            if let Err(e) = quorum.raft.shutdown().await {
                tracing::warn!(error = %e, "Raft did not stop cleanly");
            }
            return;
        }
    }
    stand_back(&core, quorum.setup.url(None)).await;
    if let Err(e) = quorum.raft.shutdown().await {
        tracing::warn!(error = %e, "Raft did not stop cleanly");
    }
}

fn has_running_writer(core: &Core) -> bool {
    core.control.writer().is_ok_and(|w| !w.is_stopped())
}

/// This voter leads: once everything committed is applied here (and voter 1's earlier log is shared), start the
/// writer.
async fn lead(core: &Arc<Core>, quorum: &Arc<Quorum>, term: u64) {
    let raft = &quorum.raft;
    match tokio::time::timeout(PROPOSE_WAIT, raft.ensure_linearizable()).await {
        Ok(Ok(_)) => {}
        Ok(Err(e)) => {
            tracing::info!(error = %e, "not leading after all");
            return;
        }
        Err(_) => {
            tracing::info!("leading, but no majority confirmed it in time");
            return;
        }
    }
    // Entries this voter proposed earlier in its term may still be on their way: a new writer builds on them.
    let deadline = Instant::now() + PROPOSE_WAIT;
    loop {
        let m = raft.metrics().borrow().clone();
        if m.last_applied.map(|l| l.index) >= m.last_log_index {
            break;
        }
        if Instant::now() > deadline {
            tracing::info!("leading, but this voter's own log is not applied yet");
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    if let Err(e) = share_earlier_log(core, raft, &quorum.meta).await {
        tracing::warn!(error = %e, "could not share this server's earlier log yet");
        return;
    }
    if let Some(old) = core.control.take_writer() {
        let _ = tokio::task::spawn_blocking(move || old.join()).await;
    }
    let store = core.store.clone();
    let head = tokio::task::spawn_blocking(move || store.last()).await;
    let last_hash = match head {
        Ok(Ok(Some((_, bytes)))) => match stored_hash(&bytes) {
            Some(h) => h,
            None => return,
        },
        Ok(Ok(None)) => GENESIS,
        _ => return,
    };
    let Ok(mut working) = core.read(|s| s.clone()) else {
        return;
    };
    working.epoch = Epoch(term.max(working.epoch.0));
    let proposer = Proposer::new(raft.clone());
    match writer::spawn(writer::WriterParts {
        store: core.store.clone(),
        working,
        last_hash,
        shared: core.state.clone(),
        published: core.published.clone(),
        snapshot_every: quorum.setup.snapshot_every,
        replicate: Some(Arc::new(proposer)),
    }) {
        Ok((w, thread)) => {
            core.control.install_writer(w, thread);
            core.control.set_mode(Mode::Primary);
            core.control.clear("quorum");
            tracing::warn!(term, "this server leads the venue and takes writes");
        }
        Err(e) => tracing::error!(error = %e, "cannot start the writer"),
    }
}

/// Not leading (or without a majority): no writer; writes are refused naming `primary`.
async fn stand_back(core: &Arc<Core>, primary: String) {
    let mode = Mode::Standby { primary };
    if core.control.mode() != mode {
        core.control.set_mode(mode);
    }
    if let Some(thread) = core.control.take_writer() {
        tracing::warn!("no longer leading: the writer stops");
        let _ = tokio::task::spawn_blocking(move || thread.join()).await;
    }
}

/// Writes a snapshot of the applied state once `every` entries have been applied since the last one. A failure
/// only costs restart time: it is logged.
async fn snapshot_if_due(core: &Arc<Core>, snapshot_at: &mut u64, every: u64) {
    let Ok(state) = core.read(|s| (s.last_seq.0 >= *snapshot_at + every.max(1)).then(|| s.clone()))
    else {
        return;
    };
    let Some(state) = state else { return };
    let seq = state.last_seq;
    let store = core.store.clone();
    let done = tokio::task::spawn_blocking(move || -> Result<(), String> {
        let found = store.read_from(seq, 1).map_err(|e| e.to_string())?;
        let hash = found
            .first()
            .filter(|(s, _)| *s == seq)
            .and_then(|(_, b)| stored_hash(b))
            .ok_or_else(|| format!("entry {} is missing", seq.0))?;
        crate::log::replay::write_snapshot(store.as_ref(), &state, &hash).map_err(|e| e.to_string())
    })
    .await;
    match done {
        Ok(Ok(())) => *snapshot_at = seq.0,
        Ok(Err(e)) => tracing::warn!(error = %e, "this voter could not take a snapshot"),
        Err(e) => tracing::warn!(error = %e, "the snapshot task failed"),
    }
}

/// Voter 1's log from before the venue became a quorum (the director's token, the event…) goes through Raft
/// once, so the other voters hold it too; the entries are already in this server's log, so applying them here
/// keeps them as they are.
async fn share_earlier_log(
    core: &Arc<Core>,
    raft: &Raft<TypeConfig>,
    meta: &MetaTree,
) -> Result<(), String> {
    loop {
        let shared = stored_shared_seq(meta).map_err(|e| e.to_string())?.0;
        let store = core.store.clone();
        let pending =
            tokio::task::spawn_blocking(move || store.read_from(Seq(shared + 1), SEED_BATCH))
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| e.to_string())?;
        if pending.is_empty() {
            return Ok(());
        }
        tracing::info!(
            from = shared + 1,
            count = pending.len(),
            "sharing this server's earlier log with the voters"
        );
        let batch = Batch {
            entries: pending.into_iter().map(|(_, b)| b).collect(),
        };
        let answer = tokio::time::timeout(PROPOSE_WAIT, raft.client_write(batch))
            .await
            .map_err(|_| "no majority took the earlier log in time".to_string())?
            .map_err(|e| e.to_string())?;
        if answer.data.kept.iter().any(|k| !k) {
            return Err("the voters' logs differ from this server's earlier log".into());
        }
    }
}

/// The witness leads only until a laptop has its log: then it asks that one (or `to`, when given) to stand.
async fn hand_back(
    quorum: &Quorum,
    m: &openraft::RaftMetrics<NodeId, BasicNode>,
    to: Option<NodeId>,
) {
    let Some(replication) = &m.replication else {
        return;
    };
    let last = m.last_log_index;
    let membership = m.membership_config.membership();
    // Voters only: a learner (a read replica) keeps the log but cannot lead.
    let ready = replication.iter().find(|(id, matched)| {
        to.is_none_or(|t| t == **id)
            && !quorum.setup.is_witness(**id)
            && membership.voter_ids().any(|v| v == **id)
            && matched.map(|l| l.index) == last
    });
    if let Some((id, _)) = ready {
        let url = membership
            .get_node(id)
            .map(|n| n.addr.clone())
            .unwrap_or_else(|| quorum.setup.url(Some(*id)));
        match ask_to_campaign(&quorum.net, &url).await {
            Ok(()) => tracing::info!(voter = id, "the witness asked a caught-up voter to lead"),
            Err(e) => {
                tracing::info!(voter = id, error = %e, "the witness could not hand leadership back yet")
            }
        }
    }
}

/// How many group commits may be on their way through Raft at once.
const IN_FLIGHT: usize = 8;

/// A proposal on its way: Raft's answer to come, who waits for it, and when waiting ends.
type Pending = (
    tokio::sync::oneshot::Receiver<openraft::raft::ClientWriteResult<TypeConfig>>,
    writer::Done,
    tokio::time::Instant,
);

/// The writer's way into Raft (called on the writer's own thread, so it may block): proposals go to Raft in the
/// writer's order, and one task hands the decisions back in that order, each within [`PROPOSE_WAIT`] of its
/// proposal (not of the one before: when a majority is lost, every proposal in flight is answered within 2 s).
struct Proposer {
    raft: Raft<TypeConfig>,
    runtime: tokio::runtime::Handle,
    decisions: tokio::sync::mpsc::Sender<Pending>,
}

impl Proposer {
    fn new(raft: Raft<TypeConfig>) -> Proposer {
        let (decisions, mut pending) = tokio::sync::mpsc::channel::<Pending>(IN_FLIGHT);
        tokio::spawn(async move {
            while let Some((answer, done, deadline)) = pending.recv().await {
                let decided = match tokio::time::timeout_at(deadline, answer).await {
                    Ok(Ok(Ok(written))) => Ok(written.data.kept),
                    Ok(Ok(Err(e))) => Err(format!(
                        "this server no longer leads the venue ({e}); retry with the same request id"
                    )),
                    Ok(Err(_)) => Err("Raft stopped before deciding; retry with the same request id".into()),
                    Err(_) => Err(format!(
                        "this server cannot reach a majority of the venue's servers within {} s, so it takes no \
                         changes; retry with the same request id (the desks' client moves to the server that can)",
                        PROPOSE_WAIT.as_secs()
                    )),
                };
                done(decided);
            }
        });
        Proposer {
            raft,
            runtime: tokio::runtime::Handle::current(),
            decisions,
        }
    }
}

impl Replicate for Proposer {
    fn propose(&self, entries: Vec<Vec<u8>>, done: writer::Done) {
        let raft = self.raft.clone();
        let decisions = self.decisions.clone();
        let deadline = tokio::time::Instant::now() + PROPOSE_WAIT;
        self.runtime.block_on(async move {
            match raft.client_write_ff(Batch { entries }).await {
                Ok(answer) => {
                    if let Err(lost) = decisions.send((answer, done, deadline)).await {
                        let (_, done, _) = lost.0;
                        done(Err("this server is stopping".into()));
                    }
                }
                Err(e) => done(Err(format!(
                    "Raft has stopped on this server ({e}); retry with the same request id"
                ))),
            }
        });
    }
}
