//! Teams of the team competition (issue 33): which team name is which team. Entrants name their team on the
//! register (`ParticipantFields::team`); two desks typing "Olga's team" and "olga’s  team" mean the same team,
//! so teams are compared by a key that ignores case, accents, the kind of apostrophe and repeated spaces.
//!
//! Pure: reads only the names it is given. The standings of the teams are `tengen_standings::teams`; who is in
//! which team of a tournament is the roster's (`app::teams`).

/// The key two spellings of one team share: Latin letters (`deunicode`), lower case, letters and digits only,
/// words separated by one space. Empty for a name with no letter or digit (no team).
pub fn key(name: &str) -> String {
    let latin = deunicode::deunicode(name).to_lowercase();
    let mut key = String::with_capacity(latin.len());
    for word in latin.split(|c: char| !c.is_ascii_alphanumeric()) {
        if word.is_empty() {
            continue;
        }
        if !key.is_empty() {
            key.push(' ');
        }
        key.push_str(word);
    }
    key
}

use std::collections::BTreeMap;

/// By team key, the spelling of `spellings` most frequent for that key (the first in the alphabet on a tie).
pub fn spelled<'s>(spellings: impl Iterator<Item = &'s str>) -> BTreeMap<String, String> {
    let mut counts: BTreeMap<String, BTreeMap<&str, usize>> = BTreeMap::new();
    for s in spellings {
        let k = key(s);
        if !k.is_empty() {
            *counts.entry(k).or_default().entry(s).or_default() += 1;
        }
    }
    counts
        .into_iter()
        .filter_map(|(k, by)| {
            let best = by
                .iter()
                .max_by_key(|(s, n)| (**n, std::cmp::Reverse(**s)))
                .map(|(s, _)| (*s).to_string())?;
            Some((k, best))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::key;

    #[test]
    fn one_team_however_a_desk_types_it() {
        assert_eq!(key("Olga's team"), key("olga’s  TEAM"));
        assert_eq!(key("Poilâne"), key("poilane"));
        assert_eq!(key("Levallois-Jussieu"), "levallois jussieu");
        assert_ne!(key("Team 1"), key("Team 2"));
        assert_eq!(key(" - "), "");
    }
}
