//! Checking a tournament's play settings before they are kept: the McMahon set-up, the handicap rule, groups,
//! tie-breaks, prizes, byes, tables, the draw's choices, sections and categories. Pure; reads only the settings
//! it is given.

use super::draw_choices::validate_draw_choices;
use super::{
    criterion, DrawSettings, HandicapSettings, McMahonSetup, ScoringSettings, TIEBREAK_NAMES,
};
use crate::domain::error::Rejected;
use crate::domain::record::PairingSystem;

/// Checks the play settings of a tournament; the first rule broken is the answer.
pub fn validate(
    system: PairingSystem,
    mm: &McMahonSetup,
    h: &HandicapSettings,
    scoring: &ScoringSettings,
    draw_settings: &DrawSettings,
) -> Result<(), Rejected> {
    validate_mcmahon(system, mm, h)?;
    if h.ceiling > 9 {
        return Err(Rejected::invalid("handicap_ceiling", "at most 9 stones"));
    }
    validate_groups(system, draw_settings)?;
    if !(-3..=3).contains(&h.correction) {
        return Err(Rejected::invalid(
            "handicap_correction",
            "the correction must be between -3 and 3",
        ));
    }
    validate_scoring(scoring)?;
    if draw_settings.first_table == 0 || draw_settings.first_table > 10_000 {
        return Err(Rejected::invalid(
            "first_table",
            "tables are numbered from 1 to 10000",
        ));
    }
    validate_draw_choices(system, draw_settings)?;
    validate_sections(mm, scoring)?;
    validate_special_prizes(scoring)?;
    validate_team_tournament(system, scoring)
}

/// A team tournament: 2 to 10 boards, paired as teams by McMahon, Swiss or a round robin, its teams placed by their
/// matches (so not also by a team competition's counting).
fn validate_team_tournament(
    system: PairingSystem,
    scoring: &ScoringSettings,
) -> Result<(), Rejected> {
    if scoring.team_boards == 0 {
        return Ok(());
    }
    if !(2..=10).contains(&scoring.team_boards) {
        return Err(Rejected::invalid(
            "team_boards",
            "a team tournament has 2 to 10 boards (0: players are paired, not teams)",
        ));
    }
    if !matches!(
        system,
        PairingSystem::McMahon | PairingSystem::Swiss | PairingSystem::RoundRobin
    ) {
        return Err(Rejected::invalid(
            "team_boards",
            format!(
                "teams are paired by McMahon, Swiss or a round robin, not by a {}",
                system.as_str()
            ),
        ));
    }
    if scoring.team_counting > 0 {
        return Err(Rejected::invalid(
            "team_counting",
            "a team tournament places its teams by their matches: counting members is for a team competition \
             inside an individual tournament (set it to 0)",
        ));
    }
    Ok(())
}

/// The bar above the floor, the supergroup above the bar, and Mays' sections: McMahon only, strongest first, a
/// step of 1 to 10 points, handicaps not by MMS.
fn validate_mcmahon(
    system: PairingSystem,
    mm: &McMahonSetup,
    h: &HandicapSettings,
) -> Result<(), Rejected> {
    if let (Some(bar), Some(floor)) = (mm.bar, mm.floor) {
        if floor > bar {
            return Err(Rejected::invalid(
                "floor",
                format!("the floor {floor} is above the bar {bar}"),
            ));
        }
    }
    if let (Some(s), Some(bar)) = (mm.supergroup, mm.bar) {
        if s <= bar {
            return Err(Rejected::invalid(
                "supergroup",
                format!("the supergroup starts above the bar ({bar}); {s} is not above it"),
            ));
        }
    }
    if !mm.sections.is_empty() {
        if system != PairingSystem::McMahon {
            return Err(Rejected::invalid(
                "sections",
                "sections are a McMahon set-up",
            ));
        }
        if mm.sections.windows(2).any(|w| w[0].lowest <= w[1].lowest) {
            return Err(Rejected::invalid(
                "sections",
                "list sections strongest first, each with a weaker lowest rank than the one before",
            ));
        }
        if mm.section_step == 0 || mm.section_step > 10 {
            return Err(Rejected::invalid(
                "section_step",
                "the points between sections must be 1 to 10",
            ));
        }
        if h.based_on_mms && h.ceiling > 0 {
            return Err(Rejected::invalid(
                "handicap",
                "with sections, handicaps follow the rank difference (set based_on_mms off) or games are even",
            ));
        }
    }
    Ok(())
}

/// Groups of at least two players, and none in a knockout or an event without rounds.
fn validate_groups(system: PairingSystem, draw_settings: &DrawSettings) -> Result<(), Rejected> {
    if draw_settings.group_size == 1 {
        return Err(Rejected::invalid(
            "group_size",
            "a group needs at least two players (0 = no groups)",
        ));
    }
    if draw_settings.group_size > 0 && (system.eliminates() || system.unrounded()) {
        return Err(Rejected::invalid(
            "group_size",
            "a knockout is not played in groups: play the groups as a round robin or Swiss, then split their \
             best players into a knockout",
        ));
    }
    Ok(())
}

/// One to eight known tie-breaks, at most 200 non-negative prizes, a bye worth 0 to 2 points.
fn validate_scoring(scoring: &ScoringSettings) -> Result<(), Rejected> {
    if scoring.tiebreaks.is_empty() {
        return Err(Rejected::invalid(
            "tiebreaks",
            "give at least one criterion (e.g. mms, sos, sosos)",
        ));
    }
    if scoring.tiebreaks.len() > 8 {
        return Err(Rejected::invalid("tiebreaks", "at most 8 criteria"));
    }
    for name in &scoring.tiebreaks {
        if criterion(name).is_none() {
            return Err(Rejected::invalid(
                "tiebreaks",
                format!(
                    "unknown criterion {name:?}: use {}",
                    TIEBREAK_NAMES.join(", ")
                ),
            ));
        }
    }
    if scoring.prizes_cents.iter().any(|c| *c < 0) || scoring.prizes_cents.len() > 200 {
        return Err(Rejected::invalid(
            "prizes",
            "prizes are at most 200 non-negative amounts",
        ));
    }
    if !(0..=4).contains(&scoring.bye_half_points) {
        return Err(Rejected::invalid(
            "bye_points",
            "a bye is worth 0 to 2 points",
        ));
    }
    Ok(())
}

/// Mays' sections or the director's categories (not both), and the section prizes.
fn validate_sections(mm: &McMahonSetup, scoring: &ScoringSettings) -> Result<(), Rejected> {
    let categories = &scoring.categories;
    if !categories.is_empty() && !mm.sections.is_empty() {
        return Err(Rejected::invalid(
            "categories",
            "a tournament has Mays' sections or categories, not both: clear one (none)",
        ));
    }
    if categories.len() > 20 {
        return Err(Rejected::invalid("categories", "at most 20 categories"));
    }
    if categories.windows(2).any(|w| w[0] <= w[1]) {
        return Err(Rejected::invalid(
            "categories",
            "list categories strongest first, each with a weaker lowest rank than the one before",
        ));
    }
    if scoring.section_prizes_cents.iter().any(|c| *c < 0)
        || scoring.section_prizes_cents.len() > 200
    {
        return Err(Rejected::invalid(
            "section_prizes",
            "section prizes are at most 200 non-negative amounts",
        ));
    }
    Ok(())
}

/// The prizes for wins, juniors, a rank and improvement: amounts like the place prizes, one prize per level of
/// wins, and what makes a junior or the rank when their prizes are given.
fn validate_special_prizes(scoring: &ScoringSettings) -> Result<(), Rejected> {
    for (field, amounts) in [
        ("junior_prizes", &scoring.junior_prizes_cents),
        ("below_rank_prizes", &scoring.below_rank_prizes_cents),
        ("improvement_prizes", &scoring.improvement_prizes_cents),
        ("team_prizes", &scoring.team_prizes_cents),
    ] {
        if amounts.iter().any(|c| *c < 0) || amounts.len() > 200 {
            return Err(Rejected::invalid(
                field,
                "prizes are at most 200 non-negative amounts",
            ));
        }
    }
    if scoring.team_counting > 10 {
        return Err(Rejected::invalid(
            "team_counting",
            "a team counts its best 1 to 10 members (0: no team competition)",
        ));
    }
    if scoring.team_counting == 0
        && scoring.team_boards == 0
        && !scoring.team_prizes_cents.is_empty()
    {
        return Err(Rejected::invalid(
            "team_counting",
            "team prizes need teams: a team competition (how many members of a team count) or a team tournament",
        ));
    }
    let wins = &scoring.wins_prizes;
    if wins.len() > 20 || wins.iter().any(|w| w.cents < 0 || w.wins_half == 0) {
        return Err(Rejected::invalid(
            "wins_prizes",
            "at most 20 levels, each a number of wins above 0 and a non-negative prize",
        ));
    }
    let mut levels: Vec<u32> = wins.iter().map(|w| w.wins_half).collect();
    levels.sort_unstable();
    if levels.windows(2).any(|w| w[0] == w[1]) {
        return Err(Rejected::invalid(
            "wins_prizes",
            "each number of wins has one prize: give it once",
        ));
    }
    if let Some(year) = scoring.junior_born_from {
        if !(1900..=2200).contains(&year) {
            return Err(Rejected::invalid(
                "junior_born_from",
                format!(
                    "{year} is not a year of birth: juniors are born in or after a year like 2009"
                ),
            ));
        }
    } else if !scoring.junior_prizes_cents.is_empty() {
        return Err(Rejected::invalid(
            "junior_born_from",
            "junior prizes need the year juniors are born in or after (like 2009)",
        ));
    }
    if scoring.below_rank.is_none() && !scoring.below_rank_prizes_cents.is_empty() {
        return Err(Rejected::invalid(
            "below_rank",
            "prizes below a rank need the rank (like 10k: for 10k and weaker)",
        ));
    }
    Ok(())
}
