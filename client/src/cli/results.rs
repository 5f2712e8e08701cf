//! Results desks and the referee: `tengen result` (one table), `tengen results --file` (a CSV of tables and
//! results: rows this desk already entered are skipped and the others sent with ids derived from the row and the
//! round as read, so a re-run never counts twice and a second desk's run is the second entry) and
//! `tengen referee no-show|both-absent|late|dispute|settle|colours|leaves|returns`.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use serde::Serialize;
use tengen_proto::v1::referee_report_request::Report;
use tengen_proto::v1::{
    Dispute, Game, GameResult, GetRoundRequest, LateStart, Outcome, RefereeReportRequest,
    ReportResultRequest, WhoAmIRequest,
};

use super::output::{print_json, Table};
use super::player_arg::{parse_player, resolve, PlayerArg};
use super::round::print_either;
use super::round_view::{render_game, GameView};
use super::{CliError, Ctx};
use crate::conn::Desk;
use crate::error::{status_text, ClientError};
use crate::import::detect_delimiter;
use crate::request_id::RequestId;
use crate::values::{format_result, parse_bool, parse_outcome};

/// One result.
#[derive(Debug, Args)]
pub struct ResultArgs {
    /// Tournament id.
    tournament: u64,
    /// Round number.
    round: u32,
    /// Table number.
    table: u32,
    /// w / white / 1-0, b / black / 0-1, jigo / draw, both-lose / 0-0, both-win / 1-1, unknown (director:
    /// reset the table).
    #[arg(value_parser = parse_outcome, value_name = "RESULT")]
    result: Outcome,
    /// Decided without play (no-show): counts for MMS, kept apart for rating lists.
    #[arg(long)]
    forfeit: bool,
    /// Who had Black, a nigiri game: number on the sheets (7 or #7), or register id (P12). Needed with a played
    /// result while nobody has recorded it; w and b then mean the colours as recorded.
    #[arg(long, value_parser = parse_player, value_name = "PLAYER")]
    black: Option<PlayerArg>,
}

/// A file of results.
#[derive(Debug, Args)]
pub struct ResultsArgs {
    /// Tournament id.
    tournament: u64,
    /// Round number.
    round: u32,
    /// CSV with `table,result[,forfeit]` per line (a header line is optional; `;` or tab work too).
    #[arg(long)]
    file: PathBuf,
    /// Check the file without sending anything.
    #[arg(long)]
    dry_run: bool,
}

/// The referee's reports. A player is the number on the sheets (`7` or `#7`), or a register id (`P12`).
#[derive(Debug, Subcommand)]
pub enum RefereeCmd {
    /// This player did not turn up: the opponent wins by forfeit.
    NoShow {
        /// Tournament id.
        tournament: u64,
        /// Round number.
        round: u32,
        /// Table number.
        table: u32,
        /// The absent player: number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        player: PlayerArg,
    },
    /// Neither player turned up: both lose by forfeit.
    BothAbsent {
        /// Tournament id.
        tournament: u64,
        /// Round number.
        round: u32,
        /// Table number.
        table: u32,
    },
    /// Record that a player started late (their clock runs from the start).
    Late {
        /// Tournament id.
        tournament: u64,
        /// Round number.
        round: u32,
        /// Table number.
        table: u32,
        /// The late player: number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        player: PlayerArg,
        /// Minutes late.
        minutes: u32,
    },
    /// Mark a game adjourned or disputed: the director settles it.
    Dispute {
        /// Tournament id.
        tournament: u64,
        /// Round number.
        round: u32,
        /// Table number.
        table: u32,
        /// What happened.
        #[arg(long)]
        note: String,
    },
    /// A player leaves the tournament: not paired in later rounds until they return.
    Leaves {
        /// Tournament id.
        tournament: u64,
        /// Number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        player: PlayerArg,
    },
    /// A player who left comes back: paired again from the next draw.
    Returns {
        /// Tournament id.
        tournament: u64,
        /// Number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        player: PlayerArg,
    },
    /// Record who had Black in a nigiri game (again, to correct it, until the round is closed; a confirmed result
    /// keeps its winner).
    Colours {
        /// Tournament id.
        tournament: u64,
        /// Round number.
        round: u32,
        /// Table number.
        table: u32,
        /// The player who had Black: number on the sheets (7 or #7), or register id (P12).
        #[arg(value_parser = parse_player)]
        black: PlayerArg,
    },
    /// Settle a disputed game (then enter the result as director).
    Settle {
        /// Tournament id.
        tournament: u64,
        /// Round number.
        round: u32,
        /// Table number.
        table: u32,
        /// How it was settled.
        #[arg(long)]
        note: String,
    },
}

fn print_game(ctx: &Ctx, g: &Game) -> Result<(), CliError> {
    print_either(ctx.json, &GameView::from(g), &render_game(g))
}

/// A result at `table`; `black` is who had Black (a register id, 0 when not said).
fn report_request(
    tournament: u64,
    round: u32,
    table: u32,
    result: GameResult,
    black: u64,
) -> ReportResultRequest {
    ReportResultRequest {
        meta: None,
        tournament_id: tournament,
        round,
        table,
        result: Some(result),
        black,
    }
}

async fn send_result(
    desk: &Desk,
    id: &RequestId,
    request: ReportResultRequest,
) -> Result<Game, ClientError> {
    desk.command(id, request, |mut d, r| async move {
        d.results.report_result(r).await
    })
    .await
}

/// `tengen result T R TABLE RESULT [--forfeit]`.
pub async fn result(ctx: &Ctx, a: ResultArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let result = GameResult {
        outcome: a.result as i32,
        by_forfeit: a.forfeit,
    };
    let black = match a.black {
        Some(player) => resolve(&desk, a.tournament, [player]).await?[0],
        None => 0,
    };
    let request = report_request(a.tournament, a.round, a.table, result, black);
    let game = send_result(&desk, &ctx.request_id(), request).await?;
    print_game(ctx, &game)
}

/// `tengen referee leaves|returns`: withdraw or reinstate (the referee may do both).
async fn leave_or_return(
    ctx: &Ctx,
    tournament: u64,
    player: PlayerArg,
    leaves: bool,
) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let [player] = resolve(&desk, tournament, [player]).await?;
    let request = tengen_proto::v1::EntryRequest {
        meta: None,
        participant_id: player,
        tournament_id: tournament,
        expected_revision: 0,
    };
    let p = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            if leaves {
                d.register.withdraw(r).await
            } else {
                d.register.reinstate(r).await
            }
        })
        .await?;
    super::view::print_participant(&p, ctx.json)
}

/// A referee's report with its player as typed (resolved once connected).
enum Named {
    Report(Report),
    NoShow(PlayerArg),
    Late(PlayerArg, u32),
    Black(PlayerArg),
}

impl Named {
    /// The report with its players as register ids (numbers and names looked up in `tournament`).
    async fn resolve(self, desk: &Desk, tournament: u64) -> Result<Report, CliError> {
        Ok(match self {
            Named::Report(report) => report,
            Named::NoShow(player) => {
                let [absent] = resolve(desk, tournament, [player]).await?;
                Report::NoShow(absent)
            }
            Named::Late(player, minutes) => {
                let [player] = resolve(desk, tournament, [player]).await?;
                Report::LateStart(LateStart { player, minutes })
            }
            Named::Black(player) => {
                let [black] = resolve(desk, tournament, [player]).await?;
                Report::Black(black)
            }
        })
    }
}

/// `tengen referee …`.
pub async fn referee(ctx: &Ctx, cmd: RefereeCmd) -> Result<(), CliError> {
    let (tournament, round, table, report) = match cmd {
        RefereeCmd::Leaves { tournament, player } => {
            return leave_or_return(ctx, tournament, player, true).await
        }
        RefereeCmd::Returns { tournament, player } => {
            return leave_or_return(ctx, tournament, player, false).await
        }
        RefereeCmd::NoShow {
            tournament,
            round,
            table,
            player,
        } => (tournament, round, table, Named::NoShow(player)),
        RefereeCmd::BothAbsent {
            tournament,
            round,
            table,
        } => (
            tournament,
            round,
            table,
            Named::Report(Report::BothAbsent(true)),
        ),
        RefereeCmd::Late {
            tournament,
            round,
            table,
            player,
            minutes,
        } => (tournament, round, table, Named::Late(player, minutes)),
        RefereeCmd::Colours {
            tournament,
            round,
            table,
            black,
        } => (tournament, round, table, Named::Black(black)),
        RefereeCmd::Dispute {
            tournament,
            round,
            table,
            note,
        } => {
            let dispute = Dispute {
                disputed: true,
                note,
            };
            (
                tournament,
                round,
                table,
                Named::Report(Report::Dispute(dispute)),
            )
        }
        RefereeCmd::Settle {
            tournament,
            round,
            table,
            note,
        } => {
            let dispute = Dispute {
                disputed: false,
                note,
            };
            (
                tournament,
                round,
                table,
                Named::Report(Report::Dispute(dispute)),
            )
        }
    };
    let desk = ctx.desk().await?;
    let report = report.resolve(&desk, tournament).await?;
    let request = RefereeReportRequest {
        meta: None,
        tournament_id: tournament,
        round,
        table,
        report: Some(report),
    };
    let game = desk
        .command(&ctx.request_id(), request, |mut d, r| async move {
            d.results.referee_report(r).await
        })
        .await?;
    print_game(ctx, &game)
}

/// One usable line of a results file.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    /// Line in the file (1-based).
    pub line: u64,
    /// Table number.
    pub table: u32,
    /// The result.
    pub result: GameResult,
}

/// What happened to one line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RowOutcome {
    /// Line in the file.
    pub line: u64,
    /// Table number, when it could be read.
    pub table: Option<u32>,
    /// `entered`, `refused`, `bad-line` or `not-sent`.
    pub outcome: &'static str,
    /// The result as entered, or why the line failed.
    pub message: String,
}

/// The line a record starting at byte `start` is on: the reader's position can be the blank or comment lines
/// before it.
fn record_line(data: &[u8], start: u64) -> u64 {
    let mut at = usize::try_from(start).unwrap_or(usize::MAX).min(data.len());
    loop {
        while at < data.len() && matches!(data[at], b'\r' | b'\n') {
            at += 1;
        }
        if data.get(at) != Some(&b'#') {
            break;
        }
        at = data[at..]
            .iter()
            .position(|b| *b == b'\n')
            .map_or(data.len(), |n| at + n + 1);
    }
    crate::import::line_at(data, at as u64)
}

/// Reads `table,result[,forfeit]` lines (`,` `;` or tab separated, fields may be quoted, by the `csv` crate); a
/// first line whose table is not a number is a header, `#` starts a comment. Bad lines are reported, not fatal.
pub fn parse_results_file(data: &[u8]) -> Result<(Vec<ResultRow>, Vec<RowOutcome>), CliError> {
    std::str::from_utf8(data)
        .map_err(|e| CliError::Usage(format!("the file is not UTF-8 text: {e}")))?;
    let data = data.strip_prefix("\u{feff}".as_bytes()).unwrap_or(data);
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(detect_delimiter(data))
        .has_headers(false)
        .flexible(true)
        .comment(Some(b'#'))
        .trim(csv::Trim::All)
        .from_reader(data);
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    let mut first = true;
    for record in reader.records() {
        let record =
            record.map_err(|e| CliError::Usage(format!("the file is not readable CSV: {e}")))?;
        let line = record.position().map_or(0, |p| record_line(data, p.byte()));
        if record.iter().all(str::is_empty) {
            continue;
        }
        let field = |i: usize| record.get(i).unwrap_or("");
        let header = std::mem::replace(&mut first, false);
        let bad = |table, message: String| RowOutcome {
            line,
            table,
            outcome: "bad-line",
            message,
        };
        let Ok(table) = field(0).parse::<u32>() else {
            if !header {
                problems.push(bad(None, format!("table {:?} is not a number", field(0))));
            }
            continue;
        };
        let outcome = match parse_outcome(field(1)) {
            Ok(outcome) => outcome,
            Err(why) => {
                problems.push(bad(Some(table), why));
                continue;
            }
        };
        let by_forfeit = match parse_bool(field(2)) {
            Ok(b) => b,
            Err(why) => {
                problems.push(bad(Some(table), format!("forfeit column: {why}")));
                continue;
            }
        };
        rows.push(ResultRow {
            line,
            table,
            result: GameResult {
                outcome: outcome as i32,
                by_forfeit,
            },
        });
    }
    Ok((rows, problems))
}

/// The request id of one file row: tournament, round, table and result, and the revision of the round's results
/// the desk read before sending. Ids are scoped by terminal on the server, so a second desk sending the same file
/// makes the second entry. The revision makes a row sent again after anything changed (this desk corrected the
/// table to another result and back, the director reset it) a new command instead of a replay of its first
/// answer; within one run a lost connection resends the same id. `salt` is the `--request-id`.
pub fn row_request_id(
    tournament: u64,
    round: u32,
    row: &ResultRow,
    revision: u64,
    salt: &str,
) -> RequestId {
    RequestId::derived([
        "tengen-results-v2".as_bytes(),
        &tournament.to_le_bytes(),
        &round.to_le_bytes(),
        &row.table.to_le_bytes(),
        &row.result.outcome.to_le_bytes(),
        &[u8::from(row.result.by_forfeit)],
        &revision.to_le_bytes(),
        salt.as_bytes(),
    ])
}

/// Does the register already hold `result` at this game from `terminal`? True when the terminal's latest report
/// says so and no other confirmed result overrides it: re-sending the row would change nothing, so a re-run of
/// the same file skips it (and writes nothing).
pub fn already_entered(game: &Game, terminal: &str, result: &GameResult) -> bool {
    let own = game.reports.iter().rev().find(|r| r.terminal == terminal);
    let same = |r: &GameResult| r.outcome == result.outcome && r.by_forfeit == result.by_forfeit;
    own.and_then(|r| r.result.as_ref()).is_some_and(same)
        && game.confirmed.as_ref().is_none_or(same)
}

/// `tengen results T R --file results.csv`.
pub async fn results_file(ctx: &Ctx, a: ResultsArgs) -> Result<(), CliError> {
    let data = std::fs::read(&a.file)
        .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", a.file.display())))?;
    let (rows, mut outcomes) = parse_results_file(&data)?;
    let ready = rows.len();
    if !a.dry_run && ready > 0 {
        let desk = ctx.desk().await?;
        let salt = ctx.request_id.clone().unwrap_or_default();
        let me = desk
            .read(WhoAmIRequest {}, |mut d, r| async move {
                d.admin.who_am_i(r).await
            })
            .await?;
        let request = GetRoundRequest {
            tournament_id: a.tournament,
            round: a.round,
        };
        let seen = desk
            .read(
                request,
                |mut d, r| async move { d.rounds.get_round(r).await },
            )
            .await?;
        let mut down: Option<String> = None;
        for row in &rows {
            let entered = format_result(&row.result);
            let outcome = |outcome, message| RowOutcome {
                line: row.line,
                table: Some(row.table),
                outcome,
                message,
            };
            if let Some(why) = &down {
                outcomes.push(outcome("not-sent", why.clone()));
                continue;
            }
            let game = seen.games.iter().find(|g| g.table == row.table);
            if game.is_some_and(|g| already_entered(g, &me.name, &row.result)) {
                outcomes.push(outcome("entered", entered));
                continue;
            }
            let id = row_request_id(a.tournament, a.round, row, seen.revision, &salt);
            let request = report_request(a.tournament, a.round, row.table, row.result, 0);
            match send_result(&desk, &id, request).await {
                Ok(_) => outcomes.push(outcome("entered", entered)),
                Err(e) if e.is_refusal() => {
                    let why = e.status().map(status_text).unwrap_or_else(|| e.to_string());
                    outcomes.push(outcome("refused", why));
                }
                Err(e) => {
                    let why = e.to_string();
                    outcomes.push(outcome("not-sent", why.clone()));
                    down = Some(why);
                }
            }
        }
    }
    outcomes.sort_by_key(|o| o.line);
    report(ctx, &a, ready, &outcomes)
}

#[derive(Serialize)]
struct FileReport<'a> {
    file: String,
    dry_run: bool,
    ready: usize,
    entered: usize,
    problems: Vec<&'a RowOutcome>,
}

fn report(
    ctx: &Ctx,
    a: &ResultsArgs,
    ready: usize,
    outcomes: &[RowOutcome],
) -> Result<(), CliError> {
    let problems: Vec<&RowOutcome> = outcomes.iter().filter(|o| o.outcome != "entered").collect();
    let entered = outcomes.len() - problems.len();
    if ctx.json {
        print_json(&FileReport {
            file: a.file.display().to_string(),
            dry_run: a.dry_run,
            ready,
            entered,
            problems: problems.clone(),
        })?;
    } else {
        if !problems.is_empty() {
            let mut table = Table::new(&["line", "table", "outcome", "message"]);
            for p in &problems {
                table.row(vec![
                    p.line.to_string(),
                    p.table.map(|t| t.to_string()).unwrap_or_default(),
                    p.outcome.to_string(),
                    p.message.clone(),
                ]);
            }
            table.print()?;
        }
        if a.dry_run {
            eprintln!(
                "dry run: {ready} results ready to send, {} bad lines; nothing sent",
                problems.len()
            );
        } else {
            eprintln!("{entered} entered, {} not entered", problems.len());
            if problems.iter().any(|p| p.outcome == "not-sent") {
                eprintln!(
                    "re-run the same file to send the rest: entered rows are not counted twice"
                );
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(CliError::Reported(3))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_results_file_reads_tables_results_and_forfeits() {
        let data = "table;result;forfeit\n1;w\n2;0-1;yes\n\n3;jigo;no\n4;maybe\nx;w\n";
        let (rows, problems) = parse_results_file(data.as_bytes()).unwrap();
        let got: Vec<(u64, u32, i32, bool)> = rows
            .iter()
            .map(|r| (r.line, r.table, r.result.outcome, r.result.by_forfeit))
            .collect();
        assert_eq!(
            got,
            vec![
                (2, 1, Outcome::WhiteWins as i32, false),
                (3, 2, Outcome::BlackWins as i32, true),
                (5, 3, Outcome::Jigo as i32, false),
            ]
        );
        let lines: Vec<(u64, &str)> = problems.iter().map(|p| (p.line, p.outcome)).collect();
        assert_eq!(lines, vec![(6, "bad-line"), (7, "bad-line")]);
    }

    #[test]
    fn quoted_fields_may_hold_the_delimiter_and_crlf_lines_count_right() {
        // A note with a comma in the third column used to split the line in two fields more.
        let data =
            "table,result,forfeit\r\n\"12\",\"w\",\"no, played\"\r\n\r\n# a comment\r\n13,b\r\n";
        let (rows, problems) = parse_results_file(data.as_bytes()).unwrap();
        assert_eq!(
            problems.len(),
            1,
            "\"no, played\" is one field, not a forfeit flag"
        );
        assert_eq!((problems[0].line, problems[0].table), (2, Some(12)));
        assert_eq!((rows[0].line, rows[0].table), (5, 13));
    }

    #[test]
    fn a_file_without_header_starts_at_line_one() {
        let (rows, problems) = parse_results_file(b"7,b\n").unwrap();
        assert!(problems.is_empty());
        assert_eq!((rows[0].line, rows[0].table), (1, 7));
    }

    fn row(line: u64, table: u32, outcome: Outcome) -> ResultRow {
        ResultRow {
            line,
            table,
            result: GameResult {
                outcome: outcome as i32,
                by_forfeit: false,
            },
        }
    }

    #[test]
    fn row_ids_depend_on_the_row_and_the_round_revision_not_the_line() {
        let a = row_request_id(1, 3, &row(2, 5, Outcome::WhiteWins), 7, "");
        assert_eq!(
            a,
            row_request_id(1, 3, &row(9, 5, Outcome::WhiteWins), 7, "")
        );
        assert_ne!(
            a,
            row_request_id(1, 3, &row(2, 5, Outcome::BlackWins), 7, "")
        );
        assert_ne!(
            a,
            row_request_id(1, 4, &row(2, 5, Outcome::WhiteWins), 7, "")
        );
        assert_ne!(
            a,
            row_request_id(1, 3, &row(2, 6, Outcome::WhiteWins), 7, "")
        );
        assert_ne!(
            a,
            row_request_id(2, 3, &row(2, 5, Outcome::WhiteWins), 7, "")
        );
        assert_ne!(
            a,
            row_request_id(1, 3, &row(2, 5, Outcome::WhiteWins), 8, "")
        );
        assert_ne!(
            a,
            row_request_id(1, 3, &row(2, 5, Outcome::WhiteWins), 7, "again")
        );
    }

    fn report(terminal: &str, outcome: Outcome) -> tengen_proto::v1::ResultReport {
        tengen_proto::v1::ResultReport {
            result: Some(row(1, 1, outcome).result),
            terminal: terminal.into(),
            ..Default::default()
        }
    }

    #[test]
    fn a_row_is_already_entered_only_when_this_desks_latest_report_says_so() {
        let white = row(1, 1, Outcome::WhiteWins).result;
        let mut game = Game::default();
        assert!(!already_entered(&game, "results-1", &white), "nothing yet");
        game.reports.push(report("results-2", Outcome::WhiteWins));
        assert!(
            !already_entered(&game, "results-1", &white),
            "another desk's"
        );
        game.reports.push(report("results-1", Outcome::WhiteWins));
        assert!(already_entered(&game, "results-1", &white));
        // Corrected to black: white again is a change, not a repeat.
        game.reports.push(report("results-1", Outcome::BlackWins));
        assert!(!already_entered(&game, "results-1", &white));
        // The director confirmed something else: sending lets the server say why it is refused.
        game.reports.push(report("results-1", Outcome::WhiteWins));
        game.confirmed = Some(row(1, 1, Outcome::Jigo).result);
        assert!(!already_entered(&game, "results-1", &white));
        let forfeit = GameResult {
            by_forfeit: true,
            ..white
        };
        game.confirmed = None;
        assert!(!already_entered(&game, "results-1", &forfeit));
    }
}
