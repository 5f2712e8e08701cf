//! The referee tablet's markup: one card per table with its state and its action forms, the forfeit clock, the
//! withdrawn players. Pure: renders what it is given (the clock is computed from a time passed in).

use super::action::tag;
use super::{is_withdrawn, Act};
use crate::app::roster::Roster;
use crate::domain::round::{GameRecord, RoundRecord, RoundState};
use crate::domain::{EntryStatus, ParticipantId, TournamentId};
use crate::tr;
use crate::web::board::pairings::label_in;
use crate::web::desk::session::Desk;
use crate::web::desk::{result_words, slots_in, FormIds, SLOTS};
use crate::web::lang::Lang;
use maud::{html, Markup, PreEscaped};

/// Where a table stands, as the referee sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum TableState {
    /// No result and nothing reported: the game is on.
    Playing,
    /// A late start was reported, no result yet.
    Late,
    /// A result was entered (pending, mismatched or confirmed).
    ResultIn,
    /// Decided by forfeit (a no-show, both absent, or a forfeit entered at a results desk).
    NoShow,
    /// Adjourned or disputed: the referee or the director settles it.
    Disputed,
}

impl TableState {
    /// The card's class.
    pub fn as_str(self) -> &'static str {
        match self {
            TableState::Playing => "playing",
            TableState::Late => "late",
            TableState::ResultIn => "result",
            TableState::NoShow => "noshow",
            TableState::Disputed => "disputed",
        }
    }

    /// Words on the card (English).
    pub fn words(self) -> String {
        self.words_in(Lang::En)
    }

    /// Words on the card in language `l`.
    pub fn words_in(self, l: Lang) -> String {
        tr!(l, "referee-state", state = self.as_str())
    }
}

impl TableState {
    /// Does a table in this state need the referee (a dispute to settle, a late start that may become a
    /// forfeit)? Those open the referee's page, before every other table.
    pub fn needs_referee(self) -> bool {
        matches!(self, TableState::Disputed | TableState::Late)
    }
}

/// Where game `g` stands. A late start is recognised by the note the register writes for it ("late start: …").
pub fn table_state(g: &GameRecord) -> TableState {
    if g.disputed {
        TableState::Disputed
    } else if g.confirmed.is_some_and(|c| c.by_forfeit) {
        TableState::NoShow
    } else if g.confirmed.is_some() || !g.reports.is_empty() {
        TableState::ResultIn
    } else if g.notes.iter().any(|n| n.starts_with("late start")) {
        TableState::Late
    } else {
        TableState::Playing
    }
}

/// The forfeit clock of a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    /// Whole minutes since the round started, negative before its announced start (unknown for an old log's
    /// round before anything was reported).
    pub minutes: Option<i64>,
    /// The tournament's forfeit minutes.
    pub forfeit: u32,
    /// Counted from the announced start or the publication (false: from the first report, a lower bound).
    pub exact: bool,
    /// The announced start, as people read it ("14:00"), when the timetable has one: the clock counts from it.
    pub announced: Option<String>,
}

impl Clock {
    /// The clock of round `r` at `now_ms`.
    ///
    /// The clock counts from the round's announced start (`announced`: the timetable's words and the instant)
    /// when there is one, else from its publication; for a round published by a log older than that record,
    /// from its first report (a lower bound, so a table is never flagged too early).
    pub fn of(
        r: &RoundRecord,
        forfeit: u32,
        now_ms: i64,
        announced: Option<(String, i64)>,
    ) -> Clock {
        let start = announced
            .as_ref()
            .map(|(_, at)| *at)
            .or(round_started_ms(r));
        Clock {
            minutes: start.map(|start| (now_ms - start).div_euclid(60_000)),
            forfeit,
            exact: announced.is_some() || r.published_at_ms.is_some(),
            announced: announced.map(|(words, _)| words),
        }
    }

    /// Have the forfeit minutes passed?
    pub fn is_due(&self) -> bool {
        self.minutes.is_some_and(|m| m >= i64::from(self.forfeit))
    }
}

/// When round `r` started: when it was published, or for a round published by an older log, the time of its
/// first report (an undercount, so a table is never flagged early).
pub fn round_started_ms(r: &RoundRecord) -> Option<i64> {
    r.published_at_ms.or_else(|| {
        r.games
            .iter()
            .flat_map(|g| &g.reports)
            .map(|rep| rep.at_ms)
            .min()
    })
}

/// The clock's sentence once the round has started, with `minutes` and `due` standing for the two spans the
/// script updates (the page's `SLOTS`, or `{m}` and `{due}` in the script's template).
fn clock_sentence(l: Lang, clock: &Clock, minutes: &str, due: &str) -> String {
    let forfeit = clock.forfeit;
    match (&clock.announced, clock.exact) {
        (_, false) => tr!(
            l,
            "referee-clock-at-least",
            minutes = minutes,
            forfeit = forfeit,
            due = due
        ),
        (Some(when), true) => tr!(
            l,
            "referee-clock-announced",
            minutes = minutes,
            when = when,
            forfeit = forfeit,
            due = due
        ),
        (None, true) => tr!(
            l,
            "referee-clock",
            minutes = minutes,
            forfeit = forfeit,
            due = due
        ),
    }
}

/// "34 min since the start · forfeit after 30 min: reached" ("At least 34 min" for a round of an older log,
/// counted from its first report); before an announced start, "Starts at 14:00, in 12 min". In language `l`, with
/// the script's words (`data-template`, `data-reached`, `data-in`) too.
pub fn clock_line_in(l: Lang, clock: &Clock) -> Markup {
    let due_words = |m: i64| {
        if clock.is_due() {
            l.t("referee-clock-reached")
        } else {
            tr!(
                l,
                "referee-clock-in",
                n = (i64::from(clock.forfeit) - m).to_string()
            )
        }
    };
    html! {
        @match clock.minutes {
            Some(m) if m < 0 => p #clock .clock .before data-minutes=(m) data-forfeit=(clock.forfeit)
                data-template=(clock_sentence(l, clock, "{m}", "{due}"))
                data-reached=(l.t("referee-clock-reached")) data-in=(tr!(l, "referee-clock-in", n = "{n}")) {
                (slots_in(&tr!(l, "referee-clock-before", when = clock.announced.as_deref().unwrap_or(""),
                    until = SLOTS[0], forfeit = clock.forfeit), &[html! { span .until { (-m) } }]))
            },
            Some(m) => p #clock class=(if clock.is_due() { "clock due" } else { "clock" }) data-minutes=(m) data-forfeit=(clock.forfeit)
                data-reached=(l.t("referee-clock-reached")) data-in=(tr!(l, "referee-clock-in", n = "{n}")) {
                (slots_in(&clock_sentence(l, clock, SLOTS[0], SLOTS[1]), &[
                    html! { span .minutes { (m) } },
                    html! { span .due-words { (due_words(m)) } },
                ]))
                @if !clock.exact {
                    br;
                    span .note { (l.t("referee-clock-first-report")) }
                }
            },
            None => p #clock .clock data-forfeit=(clock.forfeit) {
                (tr!(l, "referee-clock-none", forfeit = clock.forfeit)) " "
                span .note { (l.t("referee-clock-starts-with")) }
            },
        }
    }
}

/// The round's table counts, in language `l`.
pub fn summary_in(l: Lang, r: &RoundRecord) -> Markup {
    let states: Vec<TableState> = r.shown_games().map(table_state).collect();
    let count = |s: TableState| states.iter().filter(|x| **x == s).count();
    html! {
        p #summary {
            @for (i, s) in [TableState::Playing, TableState::Late, TableState::ResultIn, TableState::NoShow,
                TableState::Disputed].into_iter().enumerate() {
                @if i > 0 { " · " }
                @let words = tr!(l, "referee-count", state = s.as_str(), n = count(s));
                @if s == TableState::Disputed || s == TableState::Late { strong { (words) } }
                @else { (words) }
            }
        }
    }
}

/// The form that finds a table or a player, in language `l`.
pub fn find_form_in(
    l: Lang,
    t: TournamentId,
    r: &RoundRecord,
    only: Option<u32>,
    pinned: bool,
) -> Markup {
    html! {
        form #find .actions method="get" action=(format!("/desk/referee/{}", t.0)) {
            @if pinned { input type="hidden" name="round" value=(r.number); }
            input name="table" type="number" min="1" inputmode="numeric" placeholder=(l.t("results-table"))
                value=[only] aria-label=(l.t("referee-table-number-label"));
            button .big type="submit" { (l.t("referee-show")) }
            @if only.is_some() {
                a .big href=(format!("/desk/referee/{}{}", t.0, if pinned { format!("?round={}", r.number) } else { String::new() })) { (l.t("referee-all-tables")) }
            }
        }
    }
}

/// What every card needs.
pub struct View<'a> {
    /// The tournament's roster.
    pub roster: &'a Roster<'a>,
    /// The round shown.
    pub round: &'a RoundRecord,
    /// The desk (CSRF value).
    pub desk: &'a Desk,
    /// The page was opened for a chosen round (`?round=N`): forms say so, the answer keeps it.
    pub pinned: bool,
    /// The forfeit clock.
    pub clock: Clock,
    /// A refused form's table, minutes and note, typed again into that card.
    pub refused: Option<(u32, &'a str, &'a str)>,
    /// The page's form request ids.
    pub ids: &'a FormIds,
}

impl View<'_> {
    /// A POST form for `act` at the card's table, with the CSRF value, a fresh request id and `fields`.
    fn form(
        &self,
        act: Act,
        table: Option<u32>,
        class: &str,
        keep: Option<String>,
        fields: Markup,
    ) -> Markup {
        html! {
            form class=(class) method="post" action=(format!("/desk/referee/{}", self.roster.tournament.id.0))
                data-keep=[keep] {
                input type="hidden" name="csrf" value=(self.desk.csrf);
                input type="hidden" name="request_id" value=(self.ids.next());
                input type="hidden" name="action" value=(act.as_str());
                @if let Some(table) = table {
                    input type="hidden" name="round" value=(self.round.number);
                    input type="hidden" name="table" value=(table);
                }
                @if self.pinned { input type="hidden" name="pinned" value="1"; }
                (fields)
            }
        }
    }

    /// One table's card.
    pub fn card(&self, g: &GameRecord) -> Markup {
        let l = self.desk.lang;
        let state = table_state(g);
        let open = g.confirmed.is_none();
        let overdue = state == TableState::Late && self.clock.is_due();
        let class = format!(
            "table-card {}{}",
            state.as_str(),
            if overdue { " overdue" } else { "" }
        );
        let (minutes, note) = match self.refused {
            Some((table, minutes, note)) if table == g.table => (minutes, note),
            _ => ("", ""),
        };
        let card = html! {
            div class=(class) id=(format!("table-{}", g.table)) data-table=(g.table) {
                div .head {
                    span .tableno { (tr!(l, "referee-table", table = g.table)) }
                    span .state { (state.words_in(l)) }
                    @if let Some(c) = g.confirmed { span .result { (result_words(l, &c)) } }
                    @if overdue { span .flag { (l.t("referee-forfeit-passed")) } }
                    @if g.lacks_colours() { span .flag { (l.t("results-nigiri-unrecorded")) } }
                }
                @for p in [g.white, g.black] {
                    (self.player_row(g, &tr!(l, "referee-seat", seat = g.seat_of(p).word()), p, open))
                }
                @if g.nigiri && self.round.state != RoundState::Closed {
                    (self.form(Act::Colours, Some(g.table), "colours-form", None, html! {
                        @for p in [g.white, g.black] {
                            @let recorded = g.black_recorded && g.black == p;
                            button .big .black name="player" value=(tag(self.roster, p)) type="submit"
                                disabled[recorded] aria-pressed=(recorded) {
                                (crate::web::desk::slot_in(&tr!(l, "referee-black", player = crate::web::desk::SLOT),
                                    label_in(l, self.roster, p, self.round.number)))
                            }
                        }
                    }))
                }
                @if open {
                    div .actions {
                        (self.form(Act::BothAbsent, Some(g.table), "both-absent-form", None, html! {
                            button .big .both-absent type="submit"
                                data-confirm=(tr!(l, "referee-ask-both-absent", table = g.table)) {
                                (l.t("referee-both-absent"))
                            }
                        }))
                    }
                    (self.form(Act::Late, Some(g.table), "late", Some(format!("late-{}", g.table)), html! {
                        label { (l.t("referee-late-minutes")) " "
                            input name="minutes" type="number" min="0" max="1440" inputmode="numeric" required
                                value=(minutes) size="4";
                        }
                        @for p in [g.white, g.black] {
                            button .big name="player" value=(tag(self.roster, p)) type="submit" {
                                (tr!(l, "referee-late", number = tag(self.roster, p)))
                            }
                        }
                    }))
                }
                @if g.disputed {
                    (self.form(Act::Settle, Some(g.table), "settle-form", Some(format!("settle-{}", g.table)), html! {
                        input name="note" maxlength="500" placeholder=(l.t("referee-how-settled")) value=(note);
                        button .big .settle type="submit" { (l.t("dir-settle")) }
                    }))
                } @else {
                    (self.form(Act::Dispute, Some(g.table), "dispute", Some(format!("dispute-{}", g.table)), html! {
                        input name="note" maxlength="500" required placeholder=(l.t("referee-what-disputed")) value=(note);
                        button .big type="submit" { (l.t("referee-dispute")) }
                    }))
                }
                @if !g.notes.is_empty() {
                    ul .notes { @for n in &g.notes { li { (n) } } }
                }
            }
        };
        crate::web::desk::parts::part(&format!("t{}", g.table), card)
    }

    /// "White #12 Côté Anne (2k) [absent] [leaves]".
    fn player_row(&self, g: &GameRecord, colour: &str, p: ParticipantId, open: bool) -> Markup {
        let l = self.desk.lang;
        let number = tag(self.roster, p);
        let withdrawn = is_withdrawn(self.roster, p);
        html! {
            div .player data-player=(number) {
                span .colour { (colour) } " "
                span .who { (label_in(l, self.roster, p, self.round.number)) }
                @if withdrawn { " " span .warn { (l.t("reg-withdrawn")) } }
                div .actions {
                    @if open {
                        (self.form(Act::NoShow, Some(g.table), "noshow-form", None, html! {
                            input type="hidden" name="player" value=(number);
                            button .big .noshow type="submit" data-player=(number)
                                data-confirm=(tr!(l, "referee-ask-absent", table = g.table, number = &number)) {
                                (tr!(l, "referee-absent", number = &number))
                            }
                        }))
                    }
                    (self.leave_or_return(p, withdrawn, Some(g.table)))
                }
            }
        }
    }

    /// The leaves button, or returns for a withdrawn player.
    fn leave_or_return(&self, p: ParticipantId, withdrawn: bool, table: Option<u32>) -> Markup {
        leave_or_return(
            self.roster,
            self.desk,
            self.ids,
            self.pinned.then_some(self.round.number),
            p,
            withdrawn,
            table,
        )
    }
}

/// The leaves/returns form of player `p` (`table` only brings the answer back to that card).
fn leave_or_return(
    roster: &Roster,
    desk: &Desk,
    ids: &FormIds,
    pinned: Option<u32>,
    p: ParticipantId,
    withdrawn: bool,
    table: Option<u32>,
) -> Markup {
    let l = desk.lang;
    let number = tag(roster, p);
    // "#7", or the name of a player who has no number yet (never "#P24": a register id is not a number).
    let who = roster
        .number(p)
        .map_or_else(|| roster.full_name(p), |n| format!("#{n}"));
    let (act, class, words, confirm) = if withdrawn {
        (
            Act::Returns,
            "returns",
            tr!(l, "referee-returns", who = &who),
            tr!(l, "referee-ask-returns", who = &who),
        )
    } else {
        (
            Act::Leaves,
            "leaves",
            tr!(l, "referee-leaves", who = &who),
            tr!(l, "referee-ask-leaves", who = &who),
        )
    };
    html! {
        form class=(format!("{class}-form")) method="post" action=(format!("/desk/referee/{}", roster.tournament.id.0)) {
            input type="hidden" name="csrf" value=(desk.csrf);
            input type="hidden" name="request_id" value=(ids.next());
            input type="hidden" name="action" value=(act.as_str());
            input type="hidden" name="player" value=(number);
            @if let Some(table) = table { input type="hidden" name="table_anchor" value=(table); }
            @if let Some(n) = pinned {
                input type="hidden" name="round" value=(n);
                input type="hidden" name="pinned" value="1";
            }
            button class=(format!("big {class}")) type="submit" data-player=(number) data-confirm=(confirm) {
                (words)
            }
        }
    }
}

/// The withdrawn players not at a table of the round shown, each with a returns button.
pub fn withdrawn_section(
    roster: &Roster,
    r: Option<&RoundRecord>,
    desk: &Desk,
    ids: &FormIds,
) -> Markup {
    let mut out: Vec<(u32, ParticipantId)> = roster
        .entrants
        .iter()
        .filter(|(p, (_, e))| {
            e.status == EntryStatus::Withdrawn && r.is_none_or(|r| r.game_of(**p).is_none())
        })
        .map(|(p, _)| (roster.number(*p).unwrap_or(u32::MAX), *p))
        .collect();
    out.sort();
    let round = r.map_or(1, |r| r.number);
    html! {
        @if !out.is_empty() {
            section #withdrawn {
                h2 { (desk.lang.t("referee-withdrawn")) }
                @for (_, p) in &out {
                    div .player data-player=(tag(roster, *p)) {
                        span .who { (label_in(desk.lang, roster, *p, round)) } " "
                        (leave_or_return(roster, desk, ids, None, *p, true, None))
                    }
                }
            }
        }
    }
}

/// The page's own styles and its script.
pub fn style() -> Markup {
    html! {
        style { (PreEscaped(STYLE)) }
        script src="/assets/desk.js" defer {}
    }
}

const STYLE: &str = "\
main{max-width:50rem}\
.table-card{border:2px solid var(--line);border-radius:.6rem;padding:.6rem .75rem;margin:.75rem 0;background:var(--paper)}\
.table-card .head{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:baseline;margin-bottom:.3rem}\
.table-card .tableno{font-size:1.5rem;font-weight:700}\
.table-card .state{font-weight:600;padding:.1rem .5rem;border-radius:1rem;background:var(--band)}\
.table-card .result{color:var(--muted)}\
.table-card .flag{font-weight:700;color:#b71c1c}\
.table-card.late{border-color:#e6a100}\
.table-card.late .state{background:#fff4e5}\
.table-card.overdue{border-color:#b71c1c;background:#fdecea}\
.table-card.disputed{border-color:#b71c1c}\
.table-card.disputed .state{background:#fdecea}\
.table-card.result,.table-card.noshow{border-style:dashed}\
.table-card.result .state,.table-card.noshow .state{background:#e8f5e9}\
.table-card .player{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem .75rem;padding:.35rem 0;\
border-top:1px solid var(--line)}\
.table-card .player .who{flex:1 1 14rem;font-size:1.1rem}\
.table-card .colour{font-size:.85rem;color:var(--muted);min-width:3rem}\
.table-card form,#withdrawn form{display:inline-flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.25rem 0}\
.table-card form.late,.table-card form.dispute,.table-card form.settle-form{display:flex}\
.table-card input,#find input{font-size:1.1rem;padding:.5rem;min-height:3rem;border:1px solid var(--muted);\
border-radius:.4rem}\
.table-card form.late input{width:5rem}\
.table-card form.colours-form button[aria-pressed=true]{background:var(--ink);color:var(--paper);opacity:1}\
.table-card form.dispute input,.table-card form.settle-form input{flex:1 1 12rem}\
.table-card .notes{margin:.3rem 0 0;padding-left:1.2rem;color:var(--muted);font-size:.9rem}\
#tables.forfeit-due button.noshow{border-color:#b71c1c;color:#b71c1c;font-weight:700}\
#find input{width:8rem}\
.clock{font-size:1.05rem}\
.clock.due .due-words{font-weight:700;color:#b71c1c}\
#withdrawn .player{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;padding:.35rem 0;\
border-bottom:1px solid var(--line)}\
";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::round::{GameResult, Outcome, ResultReport, RoundState};
    use crate::domain::Role;

    fn game() -> GameRecord {
        GameRecord::new(4, ParticipantId(1), ParticipantId(2), 0)
    }

    fn report(outcome: Outcome, by_forfeit: bool, at_ms: i64) -> ResultReport {
        ResultReport {
            result: GameResult {
                outcome,
                by_forfeit,
            },
            terminal: "desk-1".into(),
            role: Role::Results,
            operator: String::new(),
            at_ms,
            player: None,
        }
    }

    fn round(games: Vec<GameRecord>) -> RoundRecord {
        RoundRecord {
            number: 1,
            state: RoundState::Published,
            seed: 0,
            games,
            bye: None,
            advancing: Vec::new(),
            warnings: Vec::new(),
            draws: 1,
            published_at_ms: None,
            parts: Vec::new(),
        }
    }

    #[test]
    fn a_table_moves_from_playing_to_late_to_result_in() {
        let mut g = game();
        assert_eq!(table_state(&g), TableState::Playing);
        g.notes
            .push("late start: Côté Anne 10 min (by tablet-1)".into());
        assert_eq!(table_state(&g), TableState::Late);
        g.reports.push(report(Outcome::WhiteWins, false, 0));
        assert_eq!(table_state(&g), TableState::ResultIn);
        g.confirmed = Some(GameResult {
            outcome: Outcome::WhiteWins,
            by_forfeit: false,
        });
        assert_eq!(table_state(&g), TableState::ResultIn);
        g.disputed = true;
        assert_eq!(table_state(&g), TableState::Disputed);
    }

    #[test]
    fn a_forfeit_reads_as_a_no_show() {
        let mut g = game();
        let result = GameResult {
            outcome: Outcome::BlackWins,
            by_forfeit: true,
        };
        g.reports.push(report(result.outcome, true, 0));
        g.confirmed = Some(result);
        assert_eq!(table_state(&g), TableState::NoShow);
        assert_eq!(TableState::NoShow.as_str(), "noshow");
    }

    #[test]
    fn the_clock_counts_from_the_first_report_and_is_due_after_the_forfeit_minutes() {
        let none = Clock::of(&round(vec![game()]), 30, 1_000_000, None);
        assert_eq!(none.minutes, None);
        assert!(!none.is_due());
        let mut a = game();
        a.reports.push(report(Outcome::WhiteWins, false, 600_000));
        let mut b = game();
        b.table = 5;
        b.reports.push(report(Outcome::BlackWins, false, 120_000));
        let r = round(vec![a, b]);
        assert_eq!(round_started_ms(&r), Some(120_000));
        let early = Clock::of(&r, 30, 120_000 + 29 * 60_000 + 59_999, None);
        assert_eq!(early.minutes, Some(29));
        assert!(!early.is_due());
        let due = Clock::of(&r, 30, 120_000 + 30 * 60_000, None);
        assert_eq!(due.minutes, Some(30));
        assert!(due.is_due());
        assert_eq!(Clock::of(&r, 30, 120_000, None).minutes, Some(0));
    }

    #[test]
    fn the_clock_counts_from_the_announced_start_not_the_publication() {
        let mut r = round(vec![game()]);
        r.published_at_ms = Some(0);
        let start = 20 * 60_000;
        let at = |now| Clock::of(&r, 30, now, Some(("14:00".into(), start)));
        let before = at(5 * 60_000);
        assert_eq!(before.minutes, Some(-15));
        assert!(!before.is_due());
        assert!(clock_line_in(Lang::En, &before)
            .into_string()
            .contains("Starts at 14:00, in"));
        assert!(
            !at(start + 29 * 60_000).is_due(),
            "published 49 min ago, started 29"
        );
        let due = at(start + 30 * 60_000);
        assert!(due.is_due());
        assert!(clock_line_in(Lang::En, &due)
            .into_string()
            .contains("announced start (14:00)"));
    }
}
