//! A pre-registration CSV as plain rows: the header mapped to fields ([`header`]), each record parsed into a
//! [`Person`] with its rounds (a bad record refuses only itself, with its line), the separator guessed from the
//! header line. One parse for the desk program's `tengen import csv` and the director's import page; what a row
//! becomes (a gRPC request, a register command) and its request id are theirs.
//!
//! Pure: bytes in, rows out. No I/O, no wire types, no register rules (names, ranks and countries are checked by
//! whoever registers the person).

pub mod header;
mod row;
pub mod values;

#[cfg(test)]
mod tests;

use header::{Column, HeaderMap};
pub use row::{parse_row, RowValues};

/// A person as a file gives them, every field as text except the numbers the file must spell right.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Person {
    /// Family name.
    pub family_name: String,
    /// Given name.
    pub given_name: String,
    /// Family name in Latin letters (empty when the name already is).
    pub latin_family_name: String,
    /// Given name in Latin letters.
    pub latin_given_name: String,
    /// Rank as written (`3k`, `2d`); checked by the register.
    pub rank: String,
    /// EGF rating, when given.
    pub rating: Option<i32>,
    /// Club.
    pub club: String,
    /// City.
    pub city: String,
    /// Country code (upper case), as written.
    pub country: String,
    /// EGD pin.
    pub egd_pin: String,
    /// AGA id.
    pub aga_id: String,
    /// FFG licence.
    pub ffg_licence: String,
    /// Email (private).
    pub email: String,
    /// Phone (private).
    pub phone: String,
    /// Family group tag.
    pub family_group: String,
    /// The team in the team competition (empty: none).
    pub team: String,
    /// Their board in the team when the file orders it (OpenGotha), 1 the first.
    pub team_board: Option<u32>,
    /// Lives in the host city.
    pub local: bool,
    /// Fee in cents.
    pub fee_cents: i64,
    /// Fee paid.
    pub paid: bool,
    /// Free notes.
    pub notes: String,
    /// Year of birth (private), when given; checked by the register.
    pub birth_year: Option<u16>,
}

impl Person {
    /// "Family Given", for reports.
    pub fn display_name(&self) -> String {
        format!("{} {}", self.family_name, self.given_name)
            .trim()
            .to_string()
    }
}

/// A record refused while parsing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowProblem {
    /// The file line the record starts on.
    pub line: u64,
    /// "Family Given", as far as the record gives it.
    pub name: String,
    /// What is wrong, in words a volunteer can act on.
    pub message: String,
}

/// A record read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The file line the record starts on (the header is line 1).
    pub line: u64,
    /// The person.
    pub person: Person,
    /// Rounds to play; empty means all.
    pub rounds: Vec<u32>,
    /// The file confirms this is not the same person as a near-duplicate already registered.
    pub different_person: bool,
    /// The record's fields as written: part of the request id whoever sends it derives.
    pub raw: Vec<String>,
}

/// Why a whole file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum PreregError {
    /// The file is not CSV the reader can make sense of.
    #[error("the file is not readable CSV: {0}")]
    Csv(#[from] csv::Error),
    /// The header row lacks a required column or names a field twice.
    #[error("{0}")]
    Header(String),
}

/// What a file holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Prereg {
    /// The header row as written.
    pub header: Vec<String>,
    /// Records read, in file order.
    pub rows: Vec<Row>,
    /// Records refused while parsing, in file order.
    pub problems: Vec<RowProblem>,
    /// Header names that map to no field.
    pub ignored_columns: Vec<String>,
    /// The file has a rounds column.
    pub has_rounds: bool,
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
pub fn line_at(data: &[u8], start: u64) -> u64 {
    let start = usize::try_from(start).unwrap_or(usize::MAX).min(data.len());
    let first = data[start..]
        .iter()
        .position(|b| *b != b'\r' && *b != b'\n')
        .map_or(data.len(), |skip| start + skip);
    1 + data[..first].iter().filter(|b| **b == b'\n').count() as u64
}

/// Does `data` look like a pre-registration CSV: a first line whose columns give a family and a given name?
pub fn looks_like(data: &[u8]) -> bool {
    let first = data.split(|b| *b == b'\n').next().unwrap_or_default();
    let Ok(first) = std::str::from_utf8(first) else {
        return false;
    };
    let delimiter = char::from(detect_delimiter(data));
    HeaderMap::from_headers(
        first
            .trim_end_matches('\r')
            .split(delimiter)
            .map(|h| h.trim_matches('"')),
    )
    .is_ok()
}

/// Reads a whole file (`delimiter` guessed from the header line when `None`).
pub fn read(data: &[u8], delimiter: Option<u8>) -> Result<Prereg, PreregError> {
    let delimiter = delimiter.unwrap_or_else(|| detect_delimiter(data));
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .from_reader(data);
    let header = reader.headers()?.clone();
    let map = HeaderMap::from_headers(header.iter()).map_err(PreregError::Header)?;
    let mut file = Prereg {
        header: header.iter().map(str::to_string).collect(),
        ignored_columns: map.ignored.clone(),
        has_rounds: map.has(Column::Rounds),
        ..Prereg::default()
    };
    for result in reader.records() {
        let record = match result {
            Ok(record) => record,
            Err(error) => match error.kind() {
                csv::ErrorKind::Utf8 { pos, .. } => {
                    let line = pos.as_ref().map(|p| line_at(data, p.byte())).unwrap_or(0);
                    file.problems.push(RowProblem {
                        line,
                        name: String::new(),
                        message: "the row is not UTF-8 text (save the file as CSV UTF-8)".into(),
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
        match parse_row(&map, record.iter(), line) {
            Ok(values) => file.rows.push(Row {
                line,
                person: values.person,
                rounds: values.rounds,
                different_person: values.different_person,
                raw: record.iter().map(str::to_string).collect(),
            }),
            Err(problem) => file.problems.push(problem),
        }
    }
    Ok(file)
}
