//! Issue 15's groups through the real desk program and server. Mays' groups of eight: sixteen players in a Swiss
//! of three rounds `--group-size 8`, winner against winner inside each group; nobody meets the other group, and
//! each group ends as Mays says it will, one player on three wins, three on two, three on one and one on none;
//! the standings place each group on its own. Zones (BGA handbook 11.4): six players all-play-all in zones of
//! three, then `tournament split --per-group --top 1` makes the zone winners' play-off, which the stronger zone's
//! winner wins.

use std::collections::{BTreeMap, BTreeSet};

use super::{add_player, array_of, create, str_of, u64_of, Tengen, FIELD};
use tengen_tests::Venue;

/// Draws, publishes and closes round `r` of tournament `t`, the lower number winning every game: the games as
/// (white id, black id).
fn play(tengen: &Tengen, t: &str, r: u32, number: &BTreeMap<u64, u64>) -> Vec<(u64, u64)> {
    let round = r.to_string();
    tengen.json(&["round", "draw", t, &round]);
    tengen.json(&["round", "publish", t, &round]);
    let shown = tengen.json(&["round", "show", t, &round]);
    let mut games = Vec::new();
    for g in array_of(&shown, "games") {
        let (white, black) = (u64_of(&g["white"], "id"), u64_of(&g["black"], "id"));
        let winner = if number[&white] < number[&black] {
            "w"
        } else {
            "b"
        };
        tengen.json(&["result", t, &round, &u64_of(g, "table").to_string(), winner]);
        games.push((white, black));
    }
    tengen.json(&["round", "close", t, &round]);
    games
}

/// Participant id → player number of tournament `t`.
fn numbers(tengen: &Tengen, t: &str) -> BTreeMap<u64, u64> {
    let numbers = tengen.json(&["numbers", t]);
    array_of(&numbers, "players")
        .iter()
        .map(|p| (u64_of(p, "id"), u64_of(p, "number")))
        .collect()
}

#[tokio::test]
async fn issue_15_groups_of_eight_play_apart_and_end_one_three_three_one() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    let created = create(&tengen, "Novices", 3, "swiss", &["--group-size", "8"]);
    assert_eq!(created["draw"]["group_size"], 8, "{created}");
    for p in &FIELD[..16] {
        let id = add_player(&tengen, *p);
        // The .h9 file below writes every name in Latin letters: the desk types 李 伟's.
        if p.0 == "李" {
            let id = id.to_string();
            let args = ["player", "update", &id, "--rev", "0"];
            tengen.ok(&[&args[..], &["--latin-family", "Li", "--latin-given", "Wei"]].concat());
        }
    }
    tengen.ok(&["tournament", "close-registration", "1"]);
    let number = numbers(&tengen, "1");
    let group = |id: u64| usize::from(number[&id] > 8);
    let mut wins: BTreeMap<u64, u32> = number.keys().map(|id| (*id, 0)).collect();
    let mut met = BTreeSet::new();
    for r in 1..=3 {
        let games = play(&tengen, "1", r, &number);
        assert_eq!(games.len(), 8, "round {r}: everyone plays");
        for (w, b) in games {
            assert_eq!(
                group(w),
                group(b),
                "round {r}: #{} met #{}",
                number[&w],
                number[&b]
            );
            assert!(met.insert((w.min(b), w.max(b))), "a repeated game");
            let winner = if number[&w] < number[&b] { w } else { b };
            *wins.entry(winner).or_default() += 1;
        }
    }
    let standings = tengen.json(&["standings", "1"]);
    let sections = array_of(&standings, "sections");
    assert_eq!(sections.len(), 2, "{standings}");
    for (g, section) in sections.iter().enumerate() {
        assert_eq!(u64_of(section, "group"), g as u64 + 1, "{section}");
        let rows = array_of(section, "rows");
        let mut by_wins: BTreeMap<u32, usize> = BTreeMap::new();
        for row in rows {
            let id = u64_of(&row["player"], "id");
            assert_eq!(group(id), g, "{row}");
            *by_wins.entry(wins[&id]).or_default() += 1;
        }
        assert_eq!(
            by_wins,
            BTreeMap::from([(0, 1), (1, 3), (2, 3), (3, 1)]),
            "group {}: one on three wins, three on two, three on one, one on none",
            g + 1
        );
        let first = &rows[0];
        assert_eq!(u64_of(first, "place"), 1);
        assert_eq!(wins[&u64_of(&first["player"], "id")], 3, "{first}");
        assert_eq!(array_of(section, "winners").len(), 1, "{section}");
    }
    let places: Vec<u64> = array_of(&standings, "rows")
        .iter()
        .map(|row| u64_of(row, "place"))
        .collect();
    assert_eq!(
        places.iter().filter(|p| **p == 1).count(),
        2,
        "a first place per group: {places:?}"
    );
    let text = tengen.ok(&["standings", "1"]);
    assert!(
        text.contains("group 1:") && text.contains("group 2:"),
        "{text}"
    );
    assert!(text.contains("group winners:"), "{text}");
    let sheet = tengen.ok(&["sheet", "1", "standings"]);
    assert!(
        sheet.contains("Group 1") && sheet.contains("Group winners"),
        "{sheet}"
    );
    // The EGF file has one order of places: the second group's follow the first's, so no two players share
    // first place and every opponent's line number is its place.
    let files = tempfile::tempdir()?;
    let h9 = files.path().join("groups.h9");
    tengen.ok(&[
        "export",
        "1",
        "--format",
        "h9",
        "--out",
        &h9.display().to_string(),
    ]);
    let h9 = std::fs::read_to_string(&h9)?;
    // A shared place is printed on its first line only.
    let places: Vec<Option<u64>> = h9
        .lines()
        .filter(|l| !l.starts_with(';') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().and_then(|w| w.parse().ok()))
        .collect();
    assert_eq!(places.len(), 16, "{h9}");
    assert_eq!(places[0], Some(1), "{h9}");
    assert_eq!(places[8], Some(9), "the second group's winner: {h9}");
    let shown: Vec<u64> = places.iter().flatten().copied().collect();
    assert!(
        shown.windows(2).all(|w| w[0] < w[1]),
        "places only go down the file: {h9}"
    );
    Ok(())
}

#[tokio::test]
async fn issue_15_zones_play_all_play_all_then_their_winners_play_off() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    create(
        &tengen,
        "Lightning",
        3,
        "round-robin",
        &["--group-size", "3"],
    );
    for p in &FIELD[..6] {
        add_player(&tengen, *p);
    }
    tengen.ok(&["tournament", "close-registration", "1"]);
    let number = numbers(&tengen, "1");
    let zone = |id: u64| usize::from(number[&id] > 3);
    let mut met = BTreeSet::new();
    for r in 1..=3 {
        let games = play(&tengen, "1", r, &number);
        assert_eq!(games.len(), 2, "round {r}: one game a zone");
        for (w, b) in games {
            assert_eq!(zone(w), zone(b), "round {r}: across zones");
            met.insert((w.min(b), w.max(b)));
        }
        let shown = tengen.json(&["round", "show", "1", &r.to_string()]);
        let sitting =
            shown["bye"].as_object().map_or(0, |_| 1) + array_of(&shown, "advancing").len();
        assert_eq!(
            sitting, 2,
            "round {r}: a bye in each zone of three: {shown}"
        );
    }
    assert_eq!(met.len(), 6, "all play all in both zones");
    let grid = tengen.ok(&["sheet", "1", "grid"]);
    assert!(
        grid.contains("Group 1") && grid.contains("Group 2"),
        "a crosstable per zone: {grid}"
    );

    let play_off = tengen.json(&[
        "tournament",
        "split",
        "1",
        "--per-group",
        "--top",
        "1",
        "--name",
        "Play-off",
    ]);
    assert_eq!(
        str_of(&play_off, "pairing_system"),
        "knockout",
        "{play_off}"
    );
    assert_eq!(u64_of(&play_off, "rounds"), 1, "{play_off}");
    let seeds = numbers(&tengen, "2");
    let by_seed: BTreeMap<u64, u64> = seeds.iter().map(|(id, n)| (*n, *id)).collect();
    assert_eq!(
        by_seed.values().map(|id| number[id]).collect::<Vec<_>>(),
        [1, 4],
        "the zone winners, the stronger zone's first"
    );
    let play_off_numbers = numbers(&tengen, "2");
    let games = play(&tengen, "2", 1, &play_off_numbers);
    assert_eq!(games.len(), 1);
    let standings = tengen.json(&["standings", "2"]);
    let first = &array_of(&standings, "rows")[0];
    assert_eq!(number[&u64_of(&first["player"], "id")], 1, "{standings}");
    Ok(())
}
