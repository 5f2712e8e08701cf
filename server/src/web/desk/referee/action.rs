//! What a referee's form asks for: the action, its fields, and the command it becomes (with the role-matrix class,
//! the target and the sentence shown once it is done). Players are named by their number on the sheets.
//! Pure: reads the form's text and the roster it is given.

use crate::app::roster::Roster;
use crate::app::Target;
use crate::domain::command::RefereeReport;
use crate::domain::round::GameRecord;
use crate::domain::{Command, ParticipantId};
use crate::tr;
use crate::web::board::player_by_number;
use crate::web::lang::Lang;

/// One thing the referee does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// A player did not turn up: the opponent wins by forfeit.
    NoShow,
    /// Neither player turned up: both lose by forfeit.
    BothAbsent,
    /// A late start, with minutes.
    Late,
    /// The game is disputed (or adjourned), with a note.
    Dispute,
    /// The dispute is settled.
    Settle,
    /// A nigiri game: this player had Black.
    Colours,
    /// A player leaves the tournament (withdrawn).
    Leaves,
    /// A player who left comes back (reinstated).
    Returns,
}

impl Act {
    /// The form's `action` value.
    pub fn parse(s: &str) -> Option<Act> {
        Some(match s.trim() {
            "noshow" => Act::NoShow,
            "both-absent" => Act::BothAbsent,
            "late" => Act::Late,
            "dispute" => Act::Dispute,
            "settle" => Act::Settle,
            "colours" => Act::Colours,
            "leaves" => Act::Leaves,
            "returns" => Act::Returns,
            _ => return None,
        })
    }

    /// The form's `action` value.
    pub fn as_str(self) -> &'static str {
        match self {
            Act::NoShow => "noshow",
            Act::BothAbsent => "both-absent",
            Act::Late => "late",
            Act::Dispute => "dispute",
            Act::Settle => "settle",
            Act::Colours => "colours",
            Act::Leaves => "leaves",
            Act::Returns => "returns",
        }
    }

    /// Does it name a table (and so a round)?
    pub(super) fn at_table(self) -> bool {
        !matches!(self, Act::Leaves | Act::Returns)
    }
}

/// A referee form, read and checked before the register is consulted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// What to do.
    pub act: Act,
    /// The round (0 for leaving and returning, which are not about a round).
    pub round: u32,
    /// The table (0 for leaving and returning).
    pub table: u32,
    /// The player as typed on the sheets (empty when the action names none).
    pub player: String,
    /// Minutes late.
    pub minutes: u32,
    /// The note (disputes; may be empty when settling).
    pub note: String,
}

/// Reads a referee form: the action, and the fields it needs.
pub fn read_form(
    action: &str,
    round: &str,
    table: &str,
    player: &str,
    minutes: &str,
    note: &str,
) -> Result<Request, String> {
    read_form_in(Lang::En, action, round, table, player, minutes, note)
}

/// [`read_form`], its refusals in language `l`.
pub fn read_form_in(
    l: Lang,
    action: &str,
    round: &str,
    table: &str,
    player: &str,
    minutes: &str,
    note: &str,
) -> Result<Request, String> {
    let act = Act::parse(action)
        .ok_or_else(|| tr!(l, "referee-unknown-action", action = action.trim()))?;
    let number = |text: &str, what: &str| -> Result<u32, String> {
        text.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| tr!(l, "referee-which", what = what))
    };
    let (round, table) = if act.at_table() {
        (number(round, "round")?, number(table, "table")?)
    } else {
        (0, 0)
    };
    let player = player.trim().to_string();
    let needs_player = matches!(
        act,
        Act::NoShow | Act::Late | Act::Colours | Act::Leaves | Act::Returns
    );
    if needs_player && player.is_empty() {
        return Err(l.t("referee-tap-player"));
    }
    let minutes = match act {
        Act::Late => minutes
            .trim()
            .parse::<u32>()
            .map_err(|_| l.t("referee-how-late"))?,
        _ => 0,
    };
    let note = note.trim().to_string();
    if act == Act::Dispute && note.is_empty() {
        return Err(l.t("referee-say-disputed"));
    }
    Ok(Request {
        act,
        round,
        table,
        player,
        minutes,
        note,
    })
}

/// "#12 Côté Anne": the number a player is called by, and the name.
fn who(roster: &Roster, p: ParticipantId) -> String {
    match roster.number(p) {
        Some(n) => format!("#{n} {}", roster.full_name(p)),
        None => format!("{p} {}", roster.full_name(p)),
    }
}

/// The number on the sheets, or `P12` before numbering (what `data-player` and the forms carry).
pub(crate) fn tag(roster: &Roster, p: ParticipantId) -> String {
    roster
        .number(p)
        .map_or_else(|| p.to_string(), |n| n.to_string())
}

/// The command a request asks for, the role-matrix class and target, and the sentence shown once it is done (in
/// language `l`).
pub(super) fn command_in(
    l: Lang,
    roster: &Roster,
    req: &Request,
) -> Result<(Command, Target, String), String> {
    let t = roster.tournament.id;
    let game = roster
        .play
        .and_then(|pl| pl.round(req.round))
        .and_then(|r| r.game_at(req.table));
    let player = || {
        let p = player_by_number(roster, &req.player)
            .ok_or_else(|| tr!(l, "referee-no-player", player = &req.player))?;
        match game {
            Some(g) if req.act.at_table() && !g.has(p) => Err(tr!(
                l,
                "referee-not-at-table",
                who = who(roster, p),
                table = req.table
            )),
            _ => Ok(p),
        }
    };
    let report = |report: RefereeReport| Command::RefereeReport {
        tournament: t,
        round: req.round,
        table: req.table,
        report,
    };
    let table = req.table;
    Ok(match req.act {
        Act::NoShow => {
            let absent = player()?;
            let winner = game.filter(|g| g.has(absent)).map(|g| opponent(g, absent));
            let done = match winner {
                Some(w) => tr!(
                    l,
                    "referee-done-absent-wins",
                    table = table,
                    absent = who(roster, absent),
                    winner = who(roster, w)
                ),
                None => tr!(
                    l,
                    "referee-done-absent",
                    table = table,
                    absent = who(roster, absent)
                ),
            };
            (
                report(RefereeReport::NoShow { absent }),
                Target::Rounds(t),
                done,
            )
        }
        Act::BothAbsent => (
            report(RefereeReport::BothAbsent),
            Target::Rounds(t),
            tr!(l, "referee-done-both-absent", table = table),
        ),
        Act::Late => {
            let p = player()?;
            let done = tr!(
                l,
                "referee-done-late",
                table = table,
                who = who(roster, p),
                minutes = req.minutes
            );
            let late = RefereeReport::LateStart {
                player: p,
                minutes: req.minutes,
            };
            (report(late), Target::Rounds(t), done)
        }
        Act::Dispute | Act::Settle => {
            let disputed = req.act == Act::Dispute;
            let dispute = RefereeReport::Dispute {
                disputed,
                note: req.note.clone(),
            };
            let done = tr!(
                l,
                "referee-done-dispute",
                table = table,
                disputed = if disputed { "yes" } else { "no" }
            );
            (report(dispute), Target::Rounds(t), done)
        }
        Act::Colours => {
            let black = player()?;
            let done = tr!(
                l,
                "referee-done-colours",
                table = table,
                who = who(roster, black)
            );
            (
                report(RefereeReport::Colours { black }),
                Target::Rounds(t),
                done,
            )
        }
        Act::Leaves | Act::Returns => {
            let id = player()?;
            let leaves = req.act == Act::Leaves;
            let cmd = if leaves {
                Command::Withdraw {
                    id,
                    tournament: t,
                    expected: None,
                }
            } else {
                Command::Reinstate {
                    id,
                    tournament: t,
                    expected: None,
                }
            };
            let done = if leaves {
                tr!(l, "referee-done-leaves", who = who(roster, id))
            } else {
                tr!(l, "referee-done-returns", who = who(roster, id))
            };
            (cmd, Target::Participant(id), done)
        }
    })
}

fn opponent(g: &GameRecord, p: ParticipantId) -> ParticipantId {
    if g.white == p {
        g.black
    } else {
        g.white
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_back() {
        for act in [
            Act::NoShow,
            Act::BothAbsent,
            Act::Late,
            Act::Dispute,
            Act::Settle,
            Act::Colours,
            Act::Leaves,
            Act::Returns,
        ] {
            assert_eq!(Act::parse(act.as_str()), Some(act));
        }
        assert_eq!(Act::parse("shout"), None);
    }

    #[test]
    fn a_no_show_names_the_round_the_table_and_the_absent_player() {
        let req = read_form("noshow", "2", "12", " 7 ", "", "").unwrap();
        assert_eq!((req.act, req.round, req.table), (Act::NoShow, 2, 12));
        assert_eq!(req.player, "7");
        assert!(read_form("noshow", "2", "12", "", "", "")
            .unwrap_err()
            .contains("player"));
        assert!(read_form("noshow", "2", "", "7", "", "")
            .unwrap_err()
            .contains("table"));
        assert!(read_form("noshow", "", "12", "7", "", "")
            .unwrap_err()
            .contains("round"));
    }

    #[test]
    fn a_late_start_needs_minutes_and_a_dispute_a_note() {
        assert_eq!(
            read_form("late", "1", "3", "7", "15", "").unwrap().minutes,
            15
        );
        assert!(read_form("late", "1", "3", "7", "", "")
            .unwrap_err()
            .contains("minutes"));
        assert!(read_form("late", "1", "3", "7", "-5", "").is_err());
        assert!(read_form("dispute", "1", "3", "", "", "  ")
            .unwrap_err()
            .contains("disputed"));
        assert_eq!(
            read_form("dispute", "1", "3", "", "", " ko fight ")
                .unwrap()
                .note,
            "ko fight"
        );
        assert_eq!(
            read_form("settle", "1", "3", "", "", "").unwrap().act,
            Act::Settle
        );
        assert_eq!(
            read_form("both-absent", "1", "3", "", "", "").unwrap().act,
            Act::BothAbsent
        );
    }

    #[test]
    fn recording_black_names_the_table_and_the_player() {
        let req = read_form("colours", "1", "4", "#7", "", "").unwrap();
        assert_eq!(
            (req.act, req.table, req.player.as_str()),
            (Act::Colours, 4, "#7")
        );
        assert!(read_form("colours", "1", "4", "", "", "")
            .unwrap_err()
            .contains("player"));
    }

    #[test]
    fn leaving_and_returning_need_a_player_but_no_table() {
        let req = read_form("leaves", "", "", "P12", "", "").unwrap();
        assert_eq!((req.act, req.round, req.table), (Act::Leaves, 0, 0));
        assert!(read_form("returns", "", "", "", "", "").is_err());
        assert!(read_form("fly", "1", "1", "1", "", "")
            .unwrap_err()
            .contains("unknown action"));
    }
}
