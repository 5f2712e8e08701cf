//! A game's outcome as the files write it, without the forfeit flag (each format marks a forfeit its own way).

/// Who won a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// No result yet (OpenGotha's `RESULT_UNKNOWN`, `?` in an `.h9`).
    Unknown,
    /// `RESULT_WHITEWINS`.
    WhiteWins,
    /// `RESULT_BLACKWINS`.
    BlackWins,
    /// `RESULT_EQUAL`: jigo.
    Equal,
    /// `RESULT_BOTHWIN`.
    BothWin,
    /// `RESULT_BOTHLOSE`.
    BothLose,
}
