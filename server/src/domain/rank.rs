//! Go ranks: 30k…1k, 1d…9d, 1p…9p, parsed from what volunteers type (`2d`, `2D`, `2-D`, `15k`, `15 kyu`).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A rank on one integer scale: 30k = −30 … 1k = −1, 1d = 0 … 9d = 8, 1p = 9 … 9p = 17.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Rank(i8);

/// Why a rank string was not understood; the message is shown to the desk volunteer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rank {}: use 30k…1k, 1d…9d or 1p…9p", super::error::quote(.0))]
pub struct RankError(pub String);

impl Rank {
    /// 1 dan.
    pub const FIRST_DAN: Rank = Rank(0);

    /// `n` kyu (1..=30).
    pub fn kyu(n: u8) -> Option<Rank> {
        (1..=30).contains(&n).then(|| Rank(-(n as i8)))
    }

    /// `n` dan (1..=9).
    pub fn dan(n: u8) -> Option<Rank> {
        (1..=9).contains(&n).then(|| Rank(n as i8 - 1))
    }

    /// `n` professional dan (1..=9).
    pub fn pro(n: u8) -> Option<Rank> {
        (1..=9).contains(&n).then(|| Rank(n as i8 + 8))
    }

    /// The raw scale value (30k = −30, 1d = 0, 1p = 9).
    pub fn value(self) -> i8 {
        self.0
    }

    /// From the raw scale value.
    pub fn from_value(v: i8) -> Option<Rank> {
        (-30..=17).contains(&v).then_some(Rank(v))
    }

    /// The rank on the draw's amateur scale (30k = −30 … 9d = 8): professionals count as 7d–9d.
    pub fn to_draw_scale(self) -> i32 {
        if self.0 <= 8 {
            self.0 as i32
        } else {
            (6 + (self.0 as i32 - 9) / 3).min(8)
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            v if v < 0 => write!(f, "{}k", -v),
            v if v <= 8 => write!(f, "{}d", v + 1),
            v => write!(f, "{}p", v - 8),
        }
    }
}

impl FromStr for Rank {
    type Err = RankError;

    fn from_str(s: &str) -> Result<Rank, RankError> {
        let err = || RankError(s.to_string());
        let compact: String = s
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-' && *c != '.')
            .flat_map(char::to_lowercase)
            .collect();
        let digits_end = compact
            .find(|c: char| !c.is_ascii_digit())
            .ok_or_else(err)?;
        let (digits, unit) = compact.split_at(digits_end);
        let n: u8 = digits.parse().map_err(|_| err())?;
        let rank = match unit {
            "k" | "kyu" | "kyus" => Rank::kyu(n),
            "d" | "dan" | "dans" => Rank::dan(n),
            "p" | "pro" | "pd" => Rank::pro(n),
            _ => None,
        };
        rank.ok_or_else(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_what_volunteers_type() {
        for (text, shown) in [
            ("2d", "2d"),
            ("2D", "2d"),
            ("2-D", "2d"),
            ("15k", "15k"),
            ("15 kyu", "15k"),
            ("30K", "30k"),
            ("9 dan", "9d"),
            ("1p", "1p"),
        ] {
            assert_eq!(
                text.parse::<Rank>().map(|r| r.to_string()),
                Ok(shown.to_string()),
                "{text}"
            );
        }
    }

    #[test]
    fn refuses_impossible_ranks() {
        for text in ["99k", "0k", "10d", "", "k", "3x", "31k", "10p"] {
            assert!(text.parse::<Rank>().is_err(), "{text} should be refused");
        }
    }

    #[test]
    fn orders_from_weakest_to_strongest() {
        let ranks: Vec<Rank> = ["30k", "1k", "1d", "9d", "1p"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        assert!(ranks.windows(2).all(|w| w[0] < w[1]));
        assert_eq!("1d".parse::<Rank>().unwrap().to_draw_scale(), 0);
        assert_eq!("9p".parse::<Rank>().unwrap().to_draw_scale(), 8);
    }
}
