//! The year of birth at the registration desk (issue 33), in headless Chromium against a real server over TLS: a
//! volunteer types it on the add form, sees it again on the edit form and in the desk's list; a year that is not
//! a year of birth comes back in red with its box marked and focused, as typed, and nothing is written.
//!
//! Screenshots: `target/web-screenshots/desk-born-*.png` (made-up names only).

use std::time::Duration;

use anyhow::Context as _;
use tengen_tests::board::create_tournament;
use tengen_tests::browser::LAPTOP;
use tengen_tests::{pb, Venue};

use super::desk::{click, desk_browser, js, type_into, wait_text};

const WAIT: Duration = Duration::from_secs(5);

/// What the director's desk reads of the one player named `family`: register id, revision, year of birth.
async fn record(
    director: &tengen_tests::Desk,
    family: &str,
) -> anyhow::Result<(u64, u64, Option<u32>)> {
    let found = director.find(family).await?;
    let p = found
        .first()
        .with_context(|| format!("{family} registered"))?;
    let born = p.fields.as_ref().and_then(|f| f.birth_year);
    Ok((p.id, p.revision, born))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_33_the_desk_types_a_year_of_birth_and_a_wrong_one_comes_back_red_and_focused(
) -> anyhow::Result<()> {
    let test = "issue_33_the_desk_types_a_year_of_birth_and_a_wrong_one_comes_back_red_and_focused";
    let venue = Venue::start().await?;
    let director = venue.play_director().await?;
    create_tournament(&director, "Junior Open", 3).await?;
    let (_, token) = director
        .desk
        .create_token("reg-born", pb::Role::Registration)
        .await?;
    let Some(b) = desk_browser(test, LAPTOP, &venue, &token, "Kim", "/desk/register").await? else {
        return Ok(());
    };
    let value = |name: &str| {
        format!("return document.querySelector('form.participant [name={name}]').value;",)
    };

    // Added with a year of birth.
    b.client
        .goto(&format!("{}/desk/register/add?q=Berg+Lena", venue.url()))
        .await?;
    b.eval("document.querySelector('form#add select[name=rank]').value = '5k'; return null;")
        .await?;
    type_into(&b, "form#add input[name=birth_year]", "2012").await?;
    b.screenshot("desk-born-add").await?;
    click(&b, "form#add button[type=submit]").await?;
    wait_text(
        &b,
        "p.done",
        "Berg Lena registered",
        WAIT,
        "desk-born-added",
    )
    .await?;
    let (id, revision, born) = record(&director.desk, "Berg").await?;
    assert_eq!(born, Some(2012));

    // On the edit form, as saved.
    let edit = format!("{}/desk/register/player/P{id}/edit", venue.url());
    b.client.goto(&edit).await?;
    assert_eq!(b.eval(&value("birth_year")).await?.as_str(), Some("2012"));

    // 2099 comes back in red, kept as typed, its box marked and focused; nothing is written.
    type_into(&b, "form#edit input[name=birth_year]", "2099").await?;
    click(&b, "form#edit button[type=submit]").await?;
    wait_text(
        &b,
        "#error",
        "2099 is not a year of birth: type the year the player was born, like 2012",
        WAIT,
        "desk-born-refused",
    )
    .await?;
    b.screenshot("desk-born-refused").await?;
    assert_eq!(b.eval(&value("birth_year")).await?.as_str(), Some("2099"));
    let focused = b
        .eval("const e = document.activeElement; return [e.name, e.getAttribute('aria-invalid')];")
        .await?;
    assert_eq!(
        focused,
        serde_json::json!(["birth_year", "true"]),
        "the year's box"
    );
    let red = b
        .eval(&format!(
            "return getComputedStyle(document.querySelector({})).borderTopColor;",
            js("form#edit input[name=birth_year]")
        ))
        .await?;
    assert_eq!(red.as_str(), Some("rgb(183, 28, 28)"), "marked red");
    assert_eq!(
        record(&director.desk, "Berg").await?,
        (id, revision, Some(2012)),
        "nothing written"
    );

    // Corrected: saved, and the desk's list shows it under the name.
    type_into(&b, "form#edit input[name=birth_year]", "2011").await?;
    click(&b, "form#edit button[type=submit]").await?;
    wait_text(&b, "p.done", "Berg Lena saved", WAIT, "desk-born-saved").await?;
    assert_eq!(record(&director.desk, "Berg").await?.2, Some(2011));
    wait_text(
        &b,
        "li.result .contact",
        "born 2011",
        WAIT,
        "desk-born-listed",
    )
    .await?;
    b.close().await?;
    Ok(())
}
