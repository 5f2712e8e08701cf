//! `/t/{t}/players`: the register as players check it — number, name, rank, club, country, the rounds they
//! play, checked in or not. Never email, phone, fee, notes or tokens.

use super::super::lang::Lang;
use super::super::layout::Tab;
use super::super::topics::Topic;
use super::super::{Web, WebError};
use super::standings::player_href;
use super::InTournament;
use super::{roster_in, tournament_page};
use crate::domain::name::{fold, search_text};
use crate::domain::{Entry, EntryStatus, ParticipantId, State, TournamentId};
use crate::tr;
use axum::extract::State as Shared;
use axum::response::Response;
use maud::html;
use std::sync::Arc;

/// `GET /t/{t}/players`.
pub async fn page(
    Shared(web): Shared<Arc<Web>>,
    InTournament(t): InTournament,
    asked: super::Asked,
) -> Response {
    let l = asked.lang;
    web.page(&asked, &[Topic::Players(t)], true, |state| {
        render(state, l, t)
    })
}

fn render(state: &State, l: Lang, t: TournamentId) -> Result<super::super::layout::Page, WebError> {
    let roster = roster_in(state, l, t)?;
    let mut rows: Vec<(Option<u32>, String, ParticipantId, &Entry)> = roster
        .entrants
        .iter()
        .map(|(p, (person, e))| {
            (
                roster.number(*p),
                fold(&crate::app::roster::full_name(person)),
                *p,
                *e,
            )
        })
        .collect();
    // Numbered players by number, then the others by name.
    rows.sort_by(|a, b| (a.0.is_none(), a.0, &a.1, a.2).cmp(&(b.0.is_none(), b.0, &b.1, b.2)));
    let checked_in = rows
        .iter()
        .filter(|r| r.3.status == EntryStatus::CheckedIn)
        .count();
    let total_rounds = roster.tournament.settings.rounds;
    // A ladder or a self-paired event has no rounds to choose.
    let rounds = !roster.tournament.settings.system.unrounded();
    let body = html! {
        h1 { (l.t("tab-players")) }
        p .note { (tr!(l, "players-counts", registered = rows.len(), checked_in = checked_in)) }
        input #search type="search" placeholder=(l.t("pairings-search-placeholder")) autocomplete="off"
            aria-label=(l.t("pairings-search-label"));
        div .scroll {
            table #players {
                thead { tr {
                    th .r { "#" } th { (l.t("col-name")) } th { (l.t("col-rank")) } th { (l.t("col-club")) }
                    th { (l.t("col-country")) } @if rounds { th { (l.t("col-rounds")) } } th { (l.t("col-status")) }
                } }
                tbody {
                    @for (number, _, p, e) in &rows {
                        @let (person, _) = roster.entrants[p];
                        tr .row data-k=(format!("{} #{}", search_text(&person.fields), number.map(|n| n.to_string()).unwrap_or_default())) {
                            td .r .num { @if let Some(n) = number { (n) } }
                            td .name { a href=(player_href(t, &roster, *p)) { (roster.full_name(*p)) } }
                            td { (l.rank(person.fields.rank)) }
                            td { (person.fields.club) }
                            td { (person.fields.country) }
                            @if rounds { td { (rounds_text_in(l, &e.rounds, total_rounds)) } }
                            td { (status_text_in(l, e.status)) }
                        }
                    }
                }
            }
        }
    };
    Ok(tournament_page(
        l,
        &roster,
        Some(Tab::Players),
        tr!(l, "players-page-title", tournament = roster.name()),
        body,
    ))
}

/// "checked in", "expected" (registered, not yet seen at a desk), "withdrawn", in language `l`.
pub fn status_text_in(l: Lang, s: EntryStatus) -> String {
    match s {
        EntryStatus::PreRegistered => l.t("status-expected"),
        EntryStatus::CheckedIn => l.t("status-checked-in"),
        EntryStatus::Withdrawn => l.t("status-withdrawn"),
    }
}

/// The rounds a player plays: "all", or runs such as "1–3, 5".
pub fn rounds_text(rounds: &[u32], total: u32) -> String {
    rounds_text_in(Lang::En, rounds, total)
}

/// [`rounds_text`] in language `l`.
pub fn rounds_text_in(l: Lang, rounds: &[u32], total: u32) -> String {
    if rounds.is_empty() || (rounds.len() as u32 == total && rounds.first() == Some(&1)) {
        return l.t("rounds-all");
    }
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &r in rounds {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == r => *end = r,
            _ => runs.push((r, r)),
        }
    }
    runs.iter()
        .map(|(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}–{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::rounds_text;

    #[test]
    fn rounds_read_as_runs() {
        assert_eq!(rounds_text(&[1, 2, 3, 4, 5], 5), "all");
        assert_eq!(rounds_text(&[], 5), "all");
        assert_eq!(rounds_text(&[1, 2, 3, 5], 5), "1–3, 5");
        assert_eq!(rounds_text(&[4], 5), "4");
    }
}
