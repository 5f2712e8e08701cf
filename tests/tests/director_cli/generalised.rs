//! Issue 15's generalised knockout through the real desk program and server: eight players over three rounds
//! (`--system generalised-knockout`, placed by sequence then the opponents' wins), each round drawn, published,
//! decided (White wins at odd tables, Black at even) and closed: every game is between two players with the same
//! results so far, nobody meets twice, and the final standings are the eight different sequences in order, an
//! early win above a late one (WLL 4th, above LWW 5th).

use std::collections::{BTreeMap, BTreeSet};

use super::{add_player, array_of, create, str_of, u64_of, Tengen, FIELD};
use tengen_tests::Venue;

#[tokio::test]
async fn issue_15_a_generalised_knockout_runs_from_the_cli() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    let created = create(&tengen, "Lightning", 3, "generalised-knockout", &[]);
    assert_eq!(
        str_of(&created, "pairing_system"),
        "generalised-knockout",
        "{created}"
    );
    let ids: Vec<u64> = FIELD[..8].iter().map(|p| add_player(&tengen, *p)).collect();
    tengen.ok(&["tournament", "close-registration", "1"]);

    let mut results: BTreeMap<u64, Vec<u8>> = ids.iter().map(|id| (*id, Vec::new())).collect();
    let mut met = BTreeSet::new();
    for r in 1..=3u32 {
        let round = r.to_string();
        tengen.json(&["round", "draw", "1", &round]);
        let shown = tengen.json(&["round", "show", "1", &round]);
        let games = array_of(&shown, "games");
        assert_eq!(games.len(), 4, "round {r}: {shown}");
        assert!(shown["bye"].is_null(), "eight players: no bye");
        tengen.json(&["round", "publish", "1", &round]);
        for g in games {
            let (white, black) = (u64_of(&g["white"], "id"), u64_of(&g["black"], "id"));
            assert_eq!(
                results[&white], results[&black],
                "round {r}: equal sequences meet: {g}"
            );
            assert!(met.insert((white.min(black), white.max(black))), "a repeat");
            let table = u64_of(g, "table");
            let white_wins = table % 2 == 1;
            let word = if white_wins { "w" } else { "b" };
            tengen.json(&["result", "1", &round, &table.to_string(), word]);
            for (id, won) in [(white, white_wins), (black, !white_wins)] {
                results.entry(id).or_default().push(if won { 2 } else { 0 });
            }
        }
        tengen.json(&["round", "close", "1", &round]);
    }

    let standings = tengen.json(&["standings", "1"]);
    assert_eq!(
        array_of(&standings, "criteria")[0].as_str(),
        Some("Sequence"),
        "{standings}"
    );
    let order: Vec<Vec<u8>> = array_of(&standings, "rows")
        .iter()
        .map(|row| results[&u64_of(&row["player"], "id")].clone())
        .collect();
    let mut expected = order.clone();
    expected.sort_by(|a, b| b.cmp(a));
    assert_eq!(order, expected, "placed by sequence, best first");
    let distinct: BTreeSet<&Vec<u8>> = order.iter().collect();
    assert_eq!(
        distinct.len(),
        8,
        "three rounds order eight players completely"
    );
    assert_eq!(order[3], [2, 0, 0], "WLL is 4th");
    let shown: Vec<&str> = array_of(&standings, "rows")
        .iter()
        .map(|row| str_of(&row["values"][0], "text"))
        .collect();
    assert_eq!(
        shown[3], "WLL",
        "the sequence reads as results, not a number: {standings}"
    );
    assert_eq!(shown[4], "LWW", "{standings}");
    assert_eq!(order[4], [0, 2, 2], "LWW is 5th");
    let places: Vec<u64> = array_of(&standings, "rows")
        .iter()
        .map(|row| u64_of(row, "place"))
        .collect();
    assert_eq!(places, (1..=8).collect::<Vec<u64>>(), "no shared place");
    Ok(())
}
