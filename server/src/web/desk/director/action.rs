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
use crate::web::board::player_by_number;

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
    state: &State,
    t: TournamentId,
    action: &str,
    f: &ActionForm,
) -> Result<Plan, String> {
    let roster = Roster::new(state, t).map_err(|e| e.to_string())?;
    let round = f.round.unwrap_or(0);
    let player = |field: &Option<String>| -> Result<ParticipantId, String> {
        let text = field.as_deref().unwrap_or("").trim();
        player_by_number(&roster, text)
            .ok_or_else(|| format!("there is no player {text:?} in this tournament"))
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
            "Registration closed; the field is numbered by strength.".into(),
        ),
        "move-start" => (
            Command::MoveRoundStart {
                id: t,
                round,
                start: f.start.clone().unwrap_or_default(),
                expected: None,
            },
            Target::Tournament(t),
            format!("Round {round}'s start moved; the board and the players' pages show it now."),
        ),
        "reopen-registration" => reopen::command(t),
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
            format!("Round {round} drawn: review it, then publish."),
        ),
        "draw-part" | "redraw-part" => partial::command(
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
            format!("Round {round} published."),
        ),
        "close" => (
            Command::CloseRound {
                tournament: t,
                round,
            },
            rounds,
            format!("Round {round} closed."),
        ),
        "edit" => (
            Command::EditRound {
                tournament: t,
                round,
                edit: round_edit(f, &player)?,
                expected: None,
            },
            rounds,
            "Change applied.".into(),
        ),
        "result" => return result(&roster, t, round, f),
        "colours" => colours(&roster, t, round, f, &player)?,
        "slip" => slip(f)?,
        other => return Err(format!("unknown action {other:?}")),
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
fn round_edit(f: &ActionForm, player: &PlayerField) -> Result<RoundEdit, String> {
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
        other => return Err(format!("unknown change {other:?}")),
    };
    Ok(edit)
}

/// The director's result for a table; at a disputed table, with the referee's "settled" report after it.
fn result(roster: &Roster, t: TournamentId, round: u32, f: &ActionForm) -> Result<Plan, String> {
    let table = f.table.ok_or("which table?")?;
    let result = director_result(f.result.as_deref().unwrap_or(""))
        .ok_or_else(|| format!("Table {table}: choose the result first; nothing was recorded."))?;
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
    let done = if disputed {
        format!(
            "Table {table}: {}; the dispute is settled.",
            result.describe()
        )
    } else {
        format!("Table {table}: {}.", result.describe())
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
    roster: &Roster,
    t: TournamentId,
    round: u32,
    f: &ActionForm,
    player: &PlayerField,
) -> Result<(Command, Target, String), String> {
    let table = f.table.ok_or("which table?")?;
    let black = player(&f.a)?;
    Ok((
        Command::RefereeReport {
            tournament: t,
            round,
            table,
            report: RefereeReport::Colours { black },
        },
        Target::Rounds(t),
        format!(
            "Table {table}: #{} {} had Black.",
            roster.number_text(black),
            roster.full_name(black)
        ),
    ))
}

/// A change slip accepted or rejected.
fn slip(f: &ActionForm) -> Result<(Command, Target, String), String> {
    let accept = f.accept.as_deref() == Some("yes");
    let slip = SlipId(f.slip.ok_or("which slip?")?);
    Ok((
        Command::ResolveSlip {
            slip,
            accept,
            reason: f.reason.clone().unwrap_or_default(),
            expected_revision: None,
        },
        Target::None,
        format!("{slip} {}.", if accept { "accepted" } else { "rejected" }),
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
