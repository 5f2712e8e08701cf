//! Rating lists kept offline for registration: the EGD list, the AGA TD list and the FFG échelle, each loaded in
//! parts by a logged command (so the standby and a restart hold the same list), and the lookup a registration
//! desk makes by name or id. Pure; owns no parsing of the list files (the desk program parses them) and never
//! touches the register's participants.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::error::Rejected;
use super::event::Event;
use super::name::fold;
use super::state::State;

/// Players sent in one part at most (a part is one log entry).
pub const MAX_PART: usize = 5_000;
/// Parts of one list at most (a million players).
pub const MAX_PARTS: u32 = 200;
/// Candidates a lookup returns at most.
pub const MAX_CANDIDATES: usize = 50;
/// Characters of any text field of a listed player.
const MAX_TEXT: usize = 200;

/// Which list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RatingSource {
    /// The European Go Database (ids are EGD pins).
    Egd,
    /// The American Go Association's TD list (ids are AGA ids).
    Aga,
    /// The French federation's échelle (ids are FFG licences).
    Ffg,
}

impl RatingSource {
    /// Lower-case name: `egd`, `aga`, `ffg`.
    pub fn as_str(self) -> &'static str {
        match self {
            RatingSource::Egd => "egd",
            RatingSource::Aga => "aga",
            RatingSource::Ffg => "ffg",
        }
    }

    /// Parses a name (`egd` or `egf`, `aga`, `ffg`).
    pub fn parse(text: &str) -> Option<RatingSource> {
        match text.trim().to_ascii_lowercase().as_str() {
            "egd" | "egf" => Some(RatingSource::Egd),
            "aga" => Some(RatingSource::Aga),
            "ffg" => Some(RatingSource::Ffg),
            _ => None,
        }
    }
}

/// One player of a list, as the desk program read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatedPlayer {
    /// The list's id: EGD pin, AGA id or FFG licence.
    pub id: String,
    /// Family name.
    pub family: String,
    /// Given name.
    pub given: String,
    /// Rank as text (`3d`, `12k`), empty when the list has none.
    pub rank: String,
    /// Rating on the EGF GoR scale, when the list has one.
    pub rating: Option<i32>,
    /// Club.
    pub club: String,
    /// Country (two letters) or empty.
    pub country: String,
}

/// What a rating list holds, without its players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingListInfo {
    /// Which list.
    pub source: RatingSource,
    /// The file's name.
    pub file: String,
    /// The list's own date.
    pub date: String,
    /// Players loaded so far.
    pub players: u64,
    /// Parts announced.
    pub parts: u32,
    /// Parts received.
    pub received: u32,
}

/// A loaded list.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RatingList {
    /// The file it was read from (its name, not a path).
    pub file: String,
    /// The list's own date, when it states one.
    pub date: String,
    /// Parts announced.
    pub parts: u32,
    /// Parts received (the list is complete when all are).
    pub received: u32,
    /// The players, in file order.
    pub players: Vec<RatedPlayer>,
    /// Search keys (folded "family given" and "given family"), one pair per player; rebuilt, never stored.
    #[serde(skip)]
    keys: Vec<(String, String)>,
}

impl RatingList {
    /// What the list holds, without its players.
    pub fn info(&self, source: RatingSource) -> RatingListInfo {
        RatingListInfo {
            source,
            file: self.file.clone(),
            date: self.date.clone(),
            players: self.players.len() as u64,
            parts: self.parts,
            received: self.received,
        }
    }

    /// All parts are in.
    pub fn complete(&self) -> bool {
        self.received == self.parts
    }

    /// Adds players (and their search keys).
    fn extend(&mut self, players: &[RatedPlayer]) {
        self.keys.extend(players.iter().map(|p| {
            (
                fold(&format!("{} {}", p.family, p.given)),
                fold(&format!("{} {}", p.given, p.family)),
            )
        }));
        self.players.extend_from_slice(players);
    }

    /// Rebuilds the search keys after a snapshot was loaded.
    pub fn reindex(&mut self) {
        let players = std::mem::take(&mut self.players);
        self.keys.clear();
        self.extend(&players);
    }
}

/// Decides a part of a list: part 0 starts the list afresh, each later part must follow the one before.
pub fn load(
    state: &State,
    source: RatingSource,
    file: &str,
    date: &str,
    part: u32,
    parts: u32,
    players: &[RatedPlayer],
) -> Result<Vec<Event>, Rejected> {
    if parts == 0 || parts > MAX_PARTS || part >= parts {
        return Err(Rejected::invalid(
            "part",
            format!("part {part} of {parts}: parts are numbered 0..parts, at most {MAX_PARTS}"),
        ));
    }
    if players.len() > MAX_PART {
        return Err(Rejected::invalid(
            "players",
            format!("{} players in one part (at most {MAX_PART})", players.len()),
        ));
    }
    if file.trim().is_empty() || file.chars().count() > MAX_TEXT || date.chars().count() > MAX_TEXT
    {
        return Err(Rejected::invalid(
            "file",
            "the file name is required, at most 200 characters",
        ));
    }
    for p in players {
        let texts = [&p.id, &p.family, &p.given, &p.rank, &p.club, &p.country];
        if texts.iter().any(|t| t.chars().count() > MAX_TEXT) || p.family.trim().is_empty() {
            return Err(Rejected::invalid(
                "players",
                format!(
                    "{:?} {:?}: a family name is required and no field may exceed 200 characters",
                    p.family, p.given
                ),
            ));
        }
    }
    if part > 0 {
        let current = state.ratings.get(&source);
        let follows = current.is_some_and(|l| {
            l.file == file && l.date == date && l.parts == parts && l.received == part
        });
        if !follows {
            return Err(Rejected::Precondition(format!(
                "part {} of {file} ({}) does not follow the parts loaded so far: load the list again from its start",
                part + 1,
                source.as_str()
            )));
        }
    }
    Ok(vec![Event::RatingsLoaded {
        source,
        file: file.to_string(),
        date: date.to_string(),
        part,
        parts,
        players: players.to_vec(),
    }])
}

/// Applies a loaded part.
pub(super) fn apply(
    lists: &mut BTreeMap<RatingSource, RatingList>,
    source: RatingSource,
    file: &str,
    date: &str,
    part: u32,
    parts: u32,
    players: &[RatedPlayer],
) {
    let list = lists.entry(source).or_default();
    if part == 0 {
        *list = RatingList {
            file: file.to_string(),
            date: date.to_string(),
            parts,
            ..RatingList::default()
        };
    }
    list.extend(players);
    list.received = part + 1;
}

/// Candidates for `query`, best first: an exact id (pin, AGA id, licence); else names whose folded "family given"
/// or "given family" starts with the query, or whose family name does; complete lists only.
pub fn lookup<'a>(
    lists: &'a BTreeMap<RatingSource, RatingList>,
    query: &str,
    limit: usize,
) -> Vec<(RatingSource, &'a RatedPlayer)> {
    let limit = limit.clamp(1, MAX_CANDIDATES);
    let q = fold(query);
    if q.is_empty() {
        return Vec::new();
    }
    let mut found: Vec<(u8, RatingSource, &RatedPlayer)> = Vec::new();
    for (source, list) in lists.iter().filter(|(_, l)| l.complete()) {
        for (p, (key, reversed)) in list.players.iter().zip(&list.keys) {
            let rank = if p.id == query.trim() {
                0
            } else if *key == q {
                1
            } else if key.starts_with(&q) {
                2
            } else if reversed.starts_with(&q) {
                3
            } else {
                continue;
            };
            found.push((rank, *source, p));
        }
    }
    found.sort_by(|a, b| {
        (a.0, a.1, &a.2.family, &a.2.given).cmp(&(b.0, b.1, &b.2.family, &b.2.given))
    });
    found
        .into_iter()
        .take(limit)
        .map(|(_, s, p)| (s, p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: &str, family: &str, given: &str) -> RatedPlayer {
        RatedPlayer {
            id: id.into(),
            family: family.into(),
            given: given.into(),
            rank: "3k".into(),
            rating: Some(1800),
            club: "Club".into(),
            country: "FR".into(),
        }
    }

    fn lists(parts: &[&[RatedPlayer]]) -> BTreeMap<RatingSource, RatingList> {
        let mut lists = BTreeMap::new();
        for (i, p) in parts.iter().enumerate() {
            apply(
                &mut lists,
                RatingSource::Ffg,
                "ech.txt",
                "2021-01-11",
                i as u32,
                parts.len() as u32,
                p,
            );
        }
        lists
    }

    #[test]
    fn lookup_by_id_name_prefix_either_order_accents_folded() {
        let l = lists(&[
            &[
                player("0027700", "Nemo", "André"),
                player("1900227", "Moscardo", "Léo"),
            ],
            &[
                player("1800014", "Minieri", "Davide"),
                player("1", "Côté", "Anne"),
            ],
        ]);
        let names = |q: &str| -> Vec<String> {
            lookup(&l, q, 10)
                .into_iter()
                .map(|(_, p)| format!("{} {}", p.family, p.given))
                .collect()
        };
        assert_eq!(names("0027700"), ["Nemo André"]);
        assert_eq!(names("cote"), ["Côté Anne"]);
        assert_eq!(names("mo"), ["Moscardo Léo"]);
        assert_eq!(names("leo mos"), ["Moscardo Léo"]);
        assert_eq!(names("MINIERI DAVIDE"), ["Minieri Davide"]);
        assert!(names("zz").is_empty());
        assert!(names("  ").is_empty());
    }

    #[test]
    fn an_incomplete_list_finds_nobody_and_a_new_load_replaces_the_old() {
        let mut l = BTreeMap::new();
        apply(
            &mut l,
            RatingSource::Egd,
            "a",
            "",
            0,
            2,
            &[player("1", "Abe", "A")],
        );
        assert!(
            lookup(&l, "abe", 5).is_empty(),
            "half a list is not offered"
        );
        apply(
            &mut l,
            RatingSource::Egd,
            "a",
            "",
            1,
            2,
            &[player("2", "Baker", "B")],
        );
        assert_eq!(lookup(&l, "abe", 5).len(), 1);
        apply(
            &mut l,
            RatingSource::Egd,
            "b",
            "",
            0,
            1,
            &[player("3", "Chen", "C")],
        );
        assert!(lookup(&l, "abe", 5).is_empty());
        assert_eq!(l[&RatingSource::Egd].players.len(), 1);
        let mut reloaded: RatingList =
            serde_json::from_str(&serde_json::to_string(&l[&RatingSource::Egd]).expect("json"))
                .expect("back");
        reloaded.reindex();
        let mut again = BTreeMap::new();
        again.insert(RatingSource::Egd, reloaded);
        assert_eq!(
            lookup(&again, "chen", 5).len(),
            1,
            "keys rebuilt after a snapshot"
        );
    }
}
