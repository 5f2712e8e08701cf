//! The FFG results file (`.tou`, `shared/reference/opengotha.md` §7.3; the real file
//! `shared/data/ffg/juvisy.tou`): header lines `;name=` … `;komi=`, then one line per player in the order of the
//! standings — place, "Family Given" with its accents (the file is ISO-8859-1), rank, FFG licence, club, and one
//! 8-column entry per round: `   12+w4` for a game (opponent's line, result, colour, handicap; no `/` or `!`:
//! the FFG takes forfeits as games), `   0=   ` for a round without one. The rounds and their entries are the
//! EGF table's ([`super::egf::ranked_entries`]), so both files always agree. Pure; no contact data.

use std::fmt::Write;

use super::egf::ranked_entries;
use super::roster::{half_points, Roster};
use super::Document;
use crate::domain::setup::TimeSystem;
use crate::domain::Rejected;

/// Columns of "Family Given".
const NAME: usize = 24;

/// The `.tou` file after round `round` (0: the last round with a result).
pub(crate) fn document(roster: &Roster, round: u32) -> Result<Document, Rejected> {
    let after = roster.counted_round(round)?;
    if after == 0 {
        return Err(Rejected::Precondition(
            "no round has a result yet: there is nothing to export for rating".to_string(),
        ));
    }
    let s = &roster.tournament.settings;
    let event = &roster.state.event;
    let date = {
        let d = if s.start_date.trim().is_empty() {
            event.start_date.trim()
        } else {
            s.start_date.trim()
        };
        match (d.get(0..4), d.get(5..7), d.get(8..10)) {
            (Some(y), Some(m), Some(day)) => format!("{day}/{m}/{y}"),
            _ => String::new(),
        }
    };
    let overtime = if s.time.system == TimeSystem::SuddenDeath {
        ""
    } else {
        "+b"
    };
    let mut out = String::new();
    let _ = writeln!(out, ";name={}", s.name.trim());
    let _ = writeln!(out, ";date={date}");
    let _ = writeln!(out, ";vill={}", event.city.trim());
    let _ = writeln!(out, ";comm={}", s.name.trim());
    let _ = writeln!(out, ";prog=Tengen");
    let _ = writeln!(out, ";size=19");
    let _ = writeln!(out, ";time={}{overtime}", s.time.basic_minutes);
    let _ = writeln!(out, ";ta={}", s.time.adjusted_seconds() / 60);
    let _ = writeln!(out, ";komi={}", half_points(s.komi_half));
    let _ = writeln!(out, ";Num Nom Prenom               Niv Licence Club");
    for (p, place, entries) in ranked_entries(roster, after) {
        let (licence, name) = match roster.entrants.get(&p) {
            Some((person, _)) => (
                person.fields.ffg_licence.trim().to_string(),
                roster.full_name(p),
            ),
            None => (String::new(), roster.full_name(p)),
        };
        let club: String = roster
            .club(p)
            .chars()
            .filter(|c| !c.is_whitespace())
            .take(4)
            .collect();
        let rank = roster.rank(p, after).to_ascii_uppercase();
        let _ = write!(
            out,
            "{place:>4} {:<NAME$} {rank:>3} {licence:<7} {club:<4}",
            clip(&name, NAME)
        );
        for e in entries {
            out.push_str(&entry(&e));
        }
        out.push('\n');
    }
    Ok(Document {
        title: format!("{}: FFG results after round {after}", roster.name()),
        content_type: "text/plain; charset=iso-8859-1".to_string(),
        body: out,
        encoding: super::LATIN1.to_string(),
        file_name: super::file_name(roster.name(), "tou"),
    })
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
