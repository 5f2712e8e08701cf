//! Handicap and colours of one game.
//!
//! Handicap (OpenGotha's five steps, `reference/opengotha.md` §1.1): pseudo-rank = rank, or the McMahon score as a
//! rank (MMS 0 = `settings.egf.mm_zero`, 30k) when MMS-based; each capped at `no_handicap_above`; difference; minus the correction
//! (floored at 0; a correction of −1 adds a stone); clamped to the ceiling. 1 stone means no komi.
//!
//! Colours: in a handicap game the stronger player (higher pseudo-rank) takes White. In an even game the player
//! with the larger white−black balance takes Black; equal balances are decided by a coin seeded by the draw's seed
//! and the pair, so the same seed always gives the same colours.

use crate::model::{HandicapRule, PlayerId, Rank};

use super::context::Field;
use super::rng::pair_coin;

/// A player's pseudo-rank for the handicap: the rank, or the McMahon score as a rank, before capping.
pub(crate) fn pseudo_rank(field: &Field, id: PlayerId) -> i32 {
    if field.settings.handicap.based_on_mms {
        field.mcmahon(id).div_euclid(2) + field.settings.egf.mm_zero.0
    } else {
        field.player(id).map_or(Rank::MIN.0, |p| p.rank.0)
    }
}

/// Does the "even game at the bar" rule make a game of `id` even (started at or above the bar)?
pub(crate) fn starts_at_bar(field: &Field, id: PlayerId) -> bool {
    field
        .settings
        .handicap
        .even_at_or_above
        .is_some_and(|bar| field.player(id).is_some_and(|p| p.starting_mms >= bar))
}

/// Stones for a game between `a` and `b` by the settings' handicap rule.
pub(crate) fn handicap(field: &Field, a: PlayerId, b: PlayerId) -> u8 {
    if starts_at_bar(field, a) || starts_at_bar(field, b) {
        return 0;
    }
    stones(
        &field.settings.handicap,
        pseudo_rank(field, a),
        pseudo_rank(field, b),
    )
}

/// Stones between two uncapped pseudo-ranks: cap, difference, correction, ceiling.
pub(crate) fn stones(rule: &HandicapRule, a: i32, b: i32) -> u8 {
    let cap = rule.no_handicap_above.0;
    let (ra, rb) = (a.min(cap), b.min(cap));
    let stones = ((ra - rb).abs() - rule.correction)
        .max(0)
        .min(i32::from(rule.ceiling));
    u8::try_from(stones).unwrap_or(9)
}

/// Which of `a` and `b` is stronger for colour purposes: capped pseudo-rank, then raw pseudo-rank, then rank,
/// then player number. `Greater` means `a` is stronger.
pub(crate) fn compare_strength(field: &Field, a: PlayerId, b: PlayerId) -> std::cmp::Ordering {
    let cap = field.settings.handicap.no_handicap_above.0;
    let key = |id: PlayerId| {
        let pr = pseudo_rank(field, id);
        let rank = field.player(id).map_or(Rank::MIN.0, |p| p.rank.0);
        let (number, _) = field.number_key(id);
        (pr.min(cap), pr, rank, std::cmp::Reverse(number))
    };
    key(a).cmp(&key(b))
}

/// `(white, black, handicap)` for a game between `a` and `b`.
pub(crate) fn colours(field: &Field, a: PlayerId, b: PlayerId) -> (PlayerId, PlayerId, u8) {
    let hd = handicap(field, a, b);
    if hd > 0 {
        return match compare_strength(field, a, b) {
            std::cmp::Ordering::Less => (b, a, hd),
            _ => (a, b, hd),
        };
    }
    let (ba, bb) = (field.balance(a), field.balance(b));
    let a_white = match ba.cmp(&bb) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => {
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            let lo_white = pair_coin(field.seed, lo.0, hi.0);
            (a == lo) == lo_white
        }
    };
    if a_white {
        (a, b, 0)
    } else {
        (b, a, 0)
    }
}
