//! The `.h9` table's layout, for a writer that has decided what each field holds: the header comment lines, the
//! column line and the player lines, every column at its fixed width so that every line of a table is equally
//! long (as the real files OpenGotha wrote). Pure formatting: the values (places, names cut to [`NAME`], ASCII,
//! criteria, round entries such as `12+/w0`) are the caller's.

use std::fmt::Write;

/// Columns of the place.
pub const PLACE: usize = 4;
/// Columns of the "Family Given" field.
pub const NAME: usize = 30;
/// Columns of the rank.
pub const RANK: usize = 3;
/// Columns of the country code.
pub const COUNTRY: usize = 2;
/// Columns of the club.
pub const CLUB: usize = 4;
/// The narrowest criterion column.
pub const CRITERION: usize = 4;
/// Columns of a round entry's opponent and result, right-aligned (after the blank that separates entries).
pub const ENTRY_HEAD: usize = 5;
/// Columns of a round entry's kind, colour and handicap, left-aligned.
pub const ENTRY_TAIL: usize = 3;

/// One player's line, each field as the file shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The place, or nothing after the first line of a shared place.
    pub place: String,
    /// "Family Given", at most [`NAME`] characters.
    pub name: String,
    /// `7K`, `1D`.
    pub rank: String,
    /// Two capital letters.
    pub country: String,
    /// At most [`CLUB`] characters.
    pub club: String,
    /// The criteria as printed, in the order of the column line's names.
    pub values: Vec<String>,
    /// One entry per round (`12+/w0`, `7-!b0`, `0=`).
    pub rounds: Vec<String>,
    /// The EGD pin.
    pub pin: Option<String>,
}

/// The whole table, ending with a newline: `; <field>` for each header field then a bare `;`, the column line
/// naming `criteria`, then the player lines. Each criterion column is as wide as its longest name or value, at
/// least [`CRITERION`].
pub fn table(header: &[String], criteria: &[String], lines: &[Line]) -> String {
    let widths: Vec<usize> = criteria
        .iter()
        .enumerate()
        .map(|(k, name)| {
            lines
                .iter()
                .filter_map(|l| l.values.get(k))
                .map(String::len)
                .chain([name.len(), CRITERION])
                .max()
                .unwrap_or(CRITERION)
        })
        .collect();
    let mut out = String::new();
    for field in header {
        let _ = writeln!(out, "; {field}");
    }
    out.push_str(";\n");
    out.push_str(&column_line(criteria, &widths));
    for line in lines {
        out.push_str(&line.line(&widths));
    }
    out
}

/// The line naming the columns: `; Pl Name … Rk Co Club`, then each criterion right-aligned over its values.
fn column_line(names: &[String], widths: &[usize]) -> String {
    let mut line = format!(
        ";{:>w$} {:<NAME$} {:>RANK$} {:<COUNTRY$} {:>CLUB$}",
        "Pl",
        "Name",
        "Rk",
        "Co",
        "Club",
        w = PLACE - 1,
    );
    for (name, w) in names.iter().zip(widths) {
        let _ = write!(line, " {name:>w$}");
    }
    line.push('\n');
    line
}

impl Line {
    /// The line with its newline; the criteria in `widths` columns.
    fn line(&self, widths: &[usize]) -> String {
        let mut line = format!(
            "{:>PLACE$} {:<NAME$} {:>RANK$} {:<COUNTRY$} {:>CLUB$}",
            self.place, self.name, self.rank, self.country, self.club,
        );
        for (value, w) in self.values.iter().zip(widths) {
            let _ = write!(line, " {value:>w$}");
        }
        for token in &self.rounds {
            let (head, tail) = token.split_at(token.find(['/', '!']).unwrap_or(token.len()));
            let _ = write!(line, " {head:>ENTRY_HEAD$}{tail:<ENTRY_TAIL$}");
        }
        if let Some(pin) = &self.pin {
            let _ = write!(line, " |{pin}");
        }
        line.push('\n');
        line
    }
}
