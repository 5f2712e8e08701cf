//! The fee at the desk (issue 33): what a player owes and why (the schedule's lines, or the agreed fee and its
//! reason), what they paid, and the payment form: the amount (the balance by default), how it was paid (no method
//! is chosen for the desk: the takings must balance, so the volunteer says cash or card), a note. Its write is
//! `RecordPayment` against the revision the page showed, so a second desk taking the same money meanwhile is
//! refused. The fee's arithmetic is `domain::fees`'s; its words `app::fees`'.

use super::refusal::problem_box;
use super::{back, register_id, search, Mode};
use crate::app::fees::{account, line_text, money};
use crate::app::{Kind, Target};
use crate::auth::role::allows;
use crate::auth::Action;
use crate::domain::{Command, Participant, ParticipantId, PayMethod, Revision, State};
use crate::tr;
use crate::web::desk::session::Desk;
use crate::web::desk::Web;
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use axum::extract::{Path, State as Shared};
use axum::response::{IntoResponse, Response};
use axum::Form;
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::Arc;

/// `?pay_error=…`: a refused payment, shown red above the form with the amount cleared and focused.
#[derive(Debug, Default, Deserialize)]
pub struct PayNotice {
    pub(super) pay_error: Option<String>,
    /// The desk came to take a payment (`?pay=1`): the fee comes first, the cursor in its amount.
    pub(super) pay: Option<String>,
}

impl PayNotice {
    /// Does the page open on the fee (to take a payment, or after a refused one)?
    pub fn on_fee(&self) -> bool {
        self.pay.is_some() || self.pay_error.is_some()
    }
}

/// The query of the edit page after a refused payment.
pub type Notice = Lenient<PayNotice>;

/// Does this desk take payments?
pub fn takes_payments(desk: &Desk) -> bool {
    allows(desk.caller.role, Action::TakePayment)
}

/// "To pay 35.00" on a search result, when something is owed (nothing when settled or free).
pub fn owed(l: Lang, state: &State, p: &Participant) -> Markup {
    let balance = account(state, p).balance();
    html! {
        @if balance > 0 {
            span .owed .warn { (tr!(l, "fee-to-pay", amount = money(balance))) }
        } @else if balance < 0 {
            span .owed .warn { (tr!(l, "fee-give-back", amount = money(-balance))) }
        }
    }
}

/// The fee panel of the edit page: the account and the payment form.
pub fn panel(
    state: &State,
    mode: Mode,
    desk: &Desk,
    p: &Participant,
    request_id: &str,
    error: Option<&str>,
    focus: bool,
) -> Markup {
    let l = desk.lang;
    let a = account(state, p);
    let balance = a.balance();
    let amount = if error.is_none() && balance > 0 {
        tengen_text::read::amount_text(balance)
    } else {
        String::new()
    };
    html! {
        section #fee .fee {
            h2 { (l.t("fee-heading")) }
            @if !a.lines.is_empty() {
                ul .lines { @for line in &a.lines { li { (line_text(l, state, line)) } } }
            }
            @if let Some(o) = &a.overridden {
                p .override { (tr!(l, "fee-agreed", amount = money(o.cents), reason = &o.reason)) }
            }
            p .account #account data-balance=(balance) {
                (tr!(l, "fee-account", due = money(a.due), paid = money(a.paid)))
                @if a.waived != 0 { " · " (tr!(l, "fee-waived", amount = money(a.waived))) }
                " · "
                @if balance > 0 { strong .to-pay { (tr!(l, "fee-to-pay", amount = money(balance))) } }
                @else if balance < 0 { strong .to-pay { (tr!(l, "fee-give-back", amount = money(-balance))) } }
                @else if a.marked_paid && a.paid == 0 { strong .settled { (l.t("fee-marked-paid")) } }
                @else { strong .settled { (l.t("fee-settled")) } }
            }
            @if !p.payments.is_empty() {
                table .payments {
                    thead { tr { th { (l.t("fee-col-amount")) } th { (l.t("fee-col-method")) }
                        th { (l.t("fee-col-desk")) } th { (l.t("fee-col-note")) } } }
                    tbody {
                        @for pay in &p.payments {
                            tr { td .num { (money(pay.cents)) } td { (method_words(l, pay.method)) }
                                td { (pay.by.terminal) } td { (pay.note) } }
                        }
                    }
                }
            }
            @if let Some(error) = error { (problem_box(error)) }
            form .slip #pay method="post" action=(format!("{}/player/{}/pay", mode.base(), p.id)) {
                input type="hidden" name="csrf" value=(desk.csrf);
                input type="hidden" name="request_id" value=(request_id);
                input type="hidden" name="revision" value=(p.revision.0);
                label { (l.t("fee-amount"))
                    input #amount name="amount" inputmode="decimal" value=(amount) size="8" required
                        autocomplete="off" aria-invalid=[error.map(|_| "true")] autofocus[focus]; }
                fieldset .methods {
                    legend { (l.t("fee-method")) }
                    @for m in PayMethod::ALL {
                        label .method { input type="radio" name="method" value=(m.as_str()) required;
                            (method_words(l, m)) }
                    }
                }
                label { (l.t("fee-note")) input name="note" autocomplete="off"; }
                button .big .primary type="submit" { (l.t("fee-record")) }
            }
        }
    }
}

/// A method in words.
pub fn method_words(l: Lang, m: PayMethod) -> String {
    tr!(l, "fee-method-name", method = m.as_str())
}

/// The payment form as sent.
#[derive(Debug, Default, Deserialize)]
pub struct PayForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    request_id: String,
    #[serde(default)]
    revision: u64,
    #[serde(default)]
    amount: String,
    #[serde(default)]
    method: String,
    #[serde(default)]
    note: String,
}

/// `POST …/player/{P12}/pay`: records the payment; back to the desk's search with what was taken, or to the fee
/// panel with the refusal in red.
pub(super) async fn pay(
    mode: Mode,
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Path(id): Path<String>,
    Form(f): Form<PayForm>,
) -> Response {
    let l = desk.lang;
    let Some(pid) = register_id(&id) else {
        return back(mode, "", "error", &l.t("reg-no-player-button"));
    };
    match record(&web, &desk, pid, &f).await {
        Ok(done) => back(mode, "", "done", &done),
        Err(Failed::Page(page)) => page,
        Err(Failed::Again(message)) => crate::web::desk::back_to(
            &format!("{}/player/{}/edit", mode.base(), pid),
            &[("pay_error", &message)],
            // No `#fee`: a page opened at a fragment ignores `autofocus`, and the amount's focus brings it into
            // view anyway.
            "",
        ),
    }
}

/// Why a payment was not recorded.
pub enum Failed {
    /// A page of its own (not allowed, a form that expired).
    Page(Response),
    /// Words to show red by the form, whose amount is cleared and focused.
    Again(String),
}

/// Records the payment form `f` for `pid`: what was taken in words ("35.00 Cash recorded for …"), or why not.
pub async fn record(
    web: &Web,
    desk: &Desk,
    pid: ParticipantId,
    f: &PayForm,
) -> Result<String, Failed> {
    if let Err(refused) = desk
        .require(Action::TakePayment)
        .and_then(|()| desk.check_csrf(&f.csrf))
    {
        return Err(Failed::Page(refused.into_response()));
    }
    let l = desk.lang;
    let typed = f.amount.trim();
    let cents = match tengen_text::read::amount(typed.trim_start_matches('-')) {
        Ok(c) if typed.starts_with('-') => -c,
        Ok(c) => c,
        Err(e) => {
            return Err(Failed::Again(tr!(
                l,
                "fee-not-amount",
                amount = typed,
                why = e.to_string()
            )))
        }
    };
    let Some(method) = PayMethod::parse(&f.method) else {
        return Err(Failed::Again(l.t("fee-choose-method")));
    };
    let cmd = Command::RecordPayment {
        id: pid,
        cents,
        method,
        note: f.note.clone(),
        expected: Some(Revision(f.revision)),
    };
    match web
        .desk_write(desk, &f.csrf, &f.request_id, cmd, Target::Participant(pid))
        .await
    {
        Ok(outcome) => {
            let who = match &outcome.subject {
                Some(crate::domain::Subject::Participant(p)) => {
                    let label = web.core.read(|s| search::label(s, p)).unwrap_or_default();
                    format!("{} ({label})", search::full_name(p))
                }
                _ => pid.to_string(),
            };
            Ok(tr!(
                l,
                "fee-recorded",
                amount = money(cents),
                method = method_words(l, method),
                who = who
            ))
        }
        Err(refused) if refused.kind() == Kind::Stale => {
            Err(Failed::Again(l.t("fee-changed-meanwhile")))
        }
        Err(refused) if refused.kind() == Kind::Forbidden => {
            Err(Failed::Page(refused.page(l).into_response()))
        }
        Err(refused) => Err(Failed::Again(refused.message(l))),
    }
}
