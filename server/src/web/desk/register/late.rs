//! What a latecomer is told at the late desk: the rounds they will play (only rounds not yet drawn) and the
//! McMahon credit for the rounds they miss, as one sentence. Pure: numbers and the tournament's rule in, words out.

use crate::domain::setup::MissedRule;
use crate::web::board::halves;
use crate::web::board::players::rounds_text;

/// The rounds a player entered now will play: those chosen (empty = all) after the last drawn round.
pub fn playable(total: u32, drawn: u32, chosen: &[u32]) -> Vec<u32> {
    (drawn + 1..=total)
        .filter(|r| chosen.is_empty() || chosen.contains(r))
        .collect()
}

/// "plays rounds 3–6; misses rounds 1–2: ½ point each in the McMahon score for pairing and tie-breaks (Mays rule), +1 in all".
pub fn terms(total: u32, drawn: u32, chosen: &[u32], rule: MissedRule) -> String {
    let plays = playable(total, drawn, chosen);
    if plays.is_empty() {
        return "every round is drawn: too late to play".to_string();
    }
    let missed: Vec<u32> = (1..=total).filter(|r| !plays.contains(r)).collect();
    if missed.is_empty() {
        return "plays every round".to_string();
    }
    let n = missed.len() as u32;
    let credit = match rule {
        MissedRule::Half if n == 1 => {
            "½ point in the McMahon score for pairing and tie-breaks (Mays rule)".to_string()
        }
        MissedRule::Half => format!(
            "½ point each in the McMahon score for pairing and tie-breaks (Mays rule), +{} in all",
            halves(n as i32)
        ),
        MissedRule::OnePerTwo => format!(
            "1 point per two missed rounds in the McMahon score (BGA rule), +{} in all",
            n / 2
        ),
        MissedRule::Nothing => "no credit in the McMahon score".to_string(),
    };
    format!(
        "plays {} {}; misses {} {}: {credit}",
        plural(&plays),
        rounds_text(&plays, 0),
        plural(&missed),
        rounds_text(&missed, 0),
    )
}

fn plural(rounds: &[u32]) -> &'static str {
    if rounds.len() == 1 {
        "round"
    } else {
        "rounds"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_latecomer_plays_the_undrawn_rounds_and_is_told_the_mays_credit() {
        assert_eq!(
            terms(6, 2, &[], MissedRule::Half),
            "plays rounds 3–6; misses rounds 1–2: ½ point each in the McMahon score for pairing and tie-breaks (Mays rule), +1 in all"
        );
        assert_eq!(
            terms(5, 1, &[], MissedRule::Half),
            "plays rounds 2–5; misses round 1: ½ point in the McMahon score for pairing and tie-breaks (Mays rule)"
        );
    }

    #[test]
    fn the_bga_rule_and_no_credit_read_differently() {
        assert_eq!(
            terms(6, 3, &[], MissedRule::OnePerTwo),
            "plays rounds 4–6; misses rounds 1–3: 1 point per two missed rounds in the McMahon score (BGA rule), +1 in all"
        );
        assert_eq!(
            terms(4, 1, &[2, 4], MissedRule::Nothing),
            "plays rounds 2, 4; misses rounds 1, 3: no credit in the McMahon score"
        );
    }

    #[test]
    fn before_the_first_draw_and_after_the_last() {
        assert_eq!(terms(5, 0, &[], MissedRule::Half), "plays every round");
        assert_eq!(
            terms(5, 5, &[], MissedRule::Half),
            "every round is drawn: too late to play"
        );
        assert_eq!(playable(5, 2, &[1, 2, 3]), vec![3]);
    }
}
