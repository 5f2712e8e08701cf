//! Bulk import of a pre-registration CSV: read the file, map its header, parse each record into a
//! registration (a bad record rejects only itself), then send the registrations a few at a time with request
//! ids derived from the records, and report each record's fate.

pub mod h9;
pub mod header;
pub mod opengotha;
pub mod played;
pub mod row;

#[cfg(test)]
mod tests;

use futures::stream::{self, StreamExt};
use indicatif::ProgressBar;
use tengen_proto::v1::{EnterSpec, RegisterParticipantRequest};
use tonic::Code;

use crate::conn::Desk;
use crate::error::{status_text, ClientError};
use header::HeaderMap;
use row::{display_name, parse_row, row_request_id, ParsedRow, RowProblem};

/// Why a whole file cannot be imported.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file is not CSV the reader can make sense of.
    #[error("the file is not readable CSV: {0}")]
    Csv(#[from] csv::Error),
    /// The header row lacks a required column or names a field twice.
    #[error("{0}")]
    Header(String),
}

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

/// The field separator: `;` or a tab when the header line has more of those than commas (spreadsheets in
/// many European locales save with `;`).
pub fn detect_delimiter(data: &[u8]) -> u8 {
    let first_line = data.split(|b| *b == b'\n').next().unwrap_or_default();
    let count = |d: u8| first_line.iter().filter(|b| **b == d).count();
    [b',', b';', b'\t']
        .into_iter()
        .max_by_key(|d| (count(*d), *d == b','))
        .unwrap_or(b',')
}

/// The file line (1-based) a record starting at byte `start` is on. The CSV reader's own line count is off for
/// CRLF files and after blank lines (a record's position can be the line break before it), so the line is
/// counted from the data: line breaks before the record's first character.
pub(crate) fn line_at(data: &[u8], start: u64) -> u64 {
    let start = usize::try_from(start).unwrap_or(usize::MAX).min(data.len());
    let first = data[start..]
        .iter()
        .position(|b| *b != b'\r' && *b != b'\n')
        .map_or(data.len(), |skip| start + skip);
    1 + data[..first].iter().filter(|b| **b == b'\n').count() as u64
}

/// Reads the whole file into a plan. `tournament` is the `--tournament` to enter every row into.
pub fn plan(
    data: &[u8],
    delimiter: Option<u8>,
    tournament: Option<u64>,
) -> Result<ImportPlan, ImportError> {
    let delimiter = delimiter.unwrap_or_else(|| detect_delimiter(data));
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .from_reader(data);
    let header = reader.headers()?.clone();
    let map = HeaderMap::from_headers(header.iter()).map_err(ImportError::Header)?;
    let mut plan = ImportPlan {
        ignored_columns: map.ignored.clone(),
        rounds_unused: tournament.is_none() && map.has(header::Column::Rounds),
        ..ImportPlan::default()
    };
    for result in reader.records() {
        let record = match result {
            Ok(record) => record,
            Err(error) => match error.kind() {
                csv::ErrorKind::Utf8 { pos, .. } => {
                    let line = pos.as_ref().map(|p| line_at(data, p.byte())).unwrap_or(0);
                    let message =
                        "the row is not UTF-8 text (save the file as CSV UTF-8)".to_string();
                    plan.problems.push(RowProblem {
                        line,
                        name: String::new(),
                        message,
                    });
                    continue;
                }
                _ => return Err(error.into()),
            },
        };
        let line = record
            .position()
            .map(|p| line_at(data, p.byte()))
            .unwrap_or(0);
        if record.iter().all(|v| v.trim().is_empty()) {
            continue;
        }
        match parse_row(&map, &record, line) {
            Ok(values) => {
                let request_id = row_request_id(&header, &record, line, tournament);
                plan.rows.push(ParsedRow {
                    line,
                    fields: values.fields,
                    rounds: values.rounds,
                    different_person: values.different_person,
                    request_id,
                });
            }
            Err(problem) => plan.problems.push(problem),
        }
    }
    Ok(plan)
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
