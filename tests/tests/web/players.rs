//! Issue 34, per-player actions in the browser: the director's player page (withdraw and reinstate, absent for a
//! round, a rank change from a round), reopening registration from the dashboard, the explain page, and a
//! registration desk taking back the registration it has just made. A real server over TLS, headless Chromium,
//! and the register read back through gRPC. Screenshots of every page at a phone (390×844), a tablet (820×1180)
//! and a desk laptop (1280×800) go to `target/web-screenshots/players-*.png`.

use std::time::Duration;

use anyhow::{bail, ensure, Context as _};
use tengen_tests::board::form;
use tengen_tests::browser::{Browser, Viewport, LAPTOP};
use tengen_tests::pb;

use super::desk::{
    alert_of, answer_confirm, asked, click, csrf_in, desk_browser, director_browser, js, look,
    mark_page, player_id, type_into, wait_new_page, wait_text, Event, RED,
};

/// A phone as the issue names it.
const PHONE: Viewport = Viewport {
    width: 390,
    height: 844,
    mobile: true,
};

/// A tablet as the issue names it.
const TABLET: Viewport = Viewport {
    width: 820,
    height: 1180,
    mobile: true,
};

const WAIT: Duration = Duration::from_secs(5);

/// The entry of participant `id` in the event's tournament.
async fn entry_of(e: &Event, id: u64) -> anyhow::Result<pb::Entry> {
    let p = e.director.desk.get(id).await?;
    p.entries
        .into_iter()
        .find(|en| en.tournament_id == e.t)
        .context("the player's entry")
}

/// Everyone seated in a round: both players of each game and the bye.
fn seated(round: &pb::Round) -> Vec<u64> {
    let mut ids: Vec<u64> = round
        .games
        .iter()
        .flat_map(|g| [player_id(&g.white), player_id(&g.black)])
        .collect();
    ids.extend(round.bye.as_ref().map(|b| b.id));
    ids
}

/// The player page of `number` through the dashboard's find box, as the director reaches it.
async fn open_player(d: &Browser, number: u32) -> anyhow::Result<()> {
    type_into(d, "#player-q", &number.to_string()).await?;
    mark_page(d).await?;
    click(d, "#find-player button").await?;
    wait_new_page(d, "the find box").await?;
    wait_text(d, "h1#player", &format!("#{number}"), WAIT, "players-find").await?;
    Ok(())
}

/// Answers the page's next questions `yes`, keeping each question across the page load the answer causes (the
/// desk helpers' `asked` reads a variable the next page no longer has).
pub(super) async fn say_yes_and_remember(b: &Browser) -> anyhow::Result<()> {
    b.eval(
        "sessionStorage.removeItem('asked'); \
         window.confirm = q => { sessionStorage.setItem('asked', q); return true; }; return null;",
    )
    .await?;
    Ok(())
}

/// The question the page asked before [`say_yes_and_remember`]'s answer, if any.
pub(super) async fn remembered_question(b: &Browser) -> anyhow::Result<Option<String>> {
    let v = b.eval("return sessionStorage.getItem('asked');").await?;
    Ok(v.as_str().map(str::to_string))
}

// ---------------------------------------------------------------------------------------------------------------

/// The director withdraws a player from the player page (asked first; "no" changes nothing), the next draw leaves
/// them out, and Reinstate brings them back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_director_withdraws_a_player_the_draw_leaves_them_out_and_reinstates_them(
) -> anyhow::Result<()> {
    let test = "the_director_withdraws_a_player_the_draw_leaves_them_out_and_reinstates_them";
    let e = Event::open(8, false, true).await?;
    let numbers = e.numbers().await?;
    let x = &e.players[2];
    let n = numbers[&x.id];
    let Some(d) = director_browser(test, &e.venue, e.t).await? else {
        return Ok(());
    };
    open_player(&d, n).await?;

    let before = e.director.desk.last_seq().await?;
    answer_confirm(&d, false).await?;
    click(&d, "form[data-action=withdraw] button").await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let question = asked(&d).await?.context("Withdraw asks first")?;
    ensure!(
        question.contains(&format!("#{n}")) && question.contains("left out of every draw"),
        "the question names the player and what happens: {question}"
    );
    ensure!(
        e.director.desk.last_seq().await? == before,
        "answering no changes nothing"
    );
    answer_confirm(&d, true).await?;
    mark_page(&d).await?;
    click(&d, "form[data-action=withdraw] button").await?;
    wait_new_page(&d, "withdraw").await?;
    wait_text(&d, "p.done", "withdrawn", WAIT, "players-withdrawn").await?;
    ensure!(
        entry_of(&e, x.id).await?.status == pb::EntryStatus::Withdrawn as i32,
        "#{n} is withdrawn in the register"
    );
    wait_text(&d, "#status", "withdrawn", WAIT, "players-withdrawn-status").await?;

    let round = e.director.draw(e.t, 1, false, false).await?;
    ensure!(
        !seated(&round).contains(&x.id),
        "round 1 leaves the withdrawn #{n} out: {round:?}"
    );
    ensure!(
        seated(&round).len() == 7,
        "the other seven are seated (six at tables, one bye): {round:?}"
    );

    d.client
        .goto(&format!(
            "{}/desk/director/{}/player/{n}",
            e.venue.url(),
            e.t
        ))
        .await?;
    mark_page(&d).await?;
    click(&d, "form[data-action=reinstate] button").await?;
    wait_new_page(&d, "reinstate").await?;
    wait_text(&d, "p.done", "back in", WAIT, "players-reinstated").await?;
    ensure!(
        entry_of(&e, x.id).await?.status == pb::EntryStatus::CheckedIn as i32,
        "#{n} is back in the register"
    );
    d.close().await
}

/// The director marks a player absent from round 2 (the select starts on round 2, the next round) and changes
/// another's rank from round 2 after a refused, cleared "12x"; round 2's draw leaves the absent player out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_director_marks_a_player_absent_for_round_2_and_changes_a_rank_from_round_2(
) -> anyhow::Result<()> {
    let test = "the_director_marks_a_player_absent_for_round_2_and_changes_a_rank_from_round_2";
    let e = Event::open(8, false, true).await?;
    e.director.play_white_wins(e.t, 1).await?;
    let numbers = e.numbers().await?;
    let (absent, ranked) = (&e.players[4], &e.players[5]);
    let (na, nr) = (numbers[&absent.id], numbers[&ranked.id]);
    let Some(d) = director_browser(test, &e.venue, e.t).await? else {
        return Ok(());
    };

    // Absent from round 2.
    open_player(&d, na).await?;
    let chosen = d
        .eval("return document.querySelector('form[data-action=absent] select[name=round]').value;")
        .await?;
    ensure!(
        chosen.as_str() == Some("2"),
        "the round select starts on the next round, 2: {chosen}"
    );
    say_yes_and_remember(&d).await?;
    mark_page(&d).await?;
    click(&d, "form[data-action=absent] button").await?;
    wait_new_page(&d, "absent").await?;
    let question = remembered_question(&d)
        .await?
        .context("Absent asks first")?;
    ensure!(question.contains("round 2"), "{question}");
    wait_text(&d, "p.done", "absent from round 2", WAIT, "players-absent").await?;
    let rounds = entry_of(&e, absent.id).await?.rounds;
    ensure!(
        rounds == vec![1, 3],
        "#{na} plays rounds 1 and 3: {rounds:?}"
    );

    // A rank change from round 2: a wrong rank first, refused in red with the box emptied and focused.
    open_player(&d, nr).await?;
    type_into(&d, "#new-rank", "12x").await?;
    answer_confirm(&d, true).await?;
    mark_page(&d).await?;
    click(&d, "form[data-action=rank] button").await?;
    wait_new_page(&d, "a wrong rank").await?;
    let (role, colour, text) = alert_of(&d, "#error").await?;
    ensure!(
        role == "alert" && colour == RED && text.contains("unknown rank"),
        "a wrong rank is refused in red, naming why: {role} {colour} {text}"
    );
    let focus = d
        .eval("const r = document.querySelector('#new-rank'); return [document.activeElement === r, r.value];")
        .await?;
    ensure!(
        focus[0].as_bool() == Some(true) && focus[1].as_str() == Some(""),
        "the rank box is emptied and focused after the refusal: {focus}"
    );
    let before = e.director.desk.last_seq().await?;
    type_into(&d, "#new-rank", "1d").await?;
    let from = d
        .eval("return document.querySelector('form[data-action=rank] select[name=from]').value;")
        .await?;
    ensure!(
        from.as_str() == Some("2"),
        "from round 2 by default: {from}"
    );
    answer_confirm(&d, true).await?;
    mark_page(&d).await?;
    click(&d, "form[data-action=rank] button").await?;
    wait_new_page(&d, "the rank change").await?;
    wait_text(&d, "p.done", "1d from round 2", WAIT, "players-rank").await?;
    wait_text(&d, "#rank", "1d from round 2", WAIT, "players-rank-entry").await?;
    let last = e.director.desk.last_seq().await?;
    ensure!(last == before + 1, "one entry for the rank change");
    let log = e.director.desk.read_log(last).await?;
    let kinds: Vec<&str> = log
        .last()
        .map(|en| en.events.iter().map(|ev| ev.kind.as_str()).collect())
        .unwrap_or_default();
    ensure!(
        kinds == ["RankChanged"],
        "the log records a rank change: {kinds:?}"
    );

    let round2 = e.director.draw(e.t, 2, false, false).await?;
    ensure!(
        !seated(&round2).contains(&absent.id),
        "round 2 leaves the absent #{na} out: {round2:?}"
    );
    d.close().await
}

/// The dashboard opens registration again before round 1 is drawn (asked first), and after the draw offers no
/// button, saying why; a stale form sent anyway is refused in red and changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_reopens_from_the_dashboard_before_the_draw_and_is_refused_after_it(
) -> anyhow::Result<()> {
    let test = "registration_reopens_from_the_dashboard_before_the_draw_and_is_refused_after_it";
    let e = Event::open(8, false, true).await?;
    let t = e.t;
    let url = e.venue.url();
    let Some(d) = director_browser(test, &e.venue, t).await? else {
        return Ok(());
    };
    let is_open = || async {
        let list = e
            .director
            .desk
            .register
            .clone()
            .list_tournaments(pb::ListTournamentsRequest {})
            .await?
            .into_inner();
        Ok::<_, anyhow::Error>(
            list.tournaments
                .iter()
                .any(|x| x.id == t && x.registration_open),
        )
    };
    say_yes_and_remember(&d).await?;
    mark_page(&d).await?;
    click(&d, "form[data-action=reopen-registration] button").await?;
    wait_new_page(&d, "reopen").await?;
    let question = remembered_question(&d)
        .await?
        .context("reopening asks first")?;
    ensure!(
        question.contains("Open registration for Desk Open again?"),
        "{question}"
    );
    wait_text(&d, "p.done", "open again", WAIT, "players-reopened").await?;
    ensure!(is_open().await?, "registration is open again");

    // Closed again, round 1 drawn: no button, and the reason.
    e.director.desk.set_registration_open(t, false).await?;
    e.director.draw(t, 1, false, false).await?;
    d.client.goto(&format!("{url}/desk/director/{t}")).await?;
    let why = wait_text(&d, "#no-reopen", "Round 1", WAIT, "players-no-reopen").await?;
    ensure!(why.contains("late desk"), "{why}");
    let buttons = d
        .eval("return document.querySelectorAll('form[data-action=reopen-registration]').length;")
        .await?;
    ensure!(
        buttons.as_u64() == Some(0),
        "no reopen button after the draw"
    );

    // The form sent anyway (a page left open before the draw): refused in red, nothing written.
    let web = e
        .venue
        .tls_web()?
        .desk_session(e.venue.director_token(), "Dana")
        .await?;
    let page = web.get(&format!("/desk/director/{t}")).await?;
    let csrf = csrf_in(&page.body).context("the dashboard's csrf")?;
    let before = e.director.desk.last_seq().await?;
    let id = tengen_tests::request_id();
    let reply = web
        .post_form(
            &format!("/desk/director/{t}/do/reopen-registration"),
            form(&[("csrf", &csrf), ("request_id", &id), ("confirmed", "yes")]),
        )
        .await?
        .expect(303, "reopening after the draw")?;
    let location = reply.location().unwrap_or_default().to_string();
    ensure!(
        location.contains("error=") && e.director.desk.last_seq().await? == before,
        "refused ({location}) and nothing written"
    );
    d.client.goto(&format!("{url}{location}")).await?;
    let (role, colour, text) = alert_of(&d, "#error").await?;
    ensure!(
        role == "alert" && colour == RED && text.contains("round 1 of Desk Open is drawn"),
        "{role} {colour} {text}"
    );
    ensure!(!is_open().await?, "registration stays closed");
    d.close().await
}

/// The explain page says two players meet at their table and why, that two others do not, and refuses a number
/// nobody has in red with its box emptied.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn explain_shows_why_two_players_were_or_were_not_paired() -> anyhow::Result<()> {
    let test = "explain_shows_why_two_players_were_or_were_not_paired";
    let e = Event::open(8, false, true).await?;
    let round = e.director.draw(e.t, 1, false, false).await?;
    let numbers = e.numbers().await?;
    let g = round.games.first().context("a game")?;
    let other = round.games.get(1).context("a second game")?;
    let (nw, nb, nx) = (
        numbers[&player_id(&g.white)],
        numbers[&player_id(&g.black)],
        numbers[&player_id(&other.white)],
    );
    let Some(d) = director_browser(test, &e.venue, e.t).await? else {
        return Ok(());
    };
    open_player(&d, nw).await?;
    mark_page(&d).await?;
    click(&d, "a[href*=explain]").await?;
    wait_new_page(&d, "the explain link").await?;
    let focused = d
        .eval("return document.activeElement && document.activeElement.id;")
        .await?;
    ensure!(
        focused.as_str() == Some("b"),
        "the second box waits: {focused}"
    );
    type_into(&d, "#b", &nb.to_string()).await?;
    mark_page(&d).await?;
    click(&d, "#explain-form button").await?;
    wait_new_page(&d, "explain").await?;
    wait_text(
        &d,
        "#verdict",
        &format!("Paired with each other at table {}", g.table),
        WAIT,
        "players-explain",
    )
    .await?;
    let reasons = wait_text(
        &d,
        "#reasons",
        "Before round 1",
        WAIT,
        "players-explain-reasons",
    )
    .await?;
    ensure!(
        reasons.contains("club Oslo"),
        "clubmates are named as such: {reasons}"
    );
    wait_text(&d, "#order-text", "#", WAIT, "players-explain-order").await?;

    d.client
        .goto(&format!(
            "{}/desk/director/{}/explain?a={nw}&b={nx}",
            e.venue.url(),
            e.t
        ))
        .await?;
    wait_text(&d, "#verdict", "Not paired", WAIT, "players-explain-not").await?;
    wait_text(
        &d,
        "#seats",
        &format!("table {}", other.table),
        WAIT,
        "players-explain-seats",
    )
    .await?;

    d.client
        .goto(&format!(
            "{}/desk/director/{}/explain?a={nw}&b=99",
            e.venue.url(),
            e.t
        ))
        .await?;
    let (role, colour, text) = alert_of(&d, "#error").await?;
    ensure!(
        role == "alert" && colour == RED && text.contains("no player #99"),
        "{role} {colour} {text}"
    );
    let b = d
        .eval("const b = document.querySelector('#b'); return [b.value, document.activeElement === b];")
        .await?;
    ensure!(
        b[0].as_str() == Some("") && b[1].as_bool() == Some(true),
        "the refused box is emptied and focused: {b}"
    );
    d.close().await
}

/// Registers a player at a desk's add form (the browser is on it) and waits for the confirmation.
async fn register_in(b: &Browser, family: &str, given: &str, rank: &str) -> anyhow::Result<()> {
    type_into(b, "form#add input[name=family]", family).await?;
    type_into(b, "form#add input[name=given]", given).await?;
    b.eval(&format!(
        "document.querySelector('form#add select[name=rank]').value = {}; return null;",
        js(rank)
    ))
    .await?;
    mark_page(b).await?;
    click(b, "form#add button.primary[type=submit]").await?;
    wait_new_page(b, "registering").await?;
    wait_text(b, "p.done", "registered as", WAIT, "players-registered").await?;
    Ok(())
}

/// A registration desk takes back the player it has just registered, within the minute; another desk is offered
/// no undo and is refused one (the register names the desk that registered them).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_registration_desk_undoes_its_own_registration_and_not_another_desks(
) -> anyhow::Result<()> {
    let test = "a_registration_desk_undoes_its_own_registration_and_not_another_desks";
    let e = Event::open(4, false, false).await?;
    let (ta, tb) = (
        e.token("desk-a", pb::Role::Registration).await?,
        e.token("desk-b", pb::Role::Registration).await?,
    );
    let Some(a) = desk_browser(test, LAPTOP, &e.venue, &ta, "Anne", "/desk/register/add").await?
    else {
        return Ok(());
    };
    register_in(&a, "Ito", "Aki", "4k").await?;
    let found = e.director.desk.find("Ito").await?;
    let ito = found.first().context("Ito is in the register")?;
    let left = a
        .eval("const f = document.querySelector('form#undo'); return f ? Number(f.dataset.expiresIn) : null;")
        .await?;
    let left = left.as_u64().context("desk A is offered Undo")?;
    ensure!(
        left > 0 && left <= 60_000,
        "Undo lasts the rest of the minute: {left} ms"
    );
    a.screenshot("players-undo-offer").await?;

    // Desk B: no button for A's registration, and the register refuses B's undo, naming desk A.
    let Some(b) = desk_browser(test, LAPTOP, &e.venue, &tb, "Bob", "/desk/register").await? else {
        return Ok(());
    };
    b.client
        .goto(&format!("{}/desk/register?undo=P{}", e.venue.url(), ito.id))
        .await?;
    let offered = b
        .eval("return !!document.querySelector('form#undo');")
        .await?;
    ensure!(
        offered.as_bool() == Some(false),
        "desk B is offered no undo of desk A's registration"
    );
    let web = e.venue.tls_web()?.desk_session(&tb, "Bob").await?;
    let page = web.get("/desk/register").await?;
    let csrf = csrf_in(&page.body).context("desk B's csrf")?;
    let before = e.director.desk.last_seq().await?;
    let id = tengen_tests::request_id();
    let reply = web
        .post_form(
            "/desk/register/undo",
            form(&[
                ("csrf", &csrf),
                ("request_id", &id),
                ("id", &format!("P{}", ito.id)),
            ]),
        )
        .await?
        .expect(303, "desk B's undo")?;
    let location = reply.location().unwrap_or_default().to_string();
    ensure!(
        location.contains("error=") && e.director.desk.last_seq().await? == before,
        "desk B's undo is refused ({location}) and writes nothing"
    );
    b.client
        .goto(&format!("{}{location}", e.venue.url()))
        .await?;
    let (role, colour, text) = alert_of(&b, "#error").await?;
    ensure!(
        role == "alert" && colour == RED && text.contains("registered at desk-a"),
        "{role} {colour} {text}"
    );
    b.close().await?;

    // Desk A undoes it: the player is gone from the register, and the desk says so.
    mark_page(&a).await?;
    click(&a, "form#undo button").await?;
    wait_new_page(&a, "undo").await?;
    wait_text(&a, "p.done", "Ito Aki undone", WAIT, "players-undone").await?;
    ensure!(
        e.director.desk.get(ito.id).await.is_err(),
        "P{} is no longer in the register",
        ito.id
    );
    ensure!(
        e.director.desk.find("Ito").await?.is_empty(),
        "nobody called Ito is left"
    );
    a.close().await
}

/// Issue 34's wording faults: a list filtered as the volunteer types says how many it shows; a withdrawn player
/// with no number is offered back by name, never as "#P24 returns"; a box to tick sits beside its words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_34_counts_say_what_is_shown_a_withdrawn_name_is_no_id_and_boxes_sit_beside_their_words(
) -> anyhow::Result<()> {
    let test = "issue_34_counts_say_what_is_shown_a_withdrawn_name_is_no_id_and_boxes_sit_beside_their_words";
    let e = Event::open(4, false, false).await?;
    let token = e.token("desk-a", pb::Role::Registration).await?;
    let Some(b) = desk_browser(test, LAPTOP, &e.venue, &token, "Anne", "/desk/register").await?
    else {
        return Ok(());
    };
    // "1 shown of 4", typed, not "4 shown of 4".
    type_into(&b, "#search", "berg").await?;
    let count = wait_text(&b, "#count", "1 shown of 4", WAIT, "players-count").await?;
    ensure!(count.contains("1 shown"), "{count}");

    // The add form's boxes: each on the line of its words.
    b.client
        .goto(&format!("{}/desk/register/add", e.venue.url()))
        .await?;
    let rows = b
        .eval(
            "return Array.from(document.querySelectorAll('form#add input[type=checkbox]')).map(box => { \
             const l = box.closest('label'); const r = box.getBoundingClientRect(); \
             const range = document.createRange(); range.selectNodeContents(l); \
             const words = Array.from(range.getClientRects()).filter(x => x.left > r.right); \
             return words.length > 0 && words.some(w => Math.abs((w.top + w.bottom) / 2 - (r.top + r.bottom) / 2) < r.height); });",
        )
        .await?;
    let rows = rows.as_array().cloned().unwrap_or_default();
    ensure!(
        !rows.is_empty() && rows.iter().all(|v| v.as_bool() == Some(true)),
        "every checkbox has its words beside it on its line: {rows:?}"
    );
    b.screenshot("players-add-checkboxes").await?;
    b.close().await?;

    // Withdrawn before numbering: the referee's page offers them back by name.
    let x = &e.players[1];
    e.director
        .desk
        .register
        .clone()
        .withdraw(pb::EntryRequest {
            meta: tengen_tests::meta(),
            participant_id: x.id,
            tournament_id: e.t,
            expected_revision: 0,
        })
        .await?;
    let Some(r) = e.referee_tablet(test, "referee-1").await? else {
        return Ok(());
    };
    let button = wait_text(&r, "#withdrawn button", "returns", WAIT, "players-returns").await?;
    ensure!(
        !button.contains("#P") && button.contains("Berg Lena"),
        "the withdrawn player is offered back by name: {button:?}"
    );
    r.close().await
}

/// Opens `url` like `look` (a screenshot `desk-NAME`, nothing wider than the window), then one scrolled to
/// `selector` (the end of the page when it is `None`) as `desk-NAME-end`.
async fn look_through(
    b: &Browser,
    url: &str,
    name: &str,
    selector: Option<&str>,
) -> anyhow::Result<()> {
    look(b, url, name).await?;
    let scroll = match selector {
        Some(s) => format!(
            "const e = document.querySelector({}); if (e) e.scrollIntoView(); return null;",
            js(s)
        ),
        None => "window.scrollTo(0, document.body.scrollHeight); return null;".to_string(),
    };
    b.eval(&scroll).await?;
    b.screenshot(&format!("desk-{name}-end")).await?;
    Ok(())
}

/// Every page this slice adds, at a phone, a tablet and a desk laptop: nothing wider than the screen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn player_pages_fit_a_phone_a_tablet_and_a_desk_laptop() -> anyhow::Result<()> {
    let test = "player_pages_fit_a_phone_a_tablet_and_a_desk_laptop";
    let e = Event::open(8, false, true).await?;
    let t = e.t;
    e.director.play_white_wins(t, 1).await?;
    let round = e.director.draw(t, 2, false, false).await?;
    let numbers = e.numbers().await?;
    let g = round.games.first().context("a game")?;
    let (nw, nb) = (numbers[&player_id(&g.white)], numbers[&player_id(&g.black)]);
    let url = e.venue.url();
    let token = e.venue.director_token().to_string();
    for (size, viewport) in [("phone", PHONE), ("tablet", TABLET), ("laptop", LAPTOP)] {
        let Some(d) = desk_browser(
            test,
            viewport,
            &e.venue,
            &token,
            "Dana",
            &format!("/desk/director/{t}"),
        )
        .await?
        else {
            return Ok(());
        };
        look(
            &d,
            &format!("{url}/desk/director/{t}"),
            &format!("players-dashboard-{size}"),
        )
        .await?;
        let player = format!("{url}/desk/director/{t}/player/{nw}");
        look_through(
            &d,
            &player,
            &format!("players-player-{size}"),
            Some("#changes"),
        )
        .await?;
        look(
            &d,
            &format!("{url}/desk/director/{t}/player?q=a"),
            &format!("players-find-{size}"),
        )
        .await?;
        look(
            &d,
            &format!("{url}/desk/director/{t}/explain?a={nw}&b={nb}"),
            &format!("players-explain-{size}"),
        )
        .await?;
        // Without the script's confirm: the page asks on its own.
        d.client
            .goto(&format!("{url}/desk/director/{t}/player/{nw}"))
            .await?;
        d.eval("document.querySelectorAll('[data-confirm]').forEach(b => b.removeAttribute('data-confirm')); return null;")
            .await?;
        mark_page(&d).await?;
        click(&d, "form[data-action=withdraw] button").await?;
        wait_new_page(&d, "withdraw without the script").await?;
        wait_text(
            &d,
            "#confirm",
            "Yes, withdraw",
            WAIT,
            &format!("desk-players-ask-{size}"),
        )
        .await?;
        d.screenshot(&format!("desk-players-ask-{size}")).await?;
        let wide = d
            .eval("return document.documentElement.scrollWidth <= window.innerWidth;")
            .await?;
        if wide.as_bool() != Some(true) {
            bail!("the question page is wider than the {size}");
        }
        // The late desk's form (registration is closed), its boxes beside their words, then its Undo.
        look_through(
            &d,
            &format!("{url}/desk/late/add"),
            &format!("players-late-add-{size}"),
            Some("fieldset.tournament"),
        )
        .await?;
        register_in(&d, "Ito", size, "4k").await?;
        d.screenshot(&format!("desk-players-undo-{size}")).await?;
        mark_page(&d).await?;
        click(&d, "form#undo button").await?;
        wait_new_page(&d, "undo").await?;
        wait_text(
            &d,
            "p.done",
            "undone",
            WAIT,
            &format!("desk-players-undone-{size}"),
        )
        .await?;
        d.close().await?;
    }
    // The register is untouched by the question pages.
    for p in &e.players {
        let status = e.director.desk.get(p.id).await?.entries[0].status;
        ensure!(
            status == pb::EntryStatus::CheckedIn as i32,
            "nobody was withdrawn"
        );
    }
    Ok(())
}
