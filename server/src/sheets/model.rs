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

/// How a column's cells line up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    /// Text.
    Left,
    /// Numbers.
    Right,
}

/// One column of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Column {
    /// Header text.
    pub header: String,
    /// Alignment of header and cells.
    pub align: Align,
    /// Names and clubs: the text printer may narrow the column (down to `min` characters) and truncate its cells
    /// with an ellipsis to fit the page. Other columns keep their natural width.
    pub flex: bool,
    /// The narrowest a flexible column may become.
    pub min: usize,
    /// The widest a column may be in text, however much room the page has.
    pub max: usize,
}

impl Column {
    /// A fixed-width left-aligned column.
    pub fn left(header: &str) -> Column {
        Column {
            header: header.to_string(),
            align: Align::Left,
            flex: false,
            min: 0,
            max: usize::MAX,
        }
    }

    /// A fixed-width right-aligned column.
    pub fn right(header: &str) -> Column {
        Column {
            align: Align::Right,
            ..Column::left(header)
        }
    }

    /// A left-aligned column that may be narrowed down to `min` characters.
    pub fn flex(header: &str, min: usize) -> Column {
        Column {
            flex: true,
            min,
            ..Column::left(header)
        }
    }

    /// The same column, never wider than `max` characters in text.
    pub fn capped(self, max: usize) -> Column {
        Column { max, ..self }
    }
}

/// A table: columns and rows of cells (one per column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Table {
    /// The columns.
    pub columns: Vec<Column>,
    /// The rows.
    pub rows: Vec<Vec<String>>,
}

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
}
