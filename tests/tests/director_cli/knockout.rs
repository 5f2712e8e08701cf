//! Issue 15's simple knockout through the real desk program and server: six players (`--system knockout`, three
//! rounds: a bracket of eight) where the top two seeds go through round 1 without a game; round 2 is drawn and
//! published while round 1 is still being played, and each of its games appears the moment the round-1 result that
//! decides it is confirmed (one by a walk-over, a forfeit win); round 2 cannot close while a match waits; the final
//! is between the two semi-final winners; the standings place the winner, the finalist, the semi-finalists equal
//! third and the first-round losers equal fifth; the bracket sheet names the winner.

use std::collections::BTreeMap;

use serde_json::Value;
use tengen_tests::Venue;

use super::{add_player, array_of, create, refused, str_of, u64_of, Tengen, FIELD};

/// (table, white id, black id) of every game of a round.
fn games(tengen: &Tengen, round: &str) -> (Vec<(u64, u64, u64)>, Value) {
    let shown = tengen.json(&["round", "show", "1", round]);
    let games = array_of(&shown, "games")
        .iter()
        .map(|g| {
            (
                u64_of(g, "table"),
                u64_of(&g["white"], "id"),
                u64_of(&g["black"], "id"),
            )
        })
        .collect();
    (games, shown)
}

#[tokio::test]
async fn issue_15_a_knockout_runs_from_the_cli() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    let created = create(&tengen, "Cup", 3, "knockout", &[]);
    assert_eq!(str_of(&created, "pairing_system"), "knockout", "{created}");
    // FIELD is strongest first: the participant ids follow the seeds.
    let ids: Vec<u64> = FIELD[..6].iter().map(|p| add_player(&tengen, *p)).collect();
    let seed = |s: usize| ids[s - 1];
    tengen.ok(&["tournament", "close-registration", "1"]);

    // Round 1: 3–6 and 4–5; seeds 1 and 2 through without a game.
    tengen.json(&["round", "draw", "1", "1"]);
    let (round1, shown) = games(&tengen, "1");
    let through: Vec<u64> = array_of(&shown, "advancing")
        .iter()
        .map(|p| u64_of(p, "id"))
        .collect();
    assert_eq!(through, [seed(1), seed(2)], "{shown}");
    let pairs: Vec<(u64, u64)> = round1
        .iter()
        .map(|&(_, w, b)| (w.min(b), w.max(b)))
        .collect();
    assert_eq!(pairs, [(seed(3), seed(6)), (seed(4), seed(5))], "{shown}");
    let printed = tengen.ok(&["sheet", "1", "pairings", "--round", "1"]);
    assert!(
        printed
            .lines()
            .any(|l| l.starts_with("Through without a game: 1 ")),
        "{printed}"
    );
    tengen.json(&["round", "publish", "1", "1"]);

    // Round 2 drawn and published before any result of round 1: nothing to play yet.
    tengen.json(&["round", "draw", "1", "2"]);
    assert!(games(&tengen, "2").0.is_empty());
    tengen.json(&["round", "publish", "1", "2"]);

    // 4–5 decided (White wins): 1 against that winner appears at once.
    let (t45, w45, b45) = round1[1];
    tengen.json(&["result", "1", "1", &t45.to_string(), "w"]);
    let (round2, _) = games(&tengen, "2");
    assert_eq!(round2.len(), 1, "{round2:?}");
    let (_, w, b) = round2[0];
    assert_eq!((w.min(b), w.max(b)), (seed(1).min(w45), seed(1).max(w45)));
    let stderr = refused(&tengen, &["round", "close", "1", "2"]);
    assert!(
        stderr.contains("1 of its matches wait for results of round 1"),
        "{stderr}"
    );

    // 3–6 decided by a walk-over (White did not come): 2 against Black.
    let (t36, w36, b36) = round1[0];
    tengen.json(&["result", "1", "1", &t36.to_string(), "b", "--forfeit"]);
    let (round2, shown2) = games(&tengen, "2");
    assert_eq!(round2.len(), 2, "{shown2}");
    assert!(
        round2
            .iter()
            .any(|&(_, w, b)| (w.min(b), w.max(b)) == (seed(2).min(b36), seed(2).max(b36))),
        "{shown2}"
    );
    tengen.json(&["round", "close", "1", "1"]);

    // Round 2: White wins both; the final is between the two winners.
    let mut finalists = Vec::new();
    let mut semi_losers = Vec::new();
    for &(table, w, b) in &round2 {
        tengen.json(&["result", "1", "2", &table.to_string(), "w"]);
        finalists.push(w);
        semi_losers.push(b);
    }
    tengen.json(&["round", "close", "1", "2"]);
    tengen.json(&["round", "draw", "1", "3"]);
    let (round3, _) = games(&tengen, "3");
    assert_eq!(round3.len(), 1);
    let (table, w, b) = round3[0];
    finalists.sort_unstable();
    let mut met = vec![w, b];
    met.sort_unstable();
    assert_eq!(
        met, finalists,
        "the final is between the semi-final winners"
    );
    tengen.json(&["round", "publish", "1", "3"]);
    tengen.json(&["result", "1", "3", &table.to_string(), "b"]);
    tengen.json(&["round", "close", "1", "3"]);

    let standings = tengen.json(&["standings", "1"]);
    let place_of: BTreeMap<u64, u64> = array_of(&standings, "rows")
        .iter()
        .map(|row| (u64_of(&row["player"], "id"), u64_of(row, "place")))
        .collect();
    assert_eq!(place_of[&b], 1, "the winner: {standings}");
    assert_eq!(place_of[&w], 2, "the finalist: {standings}");
    for p in &semi_losers {
        assert_eq!(place_of[p], 3, "semi-finalists equal third: {standings}");
    }
    for p in [w36, b45] {
        assert_eq!(
            place_of[&p], 5,
            "first-round losers equal fifth: {standings}"
        );
    }

    let sheet = tengen.ok(&["sheet", "1", "bracket"]);
    assert!(sheet.contains("Cup: bracket"), "{sheet}");
    assert_eq!(
        sheet.matches(" bye ").count() + sheet.matches(" bye\n").count(),
        2,
        "{sheet}"
    );
    let winner = FIELD[ids.iter().position(|id| *id == b).expect("a seed")].0;
    let chart = tengen.ok(&["sheet", "1", "wallchart"]);
    assert_eq!(
        chart.matches(" bye ").count(),
        2,
        "the top seeds' byes on the wall chart: {chart}"
    );
    assert!(
        sheet
            .lines()
            .any(|l| l.starts_with("Winner:") && l.contains(winner)),
        "{sheet}"
    );
    Ok(())
}
