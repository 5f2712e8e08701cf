//! The team competition (issue 33), in headless Chromium against a real server over TLS: a volunteer types a
//! player's team on the add form, offered the teams already registered so two desks spell a team alike; after a
//! round, the board's standings page shows the teams (one row for a team typed two ways, its counted members
//! under its name) on a phone; the director's settings page holds the team competition's part.
//!
//! Screenshots: `target/web-screenshots/desk-teams-*.png` (made-up names only).

use std::time::Duration;

use tengen_tests::browser::{Browser, LAPTOP, PHONE};
use tengen_tests::{enter, meta, pb, player, PlayDesk, Venue};

use super::desk::{click, desk_browser, look, type_into, wait_text};
use super::screenshot_dir;

const WAIT: Duration = Duration::from_secs(5);

/// A three-round Swiss named `name` with `scoring`, and the players (family name, rank, team as typed) registered
/// and checked in by the director.
async fn swiss_with_teams(
    director: &PlayDesk,
    name: &str,
    scoring: pb::Scoring,
    field: &[(&str, &str, &str)],
) -> anyhow::Result<u64> {
    let t = director
        .desk
        .register
        .clone()
        .create_tournament(pb::CreateTournamentRequest {
            meta: meta(),
            settings: Some(pb::TournamentSettings {
                name: name.into(),
                rounds: 3,
                pairing_system: "swiss".into(),
                scoring: Some(scoring),
                ..Default::default()
            }),
        })
        .await?
        .into_inner()
        .id;
    for (family, rank, team) in field {
        let mut fields = player(family, "Test", rank);
        fields.team = (*team).into();
        director
            .desk
            .register
            .clone()
            .register_participant(pb::RegisterParticipantRequest {
                meta: meta(),
                fields: Some(fields),
                enter: vec![enter(t)],
                check_in: true,
                different_person: true,
            })
            .await?;
    }
    Ok(t)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_33_a_desk_types_the_team_and_the_board_shows_the_team_standings(
) -> anyhow::Result<()> {
    let test = "issue_33_a_desk_types_the_team_and_the_board_shows_the_team_standings";
    let venue = Venue::start().await?;
    let director = venue.play_director().await?;
    // Five players registered by the director, two teams; "north wind" is "North Wind" typed another way.
    let t = swiss_with_teams(
        &director,
        "Autumn Open",
        pb::Scoring {
            double_entry: Some(false),
            team_counting: 2,
            team_prizes_cents: vec![4_000],
            ..Default::default()
        },
        &[
            ("Aubert", "2d", "North Wind"),
            ("Bianchi", "1k", "north  wind"),
            ("Castro", "1d", "Stone Cats"),
            ("Dubois", "3k", "Stone Cats"),
            ("Eriksen", "5k", ""),
        ],
    )
    .await?;
    let (_, token) = director
        .desk
        .create_token("reg-teams", pb::Role::Registration)
        .await?;
    let Some(b) = desk_browser(test, LAPTOP, &venue, &token, "Kim", "/desk/register").await? else {
        return Ok(());
    };

    // The add form offers the registered teams, one spelling each.
    b.client
        .goto(&format!("{}/desk/register/add?q=Faure+Lea", venue.url()))
        .await?;
    let offered = b
        .eval("return [...document.querySelectorAll('datalist#teams option')].map(o => o.value);")
        .await?;
    assert_eq!(
        offered,
        serde_json::json!(["North Wind", "Stone Cats"]),
        "one spelling per team, in order"
    );
    let list = b
        .eval("return document.querySelector('form#add input[name=team]').getAttribute('list');")
        .await?;
    assert_eq!(list.as_str(), Some("teams"));
    b.eval(
        "document.querySelector('form#add select[name=rank]').value = '4k';
         document.querySelector('form#add input[name=enter]').checked = true;
         return null;",
    )
    .await?;
    type_into(&b, "form#add input[name=team]", "Stone Cats").await?;
    b.screenshot("desk-teams-add").await?;
    click(&b, "form#add button[type=submit]").await?;
    wait_text(
        &b,
        "p.done",
        "Faure Lea registered",
        WAIT,
        "desk-teams-added",
    )
    .await?;
    let faure = director.desk.find("Faure").await?;
    assert_eq!(
        faure
            .first()
            .and_then(|p| p.fields.as_ref())
            .map(|f| f.team.as_str()),
        Some("Stone Cats"),
        "the team typed on the form is in the register"
    );
    b.close().await?;

    // Registration closed (the desk checked her in, its default), a round where White wins everywhere.
    director.desk.set_registration_open(t, false).await?;
    director.play_white_wins(t, 1).await?;

    // The board on a phone: the teams under the standings, one row each.
    let Some(phone) = Browser::sized(test, &screenshot_dir(), PHONE).await? else {
        return Ok(());
    };
    let standings = format!("{}/t/{t}/standings", venue.url());
    phone.client.goto(&standings).await?;
    let section = wait_text(&phone, "#teams", "North Wind", WAIT, "desk-teams-board").await?;
    assert!(section.contains("Stone Cats"), "{section}");
    assert!(!section.contains("north  wind"), "one spelling: {section}");
    assert!(
        !section.contains("Eriksen"),
        "no team, not listed: {section}"
    );
    let rows = phone
        .eval("return document.querySelectorAll('#team-standings tbody tr').length;")
        .await?;
    assert_eq!(rows.as_u64(), Some(2), "{section}");
    assert!(section.contains("best 2 members"), "{section}");
    look(&phone, &standings, "teams-board-phone").await?;
    phone.close().await?;

    // The director's settings page: the Team competition part, as saved.
    let director_token = venue.director_token().to_string();
    let Some(d) = desk_browser(
        test,
        LAPTOP,
        &venue,
        &director_token,
        "Ann",
        "/desk/director",
    )
    .await?
    else {
        return Ok(());
    };
    d.client
        .goto(&format!("{}/desk/director/{t}/settings", venue.url()))
        .await?;
    let counting = d
        .eval("return document.querySelector('fieldset#teams input[name=team_counting]').value;")
        .await?;
    assert_eq!(counting.as_str(), Some("2"));
    d.screenshot("desk-teams-settings").await?;
    d.close().await?;
    Ok(())
}

/// The pages of a team tournament (issue 33) in headless Chromium: the registration desk sets a player's board
/// in their team on the edit form before round 1; the results desk heads each match's tables with the two teams;
/// a phone reads the round's matches on the pairings page, the teams' standings (team points, board wins) on the
/// standings page, and a team's page with its players in board order and its match board by board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_33_a_team_tournament_on_the_desks_and_the_board() -> anyhow::Result<()> {
    let test = "issue_33_a_team_tournament_on_the_desks_and_the_board";
    let venue = Venue::start().await?;
    let director = venue.play_director().await?;
    let t = swiss_with_teams(
        &director,
        "Club League",
        pb::Scoring {
            double_entry: Some(false),
            team_boards: 2,
            team_prizes_cents: vec![5_000],
            ..Default::default()
        },
        &[
            ("Aubert", "2d", "Stone Cats"),
            ("Bianchi", "1k", "Stone Cats"),
            ("Castro", "1d", "Hill Go"),
            ("Dahl", "2k", "Hill Go"),
            ("Eriksen", "3k", "Ko Kids"),
            ("Faure", "4k", "Ko Kids"),
            ("Gerber", "5k", "Moyo"),
            ("Haas", "6k", "Moyo"),
        ],
    )
    .await?;

    // The registration desk puts Dahl (2k) on Hill Go's board 1, above Castro (1d).
    let (_, token) = director
        .desk
        .create_token("reg-boards", pb::Role::Registration)
        .await?;
    let Some(b) = desk_browser(test, LAPTOP, &venue, &token, "Kim", "/desk/register").await? else {
        return Ok(());
    };
    let dahl = director.desk.find("Dahl").await?;
    let dahl_id = dahl.first().map(|p| p.id).unwrap_or_default();
    b.client
        .goto(&format!(
            "{}/desk/register/player/P{dahl_id}/edit",
            venue.url()
        ))
        .await?;
    type_into(&b, "form#edit input[name=board]", "1").await?;
    b.screenshot("desk-team-board-edit").await?;
    click(&b, "form#edit button[type=submit]").await?;
    wait_text(&b, "p.done", "Dahl", WAIT, "desk-team-board-saved").await?;
    let saved = director.desk.find("Dahl").await?;
    assert_eq!(
        saved
            .first()
            .and_then(|p| p.fields.as_ref())
            .and_then(|f| f.team_board),
        Some(1),
        "the board typed on the form is in the register"
    );
    b.close().await?;

    // Round 1 drawn and published: two matches of two boards.
    director.desk.set_registration_open(t, false).await?;
    let round = director.draw(t, 1, false, false).await?;
    assert_eq!(round.games.len(), 4, "four boards");
    director.publish(t, 1).await?;

    // The results desk: each match's tables under a head naming both teams.
    let (_, results) = director
        .desk
        .create_token("results-teams", pb::Role::Results)
        .await?;
    let Some(r) = desk_browser(test, LAPTOP, &venue, &results, "Lou", "/desk/results").await?
    else {
        return Ok(());
    };
    r.client
        .goto(&format!("{}/desk/results/{t}", venue.url()))
        .await?;
    let heads = r
        .eval("return [...document.querySelectorAll('#tables tr.match-head')].map(e => e.textContent.trim());")
        .await?;
    let heads: Vec<String> = serde_json::from_value(heads)?;
    assert_eq!(heads.len(), 2, "{heads:?}");
    assert!(
        heads
            .iter()
            .all(|h| h.starts_with("Match: ") && h.contains(" – ")),
        "{heads:?}"
    );
    r.screenshot("desk-team-results").await?;
    r.close().await?;

    // A phone: the round's matches on the pairings page.
    let Some(phone) = Browser::sized(test, &screenshot_dir(), PHONE).await? else {
        return Ok(());
    };
    let pairings = format!("{}/t/{t}/pairings", venue.url());
    phone.client.goto(&pairings).await?;
    let matches = wait_text(
        &phone,
        "#matches",
        "Stone Cats",
        WAIT,
        "team-pairings-phone",
    )
    .await?;
    let rows = phone
        .eval("return document.querySelectorAll('#matches tbody tr').length;")
        .await?;
    assert_eq!(rows.as_u64(), Some(2), "{matches}");
    look(&phone, &pairings, "team-pairings-phone").await?;

    // White wins every game; round 1 closed. The standings: four teams, team points and board wins.
    for g in &round.games {
        director
            .report(t, 1, g.table, pb::Outcome::WhiteWins)
            .await?;
    }
    director.close(t, 1).await?;
    let standings = format!("{}/t/{t}/standings", venue.url());
    phone.client.goto(&standings).await?;
    let section = wait_text(
        &phone,
        "#team-matches",
        "Points",
        WAIT,
        "team-standings-phone",
    )
    .await?;
    let cells = phone
        .eval(
            "return [...document.querySelectorAll('#match-standings tbody tr')]
                .map(r => [...r.cells].map(c => c.textContent.trim()));",
        )
        .await?;
    let cells: Vec<Vec<String>> = serde_json::from_value(cells)?;
    assert_eq!(cells.len(), 4, "{section}");
    // White wins everywhere and colours alternate by board: every match is drawn 1–1, so every team has one team
    // point and one board win, and they share the place.
    for row in &cells {
        assert_eq!((row[2].as_str(), row[3].as_str()), ("1", "1"), "{row:?}");
        assert_eq!(row[4], "0–1–0", "{row:?}");
    }
    look(&phone, &standings, "team-standings-phone").await?;

    // Hill Go's page: Dahl on board 1, then Castro; its match of round 1 board by board.
    let href = phone
        .eval(
            "return [...document.querySelectorAll('#match-standings a')]
                .find(a => a.textContent.trim() === 'Hill Go').getAttribute('href');",
        )
        .await?;
    let team_page = format!("{}{}", venue.url(), href.as_str().unwrap_or_default());
    phone.client.goto(&team_page).await?;
    let players = wait_text(&phone, "#team-players", "Dahl", WAIT, "team-page-phone").await?;
    assert!(
        players.find("Dahl") < players.find("Castro"),
        "board order: {players}"
    );
    let boards = phone
        .eval("return document.querySelectorAll('.team-match tbody tr').length;")
        .await?;
    assert_eq!(boards.as_u64(), Some(2), "two boards in round 1");
    look(&phone, &team_page, "team-page-phone").await?;

    // Dahl's own page names the team, a link to its page.
    let dahl_page = phone
        .eval("return document.querySelector('#team-players a').getAttribute('href');")
        .await?;
    phone
        .client
        .goto(&format!(
            "{}{}",
            venue.url(),
            dahl_page.as_str().unwrap_or_default()
        ))
        .await?;
    let team_line = wait_text(&phone, "#team", "Hill Go", WAIT, "team-player-phone").await?;
    assert!(team_line.starts_with("Team:"), "{team_line}");
    phone.close().await?;
    Ok(())
}
