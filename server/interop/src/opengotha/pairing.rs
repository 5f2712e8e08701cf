//! OpenGotha's `<PairingParameterSet>` as the file writes it: every weight, mode and threshold, with OpenGotha's
//! McMahon preset for an attribute the file leaves out (`shared/reference/opengotha.md` §2.2). What the values
//! mean for a draw is the draw's: `tengen_draw::egf::Params` is built from them, and a draw test checks that this
//! preset is the one it starts from.

use super::{Decimal, Rank};

/// Where a player drawn up or down should come from inside their group (`paiMaDUDDUpperMode/LowerMode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DuddMode {
    /// `TOP`: the top of the group.
    Top,
    /// `MID`: the middle of the group.
    Mid,
    /// `BOT`: the bottom of the group.
    Bot,
}

/// Seeding inside a score group (`paiMaSeedSystem1/2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedSystem {
    /// `SPLITANDRANDOM`.
    SplitAndRandom,
    /// `SPLITANDFOLD`.
    SplitAndFold,
    /// `SPLITANDSLIP`.
    SplitAndSlip,
}

/// The attributes of `<PairingParameterSet>`. Weights are OpenGotha's `long` values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingParams {
    /// `paiStandardNX1Factor`.
    pub standard_nx1_factor: Decimal,
    /// `paiBaAvoidDuplGame`.
    pub avoid_duplicate_game: i64,
    /// `paiBaRandom`.
    pub random: i64,
    /// `paiBaDeterministic`.
    pub deterministic: bool,
    /// `paiBaBalanceWB`.
    pub balance_wb: i64,
    /// `paiMaAvoidMixingCategories`.
    pub avoid_mixing_categories: i64,
    /// `paiMaMinimizeScoreDifference`.
    pub minimize_score_difference: i64,
    /// `paiMaDUDDWeight`.
    pub dudd_weight: i64,
    /// `paiMaCompensateDUDD`.
    pub compensate_dudd: bool,
    /// `paiMaDUDDUpperMode`.
    pub dudd_upper_mode: DuddMode,
    /// `paiMaDUDDLowerMode`.
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
    /// `paiSeBarThresholdActive`.
    pub se_bar_threshold_active: bool,
    /// `paiSeRankThreshold`.
    pub se_rank_threshold: Rank,
    /// `paiSeNbWinsThresholdActive`.
    pub se_nb_wins_threshold_active: bool,
    /// `paiSeDefSecCrit`.
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
}

impl Default for PairingParams {
    /// OpenGotha's McMahon preset (as written in its files).
    fn default() -> Self {
        PairingParams {
            standard_nx1_factor: Decimal::new(5, 10),
            avoid_duplicate_game: 500_000_000_000_000,
            random: 0,
            deterministic: true,
            balance_wb: 1_000_000,
            avoid_mixing_categories: 0,
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
        }
    }
}
