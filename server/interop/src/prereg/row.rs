//! One CSV record of a pre-registration file to a [`Person`], the rounds and the different-person flag. Text
//! fields are trimmed and passed on as they are (whoever registers the person checks names, rank and country);
//! flags, fee, rating, year of birth and rounds are checked here because they must become numbers.

use super::header::{Column, HeaderMap};
use super::values::{parse_birth_year, parse_bool, parse_fee, parse_rating, parse_rounds};
use super::{Person, RowProblem};

/// What one record says, before it gets a line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowValues {
    /// The participant's fields.
    pub person: Person,
    /// Rounds for the tournament the rows are entered into; empty means all.
    pub rounds: Vec<u32>,
    /// The `different_person` column: yes confirms a near-duplicate is someone else.
    pub different_person: bool,
}

/// Parses one record's fields (`record`, in column order), on file line `line`.
pub fn parse_row<'a>(
    map: &HeaderMap,
    record: impl IntoIterator<Item = &'a str>,
    line: u64,
) -> Result<RowValues, RowProblem> {
    let mut f = Person::default();
    let mut rounds = Vec::new();
    let mut different_person = false;
    let mut errors = Vec::new();
    let mut blank = true;
    for (index, raw) in record.into_iter().enumerate() {
        let value = raw.trim();
        blank &= value.is_empty();
        let Some(column) = map.column(index) else {
            continue;
        };
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
            Column::BirthYear => parse_birth_year(value).map(|y| f.birth_year = y),
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
    let problem = |message: String| RowProblem {
        line,
        name: f.display_name(),
        message,
    };
    if blank {
        return Err(problem("empty row".into()));
    }
    if !errors.is_empty() {
        return Err(problem(errors.join("; ")));
    }
    Ok(RowValues {
        person: f,
        rounds,
        different_person,
    })
}

/// The text field a column fills as it is, if it is a plain text column.
fn text_slot(f: &mut Person, column: Column) -> Option<&mut String> {
    Some(match column {
        Column::FamilyName => &mut f.family_name,
        Column::GivenName => &mut f.given_name,
        Column::LatinFamilyName => &mut f.latin_family_name,
        Column::LatinGivenName => &mut f.latin_given_name,
        Column::Rank => &mut f.rank,
        Column::Club => &mut f.club,
        Column::City => &mut f.city,
        Column::EgdPin => &mut f.egd_pin,
        Column::AgaId => &mut f.aga_id,
        Column::FfgLicence => &mut f.ffg_licence,
        Column::Email => &mut f.email,
        Column::Phone => &mut f.phone,
        Column::FamilyGroup => &mut f.family_group,
        Column::Team => &mut f.team,
        Column::Notes => &mut f.notes,
        _ => return None,
    })
}
