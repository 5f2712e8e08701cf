//! Pre-vote (the Raft thesis, §9.6), which openraft 0.9 lacks: a voter stands for election only once a majority
//! of the voters (itself included) say they would vote for it — they have not heard from a leader within their
//! lease, and its log is at least as long as theirs. A voter cut off from the others therefore never raises its
//! term, and when the cut heals it follows the leader instead of deposing it (issue 30: a returning machine used
//! to cost every desk 1.4–3.4 s without writes). openraft's own election timer is off (`enable_elect: false`);
//! [`run`] is the only thing that starts an election, besides the witness handing the lead to a laptop.
//!
//! The rules mirror openraft's own: a voter asks after its lease of the last leader plus a random election timeout
//! (the witness's shorter), and answers as openraft would answer the real vote (a committed vote inside its lease
//! refuses; a shorter log refuses). Must not touch the state or the logs: it only decides when to call
//! `trigger().elect()`.

use super::network::Network;
use super::types::{LogId, NodeId, TypeConfig};
use openraft::{Raft, ServerState};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;
use tengen_proto::v1 as pb;
use tonic::transport::Channel;

/// How long a voter waits for the others' answers to a pre-vote.
const ASK_WITHIN: Duration = Duration::from_millis(300);

/// "Would you vote for me?"
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PreVoteRequest {
    /// Who asks.
    pub candidate: NodeId,
    /// The term it would stand in.
    pub term: u64,
    /// Its last log id.
    pub last_log_id: Option<LogId>,
}

/// The answer.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct PreVoteResponse {
    /// Whether the voter would vote for the candidate now.
    pub granted: bool,
}

/// What a voter knows about itself when it asks or answers.
#[derive(Debug, Clone, Copy)]
struct Standing {
    /// It leads, and a majority acknowledged it within the lease.
    leads_with_majority: bool,
    /// It leads at all.
    leads: bool,
    /// Its vote is committed (it follows or is an elected leader).
    committed: bool,
    /// How long ago its vote was last refreshed (a leader's heartbeat refreshes a follower's); `None`: never.
    since_vote: Option<Duration>,
    /// Its term.
    term: u64,
    /// Its last log id.
    last_log_id: Option<LogId>,
}

/// Whether a voter in `me`, whose lease of a leader is `lease`, would vote for a candidate whose log ends at
/// `candidate_last`. The same tests openraft applies to the real vote, so a granted pre-vote is followed by
/// granted votes.
fn would_grant(me: &Standing, lease: Duration, candidate_last: Option<&LogId>) -> bool {
    if me.leads {
        return !me.leads_with_majority && candidate_last >= me.last_log_id.as_ref();
    }
    let inside_lease = me.committed && me.since_vote.is_some_and(|d| d <= lease);
    !inside_lease && candidate_last >= me.last_log_id.as_ref()
}

/// Whether a voter in `me` should ask for pre-votes: it does not lead, and it has heard nothing from a leader for
/// its lease (when it had one) plus `timeout`.
fn due(me: &Standing, lease: Duration, timeout: Duration) -> bool {
    if me.leads {
        return false;
    }
    let wait = if me.committed {
        lease + timeout
    } else {
        timeout
    };
    me.since_vote.is_none_or(|d| d > wait)
}

/// This voter's standing, read from the Raft core.
async fn standing(raft: &Raft<TypeConfig>, lease_ms: u64) -> Option<Standing> {
    let (committed, since_vote, leads) = raft
        .with_raft_state(|st| {
            let now = tokio::time::Instant::now();
            (
                st.vote_ref().is_committed(),
                st.vote_last_modified()
                    .map(|t| now.saturating_duration_since(t)),
                st.server_state == ServerState::Leader,
            )
        })
        .await
        .ok()?;
    let m = raft.metrics().borrow().clone();
    let data = raft.data_metrics().borrow().clone();
    Some(Standing {
        leads_with_majority: leads && m.millis_since_quorum_ack.is_some_and(|ms| ms <= lease_ms),
        leads,
        committed,
        since_vote,
        term: m.current_term,
        last_log_id: data.last_log,
    })
}

/// The answer this voter gives to `req`.
pub async fn answer(
    raft: &Raft<TypeConfig>,
    req: &PreVoteRequest,
    lease_ms: u64,
) -> PreVoteResponse {
    let lease = Duration::from_millis(raft.config().election_timeout_max);
    let granted = match standing(raft, lease_ms).await {
        Some(me) => would_grant(&me, lease, req.last_log_id.as_ref()),
        None => false,
    };
    tracing::debug!(
        candidate = req.candidate,
        term = req.term,
        granted,
        "pre-vote"
    );
    PreVoteResponse { granted }
}

/// Asks for pre-votes whenever this voter has heard from no leader for long enough, and stands for election once a
/// majority would vote for it. Runs until `stopping`.
pub async fn run(
    raft: Raft<TypeConfig>,
    net: Network,
    me: NodeId,
    lease_ms: u64,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) {
    let config = raft.config().clone();
    let lease = Duration::from_millis(config.election_timeout_max);
    let tick = Duration::from_millis(config.heartbeat_interval.max(50) / 2);
    let mut clients: BTreeMap<NodeId, pb::quorum_client::QuorumClient<Channel>> = BTreeMap::new();
    let mut timeout = random_timeout(config.election_timeout_min, config.election_timeout_max);
    loop {
        tokio::select! {
            _ = tokio::time::sleep(tick) => {}
            _ = stopping.wait_for(|s| *s) => return,
        }
        let Some(standing) = standing(&raft, lease_ms).await else {
            return;
        };
        if !due(&standing, lease, timeout) {
            continue;
        }
        // The voters as the membership has them now (machines may have been added or replaced), with their
        // addresses.
        let voters: Vec<(NodeId, String)> = {
            let m = raft.metrics().borrow().clone();
            let membership = m.membership_config.membership();
            membership
                .voter_ids()
                .map(|id| {
                    let url = membership
                        .get_node(&id)
                        .map(|n| n.addr.clone())
                        .or_else(|| net.voters.get(&id).cloned())
                        .unwrap_or_default();
                    (id, url)
                })
                .collect()
        };
        if !voters.iter().any(|(id, _)| *id == me) {
            continue;
        }
        let req = PreVoteRequest {
            candidate: me,
            term: standing.term + 1,
            last_log_id: standing.last_log_id,
        };
        let mut asks = Vec::new();
        for (id, url) in voters.iter().filter(|(id, _)| *id != me) {
            let Some(client) = client_for(&net, &mut clients, *id, url) else {
                continue;
            };
            asks.push(ask(client, &net, req.clone()));
        }
        let answers = futures::future::join_all(asks).await;
        let granted = 1 + answers.iter().filter(|a| **a).count();
        if granted * 2 > voters.len() {
            tracing::info!(
                term = req.term,
                granted,
                "a majority would vote: standing for election"
            );
            if let Err(e) = raft.trigger().elect().await {
                tracing::warn!(error = %e, "Raft stopped before the election");
                return;
            }
        } else {
            tracing::debug!(granted, "pre-vote: no majority would vote yet");
        }
        timeout = random_timeout(config.election_timeout_min, config.election_timeout_max);
    }
}

fn random_timeout(min: u64, max: u64) -> Duration {
    let span = max.saturating_sub(min).max(1);
    Duration::from_millis(min + rand::random::<u64>() % span)
}

fn client_for(
    net: &Network,
    clients: &mut BTreeMap<NodeId, pb::quorum_client::QuorumClient<Channel>>,
    id: NodeId,
    url: &str,
) -> Option<pb::quorum_client::QuorumClient<Channel>> {
    if let Some(c) = clients.get(&id) {
        return Some(c.clone());
    }
    let client = pb::quorum_client::QuorumClient::new(net.channel(url).ok()?);
    clients.insert(id, client.clone());
    Some(client)
}

/// One voter's answer, `false` when it does not answer within [`ASK_WITHIN`].
async fn ask(
    mut client: pb::quorum_client::QuorumClient<Channel>,
    net: &Network,
    req: PreVoteRequest,
) -> bool {
    let Ok(json) = serde_json::to_vec(&req) else {
        return false;
    };
    let mut request = tonic::Request::new(pb::RaftMessage {
        json,
        error: String::new(),
    });
    request.set_timeout(ASK_WITHIN);
    net.stamp(&mut request);
    let answer = match tokio::time::timeout(ASK_WITHIN, client.pre_vote(request)).await {
        Ok(Ok(answer)) => answer,
        Ok(Err(refused)) => {
            net.heed(&refused);
            return false;
        }
        Err(_) => return false,
    };
    serde_json::from_slice::<PreVoteResponse>(&answer.into_inner().json).is_ok_and(|a| a.granted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use openraft::CommittedLeaderId;

    fn log(term: u64, index: u64) -> Option<LogId> {
        Some(LogId::new(CommittedLeaderId::new(term, 1), index))
    }

    fn follower(since_ms: Option<u64>, last: Option<LogId>) -> Standing {
        Standing {
            leads_with_majority: false,
            leads: false,
            committed: true,
            since_vote: since_ms.map(Duration::from_millis),
            term: 3,
            last_log_id: last,
        }
    }

    const LEASE: Duration = Duration::from_millis(1_100);

    #[test]
    fn a_follower_that_hears_its_leader_refuses_and_one_that_does_not_grants() {
        let heard = follower(Some(200), log(3, 10));
        assert!(!would_grant(&heard, LEASE, log(3, 10).as_ref()));
        let lost = follower(Some(1_500), log(3, 10));
        assert!(would_grant(&lost, LEASE, log(3, 10).as_ref()));
        assert!(
            !would_grant(&lost, LEASE, log(3, 9).as_ref()),
            "a shorter log is refused"
        );
        assert!(
            !would_grant(&lost, LEASE, log(2, 12).as_ref()),
            "an older term's log is shorter"
        );
    }

    #[test]
    fn a_leader_with_its_majority_refuses_and_one_without_grants() {
        let mut leader = follower(Some(0), log(3, 10));
        leader.leads = true;
        leader.leads_with_majority = true;
        assert!(!would_grant(&leader, LEASE, log(3, 10).as_ref()));
        assert!(!due(&leader, LEASE, Duration::ZERO), "a leader never asks");
        leader.leads_with_majority = false;
        assert!(would_grant(&leader, LEASE, log(3, 10).as_ref()));
    }

    #[test]
    fn a_voter_asks_after_its_lease_and_timeout_or_at_once_without_a_leader() {
        let timeout = Duration::from_millis(700);
        assert!(!due(&follower(Some(1_700), None), LEASE, timeout));
        assert!(due(&follower(Some(1_900), None), LEASE, timeout));
        let mut fresh = follower(None, None);
        fresh.committed = false;
        assert!(
            due(&fresh, LEASE, timeout),
            "a voter that never heard of a leader asks"
        );
        fresh.since_vote = Some(Duration::from_millis(800));
        assert!(
            due(&fresh, LEASE, timeout),
            "an uncommitted vote waits only the timeout"
        );
    }
}
