//! The public web board end to end (issue 10): a real server started with `--public-http`, an event made through
//! the gRPC API as the director (accented, CJK and markup names; an email, a phone, a fee and a private note on
//! every player), and the pages read over the plain port and over TLS the way phones read them.
//!
//! - Every public page answers on both ports with the names, renders markup as text, and no page reachable from
//!   `/` shows contact data, fees, notes or token secrets.
//! - A draw is invisible until published; earlier rounds stay reachable with `?round=N`.
//! - Bad requests get 400/404/413/414 and write nothing.
//! - `/live` wakes a pairings subscriber within a second of a publish, and not on registrations.
//! - Change slips wait for the director, are rate limited per address, and change the register once accepted.
//! - In a 360 px Chromium every page fits, the search box finds a player's table, and the pairing list follows
//!   the next round's publication without a reload (screenshots in `target/web-screenshots/`).
//!
//! Each test starts its own server (a second or so): most tests change the rounds, and sharing one server across
//! the harness's threads would make their expectations depend on each other.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, ensure, Context as _};
use scraper::Html;
use tengen_tests::board::{
    crawl, create_in_groups, create_tournament_as, css, first_number, form, loopback, names, page,
    text, texts, Congress, Entrant, EVENT_NAME, MAIN, MARKUP, SIDE,
};
use tengen_tests::browser::Browser;
use tengen_tests::{enter, meta, pb};

/// The desk pages (issue 11), in this binary (`tests/tests/web/desk.rs`).
#[path = "web/desk.rs"]
mod desk;
/// A round drawn in parts from the dashboard (issue 29): `tests/tests/web/partial.rs`.
#[path = "web/partial.rs"]
mod partial;
/// The timetable (issue 34): `tests/tests/web/timetable.rs`.
#[path = "web/timetable.rs"]
mod timetable;
/// Page weights at 150 tables (issue 34): `tests/tests/web/weights.rs`.
#[path = "web/weights.rs"]
mod weights;

/// Imports with a preview and rating lists in the director's browser (issue 34), `tests/tests/web/imports.rs`.
#[path = "web/imports.rs"]
mod imports;

/// Terminals, their cards and trusting the venue (issue 34): `tests/tests/web/terminals.rs`.
#[path = "web/terminals.rs"]
mod terminals;

/// The event's details and a tournament's settings in the browser (issue 34), in this binary
/// (`tests/tests/web/settings.rs`).
#[path = "web/settings.rs"]
mod settings;

/// Issue 34's per-player pages, reopening registration, a desk's undo (`tests/tests/web/players.rs`).
#[path = "web/players.rs"]
mod players;

/// The Latin name beside the name (issue 34): desk search and the files (`tests/tests/web/latin.rs`).
#[path = "web/latin.rs"]
mod latin;

/// The year of birth at the registration desk (issue 33): `tests/tests/web/born.rs`.
#[path = "web/born.rs"]
mod born;

/// The fee at the registration desk and the treasurer's page (issue 33): `tests/tests/web/fees.rs`.
#[path = "web/fees.rs"]
mod fees;

/// The team competition at the registration desk and on the board (issue 33): `tests/tests/web/teams.rs`.
#[path = "web/teams.rs"]
mod teams;

/// The director's whole day in the browser, no command line and no gRPC (issue 34): `tests/tests/web/whole_day.rs`.
#[path = "web/whole_day.rs"]
mod whole_day;

/// Nigiri (issue 29): colours chosen at the board, recorded at the desks (`tests/tests/web/nigiri.rs`).
#[path = "web/nigiri.rs"]
mod nigiri;

/// Issue 31: players check themselves in and report their own results with their personal codes
/// (`tests/tests/web/own.rs`).
#[path = "web/own.rs"]
mod own;

// ---------------------------------------------------------------------------------------------------------------
// What a pairing page must show

/// The pairing page once it shows `round`'s games, asked again for up to a second as a phone's live stream would
/// (a page served from the cache in the moment between the writer's answer and the log follower recording the
/// publication's topics is a moment old: `Web::page`); the last answer when it never does.
async fn published(
    web: &tengen_tests::web::WebClient,
    target: &str,
    round: &pb::Round,
) -> anyhow::Result<Html> {
    let deadline = Instant::now() + Duration::from_secs(1);
    loop {
        let (_, doc) = page(web, target).await?;
        if doc.select(&css("#by-table tr.game")).count() == round.games.len()
            || Instant::now() > deadline
        {
            return Ok(doc);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Asserts `doc` shows round `round`'s games (by table and by name) and nothing of another round.
fn assert_shows_round(doc: &Html, round: &pb::Round, c: &Congress, what: &str) {
    let rows: Vec<Vec<String>> = doc
        .select(&css("#by-table tr.game"))
        .map(|tr| tr.select(&css("td, th")).map(text).collect())
        .collect();
    assert_eq!(
        rows.len(),
        round.games.len(),
        "{what}: one tr.game per game of round {}: {rows:?}",
        round.number
    );
    let lines = texts(doc, "#by-name li.player");
    for g in &round.games {
        let white = c.by_id(g.white.as_ref().expect("white").id);
        let black = c.by_id(g.black.as_ref().expect("black").id);
        let table = g.table.to_string();
        assert!(
            rows.iter().any(|cells| {
                let row = cells.join(" ");
                cells.iter().any(|cell| cell == &table) && names(&row, white) && names(&row, black)
            }),
            "{what}: round {} table {table} ({} – {}) is not a row of #by-table: {rows:?}",
            round.number,
            white.family,
            black.family
        );
        for (p, colour) in [(white, "White"), (black, "Black")] {
            let line = lines
                .iter()
                .find(|l| first_number(l) == Some(p.number))
                .unwrap_or_else(|| panic!("{what}: no li.player for #{} in {lines:?}", p.number));
            assert!(
                names(line, p) && line.contains(&format!("Table {table}")) && line.contains(colour),
                "{what}: #{}'s line lacks name, `Table {table}` or `{colour}`: {line}",
                p.number
            );
        }
    }
    if let Some(bye) = &round.bye {
        let bye = c.by_id(bye.id);
        let shown = texts(doc, "#bye").join(" ");
        assert!(
            names(&shown, bye),
            "{what}: #bye names {}: {shown:?}",
            bye.family
        );
    }
}

/// Asserts `doc` shows no pairing at all.
fn assert_shows_no_round(doc: &Html, what: &str) {
    assert_eq!(
        doc.select(&css("#none")).count(),
        1,
        "{what}: <p id=none> expected"
    );
    assert!(
        doc.select(&css("tr.game, li.player")).next().is_none(),
        "{what}: no game or pairing line may be shown: {:?}",
        texts(doc, "tr.game, li.player")
    );
}

/// Where screenshots go: `target/web-screenshots/`.
fn screenshot_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .map(|target| target.join("web-screenshots"))
        .unwrap_or_else(|| PathBuf::from("web-screenshots"))
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Every page, both ports, nothing private

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_public_page_answers_on_both_ports_and_shows_nothing_private() -> anyhow::Result<()> {
    let c = Congress::open().await?;
    let round = c.publish_next(1).await?;
    let t = c.t;
    for web in [c.venue.tls_web()?, c.web()] {
        let port = web.base_url();
        let (_, home) = page(&web, "/").await?;
        let home_text = texts(&home, "body").join(" ");
        for name in [EVENT_NAME, MAIN, SIDE] {
            assert!(
                home_text.contains(name),
                "{port}/ names {name:?}: {home_text}"
            );
        }
        let hrefs: BTreeSet<&str> = home
            .select(&css("a[href]"))
            .filter_map(|a| a.value().attr("href"))
            .collect();
        for tid in [c.t, c.side] {
            for what in ["pairings", "standings", "players"] {
                let href = format!("/t/{tid}/{what}");
                assert!(
                    hrefs.iter().any(|h| h.ends_with(&href)),
                    "{port}/ links {href}: {hrefs:?}"
                );
            }
        }

        let (_, pairings) = page(&web, &format!("/t/{t}/pairings")).await?;
        assert_shows_round(&pairings, &round, &c, &format!("{port}/t/{t}/pairings"));
        let search = pairings.select(&css("input#search")).next();
        assert!(
            search.is_some_and(|s| s.value().attr("name") == Some("q")),
            "{port}: the pairings page has <input id=search name=q>"
        );

        let (_, standings) = page(&web, &format!("/t/{t}/standings")).await?;
        let rows = texts(&standings, "#standings tr.row").join("\n");
        for e in c.entrants.iter().filter(|e| e.checked_in) {
            assert!(
                names(&rows, e),
                "{port} standings list {}: {rows}",
                e.family
            );
        }

        let (_, players) = page(&web, &format!("/t/{t}/players")).await?;
        let rows = texts(&players, "#players tr.row");
        assert_eq!(rows.len(), c.entrants.len(), "{port}: one row per entrant");
        for e in &c.entrants {
            let row = rows.iter().find(|r| names(r, e));
            assert!(
                row.is_some_and(|r| r.contains(&e.club) && r.contains(&e.number.to_string())),
                "{port} players: {} with number and club {:?}: {rows:?}",
                e.family,
                e.club
            );
        }

        for e in &c.entrants {
            let target = format!("/t/{t}/players/{}", e.number);
            let (_, doc) = page(&web, &target).await?;
            let body = texts(&doc, "main").join(" ");
            assert!(names(&body, e), "{port}{target} names {}: {body}", e.family);
            let action = format!("/t/{t}/players/{}/slip", e.number);
            let slip = doc.select(&css("form#slip")).next();
            assert!(
                slip.is_some_and(|f| f
                    .value()
                    .attr("method")
                    .is_some_and(|m| m.eq_ignore_ascii_case("post"))
                    && f.value()
                        .attr("action")
                        .is_some_and(|a| a.ends_with(&action))),
                "{port}{target}: <form id=slip method=post action={action}>"
            );
            if e.checked_in {
                assert_eq!(
                    doc.select(&css("#games")).count(),
                    1,
                    "{port}{target}: <table id=games>"
                );
            }
        }

        let (_, side) = page(&web, &format!("/t/{}/pairings", c.side)).await?;
        assert_shows_no_round(&side, &format!("{port}/t/{}/pairings", c.side));
    }

    // The markup name is text on every page that shows it, never a tag.
    let mallory = c.entrant("Drop").clone();
    for web in [c.venue.tls_web()?, c.web()] {
        for target in [
            format!("/t/{t}/pairings"),
            format!("/t/{t}/standings"),
            format!("/t/{t}/players"),
            format!("/t/{t}/players/{}", mallory.number),
        ] {
            let (reply, doc) = page(&web, &target).await?;
            assert!(
                !reply.body.contains(MARKUP) && !reply.body.contains("<b>Club</b>"),
                "{target}: raw markup from a name or club reached the HTML"
            );
            assert!(
                reply.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
                "{target}: the name's markup is escaped as text"
            );
            assert!(
                texts(&doc, "main").join(" ").contains(MARKUP),
                "{target}: the name reads as typed"
            );
            assert!(
                texts(&doc, "script")
                    .iter()
                    .all(|s| !s.contains("alert(1)")),
                "{target}: a script element carries the name"
            );
        }
    }

    // Everything reachable from `/` answers 200 and shows no secret; the plain port has no desk pages.
    for web in [c.venue.tls_web()?, c.web()] {
        let pages = crawl(&web, 300).await?;
        assert!(
            pages.len() >= 5 + c.entrants.len(),
            "the crawl reaches every player page: {:?}",
            pages.keys().collect::<Vec<_>>()
        );
        for (target, reply) in &pages {
            assert_eq!(
                reply.status,
                200,
                "{}{target} (linked from the board)",
                web.base_url()
            );
            for secret in &c.secrets {
                assert!(
                    !reply.body.contains(secret.as_str()),
                    "{}{target} shows private text {secret:?}",
                    web.base_url()
                );
            }
        }
    }
    let desk = c.web().get("/desk").await?;
    assert_eq!(desk.status, 404, "the plain port serves public pages only");
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Publishing

/// `?round=N` for a round that is not published: 404, or the "no round" page; never its games.
async fn assert_round_hidden(c: &Congress, n: u32) -> anyhow::Result<()> {
    let target = format!("/t/{}/pairings?round={n}", c.t);
    let reply = c.web().get(&target).await?;
    if reply.status == 404 {
        return Ok(());
    }
    ensure!(
        reply.status == 200,
        "{target}: 404 (or the no-round page) expected, got {}",
        reply.status
    );
    assert_shows_no_round(&Html::parse_document(&reply.body), &target);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_is_shown_only_once_published_and_earlier_rounds_stay_reachable(
) -> anyhow::Result<()> {
    let c = Congress::open().await?;
    let web = c.web();
    let t = c.t;
    let pairings = format!("/t/{t}/pairings");

    let r1 = c.draw(1).await?;
    let (_, doc) = page(&web, &pairings).await?;
    assert_shows_no_round(&doc, "round 1 drawn, not published");
    assert_round_hidden(&c, 1).await?;
    let someone = c.by_id(r1.games[0].white.as_ref().expect("white").id);
    let (_, doc) = page(&web, &format!("/t/{t}/players/{}", someone.number)).await?;
    assert!(
        texts(&doc, "#games tr")
            .iter()
            .all(|row| !row.contains("Table")),
        "a player's page shows no unpublished game: {:?}",
        texts(&doc, "#games tr")
    );

    let r1 = c.director.publish(t, 1).await?;
    let doc = published(&web, &pairings, &r1).await?;
    assert_shows_round(&doc, &r1, &c, "round 1 published");

    c.finish(1).await?;
    c.draw(2).await?;
    let (_, doc) = page(&web, &pairings).await?;
    assert_shows_round(&doc, &r1, &c, "round 2 drawn: still round 1");
    assert_round_hidden(&c, 2).await?;

    let r2 = c.director.publish(t, 2).await?;
    assert_ne!(
        r1.games
            .iter()
            .map(|g| (g.white.clone(), g.black.clone()))
            .collect::<Vec<_>>(),
        r2.games
            .iter()
            .map(|g| (g.white.clone(), g.black.clone()))
            .collect::<Vec<_>>(),
    );
    let doc = published(&web, &pairings, &r2).await?;
    assert_shows_round(&doc, &r2, &c, "round 2 published");
    let (_, doc) = page(&web, &format!("{pairings}?round=1")).await?;
    assert_shows_round(&doc, &r1, &c, "?round=1");
    let (_, doc) = page(&web, &format!("{pairings}?round=2")).await?;
    assert_shows_round(&doc, &r2, &c, "?round=2");
    assert_round_hidden(&c, 3).await?;

    // A player's page lists the published games.
    let (_, doc) = page(&web, &format!("/t/{t}/players/{}", someone.number)).await?;
    let games = texts(&doc, "#games tr").join("\n");
    let played = [&r1, &r2]
        .iter()
        .filter(|r| {
            r.games.iter().any(|g| {
                [&g.white, &g.black]
                    .iter()
                    .any(|p| p.as_ref().is_some_and(|p| p.id == someone.id))
            })
        })
        .count();
    assert!(
        played > 0 && doc.select(&css("#games tr")).count() >= played,
        "{}'s page lists {played} games: {games}",
        someone.family
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Bad input

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_and_change_nothing() -> anyhow::Result<()> {
    let c = Congress::open().await?;
    c.publish_next(1).await?;
    let t = c.t;
    let anne = c.entrant("Côté").clone();
    let before = c.director.desk.get(anne.id).await?;
    let seq = c.last_seq().await?;

    for web in [c.venue.tls_web()?, c.web()] {
        let base = web.base_url();
        for (target, status) in [
            ("/t/999/pairings".to_string(), 404u16),
            ("/t/999/standings".to_string(), 404),
            ("/t/999/players".to_string(), 404),
            (format!("/t/{t}/players/999"), 404),
            (format!("/t/{t}/pairings?round=999"), 404),
            ("/t/abc/pairings".to_string(), 400),
            (format!("/t/{t}/players/abc"), 400),
            (format!("/t/{t}/pairings?q={}", "a".repeat(10 * 1024)), 414),
        ] {
            let reply = web.get(&target).await?;
            let shown: String = target.chars().take(60).collect();
            assert_eq!(reply.status, status, "{base}{shown}: {}", reply.body);
            if status != 414 {
                assert!(
                    reply
                        .header("content-type")
                        .unwrap_or_default()
                        .starts_with("text/html"),
                    "{base}{shown}: an HTML error page"
                );
            }
        }
    }

    let slip = format!("/t/{t}/players/{}/slip", anne.number);
    let web = c.web();
    // Bodies over 8 KiB: just over, and 10 MB.
    for (i, size) in [(0u8, 9 * 1024), (1, 10 * 1024 * 1024)] {
        let body = form(&[("message", &"x".repeat(size))]);
        let reply = web
            .clone()
            .from_address(loopback(20 + i))
            .post_oversized(&slip, body)
            .await
            .with_context(|| format!("a slip of {size} bytes"))?;
        assert_eq!(reply.status, 413, "a slip of {size} bytes: {}", reply.body);
    }

    // Markup in each field, one request per loopback address (so the per-address limit is not what answers).
    let fields = [
        "family_name",
        "given_name",
        "rank",
        "club",
        "country",
        "rounds",
        "message",
    ];
    for (i, field) in fields.into_iter().enumerate() {
        for (j, markup) in ["<b>bold</b>", "a > b"].into_iter().enumerate() {
            let id = format!("web-bad-{field}-{j}");
            let mut pairs = vec![("message", "please correct"), ("request_id", id.as_str())];
            if field == "message" {
                pairs[0].1 = markup;
            } else {
                pairs.push((field, markup));
            }
            let reply = web
                .clone()
                .from_address(loopback(30 + (2 * i + j) as u8))
                .post_form(&slip, form(&pairs))
                .await?;
            assert_eq!(
                reply.status, 400,
                "markup {markup:?} in {field}: {}",
                reply.body
            );
            assert!(
                !reply.body.contains(markup),
                "the 400 page must not echo raw markup from {field}"
            );
        }
    }
    // A slip for someone who does not exist, in a tournament that does not exist.
    for (target, status) in [
        (format!("/t/{t}/players/999/slip"), 404),
        ("/t/999/players/1/slip".to_string(), 404),
    ] {
        let reply = web
            .clone()
            .from_address(loopback(60))
            .post_form(&target, form(&[("message", "hello")]))
            .await?;
        assert_eq!(reply.status, status, "POST {target}: {}", reply.body);
    }

    assert_eq!(c.last_seq().await?, seq, "refused requests write nothing");
    assert_eq!(c.director.desk.get(anne.id).await?, before);
    let slips = c
        .director
        .desk
        .register
        .clone()
        .list_slips(pb::ListSlipsRequest {
            tournament_id: 0,
            include_resolved: true,
        })
        .await?
        .into_inner();
    assert!(slips.slips.is_empty(), "no slip was recorded: {slips:?}");
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Live updates

/// `t1/pairings=12,t1/standings=14` → {topic: seq}.
fn stamp(data: &str) -> BTreeMap<String, u64> {
    data.split(',')
        .filter_map(|part| {
            let (topic, seq) = part.trim().split_once('=')?;
            Some((topic.to_string(), seq.parse().ok()?))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_live_stream_wakes_pairings_within_a_second_of_a_publish_and_not_on_registrations(
) -> anyhow::Result<()> {
    let c = Congress::open().await?;
    let t = c.t;
    let web = c.web();
    c.draw(1).await?;
    let topic = format!("t{t}/pairings");
    // The server announces a burst of changes together, recording its topics only after a short pause (200 ms):
    // let the set-up's burst settle so the streams below start from its final stamp.
    tokio::time::sleep(Duration::from_millis(500)).await;

    // The page carries the stamp the stream starts with, so live.js does not refetch for nothing.
    let (_, doc) = page(&web, &format!("/t/{t}/pairings")).await?;
    let body = doc.select(&css("body")).next().expect("a body");
    let topics = body
        .value()
        .attr("data-topics")
        .unwrap_or_default()
        .to_string();
    let page_stamp = body
        .value()
        .attr("data-stamp")
        .unwrap_or_default()
        .to_string();
    assert!(
        topics.split(',').any(|x| x == topic),
        "<body data-topics> names {topic}: {topics:?}"
    );
    let mut same = web.events(&format!("/live?topics={topics}")).await?;
    let first = same
        .next_within(Duration::from_secs(2))
        .await?
        .ok_or_else(|| anyhow!("no first event on connect"))?;
    assert_eq!(
        first.data, page_stamp,
        "the page's data-stamp is the stream's first stamp"
    );
    drop(same);

    let mut pairings = web.events(&format!("/live?topics={topic}")).await?;
    assert_eq!(pairings.status, 200);
    let ctype = pairings
        .headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    assert!(
        ctype.starts_with("text/event-stream"),
        "content-type {ctype:?}"
    );
    let first = pairings
        .next_within(Duration::from_secs(2))
        .await?
        .ok_or_else(|| anyhow!("no first event on connect"))?;
    assert_eq!(first.event, "change");
    let before = stamp(&first.data);
    assert!(before.contains_key(&topic), "first stamp {:?}", first.data);

    let mut players = web.events(&format!("/live?topics=t{t}/players")).await?;
    let players_first = players
        .next_within(Duration::from_secs(2))
        .await?
        .ok_or_else(|| anyhow!("no first players event"))?;

    // Over TLS too.
    let mut tls = c
        .venue
        .tls_web()?
        .events(&format!("/live?topics={topic}"))
        .await?;
    assert_eq!(
        tls.next_within(Duration::from_secs(2))
            .await?
            .map(|e| e.data),
        Some(first.data.clone()),
        "the TLS port streams the same stamp"
    );

    // Registrations and edits: the players topic moves, the pairings topic does not.
    let walk_in = c
        .director
        .desk
        .register
        .clone()
        .register_participant(pb::RegisterParticipantRequest {
            meta: meta(),
            fields: Some(pb::ParticipantFields {
                email: "walkin@example.test".into(),
                ..tengen_tests::player("Walk-in", "Wanda", "7k")
            }),
            enter: vec![enter(t)],
            check_in: true,
            different_person: true,
        })
        .await?
        .into_inner();
    c.director
        .desk
        .register
        .clone()
        .check_in(pb::EntryRequest {
            meta: meta(),
            participant_id: c.entrant("김").id,
            tournament_id: t,
            expected_revision: 0,
        })
        .await?;
    let moved = players
        .next_within(Duration::from_secs(2))
        .await?
        .ok_or_else(|| anyhow!("a registration must wake t{t}/players"))?;
    assert_ne!(moved.data, players_first.data);
    assert_eq!(
        pairings.next_within(Duration::from_secs(1)).await?,
        None,
        "registering {} and checking a player in must not wake {topic} (first stamp {:?})",
        walk_in.id,
        first.data
    );

    // Both arrived after the draw: the director decides they miss round 1 (nobody is left out silently), and the
    // round's stream settles before the publish is timed.
    for late in [walk_in.id, c.entrant("김").id] {
        c.director
            .edit(t, 1, pb::edit_round_request::Edit::MarkAbsent(late))
            .await?;
    }
    while pairings
        .next_within(Duration::from_millis(600))
        .await?
        .is_some()
    {}
    while tls.next_within(Duration::from_millis(100)).await?.is_some() {}

    // The publish does, within a second of its acknowledgement, stamped with its log entry.
    c.director.publish(t, 1).await?;
    let acked = Instant::now();
    let seq = c.last_seq().await?;
    let woke = pairings
        .next_within(Duration::from_secs(1))
        .await?
        .ok_or_else(|| anyhow!("no change event within 1 s of publishing round 1"))?;
    let latency = acked.elapsed();
    assert_eq!(woke.event, "change");
    assert_eq!(
        stamp(&woke.data).get(&topic),
        Some(&seq),
        "{topic} is stamped with the publish's seq: {:?}",
        woke.data
    );
    eprintln!("publish → SSE change event: {latency:?}");
    let tls_woke = tls.next_within(Duration::from_secs(1)).await?;
    assert_eq!(tls_woke.map(|e| e.data), Some(woke.data));
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Change slips

async fn slips(c: &Congress, include_resolved: bool) -> anyhow::Result<Vec<pb::Slip>> {
    Ok(c.director
        .desk
        .register
        .clone()
        .list_slips(pb::ListSlipsRequest {
            tournament_id: c.t,
            include_resolved,
        })
        .await?
        .into_inner()
        .slips)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_slip_waits_for_the_director_and_floods_are_limited() -> anyhow::Result<()> {
    let c = Congress::open().await?;
    let t = c.t;
    let anne = c.entrant("Côté").clone();
    let before = c.director.desk.get(anne.id).await?;
    let web = c.web().from_address(loopback(50));
    let target = format!("/t/{t}/players/{}", anne.number);

    // The form as the page gives it.
    let (_, doc) = page(&web, &target).await?;
    let form_el = doc
        .select(&css("form#slip"))
        .next()
        .ok_or_else(|| anyhow!("{target}: no form#slip"))?;
    let inputs: BTreeMap<String, String> = form_el
        .select(&css("input[name], select[name], textarea[name]"))
        .filter_map(|i| {
            let v = i.value();
            Some((
                v.attr("name")?.to_string(),
                v.attr("value").unwrap_or_default().to_string(),
            ))
        })
        .collect();
    for name in [
        "family_name",
        "given_name",
        "rank",
        "club",
        "country",
        "rounds",
        "message",
        "request_id",
    ] {
        assert!(
            inputs.contains_key(name),
            "{target}: the slip form has {name}: {inputs:?}"
        );
    }
    let request_id = inputs["request_id"].clone();
    assert!(!request_id.is_empty(), "the form carries a request id");
    for secret in &c.secrets {
        assert!(
            !form_el.html().contains(secret.as_str()),
            "the form shows {secret:?}"
        );
    }

    // Submitted: 303 to the confirmation; nothing changes in the register; the director sees it pending.
    let body = form(&[
        ("family_name", ""),
        ("given_name", ""),
        ("rank", ""),
        ("club", "Club de Laval"),
        ("country", ""),
        ("rounds", ""),
        ("message", "J'ai changé de club — 谢谢"),
        ("request_id", &request_id),
    ]);
    let action = format!("{target}/slip");
    let sent = web.post_form(&action, body.clone()).await?;
    assert_eq!(sent.status, 303, "{}", sent.body);
    let location = sent.location().unwrap_or_default();
    let location = location.split('#').next().unwrap_or_default();
    assert!(
        location.ends_with(&format!("{target}?slip=sent")),
        "303 to {target}?slip=sent, got {location:?}"
    );
    page(&web, &format!("{target}?slip=sent")).await?;
    let again = web.post_form(&action, body).await?;
    assert_eq!(
        again.status, 303,
        "a double submission is answered like the first"
    );
    assert_eq!(
        c.director.desk.get(anne.id).await?,
        before,
        "a slip changes nothing by itself"
    );
    let pending = slips(&c, false).await?;
    assert_eq!(
        pending.len(),
        1,
        "one pending slip (the retry is the same slip): {pending:?}"
    );
    // Issue 34: the player's page says the slip waits; the director's card shows the club as now → asked.
    let (_, doc) = page(&web, &target).await?;
    let state = texts(&doc, "#slip-state").join(" ");
    assert!(
        state.contains("waiting for the director"),
        "{target}: {state:?}"
    );
    let tls = c.venue.tls_web()?;
    let dana = tls.desk_session(c.venue.director_token(), "Dana").await?;
    let (_, dashboard) = page(&dana, &format!("/desk/director/{t}")).await?;
    let card = texts(&dashboard, "#slips .slip-card").join(" ");
    let club_before = before.fields.clone().unwrap_or_default().club;
    let shown = if club_before.is_empty() {
        "(none)"
    } else {
        club_before.as_str()
    };
    assert!(
        card.contains(&format!("club: {shown} → Club de Laval")),
        "the slip card shows old → new: {card:?}"
    );
    let slip = &pending[0];
    assert_eq!(slip.player.as_ref().map(|p| p.id), Some(anne.id));
    assert_eq!(slip.state, pb::SlipState::Pending as i32);
    let proposal = slip.proposal.clone().unwrap_or_default();
    assert_eq!(proposal.club.as_deref(), Some("Club de Laval"));
    assert_eq!(proposal.family_name, None, "a blank box proposes nothing");
    assert_eq!(proposal.message, "J'ai changé de club — 谢谢");

    // A flood from one address is cut off with 429; another address is still heard.
    let flood = c.web().from_address(loopback(51));
    let mut accepted = 0;
    let mut limited = 0;
    for (i, e) in c.entrants.iter().cycle().take(30).enumerate() {
        let id = format!("web-flood-{i}");
        let reply = flood
            .post_form(
                &format!("/t/{t}/players/{}/slip", e.number),
                form(&[("message", "flood"), ("request_id", &id)]),
            )
            .await?;
        match reply.status.as_u16() {
            303 => accepted += 1,
            429 => limited += 1,
            other => bail!("flood slip {i}: {other} after {accepted} accepted, {limited} limited"),
        }
    }
    assert!(
        limited > 0 && accepted < 30,
        "30 slips from one address are limited: {accepted} accepted"
    );
    assert_eq!(
        slips(&c, false).await?.len(),
        1 + accepted,
        "429s record nothing"
    );
    let other = c
        .web()
        .from_address(loopback(52))
        .post_form(
            &format!("/t/{t}/players/{}/slip", c.entrant("Ōta").number),
            form(&[("rank", "3d"), ("request_id", "web-other")]),
        )
        .await?;
    assert_eq!(
        other.status, 303,
        "another address is not limited: {}",
        other.body
    );

    // The director accepts: the change is made, contact data untouched, and the board shows it.
    let resolved = c
        .director
        .desk
        .register
        .clone()
        .resolve_slip(pb::ResolveSlipRequest {
            meta: meta(),
            slip_id: slip.id,
            accept: true,
            reason: String::new(),
            expected_revision: slip.participant_revision,
        })
        .await?
        .into_inner();
    assert_eq!(resolved.state, pb::SlipState::Accepted as i32);
    let after = c.director.desk.get(anne.id).await?;
    let (f0, f1) = (
        before.fields.unwrap_or_default(),
        after.fields.unwrap_or_default(),
    );
    assert_eq!(f1.club, "Club de Laval");
    assert_eq!(
        (&f1.email, &f1.phone, &f1.notes, f1.fee_cents),
        (&f0.email, &f0.phone, &f0.notes, f0.fee_cents)
    );
    assert_eq!(f1.family_name, f0.family_name);
    let (_, doc) = page(&c.web(), &format!("/t/{t}/players")).await?;
    let row = texts(&doc, "#players tr.row")
        .into_iter()
        .find(|r| names(r, &anne))
        .unwrap_or_default();
    assert!(
        row.contains("Club de Laval"),
        "the players page shows the new club: {row}"
    );
    assert!(
        !slips(&c, false).await?.iter().any(|s| s.id == slip.id),
        "an accepted slip is no longer pending"
    );

    // Issue 34: a slip the page cannot read comes back with what was typed, the reason red, nothing recorded.
    let ota = c.entrant("Ōta").clone();
    let ota_page = format!("/t/{t}/players/{}", ota.number);
    let pending_before = slips(&c, false).await?.len();
    let typo = c
        .web()
        .from_address(loopback(53))
        .post_form(
            &format!("{ota_page}/slip"),
            form(&[
                ("rank", "3 dann"),
                ("club", "Go Club Nord"),
                ("message", "Mon rang"),
                ("request_id", "web-typo"),
            ]),
        )
        .await?;
    assert_eq!(typo.status, 400, "{}", typo.body);
    let doc = Html::parse_document(&typo.body);
    let kept = |name: &str| {
        doc.select(&css(&format!("form#slip [name={name}]")))
            .next()
            .map(|e| {
                e.value()
                    .attr("value")
                    .map(str::to_string)
                    .unwrap_or_else(|| e.text().collect())
            })
            .unwrap_or_default()
    };
    assert_eq!(
        (kept("rank"), kept("club"), kept("message")),
        (
            "3 dann".to_string(),
            "Go Club Nord".to_string(),
            "Mon rang".to_string()
        ),
        "the typed text is kept: {}",
        typo.body
    );
    let error = texts(&doc, "#slip-error.error").join(" ");
    assert!(error.contains("3k or 2d"), "the reason, in red: {error:?}");
    assert_eq!(
        slips(&c, false).await?.len(),
        pending_before,
        "a refused slip records nothing"
    );

    // The director rejects Ōta's rank slip with a reason: the player's page says so.
    let ota_slip = slips(&c, false)
        .await?
        .into_iter()
        .filter(|s| s.player.as_ref().map(|p| p.id) == Some(ota.id))
        .max_by_key(|s| s.id)
        .ok_or_else(|| anyhow!("Ōta's rank slip (the last about Ōta) is pending"))?;
    c.director
        .desk
        .register
        .clone()
        .resolve_slip(pb::ResolveSlipRequest {
            meta: meta(),
            slip_id: ota_slip.id,
            accept: false,
            reason: "The EGD lists you as 1d; see the desk.".into(),
            expected_revision: ota_slip.participant_revision,
        })
        .await?;
    let (_, doc) = page(&c.web(), &ota_page).await?;
    let state = texts(&doc, "#slip-state.error").join(" ");
    assert!(
        state.contains("did not make") && state.contains("The EGD lists you as 1d; see the desk."),
        "{ota_page}: {state:?}"
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// 6. In a phone's browser

/// The likely cause of a page that takes many seconds to open after a few others (seen with Chromium 156).
const SLOW_PAGE_HINT: &str = "Over plain HTTP/1.1 a browser opens at most 6 connections to a host; pages kept \
    in the back/forward cache with their /live EventSource still open hold them (live.js should close the stream \
    on `pagehide` and reconnect on `pageshow`)";

/// Navigates to `url`, checks the page lays out at phone width with nothing cut off, and saves a screenshot.
async fn look_at(browser: &Browser, url: &str, shot: &str) -> anyhow::Result<()> {
    let started = Instant::now();
    let opened = browser.client.goto(url).await;
    let took = started.elapsed();
    if opened.is_err() || took >= Duration::from_secs(5) {
        let why = opened.err().map(|e| format!(" ({e})")).unwrap_or_default();
        bail!("opening {url} took {took:?}{why}: a phone waits as long. {SLOW_PAGE_HINT}");
    }
    let sizes = browser
        .eval(
            "return [document.documentElement.scrollWidth, window.innerWidth, \
             document.readyState, document.title];",
        )
        .await?;
    let (scroll, inner) = (
        sizes[0].as_u64().unwrap_or(0),
        sizes[1].as_u64().unwrap_or(0),
    );
    let path = browser.screenshot(shot).await?;
    ensure!(
        inner <= u64::from(tengen_tests::browser::PHONE_WIDTH),
        "{url}: laid out {inner} px wide on a 360 px phone (viewport meta missing?); see {}",
        path.display()
    );
    ensure!(
        scroll <= inner,
        "{url}: {scroll} px of content in a {inner} px window (something is cut off); see {}",
        path.display()
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_fits_a_phone_screen() -> anyhow::Result<()> {
    let shots = screenshot_dir();
    let Some(browser) = Browser::phone("every_page_fits_a_phone_screen", &shots).await? else {
        return Ok(());
    };
    let c = Congress::open().await?;
    c.publish_next(1).await?;
    c.finish(1).await?;
    c.publish_next(2).await?;
    let t = c.t;
    let plain = c.venue.public_url();
    let mallory = c.entrant("Drop").number;
    let anne = c.entrant("Côté").number;
    for (path, shot) in [
        ("/".to_string(), "home"),
        (format!("/t/{t}/pairings"), "pairings"),
        (format!("/t/{t}/pairings?round=1"), "pairings-round-1"),
        (format!("/t/{t}/standings"), "standings"),
        (format!("/t/{t}/players"), "players"),
        (format!("/t/{t}/players/{anne}"), "player"),
        (
            format!("/t/{t}/players/{anne}?slip=sent"),
            "player-slip-sent",
        ),
        (format!("/t/{t}/players/{mallory}"), "player-markup-name"),
        (format!("/t/{}/pairings", c.side), "pairings-none"),
        ("/t/999/pairings".to_string(), "not-found"),
    ] {
        look_at(&browser, &format!("{plain}{path}"), shot).await?;
    }
    // The markup name is on screen as text (an executed script would have left an alert open, failing the
    // commands above).
    browser
        .client
        .goto(&format!("{plain}/t/{t}/players/{mallory}"))
        .await?;
    let shown = browser
        .eval("return document.querySelector('main').innerText;")
        .await?;
    assert!(
        shown.as_str().unwrap_or_default().contains(MARKUP),
        "the markup name reads as typed on the player's page"
    );

    // The TLS port, with the venue's own certificate.
    let tls = c.venue.url();
    look_at(&browser, &format!("{tls}/"), "tls-home").await?;
    look_at(&browser, &format!("{tls}/t/{t}/pairings"), "tls-pairings").await?;
    let lines = browser
        .eval("return document.querySelectorAll('#by-name li.player').length;")
        .await?;
    assert!(
        lines.as_u64().unwrap_or(0) > 0,
        "the TLS port's pairings list is there"
    );
    eprintln!("screenshots in {}", shots.display());
    browser.close().await
}

/// Enters `players` in tournament `t`, checks them in, and closes its registration (numbering them).
async fn enter_checked_in(c: &Congress, t: u64, players: &[&Entrant]) -> anyhow::Result<()> {
    let register = c.director.desk.register.clone();
    for e in players {
        register
            .clone()
            .enter_tournament(pb::EnterTournamentRequest {
                meta: meta(),
                participant_id: e.id,
                entry: Some(enter(t)),
                expected_revision: 0,
            })
            .await?;
        register
            .clone()
            .check_in(pb::EntryRequest {
                meta: meta(),
                participant_id: e.id,
                tournament_id: t,
                expected_revision: 0,
            })
            .await?;
    }
    c.director.desk.set_registration_open(t, false).await?;
    Ok(())
}

/// Issue 15: a round robin's standings on a phone: the crosstable under the standings, one row per finalist with
/// their results against each number after two rounds (every game of the two rounds there once from each side),
/// no MMS column, and nothing cut off at 360 px. Then a knockout of the same six: its pairings name the two seeds
/// through without a game, and its standings show the bracket, round 1's four matches with the two byes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn side_events_show_their_crosstable_and_bracket_on_a_phone() -> anyhow::Result<()> {
    let shots = screenshot_dir();
    let Some(browser) = Browser::phone(
        "side_events_show_their_crosstable_and_bracket_on_a_phone",
        &shots,
    )
    .await?
    else {
        return Ok(());
    };
    let c = Congress::open().await?;
    let rr = create_tournament_as(&c.director, "Finale", 5, "round-robin").await?;
    let finalists: Vec<&Entrant> = c.entrants.iter().filter(|e| e.checked_in).take(6).collect();
    enter_checked_in(&c, rr, &finalists).await?;
    for n in 1..=2 {
        let round = c.director.play_white_wins(rr, n).await?;
        ensure!(
            round.games.len() == 3,
            "six finalists, three games: {round:?}"
        );
    }
    let url = format!("{}/t/{rr}/standings", c.venue.public_url());
    look_at(&browser, &url, "round-robin-standings").await?;
    let rows = browser
        .eval(
            "return [...document.querySelectorAll('.crosstable tbody tr')].map(r => \
             [...r.querySelectorAll('td')].slice(1).map(td => td.innerText.trim()));",
        )
        .await?;
    let rows: Vec<Vec<String>> = serde_json::from_value(rows)?;
    ensure!(rows.len() == 6, "one crosstable row per finalist: {rows:?}");
    for (i, row) in rows.iter().enumerate() {
        ensure!(row.len() == 6 && row[i] == "×", "row {i}: {row:?}");
        let played: Vec<&String> = row.iter().filter(|m| *m == "1" || *m == "0").collect();
        ensure!(
            played.len() == 2,
            "two games each after two rounds: {row:?}"
        );
    }
    let ones = rows.iter().flatten().filter(|m| *m == "1").count();
    let zeros = rows.iter().flatten().filter(|m| *m == "0").count();
    ensure!(
        ones == 6 && zeros == 6,
        "six games, each from both sides: {rows:?}"
    );
    let headers = browser
        .eval("return [...document.querySelectorAll('#standings th')].map(th => th.innerText.trim());")
        .await?;
    let headers: Vec<String> = serde_json::from_value(headers)?;
    ensure!(
        !headers.iter().any(|h| h == "MMS"),
        "no McMahon score in a round robin: {headers:?}"
    );

    // The same six in round-robin zones of three: each zone placed on its own under its name, a crosstable each.
    let zones = create_in_groups(&c.director, "Zones", 3, "round-robin", 3).await?;
    enter_checked_in(&c, zones, &finalists).await?;
    let round = c.director.play_white_wins(zones, 1).await?;
    ensure!(
        round.games.len() == 2,
        "one game in each zone of three: {round:?}"
    );
    look_at(
        &browser,
        &format!("{}/t/{zones}/standings", c.venue.public_url()),
        "zones-standings",
    )
    .await?;
    let layout = browser
        .eval(
            "return [...document.querySelectorAll('#standings tbody tr')].map(r =>              r.classList.contains('group') ? r.innerText.trim() : 'row');",
        )
        .await?;
    let layout: Vec<String> = serde_json::from_value(layout)?;
    ensure!(
        layout == ["Group 1", "row", "row", "row", "Group 2", "row", "row", "row"],
        "each zone under its name: {layout:?}"
    );
    let grids = browser
        .eval(
            "return [...document.querySelectorAll('.crosstable')].map(t =>              t.querySelectorAll('tbody tr').length);",
        )
        .await?;
    let grids: Vec<u64> = serde_json::from_value(grids)?;
    ensure!(grids == [3, 3], "a crosstable per zone: {grids:?}");
    // Once the zones have played every round, the group winners' table: groups start at no MMS, so it has no
    // such column.
    for n in 2..=3 {
        c.director.play_white_wins(zones, n).await?;
    }
    look_at(
        &browser,
        &format!("{}/t/{zones}/standings", c.venue.public_url()),
        "zones-final-standings",
    )
    .await?;
    let headings = browser
        .eval("return [...document.querySelectorAll('#sections th')].map(th => th.innerText).join(' ');")
        .await?;
    ensure!(
        headings.as_str() == Some("Group Players Winner"),
        "{headings}"
    );

    let ko = create_tournament_as(&c.director, "Coupe", 3, "knockout").await?;
    enter_checked_in(&c, ko, &finalists).await?;
    let round = c.director.draw(ko, 1, false, false).await?;
    ensure!(
        round.games.len() == 2 && round.advancing.len() == 2,
        "six in a bracket of eight: two games, two byes: {round:?}"
    );
    c.director.publish(ko, 1).await?;
    c.director
        .report(ko, 1, round.games[0].table, pb::Outcome::WhiteWins)
        .await?;
    let public = c.venue.public_url();
    look_at(
        &browser,
        &format!("{public}/t/{ko}/pairings"),
        "knockout-pairings",
    )
    .await?;
    let through = browser
        .eval("return document.querySelector('#advancing').innerText;")
        .await?;
    let through = through.as_str().unwrap_or_default();
    for p in &round.advancing {
        let e = c.by_id(p.id);
        ensure!(names(through, e), "{through:?} names {}", e.family);
    }
    look_at(
        &browser,
        &format!("{public}/t/{ko}/standings"),
        "knockout-standings",
    )
    .await?;
    let matches = browser
        .eval(
            "return [...document.querySelectorAll('ol.bracket')].map(o => \
             [...o.querySelectorAll('li.match')].map(li => li.innerText));",
        )
        .await?;
    let matches: Vec<Vec<String>> = serde_json::from_value(matches)?;
    ensure!(
        matches.len() == 3,
        "three rounds in the bracket: {matches:?}"
    );
    ensure!(
        matches[0].len() == 4 && matches[1].len() == 2 && matches[2].len() == 1,
        "{matches:?}"
    );
    let byes = matches[0].iter().filter(|m| m.contains("bye")).count();
    ensure!(byes == 2, "two byes in round 1: {matches:?}");
    let decided = matches[0].iter().filter(|m| m.contains("Through:")).count();
    ensure!(decided == 3, "two byes and one result decided: {matches:?}");

    // The same six in a double elimination: after two rounds the standings show the winners' section as a
    // bracket and round 2's losers' section game.
    let de = create_tournament_as(&c.director, "Judan", 6, "double-elimination").await?;
    enter_checked_in(&c, de, &finalists).await?;
    for n in 1..=2 {
        c.director.play_white_wins(de, n).await?;
    }
    look_at(
        &browser,
        &format!("{public}/t/{de}/standings"),
        "double-elimination-standings",
    )
    .await?;
    let sections = browser
        .eval(
            "return [document.querySelector('#bracket').innerText, \
             [...document.querySelectorAll('h3.losers')].map(h => h.innerText), \
             [...document.querySelectorAll('ol.losers li.match')].length];",
        )
        .await?;
    let (bracket_heading, losers, games): (String, Vec<String>, u64) =
        serde_json::from_value(sections)?;
    ensure!(bracket_heading == "Winners' section", "{bracket_heading}");
    ensure!(
        losers == ["Losers' section: round 2"] && games == 1,
        "round 1's two losers met in round 2: {losers:?} {games}"
    );

    // The same six on a club ladder: #3 challenges #1 and wins, and the standings page is the ladder.
    let ladder = create_tournament_as(&c.director, "Ladder", 1, "ladder").await?;
    enter_checked_in(&c, ladder, &finalists).await?;
    let after = c
        .director
        .rounds
        .clone()
        .record_ladder_game(pb::RecordLadderGameRequest {
            meta: tengen_tests::meta(),
            tournament_id: ladder,
            challenger: 3,
            defender: 1,
            outcome: "challenger".into(),
        })
        .await?
        .into_inner();
    ensure!(after.games.len() == 1, "{after:?}");
    look_at(
        &browser,
        &format!("{public}/t/{ladder}/standings"),
        "ladder-standings",
    )
    .await?;
    let rows = browser
        .eval(
            "return [...document.querySelectorAll('#ladder tbody tr')].map(r =>              r.querySelector('td.name a').innerText.trim().split(' ')[0]);",
        )
        .await?;
    let rows: Vec<String> = serde_json::from_value(rows)?;
    ensure!(
        rows == ["#3", "#2", "#1", "#4", "#5", "#6"],
        "the challenger took the top rung: {rows:?}"
    );
    let games = browser
        .eval("return document.querySelector('#ladder-games').innerText;")
        .await?;
    ensure!(
        games
            .as_str()
            .is_some_and(|g| g.contains("the challenger won")),
        "{games:?}"
    );

    // #1's own page, now on rung 3: the rungs within reach above, their game, and a change slip that asks for no
    // rounds.
    look_at(
        &browser,
        &format!("{public}/t/{ladder}/players/1"),
        "ladder-player",
    )
    .await?;
    let page = browser
        .eval(
            "return [document.querySelector('#standing').innerText, \
             [...document.querySelectorAll('#challenges li')].map(li => li.innerText), \
             document.querySelector('#ladder-games').innerText, \
             !!document.querySelector('#slip input[name=rounds]')];",
        )
        .await?;
    let (standing, challenges, games, asks_rounds): (String, Vec<String>, String, bool) =
        serde_json::from_value(page)?;
    ensure!(standing == "Rung 3 of 6 · 1 game · 0 wins", "{standing}");
    let challenges: Vec<&str> = challenges
        .iter()
        .filter_map(|c| c.split_whitespace().next())
        .collect();
    ensure!(challenges == ["#3", "#2"], "{challenges:?}");
    ensure!(games.starts_with("Lost to #3"), "{games}");
    ensure!(!asks_rounds, "a ladder's change slip asks for no rounds");
    look_at(
        &browser,
        &format!("{public}/t/{ladder}/players"),
        "ladder-players",
    )
    .await?;
    let headings = browser
        .eval("return [...document.querySelectorAll('#players th')].map(th => th.innerText).join(' ');")
        .await?;
    ensure!(
        headings.as_str() == Some("# Name Rank Club Country Status"),
        "a ladder's player list has no rounds column: {headings}"
    );
    browser.close().await
}

/// Every `li.player` of `#by-name`: its text and whether it is shown.
async fn pairing_lines(browser: &Browser) -> anyhow::Result<Vec<(String, bool)>> {
    let v = browser
        .eval(
            "return Array.from(document.querySelectorAll('#by-name li.player')).map(li => \
             [li.textContent.replace(/\\s+/g, ' ').trim(), \
              !li.hidden && getComputedStyle(li).display !== 'none' && li.getClientRects().length > 0]);",
        )
        .await?;
    let lines = v
        .as_array()
        .ok_or_else(|| anyhow!("not a list: {v}"))?
        .iter()
        .map(|pair| {
            (
                pair[0].as_str().unwrap_or_default().to_string(),
                pair[1].as_bool().unwrap_or(false),
            )
        })
        .collect();
    Ok(lines)
}

/// Types `letters` into `#search` (after clearing it) and checks that `e`'s line is shown with its table and
/// that lines not naming `e` are hidden.
async fn search_finds(
    browser: &Browser,
    letters: &str,
    e: &Entrant,
    table: u32,
) -> anyhow::Result<()> {
    let search = browser
        .client
        .find(fantoccini::Locator::Css("#search"))
        .await
        .context("the pairings page has #search")?;
    search.clear().await?;
    search.send_keys(letters).await?;
    // The filter runs on input; give it a moment to settle.
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        let lines = pairing_lines(browser).await?;
        let mine = lines
            .iter()
            .find(|(l, _)| first_number(l) == Some(e.number));
        let hidden_others = lines
            .iter()
            .filter(|(l, shown)| !names(l, e) && !shown)
            .count();
        let shown_others: Vec<_> = lines
            .iter()
            .filter(|(l, shown)| !names(l, e) && *shown)
            .collect();
        let ok = mine.is_some_and(|(l, shown)| *shown && l.contains(&format!("Table {table}")))
            && hidden_others > 0
            && shown_others.is_empty();
        if ok {
            return Ok(());
        }
        if Instant::now() > deadline {
            let shot = browser.screenshot(&format!("search-{}", e.number)).await?;
            bail!(
                "typing {letters:?}: #{}'s line must be shown with `Table {table}` and the others hidden; \
                 lines (text, shown): {lines:?}; see {}",
                e.number,
                shot.display()
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The table `e` plays at in `round`.
fn table_of(round: &pb::Round, e: &Entrant) -> Option<u32> {
    round
        .games
        .iter()
        .find(|g| {
            [&g.white, &g.black]
                .iter()
                .any(|p| p.as_ref().is_some_and(|p| p.id == e.id))
        })
        .map(|g| g.table)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_finds_its_table_by_typing_and_sees_the_next_round_without_reloading(
) -> anyhow::Result<()> {
    let shots = screenshot_dir();
    let test = "a_phone_finds_its_table_by_typing_and_sees_the_next_round_without_reloading";
    let Some(browser) = Browser::phone(test, &shots).await? else {
        return Ok(());
    };
    let c = Congress::open().await?;
    let t = c.t;
    let r1 = c.publish_next(1).await?;
    let url = format!("{}/t/{t}/pairings", c.venue.public_url());
    look_at(&browser, &url, "live-before").await?;

    // Three letters of a name (any case, accents optional) leave that player's line, with its table.
    for (letters, family) in [("kow", "Kowalski"), ("cot", "Côté"), ("山田", "山田")] {
        let e = c.entrant(family).clone();
        match table_of(&r1, &e) {
            Some(table) => search_finds(&browser, letters, &e, table).await?,
            None => eprintln!("{family} has the bye in round 1: search not checked"),
        }
    }
    browser.screenshot("live-search").await?;

    // The next round appears by itself.
    browser
        .eval("window.__tengenNoReload = 'still here'; return null;")
        .await?;
    c.finish(1).await?;
    let r2 = c.draw(2).await?;
    let r2 = c.director.publish(t, r2.number).await?;
    let acked = Instant::now();
    let pair = &r2.games[0];
    let (white, black) = (
        c.by_id(pair.white.as_ref().expect("white").id).clone(),
        c.by_id(pair.black.as_ref().expect("black").id).clone(),
    );
    let deadline = acked + Duration::from_secs(3);
    let latency = loop {
        let state = browser
            .eval(
                "return [window.__tengenNoReload || null, \
                 (document.querySelector('main') || document.body).innerText, location.href];",
            )
            .await?;
        let main = state[1].as_str().unwrap_or_default().to_string();
        let rows = browser
            .eval(
                "return Array.from(document.querySelectorAll('#by-table tr.game')).map(r => r.textContent);",
            )
            .await?;
        let shows_pair = rows.as_array().is_some_and(|rows| {
            rows.iter().any(|r| {
                names(r.as_str().unwrap_or_default(), &white)
                    && names(r.as_str().unwrap_or_default(), &black)
            })
        });
        if main.contains("Round 2") && shows_pair {
            assert_eq!(
                state[0].as_str(),
                Some("still here"),
                "the page updated in place (no reload)"
            );
            assert_eq!(state[2].as_str(), Some(url.as_str()), "no navigation");
            break acked.elapsed();
        }
        if Instant::now() > deadline {
            let shot = browser.screenshot("live-not-updated").await?;
            bail!(
                "round 2 did not appear within 3 s of its publication (no reload); main reads:\n{main}\nsee {}",
                shot.display()
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    browser.screenshot("live-after").await?;
    eprintln!("publish → round 2 on the phone: {latency:?}");
    assert!(
        latency <= Duration::from_millis(1500),
        "round 2 appeared {latency:?} after its publication (about a second expected)"
    );
    let sizes = browser
        .eval("return [document.documentElement.scrollWidth, window.innerWidth];")
        .await?;
    assert!(
        sizes[0].as_u64() <= sizes[1].as_u64(),
        "nothing cut off after the update: {sizes}"
    );
    let kept = browser
        .eval(
            "return document.querySelector('#search') && document.querySelector('#search').value;",
        )
        .await?;
    assert_eq!(
        kept.as_str(),
        Some("山田"),
        "what was typed survives the live update"
    );
    let yamada = c.entrant("山田").clone();
    let lines = pairing_lines(&browser).await?;
    assert!(
        lines
            .iter()
            .any(|(l, shown)| *shown && first_number(l) == Some(yamada.number))
            && lines.iter().all(|(l, shown)| !shown || names(l, &yamada)),
        "the filter still applies after the live update: {lines:?}"
    );
    browser.close().await
}
