//! `/desk/director/terminals`: the venue's terminals (desk tokens), for the director only. The list shows each
//! terminal's name, role, when it was made, whether it is revoked and when it last opened a desk page — never its
//! token. "New terminal" takes a name and a role whose default is the read-only viewer (Enter in the name field
//! cannot make a director); revoking asks first. A new terminal's token is shown once, on the answer to its
//! creation, as the QR code that signs a tablet in at the venue's desk address and a card to print (`card`); it is
//! never in an address, a cache or a log line, and cannot be fetched again.
//!
//! Reads the applied state; writes only through the core (`Web::desk_write`), as every desk page does.
//!
//! - `card`: the page that shows a new token once, with its printable card.

mod card;

use super::session::Desk;
use super::{request_id, Web};
use crate::app::{Kind, Target};
use crate::auth::Action;
use crate::domain::{Command, Role, State, Subject, TokenId, TokenRecord};
use crate::tr;
use crate::web::desk::{slots_in, SLOTS};
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use axum::extract::{Path, State as Shared};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::Arc;

/// The page's address.
const PAGE: &str = "/desk/director/terminals";

/// The longest terminal name the register takes (`decide::create_token`); the field's own limit.
const MAX_NAME: usize = 64;

/// The roles a terminal is made with here, the safe one first: it is the default. A standby server's replica
/// token is made with the desk program (`tengen token create --role replica`), next to the server it goes to.
const OFFERED: [Role; 7] = [
    Role::Viewer,
    Role::Results,
    Role::Registration,
    Role::LateDesk,
    Role::Referee,
    Role::Treasurer,
    Role::Director,
];

/// The terminals' routes.
pub fn routes() -> Router<Arc<Web>> {
    Router::new()
        .route(PAGE, get(page))
        .route("/desk/director/terminals/new", post(create))
        .route("/desk/director/terminals/{id}/revoke", post(revoke))
}

/// A role as the director reads it on the page and the card.
pub(crate) fn role_label(l: Lang, role: Role) -> String {
    tr!(l, "terminals-role", role = role.as_str())
}

/// The role a form's `role` names, among those offered here.
fn offered_role(name: &str) -> Option<Role> {
    OFFERED.into_iter().find(|r| r.as_str() == name.trim())
}

/// `GET /desk/director/terminals`.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Lenient(notice): Lenient<super::ActionNotice>,
) -> Response {
    let now = crate::now_ms();
    let l = desk.lang;
    web.desk_page(&desk, Action::ManageTokens, &[], |state| {
        let asked = notice
            .ask
            .and_then(|id| state.tokens.get(&TokenId(id)))
            .filter(|t| !t.revoked);
        let body = html! {
            h1 { (l.t("event-terminals")) }
            (crate::web::desk::outcome(notice.done.as_ref(), notice.error.as_ref()))
            @if let Some(token) = asked { (confirmation(token, &desk)) }
            (address_note(l, &web))
            (new_terminal(&desk, notice.error.is_some()))
            (list(state, &web, &desk, now))
            p { a href="/desk/director" { (l.t("terminals-back")) } }
        };
        Ok((l.t("event-terminals"), body))
    })
}

/// Where the cards send the tablets, and a warning when that is this machine only.
fn address_note(l: Lang, web: &Web) -> Markup {
    let desk = web.address.sign_in_page();
    let flags = [
        html! { code { "--san 192.168.1.10" } },
        html! { code { "--desk-url https://…:7443" } },
    ];
    html! {
        section #address {
            p {
                (slots_in(&tr!(l, "terminals-cards-at", address = SLOTS[0], guide = SLOTS[1]), &[
                    html! { code #desk-url { (web.address.desk) } },
                    html! { a href=(web.address.trust()) { (l.t("terminals-trust-guide")) } },
                ]))
            }
            @if web.address.is_loopback() {
                p .warn role="alert" {
                    (slots_in(&tr!(l, "terminals-loopback", page = SLOTS[0], san = SLOTS[1], url = SLOTS[2]),
                        &[html! { code { (desk) } }, flags[0].clone(), flags[1].clone()]))
                }
            }
            @if web.address.host_name_guessed {
                p .warn role="alert" {
                    (slots_in(&tr!(l, "terminals-host-name", page = SLOTS[0], san = SLOTS[1], url = SLOTS[2]),
                        &[html! { code { (desk) } }, flags[0].clone(), flags[1].clone()]))
                }
            }
        }
    }
}

/// The new terminal's form: its name first (Enter there makes a viewer), then the role.
fn new_terminal(desk: &Desk, refused: bool) -> Markup {
    let l = desk.lang;
    html! {
        section #new-terminal {
            h2 { (l.t("terminals-new")) }
            form method="post" action="/desk/director/terminals/new" {
                input type="hidden" name="csrf" value=(desk.csrf);
                input type="hidden" name="request_id" value=(request_id());
                p { label { (l.t("settings-name")) " " input #name name="name" required maxlength=(MAX_NAME) autocomplete="off" autofocus[refused]; } }
                p .note { (l.t("terminals-name-note")) }
                p { label { (l.t("terminals-role-label")) " "
                    select #role name="role" {
                        @for role in OFFERED {
                            option value=(role.as_str()) selected[role == Role::Viewer] { (role_label(l, role)) }
                        }
                    }
                } }
                p .note { (l.t("terminals-role-note")) }
                button .big .primary type="submit" { (l.t("terminals-create")) }
            }
        }
    }
}

/// Every terminal, working ones first, newest first; never a token.
fn list(state: &State, web: &Web, desk: &Desk, now: i64) -> Markup {
    let mut tokens: Vec<&TokenRecord> = state.tokens.values().collect();
    tokens.sort_by_key(|t| (t.revoked, std::cmp::Reverse(t.id)));
    let l = desk.lang;
    html! {
        section #terminals {
            h2 { (l.t("event-terminals")) }
            @if tokens.is_empty() {
                p .note { (l.t("terminals-none")) }
            }
            ul .terminals {
                @for t in tokens {
                    li .terminal .revoked[t.revoked] data-id=(t.id.0) data-name=(t.name) {
                        div .who {
                            strong .name { (t.name) } " · " span .role { (role_label(l, t.role)) }
                            br;
                            span .note {
                                (tr!(l, "terminals-made", at = utc(l, t.created_at_ms))) " · "
                                @if t.revoked { span .status { (l.t("terminals-revoked")) } }
                                @else {
                                    span .seen {
                                        @match web.core.seen.get(t.id) {
                                            Some(at) => { (tr!(l, "terminals-last-seen", ago = ago_in(l, now, at))) }
                                            None => { (l.t("terminals-not-seen")) }
                                        }
                                    }
                                }
                            }
                        }
                        @if !t.revoked { (revoke_form(t, desk)) }
                    }
                }
            }
        }
    }
}

/// "Revoke", asking first (`assets/desk.js`; without the script the page asks: [`confirmation`]).
fn revoke_form(t: &TokenRecord, desk: &Desk) -> Markup {
    html! {
        form .action .revoke method="post" action=(format!("{PAGE}/{}/revoke", t.id.0)) {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            input type="hidden" name="confirmed" value="";
            button .big type="submit" data-confirm=(question(desk.lang, t)) { (desk.lang.t("terminals-revoke")) }
        }
    }
}

/// What revoking `t` does, in the director's words.
fn question(l: Lang, t: &TokenRecord) -> String {
    tr!(
        l,
        "terminals-ask-revoke",
        name = &t.name,
        role = role_label(l, t.role).to_lowercase()
    )
}

/// `#confirm`: the question of a revoke sent without its confirmation, with the revoke again (confirmed) and a
/// way back that changes nothing.
fn confirmation(t: &TokenRecord, desk: &Desk) -> Markup {
    let l = desk.lang;
    html! {
        section #confirm .warn role="alert" {
            p { strong { (question(l, t)) } }
            div .actions {
                form .action method="post" action=(format!("{PAGE}/{}/revoke", t.id.0)) {
                    input type="hidden" name="csrf" value=(desk.csrf);
                    input type="hidden" name="request_id" value=(request_id());
                    input type="hidden" name="confirmed" value="yes";
                    button .big type="submit" { (tr!(l, "terminals-yes-revoke", name = &t.name)) }
                }
                a .big .primary href=(PAGE) { (l.t("dir-no-go-back")) }
            }
        }
    }
}

/// "2026-11-27 09:12 UTC": the server knows no time zone, and says so.
fn utc(l: Lang, ms: i64) -> String {
    match time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000)) {
        Ok(t) => format!(
            "{:04}-{:02}-{:02} {:02}:{:02} UTC",
            t.year(),
            u8::from(t.month()),
            t.day(),
            t.hour(),
            t.minute()
        ),
        Err(_) => l.t("terminals-unknown-time"),
    }
}

/// The terminals page with a message: `done` in green or `error` in red.
fn back(key: &str, message: &str) -> Response {
    super::back_to(PAGE, &[(key, message)], "")
}

/// The new terminal's form, as sent.
#[derive(Debug, Default, Deserialize)]
pub struct NewTerminal {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    request_id: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    role: String,
}

/// `POST /desk/director/terminals/new`: makes the token and answers with the page that shows it once (never a
/// redirect: the token must not travel in an address). A refusal goes back to the list with the reason and an
/// empty, focused name field.
async fn create(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Form(form): Form<NewTerminal>,
) -> Response {
    let l = desk.lang;
    let Some(role) = offered_role(&form.role) else {
        return back("error", &l.t("terminals-choose-role"));
    };
    let cmd = Command::CreateToken {
        name: form.name.clone(),
        role,
    };
    match web
        .desk_write(&desk, &form.csrf, &form.request_id, cmd, Target::None)
        .await
    {
        Ok(outcome) => match (outcome.subject, outcome.token_secret) {
            (Some(Subject::Token(token)), Some(secret)) => {
                card::created(&web, &desk, &token, &secret)
            }
            (Some(Subject::Token(token)), None) => back(
                "error",
                &tr!(l, "terminals-made-before", name = &token.name),
            ),
            _ => back("error", &l.t("terminals-no-answer")),
        },
        Err(refused) if refused.kind() == Kind::Forbidden => {
            refused.page(desk.lang).into_response()
        }
        Err(refused) => back("error", &refused.message(desk.lang)),
    }
}

/// The revoke form, as sent.
#[derive(Debug, Default, Deserialize)]
pub struct RevokeForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    request_id: String,
    #[serde(default)]
    confirmed: String,
}

/// `POST /desk/director/terminals/{id}/revoke`: revokes once confirmed; without the confirmation the page asks.
async fn revoke(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Path(id): Path<u64>,
    Form(form): Form<RevokeForm>,
) -> Response {
    if let Some(asked) = super::ask_first(&desk, Action::ManageTokens, &form.confirmed, PAGE, id) {
        return asked;
    }
    let cmd = Command::RevokeToken { id: TokenId(id) };
    match web
        .desk_write(&desk, &form.csrf, &form.request_id, cmd, Target::None)
        .await
    {
        Ok(outcome) => {
            let name = match outcome.subject {
                Some(Subject::Token(t)) => t.name,
                _ => TokenId(id).to_string(),
            };
            back(
                "done",
                &tr!(desk.lang, "terminals-done-revoke", name = &name),
            )
        }
        Err(refused) if refused.kind() == Kind::Forbidden => {
            refused.page(desk.lang).into_response()
        }
        Err(refused) => back("error", &refused.message(desk.lang)),
    }
}

/// "just now", "12 min ago", "3 h ago", "2 days ago": how long before `now_ms` the moment `at_ms` was.
pub fn ago(now_ms: i64, at_ms: i64) -> String {
    ago_in(Lang::En, now_ms, at_ms)
}

/// [`ago`] in language `l`.
pub fn ago_in(l: Lang, now_ms: i64, at_ms: i64) -> String {
    let minutes = (now_ms - at_ms).max(0) / 60_000;
    match minutes {
        0 => l.t("desk-just-now"),
        1..=59 => tr!(l, "desk-min-ago", m = minutes),
        60..=2879 => tr!(l, "terminals-h-ago", h = minutes / 60),
        _ => tr!(l, "terminals-days-ago", n = minutes / 1440),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ago_reads_like_a_person_says_it() {
        let now = 10 * 86_400_000;
        assert_eq!(ago(now, now - 30_000), "just now");
        assert_eq!(ago(now, now - 12 * 60_000), "12 min ago");
        assert_eq!(ago(now, now - 3 * 3_600_000 - 1), "3 h ago");
        assert_eq!(ago(now, now - 3 * 86_400_000), "3 days ago");
        assert_eq!(ago(now, now + 5_000), "just now", "a clock step back");
    }

    #[test]
    fn the_safe_role_is_offered_first_and_replicas_are_not_offered() {
        assert_eq!(OFFERED[0], Role::Viewer);
        assert_eq!(offered_role(" results "), Some(Role::Results));
        assert_eq!(offered_role("late-desk"), Some(Role::LateDesk));
        for not_here in ["replica", "system", "public", "", "Director"] {
            assert_eq!(offered_role(not_here), None, "{not_here:?}");
        }
    }

    #[test]
    fn times_say_utc() {
        assert_eq!(utc(Lang::En, 0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(Lang::En, 1_795_000_000_000), "2026-11-18 11:06 UTC");
    }

    #[test]
    fn the_question_says_what_revoking_does() {
        let t = TokenRecord {
            id: TokenId(4),
            name: "results-1".into(),
            role: Role::Results,
            hash: String::new(),
            created_at_ms: 0,
            revoked: false,
        };
        let q = question(Lang::En, &t);
        assert!(q.starts_with("Revoke results-1 (results desk)?"), "{q}");
        assert!(q.contains("cannot be undone"));
    }
}
