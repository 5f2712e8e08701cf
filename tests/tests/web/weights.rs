//! Page weights on the venue Wi-Fi at 150 tables (issue 34), as figures with upper bounds, not timings: the
//! referee's page and the director's dashboard are sent gzip-compressed to a browser that takes it, and a result
//! entered elsewhere costs the referee's tablet only the cards that changed and the page's frame (the page names
//! the cards it holds; `desk/parts.rs`). The referee page opens on the tables that need the referee. Prints the
//! figures as a table (`cargo test --test web -- weights --nocapture`). In Chromium, a refresh keeps the cards
//! that did not change.

use anyhow::{ensure, Context as _};
use hyper::header::ACCEPT_ENCODING;
use tengen_tests::web::WebClient;
use tengen_tests::{enter, meta, pb, Venue};

/// 300 players: 150 tables.
const PLAYERS: usize = 300;

/// The bytes of `path` as sent, with or without gzip.
async fn weight(web: &WebClient, path: &str, gzip: bool) -> anyhow::Result<(u64, bool)> {
    let (length, gzip, _) = refresh(web, path, gzip, &[]).await?;
    Ok((length, gzip))
}

/// `path` fetched as the page's script refreshes it, naming the parts it `holds`: the bytes as sent, whether
/// gzip, and the names of the parts the page holds after it (the body uncompressed: the test client's own
/// request is made again without gzip to read them).
async fn refresh(
    web: &WebClient,
    path: &str,
    gzip: bool,
    holds: &[String],
) -> anyhow::Result<(u64, bool, Vec<String>)> {
    let request = |gzip: bool| -> anyhow::Result<_> {
        let mut req = hyper::Request::get(path);
        if gzip {
            req = req.header(ACCEPT_ENCODING, "gzip, deflate, br");
        }
        if !holds.is_empty() {
            req = req.header("x-tengen-have", holds.join(","));
        }
        Ok(req.body(http_body_util::Full::new(hyper::body::Bytes::new()))?)
    };
    let reply = web.send(request(gzip)?).await?.expect(200, path)?;
    let length = reply
        .header("content-length")
        .and_then(|l| l.parse().ok())
        .with_context(|| format!("{path} has a content length"))?;
    let compressed = reply.header("content-encoding") == Some("gzip");
    let plain = web.send(request(false)?).await?.expect(200, path)?;
    let names = plain
        .body
        .split("data-h=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_string)
        .collect();
    Ok((length, compressed, names))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn desk_pages_at_150_tables_are_sent_compressed_and_a_result_costs_one_small_page(
) -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let director = venue.play_director().await?;
    let settings = pb::TournamentSettings {
        name: "Weights Open".into(),
        rounds: 5,
        pairing_system: "mcmahon".into(),
        ..Default::default()
    };
    let t = director
        .desk
        .register
        .clone()
        .create_tournament(pb::CreateTournamentRequest {
            meta: meta(),
            settings: Some(settings),
        })
        .await?
        .into_inner()
        .id;
    for i in 0..PLAYERS {
        let fields = pb::ParticipantFields {
            family_name: format!("Player{i:03}"),
            given_name: "Test".into(),
            rank: format!("{}k", 1 + i % 25),
            club: "Club".into(),
            country: "NO".into(),
            ..Default::default()
        };
        let req = pb::RegisterParticipantRequest {
            meta: meta(),
            fields: Some(fields),
            enter: vec![enter(t)],
            check_in: true,
            different_person: true,
        };
        director
            .desk
            .register
            .clone()
            .register_participant(req)
            .await?;
    }
    director.desk.set_registration_open(t, false).await?;
    let round = director.draw(t, 1, false, false).await?;
    director.publish(t, 1).await?;
    ensure!(round.games.len() == PLAYERS / 2, "150 tables");

    let tls = venue.tls_web()?;
    let (_, token) = director
        .desk
        .create_token("tablet", pb::Role::Referee)
        .await?;
    let referee = tls.desk_session(&token, "Rita").await?;
    let dashboard = tls.desk_session(venue.director_token(), "Dana").await?;
    let referee_page = format!("/desk/referee/{t}");
    let dashboard_page = format!("/desk/director/{t}");
    let (referee_plain, _) = weight(&referee, &referee_page, false).await?;
    let (dashboard_plain, _) = weight(&dashboard, &dashboard_page, false).await?;

    // Twenty results entered at a results desk: the tablet's page refreshes once for each, naming its cards.
    let (whole_gzip, _, mut holds) = refresh(&referee, &referee_page, true, &[]).await?;
    ensure!(
        holds.len() == PLAYERS / 2,
        "one part per table: {}",
        holds.len()
    );
    let mut per_result = Vec::new();
    for g in round.games.iter().take(20) {
        director
            .report(t, 1, g.table, pb::Outcome::WhiteWins)
            .await?;
        let (bytes, gzip, now) = refresh(&referee, &referee_page, true, &holds).await?;
        ensure!(gzip, "the referee's page is sent compressed");
        let changed = now.iter().filter(|n| !holds.contains(n)).count();
        ensure!(
            changed == 1,
            "one card changed (table {}), not {changed}",
            g.table
        );
        per_result.push(bytes);
        holds = now;
    }
    let (dashboard_gzip, gzip) = weight(&dashboard, &dashboard_page, true).await?;
    ensure!(gzip, "the dashboard is sent compressed");
    let most = per_result.iter().copied().max().unwrap_or(0);
    let total: u64 = per_result.iter().sum();

    // A table late to start needs the referee: its card opens the page.
    let late = &round.games[100];
    let black = late.black.as_ref().map_or(0, |p| p.id);
    let report = pb::referee_report_request::Report::LateStart(pb::LateStart {
        player: black,
        minutes: 10,
    });
    director.referee(t, 1, late.table, report).await?;
    let page = referee
        .get(&referee_page)
        .await?
        .expect(200, "referee page")?;
    let first_card = page
        .body
        .split("data-table=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_default()
        .to_string();
    ensure!(
        first_card == late.table.to_string(),
        "the late table {} opens the referee's page, not table {first_card}",
        late.table
    );

    println!("\npage weights at {} tables", round.games.len());
    println!("{:<44} {:>10}", "what", "bytes");
    println!("{:<44} {:>10}", "referee page, uncompressed", referee_plain);
    println!("{:<44} {:>10}", "referee page whole (gzip)", whole_gzip);
    println!(
        "{:<44} {:>10}",
        "referee page per result (gzip), largest", most
    );
    println!("{:<44} {:>10}", "referee tablet, 20 results (gzip)", total);
    println!(
        "{:<44} {:>10}",
        "director dashboard, uncompressed", dashboard_plain
    );
    println!("{:<44} {:>10}", "director dashboard (gzip)", dashboard_gzip);
    // Upper bounds: each refresh cost 631 KB before compression and 60 KB compressed whole; a thin one is the
    // changed card and the page's frame.
    ensure!(
        most <= 8 * 1024,
        "a result costs the tablet at most 8 KB, not {most}"
    );
    ensure!(
        dashboard_gzip <= 64 * 1024,
        "the dashboard is at most 64 KB compressed, not {dashboard_gzip}"
    );
    Ok(())
}

/// In Chromium: a result entered elsewhere changes its table's card on the referee's tablet, and the page keeps
/// its own copy of every other card (the same element, not one downloaded again).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_referee_tablet_keeps_the_cards_that_did_not_change() -> anyhow::Result<()> {
    let test = "a_referee_tablet_keeps_the_cards_that_did_not_change";
    let e = super::desk::Event::open(8, false, true).await?;
    let t = e.t;
    e.director.draw(t, 1, false, false).await?;
    e.director.publish(t, 1).await?;
    let Some(tablet) = e.referee_tablet(test, "tablet-1").await? else {
        return Ok(());
    };
    tablet
        .eval(
            "document.querySelectorAll('.table-card').forEach(c => c.__mine = true); return null;",
        )
        .await?;
    e.director.report(t, 1, 1, pb::Outcome::BlackWins).await?;
    tablet
        .wait_for(
            "return !!document.querySelector('#table-1.result');",
            std::time::Duration::from_secs(5),
        )
        .await
        .context("table 1's card shows its result without a reload")?;
    let kept = tablet
        .eval("return [...document.querySelectorAll('.table-card')].map(c => [c.id, !!c.__mine]);")
        .await?;
    let kept: Vec<(String, bool)> = serde_json::from_value(kept)?;
    ensure!(
        kept == vec![
            ("table-1".to_string(), false),
            ("table-2".to_string(), true),
            ("table-3".to_string(), true),
            ("table-4".to_string(), true),
        ],
        "table 1 new, the others kept: {kept:?}"
    );
    tablet.close().await?;
    Ok(())
}
