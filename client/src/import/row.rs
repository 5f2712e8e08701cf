//! One CSV record to one registration: the fields, the rounds, and a request id derived from the record's
//! content and position, so importing the same file again sends the same ids and the server answers each
//! with its original answer instead of registering twice.

use csv::StringRecord;
use tengen_proto::v1::ParticipantFields;

use super::header::{Column, HeaderMap};
use crate::request_id::RequestId;
use crate::values::{parse_bool, parse_fee, parse_rating, parse_rounds};

/// A record ready to send.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedRow {
    /// The file line the record starts on (the header is line 1).
    pub line: u64,
    /// The participant's fields.
    pub fields: ParticipantFields,
    /// Rounds for the `--tournament` entry; empty means all.
    pub rounds: Vec<u32>,
    /// The file confirms this is not the same person as a near-duplicate already registered (`different_person`
    /// column), as a desk confirms it on screen.
    pub different_person: bool,
    /// The request id for this record.
    pub request_id: RequestId,
}

/// A record refused before sending, or by the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowProblem {
    /// The file line the record starts on.
    pub line: u64,
    /// "Family Given", as far as the record gives it.
    pub name: String,
    /// What is wrong, in words a volunteer can act on.
    pub message: String,
}

/// What one record says, before it gets a line and a request id.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RowValues {
    /// The participant's fields.
    pub fields: ParticipantFields,
    /// Rounds for the `--tournament` entry; empty means all.
    pub rounds: Vec<u32>,
    /// The `different_person` column: yes confirms a near-duplicate is someone else.
    pub different_person: bool,
}

/// Parses one record. Text fields are trimmed and passed on as they are (the server checks names, rank and
/// country); flags, fee, rating and rounds are checked here because they must become numbers.
pub fn parse_row(
    map: &HeaderMap,
    record: &StringRecord,
    line: u64,
) -> Result<RowValues, RowProblem> {
    let mut f = ParticipantFields::default();
    let mut rounds = Vec::new();
    let mut different_person = false;
    let problem = |f: &ParticipantFields, message: String| RowProblem {
        line,
        name: display_name(f),
        message,
    };
    let mut errors = Vec::new();
    for (index, raw) in record.iter().enumerate() {
        let Some(column) = map.column(index) else {
            continue;
        };
        let value = raw.trim();
        if let Some(slot) = text_slot(&mut f, column) {
            *slot = value.to_string();
            continue;
        }
        let parsed = match column {
            Column::Country => {
                f.country = value.to_uppercase();
                Ok(())
            }
            Column::Rating => parse_rating(value).map(|r| f.rating = r),
            Column::Local => parse_bool(value)
                .map(|b| f.local = b)
                .map_err(|e| format!("local: {e}")),
            Column::Fee => parse_fee(value).map(|c| f.fee_cents = c),
            Column::Paid => parse_bool(value)
                .map(|b| f.paid = b)
                .map_err(|e| format!("paid: {e}")),
            Column::Rounds => parse_rounds(value).map(|r| rounds = r),
            Column::DifferentPerson => parse_bool(value)
                .map(|b| different_person = b)
                .map_err(|e| format!("different_person: {e}")),
            _ => Ok(()),
        };
        if let Err(e) = parsed {
            errors.push(e);
        }
    }
    if record.iter().all(|v| v.trim().is_empty()) {
        return Err(problem(&f, "empty row".into()));
    }
    if !errors.is_empty() {
        return Err(problem(&f, errors.join("; ")));
    }
    Ok(RowValues {
        fields: f,
        rounds,
        different_person,
    })
}

/// The text field a column fills as it is, if it is a plain text column.
fn text_slot(f: &mut ParticipantFields, column: Column) -> Option<&mut String> {
    Some(match column {
        Column::FamilyName => &mut f.family_name,
        Column::GivenName => &mut f.given_name,
        Column::Rank => &mut f.rank,
        Column::Club => &mut f.club,
        Column::City => &mut f.city,
        Column::EgdPin => &mut f.egd_pin,
        Column::AgaId => &mut f.aga_id,
        Column::FfgLicence => &mut f.ffg_licence,
        Column::Email => &mut f.email,
        Column::Phone => &mut f.phone,
        Column::FamilyGroup => &mut f.family_group,
        Column::Notes => &mut f.notes,
        _ => return None,
    })
}

/// "Family Given" for reports.
pub fn display_name(f: &ParticipantFields) -> String {
    format!("{} {}", f.family_name, f.given_name)
        .trim()
        .to_string()
}

/// The request id of the record on `line`: SHA-256 over a version tag, the header row, the line number, the
/// record's raw fields and the target tournament. Re-importing the same file gives the same ids; editing a row
/// (say, to fix a rejected rank) gives that row a new id, so the fix is not answered with the old refusal.
pub fn row_request_id(
    header: &StringRecord,
    record: &StringRecord,
    line: u64,
    tournament: Option<u64>,
) -> RequestId {
    let line = line.to_le_bytes();
    let tournament = tournament.unwrap_or(0).to_le_bytes();
    let parts = ["tengen-import-v1".as_bytes(), &line, &tournament]
        .into_iter()
        .chain(header.iter().map(str::as_bytes))
        .chain(["\u{1f}".as_bytes()])
        .chain(record.iter().map(str::as_bytes));
    RequestId::derived(parts)
}
