//! The event's details and a tournament's settings in the browser (issue 34): a real server over TLS, headless
//! Chromium signed in with the director's token, and the register read back through gRPC.
//!
//! - The director saves the event's details, creates a tournament from the landing page and lands on its
//!   settings page, sets komi, the bar by the BGA suggestion's button, the tie-breaks and the prizes, and gRPC
//!   lists exactly those.
//! - Once round 1 is drawn, a change of the pairing system is refused by name, nothing changes, and the page
//!   then shows the system read-only with the reason.
//! - A form left open while another tab of the director saved is refused and shows both: what was typed in the
//!   fields, what is saved now beside them.
//!
//! Screenshots of both pages at phone, tablet and laptop size go to `target/web-screenshots/settings-*.png`.

use std::time::Duration;

use anyhow::{ensure, Context as _};
use fantoccini::Locator;
use tengen_tests::browser::{Browser, Viewport, LAPTOP};
use tengen_tests::{enter, meta, pb, PlayDesk, Venue};

use super::desk::{click, desk_browser, type_into, wait_text};

/// A phone the director might carry (CSS pixels).
const PHONE: Viewport = Viewport {
    width: 390,
    height: 844,
    mobile: true,
};
/// A tablet in portrait.
const TABLET: Viewport = Viewport {
    width: 820,
    height: 1180,
    mobile: true,
};

/// Sixteen players of a made-up field: with 4 rounds the BGA guideline's top group is 5 to 10, so the bar it
/// suggests is 2d (nine players at 2d or above).
const FIELD: [(&str, &str); 16] = [
    ("Ash", "4d"),
    ("Birch", "4d"),
    ("Cedar", "3d"),
    ("Elm", "3d"),
    ("Fir", "3d"),
    ("Hazel", "2d"),
    ("Holly", "2d"),
    ("Larch", "2d"),
    ("Lime", "2d"),
    ("Maple", "1d"),
    ("Oak", "1d"),
    ("Pine", "1d"),
    ("Rowan", "1d"),
    ("Spruce", "1d"),
    ("Willow", "1k"),
    ("Yew", "2k"),
];

/// The director's browser of `viewport` on `next`. `None` when browser tests are skipped.
async fn director(
    test: &str,
    viewport: Viewport,
    venue: &Venue,
    next: &str,
) -> anyhow::Result<Option<Browser>> {
    let token = venue.director_token().to_string();
    desk_browser(test, viewport, venue, &token, "Dana", next).await
}

/// Registers `FIELD` into tournament `t`, checked in.
async fn register_field(d: &PlayDesk, t: u64) -> anyhow::Result<()> {
    for (family, rank) in FIELD {
        let req = pb::RegisterParticipantRequest {
            meta: meta(),
            fields: Some(pb::ParticipantFields {
                family_name: family.into(),
                given_name: "Test".into(),
                rank: rank.into(),
                club: "Club".into(),
                country: "GB".into(),
                ..Default::default()
            }),
            enter: vec![enter(t)],
            check_in: true,
            different_person: true,
        };
        d.desk
            .register
            .clone()
            .register_participant(req)
            .await
            .with_context(|| format!("registering {family}"))?;
    }
    Ok(())
}

/// Tournament `t` as gRPC lists it.
async fn listed(d: &PlayDesk, t: u64) -> anyhow::Result<pb::Tournament> {
    let all = d
        .desk
        .register
        .clone()
        .list_tournaments(pb::ListTournamentsRequest {})
        .await?
        .into_inner()
        .tournaments;
    all.into_iter()
        .find(|x| x.id == t)
        .with_context(|| format!("no tournament {t}"))
}

/// A tournament `name` of 4 McMahon rounds made through gRPC, with `FIELD` checked in.
async fn tournament_with_field(d: &PlayDesk, name: &str) -> anyhow::Result<u64> {
    let t = d.desk.create_tournament(name, 4).await?.id;
    register_field(d, t).await?;
    Ok(t)
}

/// Clicks `selector` and waits for the next page to have loaded (its `.done` or `#error`).
pub(super) async fn submit(b: &Browser, selector: &str) -> anyhow::Result<()> {
    b.eval("window.__before = true; return null;").await?;
    click(b, selector).await?;
    b.wait_for(
        "return !window.__before && document.readyState === 'complete' && \
         !!document.querySelector('.done, #error');",
        Duration::from_secs(10),
    )
    .await
    .with_context(|| format!("after {selector}, a page saying what happened"))?;
    Ok(())
}

/// Chooses `value` in the select `selector`.
async fn choose(b: &Browser, selector: &str, value: &str) -> anyhow::Result<()> {
    let select = b.client.find(Locator::Css(selector)).await?;
    select.select_by_value(value).await?;
    Ok(())
}

/// The value in field `id`.
pub(super) async fn value_of(b: &Browser, id: &str) -> anyhow::Result<String> {
    let v = b
        .eval(&format!(
            "const e = document.getElementById({}); return e ? e.value : null;",
            super::desk::js(id)
        ))
        .await?;
    Ok(v.as_str().unwrap_or_default().to_string())
}

/// Screenshots `settings-NAME-N` down the whole page, one viewport at a time, checking nothing is cut off
/// sideways.
async fn screens(b: &Browser, url: &str, name: &str) -> anyhow::Result<()> {
    b.client.goto(url).await?;
    let sizes = b
        .eval("return [document.documentElement.scrollWidth, window.innerWidth, document.documentElement.scrollHeight, window.innerHeight];")
        .await?;
    let n = |i: usize| sizes[i].as_u64().unwrap_or_default();
    ensure!(
        n(0) <= n(1),
        "{url}: content wider than the window ({sizes}); see settings-{name}-1.png"
    );
    let pages = n(2).div_ceil(n(3).max(1)).clamp(1, 12);
    for i in 0..pages {
        b.eval(&format!("window.scrollTo(0, {}); return null;", i * n(3)))
            .await?;
        b.screenshot(&format!("settings-{name}-{}", i + 1)).await?;
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_director_sets_the_event_and_a_new_tournaments_komi_bar_tiebreaks_and_prizes_in_the_browser(
) -> anyhow::Result<()> {
    let test = "the_director_sets_the_event_and_a_new_tournaments_komi_bar_tiebreaks_and_prizes_in_the_browser";
    let venue = Venue::start().await?;
    let url = venue.url();
    let grpc = venue.play_director().await?;
    let Some(d) = director(test, LAPTOP, &venue, "/desk/director").await? else {
        return Ok(());
    };

    // The event's details, from the landing page's link.
    click(&d, "#event-link a").await?;
    d.wait_for(
        "return location.pathname === '/desk/director/event';",
        Duration::from_secs(5),
    )
    .await?;
    type_into(&d, "#name", "Spring Congress").await?;
    type_into(&d, "#venue", "Town Hall").await?;
    type_into(&d, "#city", "Leeds").await?;
    type_into(&d, "#country", "gb").await?;
    d.eval(
        "document.getElementById('start_date').value = '2026-04-03'; \
         document.getElementById('end_date').value = '2026-04-05'; return null;",
    )
    .await?;
    submit(&d, "form#event button[type=submit]").await?;
    wait_text(
        &d,
        ".done",
        "saved",
        Duration::from_secs(2),
        "settings-event-not-saved",
    )
    .await?;
    let event = grpc
        .desk
        .register
        .clone()
        .get_event(pb::GetEventRequest {})
        .await?
        .into_inner();
    assert_eq!(
        (
            event.name.as_str(),
            event.venue.as_str(),
            event.city.as_str(),
            event.country.as_str(),
            event.start_date.as_str(),
            event.end_date.as_str()
        ),
        (
            "Spring Congress",
            "Town Hall",
            "Leeds",
            "GB",
            "2026-04-03",
            "2026-04-05"
        ),
        "the event as typed, its country code in capitals"
    );

    // A new tournament lands on its settings page, every setting at its default.
    d.client.goto(&format!("{url}/desk/director")).await?;
    type_into(&d, "#new-tournament #name", "Spring Open").await?;
    type_into(&d, "#rounds", "4").await?;
    submit(&d, "#new-tournament button[type=submit]").await?;
    let at = d.eval("return location.pathname;").await?;
    let t: u64 = at
        .as_str()
        .and_then(|p| p.strip_prefix("/desk/director/"))
        .and_then(|p| p.strip_suffix("/settings"))
        .and_then(|n| n.parse().ok())
        .with_context(|| format!("creating lands on the settings page, not {at}"))?;
    ensure!(value_of(&d, "komi").await? == "6.5", "komi at its default");
    let note = wait_text(
        &d,
        "#mcmahon .note",
        "appears here once",
        Duration::from_secs(2),
        "settings-no-suggestion",
    )
    .await?;
    ensure!(!note.is_empty());

    // Players arrive; the suggestion appears and one button applies it (and saves what was typed beside it).
    register_field(&grpc, t).await?;
    d.client
        .goto(&format!("{url}/desk/director/{t}/settings"))
        .await?;
    let offered = wait_text(
        &d,
        "#bar-suggestion",
        "bar at 2d",
        Duration::from_secs(2),
        "settings-suggestion",
    )
    .await?;
    ensure!(offered.contains("9 players"), "{offered}");
    type_into(&d, "#komi", "7½").await?;
    submit(&d, "#bar-suggestion button").await?;
    let done = wait_text(
        &d,
        ".done",
        "Saved",
        Duration::from_secs(2),
        "settings-bar-not-saved",
    )
    .await?;
    ensure!(done.contains("komi") && done.contains("bar"), "{done}");
    ensure!(
        value_of(&d, "bar").await? == "2d",
        "the suggested bar is in its field"
    );

    // Tie-breaks and prizes, then Enter: the form's default button saves (it does not apply the suggestion).
    type_into(&d, "#bar", "3d").await?;
    type_into(&d, "#tiebreaks", "mms, sos, sodos").await?;
    type_into(&d, "#prizes", "100, 50, 25").await?;
    d.eval("window.__before = true; return null;").await?;
    d.client
        .find(Locator::Css("#prizes"))
        .await?
        .send_keys("\u{E007}")
        .await?;
    d.wait_for(
        "return !window.__before && !!document.querySelector('.done');",
        Duration::from_secs(10),
    )
    .await
    .context("Enter in a field saves the form")?;
    let s = listed(&grpc, t).await?.settings.context("settings")?;
    let scoring = s.scoring.clone().context("scoring")?;
    assert_eq!(s.komi_half, Some(15), "komi 7½");
    assert_eq!(
        s.mcmahon.context("mcmahon")?.bar,
        "3d",
        "the bar typed last, not the suggestion"
    );
    assert_eq!(scoring.tiebreaks, ["mms", "sos", "sodos"]);
    assert_eq!(scoring.prizes_cents, [10_000, 5_000, 2_500]);
    assert_eq!(s.rounds, 4, "the rest as it was");
    d.close().await?;

    // Both pages at each size, looked at by a person.
    for (viewport, size) in [(PHONE, "phone"), (TABLET, "tablet"), (LAPTOP, "laptop")] {
        let Some(b) = director(test, viewport, &venue, "/desk/director").await? else {
            return Ok(());
        };
        screens(
            &b,
            &format!("{url}/desk/director/event"),
            &format!("event-{size}"),
        )
        .await?;
        screens(
            &b,
            &format!("{url}/desk/director/{t}/settings"),
            &format!("form-{size}"),
        )
        .await?;
        b.close().await?;
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn once_round_1_is_drawn_a_change_of_system_is_refused_by_name_and_nothing_changes(
) -> anyhow::Result<()> {
    let test = "once_round_1_is_drawn_a_change_of_system_is_refused_by_name_and_nothing_changes";
    let venue = Venue::start().await?;
    let grpc = venue.play_director().await?;
    let t = tournament_with_field(&grpc, "Summer Open").await?;
    grpc.desk.set_registration_open(t, false).await?;
    let page = format!("/desk/director/{t}/settings");
    let Some(d) = director(test, LAPTOP, &venue, &page).await? else {
        return Ok(());
    };
    // The page was opened before the draw: the system is still a choice there.
    ensure!(
        d.eval("return document.querySelector('select#system') !== null;")
            .await?
            == true,
        "before round 1, the system is a choice"
    );
    grpc.draw(t, 1, false, false).await?;
    let before = listed(&grpc, t).await?;
    choose(&d, "select#system", "swiss").await?;
    type_into(&d, "#komi", "7").await?;
    submit(&d, ".save-top button").await?;
    let error = wait_text(
        &d,
        "#error",
        "cannot change now",
        Duration::from_secs(2),
        "settings-system-refused",
    )
    .await?;
    ensure!(
        error.contains("pairing system"),
        "the refusal names the setting: {error}"
    );
    let marked = d
        .eval("return document.querySelector('.field.bad #system') ? document.querySelector('.field.bad').innerText : null;")
        .await?;
    ensure!(
        marked
            .as_str()
            .is_some_and(|m| m.contains("McMahon") && m.contains("Cannot change now")),
        "the system is marked and shown read-only with the reason: {marked}"
    );
    ensure!(value_of(&d, "komi").await? == "7", "what was typed is kept");
    d.screenshot("settings-system-refused").await?;
    let after = listed(&grpc, t).await?;
    assert_eq!(after, before, "nothing changed");

    // Opened afresh, the system and the groups are read-only with the reason.
    d.client.goto(&format!("{}{page}", venue.url())).await?;
    let fixed = d
        .eval("return [...document.querySelectorAll('.field .fixed')].map(e => e.parentElement.innerText);")
        .await?;
    let fixed: Vec<String> = serde_json::from_value(fixed)?;
    ensure!(
        fixed.len() == 2
            && fixed[0].contains("McMahon")
            && fixed[0].contains("play has begun")
            && fixed[1].contains("one field"),
        "system and groups fixed: {fixed:?}"
    );
    d.close().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_settings_form_left_open_while_another_tab_saved_is_refused_and_shows_both(
) -> anyhow::Result<()> {
    let test = "a_settings_form_left_open_while_another_tab_saved_is_refused_and_shows_both";
    let venue = Venue::start().await?;
    let grpc = venue.play_director().await?;
    let t = tournament_with_field(&grpc, "Autumn Open").await?;
    let page = format!("{}/desk/director/{t}/settings", venue.url());
    let Some(d) = director(
        test,
        LAPTOP,
        &venue,
        &format!("/desk/director/{t}/settings"),
    )
    .await?
    else {
        return Ok(());
    };
    let first = d.client.window().await?;
    // Another tab of the same director saves komi 7.
    let other = d.client.new_window(true).await?;
    d.client.switch_to_window(other.handle).await?;
    d.client.goto(&page).await?;
    type_into(&d, "#komi", "7").await?;
    submit(&d, ".save-top button").await?;
    wait_text(
        &d,
        ".done",
        "komi",
        Duration::from_secs(2),
        "settings-other-tab",
    )
    .await?;
    let saved_meanwhile = listed(&grpc, t).await?;

    // The first tab, opened before, sets prizes and saves.
    d.client.switch_to_window(first).await?;
    type_into(&d, "#prizes", "100, 50").await?;
    submit(&d, ".save-top button").await?;
    let error = wait_text(
        &d,
        "#error",
        "someone else saved",
        Duration::from_secs(2),
        "settings-stale",
    )
    .await?;
    ensure!(
        error.contains("Not saved") && error.contains("(komi, prizes)"),
        "the refusal names the fields that differ: {error}"
    );
    let komi = d
        .eval("return document.getElementById('komi').parentElement.innerText;")
        .await?;
    ensure!(
        komi.as_str()
            .is_some_and(|k| k.contains("Saved meanwhile: 7")),
        "the other tab's komi beside this one's: {komi}"
    );
    ensure!(
        value_of(&d, "komi").await? == "6.5",
        "this tab's komi still in the field"
    );
    ensure!(
        value_of(&d, "prizes").await? == "100, 50",
        "the prizes as typed"
    );
    d.eval("document.getElementById('komi').scrollIntoView({block: 'center'}); return null;")
        .await?;
    d.screenshot("settings-stale").await?;
    assert_eq!(
        listed(&grpc, t).await?,
        saved_meanwhile,
        "nothing of the stale form was saved"
    );

    // Having seen both, the director keeps the other tab's komi and saves the prizes.
    type_into(&d, "#komi", "7").await?;
    submit(&d, ".save-top button").await?;
    wait_text(
        &d,
        ".done",
        "prizes",
        Duration::from_secs(2),
        "settings-resaved",
    )
    .await?;
    let s = listed(&grpc, t).await?.settings.context("settings")?;
    assert_eq!(s.komi_half, Some(14));
    assert_eq!(s.scoring.context("scoring")?.prizes_cents, [10_000, 5_000]);
    d.close().await
}
