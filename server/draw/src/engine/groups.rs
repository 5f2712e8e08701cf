//! Groups (Mays' "groups of eight", the BGA handbook's zones 11.4 and zoned Swiss 11.6): the players of round 1, in
//! order of number (of strength), are divided into groups of about `group_size`, and each group is drawn as a
//! tournament of its own by the tournament's system (a round robin inside each zone, a Swiss "winner against
//! winner" inside each group of eight). Nobody meets a player of another group.
//!
//! The groups: as many as the field holds groups of `group_size` (rounded to the nearest, at least one, never a
//! group of one), sizes differing by one at most, the strongest group first and the larger groups before the
//! smaller. A round robin needs every group to play the same number of rounds per cycle, which groups of an even
//! size `s` and of `s + 1` do not (`s − 1` against `s + 1`): the nearest number of groups whose sizes agree is
//! taken instead (one group more or fewer, usually; one group always agrees). An odd group has its own
//! bye: the first of them (by group) is the round's bye, every other is recorded as a player through without a
//! game, which scores as a bye.
//!
//! Owns the division into groups and the merge of the groups' rounds; must not touch any system's own rule (each
//! group is drawn by [`super::draw`] on the group's part of the snapshot). Randomness: each group draws with the
//! round's seed mixed with the group's number, so a round still replays from its one stored seed.

use std::collections::BTreeSet;

use crate::model::{DrawError, Pairing, PlayerId, Round, Settings, Snapshot};

use super::context::Field;
use super::round_robin::rounds_per_cycle;
use super::tables;

/// Group sizes for `players` players in groups of about `size` (balanced, larger groups first), adjusted so that
/// in a round robin every group has the same number of rounds per cycle.
pub fn sizes(players: usize, size: usize, pairing: Pairing) -> Vec<usize> {
    if players == 0 || size == 0 {
        return vec![players];
    }
    let balanced = |groups: usize| -> Vec<usize> {
        (0..groups)
            .map(|i| players / groups + usize::from(i < players % groups))
            .collect()
    };
    // Never a group of one: at most half as many groups as players.
    let nearest = ((players + size / 2) / size).clamp(1, (players / 2).max(1));
    if pairing != Pairing::RoundRobin {
        return balanced(nearest);
    }
    // The number of groups nearest the asked one whose groups share a cycle (one group always does).
    let one_cycle = |sizes: &Vec<usize>| {
        let cycles: BTreeSet<usize> = sizes.iter().map(|&n| rounds_per_cycle(n)).collect();
        cycles.len() <= 1
    };
    (0..players)
        .flat_map(|d| [nearest + d, nearest.wrapping_sub(d)])
        .filter(|&c| (1..=(players / 2).max(1)).contains(&c))
        .map(balanced)
        .find(one_cycle)
        .unwrap_or_else(|| vec![players])
}

/// The players of round 1 by group, strongest group first, each group by number. Empty when the settings ask for
/// no groups.
pub fn groups(snapshot: &Snapshot, settings: &Settings) -> Vec<Vec<PlayerId>> {
    if settings.group_size == 0 {
        return Vec::new();
    }
    let mut field: Vec<&crate::model::Player> = snapshot
        .players
        .iter()
        .filter(|p| p.participation.first().copied().unwrap_or(true))
        .collect();
    field.sort_by_key(|p| (p.number, p.id));
    let mut rest = field.iter().map(|p| p.id);
    sizes(field.len(), settings.group_size as usize, settings.pairing)
        .into_iter()
        .map(|n| rest.by_ref().take(n).collect())
        .collect()
}

/// The part of `snapshot` one group sees: its players, the games among them, their byes.
fn part(snapshot: &Snapshot, members: &BTreeSet<PlayerId>) -> Snapshot {
    Snapshot {
        round: snapshot.round,
        rounds_total: snapshot.rounds_total,
        players: snapshot
            .players
            .iter()
            .filter(|p| members.contains(&p.id))
            .cloned()
            .collect(),
        games: snapshot
            .games
            .iter()
            .filter(|g| members.contains(&g.white) && members.contains(&g.black))
            .cloned()
            .collect(),
        byes: snapshot
            .byes
            .iter()
            .filter(|b| members.contains(&b.player))
            .cloned()
            .collect(),
    }
}

/// Draws round `snapshot.round` group by group with `inner` (the system's own draw). Refuses a knockout in groups,
/// and a player of this round who did not play round 1 (the groups are made then); a group's refusal is named by
/// its group.
pub fn draw(
    snapshot: &Snapshot,
    settings: &Settings,
    seed: u64,
    inner: fn(&Snapshot, &Settings, u64) -> Result<Round, DrawError>,
) -> Result<Round, DrawError> {
    let field = Field::new(snapshot, settings, seed)?;
    if matches!(
        settings.pairing,
        Pairing::Knockout | Pairing::DoubleElimination
    ) {
        return Err(DrawError::NoValidPairing(vec![
            "a knockout is not played in groups: split the groups' best players into a knockout instead".into(),
        ]));
    }
    let groups = groups(snapshot, settings);
    let grouped: BTreeSet<PlayerId> = groups.iter().flatten().copied().collect();
    if let Some(late) = field.pairable().iter().find(|id| !grouped.contains(id)) {
        return Err(DrawError::NoValidPairing(vec![format!(
            "#{} did not play round 1: the groups are made of the players of round 1; withdraw them from this \
             tournament",
            field.player(*late).map_or(0, |p| p.number)
        )]));
    }
    let single = Settings {
        group_size: 0,
        ..settings.clone()
    };
    let mut out = Round {
        round: field.round,
        seed,
        games: Vec::new(),
        bye: None,
        advancing: Vec::new(),
        warnings: Vec::new(),
    };
    for (i, members) in groups.iter().enumerate() {
        let members: BTreeSet<PlayerId> = members.iter().copied().collect();
        let group_seed = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let round = inner(&part(snapshot, &members), &single, group_seed).map_err(|e| match e {
            DrawError::NoValidPairing(why) => DrawError::NoValidPairing(
                why.into_iter()
                    .map(|w| format!("group {}: {w}", i + 1))
                    .collect(),
            ),
            other => other,
        })?;
        out.games.extend(round.games);
        match (out.bye, round.bye) {
            (None, Some(b)) => out.bye = Some(b),
            (Some(_), Some(b)) => out.advancing.push(b),
            _ => {}
        }
        out.advancing.extend(round.advancing);
        out.warnings.extend(round.warnings);
    }
    // Tables follow the groups, strongest first, each group's games in its own draw's order.
    for (g, t) in out.games.iter_mut().zip(tables::table_numbers(&field)) {
        g.table = t;
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
