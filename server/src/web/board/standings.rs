//! `/t/{t}/standings`: place, number, name, rank, club, MMS, wins and the tournament's tie-breaks after the last
//! round with confirmed results (marked provisional while that round is open); section winners (Mays' sections
//! or the director's categories, when the tournament has them) and prizes once the director has closed the last
//! round, which is when the final standings are published. A round robin shows its crosstable under them (numbers
//! as on the sheets), a knockout its bracket, a double elimination its winners' section as a bracket and its
//! losers' section (and final) round by round; MMS only in McMahon. A tournament played in groups shows each
//! group's standings under its name (and each group's crosstable in a round robin), and its group winners.

use super::super::lang::Lang;
use super::super::layout::Tab;
use super::super::topics::Topic;
use super::super::{Web, WebError};
use super::pairings::label_in;
use super::InTournament;
use super::{halves, roster_in, tournament_page};
use crate::app::roster::Roster;
use crate::domain::field::{participant_id, Field};
use crate::domain::round::RoundState;
use crate::domain::{PairingSystem, ParticipantId, State, TournamentId};
use crate::lang::{slots_in, SLOTS};
use crate::sheets::bracket::{lines as bracket_lines, losers_lines, Entry, LosersRound};
use crate::sheets::grid::{crosstable, Crosstable};
use crate::sheets::ranklist::{
    awards, grouped, mms_text, parts, section_awards, section_label, short, value_cell, GRID_NOTE,
};
use crate::sheets::wallchart::place;
use crate::tr;
use axum::extract::State as Shared;
use axum::response::Response;
use maud::{html, Markup};
use std::collections::BTreeMap;
use std::sync::Arc;
use tengen_draw::model::PlayerId;
use tengen_standings::placing::Standings;
use tengen_standings::prizes::Cents;
use tengen_standings::settings::Criterion;

/// `GET /t/{t}/standings`.
pub async fn page(
    Shared(web): Shared<Arc<Web>>,
    InTournament(t): InTournament,
    asked: super::Asked,
) -> Response {
    let l = asked.lang;
    web.page(&asked, &[Topic::Standings(t)], true, |state| {
        render(state, l, t)
    })
}

fn render(state: &State, l: Lang, t: TournamentId) -> Result<super::super::layout::Page, WebError> {
    let roster = roster_in(state, l, t)?;
    if roster.tournament.settings.system.unrounded() {
        return Ok(ladder_page(state, l, t, &roster));
    }
    let after = roster
        .counted_round(0)
        .map_err(|_| WebError::not_found(l.t("standings-none")).in_lang(l))?;
    let standings = Field::new(state, roster.tournament).standings(after, None);
    let view = View::new(l, t, &roster, &standings, after);
    let order = standings
        .criteria
        .iter()
        .map(Criterion::name)
        .collect::<Vec<_>>()
        .join(", ");
    let body = html! {
        h1 { (view.heading) }
        (super::teams::standings_section(l, t, &roster, after, view.last_closed))
        (view.table())
        p .note { (tr!(l, "standings-order", order = order)) }
        @if view.system == PairingSystem::McMahon && standings.grid_differs() { p .note #grid-note { (GRID_NOTE) } }
        (view.crosstables())
        (view.bracket())
        (view.losers())
        @if view.last_closed && !standings.sections.is_empty() { (view.section_winners()) }
        (view.teams())
    };
    Ok(tournament_page(
        l,
        &roster,
        Some(Tab::Standings),
        tr!(l, "standings-page-title", tournament = roster.name()),
        body,
    ))
}

/// What the standings page shows after round `after`, decided before any markup: the heading, which columns
/// appear, and whether the prizes and section winners are out yet (once the last round is closed).
struct View<'a> {
    l: Lang,
    t: TournamentId,
    roster: &'a Roster<'a>,
    standings: &'a Standings,
    after: u32,
    system: PairingSystem,
    heading: String,
    last_closed: bool,
    show_mms: bool,
    show_wins: bool,
    show_prizes: bool,
    /// The prize each placed player takes (empty in groups, whose prizes are the sections').
    awards: BTreeMap<PlayerId, Cents>,
    /// Every prize given by these standings (`app::prizes`), computed once for the page.
    given: Vec<crate::app::prizes::Prize>,
    /// Ranks are printed as they stood at this round (round 1 before any is counted).
    rank_round: u32,
}

impl<'a> View<'a> {
    fn new(
        l: Lang,
        t: TournamentId,
        roster: &'a Roster<'a>,
        standings: &'a Standings,
        after: u32,
    ) -> Self {
        let total = roster.tournament.settings.rounds;
        let closed = roster
            .play
            .and_then(|p| p.round(after))
            .is_some_and(|r| r.state == RoundState::Closed);
        let last_closed = roster
            .rounds()
            .iter()
            .any(|r| r.number >= total && r.state == RoundState::Closed);
        let given = crate::app::prizes::prize_giving(roster, standings, after);
        let (prizes, awards) = awards(roster, standings, &given);
        let system = roster.tournament.settings.system;
        let heading = match (after, closed, last_closed) {
            (0, _, _) => l.t("standings-before"),
            (_, _, true) => l.t("standings-final"),
            (n, true, _) => tr!(l, "standings-after", round = n),
            (n, false, _) => tr!(l, "standings-provisional", round = n),
        };
        View {
            l,
            t,
            roster,
            standings,
            after,
            system,
            heading,
            last_closed,
            show_mms: system == PairingSystem::McMahon
                && !standings.criteria.contains(&Criterion::Mms),
            show_wins: !standings.criteria.contains(&Criterion::Wins),
            show_prizes: last_closed && !prizes.is_empty(),
            awards,
            given,
            rank_round: after.max(1),
        }
    }

    /// How many columns the standings table has (a group's heading spans them all).
    fn columns(&self) -> usize {
        2 + usize::from(self.show_mms)
            + usize::from(self.show_wins)
            + self.standings.criteria.len()
            + usize::from(self.show_prizes)
    }

    fn player(&self, p: ParticipantId) -> Markup {
        label_in(self.l, self.roster, p, self.rank_round)
    }

    fn entry(&self, e: &Entry) -> Markup {
        match e {
            Entry::Player(p) => self.player(*p),
            Entry::Words(w) => html! { (w) },
        }
    }

    /// The standings table; a tournament in groups places each group on its own, under its name.
    fn table(&self) -> Markup {
        let (l, t, roster, standings) = (self.l, self.t, self.roster, self.standings);
        html! {
            div .scroll {
                table #standings {
                    thead { tr {
                        th .r { (l.t("col-place")) } th { (l.t("col-player")) }
                        @if self.show_mms { th .r { "MMS" } }
                        @if self.show_wins { th .r { (l.t("col-wins")) } }
                        @for c in &standings.criteria { th .r title=(c.name()) { (short(c)) } }
                        @if self.show_prizes { th .r { (l.t("col-prize")) } }
                    } }
                    tbody {
                        @for (heading, rows) in &parts(standings) {
                            @if !heading.is_empty() {
                                tr .group { th colspan=(self.columns()) { (heading) } }
                            }
                            @for row in *rows {
                            @let p = participant_id(row.player);
                            tr .row {
                                td .r { (place(row)) }
                                td .name {
                                    a href=(player_href(t, roster, p)) { (self.player(p)) }
                                    @let club = roster.club(p);
                                    @if !club.is_empty() { br; span .note { (club) } }
                                }
                                @if self.show_mms { td .r { (mms_text(row, halves)) } }
                                @if self.show_wins { td .r { (halves(row.wins.0)) } }
                                @for i in 0..row.values.len() { td .r { (value_cell(standings, row, i)) } }
                                @if self.show_prizes { td .r { @if let Some(a) = self.awards.get(&row.player) { (a) } } }
                            }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The team competition's standings (`app::teams`), when the tournament holds one: place, team and score,
    /// the members who count under the name (the others after them, greyed), the prizes once the last round is
    /// closed.
    fn teams(&self) -> Markup {
        let l = self.l;
        let sc = &self.roster.tournament.settings.scoring;
        let teams = crate::app::teams::standings(self.roster, self.standings);
        if teams.is_empty() {
            return html! {};
        }
        let prizes = self.last_closed && teams.iter().any(|t| t.prize.is_some());
        let rule = match sc.team_score {
            crate::domain::setup::TeamScore::Wins => {
                tr!(l, "teams-rule-wins", n = sc.team_counting)
            }
            crate::domain::setup::TeamScore::Mms => tr!(l, "teams-rule-mms", n = sc.team_counting),
        };
        html! {
            section #teams {
                h2 { (l.t("teams-heading")) }
                div .scroll {
                    table #team-standings {
                        thead { tr {
                            th .r { (l.t("col-place")) } th { (l.t("col-team")) } th .r { (l.t("col-score")) }
                            @if prizes { th .r { (l.t("col-prize")) } }
                        } }
                        tbody {
                            @for team in &teams {
                                tr .row {
                                    td .r { (team.place) @if team.shared { "=" } }
                                    td .name {
                                        strong { (team.name) } br;
                                        span .members {
                                            @for (i, p) in team.counted.iter().enumerate() {
                                                @if i > 0 { ", " }
                                                a href=(player_href(self.t, self.roster, *p)) { (self.player(*p)) }
                                            }
                                        }
                                        @if !team.others.is_empty() {
                                            br; span .note { @for (i, p) in team.others.iter().enumerate() {
                                                @if i > 0 { ", " } (self.player(*p)) } }
                                        }
                                    }
                                    td .r { (halves(team.score_half)) }
                                    @if prizes { td .r { @if let Some((c, _)) = team.prize { (c) } } }
                                }
                            }
                        }
                    }
                }
                p .note { (rule) }
            }
        }
    }

    /// A round robin's crosstable (each group's, in groups); nothing in other systems.
    fn crosstables(&self) -> Markup {
        let l = self.l;
        let grid = self
            .system
            .scheduled()
            .then(|| crosstable(self.roster, self.after));
        html! {
            @for Crosstable { heading, players, cells } in grid.iter().flatten() {
                h2 { @if heading.is_empty() { (l.t("standings-crosstable")) } @else {
                    (tr!(l, "standings-crosstable-of", group = heading.as_str())) } }
                div .scroll {
                    table .crosstable {
                        thead { tr {
                            th { (l.t("col-player")) }
                            @for q in players { th .r { (self.roster.number_text(*q)) } }
                        } }
                        tbody {
                            @for (p, marks) in players.iter().zip(cells) {
                                tr {
                                    td .name { a href=(player_href(self.t, self.roster, *p)) { (self.player(*p)) } }
                                    @for m in marks { td .r { (m) } }
                                }
                            }
                        }
                    }
                }
                p .note { (l.t("standings-crosstable-key")) }
            }
        }
    }

    /// A knockout's bracket, or a double elimination's winners' section; nothing in other systems.
    fn bracket(&self) -> Markup {
        let l = self.l;
        let double = self.system == PairingSystem::DoubleElimination;
        html! {
            @if let Some((rounds, champion)) = &bracket_lines(self.roster) {
                h2 #bracket { @if double { (l.t("standings-winners-section")) } @else { (l.t("standings-bracket")) } }
                @if let Some(winner) = champion { p #champion { (l.t("standings-winner")) " " (self.player(*winner)) } }
                @for (r, matches) in rounds.iter().enumerate() {
                    h3 { (tr!(l, "standings-round", round = r + 1)) }
                    ol .bracket data-round=(r + 1) {
                        @for m in matches {
                            li .match {
                                (self.entry(&m.sides[0])) " – " (self.entry(&m.sides[1]))
                                @if let Some(t) = m.table { " · " (tr!(l, "standings-at-table", table = t)) }
                                @if let Some(w) = &m.winner { br; span .note { (l.t("standings-through")) " " (self.entry(w)) } }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A double elimination's losers' section (and final), round by round.
    fn losers(&self) -> Markup {
        let l = self.l;
        html! {
            @for LosersRound { round, heading, matches } in &losers_lines(self.roster) {
                h3 .losers { (tr!(l, "standings-losers-round", section = losers_heading(l, heading), round = *round)) }
                ol .losers data-round=(round) {
                    @for m in matches {
                        li .match {
                            (self.entry(&m.sides[0])) " – " (self.entry(&m.sides[1]))
                            @if let Some(t) = m.table { " · " (tr!(l, "standings-at-table", table = t)) }
                            @if let Some(w) = &m.winner { br; span .note { (l.t("standings-won")) " " (self.entry(w)) } }
                        }
                    }
                }
            }
        }
    }

    /// Each section's (or group's) winners and prizes, once the last round is closed.
    fn section_winners(&self) -> Markup {
        let (l, roster, standings, rank_round) =
            (self.l, self.roster, self.standings, self.rank_round);
        let section_prizes = section_awards(standings, &self.given);
        let show_section_prizes = section_prizes.iter().any(|(_, list)| !list.is_empty());
        // Only McMahon sections start at an MMS; categories and groups have no such column.
        let mcmahon_sections = standings.mcmahon_sections();
        html! {
            h2 { @if grouped(standings) { (l.t("standings-group-winners")) } @else { (l.t("standings-section-winners")) } }
            div .scroll {
                table #sections {
                    thead { tr {
                        th .r { @if grouped(standings) { (l.t("col-group")) } @else { (l.t("col-section")) } }
                        @if mcmahon_sections { th .r { (l.t("col-start-mms")) } }
                        th .r { (l.t("col-players")) } th { (l.t("col-winner")) }
                        @if show_section_prizes { th { (l.t("col-prizes")) } }
                    } }
                    tbody {
                        @for (i, s) in standings.sections.iter().enumerate() {
                            tr {
                                td .r { (section_label(&standings.sections, i)) }
                                @if mcmahon_sections { td .r { (halves(s.starting_mms.0)) } }
                                td .r { (s.rows.len()) }
                                td .name {
                                    (s.winners().into_iter()
                                        .map(|w| roster.describe(participant_id(w), rank_round))
                                        .collect::<Vec<_>>().join(", "))
                                }
                                @if show_section_prizes {
                                    td .name {
                                        (section_prizes.get(i).map(|(_, list)| list.iter()
                                            .map(|a| format!("{}. {} {}", a.place,
                                                roster.describe(a.player, rank_round), a.amount))
                                            .collect::<Vec<_>>().join(", ")).unwrap_or_default())
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A losers' section heading (`sheets::bracket`'s words) in language `l`.
fn losers_heading(l: Lang, heading: &str) -> String {
    match heading {
        "Final" => l.t("standings-final-match"),
        "Final, played again" => l.t("standings-final-again"),
        _ => l.t("standings-losers-section"),
    }
}

/// A ladder's standings: every player by rung with their games and wins, the challenge rule, then the games,
/// newest first; a self-paired event's: every player by wins (equal wins sharing a place).
fn ladder_page(
    state: &State,
    l: Lang,
    t: TournamentId,
    roster: &crate::app::roster::Roster,
) -> super::super::layout::Page {
    use crate::domain::ladder::LadderOutcome;
    let ladder = crate::domain::ladder::ladder(state, t);
    let rules = roster.tournament.settings.ladder;
    let games = state.play.get(&t).map_or(&[][..], |p| p.ladder.as_slice());
    let self_paired = roster.tournament.settings.system == PairingSystem::SelfPaired;
    let shared = |place: u32| ladder.places.iter().filter(|x| **x == place).count() > 1;
    let who = |p| label_in(l, roster, p, 1);
    let body = html! {
        @if self_paired {
            h1 { (l.t("ladder-self-paired")) }
            p .note { (tr!(l, "ladder-self-paired-rule", meetings = rules.max_meetings)) }
        } @else {
            h1 { (l.t("ladder-title")) }
            p .note {
                (tr!(l, "ladder-rule", reach = rules.reach)) " "
                (tr!(l, "ladder-stones", rungs = rules.rungs_per_stone))
            }
        }
        div .scroll {
            table #ladder {
                thead { tr {
                    th .r { @if self_paired { (l.t("col-place")) } @else { (l.t("col-rung")) } }
                    th { (l.t("col-player")) } th .r { (l.t("col-games")) } th .r { (l.t("col-wins")) }
                } }
                tbody {
                    @for (i, p) in ladder.rungs.iter().enumerate() {
                        @let place = ladder.places.get(i).copied().unwrap_or(i as u32 + 1);
                        tr .row {
                            td .r { (place) @if shared(place) { "=" } }
                            td .name {
                                a href=(player_href(t, roster, *p)) { (who(*p)) }
                                @let club = roster.club(*p);
                                @if !club.is_empty() { br; span .note { (club) } }
                            }
                            td .r { (ladder.games.get(p).copied().unwrap_or(0)) }
                            td .r { (ladder.wins.get(p).copied().unwrap_or(0)) }
                        }
                    }
                }
            }
        }
        @if !games.is_empty() {
            h2 { (l.t("col-games")) }
            ol #ladder-games reversed {
                @for g in games.iter().rev() {
                    @let (c, d) = (who(g.challenger), who(g.defender));
                    li {
                        @if self_paired {
                            @match g.outcome {
                                LadderOutcome::Challenger => { (slots_in(&tr!(l, "ladder-beat", winner = SLOTS[0], loser = SLOTS[1]), &[c.clone(), d.clone()])) },
                                LadderOutcome::Defender => { (slots_in(&tr!(l, "ladder-beat", winner = SLOTS[0], loser = SLOTS[1]), &[d.clone(), c.clone()])) },
                                LadderOutcome::Jigo => { (slots_in(&tr!(l, "ladder-jigo", first = SLOTS[0], second = SLOTS[1]), &[c.clone(), d.clone()])) },
                            }
                        } @else {
                            @let outcome = match g.outcome {
                                LadderOutcome::Challenger => "challenger",
                                LadderOutcome::Defender => "defender",
                                LadderOutcome::Jigo => "jigo",
                            };
                            (slots_in(&tr!(l, "ladder-challenge", challenger = SLOTS[0], from = g.from_rung,
                                defender = SLOTS[1], to = g.to_rung, outcome = outcome), &[c.clone(), d.clone()]))
                            @if g.handicap > 0 { " · " (tr!(l, "ladder-handicap", stones = g.handicap)) }
                        }
                    }
                }
            }
        }
    };
    let title = if self_paired {
        tr!(
            l,
            "ladder-page-title-self-paired",
            tournament = roster.name()
        )
    } else {
        tr!(l, "ladder-page-title", tournament = roster.name())
    };
    tournament_page(l, roster, Some(Tab::Standings), title, body)
}

/// The address of a player's own page: by the number on the sheets, or by register id before numbering.
pub fn player_href(
    t: TournamentId,
    roster: &crate::app::roster::Roster,
    p: crate::domain::ParticipantId,
) -> String {
    match roster.number(p) {
        Some(n) => format!("/t/{}/players/{n}", t.0),
        None => format!("/t/{}/players/P{}", t.0, p.0),
    }
}
