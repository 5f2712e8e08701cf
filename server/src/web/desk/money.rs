//! The treasurer's page (issue 33), also the director's: the money reports (takings per desk and day, the levy,
//! the budget) and every player who still owes money or is owed some, each with a payment form for what comes in
//! away from the desks (a bank transfer, a late payment). Reports come from `app::documents`; the fee and the
//! payment form from the registration desk's own (`register::pay`). Never contact data.

use super::register::pay::{self, Failed, PayForm};
use super::session::Desk;
use super::Web;
use crate::app::fees::{account, money};
use crate::auth::Action;
use crate::domain::{ParticipantId, PayMethod, State, TournamentId};
use crate::tr;
use crate::web::desk::{request_id, ActionNotice};
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use crate::web::WebError;
use axum::extract::{Path, State as Shared};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use maud::{html, Markup};
use std::sync::Arc;

/// The page's address.
const PAGE: &str = "/desk/money";

/// The page's routes.
pub fn routes() -> Router<Arc<Web>> {
    Router::new()
        .route(PAGE, get(page))
        .route("/desk/money/report/{kind}", get(report))
        .route("/desk/money/pay/{id}", post(pay_here))
}

/// `GET /desk/money`.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Lenient(notice): Lenient<ActionNotice>,
) -> Response {
    let l = desk.lang;
    web.desk_page(&desk, Action::ReadMoney, &[], |state| {
        let body = html! {
            h1 { (l.t("money-title")) }
            @if let Some(done) = &notice.done { p .done .ok role="status" { (done) } }
            @if let Some(error) = &notice.error { p #error .error role="alert" { (error) } }
            section #reports {
                h2 { (l.t("money-reports")) }
                p .actions {
                    @for kind in crate::sheets::money::KINDS {
                        a .big href=(format!("/desk/money/report/{kind}")) target="_blank" {
                            (tr!(l, "money-report", kind = kind))
                        }
                    }
                }
            }
            (owing(state, &desk))
        };
        Ok((l.t("money-title"), body))
    })
}

/// Everyone whose balance is not zero, most owed first, with a payment form each.
fn owing(state: &State, desk: &Desk) -> Markup {
    let l = desk.lang;
    let mut rows: Vec<_> = state
        .participants
        .values()
        .map(|p| (account(state, p), p))
        .filter(|(a, _)| a.balance() != 0)
        .collect();
    rows.sort_by_key(|(a, p)| (std::cmp::Reverse(a.balance()), p.id));
    let takes = pay::takes_payments(desk);
    html! {
        section #owing {
            h2 { (l.t("money-owing")) }
            @if rows.is_empty() { p .note { (l.t("money-none-owing")) } }
            @else {
                table .owing {
                    thead { tr { th { (l.t("money-col-player")) } th { (l.t("money-col-due")) }
                        th { (l.t("money-col-paid")) } th { (l.t("money-col-balance")) }
                        @if takes { th { (l.t("fee-record")) } } } }
                    tbody {
                        @for (a, p) in &rows {
                            tr data-id=(p.id) {
                                td { span .num { (super::register::label(state, p)) } " "
                                    (super::register::full_name(p)) }
                                td .num data-label=(l.t("money-col-due")) { (money(a.due)) }
                                td .num data-label=(l.t("money-col-paid")) { (money(a.paid + a.waived)) }
                                td .num .balance data-label=(l.t("money-col-balance")) { (money(a.balance())) }
                                @if takes { td { (row_form(l, desk, p.id, p.revision.0, a.balance())) } }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A row's payment form: the balance, no method chosen.
fn row_form(l: Lang, desk: &Desk, id: ParticipantId, revision: u64, balance: i64) -> Markup {
    html! {
        form .pay-row method="post" action=(format!("/desk/money/pay/{id}")) {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            input type="hidden" name="revision" value=(revision);
            input name="amount" inputmode="decimal" size="7" required autocomplete="off"
                aria-label=(l.t("fee-amount")) value=(tengen_text::read::amount_text(balance));
            select name="method" required aria-label=(l.t("fee-method")) {
                option value="" { (l.t("money-choose-method")) }
                @for m in PayMethod::ALL { option value=(m.as_str()) { (pay::method_words(l, m)) } }
            }
            input name="note" size="10" autocomplete="off" aria-label=(l.t("fee-note"))
                placeholder=(l.t("money-note-placeholder"));
            button type="submit" { (l.t("fee-record")) }
        }
    }
}

/// `POST /desk/money/pay/{P12}`: a payment taken here; back to the page with what was taken, or why not.
async fn pay_here(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Path(id): Path<String>,
    Form(f): Form<PayForm>,
) -> Response {
    let l = desk.lang;
    let Some(pid) = super::register::register_id(&id) else {
        return super::back_to(PAGE, &[("error", &l.t("reg-no-player-button"))], "");
    };
    match pay::record(&web, &desk, pid, &f).await {
        Ok(done) => super::back_to(PAGE, &[("done", &done)], ""),
        Err(Failed::Page(page)) => page,
        Err(Failed::Again(message)) => super::back_to(PAGE, &[("error", &message)], "owing"),
    }
}

/// `GET /desk/money/report/{kind}`: a money report as a printable page.
async fn report(Shared(web): Shared<Arc<Web>>, desk: Desk, Path(kind): Path<String>) -> Response {
    if let Err(refused) = desk.require(Action::ReadMoney) {
        return refused.into_response();
    }
    let l = desk.lang;
    let doc = web.core.read(|s| {
        let any = s
            .tournaments
            .keys()
            .next()
            .copied()
            .unwrap_or(TournamentId(0));
        crate::app::documents::render(s, &desk.caller, any, &kind, 0, true, l)
    });
    match doc {
        Ok(Ok(doc)) => ([(header::CONTENT_TYPE, doc.content_type)], doc.body).into_response(),
        Ok(Err(refused)) => WebError::refused(&refused, l).into_response(),
        Err(_) => WebError::unavailable(l.t("dir-busy-retry"))
            .in_lang(l)
            .into_response(),
    }
}
