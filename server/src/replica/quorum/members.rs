//! The venue's members and the director's changes to them (issue 30): who the machines are (voters and learners,
//! their addresses), who leads and how far each is behind; adding a machine as a learner (it catches up from the
//! leader), promoting a learner to voter, and removing a machine (a laptop that died on day 2). Each change is one
//! Raft membership change on the leader (openraft's joint consensus), so nothing a majority acknowledged is lost
//! while the voters change. Must not touch the state or the logs.

use super::types::{NodeId, TypeConfig};
use openraft::{BasicNode, ChangeMembers, Raft, ServerState};
use std::collections::BTreeSet;
use std::time::Duration;

/// A learner more than this many Raft entries behind is not promoted: it would slow every write until it caught up.
/// Under desk load a caught-up learner is still a few dozen entries (group commits in flight) behind.
const PROMOTE_WITHIN: u64 = 256;
/// How long promoting waits for a learner to come within [`PROMOTE_WITHIN`].
const PROMOTE_WAIT: Duration = Duration::from_secs(10);
/// How long adding a machine waits for it to catch up before answering (it goes on catching up after).
const CATCH_UP_WAIT: Duration = Duration::from_secs(20);

/// One machine of the venue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// Its number.
    pub id: NodeId,
    /// Its address.
    pub url: String,
    /// A voter (else a learner: it keeps the log and serves reads, but does not vote).
    pub voter: bool,
    /// It leads.
    pub leader: bool,
    /// How many Raft entries it lacks, as the leader last heard (`None`: not known here, or unreachable).
    pub behind: Option<u64>,
}

/// The members as this server sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Members {
    /// Every machine, voters first, by number.
    pub members: Vec<Member>,
    /// Who leads, if anyone is known to.
    pub leader: Option<NodeId>,
    /// Whether this server leads (only the leader knows how far the others are behind, and changes the members).
    pub here_leads: bool,
}

/// A change the director asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Add machine `id` at `url` as a learner.
    AddLearner {
        /// Its number (new in the venue).
        id: NodeId,
        /// Its address, as the others reach it.
        url: String,
    },
    /// Make learner `id` a voter.
    Promote(NodeId),
    /// Take machine `id` out of the venue (a voter or a learner).
    Remove(NodeId),
}

/// Why a change was refused.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum MembersError {
    /// Changes are made on the leader.
    #[error("only the leader changes the venue's members; this server does not lead (the leader is {leader})")]
    NotLeader {
        /// The leader's address, or "not known".
        leader: String,
    },
    /// The number is already taken.
    #[error("machine {0} is already a member of the venue; choose a new number")]
    Taken(NodeId),
    /// No such member.
    #[error("machine {0} is not a member of the venue")]
    Unknown(NodeId),
    /// The learner has not caught up.
    #[error("machine {id} is still {behind} entries behind the leader; promote it once it has caught up (`tengen venue`)")]
    Behind {
        /// The learner.
        id: NodeId,
        /// How far behind.
        behind: u64,
    },
    /// The last voters cannot go.
    #[error("machine {0} is the venue's last voter")]
    LastVoter(NodeId),
    /// A bad address (as typed, cut to a line).
    #[error("{0:?} is not a server address: write https://HOST:PORT")]
    BadUrl(String),
    /// Number 0 names no machine.
    #[error("machines are numbered from 1")]
    BadNumber,
    /// Raft refused or failed.
    #[error("Raft: {0}")]
    Raft(String),
}

/// The members as this server sees them now.
pub fn members(raft: &Raft<TypeConfig>) -> Members {
    let m = raft.metrics().borrow().clone();
    let membership = m.membership_config.membership();
    let voters: BTreeSet<NodeId> = membership.voter_ids().collect();
    let here_leads = m.state == ServerState::Leader;
    let last = m.last_log_index.unwrap_or(0);
    let behind = |id: NodeId| -> Option<u64> {
        if id == m.id {
            return here_leads.then_some(0);
        }
        let replication = m.replication.as_ref()?;
        let matched = replication.get(&id)?.as_ref().map_or(0, |l| l.index);
        Some(last.saturating_sub(matched))
    };
    let mut members: Vec<Member> = membership
        .nodes()
        .map(|(id, node)| Member {
            id: *id,
            url: node.addr.clone(),
            voter: voters.contains(id),
            leader: m.current_leader == Some(*id),
            behind: behind(*id),
        })
        .collect();
    members.sort_by_key(|x| (!x.voter, x.id));
    Members {
        members,
        leader: m.current_leader,
        here_leads,
    }
}

/// Makes `change` on this server, which must lead. Adding waits up to [`CATCH_UP_WAIT`] for the machine to catch
/// up; the answer is the members afterwards.
pub async fn change(raft: &Raft<TypeConfig>, change: Change) -> Result<Members, MembersError> {
    let now = members(raft);
    if !now.here_leads {
        let leader = now
            .leader
            .and_then(|l| now.members.iter().find(|x| x.id == l))
            .map_or_else(|| "not known".to_string(), |x| x.url.clone());
        return Err(MembersError::NotLeader { leader });
    }
    let find = |id: NodeId| now.members.iter().find(|x| x.id == id);
    let raft_err = |e: &dyn std::fmt::Display| MembersError::Raft(e.to_string());
    match change {
        Change::AddLearner { id, url } => {
            let url = url.trim().to_string();
            match find(id) {
                // The same request again (a retry): already done.
                Some(x) if x.url == url => return Ok(now),
                Some(_) => return Err(MembersError::Taken(id)),
                None => {}
            }
            let url = checked(id, &url)?;
            tracing::warn!(id, url = %url, "adding a machine to the venue as a learner");
            match tokio::time::timeout(
                CATCH_UP_WAIT,
                raft.add_learner(id, BasicNode::new(&url), true),
            )
            .await
            {
                Ok(Ok(_)) => {}
                Ok(Err(e)) => return Err(raft_err(&e)),
                // Added (the membership entry commits first); still catching up.
                Err(_) => {}
            }
        }
        Change::Promote(id) => {
            let member = find(id).ok_or(MembersError::Unknown(id))?;
            if member.voter {
                // Already done (a retry).
                return Ok(now);
            }
            let deadline = tokio::time::Instant::now() + PROMOTE_WAIT;
            let mut behind = member.behind.unwrap_or(u64::MAX);
            while behind > PROMOTE_WITHIN {
                if tokio::time::Instant::now() >= deadline {
                    return Err(MembersError::Behind { id, behind });
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
                behind = members(raft)
                    .members
                    .iter()
                    .find(|x| x.id == id)
                    .and_then(|x| x.behind)
                    .unwrap_or(u64::MAX);
            }
            tracing::warn!(id, "promoting a learner to voter");
            raft.change_membership(ChangeMembers::AddVoterIds(BTreeSet::from([id])), false)
                .await
                .map_err(|e| raft_err(&e))?;
        }
        Change::Remove(id) => {
            let member = find(id).ok_or(MembersError::Unknown(id))?;
            if member.voter && now.members.iter().filter(|x| x.voter).count() == 1 {
                return Err(MembersError::LastVoter(id));
            }
            tracing::warn!(
                id,
                voter = member.voter,
                "removing a machine from the venue"
            );
            if member.voter {
                raft.change_membership(ChangeMembers::RemoveVoters(BTreeSet::from([id])), false)
                    .await
                    .map_err(|e| raft_err(&e))?;
            } else {
                raft.change_membership(ChangeMembers::RemoveNodes(BTreeSet::from([id])), false)
                    .await
                    .map_err(|e| raft_err(&e))?;
            }
        }
    }
    Ok(members(raft))
}

/// The longest machine address taken (a host name and a port fit many times over).
const MAX_URL: usize = 200;

/// A new machine's number and address, checked before anything reaches Raft's membership: a number from 1, and
/// `http(s)://HOST:PORT` with nothing after the port.
fn checked(id: NodeId, url: &str) -> Result<String, MembersError> {
    if id == 0 {
        return Err(MembersError::BadNumber);
    }
    let url = url.trim().trim_end_matches('/');
    let bad = || MembersError::BadUrl(url.chars().take(60).collect());
    if url.len() > MAX_URL {
        return Err(bad());
    }
    let parsed: axum::http::Uri = url.parse().map_err(|_| bad())?;
    let fits = matches!(parsed.scheme_str(), Some("https" | "http"))
        && parsed.host().is_some_and(|h| !h.is_empty())
        && parsed.port_u16().is_some()
        && parsed
            .path_and_query()
            .is_none_or(|p| p.as_str().is_empty() || p.as_str() == "/");
    if fits {
        Ok(url.to_string())
    } else {
        Err(bad())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_server_address_and_a_number_from_1_are_taken() {
        assert_eq!(
            checked(4, " https://192.168.1.13:7443/ ").as_deref(),
            Ok("https://192.168.1.13:7443")
        );
        assert!(checked(4, "https://laptop-b.local:7443").is_ok());
        assert_eq!(
            checked(0, "https://192.168.1.13:7443"),
            Err(MembersError::BadNumber)
        );
        for bad in [
            "192.168.1.13:7443",
            "https://192.168.1.13",
            "ftp://x:21",
            "https://x:7443/desk",
            "",
        ] {
            assert!(checked(4, bad).is_err(), "{bad:?}");
        }
        let long = format!("https://{}:7443", "a".repeat(10_000));
        match checked(4, &long) {
            Err(MembersError::BadUrl(shown)) => assert_eq!(shown.chars().count(), 60),
            other => panic!("a 10 KB address: {other:?}"),
        }
    }
}
