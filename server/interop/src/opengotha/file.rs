//! An OpenGotha file's bytes as text (UTF-8, or the ISO-8859-1 its XML declaration names), where in that text a
//! reader's error is, and its players as pre-registration [`Person`]s (Tengen's rank text, ISO country codes).
//! Shared by the desk program's import and the server's import page.

use super::{OgError, OgPlayer, Rank};
use crate::prereg::Person;

/// The file is neither UTF-8 nor declared ISO-8859-1: where the first bad byte is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the file is not UTF-8 (invalid byte at line {line}, column {column}) and its XML declaration names no other encoding Tengen reads (ISO-8859-1)")]
pub struct NotText {
    /// 1-based.
    pub line: usize,
    /// 1-based, in bytes.
    pub column: usize,
}

/// The file's text: UTF-8, or ISO-8859-1 when its XML declaration says so.
pub fn decode(data: &[u8]) -> Result<String, NotText> {
    match std::str::from_utf8(data) {
        Ok(text) => Ok(text.to_string()),
        Err(e) => {
            let head = String::from_utf8_lossy(&data[..data.len().min(200)]).to_ascii_lowercase();
            let declared = head.starts_with("<?xml")
                && (head.contains("iso-8859-1")
                    || head.contains("latin1")
                    || head.contains("iso-8859-15"));
            if declared {
                return Ok(data.iter().map(|b| char::from(*b)).collect());
            }
            let good = &data[..e.valid_up_to()];
            let line = 1 + good.iter().filter(|b| **b == b'\n').count();
            let column = 1 + good.iter().rev().take_while(|b| **b != b'\n').count();
            Err(NotText { line, column })
        }
    }
}

/// Line and column (1-based) of byte `at` of `text`.
fn position(text: &str, at: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..at.min(text.len())];
    let line = 1 + before.iter().filter(|b| **b == b'\n').count();
    let column = 1 + before.iter().rev().take_while(|b| **b != b'\n').count();
    (line, column)
}

/// A reader's error in words, with "line L, column C" when it names a byte offset of `text`.
pub fn located(text: &str, err: &OgError) -> String {
    let message = err.to_string();
    let at = message
        .split("at byte ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|digits| digits.parse::<usize>().ok());
    match at {
        Some(at) => {
            let (line, column) = position(text, at);
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}

/// Tengen's text for a rank ("3d", "12k").
pub fn rank_text(r: Rank) -> String {
    if r.0 >= 0 {
        format!("{}d", r.0 + 1)
    } else {
        format!("{}k", -r.0)
    }
}

/// The ISO 3166 code of a country code the go world writes otherwise (the EGD's `UK`, the EU's `EL`).
pub fn country_alias(code: &str) -> Option<&'static str> {
    match code {
        "UK" => Some("GB"),
        "EL" => Some("GR"),
        _ => None,
    }
}

/// A country as the register keeps it: upper case, aliases made ISO, empty when it is not two letters.
pub fn iso_country(raw: &str) -> String {
    let country = raw.trim().to_ascii_uppercase();
    let country = country_alias(&country).map_or(country, str::to_string);
    if country.len() == 2 && country.bytes().all(|b| b.is_ascii_alphabetic()) {
        country
    } else {
        String::new()
    }
}

impl OgPlayer {
    /// The player as a registration: names (a missing given name as `-`), rank, rating, club, ISO country and
    /// the federations' ids. OpenGotha files hold no contact data.
    pub fn person(&self) -> Person {
        let given = match self.first_name.trim() {
            "" => "-",
            given => given,
        };
        Person {
            family_name: self.name.trim().to_string(),
            given_name: given.to_string(),
            rank: rank_text(self.rank),
            rating: Some(self.rating),
            club: self.club.trim().to_string(),
            country: iso_country(&self.country),
            egd_pin: self.egf_pin.trim().to_string(),
            aga_id: self.aga_id.trim().to_string(),
            ffg_licence: self.ffg_licence.trim().to_string(),
            ..Person::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn countries_become_iso_or_nothing() {
        assert_eq!(iso_country(" uk"), "GB");
        assert_eq!(iso_country("EL"), "GR");
        assert_eq!(iso_country("fr"), "FR");
        assert_eq!(iso_country("FRA"), "");
        assert_eq!(rank_text(Rank(-12)), "12k");
        assert_eq!(rank_text(Rank(2)), "3d");
    }
}
