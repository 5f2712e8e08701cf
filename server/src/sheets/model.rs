//! The layout every sheet is built into before it is printed: a title, a few lines under it, and blocks
//! (headings, tables, notes, result slips). The kinds fill it from the register; `text` and `html` print it.
//! Plain data: knows nothing of the register or of either output format.

/// A document ready to print, in neither format yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Sheet {
    /// The first line (and the HTML title).
    pub title: String,
    /// Lines under the title: event, dates, round.
    pub lines: Vec<String>,
    /// Printed on A4 landscape (132 text columns) instead of portrait (80).
    pub landscape: bool,
    /// The body, in order.
    pub blocks: Vec<Block>,
}

impl Sheet {
    /// A portrait sheet with a title and no body yet.
    pub fn new(title: String, lines: Vec<String>) -> Sheet {
        Sheet {
            title,
            lines,
            landscape: false,
            blocks: Vec::new(),
        }
    }
}

/// One part of a sheet's body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Block {
    /// A section heading.
    Heading(String),
    /// A table with a header row.
    Table(Table),
    /// A line of text (a bye, a legend).
    Note(String),
    /// Text printed as it is, in a fixed-width font (the EGF export's columns).
    Preformatted(String),
    /// Result slips, one per game, to be cut apart.
    Slips(Vec<Slip>),
}

// A table's columns and rows are `tengen_text`'s plain data, shared with the desk program's terminal tables;
// the HTML printer reads the same fields.
pub(crate) use tengen_text::{Align, Column, Table};

/// One game's result slip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Slip {
    /// Tournament name.
    pub tournament: String,
    /// Round number.
    pub round: u32,
    /// Table number.
    pub table: u32,
    /// White: "number name rank".
    pub white: String,
    /// Black: "number name rank".
    pub black: String,
    /// Handicap and komi in words.
    pub terms: String,
    /// A nigiri game: the two players are not in colour order, and the slip asks who had Black.
    pub nigiri: bool,
    /// The slip's printed words, in the language it is printed in (the plain-text slips stay English).
    pub words: SlipWords,
}

/// The fixed words of a printed result slip.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct SlipWords {
    /// "Result slip: Sample Open".
    pub heading: String,
    /// "Round 2 · Table 7".
    pub place: String,
    /// "Player" (a nigiri slip's two lines).
    pub player: String,
    /// "Nigiri".
    pub nigiri: String,
    /// "tick the player who had Black".
    pub nigiri_tick: String,
    /// "White".
    pub white: String,
    /// "Black".
    pub black: String,
    /// "Handicap".
    pub handicap: String,
    /// "White wins".
    pub white_wins: String,
    /// "Black wins".
    pub black_wins: String,
    /// "Jigo".
    pub jigo: String,
}
