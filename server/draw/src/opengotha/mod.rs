//! An OpenGotha tournament file, read by `tengen_interop::opengotha`, mapped onto the draw's model
//! (`shared/reference/opengotha.md` §1.1 and §7.1) through [`DrawModel`]: the snapshot before a round, the
//! settings and `egf` cost parameters of the file, OpenGotha's own games and byes; plus the replay check of the
//! `egf` profile against OpenGotha's own pairings and cost dumps ([`replay`]).
//!
//! A player's [`PlayerId`] is their index in file order.

mod replay;

use tengen_interop::opengotha::{self as og, OgGame, OgPlayer, OgTournament, RegisteringStatus};
use tengen_interop::Outcome as OgOutcome;

pub use replay::{
    compare_dump, optimal_pairs, pairable, replay, replay_round, PairMismatch, ReplayReport,
    RoundReport,
};

use crate::egf::{Decimal, DuddMode, Params, PlacementCrit, SeedSystem};
use crate::model::{
    ByeRule, GameResult, HalfPoints, HandicapRule, Outcome, PastBye, PastGame, Player, PlayerId,
    Rank, RoundNo, ScoreValues, Settings, Snapshot, System,
};

/// The draw's view of an OpenGotha file: what its parameters, players, games and byes are in the draw's model.
pub trait DrawModel {
    /// The pairing system: Swiss when the first main-score placement criterion is NBW, else McMahon.
    fn system(&self) -> System;
    /// The draw settings this file's parameters describe (`egf` profile).
    fn settings(&self) -> Settings;
    /// The `egf` cost parameters: the pairing set plus the floor/bar/zero, placement criteria and club groups.
    fn egf_params(&self) -> Params;
    /// The snapshot before `round` (games and byes of earlier rounds) and the settings of the file.
    fn snapshot_before(&self, round: u32) -> (Snapshot, Settings);
    /// The games OpenGotha made in `round`, by table.
    fn round_games(&self, round: u32) -> Vec<PastGame>;
    /// The bye OpenGotha gave in `round`, if any.
    fn round_bye(&self, round: u32) -> Option<PlayerId>;
}

impl DrawModel for OgTournament {
    fn system(&self) -> System {
        let main = self.placement.iter().find(|c| {
            matches!(
                c.to_ascii_uppercase().as_str(),
                "NBW" | "MMS" | "CPS" | "STS"
            )
        });
        match main.map(|c| c.to_ascii_uppercase()) {
            Some(c) if c == "NBW" => System::Swiss,
            _ => System::McMahon,
        }
    }

    fn settings(&self) -> Settings {
        let g = &self.general;
        Settings {
            system: self.system(),
            handicap: HandicapRule {
                based_on_mms: self.handicap.based_on_mms,
                no_handicap_above: rank(self.handicap.no_hd_rank_threshold),
                correction: self.handicap.correction,
                ceiling: self.handicap.ceiling,
                even_at_or_above: None,
            },
            bye: ByeRule::Egf,
            scores: ScoreValues {
                absent_mms: HalfPoints(g.mms2_absent),
                bye_mms: HalfPoints(g.mms2_bye),
                absent_nbw: HalfPoints(g.nbw2_absent),
                bye_nbw: HalfPoints(g.nbw2_bye),
                round_down: g.round_down,
            },
            egf: self.egf_params(),
            first_table: 1,
            ..Settings::default()
        }
    }

    fn egf_params(&self) -> Params {
        Params {
            mm_floor: rank(self.general.mm_floor),
            mm_bar: rank(self.general.mm_bar),
            mm_zero: rank(self.general.mm_zero),
            number_of_categories: self.general.number_of_categories,
            placement: self
                .placement
                .iter()
                .filter_map(|c| PlacementCrit::parse(c))
                .collect(),
            club_groups: self
                .club_groups
                .iter()
                .map(|(_, clubs)| clubs.clone())
                .collect(),
            ..pairing_params(&self.pairing)
        }
    }

    fn snapshot_before(&self, round: u32) -> (Snapshot, Settings) {
        let settings = self.settings();
        let numbers = player_numbers(self);
        let players = (0..self.players.len())
            .map(|i| model_player(self, i, numbers[i], settings.system))
            .collect();
        let games = self
            .games
            .iter()
            .filter(|g| g.round < round)
            .map(model_game)
            .collect();
        let byes = self
            .byes
            .iter()
            .filter(|b| b.round < round)
            .map(|b| PastBye {
                round: RoundNo(b.round),
                player: PlayerId(b.player as u32),
            })
            .collect();
        let snapshot = Snapshot {
            round,
            rounds_total: self.general.number_of_rounds,
            players,
            games,
            byes,
        };
        (snapshot, settings)
    }

    fn round_games(&self, round: u32) -> Vec<PastGame> {
        let mut games: Vec<&OgGame> = self.games.iter().filter(|g| g.round == round).collect();
        games.sort_by_key(|g| (g.table, g.white, g.black));
        games.into_iter().map(model_game).collect()
    }

    fn round_bye(&self, round: u32) -> Option<PlayerId> {
        self.byes
            .iter()
            .find(|b| b.round == round)
            .map(|b| PlayerId(b.player as u32))
    }
}

/// A rank of the file on the draw's scale (the same integers).
fn rank(r: og::Rank) -> Rank {
    Rank(r.0)
}

/// The draw's cost parameters of a `<PairingParameterSet>`; the rest (floor, bar, zero, categories, placement,
/// club groups) as in [`Params::default`], for [`DrawModel::egf_params`] to fill from the file.
pub fn pairing_params(p: &og::PairingParams) -> Params {
    let dudd = |m: og::DuddMode| match m {
        og::DuddMode::Top => DuddMode::Top,
        og::DuddMode::Mid => DuddMode::Mid,
        og::DuddMode::Bot => DuddMode::Bot,
    };
    let seed = |s: og::SeedSystem| match s {
        og::SeedSystem::SplitAndRandom => SeedSystem::SplitAndRandom,
        og::SeedSystem::SplitAndFold => SeedSystem::SplitAndFold,
        og::SeedSystem::SplitAndSlip => SeedSystem::SplitAndSlip,
    };
    Params {
        standard_nx1_factor: Decimal::new(p.standard_nx1_factor.num, p.standard_nx1_factor.den),
        avoid_duplicate_game: p.avoid_duplicate_game,
        random: p.random,
        deterministic: p.deterministic,
        balance_wb: p.balance_wb,
        avoid_mixing_categories: p.avoid_mixing_categories,
        minimize_score_difference: p.minimize_score_difference,
        dudd_weight: p.dudd_weight,
        compensate_dudd: p.compensate_dudd,
        dudd_upper_mode: dudd(p.dudd_upper_mode),
        dudd_lower_mode: dudd(p.dudd_lower_mode),
        maximize_seeding: p.maximize_seeding,
        last_round_for_seed_system1: p.last_round_for_seed_system1,
        seed_system1: seed(p.seed_system1),
        seed_system2: seed(p.seed_system2),
        additional_placement_crit_system1: p.additional_placement_crit_system1.clone(),
        additional_placement_crit_system2: p.additional_placement_crit_system2.clone(),
        se_bar_threshold_active: p.se_bar_threshold_active,
        se_rank_threshold: rank(p.se_rank_threshold),
        se_nb_wins_threshold_active: p.se_nb_wins_threshold_active,
        se_def_sec_crit: p.se_def_sec_crit,
        se_minimize_handicap: p.se_minimize_handicap,
        se_avoid_same_geo: p.se_avoid_same_geo,
        se_prefer_mms_diff_rather_than_same_country: p.se_prefer_mms_diff_rather_than_same_country,
        se_prefer_mms_diff_rather_than_same_club: p.se_prefer_mms_diff_rather_than_same_club,
        se_prefer_mms_diff_rather_than_same_clubs_group: p
            .se_prefer_mms_diff_rather_than_same_clubs_group,
        ..Params::default()
    }
}

/// Player numbers by strength: rank, then rating, then file order (1 = strongest).
fn player_numbers(t: &OgTournament) -> Vec<u32> {
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by_key(|&i| {
        (
            std::cmp::Reverse(t.players[i].rank),
            std::cmp::Reverse(t.players[i].rating),
            i,
        )
    });
    let mut numbers = vec![0; t.players.len()];
    for (n, i) in order.into_iter().enumerate() {
        numbers[i] = n as u32 + 1;
    }
    numbers
}

/// The draw's view of player `i`. PRE players never participate (only FIN players are pairable).
fn model_player(t: &OgTournament, i: usize, number: u32, system: System) -> Player {
    let p: &OgPlayer = &t.players[i];
    let rounds = (t.general.number_of_rounds as usize).max(p.participating.len());
    let fin = p.registering_status == RegisteringStatus::Fin;
    Player {
        id: PlayerId(i as u32),
        number,
        family_name: p.name.clone(),
        given_name: p.first_name.clone(),
        rank: rank(p.rank),
        rating: Some(p.rating),
        club: p.club.clone(),
        city: String::new(),
        country: p.country.clone(),
        family: None,
        local: false,
        starting_mms: match system {
            System::McMahon => HalfPoints(2 * t.smms(p)),
            System::Swiss => HalfPoints(0),
        },
        participation: (1..=rounds as u32)
            .map(|r| fin && p.participates(r))
            .collect(),
        ghost: false,
    }
}

fn model_game(g: &OgGame) -> PastGame {
    let outcome = match g.result.outcome {
        OgOutcome::Unknown => Outcome::Unknown,
        OgOutcome::WhiteWins => Outcome::WhiteWins,
        OgOutcome::BlackWins => Outcome::BlackWins,
        OgOutcome::Equal => Outcome::Jigo,
        OgOutcome::BothWin => Outcome::BothWin,
        OgOutcome::BothLose => Outcome::BothLose,
    };
    PastGame {
        round: RoundNo(g.round),
        white: PlayerId(g.white as u32),
        black: PlayerId(g.black as u32),
        handicap: g.handicap,
        result: GameResult {
            outcome,
            by_forfeit: g.result.by_default,
        },
        known_colour: g.known_colour,
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod acceptance_tests;
