//! Decision tests: each command against a small register, asserting the exact events or the rejection.

use super::*;
use crate::domain::record::{PairingSystem, TournamentSettings};

fn ctx(role: Role) -> Context {
    Context {
        actor: crate::domain::Actor {
            terminal: "desk-1".into(),
            role,
            operator: String::new(),
        },
        now_ms: 1_000,
        entropy: [7; 32],
    }
}

fn fields(family: &str, given: &str, club: &str) -> ParticipantFields {
    ParticipantFields::sample(family, given, club)
}

/// Decides and applies, panicking on rejection: builds a register step by step.
fn run(state: &mut State, cmd: Command, role: Role) -> Vec<Event> {
    let events = decide(state, &cmd, &ctx(role)).unwrap();
    for e in &events {
        state.apply(e);
    }
    events
}

fn with_tournament() -> State {
    let mut s = State::default();
    run(
        &mut s,
        Command::CreateTournament {
            double_entry_unset: false,
            settings: TournamentSettings {
                name: "Main".into(),
                rounds: 5,
                system: PairingSystem::McMahon,
                ..Default::default()
            },
        },
        Role::Director,
    );
    s
}

fn register(s: &mut State, f: ParticipantFields) -> ParticipantId {
    let cmd = Command::RegisterParticipant {
        fields: f,
        enter: vec![EnterSpec {
            tournament: TournamentId(1),
            rounds: None,
        }],
        check_in: false,
        different_person: false,
    };
    match run(s, cmd, Role::Registration).as_slice() {
        [Event::ParticipantRegistered { participant }] => participant.id,
        other => panic!("unexpected events {other:?}"),
    }
}

#[test]
fn registering_enters_all_rounds_and_assigns_increasing_ids() {
    let mut s = with_tournament();
    let a = register(&mut s, fields("Côté", "Anne", "Montréal"));
    let b = register(&mut s, fields("Tanaka", "Yui", "Tokyo"));
    assert_eq!((a, b), (ParticipantId(1), ParticipantId(2)));
    let entry = &s.participants[&a].entries[&TournamentId(1)];
    assert_eq!(entry.rounds, vec![1, 2, 3, 4, 5]);
    assert_eq!(entry.status, EntryStatus::PreRegistered);
}

/// Changing the number of rounds carries the entries along: one who plays to the end plays the rounds added, one
/// who stopped earlier does not, and rounds past a shortened end are dropped.
#[test]
fn entries_follow_a_change_in_the_number_of_rounds() {
    let mut s = with_tournament();
    let t = TournamentId(1);
    let all = register(&mut s, fields("Côté", "Anne", "Montréal"));
    let early = register(&mut s, fields("Tanaka", "Yui", "Tokyo"));
    run(
        &mut s,
        Command::SetRounds {
            id: early,
            tournament: t,
            rounds: Some(vec![1, 2, 3]),
            expected: None,
        },
        Role::Director,
    );
    let update = |s: &mut State, rounds: u32| {
        let tour = &s.tournaments[&t];
        let mut settings = tour.settings.clone();
        settings.rounds = rounds;
        let expected = tour.revision;
        run(
            s,
            Command::UpdateTournament {
                id: t,
                expected,
                settings,
            },
            Role::Director,
        )
    };
    let events = update(&mut s, 7);
    assert_eq!(events.len(), 2, "the tournament and one entry: {events:?}");
    let rounds = |s: &State, p: ParticipantId| s.participants[&p].entries[&t].rounds.clone();
    assert_eq!(rounds(&s, all), vec![1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(rounds(&s, early), vec![1, 2, 3]);
    update(&mut s, 2);
    assert_eq!(rounds(&s, all), vec![1, 2]);
    assert_eq!(rounds(&s, early), vec![1, 2]);
}

#[test]
fn same_name_and_club_is_a_duplicate_unless_confirmed() {
    let mut s = with_tournament();
    let a = register(&mut s, fields("Côté", "Anne", "Montréal"));
    let again = Command::RegisterParticipant {
        fields: fields("COTE", "anne", "montreal"),
        enter: vec![],
        check_in: false,
        different_person: false,
    };
    assert!(matches!(
        decide(&s, &again, &ctx(Role::Registration)),
        Err(Rejected::Duplicate { existing, .. }) if existing == a
    ));
    let Command::RegisterParticipant {
        fields,
        enter,
        check_in,
        ..
    } = again
    else {
        unreachable!()
    };
    let confirmed = Command::RegisterParticipant {
        fields,
        enter,
        check_in,
        different_person: true,
    };
    assert!(decide(&s, &confirmed, &ctx(Role::Registration)).is_ok());
}

#[test]
fn same_external_id_is_a_duplicate() {
    let mut s = with_tournament();
    let mut f = fields("Smith", "John", "Bristol");
    f.egd_pin = "12345678".into();
    let a = register(&mut s, f);
    let mut other = fields("Smyth", "Jon", "Bath");
    other.egd_pin = " 12345678 ".into();
    let cmd = Command::RegisterParticipant {
        fields: other,
        enter: vec![],
        check_in: false,
        different_person: false,
    };
    assert!(
        matches!(decide(&s, &cmd, &ctx(Role::Registration)), Err(Rejected::Duplicate { existing, .. }) if existing == a)
    );
}

#[test]
fn stale_revision_is_refused_and_current_revision_accepted() {
    let mut s = with_tournament();
    let a = register(&mut s, fields("Côté", "Anne", "Montréal"));
    let mut changed = fields("Côté", "Anne", "Québec");
    changed.rank = "2d".parse().unwrap();
    run(
        &mut s,
        Command::UpdateParticipant {
            id: a,
            expected: Revision(1),
            fields: changed.clone(),
            different_person: false,
        },
        Role::Registration,
    );
    let stale = Command::UpdateParticipant {
        id: a,
        expected: Revision(1),
        fields: changed,
        different_person: false,
    };
    assert_eq!(
        decide(&s, &stale, &ctx(Role::Registration)),
        Err(Rejected::StaleRevision {
            expected: Revision(1),
            actual: Revision(2)
        })
    );
    assert_eq!(s.participants[&a].fields.club, "Québec");
}

#[test]
fn closed_registration_refuses_registration_desk_but_not_late_desk() {
    let mut s = with_tournament();
    run(
        &mut s,
        Command::SetRegistrationOpen {
            id: TournamentId(1),
            open: false,
            expected: None,
        },
        Role::Director,
    );
    let cmd = Command::RegisterParticipant {
        fields: fields("Late", "Comer", ""),
        enter: vec![EnterSpec {
            tournament: TournamentId(1),
            rounds: Some(vec![2, 3]),
        }],
        check_in: true,
        different_person: false,
    };
    assert_eq!(
        decide(&s, &cmd, &ctx(Role::Registration)),
        Err(Rejected::RegistrationClosed(TournamentId(1)))
    );
    let events = decide(&s, &cmd, &ctx(Role::LateDesk)).unwrap();
    let Event::ParticipantRegistered { participant } = &events[0] else {
        panic!()
    };
    assert_eq!(participant.entries[&TournamentId(1)].rounds, vec![2, 3]);
    assert_eq!(
        participant.entries[&TournamentId(1)].status,
        EntryStatus::CheckedIn
    );
}

#[test]
fn withdrawn_player_must_be_reinstated_before_check_in() {
    let mut s = with_tournament();
    let a = register(&mut s, fields("Côté", "Anne", "Montréal"));
    run(
        &mut s,
        Command::Withdraw {
            id: a,
            tournament: TournamentId(1),
            expected: None,
        },
        Role::Registration,
    );
    let check_in = Command::CheckIn {
        id: a,
        tournament: None,
        expected: None,
    };
    assert!(matches!(
        decide(&s, &check_in, &ctx(Role::Registration)),
        Err(Rejected::WrongStatus { .. })
    ));
    run(
        &mut s,
        Command::Reinstate {
            id: a,
            tournament: TournamentId(1),
            expected: None,
        },
        Role::Director,
    );
    assert_eq!(
        s.participants[&a].entries[&TournamentId(1)].status,
        EntryStatus::CheckedIn
    );
    assert_eq!(s.participants[&a].revision, Revision(3));
}

#[test]
fn bad_input_is_refused_with_the_field_named() {
    let s = with_tournament();
    let mut f = fields("", "Anne", "");
    let reg = |f: ParticipantFields| Command::RegisterParticipant {
        fields: f,
        enter: vec![],
        check_in: false,
        different_person: false,
    };
    assert!(matches!(
        decide(&s, &reg(f.clone()), &ctx(Role::Director)),
        Err(Rejected::Field {
            field: "family_name",
            ..
        })
    ));
    f.family_name = "x".repeat(201);
    assert!(matches!(
        decide(&s, &reg(f.clone()), &ctx(Role::Director)),
        Err(Rejected::Field {
            field: "family_name",
            ..
        })
    ));
    f.family_name = "Côté".into();
    f.country = "XX".into();
    assert!(matches!(
        decide(&s, &reg(f.clone()), &ctx(Role::Director)),
        Err(Rejected::Field {
            field: "country",
            ..
        })
    ));
    f.country = "CA".into();
    let enter_bad = Command::RegisterParticipant {
        fields: f,
        enter: vec![EnterSpec {
            tournament: TournamentId(1),
            rounds: Some(vec![6]),
        }],
        check_in: false,
        different_person: false,
    };
    assert!(matches!(
        decide(&s, &enter_bad, &ctx(Role::Director)),
        Err(Rejected::Invalid {
            field: "rounds",
            ..
        })
    ));
}

#[test]
fn find_is_case_and_accent_insensitive() {
    let mut s = with_tournament();
    register(&mut s, fields("Côté", "Anne", "Montréal"));
    register(&mut s, fields("Cotton", "Bob", ""));
    register(&mut s, fields("Smith", "Cosette", ""));
    let names = |q: &str| {
        s.find(q, 10)
            .iter()
            .map(|p| p.fields.family_name.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(names("cote"), vec!["Côté"]);
    assert_eq!(names("CO"), vec!["Côté", "Cotton", "Smith"]);
    assert_eq!(names("anne c"), vec!["Côté"]);
    assert!(names("zz").is_empty());
}

#[test]
fn issue_34_find_reaches_a_player_by_the_latin_name_and_by_a_transliteration() {
    let mut s = with_tournament();
    let mut yamada = fields("山田", "太郎", "");
    yamada.latin_family_name = "Yamada".into();
    yamada.latin_given_name = "Tarō".into();
    register(&mut s, yamada);
    register(&mut s, fields("Иванова", "Анна", ""));
    register(&mut s, fields("佐藤", "花子", ""));
    register(&mut s, fields("Yamamoto", "Ken", ""));
    let names = |q: &str| {
        s.find(q, 10)
            .iter()
            .map(|p| p.fields.family_name.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(names("yamada"), vec!["山田"]);
    assert_eq!(names("taro yam"), vec!["山田"]);
    assert_eq!(names("山田"), vec!["山田"]);
    assert_eq!(names("yama"), vec!["Yamamoto", "山田"]);
    assert_eq!(names("ivanova"), vec!["Иванова"]);
    assert_eq!(names("ИВАН"), vec!["Иванова"]);
    // A Japanese name without a Latin one is found as written, never by its Chinese reading.
    assert_eq!(names("佐藤"), vec!["佐藤"]);
    assert!(names("zuoteng").is_empty());
}

#[test]
fn token_hash_comes_from_context_entropy() {
    let s = State::default();
    let events = decide(
        &s,
        &Command::CreateToken {
            name: "desk-2".into(),
            role: Role::Registration,
        },
        &ctx(Role::Director),
    )
    .unwrap();
    let Event::TokenCreated { token } = &events[0] else {
        panic!()
    };
    assert_eq!(token.hash, token_hash(&token_secret(&ctx(Role::Director))));
    assert!(
        !token.hash.contains(&hex::encode([7u8; 32])),
        "the secret itself is never stored"
    );
}

#[test]
fn entering_an_unknown_tournament_is_bad_input() {
    let s = with_tournament();
    let cmd = Command::RegisterParticipant {
        fields: fields("Côté", "Anne", ""),
        enter: vec![EnterSpec {
            tournament: TournamentId(101),
            rounds: None,
        }],
        check_in: false,
        different_person: false,
    };
    assert!(matches!(
        decide(&s, &cmd, &ctx(Role::Director)),
        Err(Rejected::Invalid {
            field: "tournament_id",
            ..
        })
    ));
}

#[test]
fn a_check_in_is_stamped_and_a_second_one_says_by_whom_and_changes_nothing() {
    let mut s = with_tournament();
    let a = register(&mut s, fields("Côté", "Anne", "Montréal"));
    let check_in = Command::CheckIn {
        id: a,
        tournament: None,
        expected: None,
    };
    run(&mut s, check_in.clone(), Role::Registration);
    let entry = &s.participants[&a].entries[&TournamentId(1)];
    assert_eq!(
        entry.checked_in,
        Some(Stamp {
            terminal: "desk-1".into(),
            at_ms: 1_000,
            by_self: false,
        })
    );
    let mut later = ctx(Role::Registration);
    later.actor.terminal = "desk-2".into();
    later.now_ms = 1_000 + 12 * 60_000 + 5;
    let again = decide(&s, &check_in, &later).unwrap_err();
    assert_eq!(
        again,
        Rejected::AlreadyCheckedIn {
            participant: a,
            by: Some("desk-1".into()),
            minutes_ago: Some(12),
        }
    );
    assert!(
        again
            .to_string()
            .contains("already checked in by desk-1 12 min ago"),
        "{again}"
    );
}

#[test]
fn after_the_close_a_registration_desk_neither_checks_in_nor_edits_draw_fields() {
    let mut s = with_tournament();
    let a = register(&mut s, fields("Côté", "Anne", "Montréal"));
    run(
        &mut s,
        Command::SetRegistrationOpen {
            id: TournamentId(1),
            open: false,
            expected: None,
        },
        Role::Director,
    );
    let check_in = Command::CheckIn {
        id: a,
        tournament: None,
        expected: None,
    };
    assert_eq!(
        decide(&s, &check_in, &ctx(Role::Registration)),
        Err(Rejected::RegistrationClosed(TournamentId(1)))
    );
    let revision = s.participants[&a].revision;
    let mut stronger = s.participants[&a].fields.clone();
    stronger.rank = "3d".parse().unwrap();
    let edit = Command::UpdateParticipant {
        id: a,
        expected: revision,
        fields: stronger,
        different_person: false,
    };
    assert_eq!(
        decide(&s, &edit, &ctx(Role::Registration)),
        Err(Rejected::RegistrationClosed(TournamentId(1)))
    );
    // A phone number is not a draw field; the late desk and the director may do both.
    let mut phone = s.participants[&a].fields.clone();
    phone.phone = "+44 1".into();
    let contact = Command::UpdateParticipant {
        id: a,
        expected: revision,
        fields: phone,
        different_person: false,
    };
    assert!(decide(&s, &contact, &ctx(Role::Registration)).is_ok());
    assert!(decide(&s, &check_in, &ctx(Role::LateDesk)).is_ok());
    assert!(decide(&s, &edit, &ctx(Role::Director)).is_ok());
}

#[test]
fn two_working_tokens_never_share_a_terminal_name() {
    let mut s = State::default();
    let make = |name: &str| Command::CreateToken {
        name: name.into(),
        role: Role::Results,
    };
    run(&mut s, make("results-1"), Role::Director);
    let again = decide(&s, &make(" results-1 "), &ctx(Role::Director)).unwrap_err();
    assert!(
        again.to_string().contains("already called results-1"),
        "{again}"
    );
    let id = *s.tokens.keys().next().unwrap();
    run(&mut s, Command::RevokeToken { id }, Role::Director);
    assert!(decide(&s, &make("results-1"), &ctx(Role::Director)).is_ok());
}

/// Issue 34: registration opens again only until round 1 is drawn; a ladder (no rounds) always may.
#[test]
fn registration_reopens_before_round_1_is_drawn_and_not_after() {
    let mut s = with_tournament();
    let set = |open: bool| Command::SetRegistrationOpen {
        id: TournamentId(1),
        open,
        expected: None,
    };
    register(&mut s, fields("Côté", "Anne", "Montréal"));
    register(&mut s, fields("Tanaka", "Yui", "Tokyo"));
    run(&mut s, set(false), Role::Director);
    run(&mut s, set(true), Role::Director);
    assert!(s.tournaments[&TournamentId(1)].registration_open);
    run(&mut s, set(false), Role::Director);
    for p in s.participants.keys().copied().collect::<Vec<_>>() {
        let check_in = Command::CheckIn {
            id: p,
            tournament: None,
            expected: None,
        };
        run(&mut s, check_in, Role::Director);
    }
    let draw = Command::DrawRound {
        tournament: TournamentId(1),
        round: 1,
        redraw: false,
        empty: false,
        expected: None,
        aside: None,
        part: None,
    };
    run(&mut s, draw, Role::Director);
    let refused = decide(&s, &set(true), &ctx(Role::Director)).unwrap_err();
    assert!(
        refused.to_string().contains("round 1 of Main is drawn"),
        "{refused}"
    );
    assert_eq!(registration_can_reopen(&s, TournamentId(1)), Err(refused));
    // Closing an already closed registration is not reopening it.
    assert!(decide(&s, &set(false), &ctx(Role::Director)).is_ok());
}
