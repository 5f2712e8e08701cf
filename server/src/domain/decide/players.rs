//! What players do for themselves with their personal codes, on the registration side (issue 31): the director
//! issuing codes (a new code replaces the old one at once) and a player checking themselves in. A player's own
//! result is a round matter: `lifecycle::player_report`. Pure, like every decision; never sees an address.

use super::entries::{desk_may_change, entered, wrong_status};
use super::*;
use crate::domain::code::{PlayerCode, TypedCode};
use crate::domain::error::PlayerRefused;
use std::collections::HashSet;

/// The most codes one command issues (an event of 100,000 players issues in a few commands).
pub const MAX_CODES_PER_COMMAND: usize = 20_000;

/// A fresh code for a participant being registered now.
pub(super) fn code_for_new(state: &State, id: ParticipantId, ctx: &Context) -> PlayerCode {
    PlayerCode::fresh(&ctx.entropy, id, |c| state.code_taken(c), &HashSet::new())
}

/// New codes for `participants`, each unlike every code in use and every other code of this command.
pub(super) fn issue_codes(
    state: &State,
    participants: &[ParticipantId],
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    if participants.is_empty() || participants.len() > MAX_CODES_PER_COMMAND {
        return Err(Rejected::invalid(
            "participants",
            format!("name 1 to {MAX_CODES_PER_COMMAND} participants"),
        ));
    }
    let mut issued = HashSet::new();
    let mut events = Vec::with_capacity(participants.len());
    for id in participants {
        participant(state, *id)?;
        if events
            .iter()
            .any(|e| matches!(e, Event::CodeIssued { id: seen, .. } if seen == id))
        {
            return Err(Rejected::invalid(
                "participants",
                format!("{id} is listed twice"),
            ));
        }
        let code = PlayerCode::fresh(&ctx.entropy, *id, |c| state.code_taken(c), &issued);
        issued.insert(code.clone());
        events.push(Event::CodeIssued { id: *id, code });
    }
    Ok(events)
}

/// Does `typed` match `p`'s code? A wrong code is refused with the same words whatever was typed, so a refusal
/// tells a guesser nothing.
pub(crate) fn check_code(p: &Participant, typed: &TypedCode) -> Result<(), Rejected> {
    match (typed.code(), &p.code) {
        (Some(typed), Some(code)) if typed == *code => Ok(()),
        _ => Err(Rejected::WrongCode),
    }
}

/// A player checks themselves in: the tournament allows it, the code is theirs, they are expected (pre-registered,
/// not withdrawn) and registration is still open. Records the check-in as the player's own.
pub(super) fn self_check_in(
    state: &State,
    t: TournamentId,
    id: ParticipantId,
    typed: &TypedCode,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let tour = tournament(state, t)?;
    check_code(participant(state, id)?, typed)?;
    if !tour.settings.players.self_check_in {
        return Err(Rejected::Player(PlayerRefused::CheckInAtDesk));
    }
    let (p, entry) = entered(state, id, t, None)?;
    match entry.status {
        EntryStatus::CheckedIn => {
            return Err(Rejected::AlreadyCheckedIn {
                participant: id,
                by: entry.checked_in.as_ref().map(|b| b.terminal.clone()),
                minutes_ago: entry
                    .checked_in
                    .as_ref()
                    .map(|b| (ctx.now_ms - b.at_ms).max(0) / 60_000),
            })
        }
        EntryStatus::Withdrawn => {
            return Err(wrong_status(id, t, entry.status, "check in (see the desk)"))
        }
        EntryStatus::PreRegistered => {}
    }
    if !tour.registration_open {
        return Err(Rejected::RegistrationClosed(t));
    }
    desk_may_change(state, Role::Registration, t)?;
    Ok(vec![Event::EntryStatusSet {
        id,
        revision: p.revision.next(),
        tournaments: vec![t],
        change: StatusChange::CheckIn,
        by: Some(Stamp {
            by_self: true,
            ..stamp(ctx)
        }),
    }])
}
