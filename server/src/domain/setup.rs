//! How a tournament is played: McMahon set-up (bar, floor, supergroup, sections), handicap rule, time control
//! with its EGF class, draw profile, scoring of missed rounds, tie-break order, prizes and result checking.
//! Plain data with serde defaults (old logs replay), plus the pure functions that read it: starting MMS, the
//! EGF time class, the BGA bar suggestion, Mays' sections, and the bridges to the draw and standings settings.
//! What a director types for them is read in `typed`.
//! Must not touch the state or the log.

mod draw_choices;
pub mod typed;
mod validate;

use draw_choices::apply_draw_choices;
pub use draw_choices::{FloatFrom, Geography, Seeding, Switch};
pub use validate::validate;

use super::rank::Rank;
use super::record::PairingSystem;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tengen_draw::model as draw;
use tengen_standings::settings as st;

/// MMS of a 30 kyu: starting MMS = rank + 30 (OpenGotha's convention; 1d starts at 30).
pub const MMS_ZERO: i32 = -30;

/// One McMahon section of Mays' manual: the whole ranks from `lowest` up to the next section's lowest rank.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Section {
    /// The weakest rank in the section.
    pub lowest: Rank,
}

/// McMahon set-up: bar and floor clip the rank; or sections as in Mays' manual.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct McMahonSetup {
    /// Players at or above the bar all start at the bar's MMS. `None` = no bar.
    #[serde(default)]
    pub bar: Option<Rank>,
    /// Players at or below the floor all start at the floor's MMS. `None` = no floor.
    #[serde(default)]
    pub floor: Option<Rank>,
    /// Optional supergroup: players at or above this rank (above the bar) start one point above the bar.
    #[serde(default)]
    pub supergroup: Option<Rank>,
    /// Mays' sections, strongest first. When not empty, bar/floor are ignored: section k starts at −k·step.
    #[serde(default)]
    pub sections: Vec<Section>,
    /// Points between sections (1 for 3 rounds, 2 for 6, 3 for 9).
    #[serde(default)]
    pub section_step: u32,
}

/// The handicap rule (the draw's [`draw::HandicapRule`] in register terms).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandicapSettings {
    /// Handicap from the MMS difference (true) or the rank difference.
    pub based_on_mms: bool,
    /// Players above this rank count as this rank.
    pub no_handicap_above: Rank,
    /// Subtracted from the difference.
    pub correction: i32,
    /// At most this many stones (0 = even games only).
    pub ceiling: u8,
    /// BGA/Mays: no handicap when either player starts at the bar.
    pub even_at_bar: bool,
}

impl Default for HandicapSettings {
    fn default() -> Self {
        HandicapSettings {
            based_on_mms: true,
            no_handicap_above: Rank::FIRST_DAN,
            correction: 1,
            ceiling: 9,
            even_at_bar: false,
        }
    }
}

/// Time systems.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum TimeSystem {
    /// Basic time only.
    SuddenDeath,
    /// Canadian overtime: `stones` moves in `period_seconds`.
    #[default]
    Canadian,
    /// Milton Keynes overtime (BGA): like Canadian, the clock is reset on the flag.
    MiltonKeynes,
    /// Japanese byo-yomi: `periods` of `period_seconds`.
    ByoYomi,
    /// Fischer: `increment_seconds` per move.
    Fischer,
}

impl TimeSystem {
    /// The wire/CLI name.
    pub fn as_str(self) -> &'static str {
        match self {
            TimeSystem::SuddenDeath => "sudden-death",
            TimeSystem::Canadian => "canadian",
            TimeSystem::MiltonKeynes => "milton-keynes",
            TimeSystem::ByoYomi => "byo-yomi",
            TimeSystem::Fischer => "fischer",
        }
    }

    /// Parses a wire/CLI name.
    pub fn parse(s: &str) -> Option<TimeSystem> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "sudden-death" | "sudden_death" | "suddendeath" | "sd" => TimeSystem::SuddenDeath,
            "canadian" | "" => TimeSystem::Canadian,
            "milton-keynes" | "milton_keynes" | "mk" => TimeSystem::MiltonKeynes,
            "byo-yomi" | "byoyomi" | "byo_yomi" | "japanese" => TimeSystem::ByoYomi,
            "fischer" => TimeSystem::Fischer,
            _ => return None,
        })
    }
}

/// A time control.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// The system.
    pub system: TimeSystem,
    /// Basic time per player, minutes.
    pub basic_minutes: u32,
    /// Overtime period length (Canadian, Milton Keynes: the whole period; byo-yomi: one period), seconds.
    pub period_seconds: u32,
    /// Moves per overtime period (Canadian, Milton Keynes).
    pub stones: u32,
    /// Number of byo-yomi periods.
    pub periods: u32,
    /// Fischer increment per move, seconds.
    pub increment_seconds: u32,
}

impl Default for TimeControl {
    /// 60 minutes + Canadian 20 stones in 5 minutes: a class A game.
    fn default() -> Self {
        TimeControl {
            system: TimeSystem::Canadian,
            basic_minutes: 60,
            period_seconds: 300,
            stones: 20,
            periods: 0,
            increment_seconds: 0,
        }
    }
}

/// The EGF tournament class from the time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum TimeClass {
    /// Basic ≥ 60 min and adjusted ≥ 75 min.
    A,
    /// Basic ≥ 40 and adjusted ≥ 50.
    B,
    /// Basic ≥ 25 and adjusted ≥ 30.
    C,
    /// Faster.
    Unclassified,
}

impl TimeClass {
    /// "A", "B", "C" or "unclassified".
    pub fn as_str(self) -> &'static str {
        match self {
            TimeClass::A => "A",
            TimeClass::B => "B",
            TimeClass::C => "C",
            TimeClass::Unclassified => "unclassified",
        }
    }
}

impl TimeControl {
    /// EGF adjusted time in seconds: basic + 60 moves of Canadian (or Milton Keynes) overtime, + 45 byo-yomi
    /// periods, + 120 Fischer increments. Integer arithmetic, rounded down.
    pub fn adjusted_seconds(&self) -> u64 {
        let basic = u64::from(self.basic_minutes) * 60;
        let extra = match self.system {
            TimeSystem::SuddenDeath => 0,
            TimeSystem::Canadian | TimeSystem::MiltonKeynes => {
                if self.stones == 0 {
                    0
                } else {
                    60 * u64::from(self.period_seconds) / u64::from(self.stones)
                }
            }
            TimeSystem::ByoYomi => 45 * u64::from(self.period_seconds),
            TimeSystem::Fischer => 120 * u64::from(self.increment_seconds),
        };
        basic + extra
    }

    /// The EGF class.
    pub fn class(&self) -> TimeClass {
        let basic = u64::from(self.basic_minutes) * 60;
        let adjusted = self.adjusted_seconds();
        for (class, b, a) in [
            (TimeClass::A, 60, 75),
            (TimeClass::B, 40, 50),
            (TimeClass::C, 25, 30),
        ] {
            if basic >= b * 60 && adjusted >= a * 60 {
                return class;
            }
        }
        TimeClass::Unclassified
    }
}

/// Which rule book the draw's costs follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum DrawProfile {
    /// OpenGotha 3.52's costs.
    #[default]
    Egf,
    /// Mays' manual.
    Mays,
}

/// Who gets the bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ByeRule {
    /// OpenGotha's rule.
    #[default]
    Egf,
    /// Mays: the weakest player with most losses, never twice; a local player in round 1.
    Mays,
}

/// Draw switches. Every choice left to the profile follows it: `egf` is OpenGotha 3.52's McMahon (or Swiss)
/// preset, `mays` the manual.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawSettings {
    /// Cost profile.
    pub profile: DrawProfile,
    /// Bye rule.
    pub bye: ByeRule,
    /// Avoid pairing players of the same club. Default on in both profiles (`egf`: OpenGotha's club factor).
    pub avoid_same_club: Switch,
    /// Avoid pairing players of the same city. Default on under `mays` (his main geographic concern), off under
    /// `egf` (OpenGotha weighs no city; on, the clubs of one city count as one club group).
    pub avoid_same_city: Switch,
    /// Avoid pairing players of the same country. Default on under `egf` (OpenGotha's country factor), off
    /// under `mays`.
    #[serde(default)]
    pub avoid_same_country: Switch,
    /// First table number.
    pub first_table: u32,
    /// Seeding inside a score group; `None` = the profile's (`egf`: random up to round 2, then fold; `mays`:
    /// slip).
    #[serde(default)]
    pub seeding: Option<Seeding>,
    /// Who of a group is paired down into a lower one; `None` = the profile's (`egf`: the middle; `mays`: the
    /// weakest).
    #[serde(default)]
    pub draw_down: Option<FloatFrom>,
    /// Who of a group is paired up into a higher one; `None` = the profile's (`egf`: the middle; `mays`: the
    /// strongest).
    #[serde(default)]
    pub draw_up: Option<FloatFrom>,
    /// Pairs of player numbers that must never meet: a hard rule of the draw.
    #[serde(default)]
    pub never_pair: Vec<(u32, u32)>,
    /// Groups of about this many players, made at round 1 by number, each drawn as a tournament of its own by
    /// the tournament's system (groups of eight, zones, zoned Swiss); 0 = one field.
    #[serde(default)]
    pub group_size: u32,
}

impl Default for DrawSettings {
    fn default() -> Self {
        DrawSettings {
            profile: DrawProfile::Egf,
            bye: ByeRule::Egf,
            avoid_same_club: Switch::Default,
            avoid_same_city: Switch::Default,
            avoid_same_country: Switch::Default,
            first_table: 1,
            seeding: None,
            draw_down: None,
            draw_up: None,
            never_pair: Vec::new(),
            group_size: 0,
        }
    }
}

/// Credit for a missed round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum MissedRule {
    /// ½ MMS per missed round (Mays).
    #[default]
    Half,
    /// +1 after every two missed rounds (BGA).
    OnePerTwo,
    /// Nothing.
    Nothing,
}

impl MissedRule {
    /// Wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            MissedRule::Half => "half",
            MissedRule::OnePerTwo => "one-per-two",
            MissedRule::Nothing => "nothing",
        }
    }

    /// Parses a wire name.
    pub fn parse(s: &str) -> Option<MissedRule> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "half" | "mays" | "" => MissedRule::Half,
            "one-per-two" | "bga" | "one_per_two" => MissedRule::OnePerTwo,
            "nothing" | "none" | "zero" => MissedRule::Nothing,
            _ => return None,
        })
    }
}

/// Standings, prizes and result checking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoringSettings {
    /// Credit for missed rounds.
    pub missed: MissedRule,
    /// MMS for a bye, half points (default 2 = one point).
    pub bye_half_points: i32,
    /// Tie-break order, as names (see [`criterion`]).
    pub tiebreaks: Vec<String>,
    /// Cash prizes for places 1, 2, … in cents.
    pub prizes_cents: Vec<i64>,
    /// Two agreeing entries from two terminals confirm a result.
    pub double_entry: bool,
    /// Minutes after the start after which an absent player loses by forfeit (shown to the referee).
    pub forfeit_minutes: u32,
    /// The director's categories: the lowest rank of each, strongest first (empty = none). Sections with their
    /// own winners are Mays' McMahon sections when defined, else these categories, else none.
    #[serde(default)]
    pub categories: Vec<Rank>,
    /// Prizes for places 1, 2, … inside every section (or category), in cents; tied players split them like the
    /// overall prizes.
    #[serde(default)]
    pub section_prizes_cents: Vec<i64>,
    /// Prizes for everyone with at least some wins (BGA handbook 7.5), one per level: a player takes the
    /// prize of the highest level they reach.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wins_prizes: Vec<WinsPrize>,
    /// Prizes for places 1, 2, … among the juniors, in cents.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub junior_prizes_cents: Vec<i64>,
    /// Juniors are the players born in this year or after (a player whose year of birth is unknown is not one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub junior_born_from: Option<u16>,
    /// Prizes for places 1, 2, … among the players ranked `below_rank` or weaker, in cents.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub below_rank_prizes_cents: Vec<i64>,
    /// The strongest rank the `below_rank_prizes` are for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub below_rank: Option<Rank>,
    /// Prizes for places 1, 2, … by improvement: the places a player climbed from their number (the seeding by
    /// strength) to their final place, most first; only players who climbed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub improvement_prizes_cents: Vec<i64>,
    /// A player may take several prizes; by default (false) each takes only their best one.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub prizes_stack: bool,
    /// The team competition (BGA handbook 7.5: "prizes to the team with the best combined results"): a team
    /// scores the sum of its best `team_counting` members' results; 0 (the default) holds none. Teams are the
    /// entrants' team names (`ParticipantFields::team`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub team_counting: u32,
    /// Which result of a member a team counts.
    #[serde(default, skip_serializing_if = "TeamScore::is_wins")]
    pub team_score: TeamScore,
    /// Prizes for the teams' places 1, 2, … in cents; tied teams split them like players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub team_prizes_cents: Vec<i64>,
    /// A team tournament (issue 33): teams of `team_boards` boards (2 to 10) meet in matches, paired as teams by
    /// the tournament's system, board 1 against board 1; 0 (the default) pairs players. See
    /// [`super::team_play`].
    #[serde(default, skip_serializing_if = "is_zero")]
    pub team_boards: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The result of a member a team competition counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum TeamScore {
    /// Wins (a jigo half a win): comparable across sections, the usual congress rule.
    #[default]
    Wins,
    /// The McMahon score: a strong team's members start higher.
    Mms,
}

impl TeamScore {
    /// Wins, the default (not written to the log).
    pub fn is_wins(&self) -> bool {
        *self == TeamScore::Wins
    }

    /// The name on the wire and in forms: `wins` or `mms`.
    pub fn as_str(self) -> &'static str {
        match self {
            TeamScore::Wins => "wins",
            TeamScore::Mms => "mms",
        }
    }

    /// Reads [`TeamScore::as_str`]'s names.
    pub fn parse(text: &str) -> Option<TeamScore> {
        match text.trim().to_ascii_lowercase().as_str() {
            "wins" | "nbw" => Some(TeamScore::Wins),
            "mms" | "mcmahon" => Some(TeamScore::Mms),
            _ => None,
        }
    }
}

/// The prize for everyone with at least `wins_half` wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinsPrize {
    /// Wins, in half points (a jigo is half a win).
    pub wins_half: u32,
    /// The prize, in cents.
    pub cents: i64,
}

impl ScoringSettings {
    /// The scoring a system starts with: a round robin places by wins, head-to-head, then SODOS (its SOS is
    /// everybody's total less their own, so it orders nothing), and its bye (the seat left out of an odd field,
    /// once per player and cycle) scores nothing; a generalised knockout by the sequence of results, then the
    /// opponents' wins; a knockout by how far each went; a double elimination by the round each player went out
    /// in; a ladder or self-paired event by wins; McMahon and Swiss by MMS, SOS, SOSOS.
    pub fn for_system(system: PairingSystem) -> ScoringSettings {
        let profile = |name| tiebreak_profile(name).unwrap_or_default();
        match system {
            PairingSystem::RoundRobin => ScoringSettings {
                tiebreaks: profile("round-robin"),
                bye_half_points: 0,
                ..ScoringSettings::default()
            },
            PairingSystem::Knockout => ScoringSettings {
                tiebreaks: profile("knockout"),
                ..ScoringSettings::default()
            },
            PairingSystem::DoubleElimination => ScoringSettings {
                tiebreaks: profile("double-elimination"),
                ..ScoringSettings::default()
            },
            PairingSystem::GeneralisedKnockout => ScoringSettings {
                tiebreaks: profile("generalised-knockout"),
                ..ScoringSettings::default()
            },
            PairingSystem::Ladder | PairingSystem::SelfPaired => ScoringSettings {
                tiebreaks: vec!["wins".to_string()],
                ..ScoringSettings::default()
            },
            PairingSystem::McMahon | PairingSystem::Swiss => ScoringSettings::default(),
        }
    }
}

impl Default for ScoringSettings {
    fn default() -> Self {
        ScoringSettings {
            missed: MissedRule::Half,
            bye_half_points: 2,
            tiebreaks: vec!["mms".into(), "sos".into(), "sosos".into()],
            prizes_cents: Vec::new(),
            double_entry: false,
            forfeit_minutes: 30,
            categories: Vec::new(),
            section_prizes_cents: Vec::new(),
            wins_prizes: Vec::new(),
            junior_prizes_cents: Vec::new(),
            junior_born_from: None,
            below_rank_prizes_cents: Vec::new(),
            below_rank: None,
            improvement_prizes_cents: Vec::new(),
            prizes_stack: false,
            team_counting: 0,
            team_score: TeamScore::Wins,
            team_prizes_cents: Vec::new(),
            team_boards: 0,
        }
    }
}

/// The tie-break profiles a director can name instead of a list.
pub fn tiebreak_profile(name: &str) -> Option<Vec<String>> {
    let list: &[&str] = match name.trim().to_ascii_lowercase().as_str() {
        "egf" => &["mms", "sos", "sosos"],
        "mays" => &["mms", "sos-mays", "sdos", "h2h"],
        "swiss" => &["wins", "sosw", "sososw"],
        "round-robin" | "roundrobin" | "rr" => &["wins", "h2h", "sodos"],
        "generalised-knockout" | "generalized-knockout" | "gko" => &["sequence", "sosw"],
        "knockout" | "ko" => &["sequence"],
        "double-elimination" | "double-knockout" | "judan" => &["survival"],
        _ => return None,
    };
    Some(list.iter().map(|s| s.to_string()).collect())
}

/// The tie-break names a director is told about when one does not parse (one spelling each; [`criterion`] also
/// takes a few others, such as `nbw`, `head-to-head`, `harkness`).
pub const TIEBREAK_NAMES: &[&str] = &[
    "mms",
    "wins",
    "sos",
    "sos-adjusted",
    "sos-normalised",
    "sos-mays",
    "sos-virtual",
    "sos-1",
    "sos-2",
    "median",
    "median-mays",
    "sosos",
    "sodos",
    "sdos",
    "cuss",
    "cusp",
    "saco",
    "h2h",
    "sdc",
    "sosw",
    "sososw",
    "ext",
    "exr",
    "sequence",
    "survival",
    "rating",
    "rank",
];

/// Parses one tie-break name. Names: `mms`, `wins`, `sos`, `sos-adjusted`, `sos-normalised`, `sos-mays`
/// (adjusted and normalised), `sos-virtual`, `sos-1`, `sos-2`, `sosos`, `sodos`, `sdos` (Mays' SDOS: the defeated
/// opponents' adjusted scores; also `sodos-adjusted`), `cuss`, `cusp`, `saco`, `h2h`, `sosw`, `sososw`, `sequence`
/// (results in order: an early win above a late one), `survival`, `median` (the AGA's median or Harkness score:
/// SOS as `sos` counts it without the strongest and the weakest opponent, two of each past eight rounds; also
/// `harkness`; `median-mays` on Mays' adjusted and normalised scores), OpenGotha's `sdc`, `ext`, `exr`, and
/// `rating` and `rank` as last criteria.
pub fn criterion(name: &str) -> Option<st::Criterion> {
    use st::{Criterion as C, OpponentScore as O, SosRules, Unplayed as U};
    let r = |opponent, unplayed| SosRules {
        opponent,
        unplayed,
        handicap: false,
    };
    Some(match name.trim().to_ascii_lowercase().as_str() {
        "mms" => C::Mms,
        "wins" | "nbw" => C::Wins,
        "sos" => C::Sos(SosRules::EGF),
        "sos-adjusted" => C::Sos(r(O::Adjusted, U::OwnStart)),
        "sos-normalised" | "sos-normalized" => C::Sos(r(O::Final, U::Normalise)),
        "sos-mays" => C::Sos(SosRules::MAYS),
        "sos-virtual" => C::Sos(r(O::Final, U::VirtualOpponent)),
        "sos-1" => C::SosMinus(1, SosRules::EGF),
        "sos-2" => C::SosMinus(2, SosRules::EGF),
        "sosos" => C::Sosos(SosRules::EGF),
        "sodos" => C::Sodos(SosRules::EGF),
        "sdos" | "sodos-adjusted" | "sdos-adjusted" => C::Sodos(SosRules::MAYS_SDOS),
        "cuss" => C::Cuss,
        "cusp" => C::Cusp,
        "saco" => C::Saco,
        "h2h" | "head-to-head" => C::HeadToHead,
        "sequence" | "seq" => C::Sequence,
        "survival" | "out" => C::Survival,
        "sosw" => C::Sos(r(O::Wins, U::Zero)),
        "sososw" => C::Sosos(r(O::Wins, U::Zero)),
        "median" | "harkness" => C::Median(SosRules::EGF),
        "median-mays" => C::Median(SosRules::MAYS),
        "sdc" => C::Sdc,
        "ext" => C::Ext,
        "exr" => C::Exr,
        "rating" => C::Rating,
        "rank" => C::Rank,
        _ => return None,
    })
}

/// Starting MMS in half points for a player of `rank` (plus the director's correction in whole points), under
/// `system` and the McMahon set-up. Swiss and round robin: 0 (plus the correction).
pub fn starting_mms(system: PairingSystem, mm: &McMahonSetup, rank: Rank, correction: i32) -> i32 {
    if system != PairingSystem::McMahon {
        return 2 * correction;
    }
    let r = i32::from(rank.value());
    let points = if mm.sections.is_empty() {
        let mut clipped = r;
        if let Some(bar) = mm.bar {
            clipped = clipped.min(i32::from(bar.value()));
        }
        if let Some(floor) = mm.floor {
            clipped = clipped.max(i32::from(floor.value()));
        }
        let mut points = clipped - MMS_ZERO;
        if let (Some(s), Some(_)) = (mm.supergroup, mm.bar) {
            if rank >= s {
                points += 1;
            }
        }
        points
    } else {
        let k = mm
            .sections
            .iter()
            .position(|s| rank >= s.lowest)
            .unwrap_or(mm.sections.len() - 1);
        -(k as i32) * mm.section_step as i32
    };
    2 * (points + correction)
}

/// The BGA guideline for the size of the top group by number of rounds (3→4–8 … 10→11–30).
pub fn top_group_size(rounds: u32) -> (u32, u32) {
    match rounds {
        0..=3 => (4, 8),
        4 => (5, 10),
        5 => (6, 12),
        6 => (7, 15),
        7 => (8, 18),
        8 => (9, 22),
        9 => (10, 26),
        _ => (11, 30),
    }
}

/// Suggests a bar: the strongest rank such that the players at or above it are a top group within the BGA
/// guideline's range (the largest group not above the upper bound; if none fits, the smallest group above it).
/// `ranks` are the ranks of the field. `None` for an empty field.
pub fn suggest_bar(ranks: &[Rank], rounds: u32) -> Option<(Rank, u32)> {
    let (_, high) = top_group_size(rounds);
    let mut counts: BTreeMap<Rank, u32> = BTreeMap::new();
    for r in ranks {
        *counts.entry(*r).or_default() += 1;
    }
    let mut at_or_above = 0u32;
    let mut best: Option<(Rank, u32)> = None;
    for (rank, n) in counts.iter().rev() {
        at_or_above += n;
        if at_or_above <= high || best.is_none() {
            best = Some((*rank, at_or_above));
        }
        if at_or_above >= high {
            break;
        }
    }
    best
}

/// Mays' sections: groups of whole ranks of roughly equal size (at most 3 ranks each where possible, never
/// splitting a rank), strongest first. `groups` is how many sections to make.
pub fn suggest_sections(ranks: &[Rank], groups: usize) -> Vec<Section> {
    let mut counts: BTreeMap<Rank, usize> = BTreeMap::new();
    for r in ranks {
        *counts.entry(*r).or_default() += 1;
    }
    let ranks_desc: Vec<(Rank, usize)> = counts.into_iter().rev().collect();
    if ranks_desc.is_empty() || groups == 0 {
        return Vec::new();
    }
    let total: usize = ranks_desc.iter().map(|(_, n)| n).sum();
    let mut out = Vec::new();
    let mut taken = 0usize;
    let mut current: Vec<(Rank, usize)> = Vec::new();
    for (i, (rank, n)) in ranks_desc.iter().enumerate() {
        current.push((*rank, *n));
        taken += n;
        let remaining_groups = groups.saturating_sub(out.len() + 1);
        let target = total * (out.len() + 1) / groups;
        let ranks_left = ranks_desc.len() - i - 1;
        let full = current.len() >= 3 && ranks_left > 0 && remaining_groups > 0;
        let reached = taken >= target && remaining_groups > 0 && ranks_left >= remaining_groups;
        if full || reached || ranks_left == 0 {
            out.push(Section { lowest: *rank });
            current.clear();
        }
    }
    out
}

/// The draw settings for a tournament.
pub fn draw_settings(
    system: PairingSystem,
    mm: &McMahonSetup,
    h: &HandicapSettings,
    d: &DrawSettings,
    scoring: &ScoringSettings,
) -> draw::Settings {
    let mut s = draw::Settings {
        system: match system {
            PairingSystem::McMahon => draw::System::McMahon,
            PairingSystem::Swiss
            | PairingSystem::RoundRobin
            | PairingSystem::GeneralisedKnockout
            | PairingSystem::Knockout
            | PairingSystem::DoubleElimination
            | PairingSystem::Ladder
            | PairingSystem::SelfPaired => draw::System::Swiss,
        },
        pairing: match system {
            PairingSystem::McMahon
            | PairingSystem::Swiss
            | PairingSystem::Ladder
            | PairingSystem::SelfPaired => draw::Pairing::ScoreGroups,
            PairingSystem::RoundRobin => draw::Pairing::RoundRobin,
            PairingSystem::GeneralisedKnockout => draw::Pairing::Sequence,
            PairingSystem::Knockout => draw::Pairing::Knockout,
            PairingSystem::DoubleElimination => draw::Pairing::DoubleElimination,
        },
        profile: match d.profile {
            DrawProfile::Egf => draw::Profile::Egf,
            DrawProfile::Mays => draw::Profile::Mays,
        },
        bye: match d.bye {
            ByeRule::Egf => draw::ByeRule::Egf,
            ByeRule::Mays => draw::ByeRule::Mays,
        },
        first_table: d.first_table,
        group_size: d.group_size,
        ..draw::Settings::default()
    };
    if system != PairingSystem::McMahon {
        s.egf = tengen_draw::egf::Params::swiss();
    }
    let bar_mms = mm
        .bar
        .filter(|_| mm.sections.is_empty())
        .map(|b| draw::HalfPoints(starting_mms(system, mm, b, 0)));
    s.handicap = draw::HandicapRule {
        based_on_mms: h.based_on_mms,
        no_handicap_above: draw::Rank(h.no_handicap_above.to_draw_scale()),
        correction: h.correction,
        ceiling: h.ceiling,
        even_at_or_above: if h.even_at_bar {
            bar_mms.or_else(|| {
                mm.sections
                    .first()
                    .map(|_| draw::HalfPoints(0))
                    .filter(|_| !mm.sections.is_empty())
            })
        } else {
            None
        },
    };
    if system.own_rule() && h.based_on_mms {
        // A round robin or generalised knockout has no McMahon score to take a handicap from: MMS-based
        // handicaps are even games there; the rank-based rule applies as it is.
        s.handicap.ceiling = 0;
    }
    if let Some(bar) = mm.bar {
        s.egf.mm_bar = draw::Rank(bar.to_draw_scale());
    }
    if let Some(floor) = mm.floor {
        s.egf.mm_floor = draw::Rank(floor.to_draw_scale());
    }
    apply_draw_choices(&mut s, system, d);
    s.scores = draw::ScoreValues {
        absent_mms: match scoring.missed {
            MissedRule::Nothing => draw::HalfPoints(0),
            _ => draw::HalfPoints::HALF,
        },
        bye_mms: draw::HalfPoints(scoring.bye_half_points),
        absent_nbw: draw::HalfPoints(0),
        bye_nbw: draw::HalfPoints::ONE,
        round_down: scoring.missed == MissedRule::OnePerTwo,
    };
    s
}

/// Does this tie-break order follow Mays' manual? It does when it places by MMS and the first tie-break is one of
/// his own: his adjusted and normalised SOS (`sos-mays`, as in the `mays` profile) or his SDOS (`sdos`,
/// `sodos-adjusted`). Then players place by the MMS they earned ([`st::Placing::Earned`]); otherwise the
/// missed-round credit counts, as in OpenGotha.
pub fn follows_mays(tiebreaks: &[String]) -> bool {
    let mut order = tiebreaks.iter().map(|name| criterion(name));
    order.next() == Some(Some(st::Criterion::Mms))
        && matches!(
            order.next(),
            Some(Some(
                st::Criterion::Sos(st::SosRules::MAYS)
                    | st::Criterion::Sodos(st::SosRules::MAYS_SDOS)
            ))
        )
}

/// The standings settings for a tournament (criteria that do not parse are skipped; `validate` refuses them).
/// Sections with winners: Mays' sections when defined (players sharing a starting MMS), else the director's
/// categories, else none.
pub fn standings_settings(scoring: &ScoringSettings, mm: &McMahonSetup) -> st::Settings {
    st::Settings {
        scores: st::ScoreRules {
            missed: match scoring.missed {
                MissedRule::Half => st::MissedRounds::MaysHalf,
                MissedRule::OnePerTwo => st::MissedRounds::BgaOnePerTwo,
                MissedRule::Nothing => st::MissedRounds::Nothing,
            },
            bye: draw::HalfPoints(scoring.bye_half_points),
            placing: if follows_mays(&scoring.tiebreaks) {
                st::Placing::Earned
            } else {
                st::Placing::WithCredits
            },
        },
        criteria: scoring
            .tiebreaks
            .iter()
            .filter_map(|n| criterion(n))
            .collect(),
        sections: if !mm.sections.is_empty() {
            st::Sections::ByStartingMms
        } else if !scoring.categories.is_empty() {
            st::Sections::ByRank(
                scoring
                    .categories
                    .iter()
                    .map(|r| draw::Rank(r.to_draw_scale()))
                    .collect(),
            )
        } else {
            st::Sections::None
        },
    }
}

#[cfg(test)]
mod choices_tests;

#[cfg(test)]
mod tests {
    use super::*;

    fn rank(s: &str) -> Rank {
        s.parse().expect("rank")
    }

    #[test]
    fn time_classes_follow_the_egf_adjusted_time() {
        let canadian = |basic, period, stones| TimeControl {
            system: TimeSystem::Canadian,
            basic_minutes: basic,
            period_seconds: period,
            stones,
            ..TimeControl::default()
        };
        // 60 + 60 moves at 300 s / 20 stones = 60 + 15 = 75 min: A.
        assert_eq!(canadian(60, 300, 20).class(), TimeClass::A);
        // 60 + 60 × 300/30 = 60 + 10 = 70 min: basic enough for A but adjusted only B.
        assert_eq!(canadian(60, 300, 30).class(), TimeClass::B);
        assert_eq!(canadian(40, 600, 60).class(), TimeClass::B);
        assert_eq!(canadian(25, 300, 60).class(), TimeClass::C);
        assert_eq!(canadian(20, 600, 10).class(), TimeClass::Unclassified);
        let byo = TimeControl {
            system: TimeSystem::ByoYomi,
            basic_minutes: 40,
            period_seconds: 30,
            periods: 5,
            ..TimeControl::default()
        };
        // 40 min + 45 × 30 s = 62.5 min: B.
        assert_eq!(byo.adjusted_seconds(), 40 * 60 + 1350);
        assert_eq!(byo.class(), TimeClass::B);
        let fischer = TimeControl {
            system: TimeSystem::Fischer,
            basic_minutes: 60,
            increment_seconds: 10,
            ..TimeControl::default()
        };
        // 60 + 120 × 10 s = 80 min: A.
        assert_eq!(fischer.class(), TimeClass::A);
        let sd = TimeControl {
            system: TimeSystem::SuddenDeath,
            basic_minutes: 70,
            ..TimeControl::default()
        };
        assert_eq!(sd.class(), TimeClass::B);
    }

    #[test]
    fn starting_mms_clips_at_bar_and_floor() {
        let mm = McMahonSetup {
            bar: Some(rank("3d")),
            floor: Some(rank("20k")),
            ..McMahonSetup::default()
        };
        let mc = PairingSystem::McMahon;
        assert_eq!(starting_mms(mc, &mm, rank("5d"), 0), 2 * 32);
        assert_eq!(starting_mms(mc, &mm, rank("3d"), 0), 2 * 32);
        assert_eq!(starting_mms(mc, &mm, rank("1d"), 0), 2 * 30);
        assert_eq!(starting_mms(mc, &mm, rank("1k"), 0), 2 * 29);
        assert_eq!(starting_mms(mc, &mm, rank("25k"), 0), 2 * 10);
        assert_eq!(starting_mms(mc, &mm, rank("1k"), -1), 2 * 28);
        assert_eq!(starting_mms(PairingSystem::Swiss, &mm, rank("5d"), 0), 0);
        let sg = McMahonSetup {
            supergroup: Some(rank("5d")),
            ..mm.clone()
        };
        assert_eq!(starting_mms(mc, &sg, rank("6d"), 0), 2 * 33);
        assert_eq!(starting_mms(mc, &sg, rank("4d"), 0), 2 * 32);
    }

    #[test]
    fn sections_start_at_zero_minus_step() {
        let mm = McMahonSetup {
            sections: vec![
                Section { lowest: rank("1k") },
                Section { lowest: rank("5k") },
                Section {
                    lowest: rank("30k"),
                },
            ],
            section_step: 2,
            ..McMahonSetup::default()
        };
        let mc = PairingSystem::McMahon;
        assert_eq!(starting_mms(mc, &mm, rank("2d"), 0), 0);
        assert_eq!(starting_mms(mc, &mm, rank("1k"), 0), 0);
        assert_eq!(starting_mms(mc, &mm, rank("2k"), 0), -4);
        assert_eq!(starting_mms(mc, &mm, rank("5k"), 0), -4);
        assert_eq!(starting_mms(mc, &mm, rank("6k"), 0), -8);
    }

    #[test]
    fn bar_suggestion_follows_the_bga_table() {
        // 6 rounds: top group of 7 to 15. 2 × 5d, 3 × 4d, 4 × 3d, 6 × 2d, 10 × 1d.
        let mut ranks = Vec::new();
        for (r, n) in [("5d", 2), ("4d", 3), ("3d", 4), ("2d", 6), ("1d", 10)] {
            ranks.extend(std::iter::repeat_n(rank(r), n));
        }
        // 5d:2, 4d:5, 3d:9, 2d:15, 1d:25 → 2d gives 15 (≤ 15).
        assert_eq!(suggest_bar(&ranks, 6), Some((rank("2d"), 15)));
        // 3 rounds: 4–8 → 4d gives 5.
        assert_eq!(suggest_bar(&ranks, 3), Some((rank("4d"), 5)));
        // A top rank bigger than the range is still the bar.
        let many = vec![rank("1d"); 40];
        assert_eq!(suggest_bar(&many, 5), Some((rank("1d"), 40)));
        assert_eq!(suggest_bar(&[], 5), None);
    }

    #[test]
    fn sections_never_split_a_rank_and_hold_at_most_three_ranks() {
        let mut ranks = Vec::new();
        for (i, n) in [3, 4, 5, 6, 5, 4, 3, 2, 2, 2].iter().enumerate() {
            ranks.extend(std::iter::repeat_n(
                Rank::from_value(-(i as i8) - 1).expect("rank"),
                *n,
            ));
        }
        let sections = suggest_sections(&ranks, 3);
        assert_eq!(sections.len(), 3);
        let mut prev = Rank::from_value(17).expect("rank");
        for s in &sections {
            assert!(s.lowest < prev);
            prev = s.lowest;
        }
        assert_eq!(sections.last().map(|s| s.lowest), Rank::kyu(10));
    }

    #[test]
    fn tiebreak_names_parse_and_profiles_are_valid() {
        for name in TIEBREAK_NAMES {
            assert!(criterion(name).is_some(), "{name}");
        }
        for profile in ["egf", "mays", "swiss"] {
            for name in tiebreak_profile(profile).expect("profile") {
                assert!(criterion(&name).is_some(), "{name}");
            }
        }
        assert!(criterion("sos-3").is_none());
    }
}
