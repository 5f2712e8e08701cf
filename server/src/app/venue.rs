//! The venue's machines for both doors (issue 30): the director lists them and changes them (add a learner,
//! promote it, remove a dead machine). The role rule and the audit entry in Tengen's log live here; the Raft work
//! is `replica::quorum::members`. Must not word anything for people beyond the refusal's own text.

use super::{Core, Meta, Refusal, Target};
use crate::auth::{Action, Caller};
use crate::domain::venue::VenueChange;
use crate::domain::Command;
use crate::replica::quorum::members::{self, Change, Members, MembersError};

/// The machines as this server sees them. Refused for a caller who may not manage the venue, and on a server that
/// is not part of a quorum venue.
pub fn members(core: &Core, caller: &Caller) -> Result<Members, Refusal> {
    caller.require(Action::ManageVenue)?;
    let raft = raft(core)?;
    Ok(members::members(raft))
}

/// Makes `change` (on the leader; elsewhere refused naming it). Raft's membership is not Tengen's log, so the
/// server's log records who asked, from which terminal, with which request id.
pub async fn change(
    core: &Core,
    caller: &Caller,
    meta: &Meta,
    change: Change,
) -> Result<Members, Refusal> {
    caller.require(Action::ManageVenue)?;
    let raft = raft(core)?;
    tracing::warn!(
        terminal = %caller.terminal,
        operator = %meta.operator,
        request_id = %meta.request_id,
        ?change,
        "the venue's machines change"
    );
    let record = match &change {
        Change::AddLearner { id, url } => VenueChange::AddLearner {
            node: *id,
            address: url.clone(),
        },
        Change::Promote(id) => VenueChange::Promote { node: *id },
        Change::Remove(id) => VenueChange::Remove { node: *id },
    };
    let members = members::change(raft, change).await.map_err(|e| match e {
        MembersError::NotLeader { .. } | MembersError::Raft(_) => {
            Refusal::Unavailable(e.to_string())
        }
        MembersError::BadUrl(_) | MembersError::BadNumber => Refusal::BadRequest(e.to_string()),
        MembersError::Taken(_)
        | MembersError::Unknown(_)
        | MembersError::Behind { .. }
        | MembersError::LastVoter(_) => Refusal::Precondition(e.to_string()),
    })?;
    // Raft made the change; Tengen's log now says who made it. A retry with the same request id finds the change
    // made and this entry written, and gets the same answer.
    core.write(
        caller,
        meta.clone(),
        Command::RecordVenueChange { change: record },
        Target::None,
    )
    .await?;
    Ok(members)
}

fn raft(
    core: &Core,
) -> Result<&openraft::Raft<crate::replica::quorum::types::TypeConfig>, Refusal> {
    core.control.venue.get().ok_or_else(|| {
        Refusal::Precondition(
            "this server is not part of a quorum venue (started without --voter): it has no machines to list or \
             change"
                .into(),
        )
    })
}
