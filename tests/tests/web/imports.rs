//! Imports and rating lists in the director's browser (issue 34): a real server over TLS, headless Chromium
//! choosing real files, and the register checked through gRPC.
//!
//! - A pre-registration CSV with refused rows, a duplicate of a registered player and good rows previews each row
//!   with its fate and line, writes nothing until "Import N players" is confirmed, then registers exactly the good
//!   rows; the same confirmation sent again imports nothing more.
//! - An OpenGotha tournament from `../shared` previews its players (nothing written).
//! - A rating list uploaded on the rating-list page is loaded, listed, and the registration desk fills a new
//!   player from it.
//!
//! Screenshots (made-up names only) at phone, tablet and desk size: `target/web-screenshots/imports-*.png`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{ensure, Context as _};
use fantoccini::Locator;
use tengen_tests::browser::{Browser, Viewport, LAPTOP};

use super::desk::{
    alert_of, answer_confirm, asked, click, desk_browser, director_browser, wait_text, Event, RED,
};
use tengen_tests::pb;

/// The sizes every new page is looked at: a phone, a portrait tablet, the desk laptop.
const SIZES: [(&str, Viewport); 3] = [
    (
        "phone",
        Viewport {
            width: 390,
            height: 844,
            mobile: true,
        },
    ),
    (
        "tablet",
        Viewport {
            width: 820,
            height: 1180,
            mobile: true,
        },
    ),
    ("desk", LAPTOP),
];

/// A pre-registration with made-up names: two good rows (lines 2 and 5), a rank the register refuses (line 3),
/// a player already registered by the event (line 4: Abe Ken of Oslo) and a paid flag nobody can read (line 6).
const CSV: &str = "family_name,given_name,rank,club,country,egd_pin,paid\n\
                   Ilves,Aino,2k,Turku,FI,19100001,yes\n\
                   Jokela,Veli,15x,Turku,FI,,no\n\
                   Abe,Ken,3d,Oslo,NO,,no\n\
                   Kallio,Sara,5k,Tampere,FI,,\n\
                   Lehto,Eero,1k,Turku,FI,,maybe\n";

/// A file in the test's own directory under the target dir (kept for a look after a failure).
fn file(test: &str, name: &str, content: &[u8]) -> anyhow::Result<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(test);
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(name);
    std::fs::write(&path, content)?;
    Ok(path)
}

/// Chooses `path` in the page's `#file` box and sends the form, waiting for `selector` reading `words`.
pub(super) async fn upload(
    b: &Browser,
    path: &Path,
    selector: &str,
    words: &str,
    shot: &str,
) -> anyhow::Result<String> {
    let input = b
        .client
        .find(Locator::Css("#file"))
        .await
        .context("a #file box")?;
    input.send_keys(&path.display().to_string()).await?;
    click(b, "form#upload button[type=submit]").await?;
    wait_text(b, selector, words, Duration::from_secs(10), shot).await
}

/// Every row of the preview: (line, name, class, what happens).
pub(super) async fn preview_rows(
    b: &Browser,
) -> anyhow::Result<Vec<(u64, String, String, String)>> {
    let rows = b
        .eval(
            "return [...document.querySelectorAll('#preview tbody tr')].map(r => [Number(r.cells[0].innerText), \
             r.querySelector('.who').innerText.trim(), r.className, r.cells[2].innerText.trim()]);",
        )
        .await?;
    Ok(serde_json::from_value(rows)?)
}

/// The page fits the window sideways (tables scroll inside their own box).
async fn fits(b: &Browser, what: &str) -> anyhow::Result<()> {
    let sizes = b
        .eval("return [document.documentElement.scrollWidth, window.innerWidth];")
        .await?;
    ensure!(
        sizes[0].as_u64() <= sizes[1].as_u64(),
        "{what}: content wider than the window ({sizes})"
    );
    Ok(())
}

/// The import page and its preview of `csv` at every size, as the director would see them.
async fn screenshots_of_the_import(e: &Event, test: &str, csv: &Path) -> anyhow::Result<()> {
    let token = e.venue.director_token().to_string();
    let import = format!("/desk/director/{}/import", e.t);
    for (size, viewport) in SIZES {
        let Some(b) = desk_browser(test, viewport, &e.venue, &token, "Dana", &import).await? else {
            return Ok(());
        };
        b.screenshot(&format!("imports-page-{size}")).await?;
        fits(&b, &format!("the import page on a {size}")).await?;
        upload(
            &b,
            csv,
            "#summary",
            "to register",
            &format!("imports-preview-{size}-missing"),
        )
        .await?;
        b.screenshot(&format!("imports-preview-{size}")).await?;
        fits(&b, &format!("the preview on a {size}")).await?;
        b.close().await?;
    }
    Ok(())
}

/// Names of everyone registered.
async fn registered(e: &Event) -> anyhow::Result<Vec<String>> {
    let mut names: Vec<String> = e
        .director
        .desk
        .list_all()
        .await?
        .into_iter()
        .map(|p| p.fields.map(|f| f.family_name).unwrap_or_default())
        .collect();
    names.sort();
    Ok(names)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_csv_import_previews_every_row_writes_nothing_until_confirmed_and_imports_once(
) -> anyhow::Result<()> {
    let test = "a_csv_import_previews_every_row_writes_nothing_until_confirmed_and_imports_once";
    let e = Event::open(2, false, false).await?;
    let csv = file(test, "players.csv", CSV.as_bytes())?;
    let Some(b) = director_browser(test, &e.venue, e.t).await? else {
        return Ok(());
    };
    // The dashboard links the import page.
    click(&b, "#imports a[href$='/import']").await?;
    wait_text(
        &b,
        "h1",
        "Import players",
        Duration::from_secs(5),
        "imports-no-page",
    )
    .await?;
    // A file that is no pre-registration (a text without the names' columns): refused in red, saying what is
    // missing, the box empty and focused for the right file.
    let notes = file(test, "notes.txt", b"bring a go board\n")?;
    upload(&b, &notes, "#error", "no family name", "imports-no-refusal").await?;
    let (role, colour, _) = alert_of(&b, "#error").await?;
    ensure!(
        role == "alert" && colour == RED,
        "a red alert: {role} {colour}"
    );
    let focus = b
        .eval("const f = document.querySelector('#file'); return [document.activeElement === f, f.value];")
        .await?;
    ensure!(
        focus == serde_json::json!([true, ""]),
        "the file box is empty and focused: {focus}"
    );
    b.screenshot("imports-refused-desk").await?;
    let summary = upload(&b, &csv, "#summary", "to register", "imports-no-preview").await?;
    ensure!(
        summary.contains("2 to register") && summary.contains("3 left out"),
        "{summary}"
    );
    let rows = preview_rows(&b).await?;
    let fates: Vec<(u64, &str, &str)> = rows
        .iter()
        .map(|(l, n, c, _)| (*l, n.as_str(), c.as_str()))
        .collect();
    ensure!(
        fates
            == [
                (2, "Ilves Aino", "new"),
                (3, "Jokela Veli", "refused"),
                (4, "Abe Ken", "duplicate"),
                (5, "Kallio Sara", "new"),
                (6, "Lehto Eero", "refused"),
            ],
        "each row with its line and fate: {rows:?}"
    );
    ensure!(
        rows[1].3.contains("rank"),
        "the refused rank says why: {rows:?}"
    );
    ensure!(
        rows[2].3.contains("Abe Ken"),
        "the duplicate names who it looks like: {rows:?}"
    );
    ensure!(
        rows[4].3.contains("paid"),
        "the unreadable flag says which: {rows:?}"
    );
    let pin = b
        .eval("return document.querySelector('#preview tbody tr.new .details').innerText;")
        .await?;
    ensure!(
        pin.as_str() == Some("2k · Turku · FI · EGF pin 19100001"),
        "rank, club, country and EGF pin are shown: {pin}"
    );
    ensure!(
        registered(&e).await? == ["Abe", "Berg"],
        "the preview wrote nothing"
    );
    // The pages at every size, as the director sees them before confirming.
    screenshots_of_the_import(&e, test, &csv).await?;
    ensure!(
        registered(&e).await? == ["Abe", "Berg"],
        "previews write nothing"
    );

    // The form as the browser would send it, kept to send it a second time.
    let form = b
        .eval("return [...new FormData(document.querySelector('form#import'))].map(([k, v]) => [k, String(v)]);")
        .await?;
    let form: Vec<(String, String)> = serde_json::from_value(form)?;

    // "Import 2 players" asks first; no changes nothing.
    answer_confirm(&b, false).await?;
    click(&b, "form#import button[type=submit]").await?;
    let question = asked(&b).await?.context("the import asks first")?;
    ensure!(
        question.contains("Import 2 players into Desk Open"),
        "{question}"
    );
    ensure!(
        registered(&e).await? == ["Abe", "Berg"],
        "answering no wrote nothing"
    );
    answer_confirm(&b, true).await?;
    click(&b, "form#import button[type=submit]").await?;
    wait_text(
        &b,
        "p.done",
        "Imported 2 players.",
        Duration::from_secs(10),
        "imports-not-done",
    )
    .await?;
    ensure!(
        registered(&e).await? == ["Abe", "Berg", "Ilves", "Kallio"],
        "exactly the good rows"
    );
    let ilves = e.director.desk.find("ilves").await?;
    let ilves = ilves.first().context("Ilves registered")?;
    let f = ilves.fields.clone().unwrap_or_default();
    ensure!(
        (f.rank.as_str(), f.club.as_str(), f.egd_pin.as_str(), f.paid)
            == ("2k", "Turku", "19100001", true),
        "{f:?}"
    );
    let entry = ilves
        .entries
        .iter()
        .find(|x| x.tournament_id == e.t)
        .context("entered")?;
    ensure!(
        entry.status == pb::EntryStatus::PreRegistered as i32,
        "not checked in: {entry:?}"
    );

    // The same confirmation again (a double click, a resent form): nothing more.
    let resend = format!(
        "const f = document.createElement('form'); f.method = 'post'; f.action = {action}; \
         for (const [k, v] of {fields}) {{ const i = document.createElement('input'); i.type = 'hidden'; \
         i.name = k; i.value = k === 'confirmed' ? 'yes' : v; f.appendChild(i); }} \
         document.body.appendChild(f); f.submit(); return null;",
        action = serde_json::Value::from(format!("/desk/director/{}/import/confirm", e.t)),
        fields = serde_json::to_string(&form)?,
    );
    b.eval(&resend).await?;
    wait_text(
        &b,
        "p.done",
        "already imported before",
        Duration::from_secs(10),
        "imports-again",
    )
    .await?;
    let done = wait_text(
        &b,
        "p.done",
        "Nothing new imported.",
        Duration::from_secs(1),
        "imports-again",
    )
    .await?;
    ensure!(
        done.contains("2 already imported before") && done.contains("3 left out"),
        "{done}"
    );
    ensure!(
        registered(&e).await? == ["Abe", "Berg", "Ilves", "Kallio"],
        "a second confirmation imports nothing more"
    );
    b.screenshot("imports-done-desk").await?;
    b.close().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_opengotha_file_previews_its_players_and_writes_nothing() -> anyhow::Result<()> {
    let test = "an_opengotha_file_previews_its_players_and_writes_nothing";
    let Some(path) = tengen_prerequisite::shared_data("opengotha/tournaments/juvisy.xml") else {
        return Ok(());
    };
    // The browser takes a file by its canonical path only.
    let path = path.canonicalize()?;
    let xml = std::fs::read_to_string(&path).with_context(|| path.display().to_string())?;
    let players = xml.matches("<Player ").count();
    ensure!(players > 0, "{} has players", path.display());
    let e = Event::open(0, false, false).await?;
    // Real names: this test keeps no screenshot.
    let Some(b) = director_browser(test, &e.venue, e.t).await? else {
        return Ok(());
    };
    b.client
        .goto(&format!("{}/desk/director/{}/import", e.venue.url(), e.t))
        .await?;
    let summary = upload(&b, &path, "#file", "OpenGotha", "imports-og-no-preview").await?;
    ensure!(
        summary.contains("Nothing has been written yet"),
        "{summary}"
    );
    let rows = preview_rows(&b).await?;
    ensure!(
        rows.len() == players,
        "one row per <Player>: {} of {players}",
        rows.len()
    );
    let new = rows.iter().filter(|r| r.2 == "new").count();
    ensure!(new == players, "every player would be registered: {rows:?}");
    ensure!(
        rows.iter().all(|r| !r.1.trim().is_empty()),
        "every row names its player"
    );
    ensure!(
        registered(&e).await?.is_empty(),
        "the preview wrote nothing"
    );
    b.close().await
}

/// The rating lists loaded, asked through gRPC as the director.
async fn rating_lists(e: &Event) -> anyhow::Result<Vec<pb::RatingListInfo>> {
    let channel = tengen_tests::tls_channel(&e.venue.url(), e.venue.ca_pem()?, "localhost").await?;
    let mut ratings = pb::ratings_client::RatingsClient::with_interceptor(
        channel,
        tengen_tests::Bearer::token(&e.director.desk.token),
    );
    Ok(ratings
        .list_rating_lists(pb::ListRatingListsRequest {})
        .await?
        .into_inner()
        .lists)
}

/// A made-up EGD list in the allworld layout: three players.
const EGD_LIST: &str = "<html><body>\n<hr>\n(01 Nov 2026)\n<hr>\n<pre>\n\
   PIN          Name                              Club     Grade P&D    GoR    NT appearance\n\
 19000001  Lindqvist Nils                        SE  Malm    3k   --   1750     4  T261001A\n\
 19000002  Lindgren Anna                         SE  Upp     1d   --   2110     9  T261001A\n\
 19000003  Mattsson Per                          SE  Gbg     8k   --   1250     2  T261001A\n\
</pre></body></html>\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rating_list_loads_from_the_browser_and_the_registration_desk_fills_a_player_from_it(
) -> anyhow::Result<()> {
    let test =
        "a_rating_list_loads_from_the_browser_and_the_registration_desk_fills_a_player_from_it";
    let e = Event::open(2, false, false).await?;
    let list = file(test, "allworld_lp.html", EGD_LIST.as_bytes())?;
    let token = e.venue.director_token().to_string();
    for (size, viewport) in SIZES {
        let Some(b) =
            desk_browser(test, viewport, &e.venue, &token, "Dana", "/desk/director").await?
        else {
            return Ok(());
        };
        click(&b, "#desks a[href='/desk/director/ratings']").await?;
        wait_text(
            &b,
            "#loaded",
            "No list loaded",
            Duration::from_secs(5),
            "imports-ratings-none",
        )
        .await?;
        b.screenshot(&format!("imports-ratings-{size}")).await?;
        fits(&b, &format!("the rating-list page on a {size}")).await?;
        let summary = upload(
            &b,
            &list,
            "#summary",
            "3 players",
            "imports-ratings-no-preview",
        )
        .await?;
        ensure!(summary.contains("0 lines left out"), "{summary}");
        b.screenshot(&format!("imports-ratings-preview-{size}"))
            .await?;
        fits(&b, &format!("the rating-list preview on a {size}")).await?;
        b.close().await?;
    }
    ensure!(
        rating_lists(&e).await?.is_empty(),
        "a preview loads nothing"
    );

    let Some(b) = desk_browser(
        test,
        LAPTOP,
        &e.venue,
        &token,
        "Dana",
        "/desk/director/ratings",
    )
    .await?
    else {
        return Ok(());
    };
    upload(
        &b,
        &list,
        "#summary",
        "3 players",
        "imports-ratings-no-preview",
    )
    .await?;
    answer_confirm(&b, false).await?;
    click(&b, "form#load button[type=submit]").await?;
    let question = asked(&b).await?.context("loading asks first")?;
    ensure!(
        question.contains("Load 3 players from the EGD"),
        "{question}"
    );
    ensure!(
        rating_lists(&e).await?.is_empty(),
        "answering no loads nothing"
    );
    answer_confirm(&b, true).await?;
    click(&b, "form#load button[type=submit]").await?;
    wait_text(
        &b,
        "p.done",
        "Loaded 3 players",
        Duration::from_secs(10),
        "imports-ratings-not-loaded",
    )
    .await?;
    let listed = wait_text(
        &b,
        "#lists",
        "allworld_lp.html",
        Duration::from_secs(5),
        "imports-ratings-not-listed",
    )
    .await?;
    ensure!(
        listed.contains("2026-11-01") && listed.contains('3'),
        "{listed}"
    );
    b.screenshot("imports-ratings-loaded-desk").await?;
    let lists = rating_lists(&e).await?;
    ensure!(
        lists.len() == 1 && lists[0].players == 3 && lists[0].complete,
        "{lists:?}"
    );
    b.close().await?;

    // A registration desk now finds Lindqvist in the list and fills the form from it.
    let reg = e.token("reg-list", pb::Role::Registration).await?;
    let Some(d) = desk_browser(test, LAPTOP, &e.venue, &reg, "Kim", "/desk/register").await? else {
        return Ok(());
    };
    d.client
        .goto(&format!("{}/desk/register/add?q=lindqvist", e.venue.url()))
        .await?;
    wait_text(
        &d,
        "#candidates",
        "Lindqvist Nils",
        Duration::from_secs(5),
        "imports-ratings-no-candidate",
    )
    .await?;
    click(&d, "#candidates a.use").await?;
    wait_text(
        &d,
        "#picked",
        "Filled in from the rating list",
        Duration::from_secs(5),
        "imports-ratings-no-fill",
    )
    .await?;
    let value =
        |name: &str| format!("return document.querySelector('form#add [name={name}]').value;");
    ensure!(d.eval(&value("family")).await?.as_str() == Some("Lindqvist"));
    ensure!(d.eval(&value("rank")).await?.as_str() == Some("3k"));
    ensure!(d.eval(&value("egd_pin")).await?.as_str() == Some("19000001"));
    d.close().await
}
