//! A tournament's settings to and from the wire, with the wire's defaults for what it leaves out (komi, forfeit
//! time, each system's scoring and tie-breaks).

use crate::domain::error::quote;
use crate::domain::setup::{
    self, typed, ByeRule, DrawProfile, DrawSettings, FloatFrom, HandicapSettings, McMahonSetup,
    ScoringSettings, Section, Seeding, Switch, TeamScore, TimeControl, WinsPrize,
};
use crate::domain::{PairingSystem, Rank, Rejected, Tournament, TournamentSettings};
use tengen_proto::v1 as pb;

/// Tournament settings from the wire. A sub-message left out takes the domain's defaults; `double_entry_default`
/// (see [`double_entry_default`]) is used when `scoring.double_entry` is absent. The output-only fields
/// (`time_class`, `adjusted_time_seconds`) are ignored.
pub fn settings_from_pb(
    s: Option<pb::TournamentSettings>,
    double_entry_default: bool,
) -> Result<TournamentSettings, Rejected> {
    let s = s.ok_or_else(|| Rejected::invalid("settings", "missing"))?;
    let system = PairingSystem::from_name(&s.pairing_system)?;
    Ok(TournamentSettings {
        name: s.name.trim().to_string(),
        rounds: s.rounds,
        system,
        start_date: s.start_date.trim().to_string(),
        end_date: s.end_date.trim().to_string(),
        komi_half: s.komi_half.unwrap_or(DEFAULT_KOMI_HALF),
        time: s.time.map(time_from_pb).transpose()?.unwrap_or_default(),
        mcmahon: s
            .mcmahon
            .map(mcmahon_from_pb)
            .transpose()?
            .unwrap_or_default(),
        handicap: s
            .handicap
            .map(handicap_from_pb)
            .transpose()?
            .unwrap_or_default(),
        draw: s.draw.map(draw_from_pb).transpose()?.unwrap_or_default(),
        scoring: scoring_from_pb(s.scoring, system, double_entry_default)?,
        split_from: None,
        ladder: s
            .ladder
            .map(|l| crate::domain::ladder::LadderSettings {
                reach: l.reach,
                rungs_per_stone: l.rungs_per_stone,
                max_meetings: l.max_meetings,
            })
            .unwrap_or_else(|| crate::domain::ladder::LadderSettings::for_system(system)),
        schedule: s.schedule,
        nigiri: s.nigiri,
        players: crate::domain::PlayerService {
            self_check_in: s.self_check_in,
            report_results: s.player_results,
        },
        fees: s.fees.map(fees_from_pb).transpose()?.unwrap_or_default(),
    })
}

/// A fee schedule from the wire.
fn fees_from_pb(f: pb::FeeSchedule) -> Result<crate::domain::FeeSchedule, Rejected> {
    let bands = f
        .bands
        .into_iter()
        .map(|b| {
            Ok(crate::domain::fees::FeeBand {
                from: typed::rank("fee_bands", &b.from)?,
                cents: b.cents,
            })
        })
        .collect::<Result<_, Rejected>>()?;
    Ok(crate::domain::FeeSchedule {
        full_cents: f.full_cents,
        bands,
        non_member_cents: f.non_member_cents,
        junior_off_cents: f.junior_off_cents,
        student_off_cents: f.student_off_cents,
        senior_off_cents: f.senior_off_cents,
        late_cents: f.late_cents,
        late_after: f.late_after.trim().to_string(),
        day_cents: f.day_cents,
        latecomers_by_day: f.latecomers_by_day,
        levy: crate::domain::fees::Levy {
            full_cents: f.levy_full_cents,
            member_cents: f.levy_member_cents,
            concession_cents: f.levy_concession_cents,
        },
    })
}

/// A fee schedule for the wire.
fn fees_to_pb(f: &crate::domain::FeeSchedule) -> pb::FeeSchedule {
    pb::FeeSchedule {
        full_cents: f.full_cents,
        bands: f
            .bands
            .iter()
            .map(|b| pb::FeeBand {
                from: b.from.to_string(),
                cents: b.cents,
            })
            .collect(),
        non_member_cents: f.non_member_cents,
        junior_off_cents: f.junior_off_cents,
        student_off_cents: f.student_off_cents,
        senior_off_cents: f.senior_off_cents,
        late_cents: f.late_cents,
        late_after: f.late_after.clone(),
        day_cents: f.day_cents,
        latecomers_by_day: f.latecomers_by_day,
        levy_full_cents: f.levy.full_cents,
        levy_member_cents: f.levy.member_cents,
        levy_concession_cents: f.levy.concession_cents,
    }
}

/// Komi when the wire leaves it out: 6½.
pub(super) const DEFAULT_KOMI_HALF: i32 = 13;
/// Forfeit time when the wire leaves it out.
const DEFAULT_FORFEIT_MINUTES: u32 = 30;

/// A rank typed as text; `field` names it in the refusal.
pub fn rank_from_pb(field: &'static str, text: &str) -> Result<Rank, Rejected> {
    typed::rank(field, text)
}

/// An optional rank: empty text = none.
fn optional_rank(field: &'static str, text: &str) -> Result<Option<Rank>, Rejected> {
    typed::optional_rank(field, text)
}

fn time_from_pb(t: pb::TimeControl) -> Result<TimeControl, Rejected> {
    let system = typed::time_system(&t.system)?;
    Ok(TimeControl {
        system,
        basic_minutes: t.basic_minutes,
        period_seconds: t.period_seconds,
        stones: t.stones,
        periods: t.periods,
        increment_seconds: t.increment_seconds,
    })
}

fn time_to_pb(t: &TimeControl) -> pb::TimeControl {
    pb::TimeControl {
        system: t.system.as_str().to_string(),
        basic_minutes: t.basic_minutes,
        period_seconds: t.period_seconds,
        stones: t.stones,
        periods: t.periods,
        increment_seconds: t.increment_seconds,
    }
}

fn mcmahon_from_pb(m: pb::McMahonSetup) -> Result<McMahonSetup, Rejected> {
    let sections = m
        .section_lowest_ranks
        .iter()
        .map(|r| rank_from_pb("sections", r).map(|lowest| Section { lowest }))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(McMahonSetup {
        bar: optional_rank("bar", &m.bar)?,
        floor: optional_rank("floor", &m.floor)?,
        supergroup: optional_rank("supergroup", &m.supergroup)?,
        sections,
        section_step: m.section_step,
    })
}

fn mcmahon_to_pb(m: &McMahonSetup) -> pb::McMahonSetup {
    let text = |r: Option<Rank>| r.map(|r| r.to_string()).unwrap_or_default();
    pb::McMahonSetup {
        bar: text(m.bar),
        floor: text(m.floor),
        supergroup: text(m.supergroup),
        section_lowest_ranks: m.sections.iter().map(|s| s.lowest.to_string()).collect(),
        section_step: m.section_step,
    }
}

fn handicap_from_pb(h: pb::HandicapRule) -> Result<HandicapSettings, Rejected> {
    let defaults = HandicapSettings::default();
    let ceiling = u8::try_from(h.ceiling)
        .map_err(|_| Rejected::invalid("handicap_ceiling", "at most 9 stones"))?;
    Ok(HandicapSettings {
        based_on_mms: h.based_on_mms,
        no_handicap_above: optional_rank("no_handicap_above", &h.no_handicap_above)?
            .unwrap_or(defaults.no_handicap_above),
        correction: h.correction,
        ceiling,
        even_at_bar: h.even_at_bar,
    })
}

fn handicap_to_pb(h: &HandicapSettings) -> pb::HandicapRule {
    pb::HandicapRule {
        based_on_mms: h.based_on_mms,
        no_handicap_above: h.no_handicap_above.to_string(),
        correction: h.correction,
        ceiling: u32::from(h.ceiling),
        even_at_bar: h.even_at_bar,
    }
}

fn draw_from_pb(d: pb::DrawOptions) -> Result<DrawSettings, Rejected> {
    let profile = DrawProfile::from_name(&d.profile)?;
    let bye = ByeRule::from_name(&d.bye_rule)?;
    Ok(DrawSettings {
        profile,
        bye,
        avoid_same_club: Switch::from_option(d.avoid_same_club),
        avoid_same_city: Switch::from_option(d.avoid_same_city),
        avoid_same_country: Switch::from_option(d.avoid_same_country),
        first_table: d.first_table.max(1),
        seeding: choice(
            "seeding",
            &d.seeding,
            "fold, slip, random or adjacent",
            Seeding::parse,
        )?,
        draw_down: choice(
            "draw_down",
            &d.draw_down,
            "top, middle or bottom",
            FloatFrom::parse,
        )?,
        draw_up: choice(
            "draw_up",
            &d.draw_up,
            "top, middle or bottom",
            FloatFrom::parse,
        )?,
        never_pair: d.never_pair.iter().map(|p| (p.a, p.b)).collect(),
        group_size: d.group_size,
    })
}

/// An optional named choice: empty = the profile's default.
fn choice<T>(
    field: &'static str,
    text: &str,
    choices: &str,
    parse: fn(&str) -> Option<T>,
) -> Result<Option<T>, Rejected> {
    typed::choice(field, text, choices, parse)
}

fn draw_to_pb(d: &DrawSettings) -> pb::DrawOptions {
    pb::DrawOptions {
        profile: d.profile.as_str().to_string(),
        bye_rule: d.bye.as_str().to_string(),
        avoid_same_club: d.avoid_same_club.to_option(),
        avoid_same_city: d.avoid_same_city.to_option(),
        avoid_same_country: d.avoid_same_country.to_option(),
        first_table: d.first_table,
        seeding: d
            .seeding
            .map(|s| s.as_str().to_string())
            .unwrap_or_default(),
        draw_down: d
            .draw_down
            .map(|f| f.as_str().to_string())
            .unwrap_or_default(),
        draw_up: d
            .draw_up
            .map(|f| f.as_str().to_string())
            .unwrap_or_default(),
        never_pair: d
            .never_pair
            .iter()
            .map(|&(a, b)| pb::PlayerPair { a, b })
            .collect(),
        group_size: d.group_size,
    }
}

/// A tie-break order from the wire: a single profile name expands to its list; empty = `None`. Names are kept
/// as typed (trimmed, lower case); `setup::validate` and [`criteria_from_pb`] check them.
pub fn tiebreaks_from_pb(list: &[String]) -> Option<Vec<String>> {
    typed::tiebreak_order(&list.iter().map(String::as_str).collect::<Vec<_>>())
}

/// A tie-break override for standings: `None` when empty; every name must be a known criterion.
pub fn criteria_from_pb(list: &[String]) -> Result<Option<Vec<String>>, Rejected> {
    let Some(names) = tiebreaks_from_pb(list) else {
        return Ok(None);
    };
    if let Some(bad) = names.iter().find(|n| setup::criterion(n).is_none()) {
        return Err(Rejected::invalid(
            "tiebreaks",
            format!("unknown criterion {}: use e.g. mms, sos, sosos, sodos, wins, sosw, or a profile name (egf, mays, swiss, round-robin, knockout, double-elimination, generalised-knockout)", quote(bad)),
        ));
    }
    Ok(Some(names))
}

/// Scoring from the wire. What the wire leaves out takes the defaults of the system
/// ([`ScoringSettings::for_system`]).
fn scoring_from_pb(
    s: Option<pb::Scoring>,
    system: PairingSystem,
    double_entry_default: bool,
) -> Result<ScoringSettings, Rejected> {
    let defaults = ScoringSettings::for_system(system);
    let Some(s) = s else {
        return Ok(ScoringSettings {
            double_entry: double_entry_default,
            ..defaults
        });
    };
    let missed = typed::missed(&s.missed_rounds)?;
    Ok(ScoringSettings {
        missed,
        bye_half_points: s.bye_half_points.unwrap_or(defaults.bye_half_points),
        tiebreaks: tiebreaks_from_pb(&s.tiebreaks).unwrap_or(defaults.tiebreaks),
        prizes_cents: s.prizes_cents,
        double_entry: s.double_entry.unwrap_or(double_entry_default),
        forfeit_minutes: s.forfeit_minutes.unwrap_or(DEFAULT_FORFEIT_MINUTES),
        categories: s
            .category_lowest_ranks
            .iter()
            .map(|r| rank_from_pb("categories", r))
            .collect::<Result<_, _>>()?,
        section_prizes_cents: s.section_prizes_cents,
        wins_prizes: s
            .wins_prizes
            .iter()
            .map(|w| WinsPrize {
                wins_half: w.wins_half,
                cents: w.cents,
            })
            .collect(),
        junior_prizes_cents: s.junior_prizes_cents,
        junior_born_from: s
            .junior_born_from
            .map(|y| {
                u16::try_from(y).map_err(|_| {
                    Rejected::invalid("junior_born_from", format!("{y} is not a year like 2009"))
                })
            })
            .transpose()?,
        below_rank_prizes_cents: s.below_rank_prizes_cents,
        below_rank: typed::optional_rank("below_rank", &s.below_rank)?,
        improvement_prizes_cents: s.improvement_prizes_cents,
        prizes_stack: s.prizes_stack,
        team_counting: s.team_counting,
        team_score: if s.team_score.trim().is_empty() {
            TeamScore::Wins
        } else {
            TeamScore::parse(&s.team_score).ok_or_else(|| {
                Rejected::invalid(
                    "team_score",
                    format!("{:?} is not wins or mms", s.team_score),
                )
            })?
        },
        team_prizes_cents: s.team_prizes_cents,
        team_boards: s.team_boards,
    })
}

fn scoring_to_pb(s: &ScoringSettings) -> pb::Scoring {
    pb::Scoring {
        missed_rounds: s.missed.as_str().to_string(),
        bye_half_points: Some(s.bye_half_points),
        tiebreaks: s.tiebreaks.clone(),
        prizes_cents: s.prizes_cents.clone(),
        double_entry: Some(s.double_entry),
        forfeit_minutes: Some(s.forfeit_minutes),
        category_lowest_ranks: s.categories.iter().map(ToString::to_string).collect(),
        section_prizes_cents: s.section_prizes_cents.clone(),
        wins_prizes: s
            .wins_prizes
            .iter()
            .map(|w| pb::WinsPrize {
                wins_half: w.wins_half,
                cents: w.cents,
            })
            .collect(),
        junior_prizes_cents: s.junior_prizes_cents.clone(),
        junior_born_from: s.junior_born_from.map(u32::from),
        below_rank_prizes_cents: s.below_rank_prizes_cents.clone(),
        below_rank: s.below_rank.map(|r| r.to_string()).unwrap_or_default(),
        improvement_prizes_cents: s.improvement_prizes_cents.clone(),
        prizes_stack: s.prizes_stack,
        team_counting: s.team_counting,
        team_score: s.team_score.as_str().to_string(),
        team_prizes_cents: s.team_prizes_cents.clone(),
        team_boards: s.team_boards,
    }
}

/// A tournament for the wire, with every sub-message filled and the time class computed.
pub fn tournament_to_pb(t: &Tournament) -> pb::Tournament {
    let s = &t.settings;
    pb::Tournament {
        id: t.id.0,
        revision: t.revision.0,
        settings: Some(pb::TournamentSettings {
            name: s.name.clone(),
            rounds: s.rounds,
            pairing_system: s.system.as_str().to_string(),
            start_date: s.start_date.clone(),
            end_date: s.end_date.clone(),
            komi_half: Some(s.komi_half),
            time: Some(time_to_pb(&s.time)),
            mcmahon: Some(mcmahon_to_pb(&s.mcmahon)),
            handicap: Some(handicap_to_pb(&s.handicap)),
            draw: Some(draw_to_pb(&s.draw)),
            scoring: Some(scoring_to_pb(&s.scoring)),
            time_class: s.time.class().as_str().to_string(),
            adjusted_time_seconds: s.time.adjusted_seconds(),
            ladder: Some(pb::LadderOptions {
                reach: s.ladder.reach,
                rungs_per_stone: s.ladder.rungs_per_stone,
                max_meetings: s.ladder.max_meetings,
            }),
            schedule: s.schedule.clone(),
            nigiri: s.nigiri,
            self_check_in: s.players.self_check_in,
            player_results: s.players.report_results,
            fees: (!s.fees.is_empty()).then(|| fees_to_pb(&s.fees)),
        }),
        registration_open: t.registration_open,
    }
}
