//! A round drawn in parts from the dashboard (issue 29; Mays, "Pairings for Round 2"): while the top board of
//! round 1 still plays, the director draws the finished bottom of round 2, publishes it as its own pairing list
//! (the phones show it at once, the top board's players still see their round-1 table), then draws and publishes
//! the rest once round 1 is closed. Drawing before any group has finished is refused in red and draws nothing.

use std::time::Duration;

use anyhow::{ensure, Context as _};
use tengen_tests::browser::{Browser, PHONE};
use tengen_tests::pb;

use super::desk::{
    alert_of, click, director_browser, look, mark_page, player_id, wait_new_page, wait_text, Event,
};
use super::players::{remembered_question, say_yes_and_remember};
use super::screenshot_dir;

/// Clicks `selector`'s button and waits for the dashboard the server answers with.
async fn press_and_wait(b: &Browser, selector: &str) -> anyhow::Result<()> {
    mark_page(b).await?;
    click(b, selector).await?;
    wait_new_page(b, selector).await
}

/// How many games the phone's pairing list shows.
async fn listed_games(phone: &Browser) -> anyhow::Result<u64> {
    let n = phone
        .eval("return document.querySelectorAll('#by-table tr.game').length;")
        .await?;
    n.as_u64().context("a count")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_director_draws_the_finished_bottom_while_the_top_board_plays_then_the_rest(
) -> anyhow::Result<()> {
    let test = "the_director_draws_the_finished_bottom_while_the_top_board_plays_then_the_rest";
    let e = Event::open(8, false, true).await?;
    let Some(director) = director_browser(test, &e.venue, e.t).await? else {
        return Ok(());
    };
    let wait = Duration::from_secs(10);
    let dashboard = format!("{}/desk/director/{}", e.venue.url(), e.t);
    let drawn = e.director.draw(e.t, 1, false, false).await?;
    e.director.publish(e.t, 1).await?;
    let numbers = e.numbers().await?;
    let stronger_wins = |g: &pb::Game| {
        let (w, b) = (player_id(&g.white), player_id(&g.black));
        if numbers[&w] < numbers[&b] {
            pb::Outcome::WhiteWins
        } else {
            pb::Outcome::BlackWins
        }
    };

    // Nothing has finished: round 2's groups all wait, and drawing the bottom is refused in red.
    director.client.goto(&dashboard).await?;
    wait_text(
        &director,
        "#in-parts",
        "still playing",
        wait,
        "parts-waiting",
    )
    .await?;
    let bottom = "#in-parts form[data-action='draw-part'] input[value='bottom'] ~ button";
    press_and_wait(&director, bottom).await?;
    let (_, red, why) = alert_of(&director, "#error").await?;
    ensure!(
        why.contains("no score group is finished from the bottom yet"),
        "the refusal says why: {why}"
    );
    ensure!(red == "rgb(253, 236, 234)", "the refusal is red: {red}");
    ensure!(
        e.director.round(e.t, 2).await.is_err(),
        "a refusal draws nothing"
    );

    // Every board but the top one finishes; the dashboard offers the finished bottom.
    for g in drawn.games.iter().filter(|g| g.table != 1) {
        e.director.report(e.t, 1, g.table, stronger_wins(g)).await?;
    }
    wait_text(
        &director,
        "#in-parts",
        "drawn with the bottom",
        wait,
        "parts-ready",
    )
    .await?;
    look(
        &director,
        &format!("{dashboard}#in-parts"),
        "parts-dashboard-ready",
    )
    .await?;
    press_and_wait(&director, bottom).await?;
    let done = wait_text(&director, ".done", "round 2", wait, "parts-drawn").await?;
    ensure!(done.contains("A part of round 2 is drawn"), "{done}");
    let review = director
        .eval("return document.querySelectorAll('#round #games tr.game').length;")
        .await?;
    ensure!(
        review.as_u64() == Some(2),
        "the bottom four play two games: {review}"
    );
    say_yes_and_remember(&director).await?;
    press_and_wait(&director, "form[data-action='publish'] button").await?;
    let question = remembered_question(&director).await?.unwrap_or_default();
    ensure!(
        question.contains("Publish this part of round 2"),
        "publishing a part asks first: {question}"
    );

    // The phones: round 2's pairing list shows the published part; the top board's player still sees table 1.
    let Some(phone) = Browser::sized(test, &screenshot_dir(), PHONE).await? else {
        return Ok(());
    };
    let pairings = format!("{}/t/{}/pairings", e.venue.url(), e.t);
    phone.client.goto(&pairings).await?;
    wait_text(&phone, "h1", "Round 2 pairings", wait, "parts-phone").await?;
    ensure!(listed_games(&phone).await? == 2, "the published part only");
    look(&phone, &pairings, "parts-phone-pairings").await?;
    let top = drawn
        .games
        .iter()
        .find(|g| g.table == 1)
        .context("table 1")?;
    let top_white = numbers[&player_id(&top.white)];
    let player_page = format!("{}/t/{}/players/{top_white}", e.venue.url(), e.t);
    phone.client.goto(&player_page).await?;
    let next = wait_text(&phone, "#next", "Round 1", wait, "parts-top-player").await?;
    ensure!(next.contains("table 1"), "still at the top board: {next}");

    // The top board finishes, round 1 closes, and the rest of round 2 is drawn and published.
    e.director.report(e.t, 1, 1, stronger_wins(top)).await?;
    e.director.close(e.t, 1).await?;
    director.client.goto(&dashboard).await?;
    let rest = "#in-parts form[data-action='draw-part'] input[value='rest'] ~ button";
    wait_text(
        &director,
        "#in-parts",
        "Draw the rest of round 2",
        wait,
        "parts-rest",
    )
    .await?;
    press_and_wait(&director, rest).await?;
    wait_text(
        &director,
        "#in-parts",
        "not published yet",
        wait,
        "parts-rest-drawn",
    )
    .await?;
    look(
        &director,
        &format!("{dashboard}#in-parts"),
        "parts-dashboard-rest",
    )
    .await?;
    say_yes_and_remember(&director).await?;
    press_and_wait(&director, "form[data-action='publish'] button").await?;
    phone.client.goto(&pairings).await?;
    wait_text(&phone, "h1", "Round 2 pairings", wait, "parts-phone-all").await?;
    ensure!(listed_games(&phone).await? == 4, "the whole round");
    let round = e.director.round(e.t, 2).await?;
    ensure!(
        round.parts.len() == 2 && round.parts.iter().all(|p| p.published),
        "two parts, both published: {:?}",
        round.parts
    );
    ensure!(round.unpaired.is_empty(), "everyone plays round 2");
    Ok(())
}
