//! The small values a pre-registration file (and a desk) types: yes/no flags, fees, round lists and ratings,
//! parsed the one way the desk program and the server both accept. Pure text in, values or a reason out.

/// `yes/no`, `y/n`, `true/false`, `1/0`, `on/off`, `x` (ticked); case-insensitive. Empty is `false`.
pub fn parse_bool(text: &str) -> Result<bool, String> {
    match text.trim().to_lowercase().as_str() {
        "yes" | "y" | "true" | "1" | "on" | "x" | "ja" | "oui" => Ok(true),
        "no" | "n" | "false" | "0" | "off" | "" | "nein" | "non" => Ok(false),
        other => Err(format!("expected yes or no, got {other:?}")),
    }
}

/// A fee in currency units (`25`, `25.5`, `25,50`, `€25`, `25 EUR`) to cents. Empty is 0. The one amount reader
/// (`tengen_text::read::amount`), in a pre-registration file's words.
pub fn parse_fee(text: &str) -> Result<i64, String> {
    tengen_text::read::amount(text)
        .map_err(|_| format!("fee {text:?} is not an amount like 25 or 25.50"))
}

/// A list of rounds: `1,2,3`, `1-3,5`, `1 2 4` or `1;2`. Empty means every round. Sorted, without repeats.
pub fn parse_rounds(text: &str) -> Result<Vec<u32>, String> {
    let mut rounds = Vec::new();
    for part in text
        .split([',', ';', ' '])
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let number = |s: &str| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| format!("round {s:?} is not a number"))
        };
        match part.split_once('-') {
            Some((from, to)) => {
                let (from, to) = (number(from)?, number(to)?);
                if from > to || to - from > 100 {
                    return Err(format!("round range {part:?} is not valid"));
                }
                rounds.extend(from..=to);
            }
            None => rounds.push(number(part)?),
        }
    }
    rounds.sort_unstable();
    rounds.dedup();
    Ok(rounds)
}

/// A rating: an integer, or empty / `none` for unknown.
pub fn parse_rating(text: &str) -> Result<Option<i32>, String> {
    let t = text.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    t.parse()
        .map(Some)
        .map_err(|_| format!("rating {t:?} is not a whole number"))
}

/// A year of birth: a whole number (`2012`), or empty / `none` for unknown. Whether it is a plausible year is the
/// register's rule (it knows the date); a number no year can be is refused here.
pub fn parse_birth_year(text: &str) -> Result<Option<u16>, String> {
    let t = text.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    t.parse()
        .map(Some)
        .map_err(|_| format!("birth year {t:?} is not a year like 2012"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bools_accept_the_usual_spellings() {
        for yes in ["yes", "Y", "TRUE", "1", "x"] {
            assert_eq!(parse_bool(yes), Ok(true), "{yes}");
        }
        for no in ["no", "N", "false", "0", "", " "] {
            assert_eq!(parse_bool(no), Ok(false), "{no}");
        }
        assert!(parse_bool("maybe").is_err());
    }

    #[test]
    fn fees_become_cents() {
        assert_eq!(parse_fee("25"), Ok(2500));
        assert_eq!(parse_fee("25.5"), Ok(2550));
        assert_eq!(parse_fee("25,05"), Ok(2505));
        assert_eq!(parse_fee("€30"), Ok(3000));
        assert_eq!(parse_fee("30 EUR"), Ok(3000));
        assert_eq!(parse_fee(""), Ok(0));
        assert!(parse_fee("25.505").is_err());
        assert!(parse_fee("-5").is_err());
        assert!(parse_fee("ten").is_err());
    }

    #[test]
    fn rounds_accept_lists_and_ranges() {
        assert_eq!(parse_rounds("1,2,3"), Ok(vec![1, 2, 3]));
        assert_eq!(parse_rounds("3-5, 1"), Ok(vec![1, 3, 4, 5]));
        assert_eq!(parse_rounds("2 2 1"), Ok(vec![1, 2]));
        assert_eq!(parse_rounds(""), Ok(vec![]));
        assert!(parse_rounds("1,x").is_err());
        assert!(parse_rounds("5-1").is_err());
    }

    #[test]
    fn ratings_may_be_unknown() {
        assert_eq!(parse_rating(""), Ok(None));
        assert_eq!(parse_rating("none"), Ok(None));
        assert_eq!(parse_rating("2150"), Ok(Some(2150)));
        assert!(parse_rating("2k").is_err());
    }

    #[test]
    fn issue_33_a_year_of_birth_is_a_whole_number_or_unknown() {
        assert_eq!(parse_birth_year(" 2012 "), Ok(Some(2012)));
        assert_eq!(parse_birth_year(""), Ok(None));
        assert_eq!(parse_birth_year("None"), Ok(None));
        assert_eq!(
            parse_birth_year("12/05/2012"),
            Err("birth year \"12/05/2012\" is not a year like 2012".into())
        );
        assert!(parse_birth_year("70000").is_err());
        assert!(parse_birth_year("-5").is_err());
    }
}
