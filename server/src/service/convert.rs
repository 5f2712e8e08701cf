//! The one place where wire types (`tengen_proto::v1`) meet domain types. Parsing from the wire validates what
//! the type system cannot (ranks, roles, systems, names of rules) and reports it as `Rejected::Invalid`; wire
//! defaults for left-out settings are applied here. Rounds, games and log subjects need the state for names,
//! numbers and ranks in force. Must not decide anything: the domain does.

use crate::domain::error::quote;
use crate::domain::round::{
    GameRecord, GameResult, Outcome, ResultProgress, ResultReport, RoundRecord, RoundState,
};
use crate::domain::setup::{
    self, ByeRule, DrawProfile, DrawSettings, FloatFrom, HandicapSettings, McMahonSetup,
    MissedRule, ScoringSettings, Section, Seeding, Switch, TimeControl, TimeSystem,
};
use crate::domain::{
    self, Entry, EntryStatus, EventInfo, PairingSystem, Participant, ParticipantFields,
    ParticipantId, Rank, Rejected, Role, Slip, SlipProposal, SlipState, State, Subject,
    TokenRecord, Tournament, TournamentId, TournamentSettings,
};
use crate::log::LogEntry;
use tengen_proto::v1 as pb;

/// Parses a participant's fields from the wire.
pub fn fields_from_pb(f: Option<pb::ParticipantFields>) -> Result<ParticipantFields, Rejected> {
    let f = f.ok_or_else(|| Rejected::invalid("fields", "missing"))?;
    let rank: Rank = f
        .rank
        .parse()
        .map_err(|e: domain::rank::RankError| Rejected::invalid("rank", e.to_string()))?;
    Ok(ParticipantFields {
        family_name: f.family_name.trim().to_string(),
        given_name: f.given_name.trim().to_string(),
        rank,
        rating: f.rating,
        club: f.club.trim().to_string(),
        city: f.city.trim().to_string(),
        country: f.country.trim().to_uppercase(),
        egd_pin: f.egd_pin.trim().to_string(),
        aga_id: f.aga_id.trim().to_string(),
        ffg_licence: f.ffg_licence.trim().to_string(),
        email: f.email.trim().to_string(),
        phone: f.phone.trim().to_string(),
        family_group: f.family_group.trim().to_string(),
        local: f.local,
        fee_cents: f.fee_cents,
        paid: f.paid,
        notes: f.notes,
    })
}

/// A participant's fields for the wire; contact data only when `private` is allowed.
pub fn fields_to_pb(f: &ParticipantFields, private: bool) -> pb::ParticipantFields {
    pb::ParticipantFields {
        family_name: f.family_name.clone(),
        given_name: f.given_name.clone(),
        rank: f.rank.to_string(),
        rating: f.rating,
        club: f.club.clone(),
        city: f.city.clone(),
        country: f.country.clone(),
        egd_pin: f.egd_pin.clone(),
        aga_id: f.aga_id.clone(),
        ffg_licence: f.ffg_licence.clone(),
        email: if private {
            f.email.clone()
        } else {
            String::new()
        },
        phone: if private {
            f.phone.clone()
        } else {
            String::new()
        },
        family_group: f.family_group.clone(),
        local: f.local,
        fee_cents: f.fee_cents,
        paid: f.paid,
        notes: f.notes.clone(),
    }
}

/// A participant for the wire.
pub fn participant_to_pb(p: &Participant, private: bool) -> pb::Participant {
    pb::Participant {
        id: p.id.0,
        revision: p.revision.0,
        fields: Some(fields_to_pb(&p.fields, private)),
        entries: p
            .entries
            .iter()
            .map(|(t, e)| entry_to_pb_entry(*t, e))
            .collect(),
        registered_at_ms: p.registered_at_ms,
        rank: p.fields.rank.to_string(),
    }
}

/// One tournament entry for the wire.
fn entry_to_pb_entry(t: TournamentId, e: &Entry) -> pb::Entry {
    pb::Entry {
        tournament_id: t.0,
        rounds: e.rounds.clone(),
        status: status_to_pb(e.status) as i32,
        ghost: e.ghost,
        mms_correction: e.mms_correction,
        rank_changes: e
            .rank_changes
            .iter()
            .map(|c| pb::RankChange {
                from_round: c.from_round,
                rank: c.rank.to_string(),
            })
            .collect(),
    }
}

/// An entry status for the wire.
pub fn status_to_pb(s: EntryStatus) -> pb::EntryStatus {
    match s {
        EntryStatus::PreRegistered => pb::EntryStatus::PreRegistered,
        EntryStatus::CheckedIn => pb::EntryStatus::CheckedIn,
        EntryStatus::Withdrawn => pb::EntryStatus::Withdrawn,
    }
}

/// An entry status filter from the wire (`None` = any).
pub fn status_from_pb(v: i32) -> Result<Option<EntryStatus>, Rejected> {
    match pb::EntryStatus::try_from(v) {
        Ok(pb::EntryStatus::Unspecified) => Ok(None),
        Ok(pb::EntryStatus::PreRegistered) => Ok(Some(EntryStatus::PreRegistered)),
        Ok(pb::EntryStatus::CheckedIn) => Ok(Some(EntryStatus::CheckedIn)),
        Ok(pb::EntryStatus::Withdrawn) => Ok(Some(EntryStatus::Withdrawn)),
        Err(_) => Err(Rejected::invalid("status", format!("unknown status {v}"))),
    }
}

/// The event's details for the wire.
pub fn event_to_pb(e: &EventInfo) -> pb::EventInfo {
    pb::EventInfo {
        name: e.name.clone(),
        venue: e.venue.clone(),
        city: e.city.clone(),
        country: e.country.clone(),
        start_date: e.start_date.clone(),
        end_date: e.end_date.clone(),
        revision: e.revision.0,
    }
}

/// The event's details from the wire.
pub fn event_from_pb(e: Option<pb::EventInfo>) -> Result<EventInfo, Rejected> {
    let e = e.ok_or_else(|| Rejected::invalid("event", "missing"))?;
    Ok(EventInfo {
        name: e.name.trim().to_string(),
        venue: e.venue.trim().to_string(),
        city: e.city.trim().to_string(),
        country: e.country.trim().to_uppercase(),
        start_date: e.start_date.trim().to_string(),
        end_date: e.end_date.trim().to_string(),
        revision: domain::Revision(e.revision),
    })
}

/// The default for `scoring.double_entry` when the wire leaves it out: on for the event's first tournament
/// (`id` is `None` for a new tournament), the current value when updating one, else off.
pub fn double_entry_default(state: &State, id: Option<TournamentId>) -> bool {
    match id {
        None => state.tournaments.is_empty(),
        Some(id) => state
            .tournaments
            .get(&id)
            .is_some_and(|t| t.settings.scoring.double_entry),
    }
}

/// Tournament settings from the wire. A sub-message left out takes the domain's defaults; `double_entry_default`
/// (see [`double_entry_default`]) is used when `scoring.double_entry` is absent. The output-only fields
/// (`time_class`, `adjusted_time_seconds`) are ignored.
pub fn settings_from_pb(
    s: Option<pb::TournamentSettings>,
    double_entry_default: bool,
) -> Result<TournamentSettings, Rejected> {
    let s = s.ok_or_else(|| Rejected::invalid("settings", "missing"))?;
    let system = match s
        .pairing_system
        .trim()
        .to_lowercase()
        .replace([' ', '-', '_'], "")
        .as_str()
    {
        "" | "mcmahon" | "macmahon" => PairingSystem::McMahon,
        "swiss" => PairingSystem::Swiss,
        "roundrobin" | "rr" | "allplayall" | "berger" => PairingSystem::RoundRobin,
        "generalisedknockout" | "generalizedknockout" | "gko" => PairingSystem::GeneralisedKnockout,
        "knockout" | "ko" | "cup" => PairingSystem::Knockout,
        "doubleelimination" | "doubleknockout" | "judan" => PairingSystem::DoubleElimination,
        "ladder" | "clubladder" => PairingSystem::Ladder,
        "selfpaired" | "selfpairing" => PairingSystem::SelfPaired,
        other => {
            return Err(Rejected::invalid(
                "pairing_system",
                format!(
                    "{} is not a pairing system: use mcmahon, swiss, round-robin, knockout, double-elimination, \
                     generalised-knockout, ladder or self-paired",
                    quote(other)
                ),
            ))
        }
    };
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
    })
}

/// Komi when the wire leaves it out: 6½.
const DEFAULT_KOMI_HALF: i32 = 13;
/// Forfeit time when the wire leaves it out.
const DEFAULT_FORFEIT_MINUTES: u32 = 30;

/// A rank typed as text; `field` names it in the refusal.
pub fn rank_from_pb(field: &'static str, text: &str) -> Result<Rank, Rejected> {
    text.trim()
        .parse()
        .map_err(|e: domain::rank::RankError| Rejected::invalid(field, e.to_string()))
}

/// An optional rank: empty text = none.
fn optional_rank(field: &'static str, text: &str) -> Result<Option<Rank>, Rejected> {
    if text.trim().is_empty() {
        Ok(None)
    } else {
        rank_from_pb(field, text).map(Some)
    }
}

fn time_from_pb(t: pb::TimeControl) -> Result<TimeControl, Rejected> {
    let system = TimeSystem::parse(&t.system).ok_or_else(|| {
        Rejected::invalid(
            "time_system",
            format!(
                "{} is not a time system: use sudden-death, canadian, milton-keynes, byo-yomi or fischer",
                quote(&t.system)
            ),
        )
    })?;
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
    let profile = match d.profile.trim().to_ascii_lowercase().as_str() {
        "" | "egf" => DrawProfile::Egf,
        "mays" => DrawProfile::Mays,
        other => {
            return Err(Rejected::invalid(
                "profile",
                format!("{} is not a draw profile: use egf or mays", quote(other)),
            ))
        }
    };
    let bye = match d.bye_rule.trim().to_ascii_lowercase().as_str() {
        "" | "egf" => ByeRule::Egf,
        "mays" => ByeRule::Mays,
        other => {
            return Err(Rejected::invalid(
                "bye_rule",
                format!("{} is not a bye rule: use egf or mays", quote(other)),
            ))
        }
    };
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
    match text.trim() {
        "" => Ok(None),
        t => parse(t).map(Some).ok_or_else(|| {
            Rejected::invalid(field, format!("{t:?} is not a choice: use {choices}"))
        }),
    }
}

fn draw_to_pb(d: &DrawSettings) -> pb::DrawOptions {
    let name = |mays: bool| if mays { "mays" } else { "egf" }.to_string();
    pb::DrawOptions {
        profile: name(d.profile == DrawProfile::Mays),
        bye_rule: name(d.bye == ByeRule::Mays),
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
    let names: Vec<String> = list
        .iter()
        .map(|n| n.trim().to_ascii_lowercase())
        .filter(|n| !n.is_empty())
        .collect();
    match names.as_slice() {
        [] => None,
        [one] => Some(setup::tiebreak_profile(one).unwrap_or_else(|| names.clone())),
        _ => Some(names),
    }
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

/// Scoring from the wire. What the wire leaves out takes the defaults of the system: a round robin places by wins,
/// head-to-head, then SODOS (its SOS is everybody's total less their own, so it orders nothing), and its bye (the
/// seat left out of an odd field, once per player and cycle) scores nothing; a generalised knockout by the
/// sequence of results, then the opponents' wins; a knockout by how far each went (the sequence: a round through
/// without a game counts as won); a double elimination by the round each player went out in.
fn scoring_from_pb(
    s: Option<pb::Scoring>,
    system: PairingSystem,
    double_entry_default: bool,
) -> Result<ScoringSettings, Rejected> {
    let defaults = match system {
        PairingSystem::RoundRobin => ScoringSettings {
            tiebreaks: setup::tiebreak_profile("round-robin").unwrap_or_default(),
            bye_half_points: 0,
            ..ScoringSettings::default()
        },
        PairingSystem::Knockout => ScoringSettings {
            tiebreaks: setup::tiebreak_profile("knockout").unwrap_or_default(),
            ..ScoringSettings::default()
        },
        PairingSystem::DoubleElimination => ScoringSettings {
            tiebreaks: setup::tiebreak_profile("double-elimination").unwrap_or_default(),
            ..ScoringSettings::default()
        },
        PairingSystem::GeneralisedKnockout => ScoringSettings {
            tiebreaks: setup::tiebreak_profile("generalised-knockout").unwrap_or_default(),
            ..ScoringSettings::default()
        },
        PairingSystem::Ladder | PairingSystem::SelfPaired => ScoringSettings {
            tiebreaks: vec!["wins".to_string()],
            ..ScoringSettings::default()
        },
        PairingSystem::McMahon | PairingSystem::Swiss => ScoringSettings::default(),
    };
    let Some(s) = s else {
        return Ok(ScoringSettings {
            double_entry: double_entry_default,
            ..defaults
        });
    };
    let missed = MissedRule::parse(&s.missed_rounds).ok_or_else(|| {
        Rejected::invalid(
            "missed_rounds",
            format!(
                "{} is not a rule for missed rounds: use half, one-per-two or nothing",
                quote(&s.missed_rounds)
            ),
        )
    })?;
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
        }),
        registration_open: t.registration_open,
    }
}

/// A role from the wire; `UNSPECIFIED`, `PUBLIC` (no token can have it) and unknown values are refused.
pub fn role_from_pb(v: i32) -> Result<Role, Rejected> {
    match pb::Role::try_from(v) {
        Ok(pb::Role::Director) => Ok(Role::Director),
        Ok(pb::Role::Registration) => Ok(Role::Registration),
        Ok(pb::Role::LateDesk) => Ok(Role::LateDesk),
        Ok(pb::Role::Results) => Ok(Role::Results),
        Ok(pb::Role::Referee) => Ok(Role::Referee),
        Ok(pb::Role::Viewer) => Ok(Role::Viewer),
        Ok(pb::Role::Replica) => Ok(Role::Replica),
        _ => Err(Rejected::invalid(
            "role",
            "choose director, registration, late-desk, results, referee, viewer or replica",
        )),
    }
}

/// A role for the wire.
pub fn role_to_pb(r: Role) -> pb::Role {
    match r {
        Role::Director => pb::Role::Director,
        Role::Registration => pb::Role::Registration,
        Role::LateDesk => pb::Role::LateDesk,
        Role::Results => pb::Role::Results,
        Role::Referee => pb::Role::Referee,
        Role::Viewer => pb::Role::Viewer,
        Role::Replica => pb::Role::Replica,
        Role::Public => pb::Role::Public,
        Role::System => pb::Role::Unspecified,
    }
}

/// A token's public record for the wire (never the hash).
pub fn token_to_pb(t: &TokenRecord) -> pb::TokenInfo {
    pb::TokenInfo {
        id: t.id.0,
        name: t.name.clone(),
        role: role_to_pb(t.role) as i32,
        created_at_ms: t.created_at_ms,
        revoked: t.revoked,
    }
}

/// A round state for the wire.
pub fn round_state_to_pb(s: RoundState) -> pb::RoundState {
    match s {
        RoundState::Drawn => pb::RoundState::Drawn,
        RoundState::Published => pb::RoundState::Published,
        RoundState::Closed => pb::RoundState::Closed,
    }
}

/// A result's progress for the wire.
pub fn progress_to_pb(p: ResultProgress) -> pb::ResultProgress {
    match p {
        ResultProgress::Missing => pb::ResultProgress::Missing,
        ResultProgress::Pending => pb::ResultProgress::Pending,
        ResultProgress::Mismatch => pb::ResultProgress::Mismatch,
        ResultProgress::Disputed => pb::ResultProgress::Disputed,
        ResultProgress::Confirmed => pb::ResultProgress::Confirmed,
    }
}

fn outcome_to_pb(o: Outcome) -> pb::Outcome {
    match o {
        Outcome::Unknown => pb::Outcome::Unknown,
        Outcome::WhiteWins => pb::Outcome::WhiteWins,
        Outcome::BlackWins => pb::Outcome::BlackWins,
        Outcome::Jigo => pb::Outcome::Jigo,
        Outcome::BothLose => pb::Outcome::BothLose,
        Outcome::BothWin => pb::Outcome::BothWin,
    }
}

/// A game result for the wire.
pub fn result_to_pb(r: GameResult) -> pb::GameResult {
    pb::GameResult {
        outcome: outcome_to_pb(r.outcome) as i32,
        by_forfeit: r.by_forfeit,
    }
}

/// The games of an imported round from the wire (a missing result is an unknown one).
pub fn imported_games_from_pb(
    games: Vec<pb::ImportedGame>,
) -> Result<Vec<crate::domain::command::ImportedGame>, Rejected> {
    games
        .into_iter()
        .map(|g| {
            Ok(crate::domain::command::ImportedGame {
                table: g.table,
                white: crate::domain::ParticipantId(g.white),
                black: crate::domain::ParticipantId(g.black),
                handicap: u8::try_from(g.handicap).map_err(|_| {
                    Rejected::invalid(
                        "handicap",
                        format!("table {}: {} stones", g.table, g.handicap),
                    )
                })?,
                result: match g.result {
                    Some(r) => result_from_pb(Some(r))?,
                    None => GameResult::UNKNOWN,
                },
            })
        })
        .collect()
}

/// A game result from the wire; a missing result or an unknown outcome is refused.
pub fn result_from_pb(r: Option<pb::GameResult>) -> Result<GameResult, Rejected> {
    let r = r.ok_or_else(|| Rejected::invalid("result", "missing"))?;
    let outcome = match pb::Outcome::try_from(r.outcome) {
        Ok(pb::Outcome::Unknown) => Outcome::Unknown,
        Ok(pb::Outcome::WhiteWins) => Outcome::WhiteWins,
        Ok(pb::Outcome::BlackWins) => Outcome::BlackWins,
        Ok(pb::Outcome::Jigo) => Outcome::Jigo,
        Ok(pb::Outcome::BothLose) => Outcome::BothLose,
        Ok(pb::Outcome::BothWin) => Outcome::BothWin,
        Err(_) => {
            return Err(Rejected::invalid(
                "result",
                format!("unknown outcome {}", r.outcome),
            ))
        }
    };
    Ok(GameResult {
        outcome,
        by_forfeit: r.by_forfeit,
    })
}

fn report_to_pb(r: &ResultReport) -> pb::ResultReport {
    pb::ResultReport {
        result: Some(result_to_pb(r.result)),
        terminal: r.terminal.clone(),
        role: role_to_pb(r.role) as i32,
        operator: r.operator.clone(),
        at_ms: r.at_ms,
    }
}

/// A player as round sheets show them: number, names, the rank in force in `round`, club and country.
pub fn player_ref(state: &State, t: TournamentId, id: ParticipantId, round: u32) -> pb::PlayerRef {
    let number = state
        .play
        .get(&t)
        .and_then(|p| p.numbers.get(&id))
        .copied()
        .unwrap_or(0);
    let Some(p) = state.participants.get(&id) else {
        return pb::PlayerRef {
            id: id.0,
            number,
            ..pb::PlayerRef::default()
        };
    };
    let rank = p
        .entries
        .get(&t)
        .map_or(p.fields.rank, |e| e.rank_in(p.fields.rank, round));
    pb::PlayerRef {
        id: id.0,
        number,
        family_name: p.fields.family_name.clone(),
        given_name: p.fields.given_name.clone(),
        rank: rank.to_string(),
        club: p.fields.club.clone(),
        country: p.fields.country.clone(),
    }
}

/// A tournament's komi in half points (6½ when the tournament is gone).
fn komi_of(state: &State, t: TournamentId) -> i32 {
    state
        .tournaments
        .get(&t)
        .map_or(DEFAULT_KOMI_HALF, |t| t.settings.komi_half)
}

/// A game of round `round` for the wire.
pub fn game_to_pb(state: &State, t: TournamentId, round: u32, g: &GameRecord) -> pb::Game {
    pb::Game {
        table: g.table,
        white: Some(player_ref(state, t, g.white, round)),
        black: Some(player_ref(state, t, g.black, round)),
        handicap: u32::from(g.handicap),
        komi_half: if g.handicap == 0 {
            komi_of(state, t)
        } else {
            0
        },
        progress: progress_to_pb(g.progress()) as i32,
        confirmed: g.confirmed.map(result_to_pb),
        reports: g.reports.iter().map(report_to_pb).collect(),
        notes: g.notes.clone(),
        disputed: g.disputed,
        tournament_id: t.0,
        round,
    }
}

/// Players available in round `r` who are neither in a game nor the bye, by number.
fn unpaired(state: &State, t: TournamentId, r: &RoundRecord) -> Vec<ParticipantId> {
    let numbers = state.play.get(&t).map(|p| &p.numbers);
    let mut ids: Vec<(u32, ParticipantId)> = crate::domain::lifecycle::unseated(state, t, r)
        .into_iter()
        .map(|id| {
            (
                numbers
                    .and_then(|n| n.get(&id))
                    .copied()
                    .unwrap_or(u32::MAX),
                id,
            )
        })
        .collect();
    ids.sort_unstable();
    ids.into_iter().map(|(_, id)| id).collect()
}

/// A round for the wire, with names, the tournament rounds' current revision and who is still unpaired.
pub fn round_to_pb(state: &State, t: TournamentId, r: &RoundRecord) -> pb::Round {
    let n = r.number;
    pb::Round {
        tournament_id: t.0,
        number: n,
        state: round_state_to_pb(r.state) as i32,
        seed: r.seed,
        games: r.games.iter().map(|g| game_to_pb(state, t, n, g)).collect(),
        bye: r.bye.map(|b| player_ref(state, t, b, n)),
        warnings: r.warnings.clone(),
        draws: r.draws,
        revision: state.play.get(&t).map_or(0, |p| p.revision.0),
        unpaired: unpaired(state, t, r)
            .into_iter()
            .map(|id| player_ref(state, t, id, n))
            .collect(),
        advancing: r
            .advancing
            .iter()
            .map(|id| player_ref(state, t, *id, n))
            .collect(),
    }
}

/// A ladder for the wire: the players by rung, and its games.
pub fn ladder_to_pb(state: &State, t: TournamentId) -> pb::Ladder {
    let ladder = crate::domain::ladder::ladder(state, t);
    let settings = state
        .tournaments
        .get(&t)
        .map(|x| x.settings.ladder)
        .unwrap_or_default();
    let games = state.play.get(&t).map_or(&[][..], |p| p.ladder.as_slice());
    pb::Ladder {
        tournament_id: t.0,
        rungs: ladder
            .rungs
            .iter()
            .enumerate()
            .map(|(i, p)| pb::LadderRung {
                rung: ladder.places.get(i).copied().unwrap_or(i as u32 + 1),
                player: Some(player_ref(state, t, *p, 1)),
                games: ladder.games.get(p).copied().unwrap_or(0),
                wins: ladder.wins.get(p).copied().unwrap_or(0),
            })
            .collect(),
        games: games
            .iter()
            .map(|g| pb::LadderGame {
                challenger: Some(player_ref(state, t, g.challenger, 1)),
                defender: Some(player_ref(state, t, g.defender, 1)),
                outcome: g.outcome.as_str().to_string(),
                handicap: u32::from(g.handicap),
                from_rung: g.from_rung,
                to_rung: g.to_rung,
                at_ms: g.at_ms,
            })
            .collect(),
        reach: settings.reach,
        rungs_per_stone: settings.rungs_per_stone,
        max_meetings: settings.max_meetings,
        pairing_system: state
            .tournaments
            .get(&t)
            .map(|x| x.settings.system.as_str().to_string())
            .unwrap_or_default(),
    }
}

/// A tournament's player numbers for the wire, by number; ranks as in force in the latest round.
pub fn numbers_to_pb(state: &State, t: TournamentId) -> pb::PlayerNumbers {
    let play = state.play.get(&t);
    let round = play.and_then(|p| p.rounds.last()).map_or(1, |r| r.number);
    let mut numbered: Vec<(u32, ParticipantId)> = play
        .map(|p| p.numbers.iter().map(|(id, n)| (*n, *id)).collect())
        .unwrap_or_default();
    numbered.sort_unstable();
    pb::PlayerNumbers {
        tournament_id: t.0,
        players: numbered
            .into_iter()
            .map(|(_, id)| player_ref(state, t, id, round))
            .collect(),
    }
}

/// A change slip's proposal for the wire.
fn proposal_to_pb(p: &SlipProposal) -> pb::SlipProposal {
    pb::SlipProposal {
        family_name: p.family_name.clone(),
        given_name: p.given_name.clone(),
        rank: p.rank.map(|r| r.to_string()),
        club: p.club.clone(),
        country: p.country.clone(),
        rounds: p
            .rounds
            .as_ref()
            .map(|r| pb::RoundList { rounds: r.clone() }),
        message: p.message.clone(),
    }
}

/// A change slip for the wire, with the player as the register has them now (number, names, rank in force).
pub fn slip_to_pb(state: &State, s: &Slip) -> pb::Slip {
    let round = state
        .play
        .get(&s.tournament)
        .and_then(|p| p.rounds.last())
        .map_or(1, |r| r.number);
    let (slip_state, resolved_by, resolved_at_ms, reason) = match &s.state {
        SlipState::Pending => (pb::SlipState::Pending, "", 0, ""),
        SlipState::Accepted { terminal, at_ms } => {
            (pb::SlipState::Accepted, terminal.as_str(), *at_ms, "")
        }
        SlipState::Rejected {
            reason,
            terminal,
            at_ms,
        } => (
            pb::SlipState::Rejected,
            terminal.as_str(),
            *at_ms,
            reason.as_str(),
        ),
    };
    pb::Slip {
        id: s.id.0,
        tournament_id: s.tournament.0,
        player: Some(player_ref(state, s.tournament, s.participant, round)),
        participant_revision: state
            .participants
            .get(&s.participant)
            .map_or(0, |p| p.revision.0),
        proposal: Some(proposal_to_pb(&s.proposal)),
        submitted_at_ms: s.submitted_at_ms,
        state: slip_state as i32,
        resolved_by: resolved_by.to_string(),
        resolved_at_ms,
        reason: reason.to_string(),
    }
}

/// A log subject for the wire. Slips are not streamed: their free text comes from the anonymous public board and
/// is for the director (`ListSlips`).
fn subject_to_pb(state: &State, s: &Subject, private: bool) -> Option<pb::event::Subject> {
    Some(match s {
        Subject::Event(e) => pb::event::Subject::EventInfo(event_to_pb(e)),
        Subject::Tournament(t) => pb::event::Subject::Tournament(tournament_to_pb(t)),
        Subject::Participant(p) => pb::event::Subject::Participant(participant_to_pb(p, private)),
        Subject::Token(t) => pb::event::Subject::Token(token_to_pb(t)),
        Subject::Round(t, r) => pb::event::Subject::Round(round_to_pb(state, *t, r)),
        Subject::Numbers(t) => pb::event::Subject::Numbers(numbers_to_pb(state, *t)),
        Subject::Game(t, n, g) => pb::event::Subject::Game(game_to_pb(state, *t, *n, g)),
        Subject::Ladder(t) => pb::event::Subject::Ladder(ladder_to_pb(state, *t)),
        Subject::Slip(_) | Subject::RatingList(_) => return None,
    })
}

/// Is this one of a slip's own events (not the participant update an accepted slip makes)?
fn is_slip_event(event: &domain::Event) -> bool {
    matches!(
        event,
        domain::Event::SlipSubmitted { .. } | domain::Event::SlipResolved { .. }
    )
}

/// The subject shown with one event of an entry: the entry's answer, except that the participant events in an
/// accepted slip's entry show the participant (as the register has them now, like round subjects).
fn event_subject_to_pb(
    state: &State,
    subject: Option<&Subject>,
    event: &domain::Event,
    private: bool,
) -> Option<pb::event::Subject> {
    match subject? {
        Subject::Slip(slip) if !is_slip_event(event) => state
            .participants
            .get(&slip.participant)
            .map(|p| pb::event::Subject::Participant(participant_to_pb(p, private))),
        s => subject_to_pb(state, s, private),
    }
}

/// "Smith John" for a participant id (the id when unknown).
fn name_of(state: &State, id: ParticipantId) -> String {
    state.participants.get(&id).map_or(id.to_string(), |p| {
        format!("{} {}", p.fields.family_name, p.fields.given_name)
    })
}

/// A tournament's name (its id when unknown).
fn tournament_name(state: &State, t: TournamentId) -> String {
    state
        .tournaments
        .get(&t)
        .map_or(t.to_string(), |x| format!("{} ({t})", x.settings.name))
}

/// "Côté Anne (3k, P1)".
fn participant_who(p: &Participant) -> String {
    format!(
        "{} {} ({}, {})",
        p.fields.family_name, p.fields.given_name, p.fields.rank, p.id
    )
}

/// One line describing an event, without contact data or the event's kind (sent alongside). A slip's line names
/// the slip and the player, never what the slip says.
fn summary(state: &State, event: &domain::Event, subject: Option<&Subject>) -> String {
    let who = match subject {
        Some(Subject::Participant(p)) => participant_who(p),
        Some(Subject::Slip(slip)) if is_slip_event(event) => format!(
            "slip {} about {} ({}) in {}",
            slip.id,
            name_of(state, slip.participant),
            slip.participant,
            tournament_name(state, slip.tournament)
        ),
        Some(Subject::Slip(slip)) => state
            .participants
            .get(&slip.participant)
            .map_or_else(|| slip.participant.to_string(), participant_who),
        Some(Subject::Tournament(t)) => format!("{} ({})", t.settings.name, t.id),
        Some(Subject::Token(t)) => format!("terminal {} ({})", t.name, t.role.as_str()),
        Some(Subject::Event(e)) => format!("event {}", e.name),
        Some(Subject::Round(t, r)) => format!("{} round {}", tournament_name(state, *t), r.number),
        Some(Subject::Numbers(t)) => format!("{} player numbers", tournament_name(state, *t)),
        Some(Subject::Ladder(t)) => format!("{} ladder", tournament_name(state, *t)),
        Some(Subject::Game(t, n, g)) => {
            format!("{} round {n} table {}", tournament_name(state, *t), g.table)
        }
        Some(Subject::RatingList(l)) => format!(
            "{} rating list {} ({}): part {} of {}, {} players",
            l.source.as_str(),
            l.file,
            l.date,
            l.received,
            l.parts,
            l.players
        ),
        None => String::new(),
    };
    format!("{who}{}", what_happened(state, event))
}

/// The event-specific part of a summary line.
fn what_happened(state: &State, event: &domain::Event) -> String {
    use domain::Event as E;
    match event {
        E::TournamentEntered {
            tournament, rounds, ..
        } => format!(" entered {tournament}, rounds {}", list(rounds)),
        E::TournamentLeft { tournament, .. } => format!(" left {tournament}"),
        E::RoundsSet {
            tournament, rounds, ..
        } => format!(" plays {tournament} rounds {}", list(rounds)),
        E::EntryStatusSet { tournaments, .. } => format!(" in {}", list(tournaments)),
        E::TokenRevoked { .. } => " revoked".to_string(),
        E::EntryOptionsSet {
            tournament,
            ghost,
            mms_correction,
            ..
        } => format!(
            " in {tournament}: {}MMS correction {mms_correction:+}",
            if *ghost { "ghost, " } else { "" }
        ),
        E::RankChanged {
            tournament,
            change,
            new_start,
            ..
        } => format!(
            " in {tournament}: {} from round {}{}",
            change.rank,
            change.from_round,
            if new_start.is_some() {
                ", starting MMS moved"
            } else {
                ""
            }
        ),
        E::PlayersNumbered { numbers, .. } => format!(": {} players numbered", numbers.len()),
        E::RoundDrawn { round, .. } => {
            let how = if round.draws > 1 { "redrawn" } else { "drawn" };
            let bye = round
                .bye
                .map(|b| format!(", bye {}", name_of(state, b)))
                .unwrap_or_default();
            format!(" {how}: {} games{bye}", round.games.len())
        }
        E::RoundEdited { edit, .. } => format!(" edited: {edit}"),
        E::RoundStateSet { state: s, .. } => format!(" {}", s.as_str()),
        E::GameUpdated { game, .. } => format!(
            " table {} ({} – {}): {}",
            game.table,
            name_of(state, game.white),
            name_of(state, game.black),
            game.confirmed
                .map_or_else(|| game.progress().as_str().to_string(), |c| c.describe())
        ),
        _ => String::new(),
    }
}

/// "1, 2, 3" / "T1, T2".
fn list<T: std::fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A log entry for the wire; stored bytes only when `payload` is allowed, contact data only when `private` is.
/// Round subjects take names, numbers and ranks from `state` (the current state, also for history).
pub fn entry_to_pb(
    state: &State,
    entry: &LogEntry,
    bytes: &[u8],
    prev_hash: &[u8],
    private: bool,
    payload: bool,
) -> pb::LogEntry {
    pb::LogEntry {
        seq: entry.seq.0,
        epoch: entry.epoch.0,
        timestamp_ms: entry.timestamp_ms,
        terminal: entry.terminal.clone(),
        role: role_to_pb(entry.role) as i32,
        operator: entry.operator.clone(),
        request_id: entry.request_id.clone(),
        events: entry
            .events
            .iter()
            .map(|e| pb::Event {
                kind: e.kind().to_string(),
                summary: summary(state, e, entry.subject.as_ref()),
                subject: event_subject_to_pb(state, entry.subject.as_ref(), e, private),
            })
            .collect(),
        prev_hash: prev_hash.to_vec(),
        hash: bytes.get(..32).map(<[u8]>::to_vec).unwrap_or_default(),
        payload: if payload { bytes.to_vec() } else { Vec::new() },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wire(scoring: Option<pb::Scoring>) -> pb::TournamentSettings {
        pb::TournamentSettings {
            name: "Open".into(),
            rounds: 6,
            scoring,
            ..pb::TournamentSettings::default()
        }
    }

    fn tournament(settings: TournamentSettings) -> Tournament {
        Tournament {
            id: TournamentId(1),
            revision: domain::Revision(1),
            settings,
            registration_open: true,
        }
    }

    #[test]
    fn left_out_sub_messages_take_the_domain_defaults() {
        let s = settings_from_pb(Some(wire(None)), false).expect("settings");
        assert_eq!(s.komi_half, 13);
        assert_eq!(s.time, TimeControl::default());
        assert_eq!(s.mcmahon, McMahonSetup::default());
        assert_eq!(s.handicap, HandicapSettings::default());
        assert_eq!(s.draw, DrawSettings::default());
        assert_eq!(s.scoring, ScoringSettings::default());
        // The first tournament of the event checks results twice unless told otherwise.
        let first = settings_from_pb(Some(wire(None)), true).expect("settings");
        assert!(first.scoring.double_entry);
    }

    #[test]
    fn present_sub_messages_are_literal_except_empty_names() {
        let mut w = wire(Some(pb::Scoring::default()));
        w.draw = Some(pb::DrawOptions::default());
        w.time = Some(pb::TimeControl {
            basic_minutes: 40,
            ..pb::TimeControl::default()
        });
        let s = settings_from_pb(Some(w), true).expect("settings");
        assert_eq!(s.draw.profile, DrawProfile::Egf);
        assert_eq!(s.draw.first_table, 1);
        // An empty draw message leaves every geographic switch to the profile.
        assert_eq!(s.draw.avoid_same_club, Switch::Default);
        assert_eq!(s.time.system, TimeSystem::Canadian);
        assert_eq!(s.time.basic_minutes, 40);
        assert_eq!(s.scoring.missed, MissedRule::Half);
        assert_eq!(s.scoring.bye_half_points, 2);
        assert_eq!(s.scoring.forfeit_minutes, 30);
        assert_eq!(s.scoring.tiebreaks, ["mms", "sos", "sosos"]);
        assert!(s.scoring.double_entry);
    }

    /// A round robin left to its defaults places by wins, head-to-head and SODOS, and its sit-out scores nothing;
    /// what the director gives is kept.
    #[test]
    fn a_round_robin_takes_its_own_scoring_defaults() {
        let rr = |scoring| pb::TournamentSettings {
            pairing_system: "Round Robin".into(),
            ..wire(scoring)
        };
        let s = settings_from_pb(Some(rr(None)), false).expect("settings");
        assert_eq!(s.system, PairingSystem::RoundRobin);
        assert_eq!(s.scoring.tiebreaks, ["wins", "h2h", "sodos"]);
        assert_eq!(s.scoring.bye_half_points, 0);
        let s = settings_from_pb(Some(rr(Some(pb::Scoring::default()))), false).expect("settings");
        assert_eq!(s.scoring.tiebreaks, ["wins", "h2h", "sodos"]);
        assert_eq!(s.scoring.bye_half_points, 0);
        let given = pb::Scoring {
            tiebreaks: vec!["wins".into(), "sodos".into()],
            bye_half_points: Some(2),
            ..pb::Scoring::default()
        };
        let s = settings_from_pb(Some(rr(Some(given))), false).expect("settings");
        assert_eq!(s.scoring.tiebreaks, ["wins", "sodos"]);
        assert_eq!(s.scoring.bye_half_points, 2);
        let refused = settings_from_pb(
            Some(pb::TournamentSettings {
                pairing_system: "knockout-ish".into(),
                ..wire(None)
            }),
            false,
        )
        .expect_err("unknown");
        assert!(
            refused
                .to_string()
                .contains("use mcmahon, swiss, round-robin, knockout, double-elimination, generalised-knockout, ladder or self-paired"),
            "{refused}"
        );
    }

    #[test]
    fn a_profile_name_expands_to_its_tiebreaks() {
        let s = settings_from_pb(
            Some(wire(Some(pb::Scoring {
                tiebreaks: vec!["Mays".into()],
                double_entry: Some(false),
                ..pb::Scoring::default()
            }))),
            true,
        )
        .expect("settings");
        assert_eq!(
            s.scoring.tiebreaks,
            setup::tiebreak_profile("mays").expect("profile")
        );
        assert!(!s.scoring.double_entry);
        let one = tiebreaks_from_pb(&["sos".into()]);
        assert_eq!(one, Some(vec!["sos".to_string()]));
        assert!(criteria_from_pb(&["sos-3".into(), "mms".into()]).is_err());
    }

    #[test]
    fn a_bad_rank_is_refused_with_its_field() {
        let mut w = wire(None);
        w.mcmahon = Some(pb::McMahonSetup {
            bar: "3d".into(),
            floor: "nonsense".into(),
            ..pb::McMahonSetup::default()
        });
        match settings_from_pb(Some(w), false) {
            Err(Rejected::Invalid { field, .. }) => assert_eq!(field, "floor"),
            other => panic!("expected an invalid floor, got {other:?}"),
        }
    }

    #[test]
    fn settings_survive_the_round_trip() {
        let mut w = wire(Some(pb::Scoring {
            missed_rounds: "one-per-two".into(),
            bye_half_points: Some(1),
            tiebreaks: vec!["wins".into(), "sosw".into()],
            prizes_cents: vec![10_000, 5_000],
            double_entry: Some(true),
            forfeit_minutes: Some(45),
            category_lowest_ranks: vec!["1d".into(), "10k".into()],
            section_prizes_cents: vec![5_000],
        }));
        w.komi_half = Some(15);
        w.mcmahon = Some(pb::McMahonSetup {
            bar: "3d".into(),
            floor: "20k".into(),
            supergroup: "5d".into(),
            ..pb::McMahonSetup::default()
        });
        w.handicap = Some(pb::HandicapRule {
            based_on_mms: false,
            no_handicap_above: "2d".into(),
            correction: 2,
            ceiling: 5,
            even_at_bar: true,
        });
        w.draw = Some(pb::DrawOptions {
            profile: "mays".into(),
            bye_rule: "mays".into(),
            avoid_same_club: Some(true),
            avoid_same_city: Some(false),
            avoid_same_country: None,
            first_table: 11,
            seeding: "fold".into(),
            draw_down: "middle".into(),
            draw_up: String::new(),
            never_pair: vec![pb::PlayerPair { a: 3, b: 8 }],
            group_size: 8,
        });
        w.time = Some(pb::TimeControl {
            system: "byo-yomi".into(),
            basic_minutes: 40,
            period_seconds: 30,
            periods: 5,
            ..pb::TimeControl::default()
        });
        let s = settings_from_pb(Some(w), false).expect("settings");
        let out = tournament_to_pb(&tournament(s.clone()));
        let settings = out.settings.expect("settings");
        assert_eq!(settings.time_class, "B");
        assert_eq!(settings.adjusted_time_seconds, 40 * 60 + 45 * 30);
        let again = settings_from_pb(Some(settings), false).expect("again");
        assert_eq!(again, s);
    }

    /// A register with Anne Côté in tournament 1 and her slip S1 (club Québec, a private-sounding message), run
    /// through the domain as the writer would, returning the state and the entry of the last command.
    fn slip_entry(accept: Option<bool>) -> (State, LogEntry) {
        use domain::{Actor, Command, Context, EnterSpec, SlipProposal};
        let ctx = |role| Context {
            actor: Actor {
                terminal: "t".into(),
                role,
                operator: String::new(),
            },
            now_ms: 1,
            entropy: [0; 32],
        };
        let mut state = State::default();
        let mut run = |cmd: Command, role| {
            let events = domain::decide(&state, &cmd, &ctx(role)).expect("accepted");
            for e in &events {
                state.apply(e);
            }
            let subject = events.last().and_then(|e| state.subject_of(e));
            LogEntry {
                seq: domain::Seq(1),
                epoch: domain::Epoch(0),
                timestamp_ms: 1,
                terminal: "t".into(),
                role,
                operator: String::new(),
                request_id: "r".into(),
                fingerprint: String::new(),
                events,
                subject,
            }
        };
        let settings = TournamentSettings {
            name: "Main".into(),
            rounds: 3,
            ..Default::default()
        };
        run(
            Command::CreateTournament {
                settings,
                double_entry_unset: false,
            },
            Role::Director,
        );
        let register = Command::RegisterParticipant {
            fields: ParticipantFields::sample("Côté", "Anne", "Montréal"),
            enter: vec![EnterSpec {
                tournament: TournamentId(1),
                rounds: None,
            }],
            check_in: false,
            different_person: false,
        };
        run(register, Role::Director);
        let submit = Command::SubmitSlip {
            tournament: TournamentId(1),
            participant: ParticipantId(1),
            proposal: SlipProposal {
                club: Some("Québec".into()),
                message: "call me on 555 0100".into(),
                ..Default::default()
            },
        };
        let mut entry = run(submit, Role::Public);
        if let Some(accept) = accept {
            let resolve = Command::ResolveSlip {
                slip: domain::SlipId(1),
                accept,
                reason: "no".into(),
                expected_revision: None,
            };
            entry = run(resolve, Role::Director);
        }
        (state, entry)
    }

    #[test]
    fn the_log_stream_names_a_slip_but_never_streams_what_it_says() {
        let (state, entry) = slip_entry(None);
        let wire = entry_to_pb(&state, &entry, &[], &[], true, false);
        assert_eq!(wire.role, pb::Role::Public as i32);
        let [event] = wire.events.as_slice() else {
            panic!("one event: {wire:?}")
        };
        assert_eq!(event.kind, "SlipSubmitted");
        assert_eq!(event.summary, "slip S1 about Côté Anne (P1) in Main (T1)");
        assert_eq!(event.subject, None);
    }

    #[test]
    fn an_accepted_slip_streams_the_participant_it_changed() {
        let (state, entry) = slip_entry(Some(true));
        let wire = entry_to_pb(&state, &entry, &[], &[], false, false);
        let kinds: Vec<&str> = wire.events.iter().map(|e| e.kind.as_str()).collect();
        assert_eq!(kinds, ["ParticipantUpdated", "SlipAccepted"]);
        let Some(pb::event::Subject::Participant(p)) = &wire.events[0].subject else {
            panic!("the update shows the participant: {wire:?}")
        };
        assert_eq!(p.fields.as_ref().map(|f| f.club.as_str()), Some("Québec"));
        assert_eq!(wire.events[0].summary, "Côté Anne (3k, P1)");
        assert_eq!(wire.events[1].subject, None);
        let slip = slip_to_pb(&state, &state.slips[&domain::SlipId(1)]);
        assert_eq!(
            (
                slip.state,
                slip.resolved_by.as_str(),
                slip.participant_revision
            ),
            (pb::SlipState::Accepted as i32, "t", 2)
        );
        assert_eq!(slip.player.map(|p| p.family_name), Some("Côté".into()));
        let (state, _) = slip_entry(Some(false));
        let slip = slip_to_pb(&state, &state.slips[&domain::SlipId(1)]);
        assert_eq!(
            (slip.state, slip.reason.as_str()),
            (pb::SlipState::Rejected as i32, "no")
        );
    }
}
