//! Issue 15's round robin through the real desk program and server: a final of five created with
//! `--system round-robin` (its defaults: wins, head-to-head, SODOS; a sit-out worth nothing), refused at the first
//! draw while its rounds are not a whole cycle, then played over five rounds — every pair meets once, everyone sits
//! out once, White wins every game the players play — with the fifth player withdrawn after round 3 (their last
//! two games are lost by forfeit at the draw, warned and confirmed, so the rounds close on the other results), the
//! standings placed by wins as the games say, the crosstable sheet, and a latecomer refused.

use std::collections::{BTreeMap, BTreeSet};

use tengen_tests::Venue;

use super::{add_player, array_of, create, refused, str_of, u64_of, Tengen};

/// family, given, rank, club, city: strongest first, so player numbers follow this order.
const FINAL: [(&str, &str, &str, &str, &str); 5] = [
    ("Arai", "Ken", "5d", "Tokyo GC", "Tokyo"),
    ("Bauer", "Lena", "4d", "Wien GK", "Wien"),
    ("Costa", "Rui", "3d", "Lisboa Go", "Lisboa"),
    ("Dahl", "Ola", "2d", "Oslo GK", "Oslo"),
    ("Engel", "Mia", "1d", "Bern GK", "Bern"),
];

#[tokio::test]
async fn issue_15_a_round_robin_final_runs_from_the_cli() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    let created = create(&tengen, "Final", 4, "round-robin", &[]);
    assert_eq!(
        str_of(&created, "pairing_system"),
        "round-robin",
        "{created}"
    );
    let tiebreaks = created["scoring"]["tiebreaks"].clone();
    assert_eq!(
        tiebreaks,
        serde_json::json!(["wins", "h2h", "sodos"]),
        "{created}"
    );
    assert_eq!(
        u64_of(&created["scoring"], "bye_half_points"),
        0,
        "{created}"
    );
    let ids: Vec<u64> = FINAL.iter().map(|p| add_player(&tengen, *p)).collect();
    tengen.ok(&["tournament", "close-registration", "1"]);
    let stderr = refused(&tengen, &["round", "draw", "1", "1"]);
    assert!(
        stderr.contains("a round robin of 5 players plays 5 rounds (10 for a double round robin)"),
        "{stderr}"
    );
    tengen.ok(&["tournament", "update", "1", "--rounds", "5"]);

    let engel = ids[4];
    let mut met: BTreeMap<(u64, u64), u32> = BTreeMap::new();
    let mut sat_out = BTreeSet::new();
    let mut wins: BTreeMap<u64, u32> = ids.iter().map(|id| (*id, 0)).collect();
    let mut forfeits = 0;
    for r in 1..=5u32 {
        let round = r.to_string();
        if r == 4 {
            tengen.ok(&["withdraw", "5", "1"]);
        }
        tengen.json(&["round", "draw", "1", &round]);
        let shown = tengen.json(&["round", "show", "1", &round]);
        let games = array_of(&shown, "games");
        assert_eq!(games.len(), 2, "round {r}: {shown}");
        sat_out.insert(u64_of(&shown["bye"], "id"));
        tengen.json(&["round", "publish", "1", &round]);
        for g in games {
            let (white, black) = (u64_of(&g["white"], "id"), u64_of(&g["black"], "id"));
            *met.entry((white.min(black), white.max(black))).or_default() += 1;
            if r >= 4 && (white == engel || black == engel) {
                assert_eq!(g["confirmed"]["by_forfeit"], true, "round {r}: {g}");
                assert!(
                    array_of(&shown, "warnings")
                        .iter()
                        .any(|w| w.as_str().is_some_and(|w| w.contains("not playing round"))),
                    "{shown}"
                );
                let winner = if white == engel { black } else { white };
                *wins.entry(winner).or_default() += 1;
                forfeits += 1;
                continue;
            }
            assert!(g["confirmed"].is_null(), "round {r}: {g}");
            let table = u64_of(g, "table").to_string();
            let answer = tengen.json(&["result", "1", &round, &table, "w"]);
            assert_eq!(str_of(&answer, "progress"), "confirmed", "{answer}");
            *wins.entry(white).or_default() += 1;
        }
        let closed = tengen.json(&["round", "close", "1", &round]);
        assert_eq!(str_of(&closed, "state"), "closed");
    }
    assert!(forfeits >= 1, "Engel had a game in round 4 or 5");
    assert_eq!(met.len(), 10, "every pair of five: {met:?}");
    assert!(met.values().all(|m| *m == 1), "{met:?}");
    assert_eq!(sat_out.len(), 5, "everyone sits out once");

    let standings = tengen.json(&["standings", "1"]);
    let criteria: Vec<&str> = array_of(&standings, "criteria")
        .iter()
        .filter_map(|c| c.as_str())
        .collect();
    assert_eq!(criteria, ["Wins", "H2H", "SODOS"], "{standings}");
    let rows = array_of(&standings, "rows");
    assert_eq!(rows.len(), 5, "a withdrawn finalist is still placed");
    let mut last_wins = u32::MAX;
    for row in rows {
        let id = u64_of(&row["player"], "id");
        let won = wins[&id];
        assert!(won <= last_wins, "placed by wins: {standings}");
        last_wins = won;
    }

    let grid = tengen.ok(&["sheet", "1", "grid"]);
    assert!(grid.contains("Final: crosstable after round 5"), "{grid}");
    for (family, ..) in FINAL {
        assert!(grid.contains(family), "{grid}");
    }
    assert!(grid.contains("1!"), "a forfeit win on the grid: {grid}");
    assert_eq!(grid.matches('×').count(), 5, "{grid}");

    Ok(())
}
