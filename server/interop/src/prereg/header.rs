//! The CSV header mapping: which column of a pre-registration file feeds which participant field. Header names
//! are matched ignoring case, spaces, `_` and `-` (`First Name`, `first_name` and `FIRSTNAME` are one name).
//! The accepted names are documented in `client/README-import.md`; keep the two in step. Shared by the desk
//! program's `tengen import csv` and the director's import page.

/// A participant field a column can feed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// Family name (required column).
    FamilyName,
    /// Given name (required column).
    GivenName,
    /// The family name in Latin letters, when the name is written in another script.
    LatinFamilyName,
    /// The given name in Latin letters.
    LatinGivenName,
    /// Rank, e.g. `3k`, `2d`.
    Rank,
    /// EGF rating.
    Rating,
    /// Club.
    Club,
    /// City.
    City,
    /// ISO 3166 alpha-2 country.
    Country,
    /// EGD pin.
    EgdPin,
    /// AGA id.
    AgaId,
    /// FFG licence.
    FfgLicence,
    /// Email (private).
    Email,
    /// Phone (private).
    Phone,
    /// Family group tag.
    FamilyGroup,
    /// The team in the team competition.
    Team,
    /// Local-player flag.
    Local,
    /// Fee in currency units.
    Fee,
    /// Paid flag.
    Paid,
    /// Free notes.
    Notes,
    /// Year of birth (private).
    BirthYear,
    /// Rounds played in the tournament named by `--tournament`.
    Rounds,
    /// Yes: this is not the same person as a near-duplicate the server finds (the desk's "different person").
    DifferentPerson,
}

/// Accepted header names (normalised: lowercase letters and digits only) and the field each feeds.
pub const HEADER_NAMES: &[(&str, Column)] = &[
    ("familyname", Column::FamilyName),
    ("surname", Column::FamilyName),
    ("name", Column::FamilyName),
    ("lastname", Column::FamilyName),
    ("givenname", Column::GivenName),
    ("firstname", Column::GivenName),
    ("latinfamilyname", Column::LatinFamilyName),
    ("latinsurname", Column::LatinFamilyName),
    ("latingivenname", Column::LatinGivenName),
    ("latinfirstname", Column::LatinGivenName),
    ("rank", Column::Rank),
    ("grade", Column::Rank),
    ("rating", Column::Rating),
    ("club", Column::Club),
    ("city", Column::City),
    ("country", Column::Country),
    ("egdpin", Column::EgdPin),
    ("egd", Column::EgdPin),
    ("agaid", Column::AgaId),
    ("ffglicence", Column::FfgLicence),
    ("email", Column::Email),
    ("phone", Column::Phone),
    ("familygroup", Column::FamilyGroup),
    ("family", Column::FamilyGroup),
    ("team", Column::Team),
    ("teamname", Column::Team),
    ("local", Column::Local),
    ("fee", Column::Fee),
    ("paid", Column::Paid),
    ("notes", Column::Notes),
    ("birthyear", Column::BirthYear),
    ("yearofbirth", Column::BirthYear),
    ("born", Column::BirthYear),
    ("rounds", Column::Rounds),
    ("differentperson", Column::DifferentPerson),
    ("notaduplicate", Column::DifferentPerson),
];

/// Lowercase letters and digits only; drops a byte-order mark, spaces, `_`, `-`.
pub fn normalise_header(header: &str) -> String {
    header
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The field a header names, if any.
pub fn column_for(header: &str) -> Option<Column> {
    let wanted = normalise_header(header);
    HEADER_NAMES
        .iter()
        .find(|(name, _)| *name == wanted)
        .map(|(_, column)| *column)
}

/// The mapping of one file's columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderMap {
    columns: Vec<Option<Column>>,
    /// Headers that name no field; their columns are ignored (the CLI warns about them).
    pub ignored: Vec<String>,
}

impl HeaderMap {
    /// Maps a header row. Refuses a file without family and given name columns, or with two columns for one
    /// field, naming the columns so the volunteer can fix the header.
    pub fn from_headers<'a>(headers: impl IntoIterator<Item = &'a str>) -> Result<Self, String> {
        let mut columns: Vec<Option<Column>> = Vec::new();
        let mut ignored = Vec::new();
        for (index, header) in headers.into_iter().enumerate() {
            let column = column_for(header);
            if let Some(c) = column {
                if let Some(earlier) = columns.iter().position(|e| *e == Some(c)) {
                    return Err(format!(
                        "columns {} and {} both give the {}",
                        earlier + 1,
                        index + 1,
                        describe(c)
                    ));
                }
            } else if !header.trim().is_empty() {
                ignored.push(header.trim().to_string());
            }
            columns.push(column);
        }
        for required in [Column::FamilyName, Column::GivenName] {
            if !columns.contains(&Some(required)) {
                return Err(format!("the header has no {} column", describe(required)));
            }
        }
        Ok(HeaderMap { columns, ignored })
    }

    /// The field of column `index` (0-based), if it maps to one.
    pub fn column(&self, index: usize) -> Option<Column> {
        self.columns.get(index).copied().flatten()
    }

    /// True when some column gives `column`.
    pub fn has(&self, column: Column) -> bool {
        self.columns.contains(&Some(column))
    }
}

fn describe(column: Column) -> &'static str {
    match column {
        Column::FamilyName => "family name (family_name, surname, name)",
        Column::GivenName => "given name (given_name, first_name)",
        Column::LatinFamilyName => "family name in Latin letters (latin_family_name)",
        Column::LatinGivenName => "given name in Latin letters (latin_given_name)",
        Column::Rank => "rank",
        Column::Rating => "rating",
        Column::Club => "club",
        Column::City => "city",
        Column::Country => "country",
        Column::EgdPin => "EGD pin",
        Column::AgaId => "AGA id",
        Column::FfgLicence => "FFG licence",
        Column::Email => "email",
        Column::Phone => "phone",
        Column::FamilyGroup => "family group",
        Column::Team => "team",
        Column::Local => "local flag",
        Column::Fee => "fee",
        Column::Paid => "paid flag",
        Column::Notes => "notes",
        Column::BirthYear => "year of birth (birth_year, year_of_birth, born)",
        Column::Rounds => "rounds",
        Column::DifferentPerson => "different-person confirmation",
    }
}
