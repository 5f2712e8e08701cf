//! Placement: orders players by the configured criteria, highest value first, by refining groups of tied
//! players one criterion at a time (group criteria such as head-to-head are computed inside each tied group).
//! Players equal on every criterion share a place and are listed by player number, then id. Also the
//! per-section standings with their winners, when the settings ask for sections: McMahon sections (players
//! sharing a starting MMS, the top one being the group at the bar) or the director's categories by rank; in a
//! tournament played in groups, its groups, each placed on its own (and no overall order across them). Ghosts are not placed (they still count as opponents).

use std::collections::BTreeMap;

use tengen_draw::model::{HalfPoints, PlayerId, Rank, RoundNo, Snapshot};

use crate::score::ScoreTable;
use crate::settings::{Criterion, Sections, Settings};
use crate::tiebreak;
use crate::value::Value;

/// One line of a standings table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Place, 1-based; tied players share the place of the first of them.
    pub place: u32,
    /// True when another player shares this place.
    pub shared: bool,
    /// Who.
    pub player: PlayerId,
    /// Player number by strength.
    pub number: u32,
    /// Starting McMahon score (the player's section).
    pub starting_mms: HalfPoints,
    /// McMahon score after the last counted round, as it places (see [`crate::settings::Placing`]).
    pub mms: HalfPoints,
    /// The McMahon score a wall chart prints ([`ScoreTable::grid_mms`]): under Mays' placing, the earned score
    /// plus the ½ per round missed before a round played (a latecomer's, a returning player's); equal to `mms`
    /// otherwise. Where the two differ, a table shows both: `mms` places, `grid_mms` is Mays' figure.
    pub grid_mms: HalfPoints,
    /// Wins after the last counted round.
    pub wins: HalfPoints,
    /// One value per configured criterion; `None` for a group criterion the player was not tied on.
    pub values: Vec<Option<Value>>,
}

/// The standings of one section (McMahon section or category).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The section's starting McMahon score (for a category: the highest among its members).
    pub starting_mms: HalfPoints,
    /// For a category: its lowest rank; `None` for a McMahon section or a group.
    pub lowest_rank: Option<Rank>,
    /// For a group: its number, 1 the strongest.
    pub group: Option<u32>,
    /// Its members, placed among themselves.
    pub rows: Vec<Row>,
}

impl Section {
    /// Is it a McMahon section (neither a category nor a group)? Only those have a starting MMS to show.
    pub fn is_mcmahon(&self) -> bool {
        self.lowest_rank.is_none() && self.group.is_none()
    }

    /// The players in first place of the section (several when tied on every criterion).
    pub fn winners(&self) -> Vec<PlayerId> {
        self.rows
            .iter()
            .filter(|r| r.place == 1)
            .map(|r| r.player)
            .collect()
    }
}

/// Standings after a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    /// The last round counted.
    pub after: RoundNo,
    /// The criteria, in order; `Row::values` follows it.
    pub criteria: Vec<Criterion>,
    /// Every player, in placement order; in a tournament played in groups, group by group, each placed on its own.
    pub rows: Vec<Row>,
    /// The sections, strongest first (empty when the settings ask for none). McMahon sections: one per
    /// starting MMS, the first being the group at the bar; categories: one per non-empty category.
    pub sections: Vec<Section>,
}

impl Standings {
    /// Are the sections McMahon sections, so a table of them shows each one's starting MMS?
    pub fn mcmahon_sections(&self) -> bool {
        self.sections.iter().any(Section::is_mcmahon)
    }

    /// Criterion `i`'s value as people read it: the number, or for `Sequence` the results round by round as
    /// letters (`WLW`: W win or bye, J jigo, L loss or no game), which a number with its leading zeros lost is not;
    /// for `HeadToHead` the level among the tied players (1 first), for `Survival` the round a player went out,
    /// for `Rank` the rank (`3d`, `5k`).
    pub fn value_text(&self, i: usize, v: Option<Value>) -> String {
        let Some(v) = v else {
            return String::new();
        };
        let rounds = self.after.0 as usize;
        match self.criteria.get(i) {
            Some(Criterion::Sequence) if rounds <= 18 && v.denom() == 1 => {
                let digits = format!("{:0rounds$}", v.numer());
                digits
                    .chars()
                    .map(|d| match d {
                        '2' => 'W',
                        '1' => 'J',
                        _ => 'L',
                    })
                    .collect()
            }
            // Head-to-head is kept as −level (higher is better); people read the level itself, counted from 1:
            // 1 for the tied players nobody else tied beat, 2 for those only a 1 beat, and so on.
            Some(Criterion::HeadToHead) if v.denom() == 1 => (1 - v.numer()).to_string(),
            Some(Criterion::Survival) if v.denom() == 1 => {
                if v.numer() > i64::from(self.after.0) {
                    "in".to_string()
                } else {
                    format!("R{}", v.numer())
                }
            }
            Some(Criterion::Rank) => rank_text(v),
            _ => v.to_string(),
        }
    }

    /// Does any placed player's wall-chart MMS differ from the MMS that places them (Mays' placing, a latecomer
    /// or a player who came back)? Then the tables show both.
    pub fn grid_differs(&self) -> bool {
        self.rows.iter().any(|r| r.grid_mms != r.mms)
    }

    /// The row of a player.
    pub fn row(&self, player: PlayerId) -> Option<&Row> {
        self.rows.iter().find(|r| r.player == player)
    }

    /// The winners of the top section (McMahon sections: the players starting at the bar).
    pub fn bar_winners(&self) -> Vec<PlayerId> {
        self.sections
            .first()
            .map(Section::winners)
            .unwrap_or_default()
    }
}

/// A rank criterion's value as people read it (`3d`, `5k`).
pub(crate) fn rank_text(v: Value) -> String {
    i32::try_from(v.numer())
        .ok()
        .filter(|_| v.denom() == 1)
        .map_or_else(|| v.to_string(), |r| Rank(r).to_string())
}

/// Standings of `snapshot` after round `after` under `settings`, with per-section standings.
pub fn standings(snapshot: &Snapshot, after: RoundNo, settings: &Settings) -> Standings {
    let table = ScoreTable::build(snapshot, after, &settings.scores);
    standings_of(&table, settings)
}

/// Standings from an already built grid.
pub fn standings_of(table: &ScoreTable, settings: &Settings) -> Standings {
    let cache: Vec<Option<Vec<Value>>> = settings
        .criteria
        .iter()
        .map(|&c| tiebreak::individual(table, c))
        .collect();
    let everyone: Vec<usize> = (0..table.len()).filter(|&p| !table.ghosts[p]).collect();
    let grouped = matches!(settings.sections, Sections::Groups(_));
    let sections: Vec<Section> = sections_of(table, &settings.sections, &everyone)
        .into_iter()
        .enumerate()
        .map(|(i, (lowest_rank, members))| Section {
            starting_mms: members
                .iter()
                .map(|&p| table.starts[p])
                .max()
                .unwrap_or_default(),
            lowest_rank,
            group: grouped.then_some(i as u32 + 1),
            rows: place(table, &settings.criteria, &cache, &members),
        })
        .collect();
    let rows = if grouped {
        sections.iter().flat_map(|s| s.rows.clone()).collect()
    } else {
        place(table, &settings.criteria, &cache, &everyone)
    };
    Standings {
        after: table.after,
        criteria: settings.criteria.clone(),
        rows,
        sections,
    }
}

/// The members of each section, strongest section first, with the category's lowest rank (empty sections are
/// left out).
fn sections_of(
    table: &ScoreTable,
    sections: &Sections,
    everyone: &[usize],
) -> Vec<(Option<Rank>, Vec<usize>)> {
    match sections {
        Sections::None => Vec::new(),
        Sections::ByStartingMms => {
            let mut by_start: BTreeMap<std::cmp::Reverse<HalfPoints>, Vec<usize>> = BTreeMap::new();
            for &p in everyone {
                by_start
                    .entry(std::cmp::Reverse(table.starts[p]))
                    .or_default()
                    .push(p);
            }
            by_start.into_values().map(|m| (None, m)).collect()
        }
        Sections::Groups(groups) => {
            let placed: std::collections::BTreeSet<usize> = everyone.iter().copied().collect();
            groups
                .iter()
                .map(|g| {
                    let members: Vec<usize> = g
                        .iter()
                        .filter_map(|id| table.ids.binary_search(id).ok())
                        .filter(|p| placed.contains(p))
                        .collect();
                    (None, members)
                })
                .filter(|(_, m)| !m.is_empty())
                .collect()
        }
        Sections::ByRank(lowest) if lowest.is_empty() => Vec::new(),
        Sections::ByRank(lowest) => {
            let mut by_category: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
            for &p in everyone {
                let k = lowest
                    .iter()
                    .position(|l| table.ranks[p] >= *l)
                    .unwrap_or(lowest.len() - 1);
                by_category.entry(k).or_default().push(p);
            }
            by_category
                .into_iter()
                .map(|(k, m)| (Some(lowest[k]), m))
                .collect()
        }
    }
}

/// Places `members` (indices into `table`) by `criteria`; `cache[i]` holds criterion i's values for every
/// player when it is an individual criterion.
pub fn place(
    table: &ScoreTable,
    criteria: &[Criterion],
    cache: &[Option<Vec<Value>>],
    members: &[usize],
) -> Vec<Row> {
    let mut values: BTreeMap<usize, Vec<Option<Value>>> = members
        .iter()
        .map(|&p| (p, vec![None; criteria.len()]))
        .collect();
    let mut first: Vec<usize> = members.to_vec();
    first.sort_by_key(|&p| (table.numbers[p], table.ids[p]));
    let mut groups = vec![first];
    for (ci, &criterion) in criteria.iter().enumerate() {
        let mut refined = Vec::with_capacity(groups.len());
        for group in groups {
            let vals: Vec<Value> = match &cache[ci] {
                Some(all) => group.iter().map(|&p| all[p]).collect(),
                None if group.len() > 1 => tiebreak::group_values(table, criterion, &group),
                None => {
                    refined.push(group);
                    continue;
                }
            };
            for (&p, &v) in group.iter().zip(&vals) {
                if let Some(slot) = values.get_mut(&p) {
                    slot[ci] = Some(v);
                }
            }
            split(group, vals, &mut refined);
        }
        groups = refined;
    }
    rows_of(table, groups, &mut values)
}

/// Sorts one group by value (highest first, stable) and pushes the runs of equal values as new groups.
fn split(group: Vec<usize>, vals: Vec<Value>, out: &mut Vec<Vec<usize>>) {
    let mut pairs: Vec<(Value, usize)> = vals.into_iter().zip(group).collect();
    pairs.sort_by_key(|pair| std::cmp::Reverse(pair.0));
    let mut current: Vec<usize> = Vec::new();
    let mut last: Option<Value> = None;
    for (v, p) in pairs {
        if last.is_some_and(|l| l != v) {
            out.push(std::mem::take(&mut current));
        }
        last = Some(v);
        current.push(p);
    }
    if !current.is_empty() {
        out.push(current);
    }
}

fn rows_of(
    table: &ScoreTable,
    groups: Vec<Vec<usize>>,
    values: &mut BTreeMap<usize, Vec<Option<Value>>>,
) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut place = 1u32;
    for group in groups {
        let shared = group.len() > 1;
        for &p in &group {
            rows.push(Row {
                place,
                shared,
                player: table.ids[p],
                number: table.numbers[p],
                starting_mms: table.starts[p],
                mms: table.placing_mms(p),
                grid_mms: table.grid_mms(p),
                wins: table.wins[p],
                values: values.remove(&p).unwrap_or_default(),
            });
        }
        place += group.len() as u32;
    }
    rows
}

#[cfg(test)]
mod tests {
    use tengen_draw::model::{GameResult, Outcome, PastGame, Player};

    use super::*;
    use crate::explain::explain;
    use crate::settings::{MissedRounds, Placing, ScoreRules};

    const X: u32 = 1;
    const Y: u32 = 2;
    const Z: u32 = 3;

    fn player(id: u32, start_points: i32, plays: std::ops::RangeInclusive<u32>) -> Player {
        Player {
            id: PlayerId(id),
            number: id,
            family_name: format!("P{id}"),
            given_name: String::new(),
            rank: Rank(start_points),
            rating: None,
            club: String::new(),
            city: String::new(),
            country: String::new(),
            family: None,
            local: false,
            starting_mms: HalfPoints(2 * start_points),
            participation: (1..=6).map(|r| plays.contains(&r)).collect(),
            ghost: false,
        }
    }

    /// A game of round `r` that `winner` (White) won, even.
    fn won(r: u32, winner: u32, loser: u32) -> PastGame {
        PastGame {
            round: RoundNo(r),
            white: PlayerId(winner),
            black: PlayerId(loser),
            handicap: 0,
            result: GameResult::played(Outcome::WhiteWins),
            known_colour: true,
        }
    }

    /// Mays p. 16: a player who could play only Saturday's three rounds of six "played his three games, and won
    /// them all. He ended up tied for first place with two other players. He then won the tie-break
    /// calculations": X beats Y and Z in rounds 1 and 2, and a filler in round 3; Y and Z win three of six. Six
    /// fillers four points below give everyone else their games.
    fn day_one_player() -> Snapshot {
        let mut players = vec![
            player(X, 0, 1..=3),
            player(Y, 0, 1..=6),
            player(Z, 0, 1..=6),
        ];
        players.extend((10..16).map(|id| player(id, -4, 1..=6)));
        let mut games = Vec::new();
        let mut game = |r: u32, winner: u32, loser: u32| games.push(won(r, winner, loser));
        game(1, X, Y);
        game(2, X, Z);
        game(3, X, 10);
        for r in 1..=6u32 {
            let filler = |k: u32| 10 + (r + k) % 6;
            match r {
                1 => {}
                2..=4 => game(r, Y, filler(1)),
                _ => game(r, filler(1), Y),
            }
            match r {
                2 => {}
                1 | 3 | 5 => game(r, Z, filler(2)),
                _ => game(r, filler(2), Z),
            }
        }
        Snapshot {
            round: 7,
            rounds_total: 6,
            players,
            games,
            byes: Vec::new(),
        }
    }

    fn top_three(s: &Standings) -> Vec<(u32, HalfPoints)> {
        s.rows.iter().take(3).map(|r| (r.player.0, r.mms)).collect()
    }

    #[test]
    fn issue_12_mays_day_one_player_ties_on_mms_with_the_players_he_would_outrank() {
        let s = standings(&day_one_player(), RoundNo(6), &Settings::mays());
        let mut top = top_three(&s);
        top.sort();
        // Three wins each, the missed rounds place like losses: all three on 3.
        assert_eq!(
            top,
            vec![(X, HalfPoints(6)), (Y, HalfPoints(6)), (Z, HalfPoints(6))]
        );
        // "He then won the tie-break calculations and finished in first place": on SOS, which still sees the
        // credit (X's adjusted score has ½ per missed round; his own SOS is normalised over his three games).
        assert_eq!(s.rows[0].player, PlayerId(X));
        for other in [Y, Z] {
            let e = explain(&s, PlayerId(X), PlayerId(other)).expect("both placed");
            assert_eq!(e.higher, PlayerId(X));
            assert_eq!(e.equal_on, vec![(Criterion::Mms, Value::int(3))]);
            assert!(e
                .separated_by
                .is_some_and(|(c, _, _)| c == Criterion::Sos(crate::settings::SosRules::MAYS)));
        }
        assert_eq!(s.sections[0].winners(), vec![PlayerId(X)]);
    }

    #[test]
    fn issue_12_with_the_credit_in_placing_the_day_one_player_would_be_alone_in_first() {
        // The same tournament placed the OpenGotha way (Mays' ½ per missed round counted): 3 + 1½ = 4½.
        let mut settings = Settings::mays();
        settings.scores.placing = Placing::WithCredits;
        let s = standings(&day_one_player(), RoundNo(6), &settings);
        assert_eq!(s.rows[0].player, PlayerId(X));
        assert_eq!(s.rows[0].mms, HalfPoints(9));
        assert!(!s.rows[0].shared);
        // The EGF profile: one point for three missed rounds (BGA/OpenGotha rounding), still alone in first.
        let s = standings(&day_one_player(), RoundNo(6), &Settings::egf());
        assert_eq!(
            (s.rows[0].player, s.rows[0].mms),
            (PlayerId(X), HalfPoints(8))
        );
        assert_eq!(
            Settings::egf().scores,
            ScoreRules {
                missed: MissedRounds::BgaOnePerTwo,
                bye: HalfPoints::ONE,
                placing: Placing::WithCredits,
            }
        );
    }

    /// Issue 29's Quebec Open 2005 figure: a latecomer in the −12 section who joins in round 4 and wins two of
    /// three prints −10 + 3 × ½ = −8.5 on Mays' grid, where Tengen printed the −10 he earned. Q, in the same
    /// section, played all six rounds and won three: −9. Placement stays by the earned score (Q above L), the
    /// grid's figure beside it.
    #[test]
    fn issue_29_a_round_4_latecomer_shows_minus_8_5_and_places_on_minus_10() {
        const L: u32 = 1;
        const Q: u32 = 2;
        let mut players = vec![player(L, -12, 4..=6), player(Q, -12, 1..=6)];
        players.extend((10..14).map(|id| player(id, -12, 1..=6)));
        let mut games = Vec::new();
        let mut game = |r: u32, winner: u32, loser: u32| games.push(won(r, winner, loser));
        for (r, q_beats) in [
            (1, true),
            (2, true),
            (3, true),
            (4, false),
            (5, false),
            (6, false),
        ] {
            let q_opponent = 10 + (r - 1) % 4;
            if q_beats {
                game(r, Q, q_opponent);
            } else {
                game(r, q_opponent, Q);
            }
        }
        game(4, L, 10);
        game(5, L, 11);
        game(6, 12, L);
        let snapshot = Snapshot {
            round: 7,
            rounds_total: 6,
            players,
            games,
            byes: Vec::new(),
        };
        let s = standings(&snapshot, RoundNo(6), &Settings::mays());
        let l = s.row(PlayerId(L)).expect("placed");
        let q = s.row(PlayerId(Q)).expect("placed");
        assert_eq!((l.mms, l.grid_mms), (HalfPoints(-20), HalfPoints(-17)));
        assert_eq!((q.mms, q.grid_mms), (HalfPoints(-18), HalfPoints(-18)));
        assert!(q.place < l.place, "placed by the earned −9 above −10");
        assert!(s.grid_differs());
    }

    #[test]
    fn sections_follow_the_settings_none_starting_mms_or_categories() {
        let snap = day_one_player();
        let mut settings = Settings::mays();
        settings.sections = Sections::None;
        assert!(standings(&snap, RoundNo(6), &settings).sections.is_empty());
        settings.sections = Sections::ByStartingMms;
        let s = standings(&snap, RoundNo(6), &settings);
        assert_eq!(s.sections.len(), 2);
        assert_eq!(s.sections[1].starting_mms, HalfPoints(-8));
        // Categories by rank: X, Y, Z are "1d" (rank 0) here, the fillers "4k" (rank −4): 2k and above, the rest.
        settings.sections = Sections::ByRank(vec![Rank(-2), Rank(-30)]);
        let s = standings(&snap, RoundNo(6), &settings);
        let sizes: Vec<(Option<Rank>, usize)> = s
            .sections
            .iter()
            .map(|x| (x.lowest_rank, x.rows.len()))
            .collect();
        assert_eq!(sizes, vec![(Some(Rank(-2)), 3), (Some(Rank(-30)), 6)]);
    }
}
