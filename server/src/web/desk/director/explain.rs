//! `/desk/director/{t}/explain?a=N&b=M`: two players by their numbers on the sheets, and why the latest draw did or
//! did not pair them (where each sits, what the draw weighed between them), then why one stands above the other
//! in the standings. Both answers are `app::explain`'s, the same the gRPC `Explain` gives; this page only reads
//! the two numbers and renders. Changes nothing.

use super::player::sentence;
use crate::app::explain::{self, ExplainError};
use crate::app::roster::Roster;
use crate::auth::Action;
use crate::domain::State;
use crate::tr;
use crate::web::board::{player_by_number, roster, InTournament};
use crate::web::desk::session::Desk;
use crate::web::desk::Web;
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use crate::web::topics::Topic;
use axum::extract::State as Shared;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::Arc;

/// The explain page's route.
pub fn routes() -> Router<Arc<Web>> {
    Router::new().route("/desk/director/{t}/explain", get(page))
}

/// `?a=7&b=12`: the two numbers as typed.
#[derive(Debug, Default, Deserialize)]
pub struct Pair {
    #[serde(default)]
    a: String,
    #[serde(default)]
    b: String,
}

/// What is shown of a typed number (never a long paste).
fn shown(text: &str) -> String {
    text.trim().chars().take(12).collect()
}

/// `GET /desk/director/{t}/explain`.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    InTournament(t): InTournament,
    Lenient(pair): Lenient<Pair>,
) -> Response {
    let topics = [Topic::Rounds(t), Topic::Standings(t)];
    let l = desk.lang;
    web.desk_page(&desk, Action::Direct, &topics, |state| {
        let roster = roster(state, t)?;
        let (a, b) = (shown(&pair.a), shown(&pair.b));
        let missing: Vec<&String> = [&a, &b]
            .into_iter()
            .filter(|x| !x.is_empty() && player_by_number(&roster, x).is_none())
            .collect();
        let both = match (player_by_number(&roster, &a), player_by_number(&roster, &b)) {
            (Some(x), Some(y)) => Some((x, y)),
            _ => None,
        };
        let body = html! {
            h1 { (l.t("explain-heading")) }
            p .actions { a .big href=(format!("/desk/director/{}", t.0)) { (l.t("desk-back-dashboard")) } }
            @for m in &missing {
                p #error .error role="alert" { (tr!(l, "explain-no-player", number = m.as_str(), name = roster.name())) }
            }
            (form(l, &roster, if missing.contains(&&a) { "" } else { a.as_str() }, if missing.contains(&&b) { "" } else { b.as_str() }))
            @if let Some((x, y)) = both { (answer(l, state, &roster, x, y)) }
        };
        Ok((tr!(l, "explain-title", name = roster.name()), body))
    })
}

/// The two boxes; a refused number comes back cleared, and the first empty box has the focus.
fn form(l: Lang, roster: &Roster, a: &str, b: &str) -> Markup {
    html! {
        form #explain-form .find method="get" action=(format!("/desk/director/{}/explain", roster.tournament.id.0)) {
            label { (l.t("dir-player-no")) input #a name="a" value=(a) size="5" required autocomplete="off" autofocus[a.is_empty()]; }
            " "
            label { (l.t("explain-and-no")) input #b name="b" value=(b) size="5" required autocomplete="off" autofocus[!a.is_empty() && b.is_empty()]; }
            " "
            button .big .primary type="submit" { (l.t("explain-button")) }
        }
        p .note { (l.t("explain-note")) }
    }
}

/// Both answers for players `a` and `b`.
fn answer(
    l: Lang,
    state: &State,
    roster: &Roster,
    a: crate::domain::ParticipantId,
    b: crate::domain::ParticipantId,
) -> Markup {
    let t = roster.tournament.id;
    let pairing = explain::pairing(state, t, a, b);
    let order = explain::standings(state, t, 0, None)
        .map_err(ExplainError::from)
        .and_then(|(st, after)| explain::order(state, t, &st, a, b).map(|o| (o, after)));
    html! {
        section #pairing {
            @match &pairing {
                Ok(why) => {
                    h2 { (tr!(l, "explain-draw-of", round = why.round)) }
                    p #verdict .big-line {
                        @if let Some(table) = why.table {
                            strong { (tr!(l, "explain-paired-at", table = table)) }
                        } @else {
                            strong { (l.t("explain-not-paired")) }
                        }
                    }
                    ul #seats { @for s in &why.seats { li { (s) } } }
                    @if !why.reasons.is_empty() {
                        h3 { (l.t("explain-weighed")) }
                        ul #reasons { @for r in &why.reasons { li { (r) } } }
                    }
                }
                Err(e) => { h2 { (l.t("explain-the-draw")) } p .note { (sentence(&e.to_string())) "." } }
            }
        }
        section #order {
            @match &order {
                Ok((o, after)) => {
                    h2 { @if *after == 0 { (l.t("explain-standings-before")) } @else { (tr!(l, "explain-standings-after", round = *after)) } }
                    p #order-text { (o.text) "." }
                }
                Err(e) => { h2 { (l.t("explain-standings")) } p .note { (sentence(&e.to_string())) "." } }
            }
        }
    }
}
