//! Printed sheets for the tournament hall: pairing lists, result slips, the wall chart, standings and the
//! register, as monospaced plain text (80 columns for A4 portrait, 132 for the landscape wall chart) or as a
//! complete HTML document for A4. Pure: reads the register state it is given; no I/O, no clock, and never
//! prints a participant's contact data.
//!
//! Each kind lays its content out as a [`model::Sheet`]; [`text`] and [`html`] print that layout, so both
//! formats always carry the same content.

mod egf;
mod html;
mod model;
mod pairings;
pub(crate) mod ranklist;
mod register;
pub(crate) mod roster;
mod slips;
mod text;
pub(crate) mod wallchart;
mod width;

#[cfg(test)]
mod tests;

use crate::domain::error::quote;
use crate::domain::{Rejected, State, TournamentId};
use roster::Roster;

/// The document kinds, as named in a request.
pub const KINDS: [&str; 7] = [
    "pairings",
    "pairings-by-name",
    "slips",
    "wallchart",
    "standings",
    "register",
    "egf",
];

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
}

/// Renders sheet `kind` of `tournament` for `round` as HTML or plain text.
///
/// `round` 0 means the last round drawn for "pairings", "pairings-by-name" and "slips", and the last round with
/// a confirmed result for "wallchart", "standings" and "egf" (the EGF rating export, see [`egf`]); "register"
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
    let roster = Roster::new(state, tournament)?;
    let kind = kind.trim().to_ascii_lowercase();
    if kind == "egf" {
        return egf::document(&roster, round, html);
    }
    let sheet = match kind.as_str() {
        "pairings" => pairings::by_table(&roster, round)?,
        "pairings-by-name" => pairings::by_name(&roster, round)?,
        "slips" => slips::slips(&roster, round)?,
        "wallchart" => wallchart::wallchart(&roster, round)?,
        "standings" => ranklist::standings(&roster, round)?,
        "register" => register::register(&roster)?,
        other => {
            return Err(Rejected::invalid(
                "kind",
                format!("unknown sheet {}: use {}", quote(other), KINDS.join(", ")),
            ))
        }
    };
    let (content_type, body) = if html {
        (HTML, html::render(&sheet))
    } else {
        (TEXT, text::render(&sheet))
    };
    Ok(Document {
        title: sheet.title,
        content_type: content_type.to_string(),
        body,
    })
}
