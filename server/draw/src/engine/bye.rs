//! Who gets the bye when the field is odd.
//!
//! - `Egf` (OpenGotha `chooseAByePlayer`): the least `rank + 2·MMS + 1000·(previous byes)`, ties to the last
//!   player in player-number order.
//! - `Mays` (manual, "Who Should Get a Bye?"): never twice; the player who has lost the most games, and among
//!   them the weakest (lowest rank, then highest player number); in rounds 1 and 2 a local player whenever one
//!   qualifies, never a traveller.
//!
//! Both rules never give the bye to a ghost, and never a second bye while someone eligible has had none (Cardinal
//! Rule No. 1); only when every candidate already had one does the fewest-byes player get another.

use crate::model::{ByeRule, PlayerId};

use super::context::Field;

/// The bye among `pairable` (in player-number order), or `None` when no non-ghost player is there.
pub(crate) fn choose_bye(field: &Field, pairable: &[PlayerId]) -> Option<PlayerId> {
    let candidates: Vec<PlayerId> = pairable
        .iter()
        .copied()
        .filter(|id| field.player(*id).is_some_and(|p| !p.ghost))
        .collect();
    let fewest = candidates.iter().map(|id| field.score(*id).byes).min()?;
    let candidates: Vec<PlayerId> = candidates
        .into_iter()
        .filter(|id| field.score(*id).byes == fewest)
        .collect();
    match field.settings.bye {
        ByeRule::Egf => egf_bye(field, &candidates),
        ByeRule::Mays => mays_bye(field, &candidates),
    }
}

/// OpenGotha: minimal `rank + 2·MMS + 1000·byes`; iterating by player number with `<=`, ties go to the last.
fn egf_bye(field: &Field, candidates: &[PlayerId]) -> Option<PlayerId> {
    let key = |id: PlayerId| -> i64 {
        let rank = field.player(id).map_or(0, |p| i64::from(p.rank.0));
        // `main` is in half points, so it already is 2·MMS.
        rank + i64::from(field.main(id)) + 1000 * i64::from(field.score(id).byes)
    };
    let mut best: Option<(i64, PlayerId)> = None;
    for &id in candidates {
        let k = key(id);
        if best.is_none_or(|(b, _)| k <= b) {
            best = Some((k, id));
        }
    }
    best.map(|(_, id)| id)
}

/// Mays: most losses first (byes go to losers, never to winners); in rounds 1–2 a local before a traveller with
/// as many losses (in round 1 nobody has lost, so it is always a local when one exists); then the weakest.
fn mays_bye(field: &Field, candidates: &[PlayerId]) -> Option<PlayerId> {
    let early = field.round.0 <= 2;
    candidates.iter().copied().max_by_key(|id| {
        let p = field.player(*id);
        let local = early && p.is_some_and(|p| p.local);
        let rank = p.map_or(0, |p| p.rank.0);
        let number = p.map_or(0, |p| p.number);
        (field.score(*id).losses, local, -rank, number, *id)
    })
}
