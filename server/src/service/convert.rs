//! The one place where wire types (`tengen_proto::v1`) meet domain types. Parsing from the wire validates what
//! the type system cannot (ranks, roles, systems) and reports it as `Rejected::Invalid`.

use crate::domain::{
    self, EntryStatus, EventInfo, PairingSystem, Participant, ParticipantFields, Rank, Rejected,
    Role, Subject, TokenRecord, Tournament, TournamentSettings,
};
use crate::log::LogEntry;
use tengen_proto::v1 as pb;

/// Parses a participant's fields from the wire.
pub fn fields_from_pb(f: Option<pb::ParticipantFields>) -> Result<ParticipantFields, Rejected> {
    let f = f.ok_or_else(|| Rejected::invalid("fields", "missing"))?;
    let rank: Rank = f
        .rank
        .parse()
        .map_err(|e: domain::rank::RankError| Rejected::invalid("rank", e.to_string()))?;
    Ok(ParticipantFields {
        family_name: f.family_name.trim().to_string(),
        given_name: f.given_name.trim().to_string(),
        rank,
        rating: f.rating,
        club: f.club.trim().to_string(),
        city: f.city.trim().to_string(),
        country: f.country.trim().to_uppercase(),
        egd_pin: f.egd_pin.trim().to_string(),
        aga_id: f.aga_id.trim().to_string(),
        ffg_licence: f.ffg_licence.trim().to_string(),
        email: f.email.trim().to_string(),
        phone: f.phone.trim().to_string(),
        family_group: f.family_group.trim().to_string(),
        local: f.local,
        fee_cents: f.fee_cents,
        paid: f.paid,
        notes: f.notes,
    })
}

/// A participant's fields for the wire; contact data only when `private` is allowed.
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
            .map(|(t, e)| pb::Entry {
                tournament_id: t.0,
                rounds: e.rounds.clone(),
                status: status_to_pb(e.status) as i32,
            })
            .collect(),
        registered_at_ms: p.registered_at_ms,
        rank: p.fields.rank.to_string(),
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
        name: e.name.trim().to_string(),
        venue: e.venue.trim().to_string(),
        city: e.city.trim().to_string(),
        country: e.country.trim().to_uppercase(),
        start_date: e.start_date.trim().to_string(),
        end_date: e.end_date.trim().to_string(),
        revision: domain::Revision(e.revision),
    })
}

/// Tournament settings from the wire.
pub fn settings_from_pb(s: Option<pb::TournamentSettings>) -> Result<TournamentSettings, Rejected> {
    let s = s.ok_or_else(|| Rejected::invalid("settings", "missing"))?;
    let system = match s
        .pairing_system
        .trim()
        .to_lowercase()
        .replace([' ', '-', '_'], "")
        .as_str()
    {
        "" | "mcmahon" | "macmahon" => PairingSystem::McMahon,
        "swiss" => PairingSystem::Swiss,
        other => {
            return Err(Rejected::invalid(
                "pairing_system",
                format!("{other:?} is not a pairing system: use mcmahon or swiss"),
            ))
        }
    };
    Ok(TournamentSettings {
        name: s.name.trim().to_string(),
        rounds: s.rounds,
        system,
        start_date: s.start_date.trim().to_string(),
        end_date: s.end_date.trim().to_string(),
    })
}

/// A tournament for the wire.
pub fn tournament_to_pb(t: &Tournament) -> pb::Tournament {
    pb::Tournament {
        id: t.id.0,
        revision: t.revision.0,
        settings: Some(pb::TournamentSettings {
            name: t.settings.name.clone(),
            rounds: t.settings.rounds,
            pairing_system: t.settings.system.as_str().to_string(),
            start_date: t.settings.start_date.clone(),
            end_date: t.settings.end_date.clone(),
        }),
        registration_open: t.registration_open,
    }
}

/// A role from the wire; `UNSPECIFIED` and unknown values are refused.
pub fn role_from_pb(v: i32) -> Result<Role, Rejected> {
    match pb::Role::try_from(v) {
        Ok(pb::Role::Director) => Ok(Role::Director),
        Ok(pb::Role::Registration) => Ok(Role::Registration),
        Ok(pb::Role::LateDesk) => Ok(Role::LateDesk),
        Ok(pb::Role::Results) => Ok(Role::Results),
        Ok(pb::Role::Referee) => Ok(Role::Referee),
        Ok(pb::Role::Viewer) => Ok(Role::Viewer),
        Ok(pb::Role::Replica) => Ok(Role::Replica),
        _ => Err(Rejected::invalid(
            "role",
            "choose director, registration, late-desk, results, referee, viewer or replica",
        )),
    }
}

/// A role for the wire.
pub fn role_to_pb(r: Role) -> pb::Role {
    match r {
        Role::Director => pb::Role::Director,
        Role::Registration => pb::Role::Registration,
        Role::LateDesk => pb::Role::LateDesk,
        Role::Results => pb::Role::Results,
        Role::Referee => pb::Role::Referee,
        Role::Viewer => pb::Role::Viewer,
        Role::Replica => pb::Role::Replica,
        Role::System => pb::Role::Unspecified,
    }
}

/// A token's public record for the wire (never the hash).
pub fn token_to_pb(t: &TokenRecord) -> pb::TokenInfo {
    pb::TokenInfo {
        id: t.id.0,
        name: t.name.clone(),
        role: role_to_pb(t.role) as i32,
        created_at_ms: t.created_at_ms,
        revoked: t.revoked,
    }
}

fn subject_to_pb(s: &Subject, private: bool) -> pb::event::Subject {
    match s {
        Subject::Event(e) => pb::event::Subject::EventInfo(event_to_pb(e)),
        Subject::Tournament(t) => pb::event::Subject::Tournament(tournament_to_pb(t)),
        Subject::Participant(p) => pb::event::Subject::Participant(participant_to_pb(p, private)),
        Subject::Token(t) => pb::event::Subject::Token(token_to_pb(t)),
    }
}

/// One line describing an event, without contact data or the event's kind (sent alongside).
fn summary(event: &domain::Event, subject: Option<&Subject>) -> String {
    let who = match subject {
        Some(Subject::Participant(p)) => format!(
            "{} {} ({}, {})",
            p.fields.family_name, p.fields.given_name, p.fields.rank, p.id
        ),
        Some(Subject::Tournament(t)) => format!("{} ({})", t.settings.name, t.id),
        Some(Subject::Token(t)) => format!("terminal {} ({})", t.name, t.role.as_str()),
        Some(Subject::Event(e)) => format!("event {}", e.name),
        None => String::new(),
    };
    use domain::Event as E;
    let what = match event {
        E::TournamentEntered {
            tournament, rounds, ..
        } => format!(" entered {tournament}, rounds {}", list(rounds)),
        E::TournamentLeft { tournament, .. } => format!(" left {tournament}"),
        E::RoundsSet {
            tournament, rounds, ..
        } => format!(" plays {tournament} rounds {}", list(rounds)),
        E::EntryStatusSet { tournaments, .. } => format!(" in {}", list(tournaments)),
        E::TokenRevoked { .. } => " revoked".to_string(),
        _ => String::new(),
    };
    format!("{who}{what}")
}

/// "1, 2, 3" / "T1, T2".
fn list<T: std::fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A log entry for the wire; stored bytes only when `payload` is allowed, contact data only when `private` is.
pub fn entry_to_pb(
    entry: &LogEntry,
    bytes: &[u8],
    prev_hash: &[u8],
    private: bool,
    payload: bool,
) -> pb::LogEntry {
    pb::LogEntry {
        seq: entry.seq.0,
        epoch: entry.epoch.0,
        timestamp_ms: entry.timestamp_ms,
        terminal: entry.terminal.clone(),
        role: role_to_pb(entry.role) as i32,
        operator: entry.operator.clone(),
        request_id: entry.request_id.clone(),
        events: entry
            .events
            .iter()
            .map(|e| pb::Event {
                kind: e.kind().to_string(),
                summary: summary(e, entry.subject.as_ref()),
                subject: entry.subject.as_ref().map(|s| subject_to_pb(s, private)),
            })
            .collect(),
        prev_hash: prev_hash.to_vec(),
        hash: bytes.get(..32).map(<[u8]>::to_vec).unwrap_or_default(),
        payload: if payload { bytes.to_vec() } else { Vec::new() },
    }
}
