//! The Latin name beside the name (issue 34), end to end: a real server over TLS, the registration desk and the
//! director's dashboard in headless Chromium, the register and the rounds through gRPC.
//!
//! A registration desk registers 山田 太郎 with the Latin name Yamada Taro; Иванова Анна and 佐藤 花子 are
//! registered without one. The desk's search finds 山田 by "yamada" and Иванова by "ivanova" (as the volunteer
//! types, and on Enter), and so does the public board's. The `.h9` export is refused naming #N 佐藤 花子, the one
//! name no file can spell without the player; once the desk has typed her Latin name, the `.h9`, `.tou` and AGA
//! files write "Yamada Taro", "Ivanova Anna" and "Sato Hanako".
//!
//! Screenshots of the add form at phone, tablet and desk-laptop size go to
//! `target/web-screenshots/desk-latin-form-*.png` (made-up names only).

use std::time::Duration;

use anyhow::{ensure, Context as _};
use scraper::Html;
use tengen_tests::board::css;
use tengen_tests::browser::{Browser, Viewport, LAPTOP};
use tengen_tests::{enter, meta, pb, PlayDesk, Venue};

use super::desk::{click, desk_browser, director_browser, look, type_into, wait_text};

/// The three sizes a desk page must fit: a phone, a tablet in portrait, a desk laptop.
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
    ("laptop", LAPTOP),
];

const WAIT: Duration = Duration::from_secs(5);

/// A tournament of two rounds whose results need one entry each.
async fn tournament(director: &PlayDesk) -> anyhow::Result<u64> {
    let req = pb::CreateTournamentRequest {
        meta: meta(),
        settings: Some(pb::TournamentSettings {
            name: "Latin Open".into(),
            rounds: 2,
            pairing_system: "mcmahon".into(),
            scoring: Some(pb::Scoring {
                double_entry: Some(false),
                ..Default::default()
            }),
            ..Default::default()
        }),
    };
    let created = director
        .desk
        .register
        .clone()
        .create_tournament(req)
        .await?;
    Ok(created.into_inner().id)
}

/// Registers and checks in a player through gRPC (the director), without a Latin name.
async fn checked_in(
    director: &PlayDesk,
    t: u64,
    family: &str,
    given: &str,
    rank: &str,
) -> anyhow::Result<pb::Participant> {
    let req = pb::RegisterParticipantRequest {
        meta: meta(),
        fields: Some(pb::ParticipantFields {
            club: "Lyon".into(),
            country: "FR".into(),
            ..tengen_tests::player(family, given, rank)
        }),
        enter: vec![enter(t)],
        check_in: true,
        different_person: false,
    };
    let registered = director
        .desk
        .register
        .clone()
        .register_participant(req)
        .await?;
    Ok(registered.into_inner())
}

/// The players the list `#results` shows (not hidden by the page's own filter), as their text.
async fn shown(b: &Browser) -> anyhow::Result<Vec<String>> {
    let v = b
        .eval(
            "return [...document.querySelectorAll('#results li.result')].filter(li => !li.hidden)\
             .map(li => li.querySelector('.who').textContent.replace(/\\s+/g, ' ').trim());",
        )
        .await?;
    Ok(v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default())
}

/// On the registration desk's page `desk` (everyone listed), types `query` into the search box and waits until
/// the list shows exactly the one player `who`; then presses Find (the server's search) and waits for the same.
async fn desk_finds(b: &Browser, desk: &str, query: &str, who: &str) -> anyhow::Result<()> {
    b.client.goto(desk).await?;
    type_into(b, "#search", query).await?;
    let wait = b
        .wait_for(
            "return [...document.querySelectorAll('#results li.result')].filter(li => !li.hidden).length === 1;",
            WAIT,
        )
        .await;
    let typed = shown(b).await?;
    ensure!(
        wait.is_ok() && typed.len() == 1 && typed[0].contains(who),
        "typing {query:?} shows {typed:?}, not {who} alone"
    );
    click(b, "form#find button[type=submit]").await?;
    b.wait_for(
        &format!(
            "return new URLSearchParams(location.search).get('q') === {};",
            serde_json::Value::from(query)
        ),
        WAIT,
    )
    .await
    .with_context(|| format!("Find with {query:?}"))?;
    let found = shown(b).await?;
    ensure!(
        found.len() == 1 && found[0].contains(who),
        "Find with {query:?} lists {found:?}, not {who} alone"
    );
    Ok(())
}

/// The public board's pairing list filtered by `query` (the server's own filter, as without JavaScript): the
/// lines it leaves shown.
async fn board_shows(venue: &Venue, t: u64, query: &str) -> anyhow::Result<Vec<String>> {
    let web = venue.tls_web()?;
    let reply = web
        .get(&format!("/t/{t}/pairings?q={query}"))
        .await?
        .expect(200, "the board's pairings")?;
    let doc = Html::parse_document(&reply.body);
    Ok(doc
        .select(&css("#by-name li.player"))
        .filter(|li| li.value().attr("hidden").is_none())
        .map(|li| li.text().collect::<String>())
        .collect())
}

/// The director's file `kind` of tournament `t`, as the dashboard's link fetches it: status and body.
async fn file(venue: &Venue, t: u64, kind: &str) -> anyhow::Result<(u16, String)> {
    let web = venue
        .tls_web()?
        .desk_session(venue.director_token(), "Dana")
        .await?;
    let reply = web
        .get(&format!("/desk/director/{t}/sheet/{kind}?file=true"))
        .await?;
    Ok((reply.status.as_u16(), reply.body))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_34_a_latin_name_is_searched_by_the_desks_and_written_in_the_files(
) -> anyhow::Result<()> {
    let test = "issue_34_a_latin_name_is_searched_by_the_desks_and_written_in_the_files";
    let venue = Venue::start().await?;
    let director = venue.play_director().await?;
    let t = tournament(&director).await?;
    checked_in(&director, t, "Berg", "Lena", "1k").await?;
    checked_in(&director, t, "Иванова", "Анна", "2k").await?;
    let sato = checked_in(&director, t, "佐藤", "花子", "3k").await?;
    let (_, token) = director
        .desk
        .create_token("reg-latin", pb::Role::Registration)
        .await?;

    // The add form at each size, filled in as the volunteer fills it in for 山田 太郎.
    let add = format!(
        "{}/desk/register/add?q=%E5%B1%B1%E7%94%B0+%E5%A4%AA%E9%83%8E",
        venue.url()
    );
    let mut desk = None;
    for (size, viewport) in SIZES {
        let Some(b) = desk_browser(test, viewport, &venue, &token, "Kim", "/desk/register").await?
        else {
            return Ok(());
        };
        look(&b, &add, &format!("latin-form-{size}")).await?;
        type_into(&b, "form#add input[name=latin_family]", "Yamada").await?;
        type_into(&b, "form#add input[name=latin_given]", "Taro").await?;
        b.eval("document.querySelector('form#add select[name=rank]').value = '2d'; return null;")
            .await?;
        look_filled(&b, size).await?;
        if size == "laptop" {
            desk = Some(b);
        } else {
            b.close().await?;
        }
    }
    let b = desk.context("the laptop's browser")?;
    let value =
        |name: &str| format!("return document.querySelector('form#add [name={name}]').value;");
    assert_eq!(b.eval(&value("family")).await?.as_str(), Some("山田"));
    assert_eq!(b.eval(&value("given")).await?.as_str(), Some("太郎"));
    click(&b, "form#add button[type=submit]").await?;
    wait_text(
        &b,
        "p.done",
        "山田 太郎 registered",
        WAIT,
        "desk-latin-registered",
    )
    .await?;
    let yamada = director.desk.find("山田").await?;
    let f = yamada
        .first()
        .and_then(|p| p.fields.clone())
        .context("山田 registered")?;
    assert_eq!(
        (f.latin_family_name.as_str(), f.latin_given_name.as_str()),
        ("Yamada", "Taro")
    );

    // The desk finds 山田 by "yamada" and Иванова by "ivanova", as the volunteer types and on Find.
    let register = format!("{}/desk/register", venue.url());
    desk_finds(&b, &register, "yamada", "山田 太郎").await?;
    b.screenshot("desk-latin-search").await?;
    desk_finds(&b, &register, "ivanova", "Иванова Анна").await?;
    // 佐藤 has no Latin name yet, and her name's Chinese reading is no name of hers.
    b.client.goto(&register).await?;
    for query in ["sato", "zuoteng"] {
        type_into(&b, "#search", query).await?;
        b.wait_for(
            "return [...document.querySelectorAll('#results li.result')].every(li => li.hidden);",
            WAIT,
        )
        .await
        .with_context(|| format!("typing {query:?} still shows someone"))?;
    }

    // Registration closes, round 1 is played; the board's search finds them too.
    director.desk.set_registration_open(t, false).await?;
    let drawn = director.draw(t, 1, false, false).await?;
    director.publish(t, 1).await?;
    for g in &drawn.games {
        director
            .report(t, 1, g.table, pb::Outcome::WhiteWins)
            .await?;
    }
    for (query, who) in [("yamada", "山田"), ("ivanova", "Иванова")] {
        let lines = board_shows(&venue, t, query).await?;
        ensure!(
            lines.len() == 1 && lines[0].contains(who),
            "the board's search for {query:?} shows {lines:?}"
        );
    }

    // The .h9 is refused, naming the one player whose name no file can spell, by her number.
    let numbers = director
        .rounds
        .clone()
        .get_player_numbers(pb::GetPlayerNumbersRequest { tournament_id: t })
        .await?
        .into_inner();
    let number = numbers
        .players
        .iter()
        .find(|p| p.id == sato.id)
        .map(|p| p.number)
        .context("佐藤 numbered")?;
    let named = format!("add a Latin name for #{number} 佐藤 花子 on the registration desk");
    let (status, body) = file(&venue, t, "egf").await?;
    ensure!(
        status == 409 && body.contains(&named),
        "the .h9 before 佐藤 has a Latin name: {status} {body}"
    );
    ensure!(
        !body.contains("山田") && !body.contains("Иванова"),
        "names only the one without: {body}"
    );
    // What the director sees on clicking the dashboard's link: the refusal, not a failed download.
    let Some(d) = director_browser(test, &venue, t).await? else {
        return Ok(());
    };
    click(&d, "#sheets a[href$='/sheet/egf?file=true']").await?;
    wait_text(&d, "#error", &named, WAIT, "desk-latin-refused").await?;
    d.screenshot("desk-latin-refused").await?;
    d.close().await?;

    // The desk types her Latin name in the edit form; the files then write every name in Latin letters.
    b.client
        .goto(&format!(
            "{}/desk/register/player/P{}/edit",
            venue.url(),
            sato.id
        ))
        .await?;
    type_into(&b, "form#edit input[name=latin_family]", "Sato").await?;
    type_into(&b, "form#edit input[name=latin_given]", "Hanako").await?;
    click(&b, "form#edit button[type=submit]").await?;
    wait_text(&b, "p.done", "saved", WAIT, "desk-latin-saved").await?;
    b.close().await?;
    let (status, h9) = file(&venue, t, "egf").await?;
    ensure!(status == 200 && h9.is_ascii(), "the .h9: {status} {h9}");
    for name in [
        " Yamada Taro ",
        " Ivanova Anna ",
        " Sato Hanako ",
        " Berg Lena ",
    ] {
        ensure!(h9.contains(name), "{name:?} in the .h9:\n{h9}");
    }
    let (status, tou) = file(&venue, t, "tou").await?;
    ensure!(
        status == 200 && tou.contains("Yamada Taro") && tou.contains("Ivanova Anna"),
        "{tou}"
    );
    let (status, aga) = file(&venue, t, "aga").await?;
    ensure!(status == 200 && aga.contains("Sato, Hanako"), "{aga}");
    Ok(())
}

/// The filled-in form at `size`, screenshot `desk-latin-form-SIZE-filled`, nothing cut off sideways.
async fn look_filled(b: &Browser, size: &str) -> anyhow::Result<()> {
    b.eval("document.querySelector('#latin-name').scrollIntoView(); return null;")
        .await?;
    b.screenshot(&format!("desk-latin-form-{size}-filled"))
        .await?;
    let sizes = b
        .eval("return [document.documentElement.scrollWidth, window.innerWidth];")
        .await?;
    ensure!(
        sizes[0].as_u64() <= sizes[1].as_u64(),
        "the add form at {size} is wider than the window ({sizes})"
    );
    Ok(())
}
