//! Issue 15's Swiss knockout (BGA handbook 11.8) through the real desk program and server: a Swiss tournament of
//! twelve plays round 1; `tournament split 1 --top 4` makes a knockout of its top four, numbered by their places;
//! the main tournament's round 2 goes on without them; the two first-round losers of the knockout are back for
//! the main tournament's round 3, and the two finalists for its round 4.

use std::collections::BTreeSet;

use super::{add_player, array_of, create, str_of, u64_of, Tengen, FIELD};
use tengen_tests::Venue;

/// Draws, publishes, decides (White wins everywhere) and closes round `r` of tournament `t`: who played.
fn play(tengen: &Tengen, t: &str, r: u32) -> BTreeSet<u64> {
    let round = r.to_string();
    tengen.json(&["round", "draw", t, &round]);
    tengen.json(&["round", "publish", t, &round]);
    let shown = tengen.json(&["round", "show", t, &round]);
    let mut seated = BTreeSet::new();
    for g in array_of(&shown, "games") {
        tengen.json(&["result", t, &round, &u64_of(g, "table").to_string(), "w"]);
        seated.insert(u64_of(&g["white"], "id"));
        seated.insert(u64_of(&g["black"], "id"));
    }
    if let Some(bye) = shown["bye"].as_object() {
        seated.insert(bye["id"].as_u64().unwrap_or(0));
    }
    tengen.json(&["round", "close", t, &round]);
    seated
}

#[tokio::test]
async fn issue_15_a_swiss_knockout_splits_off_and_its_players_return() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    create(&tengen, "Open", 4, "swiss", &["--double-entry", "off"]);
    let ids: Vec<u64> = FIELD[..12]
        .iter()
        .map(|p| add_player(&tengen, *p))
        .collect();
    tengen.ok(&["tournament", "close-registration", "1"]);
    assert_eq!(play(&tengen, "1", 1).len(), 12);

    let standings = tengen.json(&["standings", "1"]);
    let order: Vec<u64> = array_of(&standings, "rows")
        .iter()
        .map(|row| u64_of(&row["player"], "id"))
        .collect();
    let split = tengen.json(&["tournament", "split", "1", "--top", "4", "--name", "Top 4"]);
    assert_eq!(str_of(&split, "pairing_system"), "knockout", "{split}");
    assert_eq!(u64_of(&split, "rounds"), 2, "{split}");
    let numbers = tengen.json(&["numbers", "2"]);
    let seeded: Vec<u64> = array_of(&numbers, "players")
        .iter()
        .map(|p| u64_of(p, "id"))
        .collect();
    assert_eq!(seeded, order[..4], "numbered by their places: {numbers}");
    let top: BTreeSet<u64> = order[..4].iter().copied().collect();

    // Main round 2 without the four; knockout round 1 beside it.
    let main2 = play(&tengen, "1", 2);
    assert_eq!(main2.len(), 8, "{main2:?}");
    assert!(main2.is_disjoint(&top));
    tengen.json(&["round", "draw", "2", "1"]);
    tengen.json(&["round", "publish", "2", "1"]);
    let ko1 = tengen.json(&["round", "show", "2", "1"]);
    let mut losers = BTreeSet::new();
    for g in array_of(&ko1, "games") {
        tengen.json(&["result", "2", "1", &u64_of(g, "table").to_string(), "w"]);
        losers.insert(u64_of(&g["black"], "id"));
    }
    tengen.json(&["round", "close", "2", "1"]);

    // The knockout's first-round losers are back for main round 3; the finalists play the final beside it.
    let main3 = play(&tengen, "1", 3);
    assert_eq!(main3.len(), 10, "{main3:?}");
    assert!(losers.is_subset(&main3), "{losers:?} back in {main3:?}");
    let finalists: BTreeSet<u64> = top.difference(&losers).copied().collect();
    assert!(main3.is_disjoint(&finalists));
    assert_eq!(play(&tengen, "2", 2), finalists);

    // After the final everybody plays main round 4.
    let main4 = play(&tengen, "1", 4);
    assert_eq!(main4, ids.iter().copied().collect::<BTreeSet<u64>>());
    Ok(())
}
