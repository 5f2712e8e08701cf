//! `/t/{t}/players/{number}`: one player's page — who they are as registered, every published round with
//! opponent, colour, handicap, result and the McMahon score after it — and the change slip ("something wrong?")
//! that sends a correction to the director. `{number}` is the number on the sheets; `P12` (the register id) works
//! for a player not numbered yet.

use super::super::layout::Tab;
use super::super::topics::Topic;
use super::super::{Web, WebError};
use super::pairings::{handicap_words, label};
use super::players::{rounds_text, status_text};
use super::{halves, player_by_number, roster, tournament_id, tournament_page};
use crate::domain::field::{player_id, Field};
use crate::domain::round::{GameRecord, GameResult, Outcome, RoundState};
use crate::domain::{ParticipantId, State, TournamentId};
use crate::sheets::roster::Roster;
use axum::extract::{Path, Query, State as Shared};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::Arc;

/// `?slip=sent` after a slip was taken.
#[derive(Debug, Default, Deserialize)]
pub struct PlayerQuery {
    slip: Option<String>,
}

/// `GET /t/{t}/players/{number}`.
pub async fn page(
    Shared(web): Shared<Arc<Web>>,
    Path((t, number)): Path<(String, String)>,
    query: Result<Query<PlayerQuery>, axum::extract::rejection::QueryRejection>,
    asked: super::Asked,
) -> Response {
    let t = match tournament_id(&t) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let sent = query
        .ok()
        .and_then(|q| q.0.slip)
        .is_some_and(|s| s == "sent");
    let topics = [Topic::Pairings(t), Topic::Standings(t)];
    // Cached like the other pages: the slip form's request id is filled in per response (REQUEST_ID_SLOT).
    web.page(&asked, &topics, true, |state| {
        let roster = roster(state, t)?;
        let p = find_player(&roster, &number)?;
        Ok(render(state, &roster, p, &number, sent))
    })
}

/// The player `number` names in the tournament: its number on the sheets, or `P12` before numbering.
pub fn find_player(roster: &Roster, number: &str) -> Result<ParticipantId, WebError> {
    let valid = number.strip_prefix('P').unwrap_or(number);
    if valid.is_empty() || !valid.bytes().all(|b| b.is_ascii_digit()) {
        return Err(WebError::bad_request(
            "A player is named by the number on the sheets.",
        ));
    }
    player_by_number(roster, number).ok_or_else(|| {
        WebError::not_found(format!("There is no player {number} in this tournament."))
    })
}

fn render(
    state: &State,
    roster: &Roster,
    p: ParticipantId,
    number: &str,
    sent: bool,
) -> super::super::layout::Page {
    let t = roster.tournament.id;
    let (person, entry) = roster.entrants[&p];
    let published: Vec<_> = roster
        .rounds()
        .iter()
        .filter(|r| r.state != RoundState::Drawn)
        .collect();
    let last = published.last().map_or(0, |r| r.number);
    let table = Field::new(state, roster.tournament).score_table(last);
    let me = table.index_of(player_id(p));
    let body = html! {
        h1 { (label(roster, p, last.max(1))) }
        p .note {
            (person.fields.club) @if !person.fields.country.is_empty() { " · " (person.fields.country) }
            " · " (status_text(entry.status))
            " · rounds " (rounds_text(&entry.rounds, roster.tournament.settings.rounds))
        }
        @if published.is_empty() {
            p #none { "No round published yet." }
        } @else {
            div .scroll {
                table #games {
                    thead { tr {
                        th .r { "Round" } th { "Opponent" } th { "Result" } th .r { "MMS" }
                    } }
                    tbody {
                        @for r in &published {
                            @let settled = r.state == RoundState::Closed
                                || r.game_of(p).is_none_or(|g| g.confirmed.is_some());
                            tr .row {
                                td .r { (r.number) }
                                @if let Some(g) = r.game_of(p) {
                                    td .name {
                                        (label(roster, opponent(g, p), r.number)) br;
                                        span .note {
                                            "table " (g.table) " · " @if g.white == p { "White" } @else { "Black" }
                                            " · " (handicap_words(roster, g))
                                        }
                                    }
                                    td { (result_text(g, p)) }
                                } @else if r.bye == Some(p) {
                                    td colspan="2" { "Bye" }
                                } @else if r.advancing.contains(&p) {
                                    td colspan="2" { (roster.tournament.settings.system.without_game()) }
                                } @else {
                                    td colspan="2" { "Not paired" }
                                }
                                td .r {
                                    @if let (Some(i), true) = (me, settled) {
                                        @if let Some(mms) = table.placing_mms_after(i, r.number as usize) { (halves(mms.0)) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        (slip_form(t, number, sent))
    };
    tournament_page(roster, Some(Tab::Players), roster.full_name(p), body)
}

fn opponent(g: &GameRecord, p: ParticipantId) -> ParticipantId {
    if g.white == p {
        g.black
    } else {
        g.white
    }
}

/// The result from the player's side: "won", "lost by forfeit", "jigo", or where it stands.
fn result_text(g: &GameRecord, p: ParticipantId) -> String {
    let Some(GameResult {
        outcome,
        by_forfeit,
    }) = g.confirmed
    else {
        return if g.reports.is_empty() {
            "playing".to_string()
        } else {
            "being checked".to_string()
        };
    };
    let white = g.white == p;
    let word = match outcome {
        Outcome::WhiteWins if white => "won",
        Outcome::BlackWins if !white => "won",
        Outcome::WhiteWins | Outcome::BlackWins => "lost",
        Outcome::Jigo => "jigo",
        Outcome::BothLose => "lost (both)",
        Outcome::BothWin => "won (both)",
        Outcome::Unknown => "unknown",
    };
    if by_forfeit {
        format!("{word} by forfeit")
    } else {
        word.to_string()
    }
}

/// "Something wrong?": the change slip. Contact data is not asked for and cannot be sent.
fn slip_form(t: TournamentId, number: &str, sent: bool) -> Markup {
    html! {
        h2 #slip-heading { "Something wrong?" }
        @if sent {
            p .done #slip-sent { "Thank you: the director will look at your correction." }
        }
        p .note { "Fill in only what should change. The director checks every correction before it is made." }
        form #slip .slip method="post" action=(format!("/t/{}/players/{number}/slip", t.0)) {
            input type="hidden" name="request_id" value=(super::REQUEST_ID_SLOT);
            label { "Family name" input name="family_name" maxlength="100" autocomplete="off"; }
            label { "Given name" input name="given_name" maxlength="100" autocomplete="off"; }
            label { "Rank (e.g. 3k, 2d)" input name="rank" maxlength="4" autocomplete="off"; }
            label { "Club" input name="club" maxlength="100" autocomplete="off"; }
            label { "Country (two letters)" input name="country" maxlength="2" autocomplete="off"; }
            label { "Rounds you play (e.g. 1-3,5)" input name="rounds" maxlength="60" autocomplete="off"; }
            label { "Anything else" textarea name="message" maxlength="1000" rows="3" {} }
            button type="submit" { "Send to the director" }
        }
    }
}
