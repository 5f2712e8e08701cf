//! README's five-minute first tournament on the sample field committed in `deploy/sample/`: the 24 made-up
//! players import without a problem, check in, are drawn into 12 tables, and the 12 sample results enter, close
//! the round and give standings of 24 rows. So neither the sample files nor the path README prints can rot.

use std::path::PathBuf;

use tengen_tests::Venue;

use super::{array_of, import_problems, u64_of, Tengen};

/// `deploy/sample/NAME` in this repository.
fn sample(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../deploy/sample")
        .join(name)
        .display()
        .to_string()
}

#[tokio::test]
async fn readme_first_tournament_runs_on_the_sample_field() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    let created = tengen.json(&[
        "tournament",
        "create",
        "--name",
        "Sample Open",
        "--rounds",
        "3",
        "--system",
        "mcmahon",
        "--bar",
        "2d",
    ]);
    assert_eq!(u64_of(&created, "id"), 1, "{created}");

    let players = sample("players.csv");
    let report = tengen.json(&["import", "csv", &players, "--tournament", "1"]);
    assert_eq!(import_problems(&report), Vec::new(), "{report}");
    assert_eq!(u64_of(&report, "accepted"), 24, "{report}");

    for p in 1..=24 {
        tengen.ok(&["checkin", &format!("P{p}")]);
    }
    tengen.ok(&["tournament", "close-registration", "1"]);
    tengen.ok(&["round", "draw", "1", "1"]);
    let round = tengen.json(&["round", "show", "1", "1"]);
    assert_eq!(array_of(&round, "games").len(), 12, "{round}");
    tengen.ok(&["round", "publish", "1", "1"]);

    let results = sample("round1.csv");
    let entered = tengen.json(&["results", "1", "1", "--file", &results]);
    assert_eq!(u64_of(&entered, "entered"), 12, "{entered}");
    tengen.ok(&["round", "close", "1", "1"]);

    let standings = tengen.json(&["standings", "1"]);
    assert_eq!(u64_of(&standings, "after_round"), 1, "{standings}");
    assert_eq!(array_of(&standings, "rows").len(), 24, "{standings}");
    Ok(())
}
