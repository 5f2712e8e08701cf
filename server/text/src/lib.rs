//! Monospaced text for people: the printed sheets (80 or 132 columns) and the desk program's tables in a terminal
//! lay their columns out here, once. Display width counts what a terminal shows (an East Asian character takes
//! two columns, a combining accent none), so names in any script line up.
//!
//! Pure string functions and plain data: it knows nothing of the register, the sheets or the terminal.
//!
//! - [`width`]: a string's display width, truncation with an ellipsis, padding.
//! - [`table`]: columns, rows, and the lines of an aligned table narrowed to fit a width.
//! - [`points`]: half points as text (`6½`, `6.5`).
//! - [`read`]: what people type for half points, amounts, lists and pairs of numbers.

pub mod points;
pub mod read;
pub mod runs;
pub mod table;
pub mod width;

pub use points::{decimal_halves, halves};
pub use table::{Align, Column, Table};
pub use width::{pad_left, pad_right, truncate, width};
