//! The dashboard's buttons as commands: which command each action asks the writer for, its target and the
//! sentence shown once it is done (a disputed table's result with the referee's settling report after it).
//! Reads the state through the roster; must not write, render a page or check a role (the core does).

use super::{partial, reopen, ActionForm};
use crate::app::roster::Roster;
use crate::app::Target;
use crate::domain::command::{RefereeReport, RoundEdit};
use crate::domain::ids::SlipId;
use crate::domain::round::{GameResult, Outcome};
use crate::domain::{Command, ParticipantId, State, TournamentId};
use crate::tr;
use crate::web::board::player_by_number;
use crate::web::desk::result_words;
use crate::web::lang::Lang;

/// What a dashboard form asks the writer for.
pub(super) struct Plan {
    /// The command.
    pub cmd: Command,
    /// Its target (for a refusal's current record).
    pub target: Target,
    /// The sentence shown once it is done.
    pub done: String,
    /// A disputed table's result: the referee's "settled" report to write after it. A result alone leaves the
    /// table disputed (and the round unable to close): the dispute is the referee's flag, cleared only by it.
    pub settle: Option<Command>,
}

/// The command a dashboard form asks for, with its target and the sentence shown once it is done.
pub(super) fn command(
    l: Lang,
    state: &State,
    t: TournamentId,
    action: &str,
    f: &ActionForm,
) -> Result<Plan, String> {
    let roster = Roster::new(state, t).map_err(|e| crate::web::error::rejected_words(l, &e))?;
    let round = f.round.unwrap_or(0);
    let player = |field: &Option<String>| -> Result<ParticipantId, String> {
        let text = field.as_deref().unwrap_or("").trim();
        player_by_number(&roster, text).ok_or_else(|| tr!(l, "dir-no-player", text = text))
    };
    let rounds = Target::Rounds(t);
    let (cmd, target, done) = match action {
        "close-registration" => (
            Command::SetRegistrationOpen {
                id: t,
                open: false,
                expected: None,
            },
            Target::Tournament(t),
            l.t("dir-done-close-registration"),
        ),
        "move-start" => (
            Command::MoveRoundStart {
                id: t,
                round,
                start: f.start.clone().unwrap_or_default(),
                expected: None,
            },
            Target::Tournament(t),
            tr!(l, "dir-done-move-start", round = round),
        ),
        "reopen-registration" => reopen::command(l, t),
        "draw" | "redraw" => (
            Command::DrawRound {
                tournament: t,
                round,
                redraw: action == "redraw",
                empty: false,
                expected: None,
                aside: None,
                part: None,
            },
            rounds,
            tr!(l, "dir-done-draw", round = round),
        ),
        "draw-part" | "redraw-part" => partial::command(
            l,
            &roster,
            t,
            round,
            action,
            f.kind.as_deref(),
            f.group.as_deref(),
        )?,
        "publish" => (
            Command::PublishRound {
                tournament: t,
                round,
            },
            rounds,
            tr!(l, "dir-done-publish", round = round),
        ),
        "close" => (
            Command::CloseRound {
                tournament: t,
                round,
            },
            rounds,
            tr!(l, "dir-done-close", round = round),
        ),
        "edit" => (
            Command::EditRound {
                tournament: t,
                round,
                edit: round_edit(l, f, &player)?,
                expected: None,
            },
            rounds,
            l.t("dir-done-edit"),
        ),
        "result" => return result(l, &roster, t, round, f),
        "colours" => colours(l, &roster, t, round, f, &player)?,
        "slip" => slip(l, f)?,
        other => return Err(tr!(l, "dir-unknown-action", action = other)),
    };
    Ok(Plan {
        cmd,
        target,
        done,
        settle: None,
    })
}

/// Finds a player of the tournament by the number a form field holds.
type PlayerField<'a> = dyn Fn(&Option<String>) -> Result<ParticipantId, String> + 'a;

/// The change to a drawn round a dashboard edit form asks for.
fn round_edit(l: Lang, f: &ActionForm, player: &PlayerField) -> Result<RoundEdit, String> {
    let a = player(&f.a)?;
    let edit = match f.kind.as_deref().unwrap_or("") {
        "swap" => RoundEdit::Swap {
            a,
            b: player(&f.b)?,
            force: false,
        },
        "pair" => RoundEdit::Pair {
            a,
            b: player(&f.b)?,
            white: None,
            handicap: None,
            table: None,
            force: false,
        },
        "unpair" => RoundEdit::Unpair { player: a },
        "colours" => RoundEdit::ExchangeColours { player: a },
        "bye" => RoundEdit::AssignBye {
            player: a,
            force: false,
        },
        "absent" => RoundEdit::MarkAbsent { player: a },
        other => return Err(tr!(l, "dir-unknown-change", kind = other)),
    };
    Ok(edit)
}

/// The director's result for a table; at a disputed table, with the referee's "settled" report after it.
fn result(
    l: Lang,
    roster: &Roster,
    t: TournamentId,
    round: u32,
    f: &ActionForm,
) -> Result<Plan, String> {
    let table = f.table.ok_or_else(|| l.t("dir-which-table"))?;
    let result = director_result(f.result.as_deref().unwrap_or(""))
        .ok_or_else(|| tr!(l, "dir-choose-result-first", table = table))?;
    let disputed = roster
        .play
        .and_then(|pl| pl.round(round))
        .and_then(|r| r.game_at(table))
        .is_some_and(|g| g.disputed);
    let settle = disputed.then(|| Command::RefereeReport {
        tournament: t,
        round,
        table,
        report: RefereeReport::Dispute {
            disputed: false,
            note: result.describe(),
        },
    });
    let words = result_words(l, &result);
    let done = if disputed {
        tr!(l, "dir-done-settled", table = table, result = words)
    } else {
        tr!(l, "dir-done-result", table = table, result = words)
    };
    Ok(Plan {
        cmd: Command::ReportResult {
            tournament: t,
            round,
            table,
            result,
            black: None,
        },
        target: Target::Rounds(t),
        done,
        settle,
    })
}

/// Who had Black at a nigiri table.
fn colours(
    l: Lang,
    roster: &Roster,
    t: TournamentId,
    round: u32,
    f: &ActionForm,
    player: &PlayerField,
) -> Result<(Command, Target, String), String> {
    let table = f.table.ok_or_else(|| l.t("dir-which-table"))?;
    let black = player(&f.a)?;
    Ok((
        Command::RefereeReport {
            tournament: t,
            round,
            table,
            report: RefereeReport::Colours { black },
        },
        Target::Rounds(t),
        tr!(
            l,
            "dir-done-colours",
            table = table,
            number = roster.number_text(black),
            name = roster.full_name(black)
        ),
    ))
}

/// A change slip accepted or rejected.
fn slip(l: Lang, f: &ActionForm) -> Result<(Command, Target, String), String> {
    let accept = f.accept.as_deref() == Some("yes");
    let slip = SlipId(f.slip.ok_or_else(|| l.t("dir-which-slip"))?);
    Ok((
        Command::ResolveSlip {
            slip,
            accept,
            reason: f.reason.clone().unwrap_or_default(),
            expected_revision: None,
        },
        Target::None,
        tr!(
            l,
            "dir-done-slip",
            slip = slip.to_string(),
            accept = if accept { "yes" } else { "no" }
        ),
    ))
}

/// The director's settling result: `w`, `b`, `j`, `x` (both lose), `wf`/`bf` (by forfeit).
fn director_result(key: &str) -> Option<GameResult> {
    let mut keys = key.chars();
    let outcome = keys.next().and_then(Outcome::from_key)?;
    let by_forfeit = match keys.as_str() {
        "" => false,
        "f" if matches!(outcome, Outcome::WhiteWins | Outcome::BlackWins) => true,
        _ => return None,
    };
    Some(GameResult {
        outcome,
        by_forfeit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settling_keys_name_results() {
        assert_eq!(
            director_result("wf"),
            Some(GameResult {
                outcome: Outcome::WhiteWins,
                by_forfeit: true
            })
        );
        assert_eq!(
            director_result("x").map(|r| r.outcome),
            Some(Outcome::BothLose)
        );
        assert_eq!(director_result("?"), None);
    }
}
