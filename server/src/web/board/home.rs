//! `/`: the event and its tournaments, each with where it stands and links to its pages (the page a poster's QR
//! code opens).

use super::super::lang::Lang;
use super::super::layout::Page;
use super::super::topics::Topic;
use super::super::Web;
use crate::domain::round::RoundState;
use crate::domain::{State, Tournament};
use crate::tr;
use axum::extract::State as Shared;
use axum::response::Response;
use maud::html;
use std::sync::Arc;

/// `GET /`.
pub async fn page(Shared(web): Shared<Arc<Web>>, asked: super::Asked) -> Response {
    let lang = asked.lang;
    web.page(&asked, &[Topic::Home], true, |state| {
        Ok(render(state, lang))
    })
}

fn render(state: &State, l: Lang) -> Page {
    let event = state.event.name.trim();
    let title = if event.is_empty() {
        l.t("home-title")
    } else {
        event.to_string()
    };
    let body = html! {
        h1 { (title) }
        @if state.tournaments.is_empty() {
            p #none { (l.t("home-none")) }
        }
        ul .tournaments {
            @for t in state.tournaments.values() {
                li .tournament {
                    h2 { (t.settings.name) }
                    p .note { (where_it_stands(state, t, l)) }
                    p {
                        a href=(format!("/t/{}/pairings", t.id.0)) { (l.t("tab-pairings")) } " · "
                        a href=(format!("/t/{}/standings", t.id.0)) { (l.t("tab-standings")) } " · "
                        a href=(format!("/t/{}/players", t.id.0)) { (l.t("tab-players")) }
                    }
                }
            }
        }
    };
    Page::plain(title, body)
}

/// "Round 3 of 6 is being played", "Registration open", …
fn where_it_stands(state: &State, t: &Tournament, l: Lang) -> String {
    let total = t.settings.rounds;
    let last = state
        .play
        .get(&t.id)
        .and_then(|p| p.rounds.iter().rev().find(|r| r.state != RoundState::Drawn));
    match last {
        Some(r) if r.state == RoundState::Closed && r.number >= total => {
            tr!(l, "home-finished", total = total)
        }
        Some(r) if r.state == RoundState::Closed => {
            tr!(l, "home-round-finished", round = r.number, total = total)
        }
        Some(r) => tr!(l, "home-round-playing", round = r.number, total = total),
        None if t.registration_open => tr!(l, "home-registration-open", total = total),
        None => tr!(l, "home-registration-closed", total = total),
    }
}
