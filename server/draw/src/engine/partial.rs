//! Partial draws (Mays, "Pairing While Games Are Still in Progress"): pair the bottom score groups whose games are
//! finished while the others still play.
//!
//! The snapshot for round r carries round r−1's games, some still with [`Outcome::Unknown`] results, and any games
//! of round r drawn earlier. [`complete_groups`] says which bottom groups are final; [`draw_subset`] pairs a given
//! set of players with the same engine as a full draw.

use std::collections::BTreeMap;

use crate::model::{DrawError, HalfPoints, Outcome, PlayerId, Round, RoundNo, Settings, Snapshot};

use super::context::Field;
use super::{bye, Plan};

/// One score group of the players still to pair, as known now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreGroup {
    /// The group's main score (for players with an unfinished game: their score if they lose).
    pub main: HalfPoints,
    /// Its players, by player number.
    pub players: Vec<PlayerId>,
    /// True when no unfinished game can move a player into or out of this group or any group below it.
    pub complete: bool,
    /// True when no unfinished game can move a player into or out of this group (a win adds at most one point):
    /// it may be paired on its own wherever it stands, Mays' "pairing anywhere".
    pub settled: bool,
}

/// What can be drawn now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompleteGroups {
    /// The groups of the players still to pair, lowest score first.
    pub groups: Vec<ScoreGroup>,
    /// The bye the full draw would give now (the field is odd), chosen first as Mays asks.
    pub bye: Option<PlayerId>,
    /// The players that can be paired now: every complete group, minus the bye, and — when that leaves an odd
    /// number — minus the strongest player of the highest complete group, held in reserve to pair up later.
    pub ready: Vec<PlayerId>,
}

/// Which bottom groups are finished and can be drawn now.
pub fn complete_groups(
    snapshot: &Snapshot,
    settings: &Settings,
) -> Result<CompleteGroups, DrawError> {
    let field = Field::new(snapshot, settings, 0)?;
    let pairable = field.pairable();
    let previous = RoundNo(snapshot.round.saturating_sub(1));
    let unfinished: Vec<PlayerId> = snapshot
        .games
        .iter()
        .filter(|g| g.round == previous && g.result.outcome == Outcome::Unknown)
        .flat_map(|g| [g.white, g.black])
        .filter(|id| pairable.contains(id))
        .collect();
    let open: Vec<i32> = unfinished.iter().map(|id| field.main(*id)).collect();
    let lowest_open = open.iter().copied().min();
    let mut by_main: BTreeMap<i32, Vec<PlayerId>> = BTreeMap::new();
    for id in &pairable {
        by_main.entry(field.main(*id)).or_default().push(*id);
    }
    let groups: Vec<ScoreGroup> = by_main
        .into_iter()
        .map(|(main, players)| ScoreGroup {
            main: HalfPoints(main),
            players,
            complete: lowest_open.is_none_or(|open| main < open),
            settled: !open.iter().any(|s| (*s..=s + 2).contains(&main)),
        })
        .collect();
    let bye = if pairable.len() % 2 == 1 && field.bye_given.is_none() {
        bye::choose_bye(&field, &pairable)
    } else {
        None
    };
    let mut ready: Vec<PlayerId> = groups
        .iter()
        .filter(|g| g.complete)
        .flat_map(|g| g.players.iter().copied())
        .filter(|id| Some(*id) != bye)
        .collect();
    if ready.len() % 2 == 1 {
        let top = groups.iter().filter(|g| g.complete).map(|g| g.main).max();
        let reserve = ready
            .iter()
            .copied()
            .filter(|id| Some(HalfPoints(field.main(*id))) == top)
            .min_by_key(|id| field.number_key(*id));
        ready.retain(|id| Some(*id) != reserve);
    }
    ready.sort_by_key(|id| field.number_key(*id));
    Ok(CompleteGroups { groups, bye, ready })
}

/// Pairs only `players` (e.g. [`CompleteGroups::ready`]). When the whole field is odd the bye is chosen first
/// from the whole field, as in a full draw, and reported in the round even if it is not among `players`.
/// Tables are numbered from `settings.first_table`: put the tables of games already drawn in
/// `settings.skip_tables`.
pub fn draw_subset(
    snapshot: &Snapshot,
    settings: &Settings,
    seed: u64,
    players: &[PlayerId],
) -> Result<Round, DrawError> {
    Ok(Plan::new(snapshot, settings, seed, Some(players))?.round())
}

/// The subset, validated against the pairable players, in player-number order.
pub(crate) fn checked_subset(
    field: &Field,
    pairable: &[PlayerId],
    ids: &[PlayerId],
) -> Result<Vec<PlayerId>, DrawError> {
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        if field.player(*id).is_none() {
            return Err(DrawError::InconsistentSnapshot(format!(
                "{id} is not registered"
            )));
        }
        if !pairable.contains(id) {
            return Err(DrawError::EditRefused(format!(
                "{id} cannot be paired now: absent this round, or already paired or given the bye"
            )));
        }
        if out.contains(id) {
            return Err(DrawError::EditRefused(format!("{id} is listed twice")));
        }
        out.push(*id);
    }
    out.sort_by_key(|id| field.number_key(*id));
    Ok(out)
}
