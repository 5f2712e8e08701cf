//! The director's whole day in the browser (issue 34), with no command line and no gRPC call at all: a fresh
//! server started with `--san localhost` and the public board port, the director in a laptop-sized Chromium, and
//! a tablet in a second one that signs in with each terminal's card as the desks' volunteers do. Only pages, and
//! plain HTTP GETs of the files the director's browser downloads.
//!
//! 1. The first start prints the director's sign-in address; its token is `director.token`'s. Signed in, the
//!    empty event says what to do; the event's details are saved; a McMahon tournament of four rounds is created
//!    and its settings page opens (komi 6½, two desks confirm each result).
//! 2. The terminals page makes a registration desk, two results desks and a referee; each card's QR code, read
//!    off a screenshot, opens the venue's sign-in page with that terminal's token.
//! 3. A made-up pre-registration CSV of 14 players is previewed (nothing written), then imported.
//! 4. The tablet signs in with the registration card and checks in 12 of them by searching their names; the
//!    dashboard counts them by desk. The settings page's BGA suggestion sets the bar (1d) with one click.
//! 5. Registration closes (the page asks first); round 1 is drawn, two players are swapped by their numbers, the
//!    round is published (asked first) and the board, from the landing page's Board link, shows it as changed.
//! 6. The referee disputes one table; two results desks enter every other table, disagreeing at one; the
//!    dashboard settles the mismatch and the dispute, and closes the round (asked first).
//! 7. Round 2: drawn, published, entered twice, closed.
//! 8. The public board's standings order the players by McMahon score, each with the wins recorded, the start
//!    scores following the bar the suggestion set; the EGF `.h9` and the OpenGotha file from the dashboard's
//!    links hold the twelve players and every result.
//!
//! Screenshots: `target/web-screenshots/whole-day-*.png` (made-up names only).

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::{bail, ensure, Context as _};
use fantoccini::Locator;
use tengen_interop::opengotha;
use tengen_tests::browser::{Browser, LAPTOP, TABLET};
use tengen_tests::web::Reply;
use tengen_tests::Venue;

use super::desk::{click, js, mark_page, press, type_into, wait_new_page, wait_text, ENTER};
use super::imports::{preview_rows, upload};
use super::players::{remembered_question, say_yes_and_remember};
use super::screenshot_dir;
use super::settings::value_of;
use super::terminals::{make_terminal, qr_of};

const WAIT: Duration = Duration::from_secs(5);

const EVENT: &str = "Harbour Go Congress";
const TOURNAMENT: &str = "Harbour Open";

/// The pre-registration (made-up names): family, given, rank, club, country, and whether the player arrives.
/// Twelve come; with four rounds the BGA guideline's top group is at most ten, so the bar it suggests for them
/// is 1d (eight players at 1d or above). Dunmore and Fenwright never come.
const FIELD: [(&str, &str, &str, &str, &str, bool); 14] = [
    ("Quellmann", "Ansgar", "4d", "Harbour", "DE", true),
    ("Roskvist", "Tilde", "3d", "Harbour", "SE", true),
    ("Sarrazin", "Odile", "3d", "Lakeside", "FR", true),
    ("Talvenheimo", "Pekko", "2d", "Lakeside", "FI", true),
    ("Udeberg", "Mirja", "2d", "Harbour", "SE", true),
    ("Varnholt", "Jesper", "2d", "Northgate", "DK", true),
    ("Wexley", "Corin", "1d", "Northgate", "GB", true),
    ("Ysander", "Lova", "1d", "Lakeside", "SE", true),
    ("Zabrowski", "Emil", "2k", "Harbour", "PL", true),
    ("Ambrecht", "Nele", "2k", "Northgate", "DE", true),
    ("Bellweather", "Rufus", "2k", "Lakeside", "GB", true),
    ("Corvino", "Dario", "5k", "Harbour", "IT", true),
    ("Dunmore", "Ivy", "1d", "Northgate", "IE", false),
    ("Fenwright", "Oskar", "6k", "Lakeside", "NL", false),
];

/// The pre-registration file's text.
fn csv() -> String {
    let mut text = String::from("family_name,given_name,rank,club,country\n");
    for (family, given, rank, club, country, _) in FIELD {
        text.push_str(&format!("{family},{given},{rank},{club},{country}\n"));
    }
    text
}

/// The players who arrive.
fn arriving() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    FIELD
        .into_iter()
        .filter(|p| p.5)
        .map(|(family, given, rank, ..)| (family, given, rank))
}

/// The family name of the one player of [`FIELD`] that `text` names ("#3 Quellmann Ansgar (4d)").
fn who(text: &str) -> anyhow::Result<&'static str> {
    let named: Vec<&str> = FIELD
        .iter()
        .filter(|p| text.contains(&format!("{} {}", p.0, p.1)))
        .map(|p| p.0)
        .collect();
    match named.as_slice() {
        [one] => Ok(one),
        _ => bail!("{text:?} names {named:?}, not one player"),
    }
}

/// The number a label starts with ("#3 Quellmann Ansgar (4d)" → 3).
fn number(text: &str) -> anyhow::Result<u32> {
    let digits: String = text
        .trim()
        .trim_start_matches('#')
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits
        .parse()
        .with_context(|| format!("{text:?} starts with no number"))
}

/// A player's rank relative to the bar at 1d, in points (the McMahon start score less the top group's).
fn start_below_bar(rank: &str) -> i32 {
    let n: i32 = rank[..rank.len() - 1].parse().unwrap_or(0);
    if rank.ends_with('d') {
        0
    } else {
        -n
    }
}

/// One game as a page shows it: its table, White's and Black's labels.
#[derive(Debug, Clone)]
struct Seat {
    table: u32,
    white: String,
    black: String,
}

/// The games of a pairing table (`rows`: the dashboard's `table#games tr.game` or the board's
/// `#by-table tr.game`), by table.
async fn seats(b: &Browser, rows: &str) -> anyhow::Result<Vec<Seat>> {
    let v = b
        .eval(&format!(
            "return [...document.querySelectorAll({})].map(tr => [tr.cells[0].innerText.trim(), \
             tr.cells[1].innerText.trim(), tr.cells[2].innerText.trim()]);",
            js(rows)
        ))
        .await?;
    let rows: Vec<(String, String, String)> = serde_json::from_value(v)?;
    let mut seats = rows
        .into_iter()
        .map(|(table, white, black)| {
            Ok(Seat {
                table: table.parse().with_context(|| format!("table {table:?}"))?,
                white,
                black,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    seats.sort_by_key(|s| s.table);
    Ok(seats)
}

/// The same pairing by family names: table → (White, Black).
fn by_name(seats: &[Seat]) -> anyhow::Result<BTreeMap<u32, (&'static str, &'static str)>> {
    seats
        .iter()
        .map(|s| Ok((s.table, (who(&s.white)?, who(&s.black)?))))
        .collect()
}

/// Opens the sign-in address `card` (a terminal's QR code, or the director's printed address), types the
/// volunteer's name, signs in and waits for the desk page `lands` with the terminal's badge.
async fn sign_in(
    b: &Browser,
    card: &str,
    volunteer: &str,
    terminal: &str,
    lands: &str,
) -> anyhow::Result<()> {
    b.client.goto(card).await?;
    type_into(b, "form#login input[name=operator]", volunteer).await?;
    click(b, "form#login [type=submit]").await?;
    b.wait_for(
        &format!(
            "return location.pathname === {} && document.readyState === 'complete';",
            js(lands)
        ),
        WAIT,
    )
    .await
    .with_context(|| format!("signed in as {terminal}, the browser lands on {lands}"))?;
    let badge = wait_text(
        b,
        "#desk-badge",
        terminal,
        WAIT,
        &format!("whole-day-badge-{terminal}"),
    )
    .await?;
    ensure!(badge.contains(volunteer), "{badge}");
    Ok(())
}

/// Clicks the button `selector` of a form, waits for the page the server answers with and returns its `.done`
/// message; fails with what the page says instead. `confirm`: the button asks first, and the question must
/// contain these words (the director answers yes).
async fn act(
    b: &Browser,
    selector: &str,
    confirm: Option<&str>,
    shot: &str,
) -> anyhow::Result<String> {
    if confirm.is_some() {
        say_yes_and_remember(b).await?;
    }
    mark_page(b).await?;
    click(b, selector).await?;
    wait_new_page(b, selector).await?;
    if let Some(words) = confirm {
        let question = remembered_question(b).await?.unwrap_or_default();
        ensure!(
            question.contains(words),
            "{selector} asks first, naming what happens ({words:?}): asked {question:?}"
        );
    }
    let v = b
        .eval(
            "const text = s => { const e = document.querySelector(s); \
             return e ? e.textContent.replace(/\\s+/g, ' ').trim() : null; }; \
             return [text('.done'), text('#error') || text('.error[role=alert]')];",
        )
        .await?;
    match (v[0].as_str(), v[1].as_str()) {
        (Some(done), None) => Ok(done.to_string()),
        _ => {
            let path = b.screenshot(shot).await?;
            let main = b
                .eval("return (document.querySelector('main') || document.body).innerText;")
                .await?;
            bail!(
                "after {selector}: no `.done` (or a refusal) at {}; the page reads:\n{}\nsee {}",
                b.client.current_url().await?,
                main.as_str().unwrap_or_default(),
                path.display()
            )
        }
    }
}

/// Types one results slip (`12w`, Enter) as the volunteer does, into the focused table field, and returns what
/// the page then says: (`done` or `entered-mismatch`, its text).
async fn slip(b: &Browser, table: u32, key: char) -> anyhow::Result<(String, String)> {
    mark_page(b).await?;
    press(b, &format!("{table}{key}{ENTER}")).await?;
    wait_new_page(b, "a results slip").await?;
    let v = b
        .eval(
            "const e = document.querySelector('p.done, #entered-mismatch, #error'); \
             return e ? [e.id || 'done', e.textContent.replace(/\\s+/g, ' ').trim()] : null;",
        )
        .await?;
    let (what, text): (String, String) =
        serde_json::from_value(v).context("the results desk says nothing after a slip")?;
    ensure!(
        text.contains(&format!("able {table}")),
        "the answer to slip {table}{key} names its table: {what}: {text}"
    );
    Ok((what, text))
}

/// Both results desks enter `results` (table → each desk's key) on the tablet, signing in with each card: the
/// first desk's entries wait for the second; the second's confirm them, or are said in red where they differ.
async fn double_entry(day: &Day, results: &BTreeMap<u32, (char, char)>) -> anyhow::Result<()> {
    let (tab, page) = (&day.tab, format!("/desk/results/{}", day.t));
    sign_in(tab, &day.cards["results-1"], "Rosa", "results-1", &page).await?;
    for (table, (key, _)) in results {
        let (what, text) = slip(tab, *table, *key).await?;
        ensure!(
            what == "done" && text.contains("waiting for the second desk"),
            "the first desk's entry waits for the second: {what}: {text}"
        );
    }
    sign_in(tab, &day.cards["results-2"], "Sam", "results-2", &page).await?;
    for (table, (first, second)) in results {
        let (what, text) = slip(tab, *table, *second).await?;
        if first == second {
            ensure!(
                what == "done" && text.contains("(confirmed)"),
                "two desks agree at table {table}: {what}: {text}"
            );
        } else {
            ensure!(
                what == "entered-mismatch" && text.contains("does not match"),
                "the desks disagree at table {table}, said in red: {what}: {text}"
            );
        }
    }
    tab.screenshot("whole-day-7-results").await?;
    Ok(())
}

/// The director's dashboard `url`, once it shows `words` in `#progress` (the round's results as entered).
async fn progress(d: &Browser, url: &str, words: &str) -> anyhow::Result<String> {
    d.client.goto(url).await?;
    wait_text(d, "p#progress", words, WAIT, "whole-day-progress").await
}

/// Downloads `href` (a link of the director's page) with the director's browser's session, as a plain GET.
async fn download(d: &Browser, venue: &Venue, href: &str) -> anyhow::Result<Reply> {
    let cookies = d.client.get_all_cookies().await?;
    let cookie = cookies
        .iter()
        .map(|c| format!("{}={}", c.name(), c.value()))
        .collect::<Vec<_>>()
        .join("; ");
    venue
        .tls_web()?
        .with_cookie(&cookie)?
        .get(href)
        .await?
        .expect(200, href)
}

/// The `href` of the dashboard's `#sheets` link reading `label`.
async fn sheet_link(d: &Browser, label: &str) -> anyhow::Result<String> {
    let v = d
        .eval(&format!(
            "const a = [...document.querySelectorAll('#sheets a')].find(a => a.textContent.trim() === {}); \
             return a ? a.getAttribute('href') : null;",
            js(label)
        ))
        .await?;
    v.as_str()
        .map(str::to_string)
        .with_context(|| format!("the dashboard's sheets offer {label:?}"))
}

/// A pairing by family names: table → (White, Black).
type Pairing = BTreeMap<u32, (&'static str, &'static str)>;

/// A game played: round, table, White, Black and who won (`w` or `b`).
type Played = (u32, u32, &'static str, &'static str, char);

/// The day so far: the server, the director's laptop, the desks' tablet, the tournament and the terminals'
/// cards (each QR code's address, by terminal name).
struct Day {
    venue: Venue,
    /// `https://localhost:PORT`: the venue address the cards and the printed sign-in address carry.
    address: String,
    d: Browser,
    tab: Browser,
    t: u64,
    cards: BTreeMap<&'static str, String>,
}

impl Day {
    /// The tournament's dashboard.
    fn dashboard(&self) -> String {
        format!("{}/desk/director/{}", self.address, self.t)
    }
}

/// The first start: the address the server prints carries the token of `director.token`; the director signs in
/// there and finds the empty event saying what to do. `None` when browser tests are skipped.
async fn first_start(test: &str) -> anyhow::Result<Option<(Venue, String, Browser)>> {
    let venue = Venue::start_for_browser(&["--san", "localhost"]).await?;
    let address = format!("https://localhost:{}", venue.port());
    let logs = venue.logs();
    let printed = logs
        .lines()
        .find_map(|l| l.trim().strip_prefix("director: sign in at "))
        .context("the first start prints the director's sign-in address")?
        .trim()
        .to_string();
    let token = std::fs::read_to_string(venue.data_dir().join("director.token"))?;
    let carried = url::Url::parse(&printed)?
        .query_pairs()
        .find(|(k, _)| k == "token")
        .map(|(_, v)| v.into_owned());
    ensure!(
        printed.starts_with(&format!("{address}/desk/login?"))
            && carried.as_deref() == Some(token.trim()),
        "the printed address is the venue's sign-in page with the token in director.token: {printed}"
    );
    let Some(d) = Browser::sized(test, &screenshot_dir(), LAPTOP).await? else {
        return Ok(None);
    };
    sign_in(&d, &printed, "Dana", "director", "/desk/director").await?;
    wait_text(
        &d,
        "#tournaments",
        "No tournament yet",
        WAIT,
        "whole-day-empty",
    )
    .await?;
    d.screenshot("whole-day-1-empty-event").await?;
    Ok(Some((venue, address, d)))
}

/// The event's details from the landing page's link, then a new McMahon tournament of four rounds, whose
/// settings page opens with the defaults; returns its id.
async fn event_and_tournament(d: &Browser, address: &str) -> anyhow::Result<u64> {
    click(d, "#event-link a").await?;
    d.wait_for("return location.pathname === '/desk/director/event';", WAIT)
        .await?;
    type_into(d, "#name", EVENT).await?;
    type_into(d, "#venue", "Harbour Hall").await?;
    type_into(d, "#city", "Port Ellis").await?;
    type_into(d, "#country", "gb").await?;
    d.eval(
        "document.getElementById('start_date').value = '2026-05-01'; \
         document.getElementById('end_date').value = '2026-05-03'; return null;",
    )
    .await?;
    let saved = act(d, "form#event button[type=submit]", None, "whole-day-event").await?;
    ensure!(saved.contains("saved"), "{saved}");

    d.client.goto(&format!("{address}/desk/director")).await?;
    wait_text(d, "h1", EVENT, WAIT, "whole-day-event-name").await?;
    let system = d
        .eval("return document.querySelector('#new-tournament #system').value;")
        .await?;
    ensure!(
        system == "mcmahon",
        "McMahon is the default system: {system}"
    );
    type_into(d, "#new-tournament #name", TOURNAMENT).await?;
    type_into(d, "#rounds", "4").await?;
    act(
        d,
        "#new-tournament button[type=submit]",
        None,
        "whole-day-created",
    )
    .await?;
    let at = d.eval("return location.pathname;").await?;
    let t: u64 = at
        .as_str()
        .and_then(|p| p.strip_prefix("/desk/director/"))
        .and_then(|p| p.strip_suffix("/settings"))
        .and_then(|n| n.parse().ok())
        .with_context(|| format!("creating opens the settings page, not {at}"))?;
    ensure!(value_of(d, "komi").await? == "6.5", "komi at its default");
    let double = d
        .eval("return document.getElementById('double_entry').checked;")
        .await?;
    ensure!(
        double == true,
        "the event's first tournament has two desks confirm each result"
    );
    Ok(t)
}

/// A registration desk, two results desks and a referee on the terminals page; each card's QR code, read off a
/// screenshot, opens the venue's sign-in page with its token. Returns each card's address by terminal name.
async fn terminals(d: &Browser, address: &str) -> anyhow::Result<BTreeMap<&'static str, String>> {
    let page = format!("{address}/desk/director/terminals");
    d.client.goto(&format!("{address}/desk/director")).await?;
    click(d, "#terminals-link").await?;
    d.wait_for(
        "return location.pathname === '/desk/director/terminals';",
        WAIT,
    )
    .await?;
    let shown = wait_text(d, "#desk-url", "https://", WAIT, "whole-day-address").await?;
    ensure!(
        shown.trim() == address,
        "the cards' address: {shown} (expected {address})"
    );
    let mut cards = BTreeMap::new();
    for (name, role) in [
        ("reg-1", "registration"),
        ("results-1", "results"),
        ("results-2", "results"),
        ("referee-1", "referee"),
    ] {
        d.client.goto(&page).await?;
        let secret = make_terminal(d, name, role).await?;
        let code = qr_of(d, "#qr-sign-in", &format!("whole-day-qr-{name}")).await?;
        ensure!(
            code == format!("{address}/desk/login?token={secret}"),
            "{name}'s card opens the venue's sign-in page with its token: {code}"
        );
        cards.insert(name, code);
    }
    d.screenshot("whole-day-2-terminal-card").await?;
    Ok(cards)
}

/// The pre-registration CSV from the dashboard's link: a preview of every row that writes nothing, then the
/// import (asked first); the dashboard then expects fourteen.
async fn import(d: &Browser, dashboard: &str) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    // The browser takes a file by its canonical path only.
    let file = dir.path().canonicalize()?.join("harbour-open.csv");
    std::fs::write(&file, csv())?;
    d.client.goto(dashboard).await?;
    click(d, "#imports a[href$='/import']").await?;
    let summary = upload(d, &file, "#summary", "to register", "whole-day-no-preview").await?;
    ensure!(summary.contains("14 to register"), "{summary}");
    let rows = preview_rows(d).await?;
    ensure!(
        rows.len() == 14 && rows.iter().all(|r| r.2 == "new"),
        "every row would be registered: {rows:?}"
    );
    ensure!(
        rows[0].0 == 2 && rows[0].1 == "Quellmann Ansgar",
        "each row with its line and name: {rows:?}"
    );
    d.screenshot("whole-day-3-preview").await?;
    // The dashboard, in a second tab, still expects nobody.
    let preview = d.client.window().await?;
    let other = d.client.new_window(true).await?;
    d.client.switch_to_window(other.handle).await?;
    d.client.goto(dashboard).await?;
    wait_text(d, "#counts", "0 expected", WAIT, "whole-day-preview-wrote").await?;
    d.client.close_window().await?;
    d.client.switch_to_window(preview).await?;
    let imported = act(
        d,
        "form#import button[type=submit]",
        Some(&format!("Import 14 players into {TOURNAMENT}")),
        "whole-day-import",
    )
    .await?;
    ensure!(imported.contains("Imported 14 players"), "{imported}");
    d.client.goto(dashboard).await?;
    wait_text(d, "#counts", "14 expected", WAIT, "whole-day-counts-before").await?;
    Ok(())
}

/// The tablet signs in with the registration desk's card and checks in the twelve who arrive, finding each by
/// typing the name; the dashboard counts them by desk and lists who never came.
async fn check_in(day: &Day) -> anyhow::Result<()> {
    let (d, tab) = (&day.d, &day.tab);
    sign_in(tab, &day.cards["reg-1"], "Kim", "reg-1", "/desk/register").await?;
    for (family, given, _) in arriving() {
        type_into(tab, "#search", family).await?;
        tab.wait_for(
            "return [...document.querySelectorAll('#results li.result')].filter(li => !li.hidden).length === 1;",
            WAIT,
        )
        .await
        .with_context(|| format!("typing {family:?} leaves one player"))?;
        mark_page(tab).await?;
        click(tab, "#results li.result:not([hidden]) button.checkin").await?;
        wait_new_page(tab, "a check-in").await?;
        let done = wait_text(tab, "p.done", "checked in", WAIT, "whole-day-checkin").await?;
        ensure!(
            done.contains(&format!("{family} {given}")),
            "the check-in names the player: {done}"
        );
    }
    tab.screenshot("whole-day-4-registration-desk").await?;
    d.client.goto(&day.dashboard()).await?;
    let counts = wait_text(d, "#counts", "12 checked in", WAIT, "whole-day-counts").await?;
    ensure!(counts.contains("2 expected"), "{counts}");
    let by_desk = d
        .eval(
            "return [...document.querySelectorAll('#by-desk tbody tr')].map(r => \
             [...r.cells].map(c => c.innerText.trim()).join(' '));",
        )
        .await?;
    ensure!(
        by_desk == serde_json::json!(["reg-1 12"]),
        "the dashboard counts the check-ins by desk: {by_desk}"
    );
    let missing = wait_text(
        d,
        "#not-arrived",
        "Dunmore Ivy",
        WAIT,
        "whole-day-not-arrived",
    )
    .await?;
    ensure!(missing.contains("Fenwright Oskar"), "{missing}");
    Ok(())
}

/// The settings page's BGA suggestion for the twelve checked in, applied with its one button: the bar at 1d.
async fn bar_by_the_suggestion(d: &Browser, dashboard: &str) -> anyhow::Result<()> {
    d.client.goto(&format!("{dashboard}/settings")).await?;
    let offered = wait_text(d, "#bar-suggestion", "bar at 1d", WAIT, "whole-day-bar").await?;
    ensure!(offered.contains("8 players"), "{offered}");
    let saved = act(d, "#bar-suggestion button", None, "whole-day-bar-saved").await?;
    ensure!(saved.contains("bar"), "{saved}");
    ensure!(value_of(d, "bar").await? == "1d", "the bar is 1d");
    Ok(())
}

/// Closes registration (asked first), draws round 1, swaps White of the first table with Black of the second by
/// their numbers, publishes (asked first); the board, from the landing page's link, shows the round as changed.
async fn round_one(day: &Day) -> anyhow::Result<Pairing> {
    let d = &day.d;
    d.client.goto(&day.dashboard()).await?;
    let closed = act(
        d,
        "form[data-action=close-registration] button",
        Some(&format!(
            "Close registration for {TOURNAMENT}? The 12 checked-in players and the 2 players expected but not \
             checked in (numbered too"
        )),
        "whole-day-close-registration",
    )
    .await?;
    ensure!(closed.contains("Registration closed"), "{closed}");
    let drawn = act(d, "form[data-action=draw] button", None, "whole-day-draw-1").await?;
    ensure!(drawn.contains("Round 1 drawn"), "{drawn}");
    let before = seats(d, "table#games tr.game").await?;
    ensure!(before.len() == 6, "twelve players, six tables: {before:?}");
    let drawn = by_name(&before)?;
    ensure!(
        drawn
            .values()
            .all(|(w, b)| ![w, b].iter().any(|p| ["Dunmore", "Fenwright"].contains(p))),
        "nobody who never came is drawn: {drawn:?}"
    );
    d.screenshot("whole-day-5-drawn").await?;

    let (a, b) = (number(&before[0].white)?, number(&before[1].black)?);
    d.client
        .find(Locator::Css("form[data-action=edit] select[name=kind]"))
        .await?
        .select_by_value("swap")
        .await?;
    type_into(d, "form[data-action=edit] input[name=a]", &a.to_string()).await?;
    type_into(d, "form[data-action=edit] input[name=b]", &b.to_string()).await?;
    let changed = act(d, "form[data-action=edit] button", None, "whole-day-swap").await?;
    ensure!(changed.contains("Change applied"), "{changed}");
    let round1 = by_name(&seats(d, "table#games tr.game").await?)?;
    // The two change tables (the draw may give the colours again); every other table stays as drawn.
    let (t1, t2) = (before[0].table, before[1].table);
    let (pa, pb) = (who(&before[0].white)?, who(&before[1].black)?);
    let at = |table: u32, p: &str| round1[&table].0 == p || round1[&table].1 == p;
    let others_kept = round1
        .iter()
        .filter(|(table, _)| ![t1, t2].contains(table))
        .all(|(table, pair)| drawn[table] == *pair);
    ensure!(
        at(t1, pb) && at(t2, pa) && !at(t1, pa) && others_kept,
        "#{a} {pa} and #{b} {pb} swapped tables {t1} and {t2}: drawn {drawn:?}, now {round1:?}"
    );

    let published = act(
        d,
        "form[data-action=publish] button",
        Some("Publish round 1?"),
        "whole-day-publish-1",
    )
    .await?;
    ensure!(published.contains("Round 1 published"), "{published}");
    d.client
        .goto(&format!("{}/desk/director", day.address))
        .await?;
    click(
        d,
        &format!("#tournaments li.tournament a[href^=\"/t/{}/\"]", day.t),
    )
    .await?;
    wait_text(d, "#by-table", "White", WAIT, "whole-day-board-link")
        .await
        .context("the landing page's Board link shows the published pairing")?;
    let board = by_name(&seats(d, "#by-table tr.game").await?)?;
    ensure!(
        board == round1,
        "the board shows round 1 as published: {board:?}, dashboard {round1:?}"
    );
    d.screenshot("whole-day-5-board").await?;
    Ok(round1)
}

/// Round 1's results: the referee's tablet disputes the last table; both results desks enter every other one,
/// disagreeing at table 3; the dashboard settles both as Black's wins and closes the round (asked first).
async fn round_one_results(day: &Day, round1: &Pairing) -> anyhow::Result<Vec<Played>> {
    let (d, tab) = (&day.d, &day.tab);
    let disputed = *round1.keys().last().context("a table")?;
    let mismatch = 3;
    let referee = format!("/desk/referee/{}", day.t);
    sign_in(tab, &day.cards["referee-1"], "Rita", "referee-1", &referee).await?;
    let card = format!("#table-{disputed}");
    let note = "both claim the last ko";
    type_into(tab, &format!("{card} form.dispute input[name=note]"), note).await?;
    mark_page(tab).await?;
    click(tab, &format!("{card} form.dispute button")).await?;
    wait_new_page(tab, "the dispute").await?;
    tab.wait_for(
        &format!(
            "return !!document.querySelector({});",
            js(&format!("{card}.disputed"))
        ),
        WAIT,
    )
    .await
    .context("the referee's card shows the table disputed")?;
    tab.screenshot("whole-day-6-referee").await?;
    let entries: BTreeMap<u32, (char, char)> = round1
        .keys()
        .filter(|table| **table != disputed)
        .map(|table| {
            (
                *table,
                if *table == mismatch {
                    ('w', 'b')
                } else {
                    ('w', 'w')
                },
            )
        })
        .collect();
    double_entry(day, &entries).await?;

    let open = progress(d, &day.dashboard(), "1 mismatched").await?;
    ensure!(open.contains("1 disputed"), "{open}");
    let row =
        |table: u32, class: &str| format!("table#open tr.open.{class}[data-table=\"{table}\"]");
    let reports = wait_text(
        d,
        &row(mismatch, "mismatch"),
        "results-2",
        WAIT,
        "whole-day-mismatch",
    )
    .await?;
    ensure!(
        reports.contains("results-1") && reports.contains("Rosa") && reports.contains("Sam"),
        "the mismatch shows both entries and who made them: {reports}"
    );
    wait_text(
        d,
        &row(disputed, "disputed"),
        note,
        WAIT,
        "whole-day-disputed",
    )
    .await?;
    d.eval("document.querySelector('table#open').scrollIntoView(); return null;")
        .await?;
    d.screenshot("whole-day-6-to-settle").await?;
    for (table, class) in [(mismatch, "mismatch"), (disputed, "disputed")] {
        let form = format!("{} form[data-action=result]", row(table, class));
        d.client
            .find(Locator::Css(&format!("{form} select[name=result]")))
            .await?
            .select_by_value("b")
            .await?;
        let settled = act(
            d,
            &format!("{form} button"),
            None,
            &format!("whole-day-settle-{class}"),
        )
        .await?;
        ensure!(
            settled.contains(&format!("Table {table}")),
            "settling the {class} table: {settled}"
        );
    }
    let all = progress(d, &day.dashboard(), "6 confirmed").await?;
    ensure!(
        all.contains("0 mismatched") && all.contains("0 disputed"),
        "{all}"
    );
    let closed = act(
        d,
        "form[data-action=close] button",
        Some("Close round 1?"),
        "whole-day-close-1",
    )
    .await?;
    ensure!(closed.contains("Round 1 closed"), "{closed}");
    Ok(round1
        .iter()
        .map(|(table, (white, black))| {
            let won = if [mismatch, disputed].contains(table) {
                'b'
            } else {
                'w'
            };
            (1, *table, *white, *black, won)
        })
        .collect())
}

/// Round 2: drawn (no pair of round 1 again), published (asked first), White's wins entered by both desks,
/// closed (asked first).
async fn round_two(day: &Day, round1: &Pairing) -> anyhow::Result<Vec<Played>> {
    let d = &day.d;
    let drawn = act(d, "form[data-action=draw] button", None, "whole-day-draw-2").await?;
    ensure!(drawn.contains("Round 2 drawn"), "{drawn}");
    let round2 = by_name(&seats(d, "table#games tr.game").await?)?;
    ensure!(round2.len() == 6, "{round2:?}");
    for (white, black) in round2.values() {
        ensure!(
            !round1
                .values()
                .any(|(w, b)| (w == white && b == black) || (w == black && b == white)),
            "{white} and {black} meet a second time in round 2: {round2:?}"
        );
    }
    act(
        d,
        "form[data-action=publish] button",
        Some("Publish round 2?"),
        "whole-day-publish-2",
    )
    .await?;
    let entries = round2.keys().map(|table| (*table, ('w', 'w'))).collect();
    double_entry(day, &entries).await?;
    progress(d, &day.dashboard(), "6 confirmed").await?;
    let closed = act(
        d,
        "form[data-action=close] button",
        Some("Close round 2?"),
        "whole-day-close-2",
    )
    .await?;
    ensure!(closed.contains("Round 2 closed"), "{closed}");
    Ok(round2
        .iter()
        .map(|(table, (white, black))| (2, *table, *white, *black, 'w'))
        .collect())
}

/// Each arriving player's wins in `played`.
fn wins(played: &[Played]) -> anyhow::Result<BTreeMap<&'static str, u32>> {
    let mut wins: BTreeMap<&str, u32> = arriving().map(|(family, ..)| (family, 0)).collect();
    for (_, _, white, black, won) in played {
        *wins
            .get_mut(if *won == 'w' { white } else { black })
            .context("a winner who arrived")? += 1;
    }
    Ok(wins)
}

/// The public board's standings, on the plain port as a phone reads them: the twelve who played, each with the
/// wins recorded, in McMahon-score order, every score the start the bar gives plus the wins. The front page
/// names the event.
async fn standings(day: &Day, wins: &BTreeMap<&str, u32>) -> anyhow::Result<()> {
    let (tab, public) = (&day.tab, day.venue.public_url());
    tab.client
        .goto(&format!("{public}/t/{}/standings", day.t))
        .await?;
    let table = tab
        .eval(
            "return [[...document.querySelectorAll('#standings thead th')].map(th => th.innerText.trim()), \
             [...document.querySelectorAll('#standings tr.row')].map(tr => [...tr.cells].map(c => c.innerText.trim()))];",
        )
        .await?;
    let (heads, rows): (Vec<String>, Vec<Vec<String>>) = serde_json::from_value(table)?;
    tab.screenshot("whole-day-8-standings").await?;
    let column = |name: &str| {
        heads
            .iter()
            .position(|h| h == name)
            .with_context(|| format!("a {name} column: {heads:?}"))
    };
    let (mms_at, wins_at) = (column("MMS")?, column("Wins")?);
    ensure!(
        rows.len() == 12,
        "the twelve who played, no one else: {rows:?}"
    );
    let rank_of: BTreeMap<&str, &str> = arriving().map(|(f, _, r)| (f, r)).collect();
    let mut last_mms = f64::INFINITY;
    let mut start = None;
    for row in &rows {
        let family = who(&row[1])?;
        let mms: f64 = row[mms_at].parse().with_context(|| format!("{row:?}"))?;
        let won: f64 = row[wins_at].parse().with_context(|| format!("{row:?}"))?;
        ensure!(
            won == f64::from(wins[family]),
            "{family} won {} games, the standings say {won}: {rows:?}",
            wins[family]
        );
        ensure!(
            mms <= last_mms,
            "the standings are in McMahon-score order: {rows:?}"
        );
        last_mms = mms;
        // Everyone's score is their start (the bar at 1d clips the ranks above it) plus their wins.
        let zero = mms - won - f64::from(start_below_bar(rank_of[family]));
        ensure!(
            *start.get_or_insert(zero) == zero,
            "{family}'s McMahon score {mms} is not the start the bar gives plus the wins: {rows:?}"
        );
    }
    tab.client.goto(&format!("{public}/")).await?;
    let front = wait_text(tab, "main", TOURNAMENT, WAIT, "whole-day-home").await?;
    ensure!(
        front.contains(EVENT),
        "the board's front page names the event: {front}"
    );
    Ok(())
}

/// The files from the dashboard's links: the EGF `.h9` holds the twelve who played with their wins; the
/// OpenGotha file holds all fourteen (the two who never came as pre-registered) and every game as played.
async fn exports(day: &Day, played: &[Played], wins: &BTreeMap<&str, u32>) -> anyhow::Result<()> {
    let d = &day.d;
    d.client.goto(&day.dashboard()).await?;
    wait_text(
        d,
        "#round h2",
        "Round 2 — closed",
        WAIT,
        "whole-day-round-2-closed",
    )
    .await?;
    d.eval("document.querySelector('#sheets').scrollIntoView(); return null;")
        .await?;
    d.screenshot("whole-day-9-sheets").await?;
    let h9 = download(d, &day.venue, &sheet_link(d, "EGF rating (.h9)").await?).await?;
    let h9 = tengen_interop::h9::read(&h9.bytes).map_err(|e| anyhow::anyhow!("the .h9: {e}"))?;
    ensure!(
        h9.players.len() == 12,
        "the .h9 holds the twelve who played: {:?}",
        h9.players.iter().map(|p| &p.family).collect::<Vec<_>>()
    );
    for p in &h9.players {
        let family = who(&format!("{} {}", p.family, p.given))?;
        let plus = p.rounds.iter().filter(|e| e.result == '+').count();
        ensure!(
            p.rounds.len() >= 2 && plus == wins[family] as usize,
            "{family} in the .h9: {} wins, {:?}",
            wins[family],
            p.rounds
        );
    }

    let og = download(d, &day.venue, &sheet_link(d, "OpenGotha (.xml)").await?).await?;
    let og = opengotha::read(&og.body).map_err(|e| anyhow::anyhow!("the OpenGotha file: {e:?}"))?;
    let name = |i: usize| {
        og.players
            .get(i)
            .map(|p| format!("{} {}", p.name, p.first_name))
            .unwrap_or_default()
    };
    let mut status: Vec<(&str, bool)> = (0..og.players.len())
        .map(|i| {
            let fin = og.players[i].registering_status == opengotha::RegisteringStatus::Fin;
            Ok((who(&name(i))?, fin))
        })
        .collect::<anyhow::Result<_>>()?;
    status.sort();
    let mut expected: Vec<(&str, bool)> = FIELD.iter().map(|p| (p.0, p.5)).collect();
    expected.sort();
    ensure!(
        status == expected && og.general.number_of_rounds == 4,
        "the OpenGotha file holds the fourteen, twelve finally registered, of a four-round event: {status:?}, \
         {} rounds",
        og.general.number_of_rounds
    );
    ensure!(og.games.len() == 12, "twelve games: {:?}", og.games);
    for (round, table, white, black, won) in played {
        let game = og
            .games
            .iter()
            .find(|g| g.round == *round && g.table == *table)
            .with_context(|| format!("round {round} table {table} in the OpenGotha file"))?;
        let outcome = if *won == 'w' {
            tengen_interop::Outcome::WhiteWins
        } else {
            tengen_interop::Outcome::BlackWins
        };
        ensure!(
            who(&name(game.white))? == *white
                && who(&name(game.black))? == *black
                && game.result.outcome == outcome,
            "round {round} table {table}: {white}–{black}, {won} won; the file has {} – {}, {:?}",
            name(game.white),
            name(game.black),
            game.result
        );
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_34_the_directors_whole_day_runs_in_the_browser_without_a_command_line(
) -> anyhow::Result<()> {
    let test = "issue_34_the_directors_whole_day_runs_in_the_browser_without_a_command_line";
    let Some((venue, address, d)) = first_start(test).await? else {
        return Ok(());
    };
    let t = event_and_tournament(&d, &address).await?;
    let cards = terminals(&d, &address).await?;
    import(&d, &format!("{address}/desk/director/{t}")).await?;
    let Some(tab) = Browser::sized(test, &screenshot_dir(), TABLET).await? else {
        return Ok(());
    };
    let day = Day {
        venue,
        address,
        d,
        tab,
        t,
        cards,
    };
    check_in(&day).await?;
    bar_by_the_suggestion(&day.d, &day.dashboard()).await?;
    let round1 = round_one(&day).await?;
    let mut played = round_one_results(&day, &round1).await?;
    played.extend(round_two(&day, &round1).await?);
    let wins = wins(&played)?;
    standings(&day, &wins).await?;
    exports(&day, &played, &wins).await?;
    let Day { d, tab, .. } = day;
    tab.close().await?;
    d.close().await
}
