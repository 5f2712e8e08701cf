//! Names: the search key (`fold`), the names a search finds a player by, and which name in Latin letters a player
//! has for the files other programs read (the EGF `.h9`, the FFG `.tou`, the AGA results). Pure; no I/O.
//!
//! The search key is Unicode decomposition plus a handful of Latin letters that do not decompose, rather than
//! `deunicode` (issue 17): a desk finds 王 小明 by typing 王, so scripts without accents stay as typed; `deunicode`
//! would romanise them (and turn `ß` into `ss`), changing what every search and duplicate check matches. A player
//! is found by the name as written and, besides, by the Latin name typed at the desk (山田 by "yamada") and by the
//! transliteration of a Cyrillic or Greek name (Иванова by "ivanova", issue 34).
//!
//! # Which scripts are transliterated
//!
//! Cyrillic and Greek are spelled letter by letter by `deunicode` (Иванова → Ivanova, Παπαδόπουλος →
//! Papadopoulos): one letter, one sound, close to the spelling the player's own federation sends the EGD, so the
//! files take it without asking. Chinese, Japanese and Korean are not: `deunicode` gives the Chinese reading of
//! every Han character (山田 太郎 → "Shantian Tailang" where the player is Yamada Taro) and run-together
//! syllables for Hangul, so a player written in those scripts, or in any other script, needs the Latin name
//! typed at the desk or filled from the EGF list.

use super::error::Rejected;
use super::record::ParticipantFields;
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

/// How a name is written, as far as the files for other programs are concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Script {
    /// Latin letters, with or without accents (Müller, Nguyễn, Łukasz), and the punctuation names have.
    Latin,
    /// Cyrillic or Greek letters (possibly beside Latin ones): spelled in Latin letters automatically.
    Transliterated,
    /// Any other script (Han, kana, Hangul, Arabic, …), a character the transliteration does not know, or no
    /// letter at all ("? ??"): a person must type the Latin name.
    Other,
}

/// The script `text` is written in (see [`Script`]).
pub fn script(text: &str) -> Script {
    let mut letters = false;
    let mut transliterated = false;
    for c in text.nfkd().filter(|c| !is_combining_mark(*c)) {
        match class(c) {
            Class::Blank | Class::Mark => {}
            Class::Latin => letters |= c.is_alphabetic(),
            Class::CyrillicGreek if deunicode::deunicode_char(c).is_some() => {
                letters = true;
                transliterated = true;
            }
            Class::CyrillicGreek | Class::Other => return Script::Other,
        }
    }
    match (letters, transliterated) {
        (false, _) => Script::Other,
        (true, false) => Script::Latin,
        (true, true) => Script::Transliterated,
    }
}

/// What one character (decomposed, accents dropped) is to [`script`].
enum Class {
    Blank,
    /// Punctuation names have besides ASCII's (dashes, quotes, the middle dot).
    Mark,
    Latin,
    CyrillicGreek,
    Other,
}

fn class(c: char) -> Class {
    match c {
        c if c.is_whitespace() => Class::Blank,
        c if c.is_ascii() => Class::Latin,
        '\u{00A1}'..='\u{00BF}' | '\u{2010}'..='\u{2027}' => Class::Mark,
        '\u{00C0}'..='\u{024F}'
        | '\u{0250}'..='\u{02AF}'
        | '\u{1E00}'..='\u{1EFF}'
        | '\u{2C60}'..='\u{2C7F}'
        | '\u{A720}'..='\u{A7FF}'
        | '\u{AB30}'..='\u{AB6F}' => {
            if c == '×' || c == '÷' {
                Class::Other
            } else {
                Class::Latin
            }
        }
        '\u{0370}'..='\u{03FF}'
        | '\u{1F00}'..='\u{1FFF}'
        | '\u{0400}'..='\u{052F}'
        | '\u{1C80}'..='\u{1C8F}'
        | '\u{2DE0}'..='\u{2DFF}'
        | '\u{A640}'..='\u{A69F}' => Class::CyrillicGreek,
        _ => Class::Other,
    }
}

/// Is `text` written in Latin letters only ([`Script::Latin`])?
pub fn is_latin(text: &str) -> bool {
    script(text) == Script::Latin
}

/// Does `text` have letters of another script than Latin (山田, Иванова; not a pin, not "-")?
pub fn has_other_letters(text: &str) -> bool {
    text.chars().any(char::is_alphabetic) && !is_latin(text)
}

/// A Cyrillic or Greek name in Latin letters (Иванова → Ivanova); Latin letters are kept, accents dropped.
fn transliterate(text: &str) -> String {
    deunicode::deunicode(text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A player's name for the EGF, FFG and AGA files, (family, given) in Latin letters: the Latin name typed at the
/// desk when there is one; else the name itself when it is written in Latin letters (accents kept: each file
/// folds them as its format needs); else the transliteration of a Cyrillic or Greek name. `None` for a name in
/// any other script with no Latin name typed: the files refuse to guess it (see [`missing_latin_names`]).
pub fn for_files(f: &ParticipantFields) -> Option<(String, String)> {
    let (latin_family, latin_given) = (f.latin_family_name.trim(), f.latin_given_name.trim());
    if !latin_family.is_empty() || !latin_given.is_empty() {
        return Some((latin_family.to_string(), latin_given.to_string()));
    }
    let (family, given) = (f.family_name.trim(), f.given_name.trim());
    match script(&format!("{family} {given}")) {
        Script::Latin => Some((family.to_string(), given.to_string())),
        Script::Transliterated => Some((transliterate(family), transliterate(given))),
        Script::Other => None,
    }
}

/// Does the desk need to type this player's Latin name (the name is in a script the files cannot spell, and no
/// Latin name is there yet)?
pub fn needs_latin_name(f: &ParticipantFields) -> bool {
    for_files(f).is_none()
}

/// The refusal of a file for other programs that would have to guess names: `players` are those without a
/// Latin name, each as the sheets name them ("#12 山田 太郎"), `file` the file's name (".h9").
pub fn missing_latin_names(file: &str, players: &[String]) -> Rejected {
    let listed = match players {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    Rejected::Precondition(format!(
        "add a Latin name for {listed} on the registration desk, then export again: the {file} file writes every \
         name in Latin letters"
    ))
}

/// The names a search finds a player by, each folded as (family, given): the name as written first, then the
/// Latin name when one is typed, then the transliteration of a Cyrillic or Greek name. No name twice.
pub fn search_names(f: &ParticipantFields) -> Vec<(String, String)> {
    let mut names = vec![(fold(&f.family_name), fold(&f.given_name))];
    let mut add = |family: &str, given: &str| {
        let pair = (fold(family), fold(given));
        let blank = pair.0.is_empty() && pair.1.is_empty();
        if !blank && !names.contains(&pair) {
            names.push(pair);
        }
    };
    add(&f.latin_family_name, &f.latin_given_name);
    if script(&format!("{} {}", f.family_name, f.given_name)) == Script::Transliterated {
        add(
            &transliterate(&f.family_name),
            &transliterate(&f.given_name),
        );
    }
    names
}

/// The text a page's own filter matches typed words against (`/assets/live.js`): every name of
/// [`search_names`] as "family given", one after the other.
pub fn search_text(f: &ParticipantFields) -> String {
    search_names(f)
        .into_iter()
        .map(|(family, given)| format!("{family} {given}").trim().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests;
