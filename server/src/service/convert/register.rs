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
        local: f.local,
        fee_cents: f.fee_cents,
        paid: f.paid,
        notes: f.notes,
        birth_year,
    }
    .normalised())
}

/// A participant's fields for the wire; contact data and the year of birth only when `private` is allowed.
pub fn fields_to_pb(f: &ParticipantFields, private: bool) -> pb::ParticipantFields {
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
        email: if private {
            f.email.clone()
        } else {
            String::new()
        },
        phone: if private {
            f.phone.clone()
        } else {
            String::new()
        },
        family_group: f.family_group.clone(),
        local: f.local,
        fee_cents: f.fee_cents,
        paid: f.paid,
        notes: f.notes.clone(),
        latin_family_name: f.latin_family_name.clone(),
        latin_given_name: f.latin_given_name.clone(),
        birth_year: f.birth_year.filter(|_| private).map(u32::from),
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
