//! The manual take-over of a venue whose voters are gone (issue 30): a venue of one voter and a learner (two
//! laptops without a witness) loses its only voter, or a three-voter venue loses two. Raft cannot elect anyone
//! then, and openraft has no forced reconfiguration, so with the server stopped the surviving machine rewrites its
//! own Raft store: it becomes the venue's only voter (the lost voters leave; other learners stay), in a term above
//! any it has seen, and raises the venue's **generation**.
//!
//! The generation is the fence. Every Raft message carries its sender's generation ([`network`]); a machine
//! refuses messages from an older generation and the old voter, told so, stops taking writes at once
//! ([`Fence`]); a machine the take-over kept (another learner) adopts the newer generation from the first message
//! of the machine that took over. So an old leader that was only cut off, frozen or switched off stops as soon as it reaches the
//! machine that took over; what it acknowledged alone after the learner's last entry is lost, and the take-over
//! says so before it acts.
//!
//! Must not touch Tengen's log or state: it changes only the Raft store's vote, log tail and generation.
//!
//! [`network`]: super::network

use super::log_store::{MetaTree, RaftStore};
use super::types::{Entry, LogId, NodeId};
use crate::log::entry::decode_trusted;
use crate::log::store::StoreError;
use openraft::{BasicNode, CommittedLeaderId, EntryPayload, Membership, Vote};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The venue's generation and how it was reached, as a machine keeps it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generation {
    /// 0 until the first take-over; one more at each.
    pub number: u64,
    /// The machine that took over.
    pub by: NodeId,
    /// The voters it replaced.
    pub replaced: Vec<NodeId>,
    /// The last Tengen entry it held when it took over (its sequence number).
    pub last_seq: u64,
}

/// What a take-over found and did, for the person at the machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakenOver {
    /// This machine.
    pub me: NodeId,
    /// The voters that left the venue.
    pub replaced: Vec<(NodeId, String)>,
    /// The learners that stay.
    pub learners: Vec<NodeId>,
    /// The venue's new generation.
    pub generation: u64,
    /// The last Tengen entry this machine holds: its sequence number and when it was written (ms), if any.
    pub last_entry: Option<(u64, i64)>,
}

/// Why a take-over was refused; nothing was changed.
#[derive(Debug, thiserror::Error)]
pub enum TakeOverError {
    /// The Raft store could not be read or written (a running server holds it: stop it first).
    #[error("the Raft store in {dir}: {why} (is the server still running? stop it first)")]
    Store {
        /// Where.
        dir: String,
        /// What.
        why: String,
    },
    /// This directory has never been part of a venue.
    #[error("{0} holds no venue: only a machine that was a voter or a learner of a venue can take it over")]
    NoVenue(String),
    /// This machine is not a member.
    #[error("machine {0} is not a member of the venue this directory holds")]
    NotMember(NodeId),
    /// This machine already is the only voter.
    #[error(
        "machine {0} already is the venue's only voter: start it, there is nothing to take over"
    )]
    AlreadyAlone(NodeId),
}

/// The Raft meta key of the generation (beside the vote, committed and purged ids).
pub(super) const GENERATION: u64 = 10;

/// The generation a machine's Raft store holds (0 before any take-over).
pub fn stored(store: &RaftStore) -> Result<Generation, StoreError> {
    Ok(store.meta_json(GENERATION)?.unwrap_or_default())
}

/// Makes machine `me` the only voter of the venue in `raft_dir` (the server must be stopped), as described in
/// the module's documentation. Durable when it returns.
pub fn take_over(raft_dir: &Path, me: NodeId) -> Result<TakenOver, TakeOverError> {
    let store_err = |e: StoreError| TakeOverError::Store {
        dir: raft_dir.display().to_string(),
        why: e.to_string(),
    };
    if !raft_dir.join("db").is_file() {
        return Err(TakeOverError::NoVenue(raft_dir.display().to_string()));
    }
    let store = RaftStore::open(raft_dir).map_err(store_err)?;
    let (last_log, membership) = store.last_log_and_membership().map_err(store_err)?;
    let Some(membership) = membership else {
        return Err(TakeOverError::NoVenue(raft_dir.display().to_string()));
    };
    let nodes: BTreeMap<NodeId, BasicNode> =
        membership.nodes().map(|(id, n)| (*id, n.clone())).collect();
    if !nodes.contains_key(&me) {
        return Err(TakeOverError::NotMember(me));
    }
    let voters: BTreeSet<NodeId> = membership.voter_ids().collect();
    if voters.len() == 1 && voters.contains(&me) {
        return Err(TakeOverError::AlreadyAlone(me));
    }
    let replaced: Vec<(NodeId, String)> = voters
        .iter()
        .filter(|v| **v != me)
        .map(|v| (*v, nodes.get(v).map(|n| n.addr.clone()).unwrap_or_default()))
        .collect();
    let kept: BTreeMap<NodeId, BasicNode> = nodes
        .into_iter()
        .filter(|(id, _)| *id == me || !voters.contains(id))
        .collect();
    let vote: Vote<NodeId> = store.vote().map_err(store_err)?.unwrap_or_default();
    let term = vote
        .leader_id()
        .term
        .max(last_log.map_or(0, |l| l.leader_id.term))
        + 1;
    let index = last_log.map_or(0, |l| l.index + 1);
    let entry = Entry {
        log_id: LogId::new(CommittedLeaderId::new(term, me), index),
        payload: EntryPayload::Membership(Membership::new(
            vec![BTreeSet::from([me])],
            kept.clone(),
        )),
    };
    let last_entry = store.last_tengen_entry().map_err(store_err)?;
    let generation = Generation {
        number: stored(&store).map_err(store_err)?.number + 1,
        by: me,
        replaced: replaced.iter().map(|(id, _)| *id).collect(),
        last_seq: last_entry.map_or(0, |(seq, _)| seq),
    };
    // One durable write: the new membership entry, the vote of its leader (this machine, as if it had been
    // elected in that term), and the generation. A machine restarted on this store leads at once.
    store
        .rewrite_for_take_over(
            &entry,
            &Vote::new_committed(term, me),
            GENERATION,
            &generation,
        )
        .map_err(store_err)?;
    Ok(TakenOver {
        me,
        replaced,
        learners: kept.keys().filter(|id| **id != me).copied().collect(),
        generation: generation.number,
        last_entry,
    })
}

/// The sequence number and time of the last Tengen entry among stored entry bytes (the last of a batch).
pub(super) fn seq_and_time(stored: &[u8]) -> Option<(u64, i64)> {
    decode_trusted(stored)
        .ok()
        .map(|(e, _)| (e.seq.0, e.timestamp_ms))
}

/// Whether a caller of generation `theirs` may talk to a machine of generation `mine`; when not, the refusal's
/// words (and which side is behind).
pub fn check(mine: u64, theirs: u64) -> Result<(), Stale> {
    match theirs.cmp(&mine) {
        std::cmp::Ordering::Equal => Ok(()),
        std::cmp::Ordering::Less => Err(Stale::Caller { mine }),
        std::cmp::Ordering::Greater => Err(Stale::Me { theirs }),
    }
}

/// Which side of a Raft message belongs to an older generation of the venue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stale {
    /// The caller: the venue was taken over since it last knew it.
    Caller {
        /// The receiver's generation.
        mine: u64,
    },
    /// This machine: another machine took the venue over while this one was away.
    Me {
        /// The caller's generation.
        theirs: u64,
    },
}

/// The words a fenced machine raises as its alarm (and the prefix by which a caller recognises the refusal).
pub const FENCED: &str = "fenced by a take-over";

/// The alarm of a machine that learned it was taken over from.
pub fn fenced_alarm(generation: u64) -> String {
    format!(
        "{FENCED}: another machine took this venue over (generation {generation}), so this machine takes no \
         changes. Its entries after the take-over are not in the venue's log: have the desks that used it check \
         their last commands. To rejoin, stop it, move its data directory aside, start it empty and add it as a \
         learner (`tengen venue add`)."
    )
}

/// A machine's fence: its generation (kept durably in `meta`, the Raft meta), and the switch that stops it once
/// a message shows it was taken over from.
#[derive(Clone)]
pub struct Fence {
    generation: std::sync::Arc<std::sync::atomic::AtomicU64>,
    meta: Option<MetaTree>,
    tripped: std::sync::Arc<tokio::sync::watch::Sender<Option<String>>>,
}

impl Fence {
    /// A fence at `generation`, not tripped; a newer generation it adopts is written to `meta`.
    pub fn new(generation: u64, meta: Option<MetaTree>) -> Fence {
        Fence {
            generation: std::sync::Arc::new(std::sync::atomic::AtomicU64::new(generation)),
            meta,
            tripped: std::sync::Arc::new(tokio::sync::watch::Sender::new(None)),
        }
    }

    /// This machine's generation.
    pub fn generation(&self) -> u64 {
        self.generation.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// A message of the newer generation `theirs` reached this machine. The machine that took over sends only
    /// to the members it kept (a learner that stays), so this machine takes that generation as its own, durably,
    /// before it answers.
    pub fn adopt(&self, theirs: u64) -> Result<(), StoreError> {
        if let Some(meta) = &self.meta {
            let value = serde_json::to_vec(&Generation {
                number: theirs,
                ..Generation::default()
            })
            .map_err(|e| StoreError::Corrupt(format!("generation: {e}")))?;
            meta.put(&[(GENERATION, value)])?;
        }
        self.generation
            .fetch_max(theirs, std::sync::atomic::Ordering::SeqCst);
        tracing::warn!(
            generation = theirs,
            "the venue was taken over: this machine follows the machine that took over"
        );
        Ok(())
    }

    /// Stops this machine: it was taken over from (the venue is at `generation` now).
    pub fn trip(&self, generation: u64) {
        self.tripped.send_if_modified(|t| {
            if t.is_some() {
                return false;
            }
            let alarm = fenced_alarm(generation);
            tracing::error!("{alarm}");
            *t = Some(alarm);
            true
        });
    }

    /// Resolves with the alarm once the fence trips.
    pub async fn tripped(&self) -> String {
        let mut rx = self.tripped.subscribe();
        let alarm = match rx.wait_for(|t| t.is_some()).await {
            Ok(t) => t.clone(),
            Err(_) => None,
        };
        match alarm {
            Some(alarm) => alarm,
            None => std::future::pending().await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_older_side_of_a_message_is_named() {
        assert_eq!(check(1, 1), Ok(()));
        assert_eq!(check(1, 0), Err(Stale::Caller { mine: 1 }));
        assert_eq!(check(0, 2), Err(Stale::Me { theirs: 2 }));
    }

    #[test]
    fn a_kept_machine_adopts_the_newer_generation_and_is_not_stopped() {
        let fence = Fence::new(0, None);
        assert!(fence.adopt(2).is_ok());
        assert_eq!(fence.generation(), 2);
        assert_eq!(check(fence.generation(), 2), Ok(()));
        assert!(fence.tripped.borrow().is_none());
    }
}
