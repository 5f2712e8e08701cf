//! Participants and their entries: registering (with the duplicate guard), editing, entering and leaving a
//! tournament, the rounds an entry plays, checking in, withdrawing and reinstating.

use super::*;

pub(super) fn register(
    state: &State,
    fields: &ParticipantFields,
    enter: &[EnterSpec],
    check_in: bool,
    different_person: bool,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    validate::participant(fields, ctx.now_ms)?;
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
    let id = state.next_participant_id();
    Ok(vec![Event::ParticipantRegistered {
        participant: Participant {
            id,
            revision: Revision(1),
            fields: fields.clone(),
            entries,
            registered_at_ms: ctx.now_ms,
            registered_by: Some(ctx.actor.terminal.clone()),
            payments: Vec::new(),
            code: Some(super::players::code_for_new(state, id, ctx)),
        },
    }])
}

pub(super) fn duplicate_guard(
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

/// New fields for participant `id`; the duplicate guard unless the desk says it is a different person.
pub(super) fn update_participant(
    state: &State,
    id: ParticipantId,
    expected: Revision,
    fields: &ParticipantFields,
    different_person: bool,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let p = participant(state, id)?;
    check_revision(Some(expected), p.revision)?;
    validate::participant(fields, ctx.now_ms)?;
    if draws_differently(&p.fields, fields) {
        for t in p.entries.keys() {
            desk_may_change(state, ctx.actor.role, *t)?;
        }
    }
    team_kept(state, p, fields)?;
    if !different_person {
        duplicate_guard(state, fields, Some(id))?;
    }
    Ok(vec![Event::ParticipantUpdated {
        id,
        revision: p.revision.next(),
        fields: fields.clone(),
    }])
}

/// A team tournament's teams stay as they played (issue 33): the board order is fixed once round 1 is drawn, and
/// a player who has played for a team stays in it (their matches are read back from their team).
fn team_kept(state: &State, p: &Participant, fields: &ParticipantFields) -> Result<(), Rejected> {
    let moved = super::super::teams::key(&fields.team) != super::super::teams::key(&p.fields.team);
    let reboarded = fields.team_board != p.fields.team_board;
    if !moved && !reboarded {
        return Ok(());
    }
    for t in p.entries.keys() {
        let Some(tour) = state.tournaments.get(t) else {
            continue;
        };
        if tour.settings.scoring.team_boards == 0 {
            continue;
        }
        let rounds = state.play.get(t).map_or(&[][..], |pl| pl.rounds.as_slice());
        let seated = rounds
            .iter()
            .any(|r| r.game_of(p.id).is_some() || r.has_bye(p.id));
        if moved && seated {
            return Err(Rejected::invalid(
                "team",
                format!(
                    "{} has played for {} in {}: a player stays in the team they played for",
                    p.fields.family_name, p.fields.team, tour.settings.name
                ),
            ));
        }
        if reboarded && !rounds.is_empty() {
            return Err(Rejected::invalid(
                "team_board",
                format!(
                    "the board order of {}'s teams is fixed once round 1 is drawn",
                    tour.settings.name
                ),
            ));
        }
    }
    Ok(())
}

/// Participant `id` enters a tournament, pre-registered.
pub(super) fn enter_tournament(
    state: &State,
    id: ParticipantId,
    entry: &EnterSpec,
    expected: Option<Revision>,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let p = participant(state, id)?;
    check_revision(expected, p.revision)?;
    let (tournament, rounds) = entry_rounds(state, entry, ctx.actor.role)?;
    if p.entries.contains_key(&tournament) {
        return Err(Rejected::AlreadyEntered {
            participant: id,
            tournament,
        });
    }
    Ok(vec![Event::TournamentEntered {
        id,
        revision: p.revision.next(),
        tournament,
        rounds,
        status: EntryStatus::PreRegistered,
    }])
}

/// Participant `id` leaves `tournament`.
pub(super) fn leave_tournament(
    state: &State,
    id: ParticipantId,
    tournament: TournamentId,
    expected: Option<Revision>,
) -> Result<Vec<Event>, Rejected> {
    let (p, _) = entered(state, id, tournament, expected)?;
    Ok(vec![Event::TournamentLeft {
        id,
        revision: p.revision.next(),
        tournament,
    }])
}

/// The rounds participant `id` plays in tournament `t` (`None`: all).
pub(super) fn set_rounds(
    state: &State,
    id: ParticipantId,
    t: TournamentId,
    rounds: Option<&[u32]>,
    expected: Option<Revision>,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let (p, _) = entered(state, id, t, expected)?;
    desk_may_change(state, ctx.actor.role, t)?;
    let total = tournament(state, t)?.settings.rounds;
    let rounds = validate::rounds(rounds, total)?;
    Ok(vec![Event::RoundsSet {
        id,
        revision: p.revision.next(),
        tournament: t,
        rounds,
    }])
}

/// The tournament and validated rounds of an entry, refusing closed registration for registration desks.
/// A tournament named inside a command's arguments that does not exist is bad input, not a missing record.
pub(super) fn entry_rounds(
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

pub(super) fn check_in(
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

/// Whether an edit changes what the draw reads (rank, rating, club, city, country).
pub(super) fn draws_differently(before: &ParticipantFields, after: &ParticipantFields) -> bool {
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

pub(super) fn status_change(
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

pub(super) fn wrong_status(
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

pub(super) fn entered(
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

/// A payment taken from a participant, stamped with the desk and the time.
pub(super) fn record_payment(
    state: &State,
    id: ParticipantId,
    cents: i64,
    method: crate::domain::fees::PayMethod,
    note: &str,
    expected: Option<Revision>,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let p = participant(state, id)?;
    check_revision(expected, p.revision)?;
    crate::domain::fees::check_payment(cents, method, note)?;
    Ok(vec![Event::PaymentRecorded {
        id,
        revision: p.revision.next(),
        payment: crate::domain::fees::Payment {
            cents,
            method,
            note: note.trim().to_string(),
            by: stamp(ctx),
        },
    }])
}
