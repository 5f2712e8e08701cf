//! The values an OpenGotha file writes in its own notation: ranks ("10K", "1D", "2P") and exact decimals (komi,
//! `paiStandardNX1Factor`).

use super::OgError;

/// Playing strength on OpenGotha's integer scale: 30k = −30, 1k = −1, 1d = 0, 9d = 8; professional grades map
/// onto 6..8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(pub i32);

/// Parses an OpenGotha rank such as "10K", "1d", "3D" or "2P" (professional grades map to 6..8).
pub fn parse_rank(text: &str) -> Result<Rank, OgError> {
    let t = text.trim();
    let bad = || OgError::BadValue {
        attribute: "rank".to_string(),
        value: text.to_string(),
    };
    let (digits, kind) = t.split_at(t.len().saturating_sub(1));
    let n: i32 = digits.trim().parse().map_err(|_| bad())?;
    match kind {
        "K" | "k" => Ok(Rank(-n.clamp(1, 30))),
        "D" | "d" => Ok(Rank((n - 1).clamp(0, 8))),
        "P" | "p" => Ok(Rank((n + 5).clamp(6, 8))),
        _ => Err(bad()),
    }
}

/// An exact decimal read from a file (e.g. `paiStandardNX1Factor="0.5"` is `5/10`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decimal {
    /// Numerator.
    pub num: i64,
    /// Denominator (a power of ten, ≥ 1).
    pub den: i64,
}

impl Decimal {
    /// `num / den`.
    pub const fn new(num: i64, den: i64) -> Decimal {
        Decimal { num, den }
    }

    /// Parses a plain decimal such as `0.5`, `-1.25` or `2`. Returns `None` on anything else.
    pub fn parse(text: &str) -> Option<Decimal> {
        let text = text.trim();
        let (neg, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (int_part, frac_part) = digits.split_once('.').unwrap_or((digits, ""));
        if int_part.is_empty() && frac_part.is_empty() {
            return None;
        }
        if !int_part
            .chars()
            .chain(frac_part.chars())
            .all(|c| c.is_ascii_digit())
            || frac_part.len() > 9
        {
            return None;
        }
        let den = 10_i64.pow(frac_part.len() as u32);
        let int: i64 = if int_part.is_empty() {
            0
        } else {
            int_part.parse().ok()?
        };
        let frac: i64 = if frac_part.is_empty() {
            0
        } else {
            frac_part.parse().ok()?
        };
        let num = int.checked_mul(den)?.checked_add(frac)?;
        Some(Decimal {
            num: if neg { -num } else { num },
            den,
        })
    }
}
