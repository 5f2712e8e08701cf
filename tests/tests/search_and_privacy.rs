//! Finding players by name over the wire ignores case and accents, and private contact data (email, phone, year
//! of birth) is shown to registration desks and the director but blank for every read-only terminal, in every
//! read path, in the desk program and never on the public board.

use anyhow::ensure;
use std::process::Output;
use std::time::Duration;
use tengen_tests::{cli_binary, pb, player, Desk, Venue};

fn families(list: &[pb::Participant]) -> Vec<String> {
    let mut v: Vec<String> = list
        .iter()
        .map(|p| {
            let f = p.fields.as_ref().unwrap();
            format!("{} {}", f.family_name, f.given_name)
        })
        .collect();
    v.sort();
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn find_by_name_ignores_case_and_accents() -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let desk = venue.desk("reg-1", pb::Role::Registration).await?;
    for (family, given) in [
        ("Côté", "Élise"),
        ("Cotillard", "Marion"),
        ("Müller", "Jürgen"),
        ("Smith", "Anne"),
    ] {
        desk.register_player(player(family, given, "5k"), vec![])
            .await?;
    }
    let viewer = venue.desk("screen", pb::Role::Viewer).await?;
    assert_eq!(families(&viewer.find("cote").await?), ["Côté Élise"]);
    assert_eq!(families(&viewer.find("COTÉ").await?), ["Côté Élise"]);
    assert_eq!(
        families(&viewer.find("cot").await?),
        ["Cotillard Marion", "Côté Élise"]
    );
    assert_eq!(
        families(&viewer.find("elise").await?),
        ["Côté Élise"],
        "given name prefix"
    );
    assert_eq!(
        families(&viewer.find("Elise Cote").await?),
        ["Côté Élise"],
        "given then family"
    );
    assert_eq!(
        families(&viewer.find("muller jur").await?),
        ["Müller Jürgen"],
        "family then given"
    );
    assert_eq!(
        families(&viewer.find("MUELLER").await?),
        Vec::<String>::new(),
        "no false friends"
    );
    assert!(
        viewer.find("ote").await?.is_empty(),
        "prefix search, not substring"
    );
    Ok(())
}

fn contact(p: &pb::Participant) -> (String, String, Option<u32>) {
    let f = p.fields.as_ref().unwrap();
    (f.email.clone(), f.phone.clone(), f.birth_year)
}

async fn seen_by(desk: &Desk, id: u64) -> anyhow::Result<Vec<(String, String, Option<u32>)>> {
    let got = desk.get(id).await?;
    let found = desk.find("Côté").await?;
    let listed = desk.list_all().await?;
    let mut watch = desk.watch(1).await?;
    let mut from_log = None;
    while from_log.is_none() {
        let e = tokio::time::timeout(Duration::from_secs(5), watch.message())
            .await??
            .unwrap();
        for ev in e.events {
            if let Some(pb::event::Subject::Participant(p)) = ev.subject {
                if p.id == id {
                    from_log = Some(p);
                }
            }
        }
    }
    assert_eq!(found.len(), 1);
    assert_eq!(listed.len(), 1);
    Ok(vec![
        contact(&got),
        contact(&found[0]),
        contact(&listed[0]),
        contact(&from_log.unwrap()),
    ])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn contact_details_are_blank_for_read_only_terminals_and_visible_to_desks(
) -> anyhow::Result<()> {
    let venue = Venue::start().await?;
    let desk = venue.desk("reg-1", pb::Role::Registration).await?;
    let fields = pb::ParticipantFields {
        email: "elise@example.org".into(),
        phone: "+33 6 12 34 56 78".into(),
        club: "Lyon".into(),
        birth_year: Some(2012),
        ..player("Côté", "Élise", "2d")
    };
    let p = desk.register_player(fields, vec![]).await?;
    let private = (
        "elise@example.org".to_string(),
        "+33 6 12 34 56 78".to_string(),
        Some(2012),
    );
    assert_eq!(
        contact(&p),
        private,
        "the registering desk sees what it typed"
    );

    for (name, role) in [
        ("reg-2", pb::Role::Registration),
        ("late", pb::Role::LateDesk),
    ] {
        let d = venue.desk(name, role).await?;
        assert_eq!(
            seen_by(&d, p.id).await?,
            vec![private.clone(); 4],
            "{role:?} sees contact data"
        );
    }
    assert_eq!(
        seen_by(&venue.director().await?, p.id).await?,
        vec![private.clone(); 4]
    );
    let blank = (String::new(), String::new(), None);
    for (name, role) in [
        ("screen", pb::Role::Viewer),
        ("results-1", pb::Role::Results),
        ("ref-1", pb::Role::Referee),
    ] {
        let d = venue.desk(name, role).await?;
        let seen = seen_by(&d, p.id).await?;
        assert_eq!(
            seen,
            vec![blank.clone(); 4],
            "{role:?} must not see contact data (get, find, list, watch)"
        );
        let got = d.get(p.id).await?;
        assert_eq!(
            got.fields.unwrap().club,
            "Lyon",
            "{role:?} still sees the public fields"
        );
    }
    // The log summary line never carries contact data either.
    let mut watch = venue
        .desk("screen-2", pb::Role::Viewer)
        .await?
        .watch(1)
        .await?;
    let last = venue.director().await?.last_seq().await?;
    for _ in 0..last {
        let e = tokio::time::timeout(Duration::from_secs(5), watch.message())
            .await??
            .unwrap();
        for ev in e.events {
            assert!(
                !ev.summary.contains("example.org") && !ev.summary.contains("34 56"),
                "{}",
                ev.summary
            );
        }
    }
    Ok(())
}

/// The desk program (`tengen`) with a terminal's token, pointed at the venue.
fn tengen(venue: &Venue, token: &str, args: &[&str]) -> anyhow::Result<Output> {
    let config = tempfile::tempdir()?;
    Ok(std::process::Command::new(cli_binary()?)
        .args(args)
        .env("TENGEN_SERVER", venue.url())
        .env("TENGEN_CA", venue.data_dir().join("ca.pem"))
        .env("TENGEN_OPERATOR", "e2e-cli")
        .env("TENGEN_TOKEN", token)
        .env("XDG_CONFIG_HOME", config.path())
        .env("NO_COLOR", "1")
        .env_remove("TENGEN_DATA")
        .env_remove("TENGEN_TOKEN_FILE")
        .output()?)
}

/// Its stdout, insisting on success.
fn tengen_ok(venue: &Venue, token: &str, args: &[&str]) -> anyhow::Result<String> {
    let out = tengen(venue, token, args)?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    ensure!(
        out.status.success(),
        "tengen {args:?} failed ({}):\nstdout: {stdout}\nstderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(stdout)
}

/// The `born` line of `tengen player get`, if it printed one.
fn born_line(stdout: &str) -> Option<String> {
    stdout
        .lines()
        .find(|l| l.split_whitespace().next() == Some("born"))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Does `text` hold `year` as a number of its own (not inside a longer number or word)?
fn shows_year(text: &str, year: &str) -> bool {
    text.match_indices(year).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + year.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Issue 33: the desk program types a year of birth on add and edit, a registration desk sees it, a read-only
/// terminal does not, a year that is not a year of birth is refused with its reason, and the public board never
/// shows it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_33_the_year_of_birth_is_typed_at_the_desk_and_never_public() -> anyhow::Result<()> {
    let venue = Venue::start_public().await?;
    let director = venue.play_director().await?;
    let t = director.desk.create_tournament("Open", 3).await?.id;
    let (_, desk) = director
        .desk
        .create_token("reg-1", pb::Role::Registration)
        .await?;
    let (_, screen) = director
        .desk
        .create_token("screen", pb::Role::Viewer)
        .await?;
    let enter = t.to_string();
    let added = tengen_ok(
        &venue,
        &desk,
        &[
            "player", "add", "--family", "Côté", "--given", "Élise", "--rank", "2d", "--born",
            "2012", "--enter", &enter, "--json",
        ],
    )?;
    let added: serde_json::Value = serde_json::from_str(&added)?;
    assert_eq!(added["birth_year"], 2012, "{added}");
    let id = format!("P{}", added["id"]);
    let edited = tengen_ok(
        &venue,
        &desk,
        &["player", "update", &id, "--rev", "0", "--born", "2011"],
    )?;
    assert_eq!(born_line(&edited).as_deref(), Some("born 2011"), "{edited}");

    let refused = tengen(
        &venue,
        &desk,
        &["player", "update", &id, "--rev", "0", "--born", "2099"],
    )?;
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "2099 is refused");
    assert!(
        stderr.contains(
            "birth year: 2099 is not a year of birth: type the year the player was born, like 2012"
        ),
        "{stderr}"
    );
    let shown = tengen_ok(&venue, &desk, &["player", "get", &id])?;
    assert_eq!(
        born_line(&shown).as_deref(),
        Some("born 2011"),
        "nothing written: {shown}"
    );
    let director_sees = tengen_ok(&venue, venue.director_token(), &["player", "get", &id])?;
    assert_eq!(born_line(&director_sees).as_deref(), Some("born 2011"));

    let viewer = tengen_ok(&venue, &screen, &["player", "get", &id])?;
    assert_eq!(born_line(&viewer), None, "{viewer}");
    assert!(!shows_year(&viewer, "2011"), "{viewer}");
    let viewer: serde_json::Value = serde_json::from_str(&tengen_ok(
        &venue,
        &screen,
        &["player", "get", &id, "--json"],
    )?)?;
    assert!(viewer["birth_year"].is_null(), "{viewer}");

    // The board: its home, the players' list and the player's own page (numbered once registration closes).
    director.desk.set_registration_open(t, false).await?;
    let numbers = director
        .rounds
        .clone()
        .get_player_numbers(pb::GetPlayerNumbersRequest { tournament_id: t })
        .await?
        .into_inner();
    let number = numbers.players.first().map(|p| p.number).unwrap_or(0);
    ensure!(
        number > 0,
        "closing registration numbers the player: {numbers:?}"
    );
    let web = venue.public_web();
    for target in [
        "/".to_string(),
        format!("/t/{t}/players"),
        format!("/t/{t}/players/{number}"),
    ] {
        let page = web.get(&target).await?.expect(200, &target)?;
        assert!(
            target == "/" || page.body.contains("Côté"),
            "{target} shows the player"
        );
        assert!(
            !shows_year(&page.body, "2011"),
            "{target} shows the year of birth"
        );
    }
    // Nor does the server's log say the year it refused (what follows the span's request id).
    let logs = venue.logs();
    let refusals: Vec<&str> = logs
        .lines()
        .filter_map(|l| l.split_once(" refused ").map(|(_, said)| said))
        .collect();
    assert_eq!(
        refusals,
        ["error=birth year: not a year of birth (value not logged)"],
        "{logs}"
    );
    Ok(())
}
