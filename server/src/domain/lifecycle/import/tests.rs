//! Importing played rounds on an in-memory register: the round becomes an ordinary drawn round with its results
//! confirmed, publishes and closes like a drawn one, and every impossible round is refused whole.

use super::super::super::command::{Actor, Command, Context, EnterSpec, ImportedGame};
use super::super::super::decide;
use super::super::super::error::Rejected;
use super::super::super::ids::{ParticipantId, TournamentId};
use super::super::super::record::{ParticipantFields, Role, TournamentSettings};
use super::super::super::round::{GameResult, Outcome, RoundState};
use super::super::super::state::State;

const T: TournamentId = TournamentId(1);

fn ctx() -> Context {
    Context {
        actor: Actor {
            terminal: "td".into(),
            role: Role::Director,
            operator: String::new(),
        },
        now_ms: 5_000,
        entropy: [3; 32],
    }
}

fn run(s: &mut State, cmd: Command) -> Result<(), Rejected> {
    for e in decide(s, &cmd, &ctx())? {
        s.apply(&e);
    }
    Ok(())
}

/// A three-round tournament with five players checked in (the fifth only for rounds 2 and 3), registration
/// closed. Register ids 1..=5.
fn event() -> State {
    let mut s = State::default();
    let settings = TournamentSettings {
        name: "Imported".into(),
        rounds: 3,
        ..TournamentSettings::default()
    };
    run(
        &mut s,
        Command::CreateTournament {
            settings,
            double_entry_unset: false,
        },
    )
    .expect("tournament");
    for (i, (family, rank)) in [
        ("Abe", "3d"),
        ("Baker", "1k"),
        ("Chen", "5k"),
        ("Dubois", "9k"),
        ("Evans", "12k"),
    ]
    .into_iter()
    .enumerate()
    {
        let mut fields = ParticipantFields::sample(family, "A", family);
        fields.rank = rank.parse().expect("rank");
        let rounds = (i == 4).then(|| vec![2, 3]);
        run(
            &mut s,
            Command::RegisterParticipant {
                fields,
                enter: vec![EnterSpec {
                    tournament: T,
                    rounds,
                }],
                check_in: true,
                different_person: false,
            },
        )
        .expect("player");
    }
    run(
        &mut s,
        Command::SetRegistrationOpen {
            id: T,
            open: false,
            expected: None,
        },
    )
    .expect("close registration");
    s
}

fn p(n: u64) -> ParticipantId {
    ParticipantId(n)
}

fn game(table: u32, white: u64, black: u64, handicap: u8, outcome: Outcome) -> ImportedGame {
    ImportedGame {
        table,
        white: p(white),
        black: p(black),
        handicap,
        result: GameResult {
            outcome,
            by_forfeit: false,
        },
    }
}

fn import(round: u32, games: Vec<ImportedGame>, bye: Option<u64>) -> Command {
    Command::ImportRound {
        tournament: T,
        round,
        games,
        bye: bye.map(p),
        expected: None,
    }
}

fn publish_and_close(s: &mut State, round: u32) -> Result<(), Rejected> {
    run(
        s,
        Command::PublishRound {
            tournament: T,
            round,
        },
    )?;
    run(
        s,
        Command::CloseRound {
            tournament: T,
            round,
        },
    )
}

#[test]
fn an_imported_round_keeps_its_games_and_results_and_closes_like_a_drawn_one() {
    let mut s = event();
    let mut forfeit = game(2, 3, 4, 2, Outcome::BlackWins);
    forfeit.result.by_forfeit = true;
    // Tables in any order; the round keeps them by table.
    run(
        &mut s,
        import(1, vec![forfeit, game(1, 1, 2, 0, Outcome::WhiteWins)], None),
    )
    .expect("round 1");
    let r = s.play[&T].round(1).expect("round 1 recorded").clone();
    assert_eq!(r.state, RoundState::Drawn);
    assert_eq!(r.seed, 0);
    assert_eq!(r.games.iter().map(|g| g.table).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(
        (r.games[1].white, r.games[1].black, r.games[1].handicap),
        (p(3), p(4), 2)
    );
    let confirmed = r.games[1].confirmed.expect("forfeit confirmed");
    assert_eq!(
        (confirmed.outcome, confirmed.by_forfeit),
        (Outcome::BlackWins, true)
    );
    assert_eq!(
        r.games[0].reports.len(),
        1,
        "the director's report is recorded"
    );
    assert_eq!(r.games[0].reports[0].terminal, "td");
    // The players of round 1 are numbered by strength, as a draw numbers them.
    assert_eq!(s.play[&T].numbers.get(&p(1)), Some(&1));
    publish_and_close(&mut s, 1).expect("round 1 publishes and closes");

    // Round 2: the fifth player arrives; a game without a result stays open.
    run(
        &mut s,
        import(
            2,
            vec![
                game(1, 2, 1, 0, Outcome::Jigo),
                game(2, 5, 3, 0, Outcome::Unknown),
            ],
            Some(4),
        ),
    )
    .expect("round 2");
    let r2 = s.play[&T].round(2).expect("round 2").clone();
    assert_eq!(r2.bye, Some(p(4)));
    assert!(r2.games[1].confirmed.is_none() && r2.games[1].reports.is_empty());
    run(
        &mut s,
        Command::PublishRound {
            tournament: T,
            round: 2,
        },
    )
    .expect("publish");
    let refused = run(
        &mut s,
        Command::CloseRound {
            tournament: T,
            round: 2,
        },
    )
    .unwrap_err();
    assert!(refused.to_string().contains("table 2"), "{refused}");
}

#[test]
fn an_impossible_round_is_refused_whole_with_its_reason() {
    let s = event();
    let refuse = |cmd: Command, needle: &str| {
        let mut copy = s.clone();
        let err = run(&mut copy, cmd).expect_err(needle);
        assert!(err.to_string().contains(needle), "{needle:?} not in {err}");
        assert_eq!(
            format!("{copy:?}"),
            format!("{s:?}"),
            "a refused import changes nothing"
        );
    };
    refuse(
        import(2, vec![game(1, 1, 2, 0, Outcome::WhiteWins)], None),
        "next round",
    );
    refuse(
        import(
            1,
            vec![
                game(1, 1, 2, 0, Outcome::WhiteWins),
                game(1, 3, 4, 0, Outcome::BlackWins),
            ],
            None,
        ),
        "table 1",
    );
    refuse(
        import(1, vec![game(0, 1, 2, 0, Outcome::WhiteWins)], None),
        "table 0",
    );
    refuse(
        import(1, vec![game(1, 1, 1, 0, Outcome::WhiteWins)], None),
        "themselves",
    );
    refuse(
        import(1, vec![game(1, 1, 2, 10, Outcome::WhiteWins)], None),
        "10 stones",
    );
    refuse(
        import(
            1,
            vec![
                game(1, 1, 2, 0, Outcome::WhiteWins),
                game(2, 2, 3, 0, Outcome::WhiteWins),
            ],
            None,
        ),
        "seated twice",
    );
    refuse(
        import(1, vec![game(1, 1, 2, 0, Outcome::WhiteWins)], Some(1)),
        "seated twice",
    );
    refuse(
        import(1, vec![game(1, 1, 99, 0, Outcome::WhiteWins)], None),
        "not in the register",
    );
    // The fifth player plays rounds 2 and 3 only.
    refuse(
        import(1, vec![game(1, 1, 5, 0, Outcome::WhiteWins)], None),
        "does not play round 1",
    );
    let mut forfeit = game(1, 1, 2, 0, Outcome::Unknown);
    forfeit.result.by_forfeit = true;
    refuse(import(1, vec![forfeit], None), "forfeit needs a result");
    // Round 2 before round 1 is closed.
    let mut open = s.clone();
    run(
        &mut open,
        import(1, vec![game(1, 1, 2, 0, Outcome::WhiteWins)], None),
    )
    .expect("round 1");
    let err = run(&mut open, import(2, vec![], None)).unwrap_err();
    assert!(err.to_string().contains("close it"), "{err}");
}
