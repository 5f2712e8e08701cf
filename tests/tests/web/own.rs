//! Issue 31, players on their own phones: a kiosk self check-in with the "this is me" step (a wrong code first,
//! refused red with the field emptied), then a round whose results come from the players — one table reported by
//! both players on a phone, one by two players who disagree (a mismatch for the desk), one by a player and a
//! results desk — and the refusals: the opponent's code, and a brute force of codes stopped by the guard with
//! nothing changed. No code ever reaches a public page or a log line. A real server over TLS, headless Chromium,
//! plain HTTPS for the second phone; screenshots in `target/web-screenshots/own-*.png`.

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::{ensure, Context as _};
use tengen_tests::browser::{Browser, Viewport};
use tengen_tests::web::Reply;
use tengen_tests::web::WebClient;
use tengen_tests::{meta, pb};

use super::desk::{click, player_id, type_into, wait_text, Event};
use super::screenshot_dir;

const PHONE: Viewport = Viewport {
    width: 390,
    height: 844,
    mobile: true,
};

const WAIT: Duration = Duration::from_secs(5);

/// Turns on self check-in and players' own results.
async fn switch_on(e: &Event) -> anyhow::Result<()> {
    e.update_settings(|s| {
        s.self_check_in = true;
        s.player_results = true;
    })
    .await
}

/// Each player's code by family name, from the director's CSV (as the organisers mail them).
async fn codes(e: &Event) -> anyhow::Result<BTreeMap<String, String>> {
    let dana = e
        .venue
        .tls_web()?
        .desk_session(e.venue.director_token(), "Dana")
        .await?;
    let csv = dana
        .get(&format!("/desk/director/{}/codes.csv", e.t))
        .await?
        .expect(200, "the codes CSV")?;
    ensure!(csv.header("cache-control") == Some("no-store"));
    let mut codes = BTreeMap::new();
    for line in csv.body.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        ensure!(cells.len() == 6, "six columns: {line}");
        codes.insert(cells[1].to_string(), cells[4].to_string());
    }
    Ok(codes)
}

/// A player's round 1 result sent as their phone's form would, from `from` (`confirm`: the second step).
async fn report(
    web: &WebClient,
    e: &Event,
    number: u32,
    table: u32,
    says: &str,
    code: &str,
) -> anyhow::Result<u16> {
    report_in(web, e, 1, number, table, says, code).await
}

/// A player's result of round `round`, as [`report`].
async fn report_in(
    web: &WebClient,
    e: &Event,
    round: u32,
    number: u32,
    table: u32,
    says: &str,
    code: &str,
) -> anyhow::Result<u16> {
    let body = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs([
            (
                "request_id",
                format!("own-{round}-{number}-{table}-{says}-{code}").as_str(),
            ),
            ("round", &round.to_string()),
            ("table", &table.to_string()),
            ("says", says),
            ("code", code),
            ("confirm", "yes"),
        ])
        .finish();
    let reply = web
        .post_form(&format!("/t/{}/players/{number}/result", e.t), body)
        .await?;
    Ok(reply.status.as_u16())
}

/// The reports of `table` in round 1, and its confirmed outcome.
async fn table_state(e: &Event, table: u32) -> anyhow::Result<(usize, Option<i32>, pb::Game)> {
    let round = e.director.round(e.t, 1).await?;
    let g = round
        .games
        .into_iter()
        .find(|g| g.table == table)
        .context("the table")?;
    Ok((g.reports.len(), g.confirmed.as_ref().map(|c| c.outcome), g))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_31_players_check_themselves_in_and_report_their_own_results_on_their_phones(
) -> anyhow::Result<()> {
    let test = "issue_31_players_check_themselves_in_and_report_their_own_results_on_their_phones";
    let e = Event::open(8, true, false).await?;
    switch_on(&e).await?;
    let codes = codes(&e).await?;
    ensure!(
        codes.len() == 8 && codes.values().all(|c| c.len() == 7),
        "{codes:?}"
    );
    let Some(phone) = Browser::sized(test, &screenshot_dir(), PHONE).await? else {
        return Ok(());
    };

    // The entrance tablet: a wrong code is refused red with the field emptied; then "this is me".
    let kiosk = format!("{}/t/{}/checkin?kiosk=1", e.venue.url(), e.t);
    phone.client.goto(&kiosk).await?;
    phone.screenshot("own-checkin-empty").await?;
    type_into(&phone, "input[name=code]", "222-222").await?;
    click(&phone, "form.own button").await?;
    wait_text(
        &phone,
        "#check-in-error",
        "not your personal code",
        WAIT,
        "own-checkin-wrong",
    )
    .await?;
    let field = phone
        .eval("const a = document.activeElement; return [a.name, a.value];")
        .await?;
    ensure!(
        field == serde_json::json!(["code", ""]),
        "emptied and focused: {field}"
    );
    type_into(&phone, "input[name=code]", &codes["Abe"].to_lowercase()).await?;
    click(&phone, "form.own button").await?;
    wait_text(&phone, "#who", "Abe Ken", WAIT, "own-checkin-this-is-me").await?;
    phone.screenshot("own-checkin-this-is-me").await?;
    let abe = e.players[0].id;
    let status = |p: pb::Participant| {
        p.entries
            .iter()
            .find(|x| x.tournament_id == e.t)
            .map(|x| x.status)
    };
    ensure!(
        status(e.director.desk.get(abe).await?) == Some(pb::EntryStatus::PreRegistered as i32),
        "nothing changes before \"this is me\""
    );
    click(&phone, "form.own button").await?;
    wait_text(
        &phone,
        "#check-in-done",
        "Welcome, Abe Ken",
        WAIT,
        "own-checkin-welcome",
    )
    .await?;
    ensure!(
        status(e.director.desk.get(abe).await?) == Some(pb::EntryStatus::CheckedIn as i32),
        "checked in by the player"
    );

    // The others at the desk; the round is drawn and published.
    check_in(&e, &e.players[1..]).await?;
    e.director.draw(e.t, 1, false, false).await?;
    e.director.publish(e.t, 1).await?;
    let numbers = e.numbers().await?;
    let round = e.director.round(e.t, 1).await?;
    let family = |id: u64| {
        e.players
            .iter()
            .find(|p| p.id == id)
            .map(|p| {
                p.fields
                    .as_ref()
                    .map_or(String::new(), |f| f.family_name.clone())
            })
            .unwrap_or_default()
    };
    let seat = |table: u32| -> anyhow::Result<(u64, u64)> {
        let g = round
            .games
            .iter()
            .find(|g| g.table == table)
            .context("table")?;
        Ok((player_id(&g.white), player_id(&g.black)))
    };

    // Table 1: White reports on the phone ("is that right?" first), Black agrees from another phone.
    let (w1, b1) = seat(1)?;
    phone
        .client
        .goto(&format!(
            "{}/t/{}/players/{}",
            e.venue.url(),
            e.t,
            numbers[&w1]
        ))
        .await?;
    wait_text(
        &phone,
        "#report h2",
        "Report your result",
        WAIT,
        "own-report-form",
    )
    .await?;
    click(&phone, "input[name=says][value=won]").await?;
    type_into(&phone, "#report input[name=code]", &codes[&family(w1)]).await?;
    click(&phone, "#report form.own button").await?;
    wait_text(&phone, "#check", "won against", WAIT, "own-report-check").await?;
    phone.screenshot("own-report-check").await?;
    ensure!(
        table_state(&e, 1).await?.0 == 0,
        "nothing is reported before \"yes\""
    );
    click(&phone, "form.own button").await?;
    wait_text(
        &phone,
        "#report-sent",
        "your result is in",
        WAIT,
        "own-report-sent",
    )
    .await?;
    let other_phone = e.venue.tls_web()?.from_address("127.0.0.5".parse()?);
    let status = report(
        &other_phone,
        &e,
        numbers[&b1],
        1,
        "lost",
        &codes[&family(b1)],
    )
    .await?;
    ensure!(status == 303, "Black's report is taken: {status}");
    let (_, confirmed, _) = table_state(&e, 1).await?;
    ensure!(
        confirmed == Some(pb::Outcome::WhiteWins as i32),
        "both players agreeing confirm the result"
    );

    // Table 2: both say they won — a mismatch for the results desk.
    let (w2, b2) = seat(2)?;
    for p in [w2, b2] {
        let status = report(&other_phone, &e, numbers[&p], 2, "won", &codes[&family(p)]).await?;
        ensure!(status == 303, "{status}");
    }
    let (reports, confirmed, _) = table_state(&e, 2).await?;
    ensure!(reports == 2 && confirmed.is_none(), "a mismatch");

    // Table 3: a player and a results desk agree.
    let (_, b3) = seat(3)?;
    let status = report(
        &other_phone,
        &e,
        numbers[&b3],
        3,
        "won",
        &codes[&family(b3)],
    )
    .await?;
    ensure!(status == 303, "{status}");
    let desk = e.venue.play_desk("results-1", pb::Role::Results).await?;
    desk.report(e.t, 1, 3, pb::Outcome::BlackWins).await?;
    ensure!(table_state(&e, 3).await?.1 == Some(pb::Outcome::BlackWins as i32));

    // Table 4: the opponent's code is refused, and guessing is stopped with nothing changed.
    let (w4, b4) = seat(4)?;
    let status = report(
        &other_phone,
        &e,
        numbers[&w4],
        4,
        "won",
        &codes[&family(b4)],
    )
    .await?;
    ensure!(status == 403, "the opponent's code: {status}");
    let guesser = e.venue.tls_web()?.from_address("127.0.0.9".parse()?);
    let mut refused = Vec::new();
    for i in 0..12 {
        let guess = format!("{:06}", 234_567 + i * 3);
        refused.push(report(&guesser, &e, numbers[&b4], 4, "won", &guess).await?);
    }
    ensure!(
        refused[..5].iter().all(|s| *s == 403) && refused[5..].iter().all(|s| *s == 429),
        "wrong codes, then a pause: {refused:?}"
    );
    let right = report(&guesser, &e, numbers[&b4], 4, "won", &codes[&family(b4)]).await?;
    ensure!(
        right == 429,
        "even the right code waits out the pause: {right}"
    );
    ensure!(
        table_state(&e, 4).await?.0 == 0,
        "nothing changed at table 4"
    );

    // The results desk sees which tables the players settled.
    let results_token = e.token("results-2", pb::Role::Results).await?;
    let results = e
        .venue
        .tls_web()?
        .desk_session(&results_token, "Rita")
        .await?
        .get(&format!("/desk/results/{}", e.t))
        .await?
        .expect(200, "the results desk")?;
    ensure!(
        results.body.contains("settled by both players"),
        "the results desk says so"
    );

    // No code on any public page, nor in the server's log lines.
    let public = e.venue.tls_web()?;
    let mut pages = vec![
        format!("/t/{}/players", e.t),
        format!("/t/{}/pairings", e.t),
        format!("/t/{}/standings", e.t),
    ];
    pages.extend(numbers.values().map(|n| format!("/t/{}/players/{n}", e.t)));
    for page in pages {
        let body = public.get(&page).await?.body;
        for code in codes.values() {
            ensure!(
                !body.contains(code.as_str()) && !body.contains(&code.replace('-', "")),
                "{page} shows no code"
            );
        }
    }
    let logs = e.venue.logs();
    for code in codes.values() {
        ensure!(
            !logs.contains(&code.replace('-', "")),
            "no code in a log line"
        );
    }
    phone.close().await
}

/// Checks `players` in at a desk and closes registration.
async fn check_in(e: &Event, players: &[pb::Participant]) -> anyhow::Result<()> {
    let mut register = e.director.desk.register.clone();
    for p in players {
        register
            .check_in(pb::EntryRequest {
                meta: meta(),
                participant_id: p.id,
                tournament_id: e.t,
                expected_revision: 0,
            })
            .await?;
    }
    e.director.desk.set_registration_open(e.t, false).await?;
    Ok(())
}

/// Checks everyone in, closes registration, draws and publishes round `n`; the round's games by table.
async fn play_round(e: &Event, n: u32) -> anyhow::Result<Vec<(u32, u64, u64)>> {
    if n == 1 {
        check_in(e, &e.players).await?;
    }
    e.director.draw(e.t, n, false, false).await?;
    let round = e.director.publish(e.t, n).await?;
    Ok(round
        .games
        .iter()
        .map(|g| (g.table, player_id(&g.white), player_id(&g.black)))
        .collect())
}

/// The share of a round the players settle by themselves: 20 players on their phones, ten tables — six reported
/// by both players, two by one player and a results desk, one by two players who disagree (the desk settles it),
/// one by two desks. Then a code used for a game of a closed round is refused with nothing changed. The numbers
/// are printed for the closing note.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_31_a_round_is_settled_mostly_from_phones_and_a_closed_rounds_game_stays_shut(
) -> anyhow::Result<()> {
    let e = Event::open(20, true, false).await?;
    switch_on(&e).await?;
    let codes = codes(&e).await?;
    let games = play_round(&e, 1).await?;
    ensure!(games.len() == 10, "ten tables: {games:?}");
    let numbers = e.numbers().await?;
    let code_of = |id: u64| -> anyhow::Result<String> {
        let family = e
            .players
            .iter()
            .find(|p| p.id == id)
            .and_then(|p| p.fields.as_ref())
            .map(|f| f.family_name.clone())
            .context("a player")?;
        codes.get(&family).cloned().context("their code")
    };
    // Each phone is a device of its own.
    let phone = |i: u64| -> anyhow::Result<WebClient> {
        Ok(e.venue
            .tls_web()?
            .from_address(format!("127.0.1.{}", i % 250 + 1).parse()?))
    };
    let desk_1 = e.venue.play_desk("results-1", pb::Role::Results).await?;
    let desk_2 = e.venue.play_desk("results-2", pb::Role::Results).await?;
    for (table, white, black) in &games {
        let (w, b) = (numbers[white], numbers[black]);
        match table {
            1..=6 => {
                ensure!(
                    report(&phone(*white)?, &e, w, *table, "won", &code_of(*white)?).await? == 303
                );
                ensure!(
                    report(&phone(*black)?, &e, b, *table, "lost", &code_of(*black)?).await? == 303
                );
            }
            7 | 8 => {
                ensure!(
                    report(&phone(*black)?, &e, b, *table, "won", &code_of(*black)?).await? == 303
                );
                desk_1
                    .report(e.t, 1, *table, pb::Outcome::BlackWins)
                    .await?;
            }
            9 => {
                ensure!(
                    report(&phone(*white)?, &e, w, *table, "won", &code_of(*white)?).await? == 303
                );
                ensure!(
                    report(&phone(*black)?, &e, b, *table, "won", &code_of(*black)?).await? == 303
                );
                let (reports, confirmed, _) = table_state(&e, 9).await?;
                ensure!(
                    reports == 2 && confirmed.is_none(),
                    "two players who disagree: a mismatch"
                );
                desk_1
                    .report(e.t, 1, *table, pb::Outcome::WhiteWins)
                    .await?;
            }
            _ => {
                desk_1
                    .report(e.t, 1, *table, pb::Outcome::WhiteWins)
                    .await?;
                desk_2
                    .report(e.t, 1, *table, pb::Outcome::WhiteWins)
                    .await?;
            }
        }
    }
    let round = e.director.round(e.t, 1).await?;
    let by_players = round
        .games
        .iter()
        .filter(|g| g.confirmed.is_some())
        .filter(|g| {
            let players = g
                .reports
                .iter()
                .filter(|r| r.role == pb::Role::Public as i32)
                .count();
            players >= 2 && g.reports.iter().all(|r| r.role == pb::Role::Public as i32)
        })
        .count();
    let with_a_player = round
        .games
        .iter()
        .filter(|g| g.reports.iter().any(|r| r.role == pb::Role::Public as i32))
        .count();
    let confirmed = round.games.iter().filter(|g| g.confirmed.is_some()).count();
    println!(
        "issue 31 simulated round: {confirmed}/10 confirmed; {by_players}/10 settled by the players alone; \
         {with_a_player}/10 with a player's report; desks typed {} entries",
        round.games.iter().flat_map(|g| &g.reports).filter(|r| r.role == pb::Role::Results as i32).count()
    );
    ensure!(confirmed == 10, "every table confirmed: {confirmed}");
    ensure!(
        by_players == 6,
        "six tables settled by the players alone: {by_players}"
    );
    ensure!(
        table_state(&e, 9).await?.1 == Some(pb::Outcome::WhiteWins as i32),
        "the desk settled the disagreement"
    );

    // Round 1 closes, round 2 is published: a code works only for the player's game of the open round.
    e.director.close(e.t, 1).await?;
    play_round(&e, 2).await?;
    let (table, white, _) = games[9];
    let before = table_state(&e, table).await?;
    let status = report_in(
        &phone(white)?,
        &e,
        1,
        numbers[&white],
        table,
        "lost",
        &code_of(white)?,
    )
    .await?;
    ensure!(status == 409, "a closed round's game: {status}");
    let after = table_state(&e, table).await?;
    ensure!(
        before.0 == after.0 && before.1 == after.1,
        "nothing changed in round 1"
    );
    // The refusal is worded on the player's page in their language.
    let page: Reply = phone(white)?
        .with_cookie("tengen-lang=fr")?
        .post_form(
            &format!("/t/{}/players/{}/result", e.t, numbers[&white]),
            format!(
                "request_id=late-fr&round=1&table={table}&says=lost&confirm=yes&code={}",
                code_of(white)?
            ),
        )
        .await?;
    ensure!(
        page.status.as_u16() == 409 && page.body.contains("La ronde 1 est close"),
        "in French: {} {}",
        page.status,
        page.body.len()
    );
    // A wrong code empties the code field and keeps what the player chose.
    let round_2 = e.director.round(e.t, 2).await?;
    let g = &round_2.games[0];
    let white = player_id(&g.white);
    let wrong: Reply = phone(white)?
        .post_form(
            &format!("/t/{}/players/{}/result", e.t, numbers[&white]),
            format!(
                "request_id=wrong-1&round=2&table={}&says=lost&code=222-222",
                g.table
            ),
        )
        .await?;
    ensure!(
        wrong.status.as_u16() == 403
            && wrong.body.contains(r#"value="lost" checked"#)
            && !wrong.body.contains("222-222"),
        "the choice kept, the code gone: {}",
        wrong.status
    );
    Ok(())
}

/// The board in the reader's language: Japanese and French from the browser's Accept-Language, then switched by
/// hand on the page and remembered on the next page; ranks and colours in the language's own words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_31_the_board_speaks_the_readers_language() -> anyhow::Result<()> {
    let test = "issue_31_the_board_speaks_the_readers_language";
    let e = Event::open(8, true, true).await?;
    switch_on(&e).await?;
    e.director.draw(e.t, 1, false, false).await?;
    e.director.publish(e.t, 1).await?;
    let Some(ja) = Browser::speaking(test, &screenshot_dir(), PHONE, "ja,en;q=0.5").await? else {
        return Ok(());
    };
    let pairings = format!("{}/t/{}/pairings", e.venue.url(), e.t);
    ja.client.goto(&pairings).await?;
    wait_text(&ja, "h1", "第1回戦の組み合わせ", WAIT, "lang-ja-pairings").await?;
    let lang = ja.eval("return document.documentElement.lang;").await?;
    ensure!(lang == serde_json::json!("ja"), "html lang: {lang}");
    wait_text(&ja, "#by-name", "3段", WAIT, "lang-ja-ranks").await?;
    wait_text(&ja, "#by-table thead", "白", WAIT, "lang-ja-colours").await?;
    ja.screenshot("lang-ja-pairings").await?;

    // Switched by hand: the French link, then the next page stays French.
    click(&ja, "#languages a[lang=fr]").await?;
    wait_text(
        &ja,
        "h1",
        "Appariements de la ronde 1",
        WAIT,
        "lang-switched-fr",
    )
    .await?;
    let url = ja.client.current_url().await?;
    ensure!(
        !url.as_str().contains("lang="),
        "the address is clean again: {url}"
    );
    ja.client
        .goto(&format!("{}/t/{}/standings", e.venue.url(), e.t))
        .await?;
    wait_text(&ja, "main", "Classement", WAIT, "lang-remembered-fr").await?;
    ja.screenshot("lang-fr-standings").await?;
    ja.close().await?;

    // French from the browser; the kiosk keeps its mode through a switch to German.
    let Some(fr) = Browser::speaking(test, &screenshot_dir(), PHONE, "fr-FR,fr;q=0.9").await?
    else {
        return Ok(());
    };
    fr.client
        .goto(&format!("{}/t/{}/players", e.venue.url(), e.t))
        .await?;
    wait_text(&fr, "#players thead", "Niveau", WAIT, "lang-fr-players").await?;
    fr.client
        .goto(&format!("{}/t/{}/checkin?kiosk=1", e.venue.url(), e.t))
        .await?;
    wait_text(&fr, "main", "Pointage", WAIT, "lang-fr-kiosk").await?;
    click(&fr, "#languages a[lang=de]").await?;
    wait_text(&fr, "main", "Anmelden", WAIT, "lang-de-kiosk").await?;
    let url = fr.client.current_url().await?;
    ensure!(
        url.as_str().ends_with("/checkin?kiosk=1"),
        "still the kiosk: {url}"
    );
    fr.screenshot("lang-de-kiosk").await?;
    fr.close().await
}
