//! Generalised knockout (BGA handbook 11.3): nobody is eliminated; each round, players with exactly the same
//! sequence of results meet. With a field of 2^k players every group is even and nobody meets twice (two players
//! who met have different sequences from that round on), so the first `k` rounds are a knockout in which the losers
//! keep playing, and the final order is by sequence: an early win above a late one, as the handbook orders it.
//!
//! Any other field size leaves odd groups: the weakest of an odd group (highest number) drops to the top of the
//! next group down, in sequence order; an odd field's last player left has the bye (one without a bye before,
//! when there is one). Inside a group (with any player dropped into it on top) the players pair by number, the
//! first against the last (a knockout's seeding). Only when that would repeat a game is a partner exchanged with
//! the nearest pair below that makes both games new; a repeat nothing avoids is drawn and warned.
//!
//! A sequence is one mark per earlier round: a win (also by forfeit, and the bye) above a jigo above a loss or a
//! round missed. The players are those of round 1, as in a round robin; those not playing this round are left out.
//! Colours and handicaps are the score-group draw's rule. Owns this pairing rule; must not touch the matcher or
//! the weights, and uses no randomness beyond the colour coin of even games.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::{DrawError, Outcome, PlayerId, Round, Settings, Snapshot, Warning};

use super::context::{pair_key, Field};
use super::tables;

/// A player's results in rounds `1..round` as marks, 2 a win (or bye), 1 a jigo, 0 a loss or nothing: greater
/// sequences (compared left to right) are better.
pub fn sequences(snapshot: &Snapshot, round: u32) -> BTreeMap<PlayerId, Vec<u8>> {
    let earlier = round.saturating_sub(1) as usize;
    let mut out: BTreeMap<PlayerId, Vec<u8>> = snapshot
        .players
        .iter()
        .map(|p| (p.id, vec![0; earlier]))
        .collect();
    let mut mark = |id: PlayerId, r: u32, m: u8| {
        if let Some(seq) = out.get_mut(&id) {
            if let Some(slot) = seq.get_mut(r as usize - 1) {
                *slot = m;
            }
        }
    };
    for g in snapshot
        .games
        .iter()
        .filter(|g| g.round.0 < round && g.round.0 > 0)
    {
        let (white, black) = match g.result.outcome {
            Outcome::WhiteWins => (2, 0),
            Outcome::BlackWins => (0, 2),
            Outcome::Jigo => (1, 1),
            Outcome::BothWin => (2, 2),
            Outcome::BothLose | Outcome::Unknown => (0, 0),
        };
        mark(g.white, g.round.0, white);
        mark(g.black, g.round.0, black);
    }
    for b in snapshot
        .byes
        .iter()
        .filter(|b| b.round.0 < round && b.round.0 > 0)
    {
        mark(b.player, b.round.0, 2);
    }
    out
}

/// Draws round `snapshot.round` of a generalised knockout. Refuses a player of this round who did not play
/// round 1.
pub fn draw(snapshot: &Snapshot, settings: &Settings, seed: u64) -> Result<Round, DrawError> {
    let field = Field::new(snapshot, settings, seed)?;
    let round = field.round;
    let first = |id: PlayerId| {
        field
            .player(id)
            .is_some_and(|p| p.participation.first().copied().unwrap_or(true))
    };
    let pairable = field.pairable();
    if let Some(late) = pairable.iter().find(|id| !first(**id)) {
        return Err(DrawError::NoValidPairing(vec![format!(
            "#{} did not play round 1: the players of a generalised knockout are those of round 1; withdraw \
             them from this tournament",
            field.player(*late).map_or(0, |p| p.number)
        )]));
    }
    let seqs = sequences(snapshot, round.0);
    let had_bye: BTreeSet<PlayerId> = snapshot.byes.iter().map(|b| b.player).collect();
    // Groups, best sequence first; inside, by number.
    let mut groups: BTreeMap<std::cmp::Reverse<Vec<u8>>, Vec<PlayerId>> = BTreeMap::new();
    for id in &pairable {
        let seq = seqs.get(id).cloned().unwrap_or_default();
        groups.entry(std::cmp::Reverse(seq)).or_default().push(*id);
    }
    let mut pairs: Vec<(PlayerId, PlayerId)> = Vec::new();
    let mut warnings = Vec::new();
    let mut dropped: Vec<PlayerId> = Vec::new();
    for (_, members) in groups {
        let mut group = std::mem::take(&mut dropped);
        group.extend(members);
        if group.len() % 2 == 1 {
            if let Some(weakest) = group.pop() {
                dropped.push(weakest);
            }
        }
        pairs.extend(fold(&field, &group, &mut warnings));
    }
    // Every group was made even, so at most one player is left: an odd field's.
    let bye = dropped.first().copied();
    // The bye goes to the last player left; if they had one before, to the lowest player above them who has not
    // (taking that player's place in their pair).
    let bye = match bye {
        Some(b) if had_bye.contains(&b) && field.bye_given.is_none() => {
            let swap = pairs
                .iter()
                .enumerate()
                .rev()
                .flat_map(|(i, &(x, y))| [(i, y, x), (i, x, y)])
                .find(|(_, candidate, partner)| {
                    !had_bye.contains(candidate) && !field.have_met(b, *partner)
                });
            match swap {
                Some((i, candidate, partner)) => {
                    pairs[i] = (partner, b);
                    Some(candidate)
                }
                None => Some(b),
            }
        }
        other => other.filter(|_| field.bye_given.is_none()),
    };
    let games = tables::games_of(&field, pairs);
    Ok(Round {
        round,
        seed,
        games,
        bye,
        advancing: Vec::new(),
        warnings,
    })
}

/// Pairs an even `group` (by number, dropped players on top) first against last; a pair that would repeat a game
/// exchanges its lower player with the nearest pair below that makes both games new, else stays and is warned.
pub(crate) fn fold(
    field: &Field,
    group: &[PlayerId],
    warnings: &mut Vec<Warning>,
) -> Vec<(PlayerId, PlayerId)> {
    let half = group.len() / 2;
    let mut pairs: Vec<(PlayerId, PlayerId)> = (0..half)
        .map(|i| (group[i], group[group.len() - 1 - i]))
        .collect();
    for i in 0..pairs.len() {
        if !field.have_met(pairs[i].0, pairs[i].1) {
            continue;
        }
        let exchange = (i + 1..pairs.len()).chain((0..i).rev()).find(|&j| {
            !field.have_met(pairs[i].0, pairs[j].1) && !field.have_met(pairs[j].0, pairs[i].1)
        });
        match exchange {
            Some(j) => {
                let (a, b) = (pairs[i].1, pairs[j].1);
                pairs[i].1 = b;
                pairs[j].1 = a;
            }
            None => {
                let (a, b) = pair_key(pairs[i].0, pairs[i].1);
                warnings.push(Warning::RepeatedGame(a, b));
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests;
