//! What a latecomer is told at the late desk: the rounds they will play (only rounds not yet drawn) and the
//! McMahon credit for the rounds they miss, as one sentence. Pure: numbers and the tournament's rule in, words out.

use crate::domain::setup::MissedRule;
use crate::tr;
use crate::web::board::halves;
use crate::web::board::players::rounds_text_in;
use crate::web::lang::Lang;

/// The rounds a player entered now will play: those chosen (empty = all) after the last drawn round.
pub fn playable(total: u32, drawn: u32, chosen: &[u32]) -> Vec<u32> {
    (drawn + 1..=total)
        .filter(|r| chosen.is_empty() || chosen.contains(r))
        .collect()
}

/// "plays rounds 3–6; misses rounds 1–2: ½ point each in the McMahon score for pairing and tie-breaks (Mays rule), +1 in all".
pub fn terms(l: Lang, total: u32, drawn: u32, chosen: &[u32], rule: MissedRule) -> String {
    let plays = playable(total, drawn, chosen);
    if plays.is_empty() {
        return l.t("late-every-round-drawn");
    }
    let missed: Vec<u32> = (1..=total).filter(|r| !plays.contains(r)).collect();
    if missed.is_empty() {
        return l.t("late-plays-every-round");
    }
    let n = missed.len() as u32;
    let credit = match rule {
        MissedRule::Half if n == 1 => l.t("late-credit-half-one"),
        MissedRule::Half => tr!(l, "late-credit-half", points = halves(n as i32)),
        MissedRule::OnePerTwo => tr!(l, "late-credit-bga", points = n / 2),
        MissedRule::Nothing => l.t("late-credit-none"),
    };
    tr!(
        l,
        "late-terms",
        nplays = plays.len(),
        plays = rounds_text_in(l, &plays, 0),
        nmissed = missed.len(),
        missed = rounds_text_in(l, &missed, 0),
        credit = credit
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_latecomer_plays_the_undrawn_rounds_and_is_told_the_mays_credit() {
        assert_eq!(
            terms(Lang::En, 6, 2, &[], MissedRule::Half),
            "plays rounds 3–6; misses rounds 1–2: ½ point each in the McMahon score for pairing and tie-breaks (Mays rule), +1 in all"
        );
        assert_eq!(
            terms(Lang::En, 5, 1, &[], MissedRule::Half),
            "plays rounds 2–5; misses round 1: ½ point in the McMahon score for pairing and tie-breaks (Mays rule)"
        );
    }

    #[test]
    fn the_bga_rule_and_no_credit_read_differently() {
        assert_eq!(
            terms(Lang::En, 6, 3, &[], MissedRule::OnePerTwo),
            "plays rounds 4–6; misses rounds 1–3: 1 point per two missed rounds in the McMahon score (BGA rule), +1 in all"
        );
        assert_eq!(
            terms(Lang::En, 4, 1, &[2, 4], MissedRule::Nothing),
            "plays rounds 2, 4; misses rounds 1, 3: no credit in the McMahon score"
        );
    }

    #[test]
    fn before_the_first_draw_and_after_the_last() {
        assert_eq!(
            terms(Lang::En, 5, 0, &[], MissedRule::Half),
            "plays every round"
        );
        assert_eq!(
            terms(Lang::En, 5, 5, &[], MissedRule::Half),
            "every round is drawn: too late to play"
        );
        assert_eq!(playable(5, 2, &[1, 2, 3]), vec![3]);
    }
}
