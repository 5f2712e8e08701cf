//! The fee at the registration desk and on the treasurer's page (issue 33), in headless Chromium against a real
//! server over TLS: the desk registers a junior non-member, sees the fee the schedule gives (its lines and what
//! is still to pay), records a payment without choosing how it came (refused, red, the amount cleared and
//! focused, nothing written), then records it in cash; the treasurer's page lists who still owes and takes a
//! transfer, and its takings report balances to the cent.
//!
//! Screenshots: `target/web-screenshots/desk-fee-*.png` (made-up names only).

use std::time::Duration;

use anyhow::Context as _;
use tengen_tests::browser::LAPTOP;
use tengen_tests::{meta, pb, Venue};

use super::desk::{click, desk_browser, type_into, wait_text};

const WAIT: Duration = Duration::from_secs(5);

/// The one player named `family`, as the director's desk reads them (with the fee account).
async fn player(director: &tengen_tests::Desk, family: &str) -> anyhow::Result<pb::Participant> {
    let found = director.find(family).await?;
    let id = found
        .first()
        .with_context(|| format!("{family} registered"))?
        .id;
    Ok(director
        .register
        .clone()
        .get_participant(pb::GetParticipantRequest { id })
        .await?
        .into_inner())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_33_the_desk_takes_the_scheduled_fee_and_the_treasurer_sees_the_takings(
) -> anyhow::Result<()> {
    let test = "issue_33_the_desk_takes_the_scheduled_fee_and_the_treasurer_sees_the_takings";
    let venue = Venue::start().await?;
    let director = venue.play_director().await?;
    director
        .desk
        .register
        .clone()
        .create_tournament(pb::CreateTournamentRequest {
            meta: meta(),
            settings: Some(pb::TournamentSettings {
                name: "Autumn Open".into(),
                rounds: 3,
                pairing_system: "swiss".into(),
                scoring: Some(pb::Scoring {
                    double_entry: Some(false),
                    ..Default::default()
                }),
                fees: Some(pb::FeeSchedule {
                    full_cents: 3_000,
                    non_member_cents: 500,
                    junior_off_cents: 1_000,
                    ..Default::default()
                }),
                ..Default::default()
            }),
        })
        .await?;
    let (_, token) = director
        .desk
        .create_token("reg-fee", pb::Role::Registration)
        .await?;
    let Some(b) = desk_browser(test, LAPTOP, &venue, &token, "Kim", "/desk/register").await? else {
        return Ok(());
    };

    // A junior who is not a member: 30 + 5 − 10.
    b.client
        .goto(&format!("{}/desk/register/add?q=Moreau+Ines", venue.url()))
        .await?;
    b.eval(
        "document.querySelector('form#add select[name=rank]').value = '8k';
         document.querySelector('form#add select[name=concession]').value = 'junior';
         document.querySelector('form#add input[name=enter]').checked = true;
         return null;",
    )
    .await?;
    click(&b, "form#add button[type=submit]").await?;
    wait_text(
        &b,
        "p.done",
        "Moreau Ines registered",
        WAIT,
        "desk-fee-added",
    )
    .await?;
    wait_text(&b, "li.result .owed", "To pay 25.00", WAIT, "desk-fee-owed").await?;
    let p = player(&director.desk, "Moreau").await?;
    let account = p.account.clone().context("the director sees the account")?;
    assert_eq!((account.due_cents, account.balance_cents), (2_500, 2_500));

    // The fee panel: its lines, the balance in the amount, no method chosen.
    b.client
        .goto(&format!(
            "{}/desk/register/player/P{}/edit#fee",
            venue.url(),
            p.id
        ))
        .await?;
    wait_text(
        &b,
        "#fee .lines",
        "Autumn Open: non-member 5.00",
        WAIT,
        "desk-fee-lines",
    )
    .await?;
    wait_text(&b, "#account", "To pay 25.00", WAIT, "desk-fee-panel").await?;
    let amount = b
        .eval("return document.querySelector('#pay input[name=amount]').value;")
        .await?;
    assert_eq!(amount.as_str(), Some("25"));
    b.screenshot("desk-fee-panel").await?;

    // Sent without a method (a browser without the `required` check): refused in red, nothing written.
    b.eval(
        "document.querySelectorAll('#pay [required]').forEach(e => e.removeAttribute('required'));
         document.querySelector('#pay').submit(); return null;",
    )
    .await?;
    wait_text(
        &b,
        "#fee .error, #fee [role=alert]",
        "Choose how they paid",
        WAIT,
        "desk-fee-refused",
    )
    .await?;
    b.screenshot("desk-fee-refused").await?;
    let focused = b
        .eval("const e = document.activeElement; return [e.name, e.value, e.getAttribute('aria-invalid')];")
        .await?;
    assert_eq!(
        focused,
        serde_json::json!(["amount", "", "true"]),
        "the amount, cleared"
    );
    assert!(
        player(&director.desk, "Moreau").await?.payments.is_empty(),
        "nothing written"
    );

    // 20 in cash: 5 still to pay.
    type_into(&b, "#pay input[name=amount]", "20").await?;
    click(&b, "#pay input[name=method][value=cash]").await?;
    click(&b, "#pay button[type=submit]").await?;
    wait_text(
        &b,
        "p.done",
        "20.00 Cash recorded for Moreau Ines",
        WAIT,
        "desk-fee-paid",
    )
    .await?;
    let p = player(&director.desk, "Moreau").await?;
    assert_eq!(p.account.as_ref().map(|a| a.balance_cents), Some(500));
    assert_eq!(
        p.payments.first().map(|x| x.terminal.as_str()),
        Some("reg-fee")
    );
    b.close().await?;

    // The treasurer: who still owes, a transfer taken there, and the takings.
    let (_, treasurer) = director
        .desk
        .create_token("treasurer", pb::Role::Treasurer)
        .await?;
    let Some(t) = desk_browser(test, LAPTOP, &venue, &treasurer, "Sam", "/desk/money").await?
    else {
        return Ok(());
    };
    wait_text(
        &t,
        "#owing tr[data-id]",
        "Moreau Ines",
        WAIT,
        "desk-fee-owing",
    )
    .await?;
    t.screenshot("desk-fee-treasurer").await?;
    t.eval(&format!(
        "document.querySelector('#owing tr[data-id=\"P{}\"] select[name=method]').value = 'transfer'; return null;",
        p.id
    ))
    .await?;
    click(
        &t,
        &format!("#owing tr[data-id=\"P{}\"] button[type=submit]", p.id),
    )
    .await?;
    wait_text(
        &t,
        "p.done",
        "5.00 Bank transfer recorded",
        WAIT,
        "desk-fee-transfer",
    )
    .await?;
    wait_text(&t, "#owing", "Everyone has paid", WAIT, "desk-fee-settled").await?;
    t.client
        .goto(&format!("{}/desk/money/report/takings", venue.url()))
        .await?;
    let text = t.eval("return document.body.innerText;").await?;
    let text = text.as_str().unwrap_or_default();
    assert!(text.contains("reg-fee"), "{text}");
    assert!(text.contains("25.00"), "the event's total received: {text}");
    t.screenshot("desk-fee-takings").await?;
    // A registration desk may not read the takings.
    let refused = director_may_not(&venue, &token).await?;
    assert!(refused, "a registration desk is refused the takings");
    t.close().await?;
    Ok(())
}

/// Whether a terminal with `token` is refused the takings report over gRPC.
async fn director_may_not(venue: &Venue, token: &str) -> anyhow::Result<bool> {
    let desk = tengen_tests::PlayDesk::connect(venue, "reg-fee", token).await?;
    let asked = desk
        .results
        .clone()
        .sheet(pb::SheetRequest {
            tournament_id: 1,
            kind: "takings".into(),
            round: 0,
            format: "text".into(),
        })
        .await;
    Ok(matches!(asked, Err(s) if s.code() == tonic::Code::PermissionDenied))
}
