//! The dashboard's round drawn in parts (Mays, "Pairings for Round 2"): while round n−1 plays, the score groups
//! of round n and which are finished, a button to draw the finished groups from the bottom, one to draw a single
//! finished group, the parts drawn so far, the waiting part to review and publish, and the rest once everyone
//! has finished. Markup and the decoding of its two actions; the rules (what may be drawn, the refusals) are the
//! domain's `lifecycle::partial`.

use super::confirm::irreversible_form;
use super::{action_form, games_table};
use crate::app::roster::Roster;
use crate::app::Target;
use crate::domain::command::DrawPart;
use crate::domain::lifecycle::partial::{readiness, GroupReadiness};
use crate::domain::round::{RoundRecord, RoundState};
use crate::domain::{Command, TournamentId};
use crate::tr;
use crate::web::desk::session::Desk;
use crate::web::lang::Lang;
use maud::{html, Markup};
use tengen_text::points::halves;

/// The round that may be drawn in parts now: the last round while it is drawn in parts, else the next one
/// while the last is being played.
fn round_in_parts(roster: &Roster) -> Option<u32> {
    let last = roster.rounds().last()?;
    if last.in_parts() && last.state != RoundState::Closed {
        Some(last.number)
    } else if last.state == RoundState::Published {
        Some(last.number + 1)
    } else {
        None
    }
}

/// `#in-parts`: nothing when no round can be drawn in parts now.
pub(super) fn section(roster: &Roster, desk: &Desk) -> Markup {
    let Some(n) = round_in_parts(roster) else {
        return html! {};
    };
    let t = roster.tournament.id;
    let l = desk.lang;
    let groups = readiness(roster.state, t, n);
    let current = roster.play.and_then(|pl| pl.round(n));
    if groups.is_empty() && current.is_none() {
        return html! {};
    }
    let waiting = current.is_some_and(RoundRecord::part_waiting);
    let before_open = roster
        .play
        .and_then(|pl| pl.round(n - 1))
        .is_some_and(|r| r.state != RoundState::Closed);
    html! {
        section #in-parts {
            h2 { (tr!(l, "dir-in-parts", round = n)) }
            p .note { (l.t("dir-in-parts-note")) }
            @if let Some(r) = current { (parts_list(roster, r, desk)) }
            @if !groups.is_empty() { (groups_table(l, &groups)) }
            @if !waiting && !groups.is_empty() {
                div .actions {
                    @if before_open {
                        (action_form(t, "draw-part", desk, fields(n, "bottom"),
                            &tr!(l, "dir-draw-bottom", round = n)))
                        (group_form(t, n, &groups, desk))
                    } @else if current.is_some() {
                        (action_form(t, "draw-part", desk, fields(n, "rest"),
                            &tr!(l, "dir-draw-rest", round = n)))
                    }
                }
            }
        }
    }
}

fn fields(n: u32, kind: &str) -> Markup {
    html! {
        input type="hidden" name="round" value=(n);
        input type="hidden" name="kind" value=(kind);
    }
}

/// The groups still to pair: score, size, whether they may be drawn now.
fn groups_table(l: Lang, groups: &[GroupReadiness]) -> Markup {
    html! {
        div .scroll { table #groups {
            thead { tr { th .r { (l.t("dir-col-mms")) } th .r { (l.t("dir-col-players")) } th { (l.t("dir-col-now")) } } }
            tbody { @for g in groups.iter().rev() {
                tr class=(if g.complete || g.settled { "group ready" } else { "group waiting" }) data-mms=(g.mms_half) {
                    td .r { (halves(i64::from(g.mms_half))) }
                    td .r { (g.players) }
                    td { (l.t(match (g.complete, g.settled) {
                        (true, _) => "dir-group-bottom",
                        (false, true) => "dir-group-alone",
                        (false, false) => "dir-group-playing",
                    })) }
                }
            } }
        } }
    }
}

/// One finished group drawn on its own: only the groups no game still played can change are offered.
fn group_form(t: TournamentId, n: u32, groups: &[GroupReadiness], desk: &Desk) -> Markup {
    let settled: Vec<&GroupReadiness> = groups.iter().filter(|g| g.settled).collect();
    if settled.is_empty() {
        return html! {};
    }
    let l = desk.lang;
    action_form(
        t,
        "draw-part",
        desk,
        html! {
            input type="hidden" name="round" value=(n);
            input type="hidden" name="kind" value="group";
            select name="group" required aria-label=(l.t("dir-group-to-draw")) {
                option value="" selected { (l.t("dir-one-group")) }
                @for g in settled.iter().rev() {
                    option value=(g.mms_half) { (tr!(l, "dir-group-option", mms = halves(i64::from(g.mms_half)), n = g.players)) }
                }
            }
        },
        &l.t("dir-draw-group"),
    )
}

/// The parts drawn so far; a part waiting in a published round, with its games, "Publish" and "Draw again".
fn parts_list(roster: &Roster, r: &RoundRecord, desk: &Desk) -> Markup {
    let t = roster.tournament.id;
    let round = html! { input type="hidden" name="round" value=(r.number); };
    let still = crate::domain::lifecycle::unseated(roster.state, t, r).len();
    let l = desk.lang;
    html! {
        ol #parts {
            @for (i, p) in r.parts.iter().enumerate() {
                li data-part=(i + 1) {
                    @let tables = tr!(l, "dir-part", part = i + 1, n = p.tables.len(), tables = tengen_text::runs::runs(&p.tables));
                    (tables) " — "
                    @if p.published { (l.t("dir-part-published")) } @else { strong { (l.t("dir-part-not-published")) } }
                }
            }
        }
        @if still > 0 { p #still { (tr!(l, "dir-still-to-draw", n = still)) } }
        @if r.state == RoundState::Published && r.part_waiting() {
            @let waiting = waiting_only(r);
            (games_table(l, roster, &waiting))
            div .actions {
                (irreversible_form(t, "publish", desk, round.clone(),
                    &tr!(l, "dir-publish-part", part = r.parts.len(), round = r.number),
                    &super::question(l, "publish", roster, r.number).unwrap_or_default()))
                (irreversible_form(t, "redraw-part", desk, round, &l.t("dir-redraw-part"),
                    &super::question(l, "redraw-part", roster, r.number).unwrap_or_default()))
            }
        }
    }
}

/// Round `r` with only the games of its waiting part (for the review table).
fn waiting_only(r: &RoundRecord) -> RoundRecord {
    let mut only = r.clone();
    only.games.retain(|g| !r.shows(g));
    only
}

/// The command of `draw-part` (the part named by `kind`, a group by its score `group` in half points) or
/// `redraw-part` (the waiting part, as it was asked for).
pub(super) fn command(
    l: Lang,
    roster: &Roster,
    t: TournamentId,
    round: u32,
    action: &str,
    kind: Option<&str>,
    group: Option<&str>,
) -> Result<(Command, Target, String), String> {
    let (part, redraw) = if action == "redraw-part" {
        let waiting = roster
            .play
            .and_then(|pl| pl.round(round))
            .and_then(|r| r.parts.last().filter(|p| !p.published))
            .ok_or_else(|| tr!(l, "dir-no-part-waiting", round = round))?;
        (waiting.kind, true)
    } else {
        let mms = match group.map(str::trim).filter(|g| !g.is_empty()) {
            Some(g) => g.parse::<i32>().map_err(|_| l.t("dir-choose-group"))?,
            None if kind == Some("group") => return Err(l.t("dir-choose-group")),
            None => 0,
        };
        let part = DrawPart::from_words(kind.unwrap_or(""), mms)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| l.t("dir-which-part"))?;
        (part, false)
    };
    Ok((
        Command::DrawRound {
            tournament: t,
            round,
            redraw,
            empty: false,
            expected: None,
            aside: None,
            part: Some(part),
        },
        Target::Rounds(t),
        tr!(l, "dir-done-part", round = round),
    ))
}
