//! The FFG results file (`.tou`, `shared/reference/opengotha.md` §7.3; the real file
//! `shared/data/ffg/juvisy.tou`): header lines `;name=` … `;komi=`, then one line per player in the order of the
//! standings — place, "Family Given" with its accents (the file is ISO-8859-1), rank, FFG licence, club, and one
//! entry per round. The name is the one `domain::name::for_files` gives (the Latin name typed at the desk, else
//! the name in Latin letters or spelled from Cyrillic or Greek); a player with none refuses the export by name. The rounds and their entries are the EGF table's ([`super::egf::ranked_entries`]), so both
//! files always agree; the columns are laid out by `tengen_interop::tou`. Pure; no contact data.

use tengen_interop::tou::{self, Line};
use unicode_normalization::UnicodeNormalization;

use super::egf::ranked_entries;
use super::Document;
use crate::app::roster::{half_points, Roster};
use crate::domain::setup::TimeSystem;
use crate::domain::Rejected;

/// The `.tou` file after round `round` (0: the last round with a result).
pub(crate) fn document(roster: &Roster, round: u32) -> Result<Document, Rejected> {
    let after = roster.counted_round(round)?;
    if after == 0 {
        return Err(Rejected::Precondition(
            "no round has a result yet: there is nothing to export for rating".to_string(),
        ));
    }
    let ranked = ranked_entries(roster, after);
    let names = roster.names_for_files(ranked.iter().map(|(p, ..)| *p), ".tou")?;
    let lines: Vec<Line> = ranked
        .into_iter()
        .map(|(p, place, entries)| {
            let licence = match roster.entrants.get(&p) {
                Some((person, _)) => person.fields.ffg_licence.trim().to_string(),
                None => String::new(),
            };
            let club: String = roster
                .club(p)
                .chars()
                .filter(|c| !c.is_whitespace())
                .take(4)
                .collect();
            Line {
                place,
                name: latin1(&names.get(&p).map_or_else(|| roster.full_name(p), joined)),
                rank: roster.rank(p, after).to_ascii_uppercase(),
                licence,
                club,
                entries,
            }
        })
        .collect();
    Ok(Document {
        title: format!("{}: FFG results after round {after}", roster.name()),
        content_type: "text/plain; charset=iso-8859-1".to_string(),
        body: tou::file(&header(roster), &lines),
        encoding: super::LATIN1.to_string(),
        file_name: super::file_name(roster.name(), "tou"),
    })
}

/// "Family Given" (either alone when the other is empty), as every sheet writes a name.
fn joined((family, given): &(String, String)) -> String {
    match (family.is_empty(), given.is_empty()) {
        (false, false) => format!("{family} {given}"),
        (true, _) => given.clone(),
        (false, true) => family.clone(),
    }
}

/// `text` with each letter ISO-8859-1 lacks spelled without its accent (Ł → L, ū → u, ő → o), so that the
/// file keeps é and ü as they are and writes no `?` for a name in Latin letters.
fn latin1(text: &str) -> String {
    text.nfc()
        .map(|c| match u8::try_from(u32::from(c)) {
            Ok(_) => c.to_string(),
            Err(_) => deunicode::deunicode_char(c).unwrap_or("?").to_string(),
        })
        .collect()
}

/// The header fields, in the order of the real file.
fn header(roster: &Roster) -> Vec<(&'static str, String)> {
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
    vec![
        ("name", s.name.trim().to_string()),
        ("date", date),
        ("vill", event.city.trim().to_string()),
        ("comm", s.name.trim().to_string()),
        ("prog", "Tengen".to_string()),
        ("size", "19".to_string()),
        ("time", format!("{}{overtime}", s.time.basic_minutes)),
        ("ta", (s.time.adjusted_seconds() / 60).to_string()),
        ("komi", half_points(s.komi_half)),
    ]
}
