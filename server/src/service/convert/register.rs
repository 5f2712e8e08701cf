//! Participants, their entries and the event's details, to and from the wire.

use crate::domain::{
    self, Entry, EntryStatus, EventInfo, Participant, ParticipantFields, Rank, Rejected, State,
    TournamentId,
};
use tengen_proto::v1 as pb;

/// Parses a participant's fields from the wire.
pub fn fields_from_pb(f: Option<pb::ParticipantFields>) -> Result<ParticipantFields, Rejected> {
    let f = f.ok_or_else(|| Rejected::invalid("fields", "missing"))?;
    let rank: Rank = f
        .rank
        .parse()
        .map_err(|e: domain::rank::RankError| Rejected::invalid("rank", e.to_string()))?;
    // A number too large for any year is refused in the same words as one out of range (`validate::birth_year`).
    let birth_year = f
        .birth_year
        .map(|y| {
            u16::try_from(y).map_err(|_| Rejected::Field {
                field: "birth_year",
                problem: domain::error::FieldProblem::NotBirthYear(y.to_string()),
            })
        })
        .transpose()?;
    let concession = match f.concession.trim() {
        "" => None,
        text => Some(domain::fees::Concession::parse(text).ok_or_else(|| {
            Rejected::invalid(
                "concession",
                format!(
                    "{} is not a concession: junior, student, senior or empty",
                    domain::error::quote(text)
                ),
            )
        })?),
    };
    let fee_override = f.fee_override_cents.map(|cents| domain::fees::FeeOverride {
        cents,
        reason: f.fee_reason.trim().to_string(),
    });
    Ok(ParticipantFields {
        family_name: f.family_name,
        given_name: f.given_name,
        latin_family_name: f.latin_family_name,
        latin_given_name: f.latin_given_name,
        rank,
        rating: f.rating,
        club: f.club,
        city: f.city,
        country: f.country,
        egd_pin: f.egd_pin,
        aga_id: f.aga_id,
        ffg_licence: f.ffg_licence,
        email: f.email,
        phone: f.phone,
        family_group: f.family_group,
        team: f.team,
        team_board: f.team_board.filter(|b| *b > 0),
        local: f.local,
        fee_cents: f.fee_cents,
        paid: f.paid,
        notes: f.notes,
        birth_year,
        member: f.member,
        concession,
        fee_override,
    }
    .normalised())
}

/// A participant's fields for the wire; contact data, the year of birth, the fee, its concession and override,
/// and the notes only when `private` is allowed.
pub fn fields_to_pb(f: &ParticipantFields, private: bool) -> pb::ParticipantFields {
    let kept = |text: &String| if private { text.clone() } else { String::new() };
    let fee_override = f.fee_override.as_ref().filter(|_| private);
    pb::ParticipantFields {
        family_name: f.family_name.clone(),
        given_name: f.given_name.clone(),
        rank: f.rank.to_string(),
        rating: f.rating,
        club: f.club.clone(),
        city: f.city.clone(),
        country: f.country.clone(),
        egd_pin: f.egd_pin.clone(),
        aga_id: f.aga_id.clone(),
        ffg_licence: f.ffg_licence.clone(),
        email: kept(&f.email),
        phone: kept(&f.phone),
        family_group: f.family_group.clone(),
        team: f.team.clone(),
        team_board: f.team_board,
        local: f.local,
        fee_cents: if private { f.fee_cents } else { 0 },
        paid: private && f.paid,
        notes: kept(&f.notes),
        latin_family_name: f.latin_family_name.clone(),
        latin_given_name: f.latin_given_name.clone(),
        birth_year: f.birth_year.filter(|_| private).map(u32::from),
        member: private && f.member,
        concession: f
            .concession
            .filter(|_| private)
            .map_or(String::new(), |c| c.as_str().to_string()),
        fee_override_cents: fee_override.map(|o| o.cents),
        fee_reason: fee_override.map_or(String::new(), |o| o.reason.clone()),
    }
}

/// A participant for the wire.
pub fn participant_to_pb(p: &Participant, private: bool) -> pb::Participant {
    pb::Participant {
        id: p.id.0,
        revision: p.revision.0,
        fields: Some(fields_to_pb(&p.fields, private)),
        entries: p
            .entries
            .iter()
            .map(|(t, e)| entry_to_pb_entry(*t, e))
            .collect(),
        registered_at_ms: p.registered_at_ms,
        rank: p.fields.rank.to_string(),
        payments: if private {
            p.payments.iter().map(payment_to_pb).collect()
        } else {
            Vec::new()
        },
        account: None,
    }
}

/// A participant's payments for the wire.
pub fn payments_to_pb(p: &Participant) -> Vec<pb::Payment> {
    p.payments.iter().map(payment_to_pb).collect()
}

/// A payment for the wire.
fn payment_to_pb(pay: &domain::fees::Payment) -> pb::Payment {
    pb::Payment {
        cents: pay.cents,
        method: pay.method.as_str().to_string(),
        note: pay.note.clone(),
        terminal: pay.by.terminal.clone(),
        at_ms: pay.by.at_ms,
    }
}

/// A participant's fee account for the wire, its lines worded in English.
pub fn account_to_pb(state: &State, account: &domain::fees::Account) -> pb::FeeAccount {
    pb::FeeAccount {
        due_cents: account.due,
        scheduled_cents: account.scheduled,
        paid_cents: account.paid,
        waived_cents: account.waived,
        balance_cents: account.balance(),
        lines: account
            .lines
            .iter()
            .map(|line| crate::app::fees::line_text(crate::lang::Lang::En, state, line))
            .collect(),
    }
}

/// One tournament entry for the wire.
fn entry_to_pb_entry(t: TournamentId, e: &Entry) -> pb::Entry {
    pb::Entry {
        tournament_id: t.0,
        rounds: e.rounds.clone(),
        status: status_to_pb(e.status) as i32,
        ghost: e.ghost,
        mms_correction: e.mms_correction,
        rank_changes: e
            .rank_changes
            .iter()
            .map(|c| pb::RankChange {
                from_round: c.from_round,
                rank: c.rank.to_string(),
            })
            .collect(),
    }
}

/// An entry status for the wire.
pub fn status_to_pb(s: EntryStatus) -> pb::EntryStatus {
    match s {
        EntryStatus::PreRegistered => pb::EntryStatus::PreRegistered,
        EntryStatus::CheckedIn => pb::EntryStatus::CheckedIn,
        EntryStatus::Withdrawn => pb::EntryStatus::Withdrawn,
    }
}

/// An entry status filter from the wire (`None` = any).
pub fn status_from_pb(v: i32) -> Result<Option<EntryStatus>, Rejected> {
    match pb::EntryStatus::try_from(v) {
        Ok(pb::EntryStatus::Unspecified) => Ok(None),
        Ok(pb::EntryStatus::PreRegistered) => Ok(Some(EntryStatus::PreRegistered)),
        Ok(pb::EntryStatus::CheckedIn) => Ok(Some(EntryStatus::CheckedIn)),
        Ok(pb::EntryStatus::Withdrawn) => Ok(Some(EntryStatus::Withdrawn)),
        Err(_) => Err(Rejected::invalid("status", format!("unknown status {v}"))),
    }
}

/// The event's details for the wire.
pub fn event_to_pb(e: &EventInfo) -> pb::EventInfo {
    pb::EventInfo {
        name: e.name.clone(),
        venue: e.venue.clone(),
        city: e.city.clone(),
        country: e.country.clone(),
        start_date: e.start_date.clone(),
        end_date: e.end_date.clone(),
        revision: e.revision.0,
    }
}

/// The event's details from the wire.
pub fn event_from_pb(e: Option<pb::EventInfo>) -> Result<EventInfo, Rejected> {
    let e = e.ok_or_else(|| Rejected::invalid("event", "missing"))?;
    Ok(EventInfo {
        name: e.name,
        venue: e.venue,
        city: e.city,
        country: e.country,
        start_date: e.start_date,
        end_date: e.end_date,
        revision: domain::Revision(e.revision),
    }
    .normalised())
}

/// The default for `scoring.double_entry` when the wire leaves it out: on for the event's first tournament
/// (`id` is `None` for a new tournament), the current value when updating one, else off.
pub fn double_entry_default(state: &State, id: Option<TournamentId>) -> bool {
    match id {
        None => state.tournaments.is_empty(),
        Some(id) => state
            .tournaments
            .get(&id)
            .is_some_and(|t| t.settings.scoring.double_entry),
    }
}
