//! `tengen import csv FILE`: the command-line face of [`crate::import`]: progress bar, per-row report, exit 3
//! when some rows were not accepted (or, with `--dry-run`, would not be).

use std::path::PathBuf;

use clap::{Args, Subcommand};
use serde::Serialize;

use super::import_played::{self, PlayedArgs};
use super::output::{print_json, Table};
use super::{CliError, Ctx};
use crate::import::{check, plan, submit, ImportError, Outcome, RowResult};

/// Import subcommands.
#[derive(Debug, Subcommand)]
pub enum ImportCmd {
    /// Register every row of a pre-registration CSV (see client/README-import.md for the columns).
    Csv(CsvArgs),
    /// A whole OpenGotha tournament (.xml): settings, players and every round played, to continue it here.
    Opengotha(PlayedArgs),
    /// An EGF results table (.h9): players and every round played (tables numbered afresh).
    H9(PlayedArgs),
}

/// The file and how to send it.
#[derive(Debug, Args)]
pub struct CsvArgs {
    /// The CSV file (UTF-8; `,` `;` or tab separated, detected from the header).
    file: PathBuf,
    /// Enter every row into this tournament (with the row's `rounds`, default all).
    #[arg(long)]
    tournament: Option<u64>,
    /// Ask the server to check every row without registering anyone: reports what the real import would refuse.
    #[arg(long)]
    dry_run: bool,
    /// Registrations in flight at once.
    #[arg(long, default_value_t = 8)]
    in_flight: usize,
}

#[derive(Serialize)]
struct RowJson {
    line: u64,
    name: String,
    outcome: &'static str,
    participant_id: Option<u64>,
    message: Option<String>,
}

#[derive(Serialize)]
struct ReportJson {
    file: String,
    dry_run: bool,
    rows: usize,
    accepted: usize,
    duplicates: usize,
    rejected: usize,
    not_sent: usize,
    ignored_columns: Vec<String>,
    problems: Vec<RowJson>,
}

/// Runs an import subcommand.
pub async fn run(ctx: &Ctx, cmd: ImportCmd) -> Result<(), CliError> {
    let a = match cmd {
        ImportCmd::Csv(a) => a,
        ImportCmd::Opengotha(a) => {
            return import_played::run(ctx, a, |data, name| {
                crate::import::opengotha::plan(data, name).map_err(|e| e.to_string())
            })
            .await
        }
        ImportCmd::H9(a) => {
            return import_played::run(ctx, a, |data, name| {
                crate::import::h9::plan(data, name).map_err(|e| e.to_string())
            })
            .await
        }
    };
    let data = std::fs::read(&a.file)
        .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", a.file.display())))?;
    let planned =
        plan(&data, None, a.tournament).map_err(|e: ImportError| CliError::Usage(e.to_string()))?;
    if !ctx.json {
        if !planned.ignored_columns.is_empty() {
            eprintln!("ignoring columns: {}", planned.ignored_columns.join(", "));
        }
        if planned.rounds_unused {
            eprintln!("the rounds column is ignored: no --tournament given");
        }
    }
    let ready = planned.rows.len();
    let mut results: Vec<RowResult> = planned.problems.into_iter().map(RowResult::from).collect();
    if a.dry_run && ready > 0 {
        let desk = ctx.desk().await?;
        results.extend(check(&desk, planned.rows, a.tournament).await?);
    } else if ready > 0 {
        let desk = ctx.desk().await?;
        let progress = super::output::progress_bar(ready as u64, ctx.json, "rows");
        results.extend(submit(&desk, planned.rows, a.tournament, a.in_flight, &progress).await);
        progress.finish_and_clear();
    }
    results.sort_by_key(|r| r.line);
    report(ctx, &a, ready, &results, planned.ignored_columns)
}

fn outcome_parts(outcome: &Outcome) -> (&'static str, Option<u64>, Option<String>) {
    match outcome {
        Outcome::Accepted { id } => ("accepted", Some(*id), None),
        Outcome::Duplicate(m) => ("duplicate", None, Some(m.clone())),
        Outcome::Rejected(m) => ("rejected", None, Some(m.clone())),
        Outcome::NotSent(m) => ("not-sent", None, Some(m.clone())),
    }
}

fn report(
    ctx: &Ctx,
    a: &CsvArgs,
    ready: usize,
    results: &[RowResult],
    ignored: Vec<String>,
) -> Result<(), CliError> {
    let count = |kind: &str| {
        results
            .iter()
            .filter(|r| outcome_parts(&r.outcome).0 == kind)
            .count()
    };
    let (accepted, duplicates, rejected, not_sent) = (
        count("accepted"),
        count("duplicate"),
        count("rejected"),
        count("not-sent"),
    );
    let problems: Vec<&RowResult> = results
        .iter()
        .filter(|r| !matches!(r.outcome, Outcome::Accepted { .. }))
        .collect();
    if ctx.json {
        let problems = problems
            .iter()
            .map(|r| {
                let (outcome, participant_id, message) = outcome_parts(&r.outcome);
                RowJson {
                    line: r.line,
                    name: r.name.clone(),
                    outcome,
                    participant_id,
                    message,
                }
            })
            .collect();
        print_json(&ReportJson {
            file: a.file.display().to_string(),
            dry_run: a.dry_run,
            rows: results.len().max(ready),
            accepted,
            duplicates,
            rejected,
            not_sent,
            ignored_columns: ignored,
            problems,
        })?;
    } else {
        if !problems.is_empty() {
            let mut table = Table::new(&["line", "name", "outcome", "message"]);
            for r in &problems {
                let (outcome, _, message) = outcome_parts(&r.outcome);
                table.row(vec![
                    r.line.to_string(),
                    r.name.clone(),
                    outcome.to_string(),
                    message.unwrap_or_default(),
                ]);
            }
            table.print()?;
        }
        if a.dry_run {
            eprintln!(
                "dry run: {accepted} would be accepted, {duplicates} duplicates, {rejected} rejected; \
                 nothing was registered"
            );
        } else {
            eprintln!("{accepted} accepted, {duplicates} duplicates, {rejected} rejected, {not_sent} not sent");
            if not_sent > 0 {
                eprintln!("re-run the same import to send the rest: accepted rows are not registered twice");
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(CliError::Reported(3))
    }
}
