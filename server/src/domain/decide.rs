//! Decides a command against the current state: the events it produces, or why it is refused.
//! Pure: reads the state and the context, returns data; the writer does the I/O.

use super::command::{Command, Context, EnterSpec};
use super::error::{DeskRefused, Rejected};
use super::event::{Event, StatusChange};
use super::ids::{ParticipantId, Revision, TournamentId};
use super::lifecycle;
use super::ratings;
use super::record::{
    Entry, EntryStatus, EventInfo, Participant, ParticipantFields, Role, Stamp, TokenRecord,
    Tournament, TournamentSettings,
};
use super::slip;
use super::state::{ExternalId, State};
use super::validate;
pub use setup::registration_can_reopen;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
pub use undo::UNDO_WINDOW_MS;

/// Decides `cmd` against `state`.
pub fn decide(state: &State, cmd: &Command, ctx: &Context) -> Result<Vec<Event>, Rejected> {
    match cmd {
        Command::UpdateEvent { event, expected } => update_event(state, event, *expected),
        Command::CreateTournament {
            settings,
            double_entry_unset,
        } => create_tournament(state, settings, *double_entry_unset),
        Command::UpdateTournament {
            id,
            expected,
            settings,
        } => update_tournament(state, *id, *expected, settings),
        Command::MoveRoundStart {
            id,
            round,
            start,
            expected,
        } => super::timetable::move_round(state, *id, *round, start, *expected),
        Command::SetRegistrationOpen { id, open, expected } => {
            set_registration_open(state, *id, *open, *expected)
        }
        Command::RegisterParticipant {
            fields,
            enter,
            check_in,
            different_person,
        } => register(state, fields, enter, *check_in, *different_person, ctx),
        Command::UpdateParticipant {
            id,
            expected,
            fields,
            different_person,
        } => update_participant(state, *id, *expected, fields, *different_person, ctx),
        Command::EnterTournament {
            id,
            entry,
            expected,
        } => enter_tournament(state, *id, entry, *expected, ctx),
        Command::LeaveTournament {
            id,
            tournament,
            expected,
        } => leave_tournament(state, *id, *tournament, *expected),
        Command::UndoRegistration { id } => undo::undo_registration(state, *id, ctx),
        Command::SetRounds {
            id,
            tournament: t,
            rounds,
            expected,
        } => set_rounds(state, *id, *t, rounds.as_deref(), *expected, ctx),
        Command::CheckIn {
            id,
            tournament,
            expected,
        } => check_in(state, *id, *tournament, *expected, ctx),
        Command::RecordPayment {
            id,
            cents,
            method,
            note,
            expected,
        } => record_payment(state, *id, *cents, *method, note, *expected, ctx),
        Command::Withdraw {
            id,
            tournament,
            expected,
        } => status_change(
            state,
            *id,
            *tournament,
            *expected,
            StatusChange::Withdraw,
            ctx,
        ),
        Command::Reinstate {
            id,
            tournament,
            expected,
        } => status_change(
            state,
            *id,
            *tournament,
            *expected,
            StatusChange::Reinstate,
            ctx,
        ),
        Command::CreateToken { name, role } => create_token(state, name, *role, ctx),
        Command::RevokeToken { id } => token::revoke(state, *id),
        Command::RecordVenueChange { change } => {
            change.validate()?;
            Ok(vec![Event::VenueChanged {
                change: change.clone(),
            }])
        }
        Command::ResetDirectorToken { hash } => token::reset_director(state, hash, ctx),
        Command::SetEntryOptions {
            id,
            tournament,
            ghost,
            mms_correction,
            expected,
        } => lifecycle::entry_options(state, *id, *tournament, *ghost, *mms_correction, *expected),
        Command::ChangeRank {
            id,
            tournament,
            rank,
            from_round,
            move_start,
            expected,
        } => lifecycle::change_rank(
            state,
            *id,
            *tournament,
            *rank,
            *from_round,
            *move_start,
            *expected,
        ),
        Command::NumberPlayers { tournament, order } => {
            lifecycle::number_players(state, *tournament, order)
        }
        Command::DrawRound {
            tournament,
            round,
            redraw,
            empty,
            expected,
            aside,
            part,
        } => match lifecycle::part_to_draw(state, *tournament, *round, *redraw, *part) {
            Some(part) => lifecycle::partial::draw_part(
                state,
                *tournament,
                *round,
                part,
                *redraw,
                *expected,
                ctx,
            ),
            None => lifecycle::draw_round(
                state,
                *tournament,
                *round,
                *redraw,
                *empty,
                *expected,
                aside.as_deref(),
                ctx,
            ),
        },
        Command::ImportRound {
            tournament,
            round,
            games,
            bye,
            expected,
        } => {
            lifecycle::import::import_round(state, *tournament, *round, games, *bye, *expected, ctx)
        }
        Command::SplitKnockout {
            from,
            top,
            name,
            per_group,
        } => lifecycle::split::split_knockout(state, *from, *top, name, *per_group),
        Command::RecordLadderGame {
            tournament,
            challenger,
            defender,
            outcome,
        } => super::ladder::record_game(state, *tournament, *challenger, *defender, *outcome, ctx),
        Command::PublishRound { tournament, round } => {
            lifecycle::publish(state, *tournament, *round, ctx.now_ms)
        }
        Command::EditRound {
            tournament,
            round,
            edit,
            expected,
        } => lifecycle::edit_round(state, *tournament, *round, edit, *expected),
        Command::CloseRound { tournament, round } => {
            lifecycle::close(state, *tournament, *round, ctx.now_ms)
        }
        Command::ReportResult {
            tournament,
            round,
            table,
            result,
            black,
        } => lifecycle::report_result(state, *tournament, *round, *table, *result, *black, ctx),
        Command::RefereeReport {
            tournament,
            round,
            table,
            report,
        } => lifecycle::referee(state, *tournament, *round, *table, report, ctx),
        Command::SubmitSlip {
            tournament,
            participant,
            proposal,
        } => slip::submit(state, *tournament, *participant, proposal, ctx),
        Command::ResolveSlip {
            slip: id,
            accept,
            reason,
            expected_revision,
        } => slip::resolve(state, *id, *accept, reason, *expected_revision, ctx),
        Command::LoadRatings {
            source,
            file,
            date,
            part,
            parts,
            players,
        } => ratings::load(state, *source, file, date, *part, *parts, players),
        Command::IssueCodes { participants } => players::issue_codes(state, participants, ctx),
        Command::SelfCheckIn {
            tournament,
            participant,
            code,
        } => players::self_check_in(state, *tournament, *participant, code, ctx),
        Command::PlayerReport {
            tournament,
            round,
            table,
            participant,
            says,
            black,
            code,
            via,
        } => lifecycle::player_report::report(
            state,
            lifecycle::player_report::Report {
                tournament: *tournament,
                round: *round,
                table: *table,
                participant: *participant,
                says: *says,
                black: *black,
                via: *via,
            },
            code,
            ctx,
        ),
    }
}

/// The token secret a `CreateToken` decided with this context produces (shown once to the director).
pub fn token_secret(ctx: &Context) -> String {
    format!("tgn_{}", hex::encode(ctx.entropy))
}

/// The stored hash of a token secret.
pub fn token_hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// The terminal and time of `ctx`, as recorded on what it changes.
pub(super) fn stamp(ctx: &Context) -> Stamp {
    Stamp {
        terminal: ctx.actor.terminal.clone(),
        at_ms: ctx.now_ms,
        by_self: false,
    }
}

fn create_token(
    state: &State,
    name: &str,
    role: Role,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    if name.trim().is_empty() || name.chars().count() > 64 || name.chars().any(|c| c.is_control()) {
        return Err(Rejected::invalid(
            "name",
            "a terminal name of 1 to 64 printable characters is required",
        ));
    }
    if matches!(role, Role::System | Role::Public) {
        return Err(Rejected::invalid(
            "role",
            format!("the {} role cannot be given to a terminal", role.as_str()),
        ));
    }
    // The name is the terminal in the audit log and scopes its request ids: two working tokens never share one.
    if let Some(same) = state
        .tokens
        .values()
        .find(|t| !t.revoked && t.name == name.trim())
    {
        return Err(Rejected::invalid(
            "name",
            format!(
                "a working token is already called {} ({}): choose another name, or revoke that one first",
                same.name, same.id
            ),
        ));
    }
    Ok(vec![Event::TokenCreated {
        token: TokenRecord {
            id: state.next_token_id(),
            name: name.trim().to_string(),
            role,
            hash: token_hash(&token_secret(ctx)),
            created_at_ms: ctx.now_ms,
            revoked: false,
        },
    }])
}

pub(super) fn check_revision(expected: Option<Revision>, actual: Revision) -> Result<(), Rejected> {
    match expected {
        Some(expected) if expected != actual => Err(Rejected::StaleRevision { expected, actual }),
        _ => Ok(()),
    }
}

pub(super) fn participant(state: &State, id: ParticipantId) -> Result<&Participant, Rejected> {
    state
        .participants
        .get(&id)
        .ok_or(Rejected::UnknownParticipant(id))
}

pub(super) fn tournament(state: &State, id: TournamentId) -> Result<&Tournament, Rejected> {
    state
        .tournaments
        .get(&id)
        .ok_or(Rejected::UnknownTournament(id))
}

mod entries;
pub mod players;
mod setup;
mod token;
mod undo;

use entries::*;
use setup::*;
pub use setup::{fixed_settings, FixedSetting};

#[cfg(test)]
mod tests;
