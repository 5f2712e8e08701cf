//! One results slip as the desk types it: the table number and a result key (b, w, j, x; f for by forfeit).
//! Pure: reads text, returns the entry or a sentence saying what is missing.

use crate::domain::round::{GameResult, Outcome};
use crate::domain::ParticipantId;
use crate::tr;
use crate::web::desk::result_words;
use crate::web::lang::Lang;

/// One slip as typed: the table and its result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlipEntry {
    /// The table number.
    pub table: u32,
    /// The result.
    pub result: GameResult,
}

impl SlipEntry {
    /// "table 12: white", "table 3: black by forfeit".
    pub fn describe(&self, l: Lang) -> String {
        tr!(
            l,
            "results-entry",
            table = self.table,
            result = result_words(l, &self.result)
        )
    }

    /// The result key that names this entry's outcome (`w`, `b`, `j`, `x`), to show it chosen again.
    pub fn key(&self) -> Option<&'static str> {
        match self.result.outcome {
            Outcome::WhiteWins => Some("w"),
            Outcome::BlackWins => Some("b"),
            Outcome::Jigo => Some("j"),
            Outcome::BothLose => Some("x"),
            Outcome::BothWin | Outcome::Unknown => None,
        }
    }
}

/// Reads the "who had Black" answer: the chosen player's register id, or `None` when nothing was chosen.
pub fn parse_black(l: Lang, text: &str) -> Result<Option<ParticipantId>, String> {
    match text.trim() {
        "" => Ok(None),
        id => id
            .parse::<u64>()
            .map(|id| Some(ParticipantId(id)))
            .map_err(|_| tr!(l, "results-not-a-player", id = id)),
    }
}

/// The outcome a result key names: `b` Black wins, `w` White wins, `j` jigo, `x` both lose (any case).
pub fn key_outcome(key: char) -> Option<Outcome> {
    Outcome::from_key(key)
}

/// Reads an entry: the table field (which may carry the keys too, "12w" or "12 w f", when typed without script),
/// the chosen result key and the forfeit box. Refuses a missing table or result, unknown keys, and two different
/// results.
pub fn parse_entry(l: Lang, table: &str, result: &str, forfeit: bool) -> Result<SlipEntry, String> {
    let text = table.trim();
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return Err(l.t("results-type-table"));
    }
    let table: u32 = digits
        .parse()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| tr!(l, "results-no-table", table = &digits))?;
    let mut outcome = None;
    let mut by_forfeit = forfeit;
    let keys = text[digits.len()..].chars().chain(result.trim().chars());
    for key in keys.filter(|c| !c.is_whitespace()) {
        if key.eq_ignore_ascii_case(&'f') {
            by_forfeit = true;
            continue;
        }
        let named = key_outcome(key)
            .ok_or_else(|| tr!(l, "results-not-a-key", key = format!("{key:?}")))?;
        if outcome.is_some_and(|o| o != named) {
            return Err(tr!(l, "results-two-results", table = table));
        }
        outcome = Some(named);
    }
    let outcome = outcome.ok_or_else(|| tr!(l, "results-press-key", table = table))?;
    Ok(SlipEntry {
        table,
        result: GameResult {
            outcome,
            by_forfeit,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(table: u32, outcome: Outcome, by_forfeit: bool) -> SlipEntry {
        SlipEntry {
            table,
            result: GameResult {
                outcome,
                by_forfeit,
            },
        }
    }

    #[test]
    fn an_entry_shows_its_key_and_black_is_a_register_id_or_nothing() {
        assert_eq!(entry(3, Outcome::BlackWins, true).key(), Some("b"));
        assert_eq!(entry(3, Outcome::BothWin, false).key(), None);
        assert_eq!(parse_black(Lang::En, " "), Ok(None));
        assert_eq!(parse_black(Lang::En, "12"), Ok(Some(ParticipantId(12))));
        assert!(parse_black(Lang::En, "#7").is_err());
    }

    #[test]
    fn each_key_names_one_result() {
        assert_eq!(key_outcome('b'), Some(Outcome::BlackWins));
        assert_eq!(key_outcome('W'), Some(Outcome::WhiteWins));
        assert_eq!(key_outcome('j'), Some(Outcome::Jigo));
        assert_eq!(key_outcome('x'), Some(Outcome::BothLose));
        assert_eq!(key_outcome('f'), None);
        assert_eq!(key_outcome('q'), None);
    }

    #[test]
    fn the_radio_button_and_the_forfeit_box_make_an_entry() {
        assert_eq!(
            parse_entry(Lang::En, "12", "w", false),
            Ok(entry(12, Outcome::WhiteWins, false))
        );
        assert_eq!(
            parse_entry(Lang::En, " 3 ", "b", true),
            Ok(entry(3, Outcome::BlackWins, true))
        );
        assert_eq!(
            parse_entry(Lang::En, "7", "x", false),
            Ok(entry(7, Outcome::BothLose, false))
        );
    }

    #[test]
    fn keys_typed_after_the_table_number_work_without_script() {
        assert_eq!(
            parse_entry(Lang::En, "12w", "", false),
            Ok(entry(12, Outcome::WhiteWins, false))
        );
        assert_eq!(
            parse_entry(Lang::En, "12 B f", "", false),
            Ok(entry(12, Outcome::BlackWins, true))
        );
        assert_eq!(
            parse_entry(Lang::En, "4jf", "", false),
            Ok(entry(4, Outcome::Jigo, true))
        );
        assert_eq!(
            parse_entry(Lang::En, "9w", "w", false),
            Ok(entry(9, Outcome::WhiteWins, false))
        );
    }

    #[test]
    fn an_entry_needs_a_table_and_exactly_one_result() {
        assert!(parse_entry(Lang::En, "", "w", false)
            .unwrap_err()
            .contains("table number"));
        assert!(parse_entry(Lang::En, "w12", "", false)
            .unwrap_err()
            .contains("table number"));
        assert!(parse_entry(Lang::En, "0", "w", false)
            .unwrap_err()
            .contains("no table 0"));
        assert!(parse_entry(Lang::En, "12", "", false)
            .unwrap_err()
            .contains("b, w, j or x"));
        assert!(parse_entry(Lang::En, "12", "", true)
            .unwrap_err()
            .contains("b, w, j or x"));
        assert!(parse_entry(Lang::En, "12b", "w", false)
            .unwrap_err()
            .contains("two different"));
        assert!(parse_entry(Lang::En, "12q", "", false)
            .unwrap_err()
            .contains("not a result key"));
        assert!(parse_entry(Lang::En, "99999999999", "w", false).is_err());
    }

    #[test]
    fn the_done_message_names_the_table_and_the_result() {
        assert_eq!(
            entry(12, Outcome::WhiteWins, false).describe(Lang::En),
            "table 12: white"
        );
        assert_eq!(
            entry(3, Outcome::BlackWins, true).describe(Lang::En),
            "table 3: black by forfeit"
        );
    }
}
