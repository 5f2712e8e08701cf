//! Name normalisation for search and duplicate detection: case- and accent-insensitive (`cote` finds `Côté`).
//!
//! Kept as Unicode decomposition plus a handful of Latin letters that do not decompose, rather than `deunicode`
//! (issue 17): a desk finds 王 小明 by typing 王, so scripts without accents stay as typed; `deunicode` would
//! romanise them (and turn `ß` into `ss`), changing what every search and duplicate check matches. The EGF export,
//! which must be ASCII, does use `deunicode` (`sheets/egf.rs`).

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Folds a name to its search key: decomposed, combining marks dropped, lower case, inner spaces collapsed.
pub fn fold(name: &str) -> String {
    let folded: String = name
        .nfkd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'ß' => 's',
            'ø' => 'o',
            'ł' => 'l',
            'đ' => 'd',
            'æ' => 'a',
            'œ' => 'o',
            other => other,
        })
        .collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::fold;

    #[test]
    fn folds_case_and_accents() {
        assert_eq!(fold("Côté"), "cote");
        assert_eq!(fold("  LOÏC   Lefèbvre "), "loic lefebvre");
        assert_eq!(fold("Łukasz"), "lukasz");
        assert_eq!(fold("王 小明"), "王 小明");
    }
}
