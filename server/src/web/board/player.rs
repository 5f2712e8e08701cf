//! `/t/{t}/players/{number}`: one player's page — who they are as registered, every published round with
//! opponent, colour, handicap, result and the McMahon score after it (on a ladder: their rung, whom they may
//! challenge, their games) — and the change slip ("something wrong?")
//! that sends a correction to the director. `{number}` is the number on the sheets; `P12` (the register id) works
//! for a player not numbered yet.

use super::super::lang::Lang;
use super::super::layout::Tab;
use super::super::topics::Topic;
use super::super::{Web, WebError};
use super::own::{report_part, ReportView};
use super::pairings::{handicap_words_in, label_in, seat_word};
use super::players::{rounds_text_in, status_text_in};
use super::{halves, player_by_number, roster_in, starts, tournament_id, tournament_page};
use crate::app::roster::Roster;
use crate::domain::field::{player_id, Field};
use crate::domain::ladder::{handicap, ladder, LadderOutcome};
use crate::domain::round::{GameRecord, GameResult, Outcome, RoundState};
use crate::domain::slip::SlipState;
use crate::domain::{EntryStatus, PairingSystem, ParticipantId, State, TournamentId};
use crate::lang::{slot_in, SLOT};
use crate::tr;
use crate::web::lenient::Lenient;
use axum::extract::{Path, State as Shared};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup};
use serde::Deserialize;
use std::sync::Arc;

/// `?slip=sent` after a slip was taken, `?result=sent` after the player's own result was.
#[derive(Debug, Default, Deserialize)]
pub struct PlayerQuery {
    slip: Option<String>,
    result: Option<String>,
}

/// `GET /t/{t}/players/{number}`.
pub async fn page(
    Shared(web): Shared<Arc<Web>>,
    Path((t, number)): Path<(String, String)>,
    Lenient(query): Lenient<PlayerQuery>,
    asked: super::Asked,
) -> Response {
    let l = asked.lang;
    let t = match tournament_id(&t) {
        Ok(t) => t,
        Err(e) => return e.in_lang(l).into_response(),
    };
    let sent = query.slip.is_some_and(|s| s == "sent");
    let report = if query.result.is_some_and(|s| s == "sent") {
        ReportView::Sent
    } else {
        ReportView::Blank
    };
    let view = if sent {
        SlipView::Sent
    } else {
        SlipView::Blank
    };
    // Cached like the other pages: the slip form's request id is filled in per response (REQUEST_ID_SLOT).
    web.page(&asked, &topics(t), true, |state| {
        let roster = roster_in(state, l, t)?;
        let p = find_player(l, &roster, &number)?;
        Ok(render(state, l, &roster, p, &number, view, report))
    })
}

/// What the page shows: the games, and the fate of the last slip sent about the player.
fn topics(t: TournamentId) -> [Topic; 3] {
    [Topic::Pairings(t), Topic::Standings(t), Topic::Slips]
}

/// The change slip's part of the page.
#[derive(Clone, Copy)]
enum SlipView<'a> {
    /// An empty form.
    Blank,
    /// Just sent: thanks, and an empty form.
    Sent,
    /// Refused: why, in red, and the form as the player filled it.
    Refused {
        form: &'a super::slip::SlipForm,
        error: &'a str,
    },
}

/// The player's page again after a slip it could not take (400): what they typed is still in the form, the
/// reason above it in red, the first field focused. Never cached: it holds the visitor's own text.
pub(super) fn refused_slip(
    web: &Web,
    asked: &super::Asked,
    t: &str,
    number: &str,
    form: &super::slip::SlipForm,
    error: &str,
) -> Response {
    let t = match tournament_id(t) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let view = SlipView::Refused { form, error };
    let l = asked.lang;
    let mut response = web.page(asked, &topics(t), false, |state| {
        let roster = roster_in(state, l, t)?;
        let p = find_player(l, &roster, number)?;
        let mut page = render(state, l, &roster, p, number, view, ReportView::Blank);
        page.here = own_address(t, number);
        Ok(page)
    });
    if response.status().is_success() {
        *response.status_mut() = axum::http::StatusCode::BAD_REQUEST;
    }
    response
}

/// The player's page again after a result report it could not take (400 unless the caller says otherwise):
/// the reason in red above the form, the code field empty and focused. Never cached.
pub(super) fn refused_report(
    web: &Web,
    asked: &super::Asked,
    t: &str,
    number: &str,
    form: &super::own::ResultForm,
    error: &str,
) -> Response {
    let t = match tournament_id(t) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let l = asked.lang;
    let mut response = web.page(asked, &topics(t), false, |state| {
        let roster = roster_in(state, l, t)?;
        let p = find_player(l, &roster, number)?;
        let mut page = render(
            state,
            l,
            &roster,
            p,
            number,
            SlipView::Blank,
            ReportView::Refused {
                error,
                says: &form.says,
                black: &form.black,
            },
        );
        page.here = own_address(t, number);
        Ok(page)
    });
    if response.status().is_success() {
        *response.status_mut() = axum::http::StatusCode::BAD_REQUEST;
    }
    response
}

/// The address of a player's page, where a page answering one of its forms sends the language switch.
pub(super) fn own_address(t: TournamentId, number: &str) -> String {
    format!("/t/{}/players/{number}", t.0)
}

/// The player `number` names in the tournament: its number on the sheets, or `P12` before numbering.
pub fn find_player(l: Lang, roster: &Roster, number: &str) -> Result<ParticipantId, WebError> {
    let valid = number.strip_prefix('P').unwrap_or(number);
    if valid.is_empty() || !valid.bytes().all(|b| b.is_ascii_digit()) {
        return Err(WebError::bad_request(l.t("player-bad-number")).in_lang(l));
    }
    player_by_number(roster, number)
        .ok_or_else(|| WebError::not_found(tr!(l, "player-no-such", number = number)).in_lang(l))
}

fn render(
    state: &State,
    l: Lang,
    roster: &Roster,
    p: ParticipantId,
    number: &str,
    slip: SlipView,
    report: ReportView,
) -> super::super::layout::Page {
    let t = roster.tournament.id;
    let (person, entry) = roster.entrants[&p];
    let unrounded = roster.tournament.settings.system.unrounded();
    // Club, country, status and rounds, those there are.
    let mut about: Vec<String> = [&person.fields.club, &person.fields.country]
        .into_iter()
        .filter(|x| !x.trim().is_empty())
        .cloned()
        .collect();
    about.push(status_text_in(l, entry.status));
    if !unrounded {
        let rounds = rounds_text_in(l, &entry.rounds, roster.tournament.settings.rounds);
        about.push(tr!(l, "player-rounds", rounds = rounds));
    }
    let published: Vec<_> = roster
        .rounds()
        .iter()
        .filter(|r| r.state != RoundState::Drawn)
        .collect();
    let last = published.last().map_or(0, |r| r.number);
    let table = Field::new(state, roster.tournament).score_table(last);
    let me = table.index_of(player_id(p));
    // The team: a link to its page in a team tournament, its name in a team competition.
    let sc = &roster.tournament.settings.scoring;
    let team_page = crate::app::teams::tournament_teams(roster)
        .into_iter()
        .find(|x| x.members.contains(&p))
        .map(|x| (format!("/t/{}/teams/{}", t.0, x.number), x.name));
    let team_name = (sc.team_counting > 0
        && !crate::domain::teams::key(&person.fields.team).is_empty())
    .then(|| person.fields.team.clone());
    let body = html! {
        h1 { (label_in(l, roster, p, last.max(1))) }
        p .note { (about.join(" · ")) }
        @if let Some((href, name)) = &team_page {
            p #team { (l.t("col-team")) ": " a href=(href) { (name) } }
        } @else if let Some(name) = &team_name {
            p #team { (l.t("col-team")) ": " (name) }
        }
        @if let Some(next) = (!unrounded).then(|| next_game(l, roster, p)).flatten() {
            p #next .next { (next) }
        }
        (report_part(l, roster, p, number, report))
        @if unrounded {
            (ladder_part(state, l, roster, p))
        } @else if published.is_empty() {
            p #none { (l.t("player-none-published")) }
        } @else {
            div .scroll {
                table #games {
                    thead { tr {
                        th .r { (l.t("col-round")) } th { (l.t("col-opponent")) } th { (l.t("col-result")) } th .r { "MMS" }
                    } }
                    tbody {
                        @for r in &published {
                            @let game = r.game_of(p).filter(|g| r.shows(g));
                            @let to_draw = r.in_parts() && game.is_none() && !r.has_bye(p);
                            @let settled = r.state == RoundState::Closed
                                || (game.is_none_or(|g| g.confirmed.is_some()) && !to_draw);
                            tr .row {
                                td .r { (r.number) }
                                @if let Some(g) = game {
                                    td .name {
                                        (label_in(l, roster, opponent(g, p), r.number)) br;
                                        span .note {
                                            (tr!(l, "standings-at-table", table = g.table)) " · " (seat_word(l, g.seat_of(p)))
                                            " · " (handicap_words_in(l, roster, g))
                                        }
                                    }
                                    td { (result_text_in(l, g, p)) }
                                } @else if r.bye == Some(p) {
                                    td colspan="2" { (l.t("player-bye")) }
                                } @else if r.advancing.contains(&p) {
                                    td colspan="2" { (l.t("player-through")) }
                                } @else if r.in_parts() && r.state != RoundState::Closed {
                                    td colspan="2" { (l.t("player-drawn-later")) }
                                } @else {
                                    td colspan="2" { (l.t("player-not-paired")) }
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
        (slip_form(l, t, number, slip, !unrounded, last_slip(l, state, t, p)))
    };
    tournament_page(l, roster, Some(Tab::Players), roster.full_name(p), body)
}

/// Where the player goes next: "Round 3 starts at 14:00 · table 12, White" (or "table 12, nigiri with #14 Kim
/// Ara (3k)" until the colours are recorded) while a published round is being played and they have a game in
/// it, or "Round 4 starts at 14:00" for the round to come when the timetable has it (their table follows when
/// the director publishes the draw). `None` when there is nothing to say.
fn next_game(l: Lang, roster: &Roster, p: ParticipantId) -> Option<String> {
    let settings = &roster.tournament.settings;
    let (_, entry) = roster.entrants.get(&p)?;
    if entry.status == EntryStatus::Withdrawn {
        return None;
    }
    let latest = roster
        .rounds()
        .iter()
        .rfind(|r| r.state != RoundState::Drawn);
    // A round drawn in parts pairs the player once their group is finished: until then their game is the one of
    // the round before, still open.
    let open = roster
        .rounds()
        .iter()
        .rev()
        .filter(|r| r.state == RoundState::Published);
    let seated = super::own::open_game(roster, p)
        .filter(|(_, g)| g.confirmed.is_none())
        .map(|(r, _)| r);
    if let Some(r) = seated.or_else(|| open.clone().next()) {
        let round = match starts(l, settings, r.number) {
            Some(when) => tr!(
                l,
                "pairings-round-starts-at-short",
                round = r.number,
                when = when
            ),
            None => tr!(l, "standings-round", round = r.number),
        };
        let seat = match r.game_of(p).filter(|g| r.shows(g)) {
            Some(g) if g.colours_open() => {
                let them = opponent(g, p);
                let number = roster
                    .number(them)
                    .map(|n| format!("#{n} "))
                    .unwrap_or_default();
                let rank = roster
                    .rank_in(them, r.number)
                    .map(|x| l.rank(x))
                    .unwrap_or_default();
                let who = format!("{number}{} ({rank})", roster.full_name(them));
                tr!(l, "player-next-nigiri", table = g.table, opponent = who)
            }
            Some(g) => tr!(
                l,
                "player-next-seat",
                table = g.table,
                colour = seat_word(l, g.seat_of(p))
            ),
            None if r.bye == Some(p) => l.t("player-next-bye"),
            None if r.in_parts() => l.t("player-next-in-parts"),
            None => l.t("player-next-not-paired"),
        };
        return Some(format!("{round} · {seat}"));
    }
    let next = latest.map_or(1, |r| r.number + 1);
    let plays = entry.rounds.contains(&next);
    let when = starts(l, settings, next).filter(|_| plays)?;
    Some(tr!(l, "player-next-round", round = next, when = when))
}

fn opponent(g: &GameRecord, p: ParticipantId) -> ParticipantId {
    if g.white == p {
        g.black
    } else {
        g.white
    }
}

/// The result from the player's side: "won", "lost by forfeit", "jigo", or where it stands.
pub(crate) fn result_text(g: &GameRecord, p: ParticipantId) -> String {
    result_text_in(Lang::En, g, p)
}

/// [`result_text`] in language `l`.
pub(crate) fn result_text_in(l: Lang, g: &GameRecord, p: ParticipantId) -> String {
    let Some(GameResult {
        outcome,
        by_forfeit,
    }) = g.confirmed
    else {
        return if g.reports.is_empty() {
            l.t("result-playing")
        } else {
            l.t("result-being-checked")
        };
    };
    let white = g.white == p;
    let word = match outcome {
        Outcome::WhiteWins if white => "won",
        Outcome::BlackWins if !white => "won",
        Outcome::WhiteWins | Outcome::BlackWins => "lost",
        Outcome::Jigo => "jigo",
        Outcome::BothLose => "both-lost",
        Outcome::BothWin => "both-won",
        Outcome::Unknown => "unknown",
    };
    let forfeit = if by_forfeit { "yes" } else { "no" };
    tr!(l, "result-of-game", result = word, forfeit = forfeit)
}

/// A ladder's or a self-paired event's player: their rung (or place), whom they may challenge and at what
/// handicap, and their games, newest first.
fn ladder_part(state: &State, l: Lang, roster: &Roster, p: ParticipantId) -> Markup {
    let t = roster.tournament.id;
    let settings = &roster.tournament.settings;
    let self_paired = settings.system == PairingSystem::SelfPaired;
    let now = ladder(state, t);
    let games = roster.play.map_or(&[][..], |pl| pl.ladder.as_slice());
    let mine: Vec<_> = games
        .iter()
        .filter(|g| g.challenger == p || g.defender == p)
        .collect();
    let who = |q| label_in(l, roster, q, 1);
    let Some(rung) = now.rung(p) else {
        return html! { p #none { (l.t("player-not-on-ladder")) } };
    };
    let place = now.places.get(rung as usize - 1).copied().unwrap_or(rung);
    let shared = now.places.iter().filter(|x| **x == place).count() > 1;
    let rules = settings.ladder;
    // Players above within reach, top first, with the stones the rungs would give.
    let above: Vec<(ParticipantId, u32, u8)> = if self_paired {
        Vec::new()
    } else {
        now.rungs
            .iter()
            .enumerate()
            .map(|(i, q)| (*q, i as u32 + 1))
            .filter(|(_, r)| *r < rung && (rules.reach == 0 || rung - r <= rules.reach))
            .map(|(q, r)| (q, r, handicap(rung - r, &rules, settings.handicap.ceiling)))
            .collect()
    };
    html! {
        p #standing .big {
            @if self_paired { (l.t("col-place")) " " (place) @if shared { "=" } } @else {
                (tr!(l, "player-rung-of", rung = rung, rungs = now.rungs.len())) }
            " · " (tr!(l, "player-games", n = now.games.get(&p).copied().unwrap_or(0))) " · "
            (tr!(l, "player-wins", n = now.wins.get(&p).copied().unwrap_or(0)))
        }
        @if !self_paired {
            @if above.is_empty() && rung == 1 {
                p { (l.t("player-at-the-top")) }
            } @else {
                p { (l.t("player-may-challenge")) }
                ul #challenges {
                    @for (q, r, stones) in &above {
                        li { (who(*q)) " · " (tr!(l, "player-rung", rung = *r))
                            " · " @if *stones == 0 { (l.t("player-even")) } @else { (tr!(l, "ladder-handicap", stones = *stones)) } }
                    }
                }
            }
        }
        @if mine.is_empty() {
            p .note { (l.t("player-no-games")) }
        } @else {
            h2 { (l.t("col-games")) }
            ol #ladder-games reversed {
                @for g in mine.iter().rev() {
                    @let challenged = g.challenger == p;
                    @let other = who(if challenged { g.defender } else { g.challenger });
                    li {
                        @match (g.outcome, challenged) {
                            (LadderOutcome::Jigo, _) => { (slot_in(&tr!(l, "player-jigo-with", opponent = SLOT), other.clone())) },
                            (LadderOutcome::Challenger, true) | (LadderOutcome::Defender, false) => {
                                (slot_in(&tr!(l, "player-won-against", opponent = SLOT), other.clone())) },
                            _ => { (slot_in(&tr!(l, "player-lost-to", opponent = SLOT), other.clone())) },
                        }
                        @if !self_paired {
                            " · "
                            @if challenged { (tr!(l, "player-challenged-rung", rung = g.to_rung)) } @else {
                                (tr!(l, "player-challenged-from", rung = g.from_rung)) }
                            @if g.handicap > 0 { " · " (tr!(l, "ladder-handicap", stones = g.handicap)) }
                        }
                    }
                }
            }
        }
    }
}

/// What became of the last slip sent about the player: a public line (a slip holds no contact data; the
/// director writes the reason for the player to read).
fn last_slip(l: Lang, state: &State, t: TournamentId, p: ParticipantId) -> Markup {
    let last = state
        .slips
        .values()
        .filter(|s| s.tournament == t && s.participant == p)
        .max_by_key(|s| s.id.0);
    let Some(slip) = last else {
        return html! {};
    };
    html! {
        @match &slip.state {
            SlipState::Pending => p #slip-state .note { (l.t("slip-pending")) },
            SlipState::Accepted { .. } => p #slip-state .done { (l.t("slip-accepted")) },
            SlipState::Rejected { reason, .. } => p #slip-state .error {
                (tr!(l, "slip-rejected", reason = reason.as_str()))
            },
        }
    }
}

/// "Something wrong?": the change slip. Contact data is not asked for and cannot be sent; an event without
/// rounds does not ask for rounds. A refused slip comes back filled in as the player left it; `last` says what
/// became of the last slip sent.
fn slip_form(
    l: Lang,
    t: TournamentId,
    number: &str,
    view: SlipView,
    rounds: bool,
    last: Markup,
) -> Markup {
    let blank = super::slip::SlipForm::default();
    let (typed, error) = match view {
        SlipView::Refused { form, error } => (form, Some(error)),
        _ => (&blank, None),
    };
    html! {
        h2 #slip-heading { (l.t("slip-heading")) }
        (last)
        @if matches!(view, SlipView::Sent) {
            p .done #slip-sent { (l.t("slip-sent")) }
        }
        @if let Some(error) = error {
            p .error #slip-error role="alert" { (error) }
        }
        p .note { (l.t("slip-note")) }
        form #slip .slip method="post" action=(format!("/t/{}/players/{number}/slip", t.0)) {
            input type="hidden" name="request_id" value=(super::REQUEST_ID_SLOT);
            label { (l.t("slip-family-name")) input name="family_name" maxlength="100" autocomplete="off" value=(typed.family_name) autofocus[error.is_some()]; }
            label { (l.t("slip-given-name")) input name="given_name" maxlength="100" autocomplete="off" value=(typed.given_name); }
            label { (l.t("slip-rank")) input name="rank" maxlength="4" autocomplete="off" value=(typed.rank); }
            label { (l.t("slip-club")) input name="club" maxlength="100" autocomplete="off" value=(typed.club); }
            label { (l.t("slip-country")) input name="country" maxlength="2" autocomplete="off" value=(typed.country); }
            @if rounds {
                label { (l.t("slip-rounds")) input name="rounds" maxlength="60" autocomplete="off" value=(typed.rounds); }
            }
            label { (l.t("slip-message")) textarea name="message" maxlength="1000" rows="3" { (typed.message) } }
            button type="submit" { (l.t("slip-send")) }
        }
    }
}
