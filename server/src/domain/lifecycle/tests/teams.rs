//! A team tournament's rounds (issue 33) on an in-memory register: the teams paired as teams, each match laid
//! out board by board with alternating colours, a short team's empty board won by default, no two teams meeting
//! twice, the winners meeting next, the standings by team points, and the refusals (a player in no team, a
//! board order changed after round 1, a player moving team after playing).

use super::super::super::team_play::{self, Team};
use super::*;
use tengen_standings::matches::match_standings;

/// Team, family name, rank: Alpha strongest, Delta short of a player.
const FIELD: [(&str, &str, &str); 11] = [
    ("Alpha", "Abe", "3d"),
    ("Alpha", "Ada", "2d"),
    ("Alpha", "Amy", "1d"),
    ("Beta", "Ben", "1k"),
    ("Beta", "Bob", "2k"),
    ("Beta", "Bea", "3k"),
    ("Gamma", "Gus", "4k"),
    ("Gamma", "Gil", "5k"),
    ("Gamma", "Gia", "6k"),
    ("Delta", "Dan", "7k"),
    ("Delta", "Dot", "8k"),
];

const BOARDS: u32 = 3;

fn team_event(field: &[(&str, &str, &str)]) -> State {
    let mut s = State::default();
    let mut settings = TournamentSettings {
        name: "Teams".into(),
        rounds: 3,
        system: PairingSystem::Swiss,
        ..TournamentSettings::default()
    };
    settings.scoring.team_boards = BOARDS;
    run(
        &mut s,
        Command::CreateTournament {
            settings,
            double_entry_unset: false,
        },
    );
    for (team, family, rank) in field {
        let mut f = player(family, rank);
        f.team = (*team).to_string();
        run(
            &mut s,
            Command::RegisterParticipant {
                fields: f,
                enter: vec![EnterSpec {
                    tournament: T,
                    rounds: None,
                }],
                check_in: true,
                different_person: false,
            },
        );
    }
    close_registration(&mut s);
    s
}

fn teams_of(s: &State) -> Vec<Team> {
    let t = &s.tournaments[&T];
    team_play::teams(&Field::new(s, t), BOARDS)
}

fn team_name(teams: &[Team], i: usize) -> &str {
    &teams[i].name
}

/// Every game won by the player of the stronger team (the lower team number).
fn play_out(s: &mut State, n: u32) {
    publish(s, n);
    let teams = teams_of(s);
    let of = team_play::team_of(&teams);
    for g in round(s, n).games {
        let white_stronger = teams[of[&g.white]].number < teams[of[&g.black]].number;
        let outcome = if white_stronger {
            Outcome::WhiteWins
        } else {
            Outcome::BlackWins
        };
        director_result(s, n, g.table, outcome).expect("result");
    }
    run(
        s,
        Command::CloseRound {
            tournament: T,
            round: n,
        },
    );
}

#[test]
fn issue_33_teams_are_paired_as_teams_and_each_match_is_laid_out_board_by_board() {
    let mut s = team_event(&FIELD);
    let teams = teams_of(&s);
    assert_eq!(
        teams.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(),
        ["Alpha", "Beta", "Gamma", "Delta"],
        "teams numbered by strength"
    );
    let mut met = BTreeSet::new();
    for n in 1..=3 {
        draw(&mut s, n).expect("draw");
        let r = round(&s, n);
        let rm = team_play::round_matches(&teams, &r, BOARDS, 1);
        assert_eq!(rm.matches.len(), 2, "round {n}: two matches");
        assert!(rm.byes.is_empty());
        for m in &rm.matches {
            assert!(
                met.insert((m.a.min(m.b), m.a.max(m.b))),
                "round {n}: {} and {} met before",
                team_name(&teams, m.a),
                team_name(&teams, m.b)
            );
            // Board order inside each team, and colours alternating: side a White on boards 1 and 3.
            for b in &m.boards {
                let Some(g) = b.game.map(|g| &r.games[g]) else {
                    continue;
                };
                let a = b.a.expect("a");
                assert_eq!(
                    g.white == a,
                    b.board % 2 == 1,
                    "round {n} board {}",
                    b.board
                );
                assert_eq!(g.handicap, 0);
                let position = teams[m.a].members.iter().position(|p| *p == a);
                assert_eq!(position, Some(b.board as usize - 1), "board order");
            }
            // Delta has two players: its third board is won by default.
            if team_name(&teams, m.a) == "Delta" || team_name(&teams, m.b) == "Delta" {
                assert_eq!(m.boards.len(), 3);
                assert_eq!(m.boards.iter().filter(|b| b.game.is_none()).count(), 1);
                assert_eq!(
                    r.advancing.len(),
                    1,
                    "round {n}: the board 3 player without an opponent"
                );
            }
        }
        if n == 2 {
            // After round 1 the two winning teams (the stronger of each match) meet.
            let r1 = round(&s, 1);
            let winners: BTreeSet<usize> = team_play::round_matches(&teams, &r1, BOARDS, 1)
                .matches
                .iter()
                .map(|m| {
                    if teams[m.a].number < teams[m.b].number {
                        m.a
                    } else {
                        m.b
                    }
                })
                .collect();
            assert!(
                rm.matches
                    .iter()
                    .any(|m| winners.contains(&m.a) && winners.contains(&m.b)),
                "round 2 pairs the winners of round 1"
            );
        }
        play_out(&mut s, n);
    }
    assert_eq!(met.len(), 6, "every pair of teams met once");
    let tour = &s.tournaments[&T];
    let (matches, byes) = team_play::scored_rounds(
        &teams,
        &s.play[&T].rounds,
        3,
        BOARDS,
        1,
        tour.settings.scoring.bye_half_points,
    );
    let rows = match_standings(4, &[None; 4], &matches, &byes);
    let order: Vec<(&str, u32, u32)> = rows
        .iter()
        .map(|r| (team_name(&teams, r.team), r.team_points, r.boards))
        .collect();
    // The stronger team wins every game; Delta's empty board goes to its opponent.
    assert_eq!(
        order,
        [
            ("Alpha", 6, 18),
            ("Beta", 4, 12),
            ("Gamma", 2, 6),
            ("Delta", 0, 0)
        ]
    );
}

#[test]
fn issue_33_an_odd_number_of_teams_gives_a_team_the_bye_and_reserves_sit_out() {
    let mut field: Vec<(&str, &str, &str)> = FIELD.to_vec();
    field.extend([
        ("Omega", "Oda", "9k"),
        ("Omega", "Oli", "10k"),
        ("Omega", "Ona", "11k"),
    ]);
    field.push(("Alpha", "Axe", "4k"));
    let mut s = team_event(&field);
    draw(&mut s, 1).expect("draw");
    let teams = teams_of(&s);
    let r = round(&s, 1);
    let rm = team_play::round_matches(&teams, &r, BOARDS, 1);
    assert_eq!(rm.matches.len(), 2);
    assert_eq!(rm.byes.len(), 1, "five teams: one has the bye");
    let axe = s
        .participants
        .values()
        .find(|p| p.fields.family_name == "Axe")
        .expect("Axe")
        .id;
    assert!(
        r.game_of(axe).is_none() && !r.has_bye(axe),
        "Alpha's reserve does not play"
    );
    // Publishing does not wait for the reserve.
    publish(&mut s, 1);
}

#[test]
fn issue_33_a_team_tournament_refuses_a_player_in_no_team_and_keeps_its_teams_once_played() {
    let mut field: Vec<(&str, &str, &str)> = FIELD.to_vec();
    field.push(("", "Zed", "2k"));
    let mut s = team_event(&field);
    let why = refusal(draw(&mut s, 1));
    assert!(why.contains("in no team") && why.contains("Zed"), "{why}");

    let mut s = team_event(&FIELD);
    let abe = s
        .participants
        .values()
        .find(|p| p.fields.family_name == "Ada")
        .expect("Ada")
        .clone();
    // Before round 1 the board order may change: Ada to board 1.
    let mut f = abe.fields.clone();
    f.team_board = Some(1);
    let update = |f: ParticipantFields, revision| Command::UpdateParticipant {
        id: abe.id,
        expected: revision,
        fields: f,
        different_person: false,
    };
    run(&mut s, update(f.clone(), abe.revision));
    assert_eq!(teams_of(&s)[0].members[0], abe.id, "Ada plays board 1");
    draw(&mut s, 1).expect("draw");
    let now = s.participants[&abe.id].revision;
    let mut later = f.clone();
    later.team_board = Some(2);
    let why = refusal(try_run(
        &mut s,
        update(later, now),
        &ctx_as(Role::Director, "td", 3),
    ));
    assert!(why.contains("fixed once round 1 is drawn"), "{why}");
    let mut moved = f;
    moved.team = "Beta".into();
    moved.team_board = Some(1);
    let why = refusal(try_run(
        &mut s,
        update(moved, now),
        &ctx_as(Role::Director, "td", 3),
    ));
    assert!(why.contains("stays in the team"), "{why}");
}
