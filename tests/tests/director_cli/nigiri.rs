//! Issue 29's nigiri through the real desk program and server: `tournament create --nigiri` shows on the handicap
//! line, the drawn round's even games print "nigiri", a results desk's `result` without `--black` is refused at a
//! nigiri table and with it records who had Black (the player listed first: the two are exchanged), the referee's
//! `referee colours` records another table's, and the round closes once every played nigiri game has its Black.

use super::{add_player, array_of, create, parse, str_of, succeeded, u64_of, Tengen, FIELD};
use serde_json::Value;
use tengen_tests::Venue;

/// (table, first number, second number, nigiri, black recorded) of each game of round 1.
fn games(tengen: &Tengen) -> Vec<(u64, u64, u64, bool, bool)> {
    let shown = tengen.json(&["round", "show", "1", "1"]);
    array_of(&shown, "games")
        .iter()
        .map(|g| {
            (
                u64_of(g, "table"),
                u64_of(&g["white"], "number"),
                u64_of(&g["black"], "number"),
                g["nigiri"] == Value::Bool(true),
                g["black_recorded"] == Value::Bool(true),
            )
        })
        .collect()
}

#[tokio::test]
async fn issue_29_nigiri_colours_are_recorded_from_the_command_line() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    create(
        &tengen,
        "Nigiri Open",
        3,
        "mcmahon",
        &["--nigiri", "--double-entry", "off"],
    );
    let shown = tengen.ok(&["tournament", "show", "1"]);
    assert!(shown.contains("even games by nigiri"), "{shown}");
    // Four dan players: above 1d everyone counts as 1d, so both games are even.
    for p in &FIELD[2..6] {
        add_player(&tengen, *p);
    }
    tengen.ok(&["tournament", "close-registration", "1"]);
    tengen.ok(&["round", "draw", "1", "1"]);
    tengen.ok(&["round", "publish", "1", "1"]);
    let drawn = games(&tengen);
    assert_eq!(drawn.len(), 2, "{drawn:?}");
    assert!(drawn.iter().all(|g| g.3 && !g.4), "{drawn:?}");
    let text = tengen.ok(&["round", "show", "1", "1"]);
    assert!(text.contains("nigiri"), "{text}");

    // A results desk at table 1: White's win needs who had Black; the player listed first had it.
    let token = |role: &str, name: &str| {
        let made = tengen.json(&["token", "create", "--role", role, "--name", name]);
        str_of(&made, "token").to_string()
    };
    let desk = token("results", "desk-1");
    let (_, first, second, _, _) = drawn[0];
    let args = ["result", "1", "1", "1", "w"];
    let out = tengen.run_with_token(&desk, &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("table 1 was a nigiri: say who had Black"),
        "{stderr}"
    );
    let black = first.to_string();
    let args = ["result", "1", "1", "1", "w", "--black", &black, "--json"];
    let game = parse(
        &args,
        &succeeded(&args, tengen.run_with_token(&desk, &args)),
    );
    assert_eq!(u64_of(&game["black"], "number"), first, "{game}");
    assert_eq!(u64_of(&game["white"], "number"), second, "{game}");
    assert_eq!(game["black_recorded"], true, "{game}");

    // Table 2: the referee's tablet records Black; then the director's result.
    let referee = token("referee", "tablet-1");
    let (_, first2, _, _, _) = drawn[1];
    let black2 = first2.to_string();
    let args = ["referee", "colours", "1", "1", "2", &black2];
    let recorded = succeeded(&args, tengen.run_with_token(&referee, &args));
    assert!(!recorded.contains("nigiri"), "{recorded}");
    tengen.ok(&["result", "1", "1", "2", "b"]);
    let after = games(&tengen);
    assert!(after.iter().all(|g| g.4), "{after:?}");
    assert_eq!(after[1].2, first2, "{after:?}");
    tengen.ok(&["round", "close", "1", "1"]);
    Ok(())
}
