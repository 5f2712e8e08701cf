//! Terminals, their cards and trusting the venue (issue 34), end to end: a real server started with `--san
//! localhost` (so the venue address differs from the `127.0.0.1` the harness talks to), the director in headless
//! Chromium, a tablet in a second browser, and the plain board port read like a phone.
//!
//! - The director makes a results terminal on `/desk/director/terminals`; the card's QR code, read off a
//!   screenshot as a camera would, opens the venue's desk address with the token; a second browser signs in with
//!   it and lands on the results desk; revoking (after the question) signs that browser out; the token never
//!   reaches the server's output.
//! - Only the director has the page; a new token is answered once, never cached, never in an address; a refused
//!   form changes nothing; revoking without the script's question asks on the page.
//! - The plain port serves the venue CA and `/trust`, whose fingerprint is the served certificate's.
//! - Every page at a phone's, a tablet's and a laptop's size, the printed card too (`desk-terminals-*.png`,
//!   `desk-trust-*.png` in `target/web-screenshots/`).

use std::time::Duration;

use anyhow::{anyhow, bail, ensure, Context as _};
use fantoccini::Locator;
use scraper::Html;
use sha2::{Digest, Sha256};
use tengen_tests::board::{css, text};
use tengen_tests::browser::{Browser, Viewport, LAPTOP};
use tengen_tests::web::WebClient;
use tengen_tests::{meta, pb, Venue};

use super::desk::{answer_confirm, asked, click, desk_browser, js, look, type_into, wait_text};
use super::screenshot_dir;

/// A phone as the issue measures it.
const PHONE: Viewport = Viewport {
    width: 390,
    height: 844,
    mobile: true,
};
/// A tablet as the issue measures it.
const TABLET: Viewport = Viewport {
    width: 820,
    height: 1180,
    mobile: true,
};

const PAGE: &str = "/desk/director/terminals";

/// A server whose venue address is `https://localhost:PORT` (the first `--san`), with the plain board port.
async fn venue() -> anyhow::Result<Venue> {
    Venue::start_public_with(&["--san", "localhost"]).await
}

/// The address the venue's cards must carry.
fn desk_address(venue: &Venue) -> String {
    format!("https://localhost:{}", venue.port())
}

// ---------------------------------------------------------------------------------------------------------------
// Reading QR codes and printing

/// Every QR code in a PNG, decoded.
fn qr_codes(png_bytes: &[u8]) -> anyhow::Result<Vec<String>> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().context("reading the PNG")?;
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| anyhow!("a PNG too large to decode"))?;
    let mut pixels = vec![0; size];
    let frame = reader.next_frame(&mut pixels).context("decoding the PNG")?;
    let (w, h) = (frame.width as usize, frame.height as usize);
    let samples = frame.color_type.samples();
    let line = frame.line_size;
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| {
        let at = y * line + x * samples;
        if samples >= 3 {
            let sum: u32 = pixels[at..at + 3].iter().map(|&v| u32::from(v)).sum();
            (sum / 3) as u8
        } else {
            pixels[at]
        }
    });
    img.detect_grids()
        .iter()
        .map(|grid| {
            grid.decode()
                .map(|(_, text)| text)
                .map_err(|e| anyhow!("a QR code that does not decode: {e:?}"))
        })
        .collect()
}

/// The one QR code inside the element `selector`, read off its screenshot.
pub(super) async fn qr_of(b: &Browser, selector: &str, shot: &str) -> anyhow::Result<String> {
    let el = b
        .client
        .find(Locator::Css(selector))
        .await
        .with_context(|| format!("no {selector}"))?;
    let png_bytes = el.screenshot().await?;
    let path = screenshot_dir().join(format!("{shot}.png"));
    std::fs::write(&path, &png_bytes)?;
    let codes = qr_codes(&png_bytes)?;
    match codes.as_slice() {
        [one] => Ok(one.clone()),
        _ => bail!(
            "{selector}: one QR code expected, read {codes:?}; see {}",
            path.display()
        ),
    }
}

/// A Chrome DevTools command through chromedriver (`goog/cdp/execute`).
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: serde_json::Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (hyper::http::Method, Option<String>) {
        let body = serde_json::json!({ "cmd": self.cmd, "params": self.params });
        (hyper::http::Method::POST, Some(body.to_string()))
    }
}

/// Shows the page as the printer gets it (`print`) or as the screen does (`""`).
async fn media(b: &Browser, media: &str) -> anyhow::Result<()> {
    b.client
        .issue_cmd(Cdp {
            cmd: "Emulation.setEmulatedMedia",
            params: serde_json::json!({ "media": media }),
        })
        .await
        .context("emulating print media")?;
    Ok(())
}

/// Is the element `selector` drawn?
async fn shown(b: &Browser, selector: &str) -> anyhow::Result<bool> {
    let v = b
        .eval(&format!(
            "const e = document.querySelector({}); return !!e && getComputedStyle(e).display !== 'none' && \
             e.getClientRects().length > 0;",
            js(selector)
        ))
        .await?;
    Ok(v.as_bool().unwrap_or(false))
}

/// The printed card: only the card on the page, and its code still scans. Keeps `desk-terminals-card-print-NAME`.
async fn check_print(b: &Browser, name: &str, sign_in: &str) -> anyhow::Result<()> {
    media(b, "print").await?;
    b.eval("window.scrollTo(0, 0); return null;").await?;
    b.screenshot(&format!("desk-terminals-card-print-{name}"))
        .await?;
    for hidden in ["body > header", "#new-terminal", ".screen-only", "p.done"] {
        ensure!(
            !shown(b, hidden).await?,
            "{name}: {hidden} is printed with the card"
        );
    }
    for part in ["#card", "#qr-sign-in svg", "#qr-trust svg", "#card-url"] {
        ensure!(
            shown(b, part).await?,
            "{name}: the printed card lacks {part}"
        );
    }
    let printed = qr_of(b, "#qr-sign-in", &format!("desk-terminals-qr-print-{name}")).await?;
    ensure!(
        printed == sign_in,
        "{name}: the printed code reads {printed}"
    );
    media(b, "").await
}

// ---------------------------------------------------------------------------------------------------------------
// The director's browser

/// The director signed in at `venue` in a browser of `viewport`, on the terminals page (reached from the
/// landing page's link).
async fn director_on_terminals(
    test: &str,
    venue: &Venue,
    viewport: Viewport,
) -> anyhow::Result<Option<Browser>> {
    let token = venue.director_token().to_string();
    let Some(b) = desk_browser(test, viewport, venue, &token, "Dana", "/desk/director").await?
    else {
        return Ok(None);
    };
    click(&b, "#terminals-link").await?;
    b.wait_for(
        &format!("return location.pathname === {};", js(PAGE)),
        Duration::from_secs(5),
    )
    .await
    .context("the landing page's Terminals link opens the terminals page")?;
    Ok(Some(b))
}

/// Makes a terminal in the browser (name, role) and returns the token the page shows once.
pub(super) async fn make_terminal(b: &Browser, name: &str, role: &str) -> anyhow::Result<String> {
    type_into(b, "#new-terminal input#name", name).await?;
    b.client
        .find(Locator::Css("#new-terminal select#role"))
        .await?
        .select_by_value(role)
        .await?;
    click(b, "#new-terminal button[type=submit]").await?;
    wait_text(
        b,
        "#card",
        name,
        Duration::from_secs(5),
        "desk-terminals-not-made",
    )
    .await?;
    let token = b
        .eval("return document.querySelector('#token').textContent.trim();")
        .await?;
    let token = token.as_str().unwrap_or_default().to_string();
    ensure!(
        token.starts_with("tgn_"),
        "#token shows the token: {token:?}"
    );
    let at = b.client.current_url().await?;
    ensure!(
        !at.as_str().contains(&token),
        "the token is never in the address: {at}"
    );
    Ok(token)
}

/// Fails unless nothing on the page is wider than the window.
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

// ---------------------------------------------------------------------------------------------------------------
// 1. A results terminal from the director's browser to the tablet and back

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_director_makes_a_results_terminal_whose_card_signs_a_tablet_in_until_revoked(
) -> anyhow::Result<()> {
    let test = "the_director_makes_a_results_terminal_whose_card_signs_a_tablet_in_until_revoked";
    let venue = venue().await?;
    let director = venue.director().await?;
    let t = director.create_tournament("Terminal Open", 3).await?.id;
    let Some(b) = director_on_terminals(test, &venue, LAPTOP).await? else {
        return Ok(());
    };
    let address = desk_address(&venue);
    let shown_address = wait_text(
        &b,
        "#desk-url",
        "https://",
        Duration::from_secs(2),
        "desk-terminals-address",
    )
    .await?;
    assert_eq!(
        shown_address.trim(),
        address,
        "the page names the venue's desk address"
    );
    assert!(
        shown(&b, "#address .warn").await?,
        "localhost is this machine only: the page says so before cards are printed"
    );

    // The safe role is the default: Enter in the name field makes a viewer, never a director.
    let default_role = b
        .eval("return document.querySelector('#role').value;")
        .await?;
    assert_eq!(default_role.as_str(), Some("viewer"));

    let token = make_terminal(&b, "results-1", "results").await?;
    let sign_in = format!("{address}/desk/login?token={token}");
    let read = qr_of(&b, "#qr-sign-in", "desk-terminals-qr-laptop").await?;
    assert_eq!(
        read, sign_in,
        "the card's code opens the venue's sign-in page with the token"
    );
    let trust = qr_of(&b, "#qr-trust", "desk-terminals-qr-trust-laptop").await?;
    assert_eq!(
        trust,
        format!("http://localhost:{}/trust", venue.public_addr().port()),
        "the small code opens the trust guide on the plain port"
    );
    check_print(&b, "results", &sign_in).await?;

    // The tablet scans the code: the sign-in page with the token filled in asks for the volunteer's name.
    let Some(tablet) = Browser::sized(test, &screenshot_dir(), TABLET).await? else {
        return Ok(());
    };
    tablet.client.goto(&read).await?;
    type_into(&tablet, "form#login input[name=operator]", "Rita").await?;
    click(&tablet, "form#login [type=submit]").await?;
    let results = format!("/desk/results/{t}");
    tablet
        .wait_for(
            &format!("return location.pathname === {};", js(&results)),
            Duration::from_secs(5),
        )
        .await
        .with_context(|| format!("signed in with the card, the tablet lands on {results}"))?;
    let badge = wait_text(
        &tablet,
        "#desk-badge",
        "results-1",
        Duration::from_secs(2),
        "desk-terminals-tablet",
    )
    .await?;
    assert!(
        badge.contains("Rita"),
        "the tablet works as results-1, Rita: {badge}"
    );

    // The list shows the terminal, seen just now, and never a token.
    b.client.goto(&format!("{}{PAGE}", venue.url())).await?;
    let row = "li.terminal[data-name=\"results-1\"]";
    let line = wait_text(
        &b,
        row,
        "Results desk",
        Duration::from_secs(2),
        "desk-terminals-list",
    )
    .await?;
    assert!(line.contains("last seen just now"), "{line}");
    let source = b.client.source().await?;
    for secret in [token.as_str(), venue.director_token()] {
        assert!(!source.contains(secret), "the list shows no token");
    }

    // Revoking asks first; "no" changes nothing.
    answer_confirm(&b, false).await?;
    click(&b, &format!("{row} button[data-confirm]")).await?;
    let question = asked(&b).await?.unwrap_or_default();
    assert!(
        question.starts_with("Revoke results-1 (results desk)?"),
        "the question names the terminal: {question:?}"
    );
    let working =
        |tokens: &[pb::TokenInfo]| tokens.iter().any(|k| k.name == "results-1" && !k.revoked);
    assert!(working(&list_tokens(&venue).await?), "no: still working");
    answer_confirm(&b, true).await?;
    click(&b, &format!("{row} button[data-confirm]")).await?;
    wait_text(
        &b,
        "p.done",
        "revoked",
        Duration::from_secs(5),
        "desk-terminals-revoke",
    )
    .await?;
    assert!(!working(&list_tokens(&venue).await?), "yes: revoked");

    // The tablet is signed out: its next page is the sign-in page.
    tablet.client.goto(&format!("{address}{results}")).await?;
    tablet
        .wait_for(
            "return location.pathname === '/desk/login';",
            Duration::from_secs(5),
        )
        .await
        .context("a revoked terminal's tablet is sent to the sign-in page")?;

    let logs = venue.logs();
    assert!(
        !logs.contains(&token),
        "the terminal's token reached the server's output"
    );
    assert!(
        logs.contains(&format!("{address}/desk/login?token=")),
        "the first start printed the director's sign-in address at the venue address"
    );
    tablet.close().await?;
    b.close().await
}

/// Every token of the venue, through gRPC.
async fn list_tokens(venue: &Venue) -> anyhow::Result<Vec<pb::TokenInfo>> {
    Ok(venue
        .director()
        .await?
        .admin
        .list_tokens(pb::ListTokensRequest {})
        .await?
        .into_inner()
        .tokens)
}

/// Issue 34: a terminal that only uses the desk program (gRPC) is seen too, so the director does not revoke a
/// working laptop as unused.
#[tokio::test]
async fn a_terminal_using_the_desk_program_is_last_seen_like_a_page() -> anyhow::Result<()> {
    let venue = venue().await?;
    let director = venue.director().await?;
    let (_, script) = director
        .create_token("script-1", pb::Role::Registration)
        .await?;
    director.create_token("unused-1", pb::Role::Results).await?;
    tengen_tests::Desk::connect(&venue, "script-1", &script)
        .await?
        .status()
        .await?;
    let dana = venue
        .tls_web()?
        .desk_session(venue.director_token(), "Dana")
        .await?;
    let (_, page) = terminals_page(&dana).await?;
    let line = |name: &str| {
        page.select(&css(&format!("li.terminal[data-name=\"{name}\"]")))
            .next()
            .map(text)
            .unwrap_or_default()
    };
    assert!(
        line("script-1").contains("last seen just now"),
        "{}",
        line("script-1")
    );
    assert!(
        line("unused-1").contains("not seen since the server started"),
        "{}",
        line("unused-1")
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// 2. The page over plain requests

/// The `csrf` value and the text of the terminals page.
async fn terminals_page(web: &WebClient) -> anyhow::Result<(String, Html)> {
    let reply = web.get(PAGE).await?.expect(200, "the terminals page")?;
    assert_eq!(reply.header("cache-control"), Some("no-store"));
    let doc = Html::parse_document(&reply.body);
    let csrf = doc
        .select(&css("#new-terminal input[name=csrf]"))
        .next()
        .and_then(|i| i.value().attr("value"))
        .context("the form carries a csrf value")?
        .to_string();
    Ok((csrf, doc))
}

fn form_body(pairs: &[(&str, &str)]) -> String {
    url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_token_is_the_directors_shown_once_never_cached_and_a_refusal_changes_nothing(
) -> anyhow::Result<()> {
    let venue = venue().await?;
    let tls = venue.tls_web()?;
    let dana = tls.desk_session(venue.director_token(), "Dana").await?;

    // Another role has no terminals page and cannot make one.
    let (_, results_token) = venue
        .director()
        .await?
        .create_token("results-9", pb::Role::Results)
        .await?;
    let rex = tls.desk_session(&results_token, "Rex").await?;
    assert_eq!(rex.get(PAGE).await?.status, 403);
    let (csrf, _) = terminals_page(&dana).await?;
    let refused = rex
        .post_form(
            "/desk/director/terminals/new",
            form_body(&[
                ("csrf", &csrf),
                ("request_id", "web-rex"),
                ("name", "mine"),
                ("role", "director"),
            ]),
        )
        .await?;
    assert_eq!(refused.status, 403, "a results desk may not make terminals");

    // The director makes one: the answer is the page (no redirect), never stored.
    let made = |name: &str, role: &str, id: &str| {
        form_body(&[
            ("csrf", &csrf),
            ("request_id", id),
            ("name", name),
            ("role", role),
        ])
    };
    let reply = dana
        .post_form(
            "/desk/director/terminals/new",
            made("results-2", "results", "web-t-1"),
        )
        .await?
        .expect(200, "making a terminal")?;
    assert_eq!(reply.header("cache-control"), Some("no-store"));
    assert!(reply.location().is_none());
    let doc = Html::parse_document(&reply.body);
    let token = doc
        .select(&css("#token"))
        .next()
        .map(text)
        .context("the page shows the token")?;
    assert!(token.starts_with("tgn_"), "{token}");
    assert!(
        !reply.body.contains("data-topics=\"t") && !reply.body.contains("/assets/live.js"),
        "the page that shows a token never refreshes itself"
    );
    let count =
        |tokens: &[pb::TokenInfo], name: &str| tokens.iter().filter(|k| k.name == name).count();
    assert_eq!(count(&list_tokens(&venue).await?, "results-2"), 1);

    // The same form sent again (a reload) makes nothing new.
    dana.post_form(
        "/desk/director/terminals/new",
        made("results-2", "results", "web-t-1"),
    )
    .await?
    .expect(200, "the same form again")?;
    assert_eq!(count(&list_tokens(&venue).await?, "results-2"), 1);

    // Refusals go back to the page in red with an empty name field, and make nothing.
    let before = list_tokens(&venue).await?.len();
    for (name, role, says) in [
        ("results-2", "results", "already called results-2"),
        ("standby", "replica", "Choose the terminal's role"),
        ("nobody", "", "Choose the terminal's role"),
        ("", "viewer", "name"),
    ] {
        let id = meta().map(|m| m.request_id).unwrap_or_default();
        let reply = dana
            .post_form("/desk/director/terminals/new", made(name, role, &id))
            .await?
            .expect(303, "a refused terminal")?;
        let back = reply.location().context("back to the page")?.to_string();
        assert!(back.starts_with(PAGE), "{back}");
        let page = dana
            .get(&back)
            .await?
            .expect(200, "the page with the reason")?;
        let doc = Html::parse_document(&page.body);
        let error = doc
            .select(&css("p#error.error"))
            .next()
            .map(text)
            .unwrap_or_default();
        assert!(error.contains(says), "{name:?}/{role:?}: {error:?}");
        let field = doc
            .select(&css("input#name"))
            .next()
            .context("the name field")?;
        assert!(
            field.value().attr("autofocus").is_some() && field.value().attr("value").is_none(),
            "the name field is empty and focused after a refusal"
        );
    }
    assert_eq!(
        list_tokens(&venue).await?.len(),
        before,
        "refusals made no token"
    );

    // Revoking without the page's question asks on the page, and changes nothing until answered.
    let id = list_tokens(&venue)
        .await?
        .into_iter()
        .find(|k| k.name == "results-2")
        .context("results-2")?
        .id;
    let target = format!("{PAGE}/{id}/revoke");
    let ask = dana
        .post_form(
            &target,
            form_body(&[
                ("csrf", &csrf),
                ("request_id", "web-r-1"),
                ("confirmed", ""),
            ]),
        )
        .await?
        .expect(303, "a revoke without the question")?;
    let question = dana
        .get(ask.location().context("to the question")?)
        .await?
        .expect(200, "the question")?;
    let doc = Html::parse_document(&question.body);
    let asked = doc
        .select(&css("#confirm"))
        .next()
        .map(text)
        .unwrap_or_default();
    assert!(
        asked.contains("Revoke results-2") && asked.contains("No, go back"),
        "{asked}"
    );
    let whoami = tengen_tests::Desk::connect(&venue, "results-2", &token).await?;
    whoami
        .who_am_i()
        .await
        .context("not revoked before the answer")?;
    dana.post_form(
        &target,
        form_body(&[
            ("csrf", &csrf),
            ("request_id", "web-r-2"),
            ("confirmed", "yes"),
        ]),
    )
    .await?
    .expect(303, "the revoke")?;
    assert!(whoami.who_am_i().await.is_err(), "revoked once confirmed");

    let logs = venue.logs();
    assert!(
        !logs.contains(&token) && !logs.contains(&results_token),
        "no token in the server's output"
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Trusting the venue on the plain port

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_plain_port_serves_the_venue_ca_and_a_guide_with_its_fingerprint() -> anyhow::Result<()>
{
    let venue = venue().await?;
    let board = venue.public_web();
    let ca = board
        .get("/venue-ca.crt")
        .await?
        .expect(200, "the venue CA")?;
    assert_eq!(
        ca.header("content-type"),
        Some("application/x-x509-ca-cert")
    );
    let fingerprint = Sha256::digest(&ca.bytes)
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(":");
    assert!(!ca.body.contains("PRIVATE KEY"), "never a key");

    // It is the CA in the data directory, whose fingerprint the server printed at start.
    let pem = venue.ca_pem()?;
    let der = {
        use rustls::pki_types::pem::PemObject;
        rustls::pki_types::CertificateDer::from_pem_slice(&pem).context("ca.pem")?
    };
    assert_eq!(
        ca.bytes.as_ref(),
        der.as_ref(),
        "the served certificate is ca.pem's"
    );
    assert!(
        venue
            .logs()
            .contains(&format!("venue CA SHA-256 fingerprint: {fingerprint}")),
        "the server printed the same fingerprint"
    );

    let guide = board.get("/trust").await?.expect(200, "the trust guide")?;
    let doc = Html::parse_document(&guide.body);
    let shown = doc
        .select(&css("#fingerprint"))
        .next()
        .map(text)
        .unwrap_or_default();
    assert_eq!(
        shown.trim(),
        fingerprint,
        "the guide's fingerprint is the served certificate's"
    );
    for device in [
        "#ipad", "#android", "#windows", "#macos", "#linux", "#firefox",
    ] {
        assert!(
            doc.select(&css(device)).next().is_some(),
            "a section {device}"
        );
    }
    let ipad = doc
        .select(&css("#ipad"))
        .next()
        .map(text)
        .unwrap_or_default();
    assert!(
        ipad.contains("VPN & Device Management") && ipad.contains("Certificate Trust Settings"),
        "the iPad's two steps: {ipad}"
    );
    assert!(
        doc.select(&css("a[href=\"/venue-ca.crt\"]"))
            .next()
            .is_some(),
        "the guide links the certificate"
    );
    assert!(
        guide.body.contains(&desk_address(&venue)),
        "the guide names the desks' address to check"
    );
    for secret in [
        "/ca.key",
        "/server.key",
        "/ca.pem",
        "/director.token",
        "/venue-ca.key",
    ] {
        assert_eq!(board.get(secret).await?.status, 404, "{secret}");
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Every page at every size

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_terminal_pages_the_card_and_the_trust_guide_fit_a_phone_a_tablet_and_a_laptop(
) -> anyhow::Result<()> {
    let test = "the_terminal_pages_the_card_and_the_trust_guide_fit_a_phone_a_tablet_and_a_laptop";
    // A venue name as at a congress (the cards are only read here, never opened): the page shows no warning.
    let venue = Venue::start_public_with(&["--san", "tengen.venue.example"]).await?;
    let address = format!("https://tengen.venue.example:{}", venue.port());
    for (viewport, name) in [(PHONE, "phone"), (TABLET, "tablet"), (LAPTOP, "laptop")] {
        let Some(b) = director_on_terminals(test, &venue, viewport).await? else {
            return Ok(());
        };
        look(
            &b,
            &format!("{}{PAGE}", venue.url()),
            &format!("terminals-list-{name}"),
        )
        .await?;
        ensure!(
            !shown(&b, "#address .warn").await?,
            "no loopback warning for a venue name"
        );
        let token = make_terminal(&b, &format!("reg-{name}"), "registration").await?;
        b.screenshot(&format!("desk-terminals-card-{name}")).await?;
        fits(&b, &format!("the card on a {name}")).await?;
        let sign_in = format!("{address}/desk/login?token={token}");
        check_print(&b, name, &sign_in).await?;
        look(
            &b,
            &format!("{}/trust", venue.public_url()),
            &format!("trust-{name}"),
        )
        .await?;
        b.client.goto(&format!("{}{PAGE}", venue.url())).await?;
        b.wait_for(
            "return !!document.querySelector('li.terminal[data-name^=\"reg-\"]');",
            Duration::from_secs(2),
        )
        .await?;
        b.screenshot(&format!("desk-terminals-list-after-{name}"))
            .await?;
        fits(&b, &format!("the list on a {name}")).await?;
        b.close().await?;
    }
    Ok(())
}
