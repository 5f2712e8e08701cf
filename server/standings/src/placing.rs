//! Placement: orders players by the configured criteria, highest value first, by refining groups of tied
//! players one criterion at a time (group criteria such as head-to-head are computed inside each tied group).
//! Players equal on every criterion share a place and are listed by player number, then id. Also the
//! per-section standings (McMahon sections = players sharing a starting MMS) with their winners, the top one
//! being the group at the bar. Ghosts are not placed (they still count as opponents).

use std::collections::BTreeMap;

use tengen_draw::model::{HalfPoints, PlayerId, RoundNo, Snapshot};

use crate::score::ScoreTable;
use crate::settings::{Criterion, Settings};
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
    /// McMahon score after the last counted round.
    pub mms: HalfPoints,
    /// Wins after the last counted round.
    pub wins: HalfPoints,
    /// One value per configured criterion; `None` for a group criterion the player was not tied on.
    pub values: Vec<Option<Value>>,
}

/// The standings of one McMahon section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The section's starting McMahon score.
    pub starting_mms: HalfPoints,
    /// Its members, placed among themselves.
    pub rows: Vec<Row>,
}

impl Section {
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
    /// Every player, in placement order.
    pub rows: Vec<Row>,
    /// One entry per starting MMS, highest first: the first is the group at the bar ("above the bar").
    pub sections: Vec<Section>,
}

impl Standings {
    /// The row of a player.
    pub fn row(&self, player: PlayerId) -> Option<&Row> {
        self.rows.iter().find(|r| r.player == player)
    }

    /// The winners of the top section (the players starting at the bar).
    pub fn bar_winners(&self) -> Vec<PlayerId> {
        self.sections
            .first()
            .map(Section::winners)
            .unwrap_or_default()
    }
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
    let rows = place(table, &settings.criteria, &cache, &everyone);
    let mut by_section: BTreeMap<std::cmp::Reverse<HalfPoints>, Vec<usize>> = BTreeMap::new();
    for &p in &everyone {
        by_section
            .entry(std::cmp::Reverse(table.starts[p]))
            .or_default()
            .push(p);
    }
    let sections = by_section
        .into_iter()
        .map(|(start, members)| Section {
            starting_mms: start.0,
            rows: place(table, &settings.criteria, &cache, &members),
        })
        .collect();
    Standings {
        after: table.after,
        criteria: settings.criteria.clone(),
        rows,
        sections,
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
                mms: table.final_mms(p),
                wins: table.wins[p],
                values: values.remove(&p).unwrap_or_default(),
            });
        }
        place += group.len() as u32;
    }
    rows
}
