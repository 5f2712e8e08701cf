//! The answer to "New terminal": the token shown this once, as the QR code that opens the desk sign-in page at the
//! venue's desk address with the token filled in, and a card to print (printed alone, one to a page: the role,
//! the name, the big code, the desk address in text, the token for typing, and a small code to the trust guide).
//!
//! The page carries no live updates (a refresh would lose the token) and is never cached (`Web::desk_page`); the
//! token is in the page's body only, never in its address or a log line.

use super::super::session::Desk;
use super::role_label;
use super::PAGE;
use crate::auth::Action;
use crate::board_qr::inline_svg;
use crate::domain::TokenRecord;
use crate::tr;
use crate::web::lang::Lang;
use crate::web::Web;
use axum::response::Response;
use maud::{html, Markup, PreEscaped};

/// The created page for `token` with its `secret`.
pub(super) fn created(web: &Web, desk: &Desk, token: &TokenRecord, secret: &str) -> Response {
    let sign_in = web.address.sign_in(secret);
    let trust = web.address.trust();
    let l = desk.lang;
    let card = card(
        l,
        token,
        secret,
        &sign_in,
        &web.address.sign_in_page(),
        &trust,
    );
    web.desk_page(desk, Action::ManageTokens, &[], |_| {
        let body = html! {
            h1 { (tr!(l, "terminals-ready", name = &token.name)) }
            p .done .ok role="status" {
                (crate::web::desk::slot_in(&tr!(l, "terminals-made-note", name = &token.name,
                    role = role_label(l, token.role).to_lowercase(), shown = crate::web::desk::SLOT),
                    html! { strong { (l.t("terminals-shown-once")) } }))
            }
            (card)
            div .actions .screen-only {
                button .big .primary type="button" data-print="card" { (l.t("terminals-print")) }
                a .big href=(PAGE) { (l.t("terminals-done-back")) }
            }
            p .note .screen-only { (l.t("terminals-print-note")) }
        };
        Ok((tr!(l, "terminals-terminal", name = &token.name), body))
    })
}

/// The card: what a volunteer at the desk needs to sign the tablet in, and to trust the venue first.
fn card(
    l: Lang,
    token: &TokenRecord,
    secret: &str,
    sign_in: &str,
    page: &str,
    trust: &str,
) -> Markup {
    html! {
        section #card .card data-role=(token.role.as_str()) {
            p .card-role { (role_label(l, token.role)) }
            p .card-name { (token.name) }
            (code(l, sign_in, "qr qr-big", "sign-in"))
            p .card-how { (l.t("terminals-card-how")) }
            p .card-url { (crate::web::desk::slot_in(&tr!(l, "terminals-card-url", page = crate::web::desk::SLOT),
                html! { code #card-url { (page) } })) }
            p .card-token { code #token { (secret) } }
            div .card-trust {
                (code(l, trust, "qr qr-small", "trust"))
                p { strong { (l.t("terminals-new-tablet")) } " " (crate::web::desk::slot_in(&tr!(l, "terminals-trust-first",
                    trust = crate::web::desk::SLOT), html! { code { (trust) } })) }
            }
        }
    }
}

/// `url` as an inline QR code with id `id`, or a sentence when it cannot be drawn (an address too long).
fn code(l: Lang, url: &str, class: &str, id: &str) -> Markup {
    match inline_svg(url, class) {
        Ok(svg) => html! { div .qr-box id=(format!("qr-{id}")) { (PreEscaped(svg)) } },
        Err(e) => html! { p .error { (tr!(l, "terminals-no-qr", why = e.to_string())) } },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Role, TokenId};

    #[test]
    fn the_card_holds_the_role_the_name_both_codes_and_the_address() {
        let token = TokenRecord {
            id: TokenId(3),
            name: "results-1".into(),
            role: Role::Results,
            hash: "h".into(),
            created_at_ms: 0,
            revoked: false,
        };
        let html = card(
            Lang::En,
            &token,
            "tgn_ab",
            "https://192.168.1.10:7443/desk/login?token=tgn_ab",
            "https://192.168.1.10:7443/desk/login",
            "http://192.168.1.10:8080/trust",
        )
        .into_string();
        for part in [
            "Results desk",
            "results-1",
            "id=\"qr-sign-in\"",
            "id=\"qr-trust\"",
            "https://192.168.1.10:7443/desk/login</code>",
            "http://192.168.1.10:8080/trust</code>",
            "<code id=\"token\">tgn_ab</code>",
        ] {
            assert!(html.contains(part), "{part} in {html}");
        }
        assert_eq!(html.matches("<svg").count(), 2);
    }
}
