//! Bulk import of a pre-registration CSV: `tengen_interop::prereg` reads the file (header, one registration per
//! record, a bad record rejecting only itself), then the registrations are sent a few at a time with request
//! ids derived from the records, and each record's fate reported.

pub mod h9;
pub mod opengotha;
pub mod played;
pub mod row;

#[cfg(test)]
mod tests;

use futures::stream::{self, StreamExt};
use indicatif::ProgressBar;
use tengen_interop::prereg;
use tengen_proto::v1::{EnterSpec, RegisterParticipantRequest};
use tonic::Code;

use crate::conn::Desk;
use crate::error::{status_text, ClientError};
pub use prereg::{detect_delimiter, line_at, PreregError as ImportError, RowProblem};
use row::{display_name, fields_pb, row_request_id, ParsedRow};

/// What a file holds, before anything is sent.
#[derive(Clone, Debug, Default)]
pub struct ImportPlan {
    /// Records ready to send, in file order.
    pub rows: Vec<ParsedRow>,
    /// Records refused while parsing.
    pub problems: Vec<RowProblem>,
    /// Header names that map to no field.
    pub ignored_columns: Vec<String>,
    /// True when the file has a rounds column but no tournament was given, so the rounds go unused.
    pub rounds_unused: bool,
}

/// Reads the whole file into a plan (the parse is `tengen_interop::prereg`'s, shared with the server's import
/// page). `tournament` is the `--tournament` to enter every row into.
pub fn plan(
    data: &[u8],
    delimiter: Option<u8>,
    tournament: Option<u64>,
) -> Result<ImportPlan, ImportError> {
    let file = prereg::read(data, delimiter)?;
    let rows = file
        .rows
        .iter()
        .map(|r| ParsedRow {
            line: r.line,
            fields: fields_pb(&r.person),
            rounds: r.rounds.clone(),
            different_person: r.different_person,
            request_id: row_request_id(&file.header, &r.raw, r.line, tournament),
        })
        .collect();
    Ok(ImportPlan {
        rows,
        problems: file.problems,
        ignored_columns: file.ignored_columns,
        rounds_unused: tournament.is_none() && file.has_rounds,
    })
}

/// What became of one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Registered (or registered by an earlier run of the same import) as participant `id`.
    Accepted {
        /// The participant id.
        id: u64,
    },
    /// The server found the same person already registered; its message names the record.
    Duplicate(String),
    /// Refused, by the parser or the server, with the reason.
    Rejected(String),
    /// Never got an answer (the connection failed); re-running the import is safe.
    NotSent(String),
}

/// One record's report line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowResult {
    /// The file line the record starts on.
    pub line: u64,
    /// "Family Given".
    pub name: String,
    /// Its fate.
    pub outcome: Outcome,
}

impl From<RowProblem> for RowResult {
    fn from(p: RowProblem) -> Self {
        RowResult {
            line: p.line,
            name: p.name,
            outcome: Outcome::Rejected(p.message),
        }
    }
}

/// Sends the planned rows, `in_flight` at a time, ticking `progress` once per row; results in file order.
pub async fn submit(
    desk: &Desk,
    rows: Vec<ParsedRow>,
    tournament: Option<u64>,
    in_flight: usize,
    progress: &ProgressBar,
) -> Vec<RowResult> {
    let mut results: Vec<RowResult> = stream::iter(rows)
        .map(|row| async move {
            let result = register_row(desk, &row, tournament).await;
            progress.inc(1);
            result
        })
        .buffer_unordered(in_flight.max(1))
        .collect()
        .await;
    results.sort_by_key(|r| r.line);
    results
}

/// The registration a row sends (without its meta).
fn registration(row: &ParsedRow, tournament: Option<u64>) -> RegisterParticipantRequest {
    let enter = tournament.map(|id| EnterSpec {
        tournament_id: id,
        rounds: row.rounds.clone(),
    });
    RegisterParticipantRequest {
        meta: None,
        fields: Some(row.fields.clone()),
        enter: enter.into_iter().collect(),
        check_in: false,
        different_person: row.different_person,
    }
}

/// A row's fate from the server's answer (a real registration or a dry run's verdict).
fn outcome_of(answer: Result<u64, ClientError>) -> Outcome {
    match answer {
        Ok(id) => Outcome::Accepted { id },
        Err(ClientError::Status(s)) if s.code() == Code::AlreadyExists => {
            Outcome::Duplicate(format!(
                "{} (from the file: different_person = yes)",
                status_text(&s)
            ))
        }
        Err(e) if e.is_refusal() => Outcome::Rejected(e.to_string()),
        Err(e) => Outcome::NotSent(e.to_string()),
    }
}

async fn register_row(desk: &Desk, row: &ParsedRow, tournament: Option<u64>) -> RowResult {
    let request = registration(row, tournament);
    let answer = desk
        .command(&row.request_id, request, |mut d, r| async move {
            d.register.register_participant(r).await
        })
        .await;
    RowResult {
        line: row.line,
        name: display_name(&row.fields),
        outcome: outcome_of(answer.map(|p| p.id)),
    }
}

/// The dry run: asks the server what it would answer to each row, sent in file order by this desk, without
/// writing anything. The verdicts come from the same checks as the real import (rank, country, duplicates —
/// also between rows of the file —, registration closed for this desk, rows an earlier run already registered).
pub async fn check(
    desk: &Desk,
    rows: Vec<ParsedRow>,
    tournament: Option<u64>,
) -> Result<Vec<RowResult>, ClientError> {
    let requests: Vec<RegisterParticipantRequest> = rows
        .iter()
        .map(|row| RegisterParticipantRequest {
            meta: Some(desk.meta(&row.request_id)),
            ..registration(row, tournament)
        })
        .collect();
    let mut answers = desk
        .read(requests, |mut d, r| async move {
            d.register
                .check_registrations(futures::stream::iter(r))
                .await
        })
        .await?;
    let mut results = Vec::with_capacity(rows.len());
    for row in &rows {
        let verdict = answers.message().await?.ok_or_else(|| {
            tonic::Status::unavailable(format!(
                "the server stopped after checking {} rows of {}",
                results.len(),
                rows.len()
            ))
        })?;
        let answer = if verdict.code == 0 {
            Ok(verdict.participant_id)
        } else {
            let code = Code::from(verdict.code);
            let status = tonic::Status::with_details(code, verdict.message, verdict.details.into());
            Err(ClientError::Status(status))
        };
        results.push(RowResult {
            line: row.line,
            name: display_name(&row.fields),
            outcome: outcome_of(answer),
        });
    }
    Ok(results)
}
