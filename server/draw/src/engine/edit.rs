//! Manual edits of a drawn round.

/// A manual edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {}

/// Applies an edit.
pub fn apply_edit() {}
