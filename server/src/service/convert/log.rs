//! Log entries for the wire, and the one-line summary of each event (never contact data, never a slip's text).

use super::*;
use crate::domain::{self, Participant, ParticipantId, State, Subject, TournamentId};
use crate::log::LogEntry;
use tengen_proto::v1 as pb;

/// A log subject for the wire. Slips are not streamed: their free text comes from the anonymous public board and
/// is for the director (`ListSlips`).
fn subject_to_pb(state: &State, s: &Subject, private: bool) -> Option<pb::event::Subject> {
    Some(match s {
        Subject::Event(e) => pb::event::Subject::EventInfo(event_to_pb(e)),
        Subject::Tournament(t) => pb::event::Subject::Tournament(tournament_to_pb(t)),
        Subject::Participant(p) => pb::event::Subject::Participant(participant_to_pb(p, private)),
        Subject::Token(t) => pb::event::Subject::Token(token_to_pb(t)),
        Subject::Round(t, r) => pb::event::Subject::Round(round_to_pb(state, *t, r)),
        Subject::Numbers(t) => pb::event::Subject::Numbers(numbers_to_pb(state, *t)),
        Subject::Game(t, n, g) => pb::event::Subject::Game(game_to_pb(state, *t, *n, g)),
        Subject::Ladder(t) => pb::event::Subject::Ladder(ladder_to_pb(state, *t)),
        Subject::Slip(_) | Subject::RatingList(_) => return None,
    })
}

/// Is this one of a slip's own events (not the participant update an accepted slip makes)?
fn is_slip_event(event: &domain::Event) -> bool {
    matches!(
        event,
        domain::Event::SlipSubmitted { .. } | domain::Event::SlipResolved { .. }
    )
}

/// The subject shown with one event of an entry: the entry's answer, except that the participant events in an
/// accepted slip's entry show the participant (as the register has them now, like round subjects).
fn event_subject_to_pb(
    state: &State,
    subject: Option<&Subject>,
    event: &domain::Event,
    private: bool,
) -> Option<pb::event::Subject> {
    match subject? {
        Subject::Slip(slip) if !is_slip_event(event) => state
            .participants
            .get(&slip.participant)
            .map(|p| pb::event::Subject::Participant(participant_to_pb(p, private))),
        s => subject_to_pb(state, s, private),
    }
}

/// "Smith John" for a participant id (the id when unknown).
fn name_of(state: &State, id: ParticipantId) -> String {
    state.participants.get(&id).map_or(id.to_string(), |p| {
        format!("{} {}", p.fields.family_name, p.fields.given_name)
    })
}

/// A tournament's name (its id when unknown).
fn tournament_name(state: &State, t: TournamentId) -> String {
    state
        .tournaments
        .get(&t)
        .map_or(t.to_string(), |x| format!("{} ({t})", x.settings.name))
}

/// "Côté Anne (3k, P1)".
fn participant_who(p: &Participant) -> String {
    format!(
        "{} {} ({}, {})",
        p.fields.family_name, p.fields.given_name, p.fields.rank, p.id
    )
}

/// One line describing an event, without contact data or the event's kind (sent alongside). A slip's line names
/// the slip and the player, never what the slip says.
pub(super) fn summary(state: &State, event: &domain::Event, subject: Option<&Subject>) -> String {
    let who = match subject {
        Some(Subject::Participant(p)) => participant_who(p),
        Some(Subject::Slip(slip)) if is_slip_event(event) => format!(
            "slip {} about {} ({}) in {}",
            slip.id,
            name_of(state, slip.participant),
            slip.participant,
            tournament_name(state, slip.tournament)
        ),
        Some(Subject::Slip(slip)) => state
            .participants
            .get(&slip.participant)
            .map_or_else(|| slip.participant.to_string(), participant_who),
        Some(Subject::Tournament(t)) => format!("{} ({})", t.settings.name, t.id),
        Some(Subject::Token(t)) => format!("terminal {} ({})", t.name, t.role.as_str()),
        Some(Subject::Event(e)) => format!("event {}", e.name),
        Some(Subject::Round(t, r)) => format!("{} round {}", tournament_name(state, *t), r.number),
        Some(Subject::Numbers(t)) => format!("{} player numbers", tournament_name(state, *t)),
        Some(Subject::Ladder(t)) => format!("{} ladder", tournament_name(state, *t)),
        Some(Subject::Game(t, n, g)) => {
            format!("{} round {n} table {}", tournament_name(state, *t), g.table)
        }
        Some(Subject::RatingList(l)) => format!(
            "{} rating list {} ({}): part {} of {}, {} players",
            l.source.as_str(),
            l.file,
            l.date,
            l.received,
            l.parts,
            l.players
        ),
        None => String::new(),
    };
    format!("{who}{}", what_happened(state, event))
}

/// The event-specific part of a summary line.
fn what_happened(state: &State, event: &domain::Event) -> String {
    use domain::venue::VenueChange;
    use domain::Event as E;
    match event {
        E::TournamentEntered {
            tournament, rounds, ..
        } => format!(" entered {tournament}, rounds {}", list(rounds)),
        E::TournamentLeft { tournament, .. } => format!(" left {tournament}"),
        E::RegistrationUndone { id, .. } => format!("{id}: registration undone"),
        E::RoundsSet {
            tournament, rounds, ..
        } => format!(" plays {tournament} rounds {}", list(rounds)),
        E::EntryStatusSet { tournaments, .. } => format!(" in {}", list(tournaments)),
        E::TokenRevoked { .. } => " revoked".to_string(),
        E::VenueChanged { change } => match change {
            VenueChange::AddLearner { node, address } => {
                format!("machine {node} joined the venue at {address} as a learner")
            }
            VenueChange::Promote { node } => format!("machine {node} became a voter"),
            VenueChange::Remove { node } => format!("machine {node} left the venue"),
        },
        E::EntryOptionsSet {
            tournament,
            ghost,
            mms_correction,
            ..
        } => format!(
            " in {tournament}: {}MMS correction {mms_correction:+}",
            if *ghost { "ghost, " } else { "" }
        ),
        E::RankChanged {
            tournament,
            change,
            new_start,
            ..
        } => format!(
            " in {tournament}: {} from round {}{}",
            change.rank,
            change.from_round,
            if new_start.is_some() {
                ", starting MMS moved"
            } else {
                ""
            }
        ),
        E::PlayersNumbered { numbers, .. } => format!(": {} players numbered", numbers.len()),
        E::RoundDrawn { round, .. } => {
            let how = if round.draws > 1 { "redrawn" } else { "drawn" };
            let bye = round
                .bye
                .map(|b| format!(", bye {}", name_of(state, b)))
                .unwrap_or_default();
            format!(" {how}: {} games{bye}", round.games.len())
        }
        E::RoundEdited { edit, .. } => format!(" edited: {edit}"),
        E::RoundStateSet { state: s, .. } => format!(" {}", s.as_str()),
        E::ColoursRecorded { black, .. } => format!(": Black {}", name_of(state, *black)),
        E::GameUpdated { game, .. } => format!(
            " table {} ({} – {}): {}",
            game.table,
            name_of(state, game.white),
            name_of(state, game.black),
            game.confirmed
                .map_or_else(|| game.progress().as_str().to_string(), |c| c.describe())
        ),
        _ => String::new(),
    }
}

/// "1, 2, 3" / "T1, T2".
pub(super) fn list<T: std::fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A log entry for the wire; stored bytes only when `payload` is allowed, contact data only when `private` is.
/// Round subjects take names, numbers and ranks from `state` (the current state, also for history).
pub fn entry_to_pb(
    state: &State,
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
                summary: summary(state, e, entry.subject.as_ref()),
                subject: event_subject_to_pb(state, entry.subject.as_ref(), e, private),
            })
            .collect(),
        prev_hash: prev_hash.to_vec(),
        hash: bytes.get(..32).map(<[u8]>::to_vec).unwrap_or_default(),
        payload: if payload { bytes.to_vec() } else { Vec::new() },
    }
}
