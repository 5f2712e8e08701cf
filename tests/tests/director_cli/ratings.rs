//! Issue 14's rating lists through the real desk program and server: the full FFG and AGA lists and the EGD
//! sample load in parts (each a logged command; a second load of the same file writes nothing), a desk finds a
//! player by name with accents folded or by id, `player add --lookup` registers the list's fields, and a
//! registration desk may look up but not load.

use tengen_tests::Venue;

use super::{str_of, u64_of, Tengen};

/// `../shared/data/ratings/NAME` as an argument, or `None` after a loud skip (a failure under `CI=true`).
fn list(name: &str) -> Option<String> {
    tengen_prerequisite::shared_data(format!("ratings/{name}")).map(|p| p.display().to_string())
}

#[tokio::test]
async fn issue_14_rating_lists_load_once_and_fill_a_registration() -> anyhow::Result<()> {
    let (Some(ffg), Some(aga), Some(egd)) = (
        list("ffg-ech_ffg_V3.txt"),
        list("aga-tdlista.txt"),
        list("egf-sample.txt"),
    ) else {
        return Ok(());
    };
    let venue = Venue::start().await?;
    let tengen = Tengen::new(&venue)?;
    let loaded = tengen.json(&["ratings", "load", &ffg]);
    assert_eq!(
        (str_of(&loaded, "source"), str_of(&loaded, "date")),
        ("ffg", "2021-01-11")
    );
    assert!(u64_of(&loaded, "players") > 12_000 && loaded["complete"] == true);
    let aga_loaded = tengen.json(&["ratings", "load", &aga]);
    assert!(u64_of(&aga_loaded, "players") > 22_000);
    tengen.json(&["ratings", "load", &egd]);

    // The same file again: every part is answered from the log.
    let director = venue.director().await?;
    let before = director.last_seq().await?;
    let again = tengen.json(&["ratings", "load", &ffg]);
    assert_eq!(u64_of(&again, "players"), u64_of(&loaded, "players"));
    assert_eq!(
        director.last_seq().await?,
        before,
        "a second load writes nothing"
    );

    // Accents folded, either name order, or the id.
    let found = tengen.json(&["ratings", "find", "mickael abadia"]);
    let first = &found.as_array().expect("candidates")[0];
    assert!(
        first[1]
            .as_str()
            .is_some_and(|d| d.starts_with("ABADIA Mickaël")),
        "{found}"
    );
    let by_pin = tengen.json(&["ratings", "find", "13633719"]);
    assert!(by_pin.as_array().expect("candidates")[0][1]
        .as_str()
        .is_some_and(|d| d.contains("Aagren Thomas")));

    // Registering from the list: one candidate fills every field; a flag given wins over the list.
    let p = tengen.json(&["player", "add", "--lookup", "9728205", "--club", "Paris"]);
    let fields = &p;
    assert_eq!(
        (str_of(fields, "family_name"), str_of(fields, "given_name")),
        ("ABADIA", "Mickaël")
    );
    assert_eq!(
        (str_of(fields, "ffg_licence"), str_of(fields, "club")),
        ("9728205", "Paris")
    );
    assert_eq!(fields["rating"], 650);
    // Several candidates: listed, nothing registered.
    let many = tengen.run(&["player", "add", "--lookup", "aal"]);
    assert_eq!(
        many.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&many.stderr)
    );
    let seq = director.last_seq().await?;
    let picked = tengen.json(&["player", "add", "--lookup", "aalto", "--pick", "2"]);
    assert_eq!(director.last_seq().await?, seq + 1);
    assert!(!str_of(&picked, "egd_pin").is_empty());

    // A registration desk looks up but does not load.
    let desk = tengen.json(&[
        "token",
        "create",
        "--role",
        "registration",
        "--name",
        "reg-1",
    ]);
    let token = str_of(&desk, "token").to_string();
    let refused = tengen.run_with_token(&token, &["ratings", "load", &egd]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("load rating lists"));
    let desk_find = tengen.run_with_token(&token, &["ratings", "find", "aagren"]);
    assert!(desk_find.status.success());
    assert!(String::from_utf8_lossy(&desk_find.stdout).contains("13633719"));
    Ok(())
}
