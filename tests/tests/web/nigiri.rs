//! Nigiri end to end (issue 29; Mays, "What about nigiri?"): the director ticks nigiri on the settings page, a
//! round is drawn and published, and until someone records who had Black the player's phone and the pairings page
//! say "nigiri" instead of a colour. A results desk types a nigiri table's result and is asked who had Black (no
//! default; Enter without an answer is refused in red with the slip kept and the cursor back on the question);
//! naming the player in White's place exchanges the two. A second desk agrees over gRPC. The director's result at
//! the other table counts, but the round cannot close until the referee's tablet records its Black, which flips
//! the confirmed result so the same player still wins. The pairings page then shows the recorded colours, and the
//! OpenGotha export carries them.
//!
//! Screenshots go to `target/web-screenshots/desk-nigiri-*.png`.

use std::time::Duration;

use anyhow::{ensure, Context as _};
use tengen_tests::browser::{Browser, LAPTOP, PHONE};
use tengen_tests::pb;

use super::desk::{
    alert_of, click, director_browser, look, mark_page, press, wait_new_page, wait_text, Event,
    ENTER, RED,
};
use super::screenshot_dir;
use super::settings::submit;

/// The game at `table` of `round` as the register has it now.
async fn game(e: &Event, table: u32) -> anyhow::Result<pb::Game> {
    let round = e.director.round(e.t, 1).await?;
    round
        .games
        .into_iter()
        .find(|g| g.table == table)
        .with_context(|| format!("round 1 has a table {table}"))
}

fn id(p: &Option<pb::PlayerRef>) -> u64 {
    p.as_ref().map_or(0, |p| p.id)
}

/// OpenGotha's key of a participant: family and given name, upper case, without spaces.
fn opengotha_key(e: &Event, participant: u64) -> String {
    let p = e.players.iter().find(|p| p.id == participant);
    let f = p.and_then(|p| p.fields.clone()).unwrap_or_default();
    format!("{}{}", f.family_name, f.given_name)
        .to_uppercase()
        .replace(' ', "")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nigiri_colours_are_chosen_at_the_board_and_recorded_at_the_desks() -> anyhow::Result<()> {
    let test = "nigiri_colours_are_chosen_at_the_board_and_recorded_at_the_desks";
    let wait = Duration::from_secs(10);
    // Four players from 3d to 1k: two even games at round 1, with double entry.
    let e = Event::open(4, true, true).await?;
    let t = e.t;

    // The director ticks nigiri on the settings page.
    let Some(director) = director_browser(test, &e.venue, t).await? else {
        return Ok(());
    };
    let settings = format!("{}/desk/director/{t}/settings", e.venue.url());
    director.client.goto(&settings).await?;
    let note = wait_text(
        &director,
        "p",
        "choose colours by nigiri",
        wait,
        "desk-nigiri-settings",
    )
    .await?;
    ensure!(
        note.contains("handicap games keep Black for the weaker player"),
        "the box says what it does: {note}"
    );
    click(&director, "#nigiri").await?;
    director.screenshot("desk-nigiri-settings").await?;
    submit(&director, ".save-top button").await?;
    let list = e
        .director
        .desk
        .register
        .clone()
        .list_tournaments(pb::ListTournamentsRequest {})
        .await?
        .into_inner();
    let saved = list.tournaments.iter().find(|x| x.id == t);
    ensure!(
        saved
            .and_then(|x| x.settings.as_ref())
            .is_some_and(|s| s.nigiri),
        "the settings page saved nigiri: {saved:?}"
    );

    // Round 1 drawn and published: both games are even, so both are nigiri.
    e.director.draw(t, 1, false, false).await?;
    let r1 = e.director.publish(t, 1).await?;
    ensure!(
        r1.games.len() == 2 && r1.games.iter().all(|g| g.nigiri && !g.black_recorded),
        "two nigiri games: {r1:?}"
    );
    let numbers = e.numbers().await?;
    let g1 = game(&e, 1).await?;
    let g2 = game(&e, 2).await?;
    let (first1, second1) = (id(&g1.white), id(&g1.black));
    let (first2, second2) = (id(&g2.white), id(&g2.black));

    // The phone: the player's page and the pairings say nigiri, not a colour.
    let Some(phone) = Browser::sized(test, &screenshot_dir(), PHONE).await? else {
        return Ok(());
    };
    let player_page = format!("{}/t/{t}/players/{}", e.venue.url(), numbers[&first1]);
    phone.client.goto(&player_page).await?;
    let next = wait_text(&phone, "#next", "nigiri with", wait, "desk-nigiri-phone").await?;
    ensure!(
        next.contains("table 1") && next.contains(&format!("#{}", numbers[&second1])),
        "the phone names the table and the opponent: {next}"
    );
    let row = wait_text(&phone, "#games", "nigiri", wait, "desk-nigiri-phone-games").await?;
    ensure!(
        !row.contains("White") && !row.contains("Black"),
        "no colour before it is recorded: {row}"
    );
    look(&phone, &player_page, "nigiri-phone").await?;
    let pairings = format!("{}/t/{t}/pairings", e.venue.url());
    phone.client.goto(&pairings).await?;
    wait_text(
        &phone,
        "#by-table td.nigiri",
        "nigiri",
        wait,
        "desk-nigiri-pairings",
    )
    .await?;
    let lines = phone
        .eval(
            "return Array.from(document.querySelectorAll('#by-name li.player')).map(l => l.textContent);",
        )
        .await?;
    let lines: Vec<String> = serde_json::from_value(lines)?;
    ensure!(
        lines.len() == 4
            && lines
                .iter()
                .all(|l| l.contains("nigiri") && !l.contains("White") && !l.contains("Black")),
        "every player's line says nigiri: {lines:?}"
    );
    look(&phone, &pairings, "nigiri-pairings").await?;

    // A results desk: "1w" Enter asks who had Black, the slip kept, nothing red yet.
    let Some(desk) = e.results_desk(test, LAPTOP).await? else {
        return Ok(());
    };
    mark_page(&desk).await?;
    press(&desk, &format!("1w{ENTER}")).await?;
    wait_new_page(&desk, "a nigiri table's slip").await?;
    wait_text(
        &desk,
        "#black legend",
        "Who had Black?",
        wait,
        "desk-nigiri-ask",
    )
    .await?;
    let form = desk
        .eval(
            "return [document.querySelector('#table').value, \
             (document.querySelector('input[name=result]:checked') || {}).value || '', \
             document.querySelectorAll('#black input[name=black]').length, \
             !!document.querySelector('#black input[name=black]:checked'), \
             !!document.querySelector('#error'), \
             document.activeElement && document.activeElement.name];",
        )
        .await?;
    ensure!(
        form == serde_json::json!(["1", "w", 2, false, false, "black"]),
        "the slip stays, two players to choose from, none chosen, not red, the cursor on the question: {form}"
    );
    desk.screenshot("desk-nigiri-results-ask").await?;
    ensure!(
        game(&e, 1).await?.reports.is_empty(),
        "nothing is entered before the answer"
    );

    // Enter without an answer: refused in red, the key kept, the cursor back on the question.
    mark_page(&desk).await?;
    press(&desk, ENTER).await?;
    wait_new_page(&desk, "Enter without an answer").await?;
    let (role, background, text) = alert_of(&desk, "#error").await?;
    ensure!(
        role == "alert"
            && background == RED
            && text.contains("table 1 was a nigiri: say who had Black"),
        "a missing answer is refused in red: {role} {background} {text}"
    );
    let form = desk
        .eval(
            "return [document.querySelector('#table').value, \
             (document.querySelector('input[name=result]:checked') || {}).value || '', \
             document.activeElement && document.activeElement.name, \
             document.activeElement && document.activeElement.value];",
        )
        .await?;
    ensure!(
        form == serde_json::json!(["1", "w", "black", first1.to_string()]),
        "the slip kept and the cursor on the first player: {form}"
    );
    desk.screenshot("desk-nigiri-results-refused").await?;

    // The player the draw put first had Black: Space chooses them, Enter sends. White (the other) won.
    mark_page(&desk).await?;
    press(&desk, &format!(" {ENTER}")).await?;
    wait_new_page(&desk, "the answer").await?;
    let done = wait_text(&desk, "p.done", "able 1", wait, "desk-nigiri-results-done").await?;
    ensure!(
        done.contains(&format!("Black #{}", numbers[&first1])),
        "the answer says who had Black: {done}"
    );
    let g = game(&e, 1).await?;
    ensure!(
        g.black_recorded
            && (id(&g.white), id(&g.black)) == (second1, first1)
            && g.reports.first().and_then(|r| r.result).map(|r| r.outcome)
                == Some(pb::Outcome::WhiteWins as i32),
        "the two are exchanged and the entry is White's win: {g:?}"
    );

    // A second desk agrees over gRPC (the colours are recorded: it need not name Black).
    let second = e.venue.play_desk("results-cli", pb::Role::Results).await?;
    let g = second.report(t, 1, 1, pb::Outcome::WhiteWins).await?;
    ensure!(
        g.confirmed.map(|c| c.outcome) == Some(pb::Outcome::WhiteWins as i32),
        "two agreeing desks confirm: {g:?}"
    );

    // The director's result at table 2 counts without colours; closing waits for them.
    e.director.report(t, 1, 2, pb::Outcome::WhiteWins).await?;
    let refused = e
        .director
        .close(t, 1)
        .await
        .expect_err("the round cannot close while table 2's Black is not recorded");
    ensure!(
        refused
            .message()
            .contains("who had Black at nigiri table 2"),
        "the refusal names the table: {}",
        refused.message()
    );
    director
        .client
        .goto(&format!("{}/desk/director/{t}", e.venue.url()))
        .await?;
    wait_text(
        &director,
        "table#open tr[data-table='2']",
        "nigiri: Black not recorded",
        wait,
        "desk-nigiri-dashboard",
    )
    .await?;
    director.screenshot("desk-nigiri-dashboard").await?;

    // The referee's tablet: table 2's card says nigiri and offers a Black button per player; the player the draw
    // put first had Black.
    let Some(tablet) = e.referee_tablet(test, "tablet-1").await? else {
        return Ok(());
    };
    wait_text(
        &tablet,
        "#table-2 .colour",
        "nigiri",
        wait,
        "desk-nigiri-referee",
    )
    .await?;
    tablet.screenshot("desk-nigiri-referee").await?;
    let button = format!(
        "#table-2 form.colours-form button[name=player][value=\"{}\"]",
        numbers[&first2]
    );
    click(&tablet, &button).await?;
    tablet
        .wait_for(
            &format!(
                "return !!document.querySelector({});",
                super::desk::js(&format!("{button}[aria-pressed=true]"))
            ),
            wait,
        )
        .await
        .context("the card shows the recorded Black")?;
    look(
        &tablet,
        &format!("{}/desk/referee/{t}", e.venue.url()),
        "nigiri-referee-recorded",
    )
    .await?;
    let g = game(&e, 2).await?;
    ensure!(
        (id(&g.white), id(&g.black)) == (second2, first2)
            && g.black_recorded
            && g.confirmed.map(|c| c.outcome) == Some(pb::Outcome::BlackWins as i32),
        "exchanged, and the confirmed result follows so the same player still wins: {g:?}"
    );
    e.director.close(t, 1).await?;

    // The pairings page shows the recorded colours.
    phone.client.goto(&pairings).await?;
    wait_text(
        &phone,
        "#by-name",
        "White",
        wait,
        "desk-nigiri-pairings-recorded",
    )
    .await?;
    let lines = phone
        .eval(
            "return Array.from(document.querySelectorAll('#by-name li.player')).map(l => l.textContent);",
        )
        .await?;
    let lines: Vec<String> = serde_json::from_value(lines)?;
    for (player, colour) in [
        (first1, "Black"),
        (second1, "White"),
        (first2, "Black"),
        (second2, "White"),
    ] {
        let number = format!("#{}", numbers[&player]);
        ensure!(
            lines
                .iter()
                .any(|l| l.starts_with(&number) && l.contains(colour) && !l.contains("nigiri")),
            "{number} is shown as {colour}: {lines:?}"
        );
    }
    ensure!(
        phone
            .eval("return document.querySelectorAll('#by-table td.nigiri').length;")
            .await?
            == serde_json::json!(0),
        "no table says nigiri any more"
    );
    look(&phone, &pairings, "nigiri-pairings-recorded").await?;

    // The OpenGotha export carries the recorded colours.
    let xml = e
        .director
        .results
        .clone()
        .sheet(pb::SheetRequest {
            tournament_id: t,
            kind: "opengotha".into(),
            round: 0,
            format: "text".into(),
        })
        .await?
        .into_inner()
        .body;
    for (table, black, white) in [(1, first1, second1), (2, first2, second2)] {
        let game = xml
            .lines()
            .find(|l| l.contains("<Game ") && l.contains(&format!("tableNumber=\"{table}\"")))
            .with_context(|| format!("table {table} in the export:\n{xml}"))?;
        ensure!(
            game.contains(&format!("blackPlayer=\"{}\"", opengotha_key(&e, black)))
                && game.contains(&format!("whitePlayer=\"{}\"", opengotha_key(&e, white)))
                && game.contains("knownColor=\"true\""),
            "table {table} exports the recorded colours: {game}"
        );
    }
    phone.close().await?;
    tablet.close().await?;
    desk.close().await?;
    director.close().await
}
