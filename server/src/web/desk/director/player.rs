//! `/desk/director/{t}/player/{number}`: one player's page for the director — the entry (status, rounds, rank and
//! its changes, ghost), every drawn round from the player's side, and the director's changes to the entry, each
//! a form with one line saying what it does: withdraw or reinstate, absent for a round, ghost on or off, a rank
//! change from a round. `/desk/director/{t}/player?q=` finds a player by number or name (the dashboard's box).
//!
//! Reads the applied state only; what a form asks for is `player_act`'s, and whether it is allowed is the core's.
//! Must not touch: contact data (never shown here), the register's ids (a player is read and typed by the number on
//! the sheets; the register id only stands in before the field is numbered).

use super::confirm::irreversible_form_to;
use super::player_act::{self, Change};
use crate::app::roster::Roster;
use crate::auth::Action;
use crate::domain::name::fold;
use crate::domain::round::RoundState;
use crate::domain::{EntryStatus, ParticipantId, TournamentId};
use crate::tr;
use crate::web::board::pairings::label_in;
use crate::web::board::player::result_text;
use crate::web::board::players::{rounds_text_in, status_text_in};
use crate::web::board::{player_by_number, roster, tournament_id, InTournament};
use crate::web::desk::session::Desk;
use crate::web::desk::{request_id, Web};
use crate::web::lang::Lang;
use crate::web::lenient::Lenient;
use crate::web::topics::Topic;
use crate::web::WebError;
use axum::extract::{Path, Query, State as Shared};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::Arc;

/// The player pages' routes.
pub fn routes() -> Router<Arc<Web>> {
    Router::new()
        .route("/desk/director/{t}/player", get(find))
        .route("/desk/director/{t}/player/{number}", get(page))
        .route(
            "/desk/director/{t}/player/{number}/do/{action}",
            post(player_act::act),
        )
}

/// The dashboard's box: a player by number or name (`focus` after a search that found nobody).
pub fn find_box(l: Lang, t: TournamentId, focus: bool) -> Markup {
    html! {
        form #find-player .find method="get" action=(format!("/desk/director/{}/player", t.0)) {
            label { (l.t("player-find")) " " input #player-q name="q" size="14" autocomplete="off" placeholder=(l.t("player-find-placeholder")) autofocus[focus]; }
            " "
            button .big type="submit" { (l.t("player-open")) }
            span .note { " " (l.t("player-find-note")) }
        }
    }
}

/// `?done=…`, `?error=…` after a change; `field=` names the input the error is about (cleared and focused).
#[derive(Debug, Default, Deserialize)]
pub struct Notice {
    done: Option<String>,
    error: Option<String>,
    field: Option<String>,
}

/// `?q=` of the find box.
#[derive(Debug, Default, Deserialize)]
pub struct Find {
    #[serde(default)]
    q: String,
}

/// The longest search echoed back on the page.
const MAX_ECHO: usize = 60;

/// `GET /desk/director/{t}/player?q=`: straight to the player when one matches, else the list (or "nobody").
async fn find(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    InTournament(t): InTournament,
    query: Result<Query<Find>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let q = query.map(|q| q.0.q).unwrap_or_default();
    if desk.require(Action::Direct).is_ok() {
        let one = web
            .core
            .read(|s| {
                let roster = Roster::new(s, t).ok()?;
                match matches(&roster, &q).as_slice() {
                    [p] => Some(tag(&roster, *p)),
                    _ => None,
                }
            })
            .ok()
            .flatten();
        if let Some(tag) = one {
            return Redirect::to(&format!("/desk/director/{}/player/{tag}", t.0)).into_response();
        }
    }
    web.desk_page(&desk, Action::Direct, &[Topic::Players(t)], |state| {
        let roster = roster(state, t)?;
        let found = matches(&roster, &q);
        let shown: String = q.chars().take(MAX_ECHO).collect();
        let l = desk.lang;
        let body = html! {
            h1 { (tr!(l, "player-find-in", name = roster.name())) }
            p { a href=(format!("/desk/director/{}", t.0)) { (l.t("desk-back-dashboard")) } }
            @if found.is_empty() {
                p #error .error role="alert" {
                    (tr!(l, "player-nobody", name = roster.name(), q = &shown))
                }
            }
            (find_box(desk.lang, t, found.is_empty()))
            @if !found.is_empty() {
                ul #found .players {
                    @for p in &found {
                        li .player { a href=(format!("/desk/director/{}/player/{}", t.0, tag(&roster, *p))) { (label_in(l, &roster, *p, 1)) } }
                    }
                }
            }
        };
        Ok((tr!(l, "player-find-title", name = roster.name()), body))
    })
}

/// The players `q` names: by number (`7`, `#7`, `P12` before numbering), else every player with a name word
/// starting with each typed word (accents and case ignored), by number.
pub(super) fn matches(roster: &Roster, q: &str) -> Vec<ParticipantId> {
    let q = q.trim();
    if q.is_empty() || q.len() > 200 {
        return Vec::new();
    }
    if let Some(p) = player_by_number(roster, q) {
        return vec![p];
    }
    let words: Vec<String> = fold(q).split_whitespace().map(str::to_string).collect();
    let mut found: Vec<ParticipantId> = roster
        .entrants
        .keys()
        .copied()
        .filter(|p| {
            let name = fold(&roster.full_name(*p));
            words
                .iter()
                .all(|w| name.split_whitespace().any(|n| n.starts_with(w.as_str())))
        })
        .collect();
    found.sort_by_key(|p| (roster.number(*p).unwrap_or(u32::MAX), *p));
    found
}

/// How a player is named in an address and a form: the number on the sheets, or `P12` before numbering.
pub(super) fn tag(roster: &Roster, p: ParticipantId) -> String {
    roster
        .number(p)
        .map_or_else(|| p.to_string(), |n| n.to_string())
}

pub(super) use crate::web::error::sentence;

/// "#7 Abe Ken" (the name alone before numbering): a player in a sentence.
pub(super) fn who(roster: &Roster, p: ParticipantId) -> String {
    match roster.number(p) {
        Some(n) => format!("#{n} {}", roster.full_name(p)),
        None => roster.full_name(p),
    }
}

/// `GET /desk/director/{t}/player/{number}`.
async fn page(
    Shared(web): Shared<Arc<Web>>,
    desk: Desk,
    Path((t, number)): Path<(String, String)>,
    Lenient(notice): Lenient<Notice>,
) -> Response {
    let t = match tournament_id(&t) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let topics = [Topic::Rounds(t), Topic::Players(t)];
    web.desk_page(&desk, Action::Direct, &topics, |state| {
        let roster = roster(state, t)?;
        let p = found(desk.lang, &roster, &number)?;
        let body = render(&roster, p, &desk, &notice, None);
        Ok((format!("{}: {}", roster.name(), roster.full_name(p)), body))
    })
}

/// The player `number` names, or a 404 page saying so.
pub(super) fn found(l: Lang, roster: &Roster, number: &str) -> Result<ParticipantId, WebError> {
    player_by_number(roster, number).ok_or_else(|| {
        let shown: String = number.chars().take(12).collect();
        WebError::not_found(tr!(
            l,
            "dir-player-no-such",
            number = shown,
            name = roster.name()
        ))
        .in_lang(l)
    })
}

/// The player's page; `asked` is the question of a change sent without its answer (a browser without the
/// script), shown first with its "yes" form.
pub(super) fn render(
    roster: &Roster,
    p: ParticipantId,
    desk: &Desk,
    notice: &Notice,
    asked: Option<Markup>,
) -> Markup {
    let t = roster.tournament.id;
    let number = roster.number(p);
    let l = desk.lang;
    html! {
        h1 #player { (label_in(l, roster, p, next_round(roster))) }
        p .actions {
            a .big href=(format!("/desk/director/{}", t.0)) { (l.t("desk-back-dashboard")) }
            a .big href=(format!("/desk/director/{}/explain?a={}", t.0, tag(roster, p))) { (l.t("player-explain")) }
        }
        (crate::web::desk::outcome(notice.done.as_ref(), notice.error.as_ref()))
        @if let Some(asked) = asked { (asked) }
        @if number.is_none() { p .note { (l.t("player-no-number")) } }
        (entry(l, roster, p))
        (rounds(l, roster, p))
        (changes(roster, p, desk, notice.field.as_deref()))
        h2 { (l.t("player-another")) }
        (find_box(desk.lang, t, false))
    }
}

/// The entry: status, rounds, rank and its changes, ghost, club and country.
fn entry(l: Lang, roster: &Roster, p: ParticipantId) -> Markup {
    let Some((person, e)) = roster.entrants.get(&p) else {
        return html! {};
    };
    let total = roster.tournament.settings.rounds;
    let missing: Vec<u32> = (1..=total).filter(|r| !e.rounds.contains(r)).collect();
    html! {
        section #entry {
            h2 { (l.t("player-entry")) }
            table .facts { tbody {
                tr { th { (l.t("player-status")) } td #status { (status_text_in(l, e.status)) } }
                tr { th { (l.t("settings-rounds")) } td #plays {
                    (rounds_text_in(l, &e.rounds, total))
                    @if !missing.is_empty() && !e.rounds.is_empty() { " " (tr!(l, "player-not-rounds", rounds = rounds_text_in(l, &missing, 0))) }
                } }
                tr { th { (l.t("reg-field-rank")) } td #rank { (l.rank(person.fields.rank))
                    @for c in &e.rank_changes { ", " (tr!(l, "player-rank-from", rank = l.rank(c.rank), round = c.from_round)) }
                } }
                tr { th { (l.t("player-ghost")) } td #ghost { @if e.ghost { (l.t("player-ghost-yes")) } @else { (l.t("player-no")) } } }
                tr { th { (l.t("player-code")) } td #code {
                    @match &person.code {
                        Some(code) => { code .code { (code.grouped()) } " " (l.t("player-code-note")) }
                        None => { (crate::web::desk::slot_in(&tr!(l, "player-no-code", link = crate::web::desk::SLOT),
                            html! { a href=(format!("/desk/director/{}/cards", roster.tournament.id.0)) { (l.t("player-make-codes")) } })) }
                    }
                } }
                @if !person.fields.club.is_empty() || !person.fields.country.is_empty() {
                    tr { th { (l.t("reg-field-club")) } td { (person.fields.club) @if !person.fields.country.is_empty() { " · " (person.fields.country) } } }
                }
            } }
        }
    }
}

/// Every drawn round from the player's side.
fn rounds(l: Lang, roster: &Roster, p: ParticipantId) -> Markup {
    let Some((_, e)) = roster.entrants.get(&p) else {
        return html! {};
    };
    html! {
        section #rounds {
            h2 { (l.t("settings-rounds")) }
            @if roster.rounds().is_empty() { p .note { (l.t("player-no-round")) } }
            @else { div .scroll { table #player-rounds {
                thead { tr { th .r { (l.t("player-round")) } th .r { (l.t("results-table")) } th { (l.t("player-opponent")) } th { (l.t("results-result")) } } }
                tbody { @for r in roster.rounds() {
                    tr data-round=(r.number) {
                        td .r { (r.number) }
                        @if let Some(g) = r.game_of(p) {
                            @let other = if g.white == p { g.black } else { g.white };
                            td .r { (g.table) }
                            td .name { (label_in(l, roster, other, r.number)) " " span .note { "(" (tr!(l, "referee-seat", seat = g.seat_of(p).word())) ")" } }
                            td { @if r.state == RoundState::Drawn { (l.t("player-not-published")) } @else { (result_text(g, p)) } }
                        } @else if r.has_bye(p) {
                            td {} td colspan="2" { @if roster.tournament.settings.system.eliminates() { (l.t("dir-through")) } @else { (l.t("dir-bye-label")) } }
                        } @else if !e.rounds.contains(&r.number) {
                            td {} td colspan="2" { (l.t("player-absent")) }
                        } @else {
                            td {} td colspan="2" { (l.t("dir-player-not-paired")) }
                        }
                    }
                } }
            } } }
        }
    }
}

/// The round a change "from the next round" means: the latest round while it is drawn but not published (its
/// pairing can still change), else the first round not drawn yet; the last round once every round is drawn.
pub(super) fn next_round(roster: &Roster) -> u32 {
    let total = roster.tournament.settings.rounds.max(1);
    match roster.rounds().last() {
        Some(r) if r.state == RoundState::Drawn => r.number,
        Some(r) => (r.number + 1).min(total),
        None => 1,
    }
}

/// The rounds a player can still miss: not closed, and among those they play.
fn absent_rounds(roster: &Roster, p: ParticipantId) -> Vec<u32> {
    let Some((_, e)) = roster.entrants.get(&p) else {
        return Vec::new();
    };
    let closed = |n: u32| {
        roster
            .play
            .and_then(|pl| pl.round(n))
            .is_some_and(|r| r.state == RoundState::Closed)
    };
    e.rounds.iter().copied().filter(|r| !closed(*r)).collect()
}

/// The director's changes, each one form with its line of explanation.
fn changes(roster: &Roster, p: ParticipantId, desk: &Desk, field: Option<&str>) -> Markup {
    let Some((_, e)) = roster.entrants.get(&p) else {
        return html! {};
    };
    let t = roster.tournament.id;
    let to = |action: &str| {
        format!(
            "/desk/director/{}/player/{}/do/{action}",
            t.0,
            tag(roster, p)
        )
    };
    let next = next_round(roster);
    let total = roster.tournament.settings.rounds;
    let absent = absent_rounds(roster, p);
    let absent_default = absent
        .iter()
        .copied()
        .find(|r| *r >= next)
        .or(absent.last().copied());
    let from: Vec<u32> = (next..=total).collect();
    let withdrawn = e.status == EntryStatus::Withdrawn;
    let l = desk.lang;
    html! {
        section #changes {
            h2 { (l.t("dir-edit-change")) }
            div .change #withdraw-or-reinstate {
                @if withdrawn {
                    (plain_form(&to("reinstate"), "reinstate", desk, html! {}, &l.t("player-reinstate")))
                    p .note { (l.t("player-reinstate-note")) }
                } @else {
                    (irreversible_form_to(&to("withdraw"), "withdraw", desk, html! {}, &l.t("player-withdraw"),
                        &player_act::question(l, roster, p, &Change::Withdraw)))
                    p .note { (l.t("player-withdraw-note")) }
                }
            }
            @if !withdrawn && !absent.is_empty() {
                div .change #absent {
                    (irreversible_form_to(&to("absent"), "absent", desk, html! {
                        label { (l.t("player-absent-from")) " "
                            select name="round" {
                                @for r in &absent { option value=(r) selected[Some(*r) == absent_default] { (r) } }
                            }
                        }
                    }, &l.t("player-mark-absent"), &player_act::question(l, roster, p, &Change::Absent { round: absent_default.unwrap_or(next) })))
                    p .note { (l.t("player-absent-note")) }
                }
            }
            div .change #new-code {
                (irreversible_form_to(&to("code"), "code", desk, html! {}, &l.t("player-new-code"),
                    &player_act::question(l, roster, p, &Change::Code)))
                p .note { (l.t("player-new-code-note")) }
            }
            div .change #ghost-form {
                (plain_form(&to("ghost"), "ghost", desk, html! {
                    input type="hidden" name="ghost" value=(if e.ghost { "off" } else { "on" });
                }, &l.t(if e.ghost { "player-unghost" } else { "player-make-ghost" })))
                p .note { (l.t("player-ghost-note")) }
            }
            @if !from.is_empty() {
                div .change #rank-change {
                    (irreversible_form_to(&to("rank"), "rank", desk, html! {
                        label { (l.t("player-new-rank")) " "
                            input #new-rank name="rank" size="6" required autocomplete="off" placeholder=(l.t("player-rank-placeholder"))
                                autofocus[field == Some("rank")];
                        }
                        " "
                        label { (l.t("player-from-round")) " "
                            select name="from" {
                                @for r in &from { option value=(r) selected[*r == next] { (r) } }
                            }
                        }
                        " "
                        label .inline-check { input type="checkbox" name="move_start" value="yes"; " " (l.t("player-move-start")) }
                    }, &l.t("player-change-rank"), &player_act::question(l, roster, p, &Change::Rank { rank: None, from: next, move_start: false })))
                    p .note { (l.t("player-rank-note")) }
                }
            }
        }
    }
}

/// A form that changes something easily changed back: no question first.
fn plain_form(to: &str, action: &str, desk: &Desk, fields: Markup, button: &str) -> Markup {
    html! {
        form .action method="post" action=(to) data-action=(action) {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(request_id());
            (fields)
            button .big type="submit" { (button) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{
        Command, Context, EnterSpec, ParticipantFields, Role, State, TournamentSettings,
    };

    fn state() -> State {
        let mut s = State::default();
        let ctx = Context {
            actor: crate::domain::Actor {
                terminal: "td".into(),
                role: Role::Director,
                operator: String::new(),
            },
            now_ms: 1,
            entropy: [1; 32],
        };
        let mut cmds = vec![Command::CreateTournament {
            settings: TournamentSettings::new("Main", crate::domain::PairingSystem::McMahon, 3),
            double_entry_unset: false,
        }];
        for family in ["Côté", "Costa", "Berg"] {
            cmds.push(Command::RegisterParticipant {
                fields: ParticipantFields::sample(family, "Anne", "Oslo"),
                enter: vec![EnterSpec {
                    tournament: TournamentId(1),
                    rounds: None,
                }],
                check_in: true,
                different_person: true,
            });
        }
        for cmd in cmds {
            for e in crate::domain::decide(&s, &cmd, &ctx).expect("command") {
                s.apply(&e);
            }
        }
        s
    }

    #[test]
    fn the_find_box_reads_register_ids_before_numbering_and_names_without_accents() {
        let s = state();
        let roster = Roster::new(&s, TournamentId(1)).expect("roster");
        assert_eq!(matches(&roster, "P2"), vec![ParticipantId(2)]);
        assert_eq!(matches(&roster, "cote"), vec![ParticipantId(1)]);
        assert_eq!(matches(&roster, "co an").len(), 2);
        assert!(matches(&roster, "   ").is_empty());
        assert!(
            matches(&roster, "nne").is_empty(),
            "a word's start, not its middle"
        );
        assert_eq!(sentence("round 1 is drawn"), "Round 1 is drawn");
        assert_eq!(next_round(&roster), 1);
        assert_eq!(tag(&roster, ParticipantId(3)), "P3");
    }
}
