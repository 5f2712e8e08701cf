//! Decides a command against the current state: the events it produces, or why it is refused.
//! Pure: reads the state and the context, returns data; the writer does the I/O.

use super::command::{Command, Context, EnterSpec};
use super::error::Rejected;
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
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// Decides `cmd` against `state`.
pub fn decide(state: &State, cmd: &Command, ctx: &Context) -> Result<Vec<Event>, Rejected> {
    match cmd {
        Command::UpdateEvent { event, expected } => update_event(state, event, *expected),
        Command::CreateTournament {
            settings,
            double_entry_unset,
        } => {
            validate::tournament(settings)?;
            let mut settings = settings.clone();
            if *double_entry_unset {
                settings.scoring.double_entry = state.tournaments.is_empty();
            }
            Ok(vec![Event::TournamentCreated {
                tournament: Tournament {
                    id: state.next_tournament_id(),
                    revision: Revision(1),
                    settings,
                    registration_open: true,
                },
            }])
        }
        Command::UpdateTournament {
            id,
            expected,
            settings,
        } => {
            let t = tournament(state, *id)?;
            check_revision(Some(*expected), t.revision)?;
            validate::tournament(settings)?;
            // Where a split-off knockout came from is the split's to say, not an update's.
            let settings = &TournamentSettings {
                split_from: t.settings.split_from,
                ..settings.clone()
            };
            // A ladder's recorded games count as drawn: its system, and so its rungs, must not change under them.
            let drawn = state
                .play
                .get(id)
                .is_some_and(|p| !p.rounds.is_empty() || !p.ladder.is_empty());
            if drawn && settings.system != t.settings.system {
                return Err(Rejected::Precondition(format!(
                    "{} and play has begun (round 1 drawn, or a game recorded): the pairing system cannot change \
                     now",
                    t.settings.paired_as()
                )));
            }
            if drawn && settings.draw.group_size != t.settings.draw.group_size {
                return Err(Rejected::Precondition(format!(
                    "{} is played in {} and round 1 is drawn: the groups cannot change now",
                    t.settings.name,
                    match t.settings.draw.group_size {
                        0 => "one field".to_string(),
                        n => format!("groups of about {n}"),
                    }
                )));
            }
            // The entries first: the last event is what the command answers with.
            let mut events = entries_follow_rounds(state, *id, t.settings.rounds, settings.rounds);
            events.push(Event::TournamentUpdated {
                id: *id,
                revision: t.revision.next(),
                settings: settings.clone(),
            });
            Ok(events)
        }
        Command::SetRegistrationOpen { id, open, expected } => {
            let t = tournament(state, *id)?;
            check_revision(*expected, t.revision)?;
            let mut events = Vec::new();
            // Closing registration before the first draw numbers the field by strength.
            let drawn = state.play.get(id).is_some_and(|p| !p.rounds.is_empty());
            // A ladder that has games keeps its numbers (its rungs start from them): newcomers join at the bottom.
            let ladder = state.play.get(id).is_some_and(|p| !p.ladder.is_empty());
            if !open && ladder {
                events.extend(super::ladder::number_newcomers(state, *id));
            } else if !open && !drawn {
                events.extend(lifecycle::number_players(state, *id, &[])?);
            }
            events.push(Event::RegistrationSet {
                id: *id,
                revision: t.revision.next(),
                open: *open,
            });
            Ok(events)
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
        } => {
            let p = participant(state, *id)?;
            check_revision(Some(*expected), p.revision)?;
            validate::participant(fields)?;
            if draws_differently(&p.fields, fields) {
                for t in p.entries.keys() {
                    desk_may_change(state, ctx.actor.role, *t)?;
                }
            }
            if !different_person {
                duplicate_guard(state, fields, Some(*id))?;
            }
            Ok(vec![Event::ParticipantUpdated {
                id: *id,
                revision: p.revision.next(),
                fields: fields.clone(),
            }])
        }
        Command::EnterTournament {
            id,
            entry,
            expected,
        } => {
            let p = participant(state, *id)?;
            check_revision(*expected, p.revision)?;
            let (tournament, rounds) = entry_rounds(state, entry, ctx.actor.role)?;
            if p.entries.contains_key(&tournament) {
                return Err(Rejected::AlreadyEntered {
                    participant: *id,
                    tournament,
                });
            }
            Ok(vec![Event::TournamentEntered {
                id: *id,
                revision: p.revision.next(),
                tournament,
                rounds,
                status: EntryStatus::PreRegistered,
            }])
        }
        Command::LeaveTournament {
            id,
            tournament,
            expected,
        } => {
            let (p, _) = entered(state, *id, *tournament, *expected)?;
            Ok(vec![Event::TournamentLeft {
                id: *id,
                revision: p.revision.next(),
                tournament: *tournament,
            }])
        }
        Command::SetRounds {
            id,
            tournament: t,
            rounds,
            expected,
        } => {
            let (p, _) = entered(state, *id, *t, *expected)?;
            desk_may_change(state, ctx.actor.role, *t)?;
            let total = tournament(state, *t)?.settings.rounds;
            let rounds = validate::rounds(rounds.as_deref(), total)?;
            Ok(vec![Event::RoundsSet {
                id: *id,
                revision: p.revision.next(),
                tournament: *t,
                rounds,
            }])
        }
        Command::CheckIn {
            id,
            tournament,
            expected,
        } => check_in(state, *id, *tournament, *expected, ctx),
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
        } => lifecycle::draw_round(
            state,
            *tournament,
            *round,
            *redraw,
            *empty,
            *expected,
            aside.as_deref(),
            ctx,
        ),
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
        } => lifecycle::report_result(state, *tournament, *round, *table, *result, ctx),
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

fn update_event(
    state: &State,
    event: &EventInfo,
    expected: Option<Revision>,
) -> Result<Vec<Event>, Rejected> {
    check_revision(expected, state.event.revision)?;
    validate::event(event)?;
    Ok(vec![Event::EventUpdated {
        event: EventInfo {
            revision: state.event.revision.next(),
            ..event.clone()
        },
    }])
}

fn register(
    state: &State,
    fields: &ParticipantFields,
    enter: &[EnterSpec],
    check_in: bool,
    different_person: bool,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    validate::participant(fields)?;
    if !different_person {
        duplicate_guard(state, fields, None)?;
    }
    let mut entries = BTreeMap::new();
    for spec in enter {
        let (tournament, rounds) = entry_rounds(state, spec, ctx.actor.role)?;
        let mut entry = Entry::new(rounds, EntryStatus::PreRegistered);
        if check_in {
            entry.status = EntryStatus::CheckedIn;
            entry.checked_in = Some(stamp(ctx));
        }
        if entries.insert(tournament, entry).is_some() {
            return Err(Rejected::invalid(
                "enter",
                format!("{tournament} is listed twice"),
            ));
        }
    }
    Ok(vec![Event::ParticipantRegistered {
        participant: Participant {
            id: state.next_participant_id(),
            revision: Revision(1),
            fields: fields.clone(),
            entries,
            registered_at_ms: ctx.now_ms,
        },
    }])
}

fn duplicate_guard(
    state: &State,
    f: &ParticipantFields,
    except: Option<ParticipantId>,
) -> Result<(), Rejected> {
    if let Some(existing) = state.same_name_and_club(&f.family_name, &f.given_name, &f.club, except)
    {
        return Err(Rejected::Duplicate {
            existing,
            reason: "same name and club".into(),
        });
    }
    for (kind, value, label) in [
        (ExternalId::Egd, &f.egd_pin, "EGD pin"),
        (ExternalId::Aga, &f.aga_id, "AGA id"),
        (ExternalId::Ffg, &f.ffg_licence, "FFG licence"),
    ] {
        if let Some(existing) = state.same_external_id(kind, value, except) {
            return Err(Rejected::Duplicate {
                existing,
                reason: format!("same {label} {}", value.trim()),
            });
        }
    }
    Ok(())
}

/// The tournament and validated rounds of an entry, refusing closed registration for registration desks.
/// A tournament named inside a command's arguments that does not exist is bad input, not a missing record.
fn entry_rounds(
    state: &State,
    spec: &EnterSpec,
    role: Role,
) -> Result<(TournamentId, Vec<u32>), Rejected> {
    let t = state.tournaments.get(&spec.tournament).ok_or_else(|| {
        Rejected::invalid(
            "tournament_id",
            format!("there is no tournament {}", spec.tournament),
        )
    })?;
    desk_may_change(state, role, t.id)?;
    let rounds = validate::rounds(spec.rounds.as_deref(), t.settings.rounds)?;
    Ok((t.id, rounds))
}

fn check_in(
    state: &State,
    id: ParticipantId,
    tournament: Option<TournamentId>,
    expected: Option<Revision>,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let p = participant(state, id)?;
    check_revision(expected, p.revision)?;
    let named: Vec<TournamentId> = match tournament {
        Some(t) => {
            entered(state, id, t, None)?;
            vec![t]
        }
        None => p.entries.keys().copied().collect(),
    };
    if named.is_empty() {
        return Err(Rejected::NoEntries(id));
    }
    let mut targets = Vec::new();
    let mut already = None;
    for t in named {
        let Some(e) = p.entries.get(&t) else { continue };
        match e.status {
            EntryStatus::Withdrawn => {
                return Err(wrong_status(id, t, e.status, "check in (reinstate first)"));
            }
            EntryStatus::CheckedIn => already = already.or(Some(e.checked_in.clone())),
            EntryStatus::PreRegistered => {
                desk_may_change(state, ctx.actor.role, t)?;
                targets.push(t);
            }
        }
    }
    if targets.is_empty() {
        let by = already.flatten();
        return Err(Rejected::AlreadyCheckedIn {
            participant: id,
            by: by.as_ref().map(|b| b.terminal.clone()),
            minutes_ago: by.map(|b| (ctx.now_ms - b.at_ms).max(0) / 60_000),
        });
    }
    Ok(vec![Event::EntryStatusSet {
        id,
        revision: p.revision.next(),
        tournaments: targets,
        change: StatusChange::CheckIn,
        by: Some(stamp(ctx)),
    }])
}

/// The terminal and time of `ctx`, as recorded on what it changes.
fn stamp(ctx: &Context) -> Stamp {
    Stamp {
        terminal: ctx.actor.terminal.clone(),
        at_ms: ctx.now_ms,
    }
}

/// Whether an edit changes what the draw reads (rank, rating, club, city, country).
fn draws_differently(before: &ParticipantFields, after: &ParticipantFields) -> bool {
    before.rank != after.rank
        || before.rating != after.rating
        || before.club != after.club
        || before.city != after.city
        || before.country != after.country
}

/// Registration desks change entries (check-in, rounds, draw fields) only while registration is open; after the
/// close that is the late desk's and the director's work.
pub(super) fn desk_may_change(
    state: &State,
    role: Role,
    tournament: TournamentId,
) -> Result<(), Rejected> {
    match state.tournaments.get(&tournament) {
        Some(t) if !t.registration_open && role == Role::Registration => {
            Err(Rejected::RegistrationClosed(t.id))
        }
        _ => Ok(()),
    }
}

fn status_change(
    state: &State,
    id: ParticipantId,
    tournament: TournamentId,
    expected: Option<Revision>,
    change: StatusChange,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let (p, entry) = entered(state, id, tournament, expected)?;
    let allowed = match change {
        StatusChange::Withdraw => entry.status != EntryStatus::Withdrawn,
        StatusChange::Reinstate => entry.status == EntryStatus::Withdrawn,
        StatusChange::CheckIn => entry.status != EntryStatus::Withdrawn,
    };
    if !allowed {
        let action = match change {
            StatusChange::Withdraw => "withdraw again",
            StatusChange::Reinstate => "reinstate (not withdrawn)",
            StatusChange::CheckIn => "check in",
        };
        return Err(wrong_status(id, tournament, entry.status, action));
    }
    Ok(vec![Event::EntryStatusSet {
        id,
        revision: p.revision.next(),
        tournaments: vec![tournament],
        change,
        by: Some(stamp(ctx)),
    }])
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

fn wrong_status(
    id: ParticipantId,
    t: TournamentId,
    status: EntryStatus,
    action: &'static str,
) -> Rejected {
    Rejected::WrongStatus {
        participant: id,
        tournament: t,
        status: status.as_str(),
        action,
    }
}

pub(super) fn check_revision(expected: Option<Revision>, actual: Revision) -> Result<(), Rejected> {
    match expected {
        Some(expected) if expected != actual => Err(Rejected::StaleRevision { expected, actual }),
        _ => Ok(()),
    }
}

fn participant(state: &State, id: ParticipantId) -> Result<&Participant, Rejected> {
    state
        .participants
        .get(&id)
        .ok_or(Rejected::UnknownParticipant(id))
}

/// When a tournament's number of rounds changes from `old` to `new`, its entries follow: rounds past `new` are
/// dropped, and an entry that plays the old last round (so plays to the end) also plays the rounds added. An
/// entry that stopped earlier keeps its rounds. One `RoundsSet` per entry that changes.
fn entries_follow_rounds(state: &State, t: TournamentId, old: u32, new: u32) -> Vec<Event> {
    if old == new {
        return Vec::new();
    }
    state
        .participants
        .values()
        .filter_map(|p| {
            let e = p.entries.get(&t)?;
            let mut rounds: Vec<u32> = e.rounds.iter().copied().filter(|r| *r <= new).collect();
            if new > old && e.rounds.contains(&old) {
                rounds.extend(old + 1..=new);
            }
            (rounds != e.rounds).then(|| Event::RoundsSet {
                id: p.id,
                revision: p.revision.next(),
                tournament: t,
                rounds,
            })
        })
        .collect()
}

fn tournament(state: &State, id: TournamentId) -> Result<&Tournament, Rejected> {
    state
        .tournaments
        .get(&id)
        .ok_or(Rejected::UnknownTournament(id))
}

fn entered(
    state: &State,
    id: ParticipantId,
    t: TournamentId,
    expected: Option<Revision>,
) -> Result<(&Participant, &Entry), Rejected> {
    let p = participant(state, id)?;
    tournament(state, t)?;
    check_revision(expected, p.revision)?;
    let entry = p.entries.get(&t).ok_or(Rejected::NotEntered {
        participant: id,
        tournament: t,
    })?;
    Ok((p, entry))
}

mod token;

#[cfg(test)]
mod tests;
