//! Issue 15's double elimination (the Judan system, BGA handbook 11.2) through the real desk program and server:
//! eight players with `--system double-elimination`, refused at the first draw while the rounds are not the
//! system's (the error names six, or seven to play the final again), then played over seven rounds. The stronger
//! player (lower number) wins every game but the first final, which the losers' winner takes: both have lost once,
//! so the seventh round plays the final again. Nobody plays after a second loss, everybody but the winner ends
//! with two, the standings place by the round each went out in, and the bracket sheet prints the winners' section,
//! the losers' section round by round, the final and the final played again.

use std::collections::BTreeMap;

use super::{add_player, array_of, create, refused, str_of, u64_of, Tengen, FIELD};
use tengen_tests::Venue;

#[tokio::test]
async fn issue_15_a_double_elimination_plays_its_final_again() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    let created = create(&tengen, "Lightning", 3, "double-elimination", &[]);
    assert_eq!(
        created["scoring"]["tiebreaks"],
        serde_json::json!(["survival"]),
        "{created}"
    );
    for p in &FIELD[..8] {
        add_player(&tengen, *p);
    }
    tengen.ok(&["tournament", "close-registration", "1"]);
    let stderr = refused(&tengen, &["round", "draw", "1", "1"]);
    assert!(
        stderr.contains("plays 6 rounds (7 to play the final again"),
        "{stderr}"
    );
    tengen.ok(&["tournament", "update", "1", "--rounds", "7"]);
    let numbers = tengen.json(&["numbers", "1"]);
    let number: BTreeMap<u64, u64> = array_of(&numbers, "players")
        .iter()
        .map(|p| (u64_of(p, "id"), u64_of(p, "number")))
        .collect();
    let mut losses: BTreeMap<u64, u32> = number.keys().map(|id| (*id, 0)).collect();
    for r in 1..=7u32 {
        let round = r.to_string();
        tengen.json(&["round", "draw", "1", &round]);
        tengen.json(&["round", "publish", "1", &round]);
        let shown = tengen.json(&["round", "show", "1", &round]);
        let games = array_of(&shown, "games");
        if r >= 6 {
            assert_eq!(games.len(), 1, "round {r} is a final: {shown}");
        }
        for g in games {
            let (white, black) = (u64_of(&g["white"], "id"), u64_of(&g["black"], "id"));
            assert!(
                losses[&white] < 2 && losses[&black] < 2,
                "round {r}: one of them is out: {g}"
            );
            let stronger_white = number[&white] < number[&black];
            // The first final goes to the losers' winner; every other game to the stronger player.
            let white_wins = if r == 6 {
                losses[&white] == 1
            } else {
                stronger_white
            };
            if r == 6 {
                assert_ne!(
                    losses[&white], losses[&black],
                    "the final: unbeaten against one loss"
                );
            }
            let table = u64_of(g, "table").to_string();
            tengen.json(&[
                "result",
                "1",
                &round,
                &table,
                if white_wins { "w" } else { "b" },
            ]);
            *losses
                .entry(if white_wins { black } else { white })
                .or_default() += 1;
        }
        let closed = tengen.json(&["round", "close", "1", &round]);
        assert_eq!(str_of(&closed, "state"), "closed");
    }
    let still_in: Vec<u64> = losses
        .iter()
        .filter(|(_, l)| **l < 2)
        .map(|(p, _)| *p)
        .collect();
    assert_eq!(still_in.len(), 1, "one winner: {losses:?}");
    assert_eq!(
        number[&still_in[0]], 1,
        "the strongest wins the final played again"
    );

    let standings = tengen.json(&["standings", "1"]);
    let rows = array_of(&standings, "rows");
    let out_in: Vec<&str> = rows
        .iter()
        .map(|row| row["values"][0]["text"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(out_in[0], "in", "{standings}");
    assert_eq!(
        out_in[1], "R7",
        "the runner-up lost the final played again: {standings}"
    );
    assert_eq!(u64_of(&rows[0], "place"), 1);
    let rounds: Vec<u32> = out_in[1..]
        .iter()
        .map(|t| t.trim_start_matches('R').parse().unwrap_or(0))
        .collect();
    assert!(
        rounds.windows(2).all(|w| w[0] >= w[1]),
        "placed by the round out: {out_in:?}"
    );
    assert!(rounds.iter().all(|r| (2..=7).contains(r)), "{out_in:?}");
    let sheet = tengen.ok(&["sheet", "1", "bracket"]);
    for heading in [
        "Winners' section: round 1",
        "Winners' section: round 3",
        "Losers' section: round 2",
        "Losers' section: round 5",
        "Final: round 6",
        "Final, played again: round 7",
    ] {
        assert!(sheet.contains(heading), "{heading}: {sheet}");
    }
    assert!(
        !sheet.contains("Winners' section: round 4"),
        "eight players: three rounds of the bracket"
    );
    Ok(())
}
