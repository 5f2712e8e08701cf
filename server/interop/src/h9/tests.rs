//! The `.h9` reader on small inline tables: entries, header fields, games rebuilt from both halves, refusals
//! with the line. The shared real tables are read through the desk program's import, which maps them.

use super::*;

const TABLE: &str = "; EV[Test]\n; KM[7.5]\n   1 A_B C            3D FR Ab   2   2+/w0   0+\n   \
                     2 D E            5K XX xxxx 0   1-!b3   0- |12345678\n";

#[test]
fn entries_parse_with_kind_colour_and_handicap() {
    let e = |t: &str| entry(t).expect(t);
    assert_eq!(e("12+/w0").opponent, 12);
    assert!(e("7-!b3").forfeit);
    assert_eq!(e("7-!b3").handicap, 3);
    assert_eq!(e("3?/b").white, Some(false));
    assert_eq!(e("0=").opponent, 0);
    assert_eq!(entry("2x/w0"), None);
}

#[test]
fn a_table_reads_its_header_players_and_games() {
    let t = read(TABLE.as_bytes()).expect("reads");
    assert_eq!(t.header("EV").as_deref(), Some("Test"));
    assert_eq!(t.header("KM").as_deref(), Some("7.5"));
    assert_eq!(t.header("DT"), None);
    assert_eq!(
        (t.players.len(), t.rounds(), t.last_played_round()),
        (2, 2, 1)
    );
    let (a, d) = (&t.players[0], &t.players[1]);
    assert_eq!(
        (a.family.as_str(), a.given.as_str(), a.rank.as_str()),
        ("A B", "C", "3d")
    );
    assert_eq!(
        (d.country.as_str(), d.club.as_str(), d.pin.as_str()),
        ("", "", "12345678")
    );
    let r1 = t.round(1).expect("round 1");
    assert_eq!(
        r1.games,
        vec![Game {
            white: 0,
            black: 1,
            outcome: Outcome::WhiteWins,
            forfeit: true,
            handicap: 3
        }]
    );
    assert_eq!(t.round(2).expect("round 2").free_wins, vec![0]);
}

#[test]
fn halves_that_disagree_are_refused_with_the_line() {
    let wrong = TABLE.replace("1-!b3", "1=!b3");
    let err = read(wrong.as_bytes()).expect("reads").round(1).unwrap_err();
    assert!(err.to_string().starts_with("line 3: round 1"), "{err}");
    let short = TABLE.replace("   0- |", " |");
    assert!(read(short.as_bytes())
        .unwrap_err()
        .to_string()
        .contains("line 4: 1 round entries"));
    assert!(read(b"; only comments\n").is_err());
}
