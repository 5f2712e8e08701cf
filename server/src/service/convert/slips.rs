//! Change slips for the wire, with the player as the register has them now.

use super::*;
use crate::domain::{Slip, SlipProposal, SlipState, State};
use tengen_proto::v1 as pb;

/// A change slip's proposal for the wire.
fn proposal_to_pb(p: &SlipProposal) -> pb::SlipProposal {
    pb::SlipProposal {
        family_name: p.family_name.clone(),
        given_name: p.given_name.clone(),
        rank: p.rank.map(|r| r.to_string()),
        club: p.club.clone(),
        country: p.country.clone(),
        rounds: p
            .rounds
            .as_ref()
            .map(|r| pb::RoundList { rounds: r.clone() }),
        message: p.message.clone(),
    }
}

/// A change slip for the wire, with the player as the register has them now (number, names, rank in force).
pub fn slip_to_pb(state: &State, s: &Slip) -> pb::Slip {
    let round = state
        .play
        .get(&s.tournament)
        .and_then(|p| p.rounds.last())
        .map_or(1, |r| r.number);
    let (slip_state, resolved_by, resolved_at_ms, reason) = match &s.state {
        SlipState::Pending => (pb::SlipState::Pending, "", 0, ""),
        SlipState::Accepted { terminal, at_ms } => {
            (pb::SlipState::Accepted, terminal.as_str(), *at_ms, "")
        }
        SlipState::Rejected {
            reason,
            terminal,
            at_ms,
        } => (
            pb::SlipState::Rejected,
            terminal.as_str(),
            *at_ms,
            reason.as_str(),
        ),
    };
    pb::Slip {
        id: s.id.0,
        tournament_id: s.tournament.0,
        player: Some(player_ref(state, s.tournament, s.participant, round)),
        participant_revision: state
            .participants
            .get(&s.participant)
            .map_or(0, |p| p.revision.0),
        proposal: Some(proposal_to_pb(&s.proposal)),
        submitted_at_ms: s.submitted_at_ms,
        state: slip_state as i32,
        resolved_by: resolved_by.to_string(),
        resolved_at_ms,
        reason: reason.to_string(),
    }
}
