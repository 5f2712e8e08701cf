//! The timetable (issue 34; BGA handbook §7.4 and §10.1, Mays' "Posting the time of the next round"): the
//! director sets each round's start on the dashboard and moves the next one when the day runs late; a player's
//! phone, the pairings page and the pairing sheet show it, the phone without a reload; the referee's forfeit
//! clock counts from the announced start, not from the publish click; a time that is not one is refused in red
//! and changes nothing. The test servers run with `TZ=UTC`, so the venue's time is UTC here.

use std::time::Duration;

use anyhow::{ensure, Context as _};
use tengen_tests::browser::{Browser, PHONE};
use time::{Duration as Span, OffsetDateTime};

use super::desk::{click, director_browser, look, type_into, wait_text, Event};
use super::screenshot_dir;
use tengen_tests::pb;

/// `2026-11-28 14:00`.
fn stamp(t: OffsetDateTime) -> String {
    format!("{} {:02}:{:02}", t.date(), t.hour(), t.minute())
}

/// `14:00`.
fn clock(t: OffsetDateTime) -> String {
    format!("{:02}:{:02}", t.hour(), t.minute())
}

/// How a player's phone names a start: `14:00`, or `Sat 28 Nov, 14:00` once the timetable spans several days
/// (as it does when this test runs late in the evening and round 1 moves to today, round 2 being tomorrow).
fn shown(t: OffsetDateTime, several_days: bool) -> String {
    if !several_days {
        return clock(t);
    }
    let weekday = &t.weekday().to_string()[..3];
    let month = &t.month().to_string()[..3];
    format!("{weekday} {} {month}, {}", t.day(), clock(t))
}

/// The tournament's settings as the register has them.
async fn tournament(e: &Event) -> anyhow::Result<pb::TournamentSettings> {
    let list = e
        .director
        .desk
        .register
        .clone()
        .list_tournaments(pb::ListTournamentsRequest {})
        .await?
        .into_inner();
    let t = list.tournaments.into_iter().find(|t| t.id == e.t);
    t.and_then(|t| t.settings)
        .context("the tournament is listed")
}

/// Sets round `n`'s start on the dashboard by typing `text` and pressing its Set button.
async fn set_start(director: &Browser, n: u32, text: &str) -> anyhow::Result<()> {
    let row = format!("#timetable li[data-round='{n}']");
    type_into(director, &format!("{row} input.start"), text).await?;
    click(director, &format!("{row} button")).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_director_moves_a_round_and_the_phones_the_sheet_and_the_referee_clock_follow(
) -> anyhow::Result<()> {
    let test = "the_director_moves_a_round_and_the_phones_the_sheet_and_the_referee_clock_follow";
    let e = Event::open(4, false, true).await?;
    let Some(director) = director_browser(test, &e.venue, e.t).await? else {
        return Ok(());
    };
    let wait = Duration::from_secs(10);
    // Round 1 in 20 minutes, round 2 two hours later (the next morning when that would cross midnight).
    let now = OffsetDateTime::now_utc();
    let mut first = now + Span::minutes(20);
    if first.hour() >= 21 {
        first = (first + Span::days(1)).replace_hour(9)?.replace_minute(0)?;
    }
    let second = first + Span::hours(2);
    set_start(&director, 1, &stamp(first)).await?;
    wait_text(
        &director,
        "#timetable li[data-round='1'] .when",
        &clock(first),
        wait,
        "tt-r1",
    )
    .await?;
    set_start(&director, 2, &stamp(second)).await?;
    wait_text(
        &director,
        "#timetable li[data-round='2'] .when",
        &clock(second),
        wait,
        "tt-r2",
    )
    .await?;

    // A time that is not one: red, and round 2 keeps its start.
    set_start(&director, 2, "25:00").await?;
    let error = wait_text(&director, "#error", "25:00", wait, "tt-refused").await?;
    ensure!(
        error.contains("not a time of day"),
        "the refusal says why: {error}"
    );
    let red = director
        .eval("return getComputedStyle(document.querySelector('#error')).backgroundColor;")
        .await?;
    ensure!(
        red.as_str() == Some("rgb(253, 236, 234)"),
        "the refusal is red: {red}"
    );
    let settings = tournament(&e).await?;
    ensure!(
        settings.schedule == vec![stamp(first), stamp(second)],
        "the register keeps the timetable: {:?}",
        settings.schedule
    );
    look(
        &director,
        &format!("{}/desk/director/{}#timetable", e.venue.url(), e.t),
        "timetable-desk",
    )
    .await?;

    // Round 1 drawn and published: the player's phone and the pairings page say when and where.
    let drawn = e.director.draw(e.t, 1, false, false).await?;
    e.director.publish(e.t, 1).await?;
    let numbers = e.numbers().await?;
    let g = &drawn.games[0];
    let white = numbers[&g.white.as_ref().map_or(0, |p| p.id)];
    let Some(phone) = Browser::sized(test, &screenshot_dir(), PHONE).await? else {
        return Ok(());
    };
    let player_page = format!("{}/t/{}/players/{white}", e.venue.url(), e.t);
    phone.client.goto(&player_page).await?;
    let next = wait_text(
        &phone,
        "#next",
        &format!("Round 1 starts at {}", clock(first)),
        wait,
        "tt-phone",
    )
    .await?;
    ensure!(
        next.contains(&format!("table {}, White", g.table)),
        "the phone names the table: {next}"
    );
    phone
        .client
        .goto(&format!("{}/t/{}/pairings", e.venue.url(), e.t))
        .await?;
    wait_text(&phone, "#starts", &clock(first), wait, "tt-pairings").await?;
    let sheet = e
        .director
        .results
        .clone()
        .sheet(pb::SheetRequest {
            tournament_id: e.t,
            kind: "pairings".into(),
            round: 1,
            format: "text".into(),
        })
        .await?
        .into_inner()
        .body;
    ensure!(
        sheet.contains(&format!("Round 1 starts at {}", clock(first))),
        "the pairing sheet posts the start:\n{sheet}"
    );

    // The referee's clock: before the start it counts down; once the director says round 1 began 45 minutes
    // ago (published seconds ago), it counts from then and the forfeit time has passed.
    let Some(referee) = e.referee_tablet(test, "tablet").await? else {
        return Ok(());
    };
    wait_text(&referee, "#clock", "Starts at", wait, "tt-referee-before").await?;
    let began = now - Span::minutes(45);
    set_start(&director, 1, &stamp(began)).await?;
    wait_text(
        &director,
        "#timetable li[data-round='1'] .when",
        &clock(began),
        wait,
        "tt-moved",
    )
    .await?;
    let line = wait_text(
        &referee,
        "#clock",
        "since the announced start",
        wait,
        "tt-referee-due",
    )
    .await?;
    ensure!(
        line.contains("reached"),
        "45 minutes after the start the forfeit time has passed: {line}"
    );
    look(
        &referee,
        &format!("{}/desk/referee/{}", e.venue.url(), e.t),
        "timetable-referee-tablet",
    )
    .await?;

    // Round 1 done; the day runs late: round 2 moves by half an hour, typed as a bare time, and the phone that
    // shows the player's page follows without a reload. The director starts typing while results still arrive:
    // the dashboard refreshes under the cursor and keeps what was typed, and where.
    let later = second + Span::minutes(30);
    let box2 = "#timetable li[data-round='2'] input.start";
    type_into(&director, box2, &clock(later)).await?;
    for game in &drawn.games {
        e.director
            .report(e.t, 1, game.table, pb::Outcome::WhiteWins)
            .await?;
    }
    e.director.close(e.t, 1).await?;
    wait_text(
        &director,
        "#timetable li[data-round='1']",
        "(closed)",
        wait,
        "tt-closed-while-typing",
    )
    .await?;
    let kept = director
        .eval(&format!(
            "var b = document.querySelector(\"{box2}\"); \
             return [b.value, document.activeElement === b];"
        ))
        .await?;
    ensure!(
        kept == serde_json::json!([clock(later), true]),
        "a refresh keeps the half-typed start and the cursor in its box: {kept}"
    );
    // Round 1 now began today; round 2 may be tomorrow (after 21:00), and then the phone names the day.
    let several = began.date() != second.date();
    phone.client.goto(&player_page).await?;
    wait_text(
        &phone,
        "#next",
        &format!("Round 2 starts at {}", shown(second, several)),
        wait,
        "tt-phone-r2",
    )
    .await?;
    phone
        .eval("window.__same_page = true; return null;")
        .await?;
    click(&director, "#timetable li[data-round='2'] button").await?;
    wait_text(
        &phone,
        "#next",
        &format!("Round 2 starts at {}", shown(later, several)),
        wait,
        "tt-phone-moved",
    )
    .await?;
    let same = phone.eval("return window.__same_page === true;").await?;
    ensure!(
        same.as_bool() == Some(true),
        "the phone was updated in place, not reloaded by hand"
    );
    look(&phone, &player_page, "timetable-phone").await?;
    wait_text(&referee, "#clock", "closed", wait, "tt-referee-closed").await?;
    Ok(())
}
