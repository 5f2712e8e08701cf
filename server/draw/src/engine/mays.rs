//! The `mays` profile: Mays' Swiss-McMahon manual turned into layered integer pair weights (higher = better).
//!
//! The hard rules (no repeat, no relatives) are not weights here: the pipeline first pairs on the graph without
//! repeated and related pairs (see `weights.rs`), and only when that graph has no perfect matching does it use
//! [`fallback_weight`], where they become the two top tiers.
//!
//! # Normal tiers (every edge allowed by the hard rules)
//!
//! `w = 1 + score·2³⁵ + float·2¹⁷ + geo·2¹⁴ + seed·2⁴ + colour + handicap`
//!
//! | tier | value | meaning |
//! |---|---|---|
//! | score | `4095 − min(d², 4095)`, d = main-score gap in half points | Cardinal Rule No. 3; convex penalty, so two gaps of one group cost less than one gap of two |
//! | float | 31 inside a group; across groups `8·[upper never floated down] + 8·[lower never floated up] + 7 − min(u + l, 7)`, u = the upper player's distance from where `draw_down_from` takes the floater in their group (default: the bottom), l = the lower player's distance from where `draw_up_from` takes it in theirs (default: the top) | by default the weakest of the upper group meets the strongest of the lower; nobody floats twice |
//! | geo | `4·[clubs differ] + 2·[cities differ] + 1·[countries differ]` (7 when the criterion does not apply) | Mays' consideration 2 |
//! | seed | inside a group `1023 − min(x², 1023)`, x = distance of the partner from the seeding target; 0 across groups | fold / slip / adjacent / split-random |
//! | colour | 2 when the colour balances have opposite signs, 1 when one is 0 and the other ±2 or more (even games only) | consideration 3 |
//! | handicap | `9 − stones` when `minimize_handicap` | consideration 4 |
//!
//! **Bounds.** A round pairs P ≤ n/2 games; we require P < 2¹³ (n < 16,384; the benchmark's 10,000 fits).
//! Below the score tier a pair weighs at most `31·2¹⁷ + 7·2¹⁴ + 1023·2⁴ + 11 < 2²²`, so the lower tiers of a
//! whole round sum to less than `P·2²² < 2³⁵`, one step of the score tier: the score tier dominates strictly, for
//! any field. Inside the soft part the tiers dominate per pair (`2¹⁴ > 1023·2⁴ + 11`, `2¹⁷ > 7·2¹⁴ + 16383`),
//! i.e. lexicographically "in practice", like OpenGotha's weights. A pair weighs less than `4095·2³⁵ + 2²² + 1 <
//! 2⁴⁷`, so a round sums to less than `2⁶⁰`: safe in i64 with room for the matcher's doubled duals.
//!
//! # Fallback tiers (only when the hard rules cannot all be met)
//!
//! `w = 1 + [never met]·2⁴⁷ + [not relatives]·2³³ + score·2⁸ + (float·8 + geo)`
//!
//! Below the family tier a pair weighs at most `4095·2⁸ + 255 + 1 = 2²⁰`, so a round's lower tiers stay below
//! `P·2²⁰ < 2³³`: the family tier dominates strictly. Below the repeat tier a pair weighs less than
//! `2³³ + 2²⁰ < 2³⁴`, so a round stays below `P·2³⁴ < 2⁴⁷`: the repeat tier dominates strictly. Hence the fallback
//! first minimises repeats, then relatives, then score gaps. A pair weighs less than 2⁴⁸, a round less than 2⁶¹.

use crate::egf::DuddMode;
use crate::model::{Criterion, Ledger, Rank, Seeding};

use super::colour::stones;
use super::context::{Field, Seat};

/// Parameters of the `mays` profile. The defaults follow the manual.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaysParams {
    /// Seeding inside a score group. Default `SplitAndSlip`: Mays p. 24 pairs the top half against the bottom
    /// half in order ("Player 1 would be paired with Player 5, Player 2 with Player 6"), by player number.
    pub seeding: Seeding,
    /// Avoid players of the same club.
    pub avoid_club: bool,
    /// Avoid players of the same city (Mays' main geographic concern).
    pub avoid_city: bool,
    /// Avoid players of the same country.
    pub avoid_country: bool,
    /// The geographic criteria apply only when both players' rank is at or below this rank.
    pub geography_up_to: Rank,
    /// Balance colours through the pairing itself (the colours are balanced afterwards in any case).
    pub balance_colours: bool,
    /// Prefer pairs needing fewer handicap stones (lowest tier).
    pub minimize_handicap: bool,
    /// Who of a group is paired down into a lower group. Default `Bot`: Mays p. 24 floats the weakest of the
    /// section ("Player 9 meets Player 10").
    pub draw_down_from: DuddMode,
    /// Who of a group is paired up into a higher group. Default `Top`: the strongest of the group below.
    pub draw_up_from: DuddMode,
}

impl Default for MaysParams {
    fn default() -> Self {
        MaysParams {
            seeding: Seeding::SplitAndSlip,
            avoid_club: true,
            avoid_city: true,
            avoid_country: false,
            geography_up_to: Rank::MAX,
            balance_colours: true,
            minimize_handicap: false,
            draw_down_from: DuddMode::Bot,
            draw_up_from: DuddMode::Top,
        }
    }
}

/// Cap of the squared score gap (a gap of 32 points or more counts as 32).
const SCORE_CAP: i64 = 4095;
/// Score tier unit in the normal weights.
const SCORE_UNIT: i64 = 1 << 35;
/// Float tier unit.
const FLOAT_UNIT: i64 = 1 << 17;
/// Geography tier unit.
const GEO_UNIT: i64 = 1 << 14;
/// Seeding tier unit.
const SEED_UNIT: i64 = 1 << 4;
/// Cap of the squared seeding displacement.
const SEED_CAP: i64 = 1023;
/// Fallback: repeat tier unit.
pub(crate) const FALLBACK_REPEAT_UNIT: i64 = 1 << 47;
/// Fallback: family tier unit.
pub(crate) const FALLBACK_FAMILY_UNIT: i64 = 1 << 33;
/// Fallback: score tier unit.
const FALLBACK_SCORE_UNIT: i64 = 1 << 8;

/// Score tier value: `4095 − min(d², 4095)` for a gap of `d` half points.
pub(crate) fn score_value(a: &Seat, b: &Seat) -> i64 {
    let d = i64::from((a.main - b.main).unsigned_abs());
    SCORE_CAP - (d * d).min(SCORE_CAP)
}

/// How far a seat is from the place its group's floater should come from (top, middle or bottom).
fn from_mode(seat: &Seat, mode: DuddMode) -> i64 {
    let (pos, last) = (seat.pos as i64, seat.group_size.saturating_sub(1) as i64);
    match mode {
        DuddMode::Top => pos,
        DuddMode::Mid => (2 * pos - last).abs() / 2,
        DuddMode::Bot => last - pos,
    }
}

/// Float tier value (see the module table).
fn float_value(params: &MaysParams, a: &Seat, b: &Seat) -> i64 {
    if a.main == b.main {
        return 31;
    }
    let (up, low) = if a.main > b.main { (a, b) } else { (b, a) };
    let up_fresh = up.draw_downs == 0;
    let low_fresh = low.draw_ups == 0;
    let off = from_mode(up, params.draw_down_from) + from_mode(low, params.draw_up_from);
    8 * i64::from(up_fresh) + 8 * i64::from(low_fresh) + 7 - off.min(7)
}

/// Does an interned attribute (club, city, country) differ? Unknown values count as different.
fn differs(x: Option<u32>, y: Option<u32>) -> bool {
    x.is_none() || x != y
}

/// Geography tier value.
fn geo_value(field: &Field, a: &Seat, b: &Seat) -> i64 {
    let params = &field.settings.mays;
    if a.rank > params.geography_up_to.0 || b.rank > params.geography_up_to.0 {
        return 7;
    }
    let club = !params.avoid_club || differs(a.geo[0], b.geo[0]);
    let city = !params.avoid_city || differs(a.geo[1], b.geo[1]);
    let country = !params.avoid_country || differs(a.geo[2], b.geo[2]);
    4 * i64::from(club) + 2 * i64::from(city) + i64::from(country)
}

/// Seeding tier value.
fn seed_value(a: &Seat, b: &Seat) -> i64 {
    if a.group != b.group {
        return 0;
    }
    let off = |x: &Seat, y: &Seat| (x.target as i64 - y.pos as i64).abs();
    let x = off(a, b).min(off(b, a));
    SEED_CAP - (x * x).min(SEED_CAP)
}

/// Colour tier value (OpenGotha's balance rule, scaled to 2 / 1).
fn colour_value(field: &Field, a: &Seat, b: &Seat, stones: u8) -> i64 {
    if !field.settings.mays.balance_colours || stones > 0 {
        return 0;
    }
    let (x, y) = (a.balance, b.balance);
    if x * y < 0 {
        2
    } else if (x == 0 && y.abs() >= 2) || (y == 0 && x.abs() >= 2) {
        1
    } else {
        0
    }
}

/// The normal-tier ledger of a pair (see the module table).
pub(crate) fn ledger(field: &Field, a: &Seat, b: &Seat) -> Ledger {
    let stones = if a.at_bar || b.at_bar {
        0
    } else {
        stones(&field.settings.handicap, a.pseudo_rank, b.pseudo_rank)
    };
    let mut l = Ledger::default();
    l.push(Criterion::Base, 1);
    l.push(Criterion::ScoreDifference, score_value(a, b) * SCORE_UNIT);
    l.push(
        Criterion::Dudd,
        float_value(&field.settings.mays, a, b) * FLOAT_UNIT,
    );
    l.push(Criterion::Geography, geo_value(field, a, b) * GEO_UNIT);
    l.push(Criterion::Seeding, seed_value(a, b) * SEED_UNIT);
    l.push(Criterion::ColourBalance, colour_value(field, a, b, stones));
    if field.settings.mays.minimize_handicap {
        l.push(Criterion::Handicap, 9 - i64::from(stones.min(9)));
    }
    l
}

/// The fallback ledger of a pair (see the module docs): repeats, then relatives, then the score gap.
pub(crate) fn fallback_ledger(field: &Field, a: &Seat, b: &Seat) -> Ledger {
    let mut l = Ledger::default();
    l.push(Criterion::Base, 1);
    l.push(
        Criterion::AvoidDuplicate,
        FALLBACK_REPEAT_UNIT * i64::from(!a.met(b)),
    );
    l.push(
        Criterion::AvoidFamily,
        FALLBACK_FAMILY_UNIT * i64::from(!a.relative_of(b)),
    );
    l.push(
        Criterion::ScoreDifference,
        score_value(a, b) * FALLBACK_SCORE_UNIT,
    );
    l.push(Criterion::Dudd, float_value(&field.settings.mays, a, b) * 8);
    l.push(Criterion::Geography, geo_value(field, a, b));
    l
}

/// The most the soft tiers (float, geography, seeding, colour, handicap) can add to a normal-tier pair.
const SOFT_MAX: i64 = 31 * FLOAT_UNIT + 7 * GEO_UNIT + SEED_CAP * SEED_UNIT + 11;

/// Score tier value for a gap of `d` half points.
fn score_for_gap(d: i64) -> i64 {
    SCORE_CAP - d.saturating_mul(d).min(SCORE_CAP)
}

/// No pair whose main scores differ by `d` half points weighs more than this in the given stage (`fallback`).
pub(crate) fn upper_bound_for_gap(d: i64, fallback: bool) -> i64 {
    if fallback {
        1 + FALLBACK_REPEAT_UNIT
            + FALLBACK_FAMILY_UNIT
            + score_for_gap(d) * FALLBACK_SCORE_UNIT
            + 31 * 8
            + 7
    } else {
        1 + score_for_gap(d) * SCORE_UNIT + SOFT_MAX
    }
}
