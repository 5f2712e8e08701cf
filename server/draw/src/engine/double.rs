//! Double elimination, the Judan system (BGA handbook 11.2): a simple knockout (the winners' section) beside a
//! losers' section of everyone who has lost exactly one game; a second loss eliminates. The winners of the two
//! sections meet in the final. Each round is drawn when the round before is complete, and nothing in it is the
//! director's choice: the draw is "automatically complete when the previous round's results are known".
//!
//! The winners' section is [`super::knockout`]'s bracket (seeded by number, byes to the top seeds in round 1), for
//! as many rounds as its depth; both players of a game both lose (a double forfeit) each take a loss, and the
//! bracket sends nobody on from it. The losers' section pairs, each round, every player with exactly one loss
//! (those who dropped from the winners' section in the round before with the survivors of the losers' games):
//! by number, the first against the last, a repeated game exchanged away where a partner below allows it (the
//! generalised knockout's rule); an odd section gives its strongest player who has not had one a round through
//! without a game (as has a player alone in it). Once the winners' section has its winner, they wait while the losers' section plays down to
//! one player, and then the two meet in the final.
//!
//! The final: when the losers' winner wins it, both have lost once; a tournament with one round more than the
//! single final needs plays it again (the handbook's "so that everyone has to lose twice"); otherwise the final
//! decides. [`rounds_for`] gives both counts, and a tournament with any other number of rounds is refused. The
//! players are those of round 1; a player who does not play a round keeps their game and loses it by forfeit,
//! decided by the register (as in a knockout).
//!
//! Owns the sections and the draw of one round; must not touch the matcher or the bracket's own rule, and takes
//! no randomness but the colour coin of even games.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::{DrawError, Outcome, PlayerId, Round, Settings, Snapshot};

use super::context::Field;
use super::generalised::fold;
use super::knockout::{self, Side};
use super::tables;

/// Rounds a double elimination of `players` takes with a single final, and with the final played again when the
/// losers' winner wins it (`(single, twice)`); (0, 0) below two players.
pub fn rounds_for(players: usize) -> (u32, u32) {
    if players < 2 {
        return (0, 0);
    }
    let depth = knockout::rounds_for(players);
    let size = players.next_power_of_two();
    // Unbeaten players, players with one loss, rounds so far.
    let (mut winners, mut losers, mut rounds) = (players, 0usize, 0u32);
    while winners > 1 || losers > 1 {
        rounds += 1;
        let winner_games = match rounds {
            1 => players - size / 2,
            r if r <= depth => winners / 2,
            _ => 0,
        };
        let loser_games = losers / 2;
        winners -= winner_games;
        losers = losers - loser_games + winner_games;
    }
    // The final.
    (rounds + 1, rounds + 2)
}

/// Each player's losses before round `round` (a game lost, by forfeit too; both losing: a loss each).
pub fn losses(snapshot: &Snapshot, round: u32) -> BTreeMap<PlayerId, u32> {
    let mut out: BTreeMap<PlayerId, u32> = snapshot.players.iter().map(|p| (p.id, 0)).collect();
    for g in snapshot.games.iter().filter(|g| g.round.0 < round) {
        let lost: &[PlayerId] = match g.result.outcome {
            Outcome::WhiteWins => &[g.black],
            Outcome::BlackWins => &[g.white],
            Outcome::BothLose => &[g.white, g.black],
            Outcome::Jigo | Outcome::BothWin | Outcome::Unknown => &[],
        };
        for p in lost {
            *out.entry(*p).or_default() += 1;
        }
    }
    out
}

/// Draws round `snapshot.round` of a double elimination. Refuses a number of rounds other than [`rounds_for`]'s,
/// a player of this round who did not play round 1, and an earlier game without a single winner or without a
/// result.
pub fn draw(snapshot: &Snapshot, settings: &Settings, seed: u64) -> Result<Round, DrawError> {
    let field = Field::new(snapshot, settings, seed)?;
    let round = field.round;
    let bracket = knockout::bracket(snapshot, round.0);
    check_field(&field, snapshot, &bracket)?;
    let losses = losses(snapshot, round.0);
    let seated = |id: PlayerId| field.seated(id);
    let mut pairs: Vec<(PlayerId, PlayerId)> = Vec::new();
    let mut advancing = Vec::new();
    let mut warnings = Vec::new();
    // The winners' section: the bracket's matches of this round.
    for m in bracket.rounds.get(round.index()).into_iter().flatten() {
        match m.sides {
            [Side::Player(a), Side::Player(b)] if !seated(a) && !seated(b) => pairs.push((a, b)),
            [Side::Player(p), Side::Nobody] | [Side::Nobody, Side::Player(p)] if !seated(p) => {
                advancing.push(p)
            }
            _ => {}
        }
    }
    // The losers' section: everyone with one loss, by number; the unbeaten winner of a finished winners' section
    // waits for the last of them.
    let mut section: Vec<PlayerId> = bracket
        .seeds
        .iter()
        .copied()
        .filter(|p| losses.get(p) == Some(&1) && !seated(*p))
        .collect();
    let depth = knockout::rounds_for(bracket.seeds.len());
    let champion = (round.0 > depth)
        .then(|| {
            bracket
                .seeds
                .iter()
                .copied()
                .find(|p| losses.get(p) == Some(&0) && !seated(*p))
        })
        .flatten();
    match (champion, section.len()) {
        (Some(c), 1) => pairs.push((c, section[0])),
        // Alone in the losers' section while the winners' section still plays: through without a game.
        (None, 1) => advancing.push(section[0]),
        (_, n) if n >= 2 => {
            if n % 2 == 1 {
                let had: BTreeSet<PlayerId> = snapshot.byes.iter().map(|b| b.player).collect();
                let through = section.iter().position(|p| !had.contains(p)).unwrap_or(0);
                advancing.push(section.remove(through));
            }
            let mut found = Vec::new();
            pairs.extend(fold(&field, &section, &mut found));
            // Two left (the losers' section's last game, or the final played again) have no one to exchange
            // with: a repeat there is no fault of the draw, so it is not warned.
            if section.len() > 2 {
                warnings.extend(found);
            }
        }
        _ => {}
    }
    let games = tables::games_of(&field, pairs);
    advancing.sort_by_key(|id| field.number_key(*id));
    Ok(Round {
        round,
        seed,
        games,
        bye: None,
        advancing,
        warnings,
    })
}

/// Refuses a round that cannot be drawn: a player who did not play round 1, a field too small, a number of rounds
/// other than the two the field allows, an earlier game without a single winner.
fn check_field(
    field: &Field,
    snapshot: &Snapshot,
    bracket: &knockout::Bracket,
) -> Result<(), DrawError> {
    let round = field.round;
    let refuse = |why: String| Err(DrawError::NoValidPairing(vec![why]));
    let number = |id: PlayerId| field.player(id).map_or(0, |p| p.number);
    let in_field: BTreeSet<PlayerId> = bracket.seeds.iter().copied().collect();
    if let Some(late) = field.pairable().iter().find(|id| !in_field.contains(id)) {
        return refuse(format!(
            "#{} did not play round 1: the players of a double elimination are those of round 1; withdraw them \
             from this tournament",
            number(*late)
        ));
    }
    let (single, twice) = rounds_for(bracket.seeds.len());
    if single == 0 {
        return refuse("a double elimination needs at least two players".into());
    }
    if snapshot.rounds_total != single && snapshot.rounds_total != twice {
        return refuse(format!(
            "a double elimination of {} players plays {single} rounds ({twice} to play the final again when the \
             losers' winner wins it); this tournament has {}: change its number of rounds",
            bracket.seeds.len(),
            snapshot.rounds_total
        ));
    }
    if let Some(g) = snapshot.games.iter().find(|g| {
        g.round < round
            && matches!(
                g.result.outcome,
                Outcome::Jigo | Outcome::BothWin | Outcome::Unknown
            )
    }) {
        return refuse(format!(
            "the game #{}–#{} of round {} has no single winner yet: every earlier game needs one before round {} \
             is drawn",
            number(g.white),
            number(g.black),
            g.round.0,
            round.0
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
