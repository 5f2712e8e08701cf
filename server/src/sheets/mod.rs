//! Printed sheets for the tournament hall: pairing lists, result slips, the wall chart, standings and the
//! register, as monospaced plain text (80 columns for A4 portrait, 132 for the landscape wall chart) or as a
//! complete HTML document for A4. Pure: reads the register state it is given; no I/O, no clock, and never
//! prints a participant's contact data.
//!
//! Each kind lays its content out as a [`model::Sheet`]; [`text`] and [`html`] print that layout, so both
//! formats always carry the same content.

mod aga;
pub(crate) mod bracket;
mod csv;
mod egf;
pub(crate) mod grid;
mod html;
mod ladder;
mod model;
pub(crate) mod money;
mod opengotha;
mod pairings;
mod prizelist;
pub(crate) mod ranklist;
mod register;
mod slips;
pub(crate) mod teamlist;
mod text;
mod tou;
pub(crate) mod wallchart;

#[cfg(test)]
mod tests;

use crate::app::roster::Roster;
use crate::domain::error::quote;
use crate::domain::{Rejected, State, TournamentId};
use model::Sheet;

/// The document kinds, as named in a request: printed sheets (`prizes` the prize-giving list, `teams` the team
/// standings), then files for other programs (`egf` is the EGF `.h9`, `opengotha` OpenGotha's XML, `tou` the
/// FFG's file, `aga` the AGA's results, `csv-register` and `csv-standings` for spreadsheets).
pub const KINDS: [&str; 16] = [
    "pairings",
    "pairings-by-name",
    "slips",
    "wallchart",
    "grid",
    "bracket",
    "standings",
    "prizes",
    "teams",
    "register",
    "egf",
    "opengotha",
    "tou",
    "aga",
    "csv-register",
    "csv-standings",
];

/// Files for other programs: the same content whatever format is asked (no HTML page of them).
pub const FILES: [&str; 5] = ["opengotha", "tou", "aga", "csv-register", "csv-standings"];

/// Whether sheet `kind` has anything to print for a tournament paired by `system`: a ladder or a self-paired
/// event (no rounds) has its register and its standings (the ladder), and no sheet or file made of rounds.
pub fn offered(system: crate::domain::PairingSystem, kind: &str) -> bool {
    !system.unrounded()
        || matches!(
            kind,
            "register" | "csv-register" | "standings" | "csv-standings"
        )
}

/// A document written to a file as UTF-8.
pub const UTF8: &str = "utf-8";
/// A document written to a file as ISO-8859-1 (each character up to U+00FF as its byte, any other as `?`).
pub const LATIN1: &str = "iso-8859-1";

/// A file name for a document of tournament `name`: its letters and digits in ASCII (it travels in an HTTP
/// header), `-` for the rest, then `.ext`.
fn file_name(name: &str, ext: &str) -> String {
    let mut stem: String = deunicode::deunicode(name.trim())
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    while stem.contains("--") {
        stem = stem.replace("--", "-");
    }
    let stem = stem.trim_matches('-');
    format!(
        "{}.{ext}",
        if stem.is_empty() { "tournament" } else { stem }
    )
}

/// Content type of plain-text sheets.
pub const TEXT: &str = "text/plain; charset=utf-8";
/// Content type of HTML sheets.
pub const HTML: &str = "text/html; charset=utf-8";

/// A printable document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    /// One line naming the tournament, the kind and the round.
    pub title: String,
    /// [`TEXT`] or [`HTML`].
    pub content_type: String,
    /// The document.
    pub body: String,
    /// How to write `body` to a file: [`UTF8`] or [`LATIN1`].
    pub encoding: String,
    /// A file name to save it as; empty for a printed sheet.
    pub file_name: String,
}

/// The bytes of `doc` as a file, in its encoding: UTF-8, or ISO-8859-1 with `?` for characters beyond U+00FF.
pub fn file_bytes(doc: &Document) -> Vec<u8> {
    if doc.encoding == LATIN1 {
        doc.body
            .chars()
            .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
            .collect()
    } else {
        doc.body.clone().into_bytes()
    }
}

/// Renders sheet `kind` of `tournament` for `round` as HTML or plain text, in English (see [`render_in`]).
///
/// `round` 0 means the last round drawn for "pairings", "pairings-by-name" and "slips", and the last round with
/// a confirmed result for "wallchart", "grid", "standings" and "egf" (the EGF rating export, see [`egf`]); "register"
/// ignores it.
///
/// # Errors
///
/// [`Rejected::UnknownTournament`]; [`Rejected::Invalid`] for a kind not in [`KINDS`];
/// [`Rejected::UnknownRound`] for a round not drawn yet (or round 0 before any draw, for the pairing kinds);
/// [`Rejected::Precondition`] for "egf" before any result.
pub fn render(
    state: &State,
    tournament: TournamentId,
    kind: &str,
    round: u32,
    html: bool,
) -> Result<Document, Rejected> {
    render_in(state, tournament, kind, round, html, crate::lang::Lang::En)
}

/// [`render`] with the HTML result slips worded in `lang` (the players at a table may read any of the board's
/// languages); the other sheets, and every plain-text one, are English.
///
/// # Errors
///
/// As [`render`].
pub fn render_in(
    state: &State,
    tournament: TournamentId,
    kind: &str,
    round: u32,
    html: bool,
    lang: crate::lang::Lang,
) -> Result<Document, Rejected> {
    let roster = Roster::new(state, tournament)?;
    let kind = kind.trim().to_ascii_lowercase();
    let system = roster.tournament.settings.system;
    if system.unrounded() {
        match kind.as_str() {
            "standings" => return Ok(sheet_document(ladder::sheet(&roster), html)),
            "csv-standings" => return ladder::csv(&roster),
            other
                if !offered(system, other) && (KINDS.contains(&other) || other == "crosstable") =>
            {
                return Err(ladder::no_rounds(&roster, other))
            }
            _ => {}
        }
    }
    match kind.as_str() {
        "egf" => return egf::document(&roster, round, html),
        "opengotha" => return opengotha::document(&roster),
        "tou" => return tou::document(&roster, round),
        "aga" => return aga::document(&roster),
        "csv-register" => return csv::register(&roster),
        "csv-standings" => return csv::standings(&roster, round),
        _ => {}
    }
    let sheet = match kind.as_str() {
        "pairings" => pairings::by_table(&roster, round)?,
        "pairings-by-name" => pairings::by_name(&roster, round)?,
        "slips" => slips::slips(&roster, round, lang)?,
        "wallchart" => wallchart::wallchart(&roster, round)?,
        "grid" | "crosstable" => grid::grid(&roster, round)?,
        "bracket" => bracket::bracket(&roster)?,
        "standings" => ranklist::standings(&roster, round)?,
        "prizes" => prizelist::prize_list(&roster, round)?,
        "teams" => teamlist::team_list(&roster, round)?,
        "register" => register::register(&roster)?,
        other => {
            return Err(Rejected::invalid(
                "kind",
                format!("unknown sheet {}: use {}", quote(other), KINDS.join(", ")),
            ))
        }
    };
    Ok(sheet_document(sheet, html))
}

/// Renders money report `kind` (one of [`money::KINDS`]) for the whole event at a venue `offset_minutes` east of
/// UTC, as HTML or plain text, in English.
///
/// # Errors
///
/// [`Rejected::Invalid`] for a kind that is not a money report.
pub fn render_money(
    state: &State,
    kind: &str,
    html: bool,
    offset_minutes: i32,
) -> Result<Document, Rejected> {
    let sheet = match kind.trim().to_ascii_lowercase().as_str() {
        "takings" => money::takings(state, offset_minutes),
        "levy" => money::levy(state),
        "budget" => money::budget(state, offset_minutes),
        other => {
            return Err(Rejected::invalid(
                "kind",
                format!(
                    "unknown report {}: use {}",
                    quote(other),
                    money::KINDS.join(", ")
                ),
            ))
        }
    };
    Ok(sheet_document(sheet, html))
}

/// A sheet printed as HTML or plain text.
fn sheet_document(sheet: Sheet, html: bool) -> Document {
    let (content_type, body) = if html {
        (HTML, html::render(&sheet))
    } else {
        (TEXT, text::render(&sheet))
    };
    Document {
        title: sheet.title,
        content_type: content_type.to_string(),
        body,
        encoding: UTF8.to_string(),
        file_name: String::new(),
    }
}
