//! The wire conversions' tests.

use super::*;
use crate::domain::setup::{
    self, DrawProfile, DrawSettings, HandicapSettings, McMahonSetup, MissedRule, ScoringSettings,
    Switch, TimeControl, TimeSystem,
};
use crate::domain::{
    self, PairingSystem, ParticipantFields, ParticipantId, Rejected, Role, State, Tournament,
    TournamentId, TournamentSettings,
};
use crate::log::LogEntry;
use tengen_proto::v1 as pb;

fn wire(scoring: Option<pb::Scoring>) -> pb::TournamentSettings {
    pb::TournamentSettings {
        name: "Open".into(),
        rounds: 6,
        scoring,
        ..pb::TournamentSettings::default()
    }
}

fn tournament(settings: TournamentSettings) -> Tournament {
    Tournament {
        id: TournamentId(1),
        revision: domain::Revision(1),
        settings,
        registration_open: true,
    }
}

#[test]
fn left_out_sub_messages_take_the_domain_defaults() {
    let s = settings_from_pb(Some(wire(None)), false).expect("settings");
    assert_eq!(s.komi_half, 13);
    assert_eq!(s.time, TimeControl::default());
    assert_eq!(s.mcmahon, McMahonSetup::default());
    assert_eq!(s.handicap, HandicapSettings::default());
    assert_eq!(s.draw, DrawSettings::default());
    assert_eq!(s.scoring, ScoringSettings::default());
    // The first tournament of the event checks results twice unless told otherwise.
    let first = settings_from_pb(Some(wire(None)), true).expect("settings");
    assert!(first.scoring.double_entry);
}

#[test]
fn present_sub_messages_are_literal_except_empty_names() {
    let mut w = wire(Some(pb::Scoring::default()));
    w.draw = Some(pb::DrawOptions::default());
    w.time = Some(pb::TimeControl {
        basic_minutes: 40,
        ..pb::TimeControl::default()
    });
    let s = settings_from_pb(Some(w), true).expect("settings");
    assert_eq!(s.draw.profile, DrawProfile::Egf);
    assert_eq!(s.draw.first_table, 1);
    // An empty draw message leaves every geographic switch to the profile.
    assert_eq!(s.draw.avoid_same_club, Switch::Default);
    assert_eq!(s.time.system, TimeSystem::Canadian);
    assert_eq!(s.time.basic_minutes, 40);
    assert_eq!(s.scoring.missed, MissedRule::Half);
    assert_eq!(s.scoring.bye_half_points, 2);
    assert_eq!(s.scoring.forfeit_minutes, 30);
    assert_eq!(s.scoring.tiebreaks, ["mms", "sos", "sosos"]);
    assert!(s.scoring.double_entry);
}

/// A round robin left to its defaults places by wins, head-to-head and SODOS, and its sit-out scores nothing;
/// what the director gives is kept.
#[test]
fn a_round_robin_takes_its_own_scoring_defaults() {
    let rr = |scoring| pb::TournamentSettings {
        pairing_system: "Round Robin".into(),
        ..wire(scoring)
    };
    let s = settings_from_pb(Some(rr(None)), false).expect("settings");
    assert_eq!(s.system, PairingSystem::RoundRobin);
    assert_eq!(s.scoring.tiebreaks, ["wins", "h2h", "sodos"]);
    assert_eq!(s.scoring.bye_half_points, 0);
    let s = settings_from_pb(Some(rr(Some(pb::Scoring::default()))), false).expect("settings");
    assert_eq!(s.scoring.tiebreaks, ["wins", "h2h", "sodos"]);
    assert_eq!(s.scoring.bye_half_points, 0);
    let given = pb::Scoring {
        tiebreaks: vec!["wins".into(), "sodos".into()],
        bye_half_points: Some(2),
        ..pb::Scoring::default()
    };
    let s = settings_from_pb(Some(rr(Some(given))), false).expect("settings");
    assert_eq!(s.scoring.tiebreaks, ["wins", "sodos"]);
    assert_eq!(s.scoring.bye_half_points, 2);
    let refused = settings_from_pb(
        Some(pb::TournamentSettings {
            pairing_system: "knockout-ish".into(),
            ..wire(None)
        }),
        false,
    )
    .expect_err("unknown");
    assert!(
        refused
            .to_string()
            .contains("use mcmahon, swiss, round-robin, knockout, double-elimination, generalised-knockout, ladder or self-paired"),
        "{refused}"
    );
}

#[test]
fn a_profile_name_expands_to_its_tiebreaks() {
    let s = settings_from_pb(
        Some(wire(Some(pb::Scoring {
            tiebreaks: vec!["Mays".into()],
            double_entry: Some(false),
            ..pb::Scoring::default()
        }))),
        true,
    )
    .expect("settings");
    assert_eq!(
        s.scoring.tiebreaks,
        setup::tiebreak_profile("mays").expect("profile")
    );
    assert!(!s.scoring.double_entry);
    let one = tiebreaks_from_pb(&["sos".into()]);
    assert_eq!(one, Some(vec!["sos".to_string()]));
    assert!(criteria_from_pb(&["sos-3".into(), "mms".into()]).is_err());
}

#[test]
fn a_bad_rank_is_refused_with_its_field() {
    let mut w = wire(None);
    w.mcmahon = Some(pb::McMahonSetup {
        bar: "3d".into(),
        floor: "nonsense".into(),
        ..pb::McMahonSetup::default()
    });
    match settings_from_pb(Some(w), false) {
        Err(Rejected::Invalid { field, .. }) => assert_eq!(field, "floor"),
        other => panic!("expected an invalid floor, got {other:?}"),
    }
}

/// The year of birth comes in from any desk and goes out only to roles that see contact data.
#[test]
fn issue_33_a_year_of_birth_goes_out_only_with_the_contact_data() {
    let mut f = ParticipantFields::sample("Smith", "Ann", "");
    f.birth_year = Some(2012);
    f.email = "ann@example.org".into();
    let private = fields_to_pb(&f, true);
    assert_eq!(
        (private.birth_year, private.email.as_str()),
        (Some(2012), "ann@example.org")
    );
    let public = fields_to_pb(&f, false);
    assert_eq!((public.birth_year, public.email.as_str()), (None, ""));
    let back = fields_from_pb(Some(private)).expect("fields");
    assert_eq!(back.birth_year, Some(2012));
    let huge = pb::ParticipantFields {
        birth_year: Some(70_000),
        ..fields_to_pb(&f, true)
    };
    assert_eq!(
        fields_from_pb(Some(huge)).unwrap_err().to_string(),
        "birth year: 70000 is not a year of birth: type the year the player was born, like 2012"
    );
}

#[test]
fn settings_survive_the_round_trip() {
    let mut w = wire(Some(pb::Scoring {
        missed_rounds: "one-per-two".into(),
        bye_half_points: Some(1),
        tiebreaks: vec!["wins".into(), "sosw".into()],
        prizes_cents: vec![10_000, 5_000],
        double_entry: Some(true),
        forfeit_minutes: Some(45),
        category_lowest_ranks: vec!["1d".into(), "10k".into()],
        section_prizes_cents: vec![5_000],
        wins_prizes: vec![pb::WinsPrize {
            wins_half: 8,
            cents: 2_000,
        }],
        junior_prizes_cents: vec![3_000],
        junior_born_from: Some(2009),
        below_rank_prizes_cents: vec![1_500],
        below_rank: "10k".into(),
        improvement_prizes_cents: vec![1_000],
        prizes_stack: true,
        team_counting: 3,
        team_score: "mms".into(),
        team_prizes_cents: vec![6_000, 3_000],
        team_boards: 0,
    }));
    w.komi_half = Some(15);
    w.mcmahon = Some(pb::McMahonSetup {
        bar: "3d".into(),
        floor: "20k".into(),
        supergroup: "5d".into(),
        ..pb::McMahonSetup::default()
    });
    w.handicap = Some(pb::HandicapRule {
        based_on_mms: false,
        no_handicap_above: "2d".into(),
        correction: 2,
        ceiling: 5,
        even_at_bar: true,
    });
    w.draw = Some(pb::DrawOptions {
        profile: "mays".into(),
        bye_rule: "mays".into(),
        avoid_same_club: Some(true),
        avoid_same_city: Some(false),
        avoid_same_country: None,
        first_table: 11,
        seeding: "fold".into(),
        draw_down: "middle".into(),
        draw_up: String::new(),
        never_pair: vec![pb::PlayerPair { a: 3, b: 8 }],
        group_size: 8,
    });
    w.time = Some(pb::TimeControl {
        system: "byo-yomi".into(),
        basic_minutes: 40,
        period_seconds: 30,
        periods: 5,
        ..pb::TimeControl::default()
    });
    let s = settings_from_pb(Some(w), false).expect("settings");
    let out = tournament_to_pb(&tournament(s.clone()));
    let settings = out.settings.expect("settings");
    assert_eq!(settings.time_class, "B");
    assert_eq!(settings.adjusted_time_seconds, 40 * 60 + 45 * 30);
    let again = settings_from_pb(Some(settings), false).expect("again");
    assert_eq!(again, s);
}

/// A register with Anne Côté in tournament 1 and her slip S1 (club Québec, a private-sounding message), run
/// through the domain as the writer would, returning the state and the entry of the last command.
fn slip_entry(accept: Option<bool>) -> (State, LogEntry) {
    use domain::{Actor, Command, Context, EnterSpec, SlipProposal};
    let ctx = |role| Context {
        actor: Actor {
            terminal: "t".into(),
            role,
            operator: String::new(),
        },
        now_ms: 1,
        entropy: [0; 32],
    };
    let mut state = State::default();
    let mut run = |cmd: Command, role| {
        let events = domain::decide(&state, &cmd, &ctx(role)).expect("accepted");
        for e in &events {
            state.apply(e);
        }
        let subject = events.last().and_then(|e| state.subject_of(e));
        LogEntry {
            seq: domain::Seq(1),
            epoch: domain::Epoch(0),
            timestamp_ms: 1,
            terminal: "t".into(),
            role,
            operator: String::new(),
            request_id: "r".into(),
            fingerprint: String::new(),
            events,
            subject,
        }
    };
    let settings = TournamentSettings {
        name: "Main".into(),
        rounds: 3,
        ..Default::default()
    };
    run(
        Command::CreateTournament {
            settings,
            double_entry_unset: false,
        },
        Role::Director,
    );
    let register = Command::RegisterParticipant {
        fields: ParticipantFields::sample("Côté", "Anne", "Montréal"),
        enter: vec![EnterSpec {
            tournament: TournamentId(1),
            rounds: None,
        }],
        check_in: false,
        different_person: false,
    };
    run(register, Role::Director);
    let submit = Command::SubmitSlip {
        tournament: TournamentId(1),
        participant: ParticipantId(1),
        proposal: SlipProposal {
            club: Some("Québec".into()),
            message: "call me on 555 0100".into(),
            ..Default::default()
        },
    };
    let mut entry = run(submit, Role::Public);
    if let Some(accept) = accept {
        let resolve = Command::ResolveSlip {
            slip: domain::SlipId(1),
            accept,
            reason: "no".into(),
            expected_revision: None,
        };
        entry = run(resolve, Role::Director);
    }
    (state, entry)
}

#[test]
fn the_log_stream_names_a_slip_but_never_streams_what_it_says() {
    let (state, entry) = slip_entry(None);
    let wire = entry_to_pb(&state, &entry, &[], &[], true, false);
    assert_eq!(wire.role, pb::Role::Public as i32);
    let [event] = wire.events.as_slice() else {
        panic!("one event: {wire:?}")
    };
    assert_eq!(event.kind, "SlipSubmitted");
    assert_eq!(event.summary, "slip S1 about Côté Anne (P1) in Main (T1)");
    assert_eq!(event.subject, None);
}

#[test]
fn an_accepted_slip_streams_the_participant_it_changed() {
    let (state, entry) = slip_entry(Some(true));
    let wire = entry_to_pb(&state, &entry, &[], &[], false, false);
    let kinds: Vec<&str> = wire.events.iter().map(|e| e.kind.as_str()).collect();
    assert_eq!(kinds, ["ParticipantUpdated", "SlipAccepted"]);
    let Some(pb::event::Subject::Participant(p)) = &wire.events[0].subject else {
        panic!("the update shows the participant: {wire:?}")
    };
    assert_eq!(p.fields.as_ref().map(|f| f.club.as_str()), Some("Québec"));
    assert_eq!(wire.events[0].summary, "Côté Anne (3k, P1)");
    assert_eq!(wire.events[1].subject, None);
    let slip = slip_to_pb(&state, &state.slips[&domain::SlipId(1)]);
    assert_eq!(
        (
            slip.state,
            slip.resolved_by.as_str(),
            slip.participant_revision
        ),
        (pb::SlipState::Accepted as i32, "t", 2)
    );
    assert_eq!(slip.player.map(|p| p.family_name), Some("Côté".into()));
    let (state, _) = slip_entry(Some(false));
    let slip = slip_to_pb(&state, &state.slips[&domain::SlipId(1)]);
    assert_eq!(
        (slip.state, slip.reason.as_str()),
        (pb::SlipState::Rejected as i32, "no")
    );
}
