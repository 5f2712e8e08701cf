//! The `.h9` import plan: the shared tables rebuild the games OpenGotha's own file of the same tournament holds,
//! and a table whose two halves of a game disagree is refused with the line.

use super::plan;
use std::collections::BTreeSet;
use tengen_proto::v1 as pb;

/// The bytes of `../shared/data/REL`, or `None` after a loud skip (a failure under `CI=true`) when it is absent.
fn shared(rel: &str) -> Option<Vec<u8>> {
    let path = tengen_prerequisite::shared_data(rel)?;
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// (round, white "Family Given", black, handicap, outcome, forfeit).
type Row = (u32, String, String, u32, i32, bool);

#[test]
fn juvisy_h9_rebuilds_the_games_of_the_opengotha_file() {
    let (Some(h9), Some(xml)) = (
        shared("egf/juvisy.h9"),
        shared("opengotha/tournaments/juvisy.xml"),
    ) else {
        return;
    };
    let p = plan(&h9, "juvisy").expect("juvisy.h9");
    assert_eq!(p.settings.name, "Tournoi de Juvisy");
    assert_eq!(
        (p.settings.start_date.as_str(), p.settings.komi_half),
        ("2019-10-26", Some(15))
    );
    assert_eq!(p.players.len(), 19);
    assert_eq!(
        p.players[4].fields.family_name, "Nemo",
        "ISO-8859-1 names decode"
    );
    assert_eq!(p.players[4].fields.given_name, "André");
    let name = |i: usize| {
        format!(
            "{} {}",
            p.players[i].fields.family_name, p.players[i].fields.given_name
        )
    };
    let ours: BTreeSet<Row> = p
        .rounds
        .iter()
        .flat_map(|r| {
            r.games.iter().map(|g| {
                (
                    r.number,
                    name(g.white),
                    name(g.black),
                    g.handicap,
                    g.result.outcome,
                    g.result.by_forfeit,
                )
            })
        })
        .collect();
    let og = tengen_interop::opengotha::read(&String::from_utf8(xml).expect("utf-8")).expect("xml");
    let outcome = |o: tengen_interop::Outcome| {
        use tengen_interop::Outcome as O;
        (match o {
            O::WhiteWins => pb::Outcome::WhiteWins,
            O::BlackWins => pb::Outcome::BlackWins,
            O::Equal => pb::Outcome::Jigo,
            O::BothWin => pb::Outcome::BothWin,
            O::BothLose => pb::Outcome::BothLose,
            O::Unknown => pb::Outcome::Unknown,
        }) as i32
    };
    let theirs: BTreeSet<Row> = og
        .games
        .iter()
        .map(|g| {
            let n = |i: usize| og.players[i].full_name();
            (
                g.round,
                n(g.white),
                n(g.black),
                u32::from(g.handicap),
                outcome(g.result.outcome),
                g.result.by_default,
            )
        })
        .collect();
    assert_eq!(ours, theirs);
    // Daguenet played round 1 only: rounds 2-4 are missed rounds (0=), not games.
    assert_eq!(p.players[1].rounds, vec![1]);
}

#[test]
fn the_other_shared_tables_plan_and_unplayed_rounds_stay_to_play() {
    let (Some(ioct), Some(chinois)) = (
        shared("egf/ioct_20_02.h9"),
        shared("egf/tournoi-chinois.h9"),
    ) else {
        return;
    };
    let p = plan(&ioct, "ioct").expect("ioct");
    assert_eq!((p.players.len(), p.rounds.len()), (4, 3));
    assert!(p.rounds.iter().all(|r| r.games.len() == 2 && r.complete()));
    assert_eq!(p.players[2].fields.rank, "1d");
    let c = plan(&chinois, "chinois").expect("tournoi-chinois");
    assert_eq!(
        (c.rounds.len(), c.settings.rounds),
        (1, 5),
        "rounds written 0- for everyone are still to play"
    );
    assert!(!c.rounds[0].complete(), "7?/w0 is a game without a result");
    assert!(
        c.players.iter().all(|pl| pl.rounds.is_empty()),
        "everyone plays rounds 1..5"
    );
}

#[test]
fn a_table_whose_halves_disagree_is_refused_with_the_line() {
    let good = "; EV[Test]\n   1 A_B C            3D FR Ab   2   2+/w0\n   2 D E            5K FR Ab   0   1-/b0\n";
    let p = plan(good.as_bytes(), "t").expect("good");
    assert_eq!(p.players[0].fields.family_name, "A B");
    assert_eq!(
        p.rounds[0].games[0].result.outcome,
        pb::Outcome::WhiteWins as i32
    );
    let both_win = good.replace("1-/b0", "1+/b0");
    assert_eq!(
        plan(both_win.as_bytes(), "t").expect("both win").rounds[0].games[0]
            .result
            .outcome,
        pb::Outcome::BothWin as i32
    );
    let wrong = good.replace("1-/b0", "3-/b0");
    let err = plan(wrong.as_bytes(), "t").unwrap_err().to_string();
    assert!(err.starts_with("line 2: round 1"), "{err}");
    let jigo_loss = good.replace("1-/b0", "1=/b0");
    assert!(plan(jigo_loss.as_bytes(), "t")
        .unwrap_err()
        .to_string()
        .contains("but that line has 1="));
    let bad_token = good.replace("2+/w0", "2x/w0");
    assert!(plan(bad_token.as_bytes(), "t")
        .unwrap_err()
        .to_string()
        .contains("line 2"));
    let short = good.replace("   1-/b0", "");
    assert!(plan(short.as_bytes(), "t")
        .unwrap_err()
        .to_string()
        .contains("line 3: 0 round entries"));
    assert!(plan(b"; only comments\n", "t").is_err());
    let no_rank = "   1 Somebody Else FR xxxx 0 0-\n";
    assert!(plan(no_rank.as_bytes(), "t")
        .unwrap_err()
        .to_string()
        .contains("no rank"));
}
