//! The explanations on a small register: four players, round 1 drawn, results in, round 2 drawn.

use super::*;
use crate::domain::command::{Actor, Command, Context, EnterSpec};
use crate::domain::decide;
use crate::domain::record::{ParticipantFields, Role, TournamentSettings};
use crate::domain::round::{GameResult, Outcome};

const T: TournamentId = TournamentId(1);

fn run(s: &mut State, cmd: Command) {
    let ctx = Context {
        actor: Actor {
            terminal: "td".into(),
            role: Role::Director,
            operator: String::new(),
        },
        now_ms: 1_000,
        entropy: [7; 32],
    };
    let events = decide(s, &cmd, &ctx).expect("director command");
    for e in &events {
        s.apply(e);
    }
}

/// Four checked-in players of one club, numbered; round 1 drawn.
fn drawn() -> State {
    let mut s = State::default();
    let settings = TournamentSettings::new("Main", PairingSystem::McMahon, 3);
    run(
        &mut s,
        Command::CreateTournament {
            settings,
            double_entry_unset: false,
        },
    );
    for (family, rank) in [
        ("Abe", "3d"),
        ("Berg", "2d"),
        ("Costa", "1k"),
        ("Dahl", "2k"),
    ] {
        let mut fields = ParticipantFields::sample(family, "A", "Oslo");
        fields.rank = rank.parse().expect("rank");
        run(
            &mut s,
            Command::RegisterParticipant {
                fields,
                enter: vec![EnterSpec {
                    tournament: T,
                    rounds: None,
                }],
                check_in: true,
                different_person: false,
            },
        );
    }
    run(
        &mut s,
        Command::SetRegistrationOpen {
            id: T,
            open: false,
            expected: None,
        },
    );
    draw(&mut s, 1);
    s
}

fn draw(s: &mut State, round: u32) {
    run(
        s,
        Command::DrawRound {
            tournament: T,
            round,
            redraw: false,
            empty: false,
            expected: None,
            aside: None,
            part: None,
        },
    );
}

fn games(s: &State, round: u32) -> Vec<(u32, ParticipantId, ParticipantId)> {
    s.play[&T].rounds[round as usize - 1]
        .games
        .iter()
        .map(|g| (g.table, g.white, g.black))
        .collect()
}

#[test]
fn a_pair_that_meets_is_told_its_table_and_both_scores() {
    let s = drawn();
    let (table, white, black) = games(&s, 1)[0];
    let why = pairing(&s, T, black, white).expect("explained");
    assert_eq!((why.round, why.table), (1, Some(table)));
    assert!(
        why.reasons
            .iter()
            .any(|r| r.contains("Before round 1 (McMahon score)")),
        "{why:?}"
    );
    assert!(
        why.seats[0].contains(&format!("table {table} as Black")),
        "{why:?}"
    );
}

#[test]
fn a_pair_that_met_before_is_told_the_round() {
    let mut s = drawn();
    run(
        &mut s,
        Command::PublishRound {
            tournament: T,
            round: 1,
        },
    );
    for (table, _, _) in games(&s, 1) {
        run(
            &mut s,
            Command::ReportResult {
                tournament: T,
                round: 1,
                table,
                result: GameResult {
                    outcome: Outcome::WhiteWins,
                    by_forfeit: false,
                },
                black: None,
            },
        );
    }
    run(
        &mut s,
        Command::CloseRound {
            tournament: T,
            round: 1,
        },
    );
    draw(&mut s, 2);
    let (_, white, black) = games(&s, 1)[0];
    let why = pairing(&s, T, white, black).expect("explained");
    assert_eq!((why.round, why.table), (2, None), "{why:?}");
    assert!(
        why.reasons
            .iter()
            .any(|r| r.contains("already played each other in round 1")),
        "{why:?}"
    );
    assert!(
        why.reasons.iter().any(|r| r.contains("club Oslo")),
        "clubmates are named: {why:?}"
    );
}

#[test]
fn the_same_player_twice_and_an_undrawn_tournament_are_refused() {
    let s = drawn();
    let p = games(&s, 1)[0].1;
    assert!(matches!(
        pairing(&s, T, p, p),
        Err(ExplainError::Rejected(_))
    ));
    let mut empty = State::default();
    run(
        &mut empty,
        Command::CreateTournament {
            settings: TournamentSettings::new("Main", PairingSystem::McMahon, 3),
            double_entry_unset: false,
        },
    );
    assert!(matches!(
        pairing(&empty, T, ParticipantId(1), ParticipantId(2)),
        Err(ExplainError::NotFound(_))
    ));
}

#[test]
fn the_order_names_players_by_number() {
    let s = drawn();
    let (st, after) = standings(&s, T, 0, None).expect("standings");
    assert_eq!(after, 0);
    let (_, a, b) = games(&s, 1)[0];
    let order = order(&s, T, &st, a, b).expect("ordered");
    assert!(order.text.contains('#'), "{}", order.text);
}
