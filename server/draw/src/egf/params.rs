//! OpenGotha's `<PairingParameterSet>`: every weight, mode and threshold of the pairing cost function, with the
//! McMahon preset as [`Default`] and the Swiss preset in [`Params::swiss`] (`shared/reference/opengotha.md` §2.2).

use crate::model::Rank;

/// An exact decimal (e.g. `paiStandardNX1Factor="0.5"` is `5/10`; files are read by `tengen_interop`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decimal {
    /// Numerator.
    pub num: i64,
    /// Denominator (a power of ten, ≥ 1).
    pub den: i64,
}

impl Decimal {
    /// `num / den`.
    pub const fn new(num: i64, den: i64) -> Decimal {
        Decimal { num, den }
    }
}

impl Default for Decimal {
    /// Zero.
    fn default() -> Self {
        Decimal::new(0, 1)
    }
}

impl std::fmt::Display for Decimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.den == 1 {
            return write!(f, "{}", self.num);
        }
        let width = self.den.ilog10() as usize;
        let sign = if self.num < 0 { "-" } else { "" };
        let abs = self.num.unsigned_abs();
        let den = self.den as u64;
        write!(f, "{sign}{}.{:0width$}", abs / den, abs % den)
    }
}

/// Where a player drawn up or down should come from inside their group (`paiMaDUDDUpperMode/LowerMode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DuddMode {
    /// The top of the group.
    Top,
    /// The middle of the group.
    Mid,
    /// The bottom of the group.
    Bot,
}

/// Seeding inside a score group (`paiMaSeedSystem1/2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedSystem {
    /// Top half against a (deterministically) random member of the bottom half.
    SplitAndRandom,
    /// Top half against bottom half, first against last.
    SplitAndFold,
    /// Top half against bottom half, in order.
    SplitAndSlip,
}

/// A placement criterion that orders players inside a score group (`<PlacementCriterion name>`). Only the
/// criteria the pairing needs are modelled; others are ignored when read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlacementCrit {
    /// McMahon score.
    Mms,
    /// Number of wins.
    Nbw,
    /// Sum of opponents' MMS (±handicap).
    Sosm,
    /// Sum of opponents' NBW.
    Sosw,
    /// Sum of opponents' SOSM.
    Sososm,
    /// Sum of opponents' SOSW.
    Sososw,
    /// Rating.
    Rating,
    /// Rank.
    Rank,
}

impl PlacementCrit {
    /// Parses OpenGotha's long criterion name ("MMS", "SOSOSW", "Rating"…); `None` for NULL and unmodelled ones.
    pub fn parse(name: &str) -> Option<PlacementCrit> {
        match name.trim().to_ascii_uppercase().as_str() {
            "MMS" => Some(PlacementCrit::Mms),
            "NBW" => Some(PlacementCrit::Nbw),
            "SOSM" => Some(PlacementCrit::Sosm),
            "SOSW" => Some(PlacementCrit::Sosw),
            "SOSOSM" => Some(PlacementCrit::Sososm),
            "SOSOSW" => Some(PlacementCrit::Sososw),
            "RATING" => Some(PlacementCrit::Rating),
            "RANK" => Some(PlacementCrit::Rank),
            _ => None,
        }
    }
}

/// OpenGotha's pairing parameter set. Weights are OpenGotha's `long` values; ranks use the draw's scale.
///
/// Besides `<PairingParameterSet>` it carries the few general and placement parameters the cost function reads:
/// the McMahon floor, bar and zero (they fix the number of score groups), the placement criteria (they order
/// players inside a group) and the club groups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    /// `paiStandardNX1Factor`: k of the concavity function C(W, x) = W·(1−x)·(1+k·x).
    pub standard_nx1_factor: Decimal,
    /// `paiBaAvoidDuplGame`.
    pub avoid_duplicate_game: i64,
    /// `paiBaRandom`: range of the random term (0 = none).
    pub random: i64,
    /// `paiBaDeterministic`: random term from the players' names.
    pub deterministic: bool,
    /// `paiBaBalanceWB`.
    pub balance_wb: i64,
    /// `paiMaAvoidMixingCategories`: charged only when the tournament has more than one category.
    pub avoid_mixing_categories: i64,
    /// `numberOfCategories` (general parameters): with one category OpenGotha charges no category term,
    /// whatever `avoid_mixing_categories` holds.
    pub number_of_categories: u32,
    /// `paiMaMinimizeScoreDifference`.
    pub minimize_score_difference: i64,
    /// `paiMaDUDDWeight`.
    pub dudd_weight: i64,
    /// `paiMaCompensateDUDD`.
    pub compensate_dudd: bool,
    /// `paiMaDUDDUpperMode`: where the player drawn down comes from in the upper group.
    pub dudd_upper_mode: DuddMode,
    /// `paiMaDUDDLowerMode`: where the player drawn up comes from in the lower group.
    pub dudd_lower_mode: DuddMode,
    /// `paiMaMaximizeSeeding`.
    pub maximize_seeding: i64,
    /// `paiMaLastRoundForSeedSystem1`.
    pub last_round_for_seed_system1: u32,
    /// `paiMaSeedSystem1`.
    pub seed_system1: SeedSystem,
    /// `paiMaSeedSystem2`.
    pub seed_system2: SeedSystem,
    /// `paiMaAdditionalPlacementCritSystem1` ("Rating" or "NULL").
    pub additional_placement_crit_system1: String,
    /// `paiMaAdditionalPlacementCritSystem2` ("Rating" or "NULL").
    pub additional_placement_crit_system2: String,
    /// `paiSeBarThresholdActive`: players starting at or above the bar escape the secondary criteria.
    pub se_bar_threshold_active: bool,
    /// `paiSeRankThreshold`: players at or above this level escape the secondary criteria.
    pub se_rank_threshold: Rank,
    /// `paiSeNbWinsThresholdActive`: players with NBW ≥ rounds/2 escape the secondary criteria.
    pub se_nb_wins_threshold_active: bool,
    /// `paiSeDefSecCrit`: the default secondary weight (informational).
    pub se_def_sec_crit: i64,
    /// `paiSeMinimizeHandicap`.
    pub se_minimize_handicap: i64,
    /// `paiSeAvoidSameGeo`.
    pub se_avoid_same_geo: i64,
    /// `paiSePreferMMSDiffRatherThanSameCountry`.
    pub se_prefer_mms_diff_rather_than_same_country: i64,
    /// `paiSePreferMMSDiffRatherThanSameClub`.
    pub se_prefer_mms_diff_rather_than_same_club: i64,
    /// `paiSePreferMMSDiffRatherThanSameClubsGroup`.
    pub se_prefer_mms_diff_rather_than_same_clubs_group: i64,
    /// `genMMFloor`.
    pub mm_floor: Rank,
    /// `genMMBar`.
    pub mm_bar: Rank,
    /// `genMMZero` (30k).
    pub mm_zero: Rank,
    /// Placement criteria in order (NULL and unmodelled criteria left out).
    pub placement: Vec<PlacementCrit>,
    /// Club groups: clubs of one group count as "almost the same club" for geography.
    pub club_groups: Vec<Vec<String>>,
    /// Tengen's extension, not in OpenGotha's files (default off, which is OpenGotha): players of the same city
    /// count as one club group, so two clubs of one city are "almost the same club" (the director's "avoid the
    /// same city" under the `egf` profile).
    pub cities_as_club_groups: bool,
}

impl Default for Params {
    /// OpenGotha's McMahon preset (as written in its files).
    fn default() -> Self {
        Params {
            standard_nx1_factor: Decimal::new(5, 10),
            avoid_duplicate_game: 500_000_000_000_000,
            random: 0,
            deterministic: true,
            balance_wb: 1_000_000,
            avoid_mixing_categories: 0,
            number_of_categories: 1,
            minimize_score_difference: 100_000_000_000,
            dudd_weight: 100_000_000,
            compensate_dudd: true,
            dudd_upper_mode: DuddMode::Mid,
            dudd_lower_mode: DuddMode::Mid,
            maximize_seeding: 5_000_000,
            last_round_for_seed_system1: 2,
            seed_system1: SeedSystem::SplitAndRandom,
            seed_system2: SeedSystem::SplitAndFold,
            additional_placement_crit_system1: "Rating".to_string(),
            additional_placement_crit_system2: "NULL".to_string(),
            se_bar_threshold_active: true,
            se_rank_threshold: Rank(0),
            se_nb_wins_threshold_active: true,
            se_def_sec_crit: 100_000_000_000,
            se_minimize_handicap: 0,
            se_avoid_same_geo: 100_000_000_000,
            se_prefer_mms_diff_rather_than_same_country: 1,
            se_prefer_mms_diff_rather_than_same_club: 3,
            se_prefer_mms_diff_rather_than_same_clubs_group: 2,
            mm_floor: Rank(-20),
            mm_bar: Rank(3),
            mm_zero: Rank(-30),
            placement: vec![
                PlacementCrit::Mms,
                PlacementCrit::Sosm,
                PlacementCrit::Sososm,
            ],
            club_groups: Vec::new(),
            cities_as_club_groups: false,
        }
    }
}

impl Params {
    /// OpenGotha's McMahon preset (same as [`Default`]).
    pub fn mcmahon() -> Params {
        Params::default()
    }

    /// OpenGotha's Swiss preset: slip/slip seeding with rating as the additional criterion, no geography, the
    /// secondary criteria never apply (rank threshold 30k).
    pub fn swiss() -> Params {
        Params {
            seed_system1: SeedSystem::SplitAndSlip,
            seed_system2: SeedSystem::SplitAndSlip,
            additional_placement_crit_system2: "Rating".to_string(),
            se_rank_threshold: Rank::MIN,
            se_def_sec_crit: 20_000_000_000_000,
            se_avoid_same_geo: 0,
            se_prefer_mms_diff_rather_than_same_country: 0,
            se_prefer_mms_diff_rather_than_same_club: 0,
            se_prefer_mms_diff_rather_than_same_clubs_group: 0,
            mm_floor: Rank::MIN,
            mm_bar: Rank::MAX,
            placement: vec![
                PlacementCrit::Nbw,
                PlacementCrit::Sosw,
                PlacementCrit::Sososw,
            ],
            ..Params::default()
        }
    }

    /// The seeding system used in `round`.
    pub fn seed_system(&self, round: u32) -> SeedSystem {
        if round <= self.last_round_for_seed_system1 {
            self.seed_system1
        } else {
            self.seed_system2
        }
    }

    /// Whether rating breaks ties inside groups in `round` (the additional placement criterion).
    pub fn rating_breaks_ties(&self, round: u32) -> bool {
        let crit = if round <= self.last_round_for_seed_system1 {
            &self.additional_placement_crit_system1
        } else {
            &self.additional_placement_crit_system2
        };
        crit.eq_ignore_ascii_case("rating")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_print_exactly() {
        assert_eq!(Decimal::new(5, 10).to_string(), "0.5");
    }

    #[test]
    fn presets_differ_where_opengotha_does() {
        assert_eq!(Params::default().se_avoid_same_geo, 100_000_000_000);
        assert_eq!(Params::swiss().se_avoid_same_geo, 0);
        assert_eq!(Params::swiss().seed_system(5), SeedSystem::SplitAndSlip);
        assert_eq!(Params::default().seed_system(1), SeedSystem::SplitAndRandom);
        assert_eq!(Params::default().seed_system(3), SeedSystem::SplitAndFold);
    }
}
