//! The round renderers against fixed proto values.

use super::*;

fn player(id: u64, number: u32, family: &str, given: &str, rank: &str) -> pb::PlayerRef {
    pb::PlayerRef {
        id,
        number,
        family_name: family.into(),
        given_name: given.into(),
        rank: rank.into(),
        club: "Paris".into(),
        country: "FR".into(),
    }
}

fn result(outcome: pb::Outcome, by_forfeit: bool) -> pb::GameResult {
    pb::GameResult {
        outcome: outcome as i32,
        by_forfeit,
    }
}

fn report(terminal: &str, outcome: pb::Outcome) -> pb::ResultReport {
    pb::ResultReport {
        result: Some(result(outcome, false)),
        terminal: terminal.into(),
        ..Default::default()
    }
}

fn published_round() -> pb::Round {
    pb::Round {
        tournament_id: 1,
        number: 3,
        state: pb::RoundState::Published as i32,
        seed: 42,
        draws: 1,
        revision: 7,
        games: vec![
            pb::Game {
                table: 1,
                white: Some(player(1, 1, "Côté", "Marie", "3d")),
                black: Some(player(2, 4, "Li", "Wei", "2d")),
                handicap: 0,
                komi_half: 13,
                progress: pb::ResultProgress::Confirmed as i32,
                confirmed: Some(result(pb::Outcome::WhiteWins, false)),
                ..Default::default()
            },
            pb::Game {
                table: 2,
                white: Some(player(3, 5, "Smith", "Ann", "1k")),
                black: Some(player(4, 9, "Berg", "Jo", "4k")),
                handicap: 3,
                komi_half: 0,
                progress: pb::ResultProgress::Pending as i32,
                reports: vec![report("desk-2", pb::Outcome::BlackWins)],
                ..Default::default()
            },
        ],
        bye: Some(player(5, 12, "Ng", "Al", "15k")),
        warnings: vec!["Li Wei and Côté Marie are from the same club".into()],
        unpaired: vec![player(6, 13, "Roe", "Kim", "20k")],
        advancing: vec![],
        parts: vec![],
    }
}

#[test]
fn the_pairing_table_shows_players_handicap_komi_and_results() {
    let text = render_round(&published_round());
    let expected = "\
Tournament 1, round 3: published (draw 1, seed 42, revision 7)
table  #  white       rank  #  black    rank  hcp  komi  result
1      1  Côté Marie  3d    4  Li Wei   2d    0    6½    1-0
2      5  Smith Ann   1k    9  Berg Jo  4k    3    0     pending
bye: #12 Ng Al (15k)
unpaired: #13 Roe Kim (20k)
warning: Li Wei and Côté Marie are from the same club
";
    assert_eq!(text, expected);
}

#[test]
fn a_player_without_a_number_shows_the_register_id_to_type() {
    // A latecomer paired by hand before the next draw numbers them: `P14` is what the director types.
    let mut round = published_round();
    round.games[1].black = Some(player(14, 0, "Late", "Lou", "5k"));
    round.unpaired = vec![player(15, 0, "Later", "Lee", "6k")];
    let text = render_round(&round);
    assert!(
        text.contains("2      5  Smith Ann   1k    P14  Late Lou"),
        "{text}"
    );
    assert!(text.contains("unpaired: P15 Later Lee (6k)\n"), "{text}");
}

#[test]
fn a_drawn_round_shows_no_result_column_values() {
    let mut round = published_round();
    round.state = pb::RoundState::Drawn as i32;
    let text = render_round(&round);
    assert!(text.contains("2      5  Smith Ann   1k    9  Berg Jo  4k    3    0\n"));
    assert!(!text.contains("pending"));
}

#[test]
fn forfeits_and_disputes_are_marked() {
    let game = pb::Game {
        confirmed: Some(result(pb::Outcome::BlackWins, true)),
        disputed: true,
        ..Default::default()
    };
    assert_eq!(game_status(&game), "0-1 forfeit disputed");
}

#[test]
fn the_round_list_counts_results() {
    let list = pb::ListRoundsResponse {
        tournament_id: 1,
        revision: 9,
        rounds: vec![pb::RoundSummary {
            number: 1,
            state: pb::RoundState::Closed as i32,
            games: 20,
            confirmed: 20,
            ..Default::default()
        }],
    };
    let expected = "\
Tournament 1 (rounds revision 9)
round  state   games  confirmed  pending  missing  mismatch  disputed
1      closed  20     20         0        0        0         0
";
    assert_eq!(render_round_list(&list), expected);
}

#[test]
fn progress_lists_open_games_with_reports_and_ready_groups() {
    let round = published_round();
    let progress = pb::RoundProgress {
        tournament_id: 1,
        round: 3,
        state: pb::RoundState::Published as i32,
        confirmed: 1,
        pending: 1,
        forfeit_minutes: 30,
        open: vec![round.games[1].clone()],
        groups: vec![
            pb::ScoreGroupReadiness {
                mms_half: 41,
                players: 4,
                complete: true,
                settled: true,
            },
            pb::ScoreGroupReadiness {
                mms_half: 44,
                players: 6,
                complete: false,
                settled: false,
            },
        ],
        ..Default::default()
    };
    let expected = "\
Tournament 1, round 3 (published): 1 confirmed, 1 pending, 0 missing, 0 mismatch, 0 disputed; forfeit after 30 min
table  white              black            status   reports
2      #5 Smith Ann (1k)  #9 Berg Jo (4k)  pending  desk-2: 0-1
score groups for the next round (lowest first; draw now: `round draw … --bottom`, or one group `--group MMS`):
mms  players  ready
20½  4        complete
22   6        waiting
";
    assert_eq!(render_progress(&progress), expected);
}

#[test]
fn numbers_and_suggestion_render() {
    let numbers = pb::PlayerNumbers {
        tournament_id: 1,
        players: vec![player(7, 1, "Côté", "Marie", "3d")],
    };
    assert_eq!(
        render_numbers(&numbers),
        "#  register id  name        rank  club   country\n1  P7           Côté Marie  3d    Paris  FR\n"
    );
    let s = pb::McMahonSuggestion {
        field: vec![
            pb::RankCount {
                rank: "3d".into(),
                players: 2,
            },
            pb::RankCount {
                rank: "2d".into(),
                players: 5,
            },
        ],
        top_group_min: 4,
        top_group_max: 8,
        bar: "2d".into(),
        top_group: 7,
        section_lowest_ranks: vec!["1k".into(), "30k".into()],
        section_step: 2,
    };
    let expected = "\
checked in by rank: 3d 2, 2d 5
top group should hold 4..8 players
bar: 2d (7 players start at the bar)   --bar 2d
sections: 1k, 30k (step 2)   --sections 1k,30k --section-step 2
";
    assert_eq!(render_suggestion(&s), expected);
}

#[test]
fn one_game_reads_on_one_line_with_its_reports_and_notes() {
    let mut game = published_round().games[1].clone();
    game.notes = vec!["black 10 min late".into()];
    assert_eq!(
        render_game(&game),
        "table 2: #5 Smith Ann (1k) – #9 Berg Jo (4k), hcp 3, komi 0: pending (desk-2: 0-1)\n\
         note: black 10 min late\n"
    );
}
