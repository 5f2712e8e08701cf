//! The FFG results file's layout (`.tou`, `shared/reference/opengotha.md` §7.3; the real file
//! `shared/data/ffg/juvisy.tou`), for a writer that has decided what each field holds: header lines `;key=value`,
//! the column line, then one line per player: place, "Family Given" in [`NAME`] columns, rank, FFG licence, club,
//! and one 8-column entry per round, `   12+w4` for a game (opponent's line, result, colour, handicap; no `/` or
//! `!`: the FFG takes forfeits as games), `   0=   ` for a round without one. Entries are given as the `.h9`
//! writes them (`12+/w4`), so both files always agree. Pure formatting: the file's encoding (ISO-8859-1) is the
//! caller's.

use std::fmt::Write;

/// Columns of "Family Given".
pub const NAME: usize = 24;

/// One player's line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The place, or nothing after the first line of a shared place.
    pub place: String,
    /// "Family Given", cut to [`NAME`] characters when written.
    pub name: String,
    /// `7K`, `1D`.
    pub rank: String,
    /// The FFG licence, or nothing.
    pub licence: String,
    /// The club in at most 4 characters.
    pub club: String,
    /// One `.h9` round entry per round (`12+/w4`, `7-!b0`, `0=`).
    pub entries: Vec<String>,
}

/// The whole file: `;key=value` for each header field in order, the column line, the player lines.
pub fn file(header: &[(&str, String)], lines: &[Line]) -> String {
    let mut out = String::new();
    for (key, value) in header {
        let _ = writeln!(out, ";{key}={value}");
    }
    let _ = writeln!(out, ";Num Nom Prenom               Niv Licence Club");
    for l in lines {
        let _ = write!(
            out,
            "{:>4} {:<NAME$} {:>3} {:<7} {:<4}",
            l.place,
            clip(&l.name, NAME),
            l.rank,
            l.licence,
            l.club
        );
        for e in &l.entries {
            out.push_str(&entry(e));
        }
        out.push('\n');
    }
    out
}

/// At most `width` characters of `text`.
fn clip(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

/// An `.h9` round entry (`12+/w4`, `7-!b0`, `0=`) as the `.tou` writes it, in 8 columns.
fn entry(h9: &str) -> String {
    let digits = h9.bytes().take_while(u8::is_ascii_digit).count();
    let (opponent, rest) = h9.split_at(digits);
    if opponent == "0" || opponent.is_empty() {
        return format!("{:>4}{:<4}", "0", rest);
    }
    let mut chars = rest.chars();
    let result = chars.next().unwrap_or('?');
    let tail: String = chars.filter(|c| *c != '/' && *c != '!').collect();
    format!(" {opponent:>4}{result}{tail:<2}")
}

#[cfg(test)]
mod tests {
    use super::entry;

    #[test]
    fn entries_lose_the_kind_and_keep_eight_columns() {
        assert_eq!(entry("12+/w4"), "   12+w4");
        assert_eq!(entry("7-!b0"), "    7-b0");
        assert_eq!(entry("0="), "   0=   ");
        assert_eq!(entry("0+"), "   0+   ");
        assert_eq!(entry("3?/w0"), "    3?w0");
    }
}
