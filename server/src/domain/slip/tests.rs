//! Slip tests: submitting against a small register, the limits, and resolving (accept applies the normal update in
//! the same batch of events, reject needs a reason, a slip is resolved once).

use super::*;
use crate::domain::record::{PairingSystem, Role, TournamentSettings};
use crate::domain::{Actor, EnterSpec};

fn ctx(terminal: &str, role: Role) -> Context {
    Context {
        actor: Actor {
            terminal: terminal.into(),
            role,
            operator: String::new(),
        },
        now_ms: 5_000,
        entropy: [3; 32],
    }
}

fn public() -> Context {
    ctx("web-public", Role::Public)
}

fn director() -> Context {
    ctx("td", Role::Director)
}

/// Decides and applies, panicking on rejection.
fn run(state: &mut State, cmd: Command, ctx: &Context) -> Vec<Event> {
    let events = decide(state, &cmd, ctx).unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    for e in &events {
        state.apply(e);
    }
    events
}

/// One 5-round tournament and Anne Côté (3k, Montréal, FR) entered in it, with contact data.
fn register() -> (State, ParticipantId) {
    let mut s = State::default();
    let settings = TournamentSettings {
        name: "Main".into(),
        rounds: 5,
        system: PairingSystem::McMahon,
        ..Default::default()
    };
    run(
        &mut s,
        Command::CreateTournament {
            settings,
            double_entry_unset: false,
        },
        &director(),
    );
    let mut fields = ParticipantFields::sample("Côté", "Anne", "Montréal");
    fields.email = "anne@example.org".into();
    fields.phone = "+1 555 0100".into();
    fields.fee_cents = 4000;
    fields.notes = "vegetarian".into();
    let cmd = Command::RegisterParticipant {
        fields,
        enter: vec![EnterSpec {
            tournament: TournamentId(1),
            rounds: None,
        }],
        check_in: false,
        different_person: false,
    };
    run(&mut s, cmd, &director());
    (s, ParticipantId(1))
}

fn submit_cmd(p: ParticipantId, proposal: SlipProposal) -> Command {
    Command::SubmitSlip {
        tournament: TournamentId(1),
        participant: p,
        proposal,
    }
}

fn resolve_cmd(id: u64, accept: bool, reason: &str) -> Command {
    Command::ResolveSlip {
        slip: SlipId(id),
        accept,
        reason: reason.into(),
        expected_revision: None,
    }
}

fn club(name: &str) -> SlipProposal {
    SlipProposal {
        club: Some(name.into()),
        ..Default::default()
    }
}

fn refusal(s: &State, cmd: Command, ctx: &Context) -> Rejected {
    decide(s, &cmd, ctx).expect_err("should be refused")
}

#[test]
fn a_slip_is_recorded_pending_with_only_real_changes_trimmed() {
    let (mut s, p) = register();
    let proposal = SlipProposal {
        family_name: Some(" Coté ".into()),
        given_name: Some("Anne".into()),
        rank: Some("3k".parse().unwrap()),
        club: Some("Québec".into()),
        country: Some("ca".into()),
        rounds: Some(vec![3, 1, 2]),
        message: "  I arrive on Tuesday\nthanks  ".into(),
    };
    let events = run(&mut s, submit_cmd(p, proposal), &public());
    let expected = Slip {
        id: SlipId(1),
        tournament: TournamentId(1),
        participant: p,
        proposal: SlipProposal {
            family_name: Some("Coté".into()),
            given_name: None,
            rank: None,
            club: Some("Québec".into()),
            country: Some("CA".into()),
            rounds: Some(vec![1, 2, 3]),
            message: "I arrive on Tuesday\nthanks".into(),
        },
        submitted_at_ms: 5_000,
        state: SlipState::Pending,
    };
    assert_eq!(
        events,
        vec![Event::SlipSubmitted {
            slip: expected.clone()
        }]
    );
    assert_eq!(s.slips[&SlipId(1)], expected);
    assert_eq!(
        s.participants[&p].fields.club, "Montréal",
        "a slip changes nothing"
    );
    assert_eq!(s.participants[&p].revision, Revision(1));
    assert_eq!(
        s.subject_of(&events[0]),
        Some(crate::domain::Subject::Slip(expected))
    );
}

#[test]
fn a_message_alone_is_a_slip_but_an_empty_one_is_refused() {
    let (mut s, p) = register();
    let unchanged = SlipProposal {
        family_name: Some("Côté".into()),
        club: Some("Montréal".into()),
        ..Default::default()
    };
    assert!(matches!(
        refusal(&s, submit_cmd(p, unchanged), &public()),
        Rejected::Invalid {
            field: "message",
            ..
        }
    ));
    let note = SlipProposal {
        message: "my name has an accent".into(),
        ..Default::default()
    };
    run(&mut s, submit_cmd(p, note), &public());
    assert!(s.slips[&SlipId(1)].proposal.changes_nothing());
}

#[test]
fn markup_is_refused_naming_the_field() {
    let (s, p) = register();
    let err = refusal(&s, submit_cmd(p, club("<b>Go</b>")), &public());
    assert_eq!(
        err.to_string(),
        "club: please write the club without < or >"
    );
    let message = SlipProposal {
        message: "see <script>".into(),
        ..Default::default()
    };
    assert!(matches!(
        refusal(&s, submit_cmd(p, message), &public()),
        Rejected::Invalid {
            field: "message",
            ..
        }
    ));
    let given = SlipProposal {
        given_name: Some("An>ne".into()),
        ..Default::default()
    };
    assert!(matches!(
        refusal(&s, submit_cmd(p, given), &public()),
        Rejected::Invalid {
            field: "given_name",
            ..
        }
    ));
}

#[test]
fn sizes_countries_names_and_rounds_are_limited() {
    let (s, p) = register();
    let long = "x".repeat(MAX_SLIP_TEXT + 1);
    assert!(matches!(
        refusal(&s, submit_cmd(p, club(&long)), &public()),
        Rejected::Invalid { field: "club", .. }
    ));
    assert!(decide(
        &s,
        &submit_cmd(p, club(&"x".repeat(MAX_SLIP_TEXT))),
        &public()
    )
    .is_ok());
    let essay = SlipProposal {
        message: "y".repeat(MAX_SLIP_MESSAGE + 1),
        ..Default::default()
    };
    assert!(matches!(
        refusal(&s, submit_cmd(p, essay), &public()),
        Rejected::Invalid {
            field: "message",
            ..
        }
    ));
    let bell = SlipProposal {
        family_name: Some("Co\u{7}té".into()),
        ..Default::default()
    };
    assert!(matches!(
        refusal(&s, submit_cmd(p, bell), &public()),
        Rejected::Invalid {
            field: "family_name",
            ..
        }
    ));
    let blank = SlipProposal {
        family_name: Some("  ".into()),
        ..Default::default()
    };
    assert!(matches!(
        refusal(&s, submit_cmd(p, blank), &public()),
        Rejected::Invalid {
            field: "family_name",
            ..
        }
    ));
    for country in ["XX", "France", "UK"] {
        let bad = SlipProposal {
            country: Some(country.into()),
            ..Default::default()
        };
        assert!(
            matches!(
                refusal(&s, submit_cmd(p, bad), &public()),
                Rejected::Field {
                    field: "country",
                    ..
                }
            ),
            "{country}"
        );
    }
    for rounds in [vec![0], vec![6], vec![]] {
        let bad = SlipProposal {
            rounds: Some(rounds.clone()),
            ..Default::default()
        };
        assert!(
            matches!(
                refusal(&s, submit_cmd(p, bad), &public()),
                Rejected::Invalid {
                    field: "rounds",
                    ..
                }
            ),
            "{rounds:?}"
        );
    }
}

#[test]
fn the_player_must_be_entered_in_the_tournament() {
    let (mut s, p) = register();
    let settings = TournamentSettings {
        name: "Lightning".into(),
        rounds: 3,
        ..Default::default()
    };
    run(
        &mut s,
        Command::CreateTournament {
            settings,
            double_entry_unset: false,
        },
        &director(),
    );
    let elsewhere = Command::SubmitSlip {
        tournament: TournamentId(2),
        participant: p,
        proposal: club("Québec"),
    };
    assert_eq!(
        refusal(&s, elsewhere, &public()),
        Rejected::NotEntered {
            participant: p,
            tournament: TournamentId(2)
        }
    );
    assert_eq!(
        refusal(&s, submit_cmd(ParticipantId(9), club("Québec")), &public()),
        Rejected::UnknownParticipant(ParticipantId(9))
    );
}

#[test]
fn a_player_has_at_most_a_few_slips_pending() {
    let (mut s, p) = register();
    for i in 0..MAX_PENDING_PER_PARTICIPANT {
        run(&mut s, submit_cmd(p, club(&format!("Club {i}"))), &public());
    }
    assert!(matches!(
        refusal(&s, submit_cmd(p, club("One more")), &public()),
        Rejected::Precondition(_)
    ));
    run(&mut s, resolve_cmd(1, false, "spam"), &director());
    run(&mut s, submit_cmd(p, club("One more")), &public());
    assert_eq!(s.slips.len(), MAX_PENDING_PER_PARTICIPANT + 1);
}

#[test]
fn accepting_applies_the_normal_update_then_records_the_slip() {
    let (mut s, p) = register();
    let proposal = SlipProposal {
        given_name: Some("Anne-Marie".into()),
        rank: Some("2k".parse().unwrap()),
        rounds: Some(vec![2, 3, 4]),
        ..club("Québec")
    };
    run(&mut s, submit_cmd(p, proposal), &public());
    let before = s.participants[&p].clone();
    let events = run(&mut s, resolve_cmd(1, true, ""), &director());

    let mut fields = before.fields.clone();
    fields.given_name = "Anne-Marie".into();
    fields.rank = "2k".parse().unwrap();
    fields.club = "Québec".into();
    assert_eq!(
        events,
        vec![
            Event::ParticipantUpdated {
                id: p,
                revision: Revision(2),
                fields,
            },
            Event::RoundsSet {
                id: p,
                revision: Revision(3),
                tournament: TournamentId(1),
                rounds: vec![2, 3, 4],
            },
            Event::SlipResolved {
                id: SlipId(1),
                accepted: true,
                reason: String::new(),
                terminal: "td".into(),
                at_ms: 5_000,
            },
        ]
    );
    let after = &s.participants[&p];
    assert_eq!(after.fields.email, "anne@example.org", "contact data kept");
    assert_eq!(after.fields.phone, "+1 555 0100");
    assert_eq!(
        (after.fields.fee_cents, after.fields.notes.as_str()),
        (4000, "vegetarian")
    );
    assert_eq!(
        s.slips[&SlipId(1)].state,
        SlipState::Accepted {
            terminal: "td".into(),
            at_ms: 5_000
        }
    );
}

#[test]
fn accepting_runs_the_normal_checks() {
    let (mut s, p) = register();
    run(&mut s, submit_cmd(p, club("Québec")), &public());
    let stale = Command::ResolveSlip {
        slip: SlipId(1),
        accept: true,
        reason: String::new(),
        expected_revision: Some(Revision(7)),
    };
    assert_eq!(
        refusal(&s, stale, &director()),
        Rejected::StaleRevision {
            expected: Revision(7),
            actual: Revision(1)
        }
    );
    // Another Anne Côté of Québec registers meanwhile: the duplicate guard refuses the change, and nothing moves.
    let twin = Command::RegisterParticipant {
        fields: ParticipantFields::sample("Côté", "Anne", "Québec"),
        enter: Vec::new(),
        check_in: false,
        different_person: false,
    };
    run(&mut s, twin, &director());
    assert!(matches!(
        refusal(&s, resolve_cmd(1, true, ""), &director()),
        Rejected::Duplicate { .. }
    ));
    assert!(s.slips[&SlipId(1)].is_pending());
}

#[test]
fn a_change_that_already_holds_resolves_the_slip_alone() {
    let (mut s, p) = register();
    run(&mut s, submit_cmd(p, club("Québec")), &public());
    let mut fields = s.participants[&p].fields.clone();
    fields.club = "Québec".into();
    let desk = Command::UpdateParticipant {
        id: p,
        expected: Revision(1),
        fields,
        different_person: false,
    };
    run(&mut s, desk, &director());
    let events = run(
        &mut s,
        resolve_cmd(1, true, "done at the desk"),
        &director(),
    );
    assert!(matches!(
        events.as_slice(),
        [Event::SlipResolved { accepted: true, .. }]
    ));
}

#[test]
fn rejecting_needs_a_reason_and_changes_nothing() {
    let (mut s, p) = register();
    run(&mut s, submit_cmd(p, club("Québec")), &public());
    assert!(matches!(
        refusal(&s, resolve_cmd(1, false, "  "), &director()),
        Rejected::Invalid {
            field: "reason",
            ..
        }
    ));
    let events = run(
        &mut s,
        resolve_cmd(1, false, " club is on the EGD "),
        &director(),
    );
    assert_eq!(
        events,
        vec![Event::SlipResolved {
            id: SlipId(1),
            accepted: false,
            reason: "club is on the EGD".into(),
            terminal: "td".into(),
            at_ms: 5_000,
        }]
    );
    assert_eq!(s.participants[&p].fields.club, "Montréal");
    assert_eq!(s.participants[&p].revision, Revision(1));
    assert!(matches!(
        &s.slips[&SlipId(1)].state,
        SlipState::Rejected { reason, terminal, .. } if reason == "club is on the EGD" && terminal == "td"
    ));
}

#[test]
fn a_slip_is_resolved_once() {
    let (mut s, p) = register();
    run(&mut s, submit_cmd(p, club("Québec")), &public());
    run(&mut s, resolve_cmd(1, true, ""), &director());
    for again in [resolve_cmd(1, true, ""), resolve_cmd(1, false, "oops")] {
        assert_eq!(
            refusal(&s, again, &director()),
            Rejected::Precondition("slip S1 was already accepted by td".into())
        );
    }
    assert_eq!(
        refusal(&s, resolve_cmd(2, true, ""), &director()),
        Rejected::UnknownSlip(SlipId(2))
    );
}

#[test]
fn contact_fields_cannot_be_proposed() {
    // By construction: applying any proposal keeps every field a slip has no place for.
    let (s, p) = register();
    let before = &s.participants[&p].fields;
    let everything = SlipProposal {
        family_name: Some("A".into()),
        given_name: Some("B".into()),
        rank: Some("5d".parse().unwrap()),
        club: Some(String::new()),
        country: Some(String::new()),
        rounds: Some(vec![1]),
        message: "m".into(),
    };
    let after = everything.applied_to(before);
    assert_eq!(
        (
            &after.email,
            &after.phone,
            after.fee_cents,
            after.paid,
            &after.notes
        ),
        (
            &before.email,
            &before.phone,
            before.fee_cents,
            before.paid,
            &before.notes
        )
    );
    assert_eq!(
        (&after.city, &after.egd_pin, after.rating, after.local),
        (&before.city, &before.egd_pin, before.rating, before.local)
    );
}

#[test]
fn the_public_role_cannot_hold_a_token() {
    let (s, _) = register();
    let cmd = Command::CreateToken {
        name: "board".into(),
        role: Role::Public,
    };
    assert!(matches!(
        refusal(&s, cmd, &director()),
        Rejected::Invalid { field: "role", .. }
    ));
}

#[test]
fn slips_survive_a_snapshot() {
    let (mut s, p) = register();
    run(&mut s, submit_cmd(p, club("Québec")), &public());
    run(&mut s, submit_cmd(p, club("Laval")), &public());
    run(&mut s, resolve_cmd(1, false, "no"), &director());
    let image = serde_json::to_vec(&s.image()).unwrap();
    let back = State::from_image(serde_json::from_slice(&image).unwrap());
    assert!(back.image_eq(&s));
    assert_eq!(back.next_slip_id(), SlipId(3));
    // A snapshot written before slips existed has no `slips` key.
    let mut old: serde_json::Value = serde_json::to_value(State::default().image()).unwrap();
    old.as_object_mut().unwrap().remove("slips");
    let old: crate::domain::state::StateImage = serde_json::from_value(old).unwrap();
    assert!(old.slips.is_empty());
}
