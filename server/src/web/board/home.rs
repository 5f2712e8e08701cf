//! `/`: the event and its tournaments, each with where it stands and links to its pages (the page a poster's QR
//! code opens).

use super::super::layout::Page;
use super::super::topics::Topic;
use super::super::Web;
use crate::domain::round::RoundState;
use crate::domain::{State, Tournament};
use axum::extract::State as Shared;
use axum::response::Response;
use maud::html;
use std::sync::Arc;

/// `GET /`.
pub async fn page(Shared(web): Shared<Arc<Web>>, asked: super::Asked) -> Response {
    web.page(&asked, &[Topic::Home], true, |state| Ok(render(state)))
}

fn render(state: &State) -> Page {
    let event = state.event.name.trim();
    let title = if event.is_empty() {
        "Tournament board"
    } else {
        event
    };
    let body = html! {
        h1 { (title) }
        @if state.tournaments.is_empty() {
            p #none { "No tournament yet." }
        }
        ul .tournaments {
            @for t in state.tournaments.values() {
                li .tournament {
                    h2 { (t.settings.name) }
                    p .note { (where_it_stands(state, t)) }
                    p {
                        a href=(format!("/t/{}/pairings", t.id.0)) { "Pairings" } " · "
                        a href=(format!("/t/{}/standings", t.id.0)) { "Standings" } " · "
                        a href=(format!("/t/{}/players", t.id.0)) { "Players" }
                    }
                }
            }
        }
    };
    Page::plain(title.to_string(), body)
}

/// "Round 3 of 6 is being played", "Registration open", …
fn where_it_stands(state: &State, t: &Tournament) -> String {
    let total = t.settings.rounds;
    let last = state
        .play
        .get(&t.id)
        .and_then(|p| p.rounds.iter().rev().find(|r| r.state != RoundState::Drawn));
    match last {
        Some(r) if r.state == RoundState::Closed && r.number >= total => {
            format!("Finished: all {total} rounds played")
        }
        Some(r) if r.state == RoundState::Closed => {
            format!("Round {} of {total} finished", r.number)
        }
        Some(r) => format!("Round {} of {total} is being played", r.number),
        None if t.registration_open => format!("{total} rounds · registration open"),
        None => format!("{total} rounds · registration closed"),
    }
}
