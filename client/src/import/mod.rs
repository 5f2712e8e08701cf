//! Bulk import of a pre-registration CSV: read the file, map its header, parse each record into a
//! registration (a bad record rejects only itself), then send the registrations a few at a time with request
//! ids derived from the records, and report each record's fate.

pub mod header;
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
                    let line = pos.as_ref().map(|p| p.line()).unwrap_or(0);
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
        let line = record.position().map(|p| p.line()).unwrap_or(0);
        if record.iter().all(|v| v.trim().is_empty()) {
            continue;
        }
        match parse_row(&map, &record, line) {
            Ok((fields, rounds)) => {
                let request_id = row_request_id(&header, &record, line, tournament);
                plan.rows.push(ParsedRow {
                    line,
                    fields,
                    rounds,
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

async fn register_row(desk: &Desk, row: &ParsedRow, tournament: Option<u64>) -> RowResult {
    let enter = tournament.map(|id| EnterSpec {
        tournament_id: id,
        rounds: row.rounds.clone(),
    });
    let request = RegisterParticipantRequest {
        meta: None,
        fields: Some(row.fields.clone()),
        enter: enter.into_iter().collect(),
        check_in: false,
        different_person: false,
    };
    let answer = desk
        .command(&row.request_id, request, |mut d, r| async move {
            d.register.register_participant(r).await
        })
        .await;
    let outcome = match answer {
        Ok(participant) => Outcome::Accepted { id: participant.id },
        Err(ClientError::Status(s)) if s.code() == Code::AlreadyExists => {
            Outcome::Duplicate(status_text(&s))
        }
        Err(e) if e.is_refusal() => Outcome::Rejected(e.to_string()),
        Err(e) => Outcome::NotSent(e.to_string()),
    };
    RowResult {
        line: row.line,
        name: display_name(&row.fields),
        outcome,
    }
}
