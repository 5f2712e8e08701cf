//! Issue 15's club ladder (BGA handbook 5.1) through the real desk program and server: six players on a ladder
//! that reaches two rungs up with a stone per rung. It has no rounds to draw; a challenge too far up, or downwards,
//! is refused by name and changes nothing; a challenger's win exchanges the two rungs (with the handicap of their
//! distance), a defender's win or a jigo changes nothing; a newcomer numbered when registration closes again joins
//! at the bottom, a withdrawn player's rung closes up, and the standings are the rungs.

use super::{add_player, array_of, create, refused, u64_of, Tengen, FIELD};
use tengen_tests::Venue;

/// The numbers on the ladder, top rung first.
fn rungs(tengen: &Tengen) -> Vec<u64> {
    let ladder = tengen.json(&["ladder", "show", "1"]);
    array_of(&ladder, "rungs")
        .iter()
        .map(|r| u64_of(&r["player"], "number"))
        .collect()
}

#[tokio::test]
async fn issue_15_a_club_ladder_records_games_any_day() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    let created = create(
        &tengen,
        "Club ladder",
        1,
        "ladder",
        &["--reach", "2", "--rungs-per-stone", "1"],
    );
    assert_eq!(created["ladder"]["reach"], 2, "{created}");
    for p in &FIELD[..6] {
        add_player(&tengen, *p);
    }
    tengen.ok(&["tournament", "close-registration", "1"]);
    assert_eq!(rungs(&tengen), [1, 2, 3, 4, 5, 6]);
    let stderr = refused(&tengen, &["round", "draw", "1", "1"]);
    assert!(stderr.contains("is a ladder: it has no rounds"), "{stderr}");
    let stderr = refused(&tengen, &["ladder", "result", "1", "4", "1", "challenger"]);
    assert!(
        stderr.contains("3 rungs above #4: a challenge reaches 2 rungs at most"),
        "{stderr}"
    );
    let stderr = refused(&tengen, &["ladder", "result", "1", "1", "3", "challenger"]);
    assert!(stderr.contains("challenge upwards"), "{stderr}");
    assert_eq!(rungs(&tengen), [1, 2, 3, 4, 5, 6], "nothing changed");

    let ladder = tengen.json(&["ladder", "result", "1", "3", "1", "challenger"]);
    let game = &array_of(&ladder, "games")[0];
    assert_eq!(u64_of(game, "handicap"), 2, "two rungs, two stones: {game}");
    assert_eq!(
        rungs(&tengen),
        [3, 2, 1, 4, 5, 6],
        "the challenger took the rung"
    );
    tengen.json(&["ladder", "result", "1", "5", "4", "defender"]);
    tengen.json(&["ladder", "result", "1", "6", "5", "jigo"]);
    assert_eq!(
        rungs(&tengen),
        [3, 2, 1, 4, 5, 6],
        "a loss and a jigo change nothing"
    );
    tengen.json(&["ladder", "result", "1", "1", "2", "challenger"]);
    assert_eq!(rungs(&tengen), [3, 1, 2, 4, 5, 6]);
    let stderr = refused(
        &tengen,
        &["tournament", "update", "1", "--system", "mcmahon"],
    );
    assert!(
        stderr.contains("the pairing system cannot change now"),
        "{stderr}"
    );

    // A newcomer a week later, numbered when registration closes again: the bottom rung.
    tengen.ok(&["tournament", "open-registration", "1"]);
    add_player(&tengen, FIELD[6]);
    tengen.ok(&["tournament", "close-registration", "1"]);
    assert_eq!(
        rungs(&tengen),
        [3, 1, 2, 4, 5, 6, 7],
        "numbers kept, the newcomer last"
    );
    tengen.ok(&["withdraw", "2", "1"]);
    assert_eq!(rungs(&tengen), [3, 1, 4, 5, 6, 7]);

    let ladder = tengen.json(&["ladder", "show", "1"]);
    let top = &array_of(&ladder, "rungs")[0];
    assert_eq!((u64_of(top, "games"), u64_of(top, "wins")), (1, 1), "{top}");
    let standings = tengen.json(&["standings", "1"]);
    let places: Vec<(u64, u64)> = array_of(&standings, "rows")
        .iter()
        .map(|r| (u64_of(r, "place"), u64_of(&r["player"], "number")))
        .collect();
    assert_eq!(places, [(1, 3), (2, 1), (3, 4), (4, 5), (5, 6), (6, 7)]);
    let text = tengen.ok(&["ladder", "show", "1"]);
    assert!(
        text.contains("challenges reach 2 rungs up, one handicap stone per rung"),
        "{text}"
    );

    // The printed standings are the ladder and its games, for the club's notice board; the sheets and files made
    // of rounds say why they have nothing to print, instead of an empty round.
    let sheet = tengen.ok(&["sheet", "1", "standings"]);
    let lines: Vec<&str> = sheet.lines().collect();
    assert!(lines[1].ends_with("Club ladder: ladder"), "{sheet}");
    let rung = |n: &str| {
        lines
            .iter()
            .find(|l| l.split_whitespace().next() == Some(n))
            .map(|l| l.split_whitespace().nth(1).unwrap_or_default().to_string())
    };
    assert_eq!(rung("1").as_deref(), Some("3"), "{sheet}");
    assert_eq!(rung("2").as_deref(), Some("1"), "{sheet}");
    let games = sheet.split("Games\n-----").nth(1).unwrap_or_default();
    let first = games
        .lines()
        .find(|l| l.trim_start().starts_with("1  "))
        .unwrap_or_default();
    assert!(
        first.contains("3 Müller Hans")
            && first.contains("1 Côté Élise")
            && first.contains("challenger"),
        "{sheet}"
    );
    assert!(first.trim_end().ends_with('2'), "two stones: {first}");
    for kind in ["wallchart", "slips"] {
        let stderr = refused(&tengen, &["sheet", "1", kind]);
        assert!(stderr.contains("is a ladder: it has no rounds"), "{stderr}");
    }
    let files = tempfile::tempdir()?;
    let out = files.path().join("ladder.h9").display().to_string();
    let stderr = refused(&tengen, &["export", "1", "--format", "h9", "--out", &out]);
    assert!(
        stderr.contains("an EGF rating file is made of rounds"),
        "{stderr}"
    );
    let csv = files.path().join("ladder.csv");
    tengen.ok(&[
        "export",
        "1",
        "--format",
        "csv-standings",
        "--out",
        &csv.display().to_string(),
    ]);
    let csv = std::fs::read_to_string(csv)?;
    assert!(
        csv.starts_with("rung,number,name,rank,club,country,games,wins\n1,3,Müller Hans,3d,"),
        "{csv}"
    );
    Ok(())
}

/// A congress's self-paired side event (BGA handbook 8.5): any two players, in either order, each pair twice at
/// most (the third game is refused), placed by wins with equal wins sharing a place.
#[tokio::test]
async fn issue_15_a_self_paired_event_places_by_wins() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    let created = create(&tengen, "Self-paired", 1, "self-paired", &[]);
    assert_eq!(created["ladder"]["max_meetings"], 2, "{created}");
    for p in &FIELD[..4] {
        add_player(&tengen, *p);
    }
    tengen.ok(&["tournament", "close-registration", "1"]);
    tengen.json(&["ladder", "result", "1", "2", "1", "first"]);
    tengen.json(&["ladder", "result", "1", "1", "2", "second"]);
    let stderr = refused(&tengen, &["ladder", "result", "1", "1", "2", "first"]);
    assert!(stderr.contains("have met 2 times: 2 at most"), "{stderr}");
    tengen.json(&["ladder", "result", "1", "3", "4", "jigo"]);
    tengen.json(&["ladder", "result", "1", "4", "1", "first"]);
    let standings = tengen.json(&["standings", "1"]);
    let places: Vec<(u64, u64)> = array_of(&standings, "rows")
        .iter()
        .map(|r| (u64_of(r, "place"), u64_of(&r["player"], "number")))
        .collect();
    assert_eq!(places, [(1, 2), (2, 4), (3, 1), (3, 3)], "{standings}");
    let text = tengen.ok(&["ladder", "show", "1"]);
    assert!(
        text.contains("self-paired: each pair 2 times at most"),
        "{text}"
    );
    assert!(text.contains("beat"), "{text}");
    Ok(())
}
