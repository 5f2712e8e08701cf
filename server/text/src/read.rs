//! Reading the small values people type into a form or a flag: half points (`6.5`, `6,5`, `6½`), amounts of
//! money (`150.50`, `€30`), lists (`300, 200; 100`) and pairs of numbers (`3-8`). One reading for the desk
//! program's flags and the server's forms, so both accept the same spellings.
//!
//! Pure string functions: what a value means (a komi, a prize, two players kept apart) is the caller's to say.

/// How many characters of a bad value an error quotes.
const QUOTED: usize = 40;

/// A typed value that does not read; the message quotes it (cut to 40 characters).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// Not a number of points.
    #[error("{} is not a number of points like 6.5 or 7", quote(.0))]
    Points(String),
    /// A number, but not a whole or half point.
    #[error("{} is not a whole or half point", quote(.0))]
    NotHalf(String),
    /// Not an amount of money.
    #[error("{} is not an amount like 300 or 150.50", quote(.0))]
    Amount(String),
    /// Not two different numbers from 1.
    #[error("{} is not a pair of player numbers like 3-8", quote(.0))]
    Pair(String),
    /// Not a number of wins and an amount.
    #[error("{} is not wins and a prize like 4: 20 (4 wins or more: 20)", quote(.0))]
    WinsAmount(String),
}

/// `value` in quotes, cut to its first 40 characters.
fn quote(value: &str) -> String {
    match value.char_indices().nth(QUOTED) {
        Some((cut, _)) => format!("{:?}", format!("{}…", &value[..cut])),
        None => format!("{value:?}"),
    }
}

/// Half points from `6.5`, `6,5`, `6½`, `½`, `7`, `0.50` or `-6.5`.
///
/// # Examples
/// ```
/// assert_eq!(tengen_text::read::halves("6½"), Ok(13));
/// assert_eq!(tengen_text::read::halves("-0.5"), Ok(-1));
/// ```
pub fn halves(text: &str) -> Result<i64, ReadError> {
    let bad = || ReadError::Points(text.trim().to_string());
    let t = text.trim().replace(',', ".");
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, t.as_str()),
    };
    let whole = |w: &str| -> Result<i64, ReadError> {
        if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        w.parse().map_err(|_| bad())
    };
    let half = if let Some(w) = t.strip_suffix('½') {
        let w = if w.is_empty() { 0 } else { whole(w)? };
        w * 2 + 1
    } else {
        let (w, frac) = t.split_once('.').unwrap_or((t, ""));
        let extra = match frac.trim_end_matches('0') {
            "" => 0,
            "5" => 1,
            f if f.bytes().all(|b| b.is_ascii_digit()) => {
                return Err(ReadError::NotHalf(text.trim().to_string()))
            }
            _ => return Err(bad()),
        };
        whole(w)? * 2 + extra
    };
    Ok(if negative { -half } else { half })
}

/// Cents from an amount in currency units: `25`, `25.5`, `25,50`, `€25`, `25 EUR`. Empty is 0; never negative.
pub fn amount(text: &str) -> Result<i64, ReadError> {
    let bad = || ReadError::Amount(text.trim().to_string());
    let t = text
        .trim()
        .trim_start_matches(['€', '$', '£'])
        .trim_end_matches(['€', '$', '£']);
    let t = t.trim_end_matches("EUR").trim_end_matches("eur").trim();
    if t.is_empty() {
        return Ok(0);
    }
    let (whole, frac) = t.split_once(['.', ',']).unwrap_or((t, ""));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !(frac.is_empty() || digits(frac)) || frac.len() > 2 {
        return Err(bad());
    }
    let whole: i64 = whole.parse().map_err(|_| bad())?;
    let cents: i64 = match frac.len() {
        0 => 0,
        1 => frac.parse::<i64>().map_err(|_| bad())? * 10,
        _ => frac.parse().map_err(|_| bad())?,
    };
    whole
        .checked_mul(100)
        .and_then(|w| w.checked_add(cents))
        .ok_or_else(bad)
}

/// Cents as a person types them back: `300` for whole units, `150.50` otherwise (the inverse of [`amount`]).
pub fn amount_text(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let (units, rest) = (cents.unsigned_abs() / 100, cents.unsigned_abs() % 100);
    if rest == 0 {
        format!("{sign}{units}")
    } else {
        format!("{sign}{units}.{rest:02}")
    }
}

/// The items of a list typed with commas, semicolons or spaces between them (`1k, 5k;30k`), blanks dropped.
pub fn items(text: &str) -> Vec<&str> {
    text.split([',', ';', ' ', '\t', '\n', '\r'])
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .collect()
}

/// Does `text` say "none" (or nothing): a list cleared on purpose?
pub fn is_none(text: &str) -> bool {
    let t = text.trim();
    t.is_empty() || t.eq_ignore_ascii_case("none")
}

/// Amounts for places 1, 2, …: `300, 200, 100` or `150.50; 75` (a comma separates places, so decimals take a
/// point); `none` or empty is no amount.
pub fn amounts(text: &str) -> Result<Vec<i64>, ReadError> {
    if is_none(text) {
        return Ok(Vec::new());
    }
    items(text).into_iter().map(amount).collect()
}

/// Prizes by number of wins: `4: 20, 3½: 10` (also `4=20`; `4 wins: 20`), as (half points of wins, cents), in
/// the order typed; `none` or empty is no prize. A comma or semicolon separates levels, so decimals take a point.
pub fn wins_amounts(text: &str) -> Result<Vec<(i64, i64)>, ReadError> {
    if is_none(text) {
        return Ok(Vec::new());
    }
    text.split([',', ';', '\n'])
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            let bad = || ReadError::WinsAmount(item.to_string());
            let (wins, amount_typed) = item.split_once([':', '=']).ok_or_else(bad)?;
            let wins = wins.trim();
            let wins = wins
                .strip_suffix("wins")
                .or_else(|| wins.strip_suffix("win"))
                .unwrap_or(wins);
            let half = halves(wins).map_err(|_| bad())?;
            if half <= 0 {
                return Err(bad());
            }
            Ok((half, amount(amount_typed).map_err(|_| bad())?))
        })
        .collect()
}

/// Pairs of numbers from 1, two different ones each: `3-8, 5-12` (also `3:8`, `3/8`, `#3-#8`); `none` or empty
/// is no pair.
pub fn number_pairs(text: &str) -> Result<Vec<(u32, u32)>, ReadError> {
    if is_none(text) {
        return Ok(Vec::new());
    }
    items(text)
        .into_iter()
        .map(|p| {
            let bad = || ReadError::Pair(p.to_string());
            let (a, b) = p.split_once(['-', ':', '/']).ok_or_else(bad)?;
            let number = |n: &str| n.trim().trim_start_matches('#').parse::<u32>();
            match (number(a), number(b)) {
                (Ok(a), Ok(b)) if a > 0 && b > 0 && a != b => Ok((a, b)),
                _ => Err(bad()),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_prizes_in_any_spelling() {
        assert_eq!(
            wins_amounts("4: 20, 3½: 10.50; 5 wins = 40"),
            Ok(vec![(8, 2_000), (7, 1_050), (10, 4_000)])
        );
        assert_eq!(wins_amounts(" none "), Ok(vec![]));
        for bad in ["4 20", "0: 10", "four: 10", "4: lots"] {
            assert!(wins_amounts(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn half_points_in_any_spelling() {
        for (typed, half) in [
            ("6.5", 13),
            ("6,5", 13),
            ("6½", 13),
            ("½", 1),
            ("7", 14),
            (" 0.50 ", 1),
            ("-6.5", -13),
            ("0", 0),
        ] {
            assert_eq!(halves(typed), Ok(half), "{typed}");
        }
        assert_eq!(halves("6.25"), Err(ReadError::NotHalf("6.25".into())));
        for bad in ["six", "", "6.5.5", "+6", "6.x", "--1"] {
            assert!(halves(bad).is_err(), "{bad}");
        }
        assert_eq!(
            halves("six").unwrap_err().to_string(),
            "\"six\" is not a number of points like 6.5 or 7"
        );
    }

    #[test]
    fn amounts_become_cents_and_back() {
        assert_eq!(amount("25"), Ok(2500));
        assert_eq!(amount("25.5"), Ok(2550));
        assert_eq!(amount("25,05"), Ok(2505));
        assert_eq!(amount("€30"), Ok(3000));
        assert_eq!(amount("30 EUR"), Ok(3000));
        assert_eq!(amount(""), Ok(0));
        for bad in ["25.505", "-5", "ten"] {
            assert!(amount(bad).is_err(), "{bad}");
        }
        assert_eq!(amount_text(30000), "300");
        assert_eq!(amount_text(15050), "150.50");
        assert_eq!(amount_text(5), "0.05");
        assert_eq!(amounts("300,200 ;100"), Ok(vec![30000, 20000, 10000]));
        assert_eq!(amounts("150.50; 75.5"), Ok(vec![15050, 7550]));
        assert_eq!(amounts("none"), Ok(vec![]));
        assert!(amounts("300,lots").is_err());
    }

    #[test]
    fn lists_and_pairs() {
        assert_eq!(items(" 1k, 5k;30k  3d "), vec!["1k", "5k", "30k", "3d"]);
        assert!(is_none(" None ") && is_none("") && !is_none("1k"));
        assert_eq!(
            number_pairs("3-8, #5:12 7/9"),
            Ok(vec![(3, 8), (5, 12), (7, 9)])
        );
        assert_eq!(number_pairs("none"), Ok(vec![]));
        for bad in ["3-3", "3", "0-4", "a-b"] {
            assert!(number_pairs(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_long_bad_value_is_quoted_short() {
        let long = "x".repeat(10_000);
        assert!(halves(&long).unwrap_err().to_string().len() < 120);
    }
}
