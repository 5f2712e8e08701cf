//! Taking back a registration a desk made a moment ago (issue 34: "a desk can undo its own registration within a
//! minute"): the rules, decided on the times and terminals the log recorded, never on a clock.
//!
//! Why a command of its own rather than `LeaveTournament` or `Withdraw`: a withdrawal keeps the entry (counted as
//! withdrawn, offered back as "returns") and leaving keeps the person in the register, where the duplicate guard
//! then refuses the corrected registration and the desk search keeps listing the phantom. Neither carries the
//! rules below. Undoing removes the person with every entry; the log keeps both entries, and the id is never
//! given again (`State::retired`).
//!
//! Must not touch: rounds, numbers, slips. A registration any of them refers to is refused, not cleaned up.

use super::*;
use crate::domain::error::InPlay;

/// How long after its registration (by the log's times) a desk may take it back.
pub const UNDO_WINDOW_MS: i64 = 60_000;

/// Participant `id`'s registration taken back by `ctx`'s terminal.
pub(super) fn undo_registration(
    state: &State,
    id: ParticipantId,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    let p = participant(state, id)?;
    let desk = ctx.actor.terminal.as_str();
    match p.registered_by.as_deref() {
        Some(by) if by == desk => {}
        Some(by) => {
            return Err(Rejected::Desk(DeskRefused::UndoAtOtherDesk {
                id,
                by: by.to_string(),
                desk: desk.to_string(),
            }))
        }
        None => return Err(Rejected::Desk(DeskRefused::UndoTooOld(id))),
    }
    let age = ctx.now_ms - p.registered_at_ms;
    if age > UNDO_WINDOW_MS {
        return Err(Rejected::Desk(DeskRefused::UndoTooLate {
            id,
            seconds: age / 1000,
        }));
    }
    if let Some(why) = in_play(state, id) {
        return Err(Rejected::Desk(DeskRefused::UndoInPlay { id, why }));
    }
    Ok(vec![Event::RegistrationUndone {
        id,
        tournaments: p.entries.keys().copied().collect(),
    }])
}

/// What already refers to participant `id` besides the register: a number, a round, a ladder game, a slip.
fn in_play(state: &State, id: ParticipantId) -> Option<InPlay> {
    for (t, play) in &state.play {
        if play.numbers.contains_key(&id) || play.starts.contains_key(&id) {
            return Some(InPlay::Number(*t));
        }
        for r in &play.rounds {
            if r.game_of(id).is_some() || r.has_bye(id) {
                return Some(InPlay::Round {
                    round: r.number,
                    tournament: *t,
                });
            }
        }
        if play
            .ladder
            .iter()
            .any(|g| g.challenger == id || g.defender == id)
        {
            return Some(InPlay::Ladder(*t));
        }
    }
    state
        .slips
        .values()
        .any(|s| s.participant == id)
        .then_some(InPlay::Slip)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::record::{PairingSystem, TournamentSettings};

    fn ctx(terminal: &str, now_ms: i64) -> Context {
        Context {
            actor: crate::domain::Actor {
                terminal: terminal.into(),
                role: Role::Registration,
                operator: String::new(),
            },
            now_ms,
            entropy: [7; 32],
        }
    }

    fn run(state: &mut State, cmd: Command, ctx: &Context) -> Result<Vec<Event>, Rejected> {
        let events = decide(state, &cmd, ctx)?;
        for e in &events {
            state.apply(e);
        }
        Ok(events)
    }

    /// A tournament and one player registered (and checked in) at desk-1 at t = 10 s; returns the player.
    fn registered(s: &mut State) -> ParticipantId {
        let settings = TournamentSettings::new("Main", PairingSystem::McMahon, 3);
        run(
            s,
            Command::CreateTournament {
                settings,
                double_entry_unset: false,
            },
            &ctx("director", 0),
        )
        .expect("tournament");
        let register = Command::RegisterParticipant {
            fields: ParticipantFields::sample("Abe", "Ken", "Oslo"),
            enter: vec![EnterSpec {
                tournament: TournamentId(1),
                rounds: None,
            }],
            check_in: true,
            different_person: false,
        };
        match run(s, register, &ctx("desk-1", 10_000)).as_deref() {
            Ok([Event::ParticipantRegistered { participant }]) => participant.id,
            other => panic!("registered: {other:?}"),
        }
    }

    fn undo(id: ParticipantId) -> Command {
        Command::UndoRegistration { id }
    }

    #[test]
    fn the_desk_that_registered_undoes_within_the_minute_and_the_id_is_not_given_again() {
        let mut s = State::default();
        let p = registered(&mut s);
        let events = run(&mut s, undo(p), &ctx("desk-1", 70_000)).expect("undone");
        assert_eq!(
            events,
            vec![Event::RegistrationUndone {
                id: p,
                tournaments: vec![TournamentId(1)]
            }]
        );
        assert!(s.participants.is_empty());
        assert!(s.same_name_and_club("Abe", "Ken", "Oslo", None).is_none());
        assert_eq!(s.next_participant_id(), ParticipantId(p.0 + 1));
        // The same person registered again is not a duplicate of the phantom.
        let again = Command::RegisterParticipant {
            fields: ParticipantFields::sample("Abe", "Ken", "Oslo"),
            enter: Vec::new(),
            check_in: false,
            different_person: false,
        };
        assert!(run(&mut s, again, &ctx("desk-1", 71_000)).is_ok());
    }

    #[test]
    fn another_desk_cannot_undo() {
        let mut s = State::default();
        let p = registered(&mut s);
        let refused = decide(&s, &undo(p), &ctx("desk-2", 20_000)).unwrap_err();
        assert!(
            refused.to_string().contains("registered at desk-1"),
            "{refused}"
        );
    }

    #[test]
    fn a_minute_counts_from_the_registrations_log_time() {
        let mut s = State::default();
        let p = registered(&mut s);
        assert!(decide(&s, &undo(p), &ctx("desk-1", 10_000 + UNDO_WINDOW_MS)).is_ok());
        let late = decide(&s, &undo(p), &ctx("desk-1", 10_001 + UNDO_WINDOW_MS)).unwrap_err();
        assert!(late.to_string().contains("within a minute"), "{late}");
    }

    #[test]
    fn a_numbered_or_paired_player_cannot_be_undone() {
        let mut s = State::default();
        let p = registered(&mut s);
        let close = Command::SetRegistrationOpen {
            id: TournamentId(1),
            open: false,
            expected: None,
        };
        run(&mut s, close, &ctx("director", 11_000)).expect("closed");
        let refused = decide(&s, &undo(p), &ctx("desk-1", 12_000)).unwrap_err();
        assert!(refused.to_string().contains("has a number"), "{refused}");
    }

    #[test]
    fn older_records_without_a_desk_cannot_be_undone() {
        let mut s = State::default();
        let p = registered(&mut s);
        if let Some(person) = s.participants.get_mut(&p) {
            person.registered_by = None;
        }
        assert!(decide(&s, &undo(p), &ctx("desk-1", 11_000)).is_err());
    }
}
