//! The tournament as an OpenGotha file (`shared/reference/opengotha.md` §7.1): players with their ids, rank,
//! rating, MMS correction, participation and registration status; every game with its round, table, colours,
//! handicap and result (forfeits as `_BYDEF`); the byes; and the parameter sets OpenGotha needs to open it
//! (general, handicap, placement, pairing with OpenGotha's defaults where Tengen has no equivalent). Read by
//! OpenGotha, Pairgoth and Tengen's own `import opengotha`. Reads the register, never contact data; pure.
//!
//! Choices where the register and OpenGotha differ: a withdrawn entrant is finally registered with the rounds
//! they were seated in; a ghost is a player like any other; two entrants whose key (upper-case name and given
//! name without spaces) would be the same get " 2", " 3"… after the given name, since OpenGotha identifies
//! players by that key; a player without a rating gets OpenGotha's rating of their rank ("INI").

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use super::Document;
use crate::app::roster::{half_points, Roster};
use crate::domain::record::{EntryStatus, TournamentSettings};
use crate::domain::round::Outcome;
use crate::domain::setup::{MissedRule, TimeSystem};
use crate::domain::{ParticipantId, Rank, Rejected};

/// OpenGotha's limit on rounds: the participation string has this many characters.
const ROUNDS: u32 = 20;

/// Content type of the file.
pub const XML: &str = "application/xml; charset=utf-8";

/// One element with its attributes, on one line.
fn element(out: &mut String, name: &str, attrs: &[(&str, String)], close: bool) {
    out.push('<');
    out.push_str(name);
    for (k, v) in attrs {
        let _ = write!(out, " {k}=\"{}\"", crate::board_qr::xml_escape(v));
    }
    out.push_str(if close { "/>\n" } else { ">\n" });
}

/// OpenGotha's rank text: "3D", "18K", "9P".
fn rank(r: Rank) -> String {
    r.to_string().to_ascii_uppercase()
}

/// OpenGotha's rating of a rank (its "INI" rating): 1d = 2100, 1k = 2000, 30k = −800.
fn rating_of(r: Rank) -> i32 {
    (r.to_draw_scale() + 30) * 100 - 900
}

/// OpenGotha's key string: upper-case name and given name without spaces.
fn key(family: &str, given: &str) -> String {
    format!("{family}{given}")
        .to_uppercase()
        .chars()
        .filter(|c| *c != ' ')
        .collect()
}

/// The XML file of the tournament with every round drawn so far.
pub(crate) fn document(roster: &Roster) -> Result<Document, Rejected> {
    let keys = Keys::new(roster);
    let last = roster.rounds().last().map_or(0, |r| r.number);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    element(
        &mut out,
        "Tournament",
        &[
            ("dataVersion", "201".into()),
            ("fullVersionNumber", "3.52.03".into()),
            ("runningMode", "SAL".into()),
            ("externalIPAddress", String::new()),
        ],
        false,
    );
    out.push_str("<Players>\n");
    for p in &keys.order {
        player(&mut out, roster, *p, &keys.given[p].1, last);
    }
    out.push_str("</Players>\n<Games>\n");
    games(&mut out, roster, &keys.given);
    out.push_str("</Games>\n<ByePlayers>\n");
    byes(&mut out, roster, &keys.given);
    out.push_str("</ByePlayers>\n");
    let teams = teams(&mut out, roster, &keys.given);
    out.push_str("<TournamentParameterSet>\n");
    general(&mut out, roster);
    handicap(&mut out, &roster.tournament.settings);
    out.push_str("<PlacementParameterSet>\n<PlacementCriteria>\n");
    placement(&mut out, &roster.tournament.settings);
    out.push_str("</PlacementCriteria>\n</PlacementParameterSet>\n");
    pairing(&mut out);
    out.push_str("</TournamentParameterSet>\n");
    if teams {
        team_parameters(&mut out, roster);
    }
    out.push_str("</Tournament>\n");
    Ok(Document {
        title: format!("{}: OpenGotha file after round {last}", roster.name()),
        content_type: XML.to_string(),
        body: out,
        encoding: super::UTF8.to_string(),
        file_name: super::file_name(roster.name(), "xml"),
    })
}

/// Every entrant's OpenGotha key and given name, unique (" 2", " 3"… after a given name that would repeat a key),
/// in number order then register order.
struct Keys {
    order: Vec<ParticipantId>,
    /// Each entrant's key and the given name written beside it.
    given: BTreeMap<ParticipantId, (String, String)>,
}

impl Keys {
    fn new(roster: &Roster) -> Self {
        let mut order: Vec<ParticipantId> = roster.entrants.keys().copied().collect();
        order.sort_by_key(|p| (roster.number(*p).unwrap_or(u32::MAX), *p));
        let mut given_names: BTreeMap<ParticipantId, (String, String)> = BTreeMap::new();
        let mut seen = BTreeSet::new();
        for p in &order {
            let (person, _) = roster.entrants[p];
            let family = person.fields.family_name.trim();
            let mut given = person.fields.given_name.trim().to_string();
            let mut n = 1;
            while !seen.insert(key(family, &given)) {
                n += 1;
                given = format!("{} {n}", person.fields.given_name.trim());
            }
            given_names.insert(*p, (key(family, &given), given));
        }
        Keys {
            order,
            given: given_names,
        }
    }
}

/// One `Player` element: the rank they hold in the next round, the rounds they play (a withdrawn entrant: the
/// rounds they were seated in), a rank's rating when they have none.
fn player(out: &mut String, roster: &Roster, p: ParticipantId, given: &str, last: u32) {
    let (person, entry) = roster.entrants[&p];
    let f = &person.fields;
    let current = entry.rank_in(f.rank, last + 1);
    let participating: String = (1..=ROUNDS)
        .map(|r| if plays(roster, p, r) { '1' } else { '0' })
        .collect();
    element(
        out,
        "Player",
        &[
            ("agaExpirationDate", String::new()),
            ("agaId", f.aga_id.trim().into()),
            ("club", f.club.trim().into()),
            ("country", f.country.trim().to_ascii_uppercase()),
            ("egfPin", f.egd_pin.trim().into()),
            ("ffgLicence", f.ffg_licence.trim().into()),
            ("ffgLicenceStatus", String::new()),
            ("firstName", given.to_string()),
            ("grade", rank(current)),
            ("name", f.family_name.trim().into()),
            ("participating", participating),
            ("rank", rank(current)),
            (
                "rating",
                f.rating.unwrap_or_else(|| rating_of(current)).to_string(),
            ),
            (
                "ratingOrigin",
                if f.rating.is_some() {
                    String::new()
                } else {
                    "INI".into()
                },
            ),
            (
                "registeringStatus",
                if entry.status == EntryStatus::PreRegistered {
                    "PRE"
                } else {
                    "FIN"
                }
                .into(),
            ),
            ("smmsCorrection", entry.mms_correction.to_string()),
        ],
        true,
    );
}

/// Whether entrant `p` takes part in round `r`: the rounds they entered, or, withdrawn, the rounds they were
/// seated in.
fn plays(roster: &Roster, p: ParticipantId, r: u32) -> bool {
    let Some((_, entry)) = roster.entrants.get(&p) else {
        return false;
    };
    match entry.status {
        EntryStatus::Withdrawn => roster
            .rounds()
            .iter()
            .any(|round| round.number == r && (round.game_of(p).is_some() || round.has_bye(p))),
        _ => entry.rounds.contains(&r),
    }
}

/// The `Teams` of the team competition, when it is on and has teams (OpenGotha's team tournaments write one
/// `Board` per member per round): teams numbered in the order of their names; in each round the members taking
/// part, in the board order a file gave them (`team_board`), else strongest first (rank in that round, then
/// rating, then number). Says whether it wrote any.
fn teams(
    out: &mut String,
    roster: &Roster,
    keys: &BTreeMap<ParticipantId, (String, String)>,
) -> bool {
    let settings = &roster.tournament.settings;
    let teams = crate::app::teams::teams(roster);
    let sc = &settings.scoring;
    if (sc.team_counting == 0 && sc.team_boards == 0) || teams.is_empty() {
        return false;
    }
    out.push_str("<Teams>\n");
    for (number, (name, members)) in teams.values().enumerate() {
        element(
            out,
            "Team",
            &[
                ("teamName", name.clone()),
                ("teamNumber", (number + 1).to_string()),
            ],
            false,
        );
        for round in 1..=settings.rounds.min(ROUNDS) {
            let mut playing: Vec<ParticipantId> = members
                .iter()
                .copied()
                .filter(|p| plays(roster, *p, round) && keys.contains_key(p))
                .collect();
            playing.sort_by_key(|p| {
                let (person, entry) = roster.entrants[p];
                (
                    person.fields.team_board.unwrap_or(u32::MAX),
                    std::cmp::Reverse(entry.rank_in(person.fields.rank, round)),
                    std::cmp::Reverse(person.fields.rating),
                    roster.number(*p).unwrap_or(u32::MAX),
                    *p,
                )
            });
            for (board, p) in playing.iter().enumerate() {
                element(
                    out,
                    "Board",
                    &[
                        ("boardNumber", (board + 1).to_string()),
                        ("player", keys[p].0.clone()),
                        ("roundNumber", round.to_string()),
                    ],
                    true,
                );
            }
        }
        out.push_str("</Team>\n");
    }
    out.push_str("</Teams>\n");
    true
}

/// The `TeamTournamentParameterSet`: the boards a team fields (the members the competition counts) and
/// OpenGotha's default team placement.
fn team_parameters(out: &mut String, roster: &Roster) {
    out.push_str("<TeamTournamentParameterSet>\n");
    element(
        out,
        "TeamGeneralParameterSet",
        &[("teamSize", {
            // A team tournament's boards, else the members a team competition counts.
            let sc = &roster.tournament.settings.scoring;
            sc.team_boards.max(sc.team_counting).to_string()
        })],
        true,
    );
    out.push_str("<TeamPlacementParameterSet>\n<PlacementCriteria>\n");
    for (number, name) in ["TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR"]
        .iter()
        .enumerate()
    {
        element(
            out,
            "PlacementCriterion",
            &[
                ("name", (*name).to_string()),
                ("number", (number + 1).to_string()),
            ],
            true,
        );
    }
    out.push_str(
        "</PlacementCriteria>\n</TeamPlacementParameterSet>\n</TeamTournamentParameterSet>\n",
    );
}

/// One `Game` element per seated game, every round.
fn games(out: &mut String, roster: &Roster, keys: &BTreeMap<ParticipantId, (String, String)>) {
    for r in roster.rounds() {
        for g in &r.games {
            let (Some((white, _)), Some((black, _))) = (keys.get(&g.white), keys.get(&g.black))
            else {
                continue;
            };
            element(
                out,
                "Game",
                &[
                    ("blackPlayer", black.clone()),
                    ("handicap", g.handicap.to_string()),
                    // A nigiri game nobody recorded (a forfeit) has no colours to count, as OpenGotha says it.
                    ("knownColor", (!g.colours_open()).to_string()),
                    (
                        "result",
                        result_code(g.confirmed.map(|c| (c.outcome, c.by_forfeit))),
                    ),
                    ("roundNumber", r.number.to_string()),
                    ("tableNumber", g.table.to_string()),
                    ("whitePlayer", white.clone()),
                ],
                true,
            );
        }
    }
}

/// One `ByePlayer` element per round with a bye.
fn byes(out: &mut String, roster: &Roster, keys: &BTreeMap<ParticipantId, (String, String)>) {
    for r in roster.rounds() {
        if let Some((key, _)) = r.bye.and_then(|b| keys.get(&b)) {
            element(
                out,
                "ByePlayer",
                &[
                    ("player", key.clone()),
                    ("roundNumber", r.number.to_string()),
                ],
                true,
            );
        }
    }
}

/// The `HandicapParameterSet`.
fn handicap(out: &mut String, settings: &TournamentSettings) {
    let h = &settings.handicap;
    element(
        out,
        "HandicapParameterSet",
        &[
            ("hdBasedOnMMS", h.based_on_mms.to_string()),
            ("hdCeiling", h.ceiling.to_string()),
            ("hdCorrection", h.correction.to_string()),
            ("hdNoHdRankThreshold", rank(h.no_handicap_above)),
        ],
        true,
    );
}

/// The six `PlacementCriterion` elements: the tie-breaks OpenGotha knows, in order, then `NULL`.
fn placement(out: &mut String, settings: &TournamentSettings) {
    let swiss = settings
        .scoring
        .tiebreaks
        .first()
        .is_some_and(|t| t == "wins");
    let mut criteria: Vec<&str> = settings
        .scoring
        .tiebreaks
        .iter()
        .filter_map(|t| placement_name(t, swiss))
        .take(6)
        .collect();
    criteria.resize(6, "NULL");
    for (i, c) in criteria.iter().enumerate() {
        element(
            out,
            "PlacementCriterion",
            &[("name", (*c).into()), ("number", (i + 1).to_string())],
            true,
        );
    }
}

/// OpenGotha's result code.
fn result_code(r: Option<(Outcome, bool)>) -> String {
    let Some((outcome, forfeit)) = r else {
        return "RESULT_UNKNOWN".into();
    };
    let base = match outcome {
        Outcome::Unknown => return "RESULT_UNKNOWN".into(),
        Outcome::WhiteWins => "RESULT_WHITEWINS",
        Outcome::BlackWins => "RESULT_BLACKWINS",
        Outcome::Jigo => "RESULT_EQUAL",
        Outcome::BothLose => "RESULT_BOTHLOSE",
        Outcome::BothWin => "RESULT_BOTHWIN",
    };
    if forfeit {
        format!("{base}_BYDEF")
    } else {
        base.into()
    }
}

/// OpenGotha's long name of a Tengen tie-break, where it has one.
fn placement_name(tiebreak: &str, swiss: bool) -> Option<&'static str> {
    Some(match tiebreak {
        "mms" => "MMS",
        "wins" => "NBW",
        "sos" => "SOSM",
        "sosw" => "SOSW",
        "sosos" => "SOSOSM",
        "sososw" => "SOSOSW",
        "sos-1" => "SOSM-1",
        "sos-2" => "SOSM-2",
        "sodos" if swiss => "SODOSW",
        "sodos" => "SODOSM",
        "cuss" if swiss => "CUSSW",
        "cuss" => "CUSSM",
        "h2h" => "DC",
        "sdc" => "SDC",
        "ext" => "EXT",
        "exr" => "EXR",
        "rating" => "Rating",
        "rank" => "Rank",
        _ => return None,
    })
}

/// `<GeneralParameterSet>`.
fn general(out: &mut String, roster: &Roster) {
    let s = &roster.tournament.settings;
    let event = &roster.state.event;
    let t = &s.time;
    let system = match t.system {
        TimeSystem::SuddenDeath => "SUDDENDEATH",
        TimeSystem::ByoYomi => "STDBYOYOMI",
        TimeSystem::Canadian | TimeSystem::MiltonKeynes => "CANBYOYOMI",
        TimeSystem::Fischer => "FISCHER",
    };
    let first = |a: &str, b: &str| {
        if a.trim().is_empty() {
            b.trim().to_string()
        } else {
            a.trim().to_string()
        }
    };
    let short: String = s
        .name
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
        .take(20)
        .collect();
    let (absent, round_down) = match s.scoring.missed {
        MissedRule::Half => (1, false),
        MissedRule::OnePerTwo => (1, true),
        MissedRule::Nothing => (0, false),
    };
    let mm = &s.mcmahon;
    element(
        out,
        "GeneralParameterSet",
        &[
            ("bInternet", "false".into()),
            ("basicTime", t.basic_minutes.to_string()),
            ("beginDate", first(&s.start_date, &event.start_date)),
            ("canByoYomiTime", t.period_seconds.to_string()),
            ("complementaryTimeSystem", system.into()),
            ("director", String::new()),
            ("endDate", first(&s.end_date, &event.end_date)),
            ("fischerTime", t.increment_seconds.to_string()),
            ("genCountNotPlayedGamesAsHalfPoint", "false".into()),
            ("genMMBar", mm.bar.map_or_else(|| "9D".into(), rank)),
            ("genMMFloor", mm.floor.map_or_else(|| "30K".into(), rank)),
            ("genMMS2ValueAbsent", absent.to_string()),
            ("genMMS2ValueBye", s.scoring.bye_half_points.to_string()),
            ("genMMZero", "30K".into()),
            ("genNBW2ValueAbsent", "0".into()),
            ("genNBW2ValueBye", "2".into()),
            ("genRoundDownNBWMMS", round_down.to_string()),
            ("komi", half_points(s.komi_half)),
            ("location", event.city.trim().into()),
            ("name", s.name.trim().into()),
            ("nbMovesCanTime", t.stones.to_string()),
            ("numberOfCategories", "1".into()),
            ("numberOfRounds", s.rounds.to_string()),
            ("shortName", short),
            ("size", "19".into()),
            ("stdByoYomiTime", t.period_seconds.to_string()),
        ],
        true,
    );
}

/// `<PairingParameterSet>` with OpenGotha 3.52's McMahon defaults, which the `egf` profile reproduces.
fn pairing(out: &mut String) {
    let d = tengen_draw::egf::Params::default();
    let seed = |s: tengen_draw::egf::SeedSystem| {
        use tengen_draw::egf::SeedSystem as S;
        match s {
            S::SplitAndRandom => "SPLITANDRANDOM",
            S::SplitAndFold => "SPLITANDFOLD",
            S::SplitAndSlip => "SPLITANDSLIP",
        }
        .to_string()
    };
    let dudd = |m: tengen_draw::egf::DuddMode| {
        use tengen_draw::egf::DuddMode as M;
        match m {
            M::Top => "TOP",
            M::Mid => "MID",
            M::Bot => "BOT",
        }
        .to_string()
    };
    let decimal = |v: tengen_draw::egf::Decimal| {
        let whole = v.num / v.den;
        let frac = (v.num % v.den).abs();
        let digits = v.den.to_string().len() - 1;
        if digits == 0 {
            whole.to_string()
        } else {
            format!("{whole}.{frac:0digits$}")
        }
    };
    element(
        out,
        "PairingParameterSet",
        &[
            ("paiBaAvoidDuplGame", d.avoid_duplicate_game.to_string()),
            ("paiBaBalanceWB", d.balance_wb.to_string()),
            ("paiBaDeterministic", d.deterministic.to_string()),
            ("paiBaRandom", d.random.to_string()),
            (
                "paiMaAdditionalPlacementCritSystem1",
                d.additional_placement_crit_system1.clone(),
            ),
            (
                "paiMaAdditionalPlacementCritSystem2",
                d.additional_placement_crit_system2.clone(),
            ),
            (
                "paiMaAvoidMixingCategories",
                d.avoid_mixing_categories.to_string(),
            ),
            ("paiMaCompensateDUDD", d.compensate_dudd.to_string()),
            ("paiMaDUDDLowerMode", dudd(d.dudd_lower_mode)),
            ("paiMaDUDDUpperMode", dudd(d.dudd_upper_mode)),
            ("paiMaDUDDWeight", d.dudd_weight.to_string()),
            (
                "paiMaLastRoundForSeedSystem1",
                d.last_round_for_seed_system1.to_string(),
            ),
            ("paiMaMaximizeSeeding", d.maximize_seeding.to_string()),
            (
                "paiMaMinimizeScoreDifference",
                d.minimize_score_difference.to_string(),
            ),
            ("paiMaSeedSystem1", seed(d.seed_system1)),
            ("paiMaSeedSystem2", seed(d.seed_system2)),
            ("paiSeAvoidSameGeo", d.se_avoid_same_geo.to_string()),
            (
                "paiSeBarThresholdActive",
                d.se_bar_threshold_active.to_string(),
            ),
            ("paiSeDefSecCrit", d.se_def_sec_crit.to_string()),
            ("paiSeMinimizeHandicap", d.se_minimize_handicap.to_string()),
            (
                "paiSeNbWinsThresholdActive",
                d.se_nb_wins_threshold_active.to_string(),
            ),
            (
                "paiSePreferMMSDiffRatherThanSameClub",
                d.se_prefer_mms_diff_rather_than_same_club.to_string(),
            ),
            (
                "paiSePreferMMSDiffRatherThanSameClubsGroup",
                d.se_prefer_mms_diff_rather_than_same_clubs_group
                    .to_string(),
            ),
            (
                "paiSePreferMMSDiffRatherThanSameCountry",
                d.se_prefer_mms_diff_rather_than_same_country.to_string(),
            ),
            ("paiSeRankThreshold", rank_text(d.se_rank_threshold)),
            ("paiStandardNX1Factor", decimal(d.standard_nx1_factor)),
        ],
        true,
    );
}

/// OpenGotha's text of a draw-scale rank (1d = 0).
fn rank_text(r: tengen_draw::model::Rank) -> String {
    if r.0 >= 0 {
        format!("{}D", r.0 + 1)
    } else {
        format!("{}K", -r.0)
    }
}
