//! The XML layer of the OpenGotha reader: walks the document once with quick-xml and fills an [`OgTournament`].
//! Attribute values are unescaped (entities and character references); unknown elements are skipped.

use std::collections::BTreeMap;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::{
    parse_rank, Decimal, DuddMode, GeneralParams, HandicapParams, OgBye, OgError, OgGame, OgPlayer,
    OgResult, OgTournament, PairingParams, Rank, RegisteringStatus, SeedSystem,
};
use crate::Outcome;

/// The attributes of one element, unescaped, by name.
pub(super) type Attrs = BTreeMap<String, String>;

fn attributes(e: &BytesStart<'_>) -> Result<Attrs, OgError> {
    let mut out = Attrs::new();
    for attr in e.attributes() {
        let attr = attr.map_err(|err| OgError::Xml(err.to_string()))?;
        let key = String::from_utf8_lossy(attr.key.as_ref()).into_owned();
        let value = attr
            .unescape_value()
            .map_err(|err| OgError::Xml(err.to_string()))?;
        out.insert(key, value.into_owned());
    }
    Ok(out)
}

/// Raw games and byes still referencing players by key string.
struct RawGame {
    attrs: Attrs,
}

/// Parses the whole document.
pub(super) fn parse(xml: &str) -> Result<OgTournament, OgError> {
    let xml = xml.trim_start_matches('\u{feff}');
    let mut reader = Reader::from_str(xml);
    let mut reading = Reading::default();
    loop {
        let event = reader
            .read_event()
            .map_err(|e| OgError::Xml(format!("at byte {}: {e}", reader.buffer_position())))?;
        match &event {
            Event::Start(e) => reading.element(e, true)?,
            Event::Empty(e) => reading.element(e, false)?,
            Event::End(e) => reading.end(e.name().as_ref()),
            Event::Eof => break,
            _ => {}
        }
    }
    reading.finish()
}

/// A file being read, element by element: what it says so far, its games and byes kept raw until every player
/// (whom they name by key) is known, and where the reader is (in a club group, in the team parameters, whose
/// placement criteria are not the tournament's).
#[derive(Default)]
struct Reading {
    t: OgTournament,
    raw_games: Vec<RawGame>,
    raw_byes: Vec<Attrs>,
    /// Teams with their boards' attributes, resolved to players at the end.
    raw_teams: Vec<(Attrs, Vec<Attrs>)>,
    club_group: Option<usize>,
    in_team_params: bool,
    saw_root: bool,
}

impl Reading {
    /// One opening (`is_start`) or empty element.
    fn element(&mut self, e: &BytesStart, is_start: bool) -> Result<(), OgError> {
        let name = e.name();
        match name.as_ref() {
            b"Tournament" => {
                self.saw_root = true;
                self.t.root = attributes(e)?;
            }
            b"Player" => self.t.players.push(player(&attributes(e)?)?),
            b"Game" => self.raw_games.push(RawGame {
                attrs: attributes(e)?,
            }),
            b"ByePlayer" => {
                let a = attributes(e)?;
                if a.contains_key("player") {
                    self.raw_byes.push(a);
                }
            }
            b"TeamTournamentParameterSet" => self.in_team_params = is_start,
            b"Team" => self.raw_teams.push((attributes(e)?, Vec::new())),
            b"Board" => {
                if let Some(team) = self.raw_teams.last_mut() {
                    team.1.push(attributes(e)?);
                }
            }
            b"TeamGeneralParameterSet" => self.t.team_size = num(&attributes(e)?, "teamSize", 0)?,
            b"GeneralParameterSet" => self.t.general = general(&attributes(e)?)?,
            b"Category" => {
                let a = attributes(e)?;
                if let Some(limit) = a.get("lowerLimit") {
                    self.t
                        .general
                        .category_lower_limits
                        .push(parse_rank(limit)?);
                }
            }
            b"HandicapParameterSet" => self.t.handicap = handicap(&attributes(e)?)?,
            b"PlacementCriterion" if !self.in_team_params => {
                let a = attributes(e)?;
                let number: usize = num(&a, "number", 0)?;
                let crit = a.get("name").cloned().unwrap_or_default();
                if number >= 1 {
                    if self.t.placement.len() < number {
                        self.t.placement.resize(number, String::from("NULL"));
                    }
                    self.t.placement[number - 1] = crit;
                }
            }
            b"PairingParameterSet" => {
                let a = attributes(e)?;
                self.t.pairing = pairing(&a)?;
                self.t.pairing_raw = a;
            }
            b"ClubsGroup" => {
                let a = attributes(e)?;
                self.t
                    .club_groups
                    .push((a.get("name").cloned().unwrap_or_default(), Vec::new()));
                self.club_group = is_start.then(|| self.t.club_groups.len() - 1);
            }
            b"Club" => {
                if let Some(i) = self.club_group {
                    let a = attributes(e)?;
                    self.t.club_groups[i]
                        .1
                        .push(a.get("name").cloned().unwrap_or_default());
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// A closing element: leaves a club group or the team parameters.
    fn end(&mut self, name: &[u8]) {
        match name {
            b"TeamTournamentParameterSet" => self.in_team_params = false,
            b"ClubsGroup" => self.club_group = None,
            _ => {}
        }
    }

    /// The tournament, with its games and byes resolved to players.
    fn finish(self) -> Result<OgTournament, OgError> {
        if !self.saw_root {
            return Err(OgError::Xml("no <Tournament> element".to_string()));
        }
        let mut t = self.t;
        let keys = t.key_index();
        for raw in self.raw_games {
            t.games.push(game(&raw.attrs, &keys)?);
        }
        for a in self.raw_byes {
            let key = a.get("player").cloned().unwrap_or_default();
            t.byes.push(OgBye {
                round: num(&a, "roundNumber", 0)?,
                player: resolve(&keys, &key)?,
            });
        }
        for (a, boards) in self.raw_teams {
            let mut team = super::OgTeam {
                number: num(&a, "teamNumber", 0)?,
                name: text(&a, "teamName"),
                boards: Vec::new(),
            };
            for b in boards {
                team.boards.push(super::OgBoard {
                    round: num(&b, "roundNumber", 0)?,
                    board: num(&b, "boardNumber", 0)?,
                    player: resolve(&keys, &text(&b, "player"))?,
                });
            }
            t.teams.push(team);
        }
        Ok(t)
    }
}

fn text(a: &Attrs, key: &str) -> String {
    a.get(key).cloned().unwrap_or_default()
}

fn num<T: std::str::FromStr>(a: &Attrs, key: &str, default: T) -> Result<T, OgError> {
    match a.get(key).map(|v| v.trim()) {
        None | Some("") => Ok(default),
        Some(v) => v.parse().map_err(|_| OgError::BadValue {
            attribute: key.to_string(),
            value: v.to_string(),
        }),
    }
}

fn flag(a: &Attrs, key: &str, default: bool) -> Result<bool, OgError> {
    match a.get(key).map(|v| v.trim()) {
        None | Some("") => Ok(default),
        Some(v) if v.eq_ignore_ascii_case("true") => Ok(true),
        Some(v) if v.eq_ignore_ascii_case("false") => Ok(false),
        Some(v) => Err(OgError::BadValue {
            attribute: key.to_string(),
            value: v.to_string(),
        }),
    }
}

fn rank_attr(a: &Attrs, key: &str, default: Rank) -> Result<Rank, OgError> {
    match a.get(key).map(|v| v.trim()) {
        None | Some("") => Ok(default),
        Some(v) => parse_rank(v),
    }
}

fn player(a: &Attrs) -> Result<OgPlayer, OgError> {
    let participating = text(a, "participating");
    let status = text(a, "registeringStatus");
    Ok(OgPlayer {
        name: text(a, "name"),
        first_name: text(a, "firstName"),
        country: text(a, "country"),
        club: text(a, "club"),
        egf_pin: text(a, "egfPin"),
        ffg_licence: text(a, "ffgLicence"),
        ffg_licence_status: text(a, "ffgLicenceStatus"),
        aga_id: text(a, "agaId"),
        aga_expiration_date: text(a, "agaExpirationDate"),
        rank: rank_attr(a, "rank", Rank(-20))?,
        grade: text(a, "grade"),
        rating: num(a, "rating", 0)?,
        rating_origin: text(a, "ratingOrigin"),
        smms_correction: num(a, "smmsCorrection", 0)?,
        participating: if participating.is_empty() {
            vec![true; 20]
        } else {
            participating.chars().map(|c| c != '0').collect()
        },
        registering_status: if status.eq_ignore_ascii_case("PRE") {
            RegisteringStatus::Pre
        } else {
            RegisteringStatus::Fin
        },
    })
}

fn resolve(keys: &BTreeMap<String, usize>, key: &str) -> Result<usize, OgError> {
    keys.get(key)
        .or_else(|| keys.get(&super::loose_key(key)))
        .copied()
        .ok_or_else(|| OgError::UnknownPlayer(key.to_string()))
}

fn game(a: &Attrs, keys: &BTreeMap<String, usize>) -> Result<OgGame, OgError> {
    Ok(OgGame {
        round: num(a, "roundNumber", 0)?,
        table: num(a, "tableNumber", 0)?,
        white: resolve(keys, &text(a, "whitePlayer"))?,
        black: resolve(keys, &text(a, "blackPlayer"))?,
        handicap: num(a, "handicap", 0)?,
        result: result(&text(a, "result"))?,
        known_colour: flag(a, "knownColor", true)?,
    })
}

fn result(code: &str) -> Result<OgResult, OgError> {
    let (base, by_default) = match code.strip_suffix("_BYDEF") {
        Some(base) => (base, true),
        None => (code, false),
    };
    let outcome = match base {
        "" | "RESULT_UNKNOWN" => Outcome::Unknown,
        "RESULT_WHITEWINS" => Outcome::WhiteWins,
        "RESULT_BLACKWINS" => Outcome::BlackWins,
        "RESULT_EQUAL" => Outcome::Equal,
        "RESULT_BOTHWIN" => Outcome::BothWin,
        "RESULT_BOTHLOSE" | "RESULT_BOTHLOOSE" => Outcome::BothLose,
        _ => {
            return Err(OgError::BadValue {
                attribute: "result".to_string(),
                value: code.to_string(),
            })
        }
    };
    Ok(OgResult {
        outcome,
        by_default,
    })
}

fn general(a: &Attrs) -> Result<GeneralParams, OgError> {
    Ok(GeneralParams {
        short_name: text(a, "shortName"),
        name: text(a, "name"),
        location: text(a, "location"),
        director: text(a, "director"),
        begin_date: text(a, "beginDate"),
        end_date: text(a, "endDate"),
        internet: flag(a, "bInternet", false)?,
        basic_time: num(a, "basicTime", 0)?,
        complementary_time_system: text(a, "complementaryTimeSystem"),
        std_byo_yomi_time: num(a, "stdByoYomiTime", 0)?,
        nb_moves_can_time: num(a, "nbMovesCanTime", 0)?,
        can_byo_yomi_time: num(a, "canByoYomiTime", 0)?,
        fischer_time: num(a, "fischerTime", 0)?,
        size: num(a, "size", 19)?,
        komi: Decimal::parse(&text(a, "komi")).unwrap_or(Decimal::new(75, 10)),
        number_of_rounds: num(a, "numberOfRounds", 5)?,
        number_of_categories: num(a, "numberOfCategories", 1)?,
        category_lower_limits: Vec::new(),
        mm_floor: rank_attr(a, "genMMFloor", Rank(-20))?,
        mm_bar: rank_attr(a, "genMMBar", Rank(3))?,
        mm_zero: rank_attr(a, "genMMZero", Rank(-30))?,
        nbw2_absent: num(a, "genNBW2ValueAbsent", 0)?,
        nbw2_bye: num(a, "genNBW2ValueBye", 2)?,
        mms2_absent: num(a, "genMMS2ValueAbsent", 1)?,
        mms2_bye: num(a, "genMMS2ValueBye", 2)?,
        round_down: flag(a, "genRoundDownNBWMMS", true)?,
        count_not_played_games_as_half_point: flag(a, "genCountNotPlayedGamesAsHalfPoint", false)?,
    })
}

fn handicap(a: &Attrs) -> Result<HandicapParams, OgError> {
    Ok(HandicapParams {
        based_on_mms: flag(a, "hdBasedOnMMS", true)?,
        no_hd_rank_threshold: rank_attr(a, "hdNoHdRankThreshold", Rank(0))?,
        correction: num(a, "hdCorrection", 1)?,
        ceiling: num(a, "hdCeiling", 9)?,
    })
}

fn dudd_mode(a: &Attrs, key: &str, default: DuddMode) -> Result<DuddMode, OgError> {
    match a.get(key).map(|v| v.trim().to_ascii_uppercase()).as_deref() {
        None | Some("") => Ok(default),
        Some("TOP") => Ok(DuddMode::Top),
        Some("MID") => Ok(DuddMode::Mid),
        Some("BOT") => Ok(DuddMode::Bot),
        Some(v) => Err(OgError::BadValue {
            attribute: key.to_string(),
            value: v.to_string(),
        }),
    }
}

fn seed_system(a: &Attrs, key: &str, default: SeedSystem) -> Result<SeedSystem, OgError> {
    match a.get(key).map(|v| v.trim().to_ascii_uppercase()).as_deref() {
        None | Some("") => Ok(default),
        Some("SPLITANDRANDOM") => Ok(SeedSystem::SplitAndRandom),
        Some("SPLITANDFOLD") => Ok(SeedSystem::SplitAndFold),
        Some("SPLITANDSLIP") => Ok(SeedSystem::SplitAndSlip),
        Some(v) => Err(OgError::BadValue {
            attribute: key.to_string(),
            value: v.to_string(),
        }),
    }
}

fn pairing(a: &Attrs) -> Result<PairingParams, OgError> {
    let d = PairingParams::default();
    let nx1 = match a.get("paiStandardNX1Factor") {
        None => d.standard_nx1_factor,
        Some(v) => Decimal::parse(v).ok_or_else(|| OgError::BadValue {
            attribute: "paiStandardNX1Factor".to_string(),
            value: v.clone(),
        })?,
    };
    Ok(PairingParams {
        standard_nx1_factor: nx1,
        avoid_duplicate_game: num(a, "paiBaAvoidDuplGame", d.avoid_duplicate_game)?,
        random: num(a, "paiBaRandom", d.random)?,
        deterministic: flag(a, "paiBaDeterministic", d.deterministic)?,
        balance_wb: num(a, "paiBaBalanceWB", d.balance_wb)?,
        avoid_mixing_categories: num(a, "paiMaAvoidMixingCategories", d.avoid_mixing_categories)?,
        minimize_score_difference: num(
            a,
            "paiMaMinimizeScoreDifference",
            d.minimize_score_difference,
        )?,
        dudd_weight: num(a, "paiMaDUDDWeight", d.dudd_weight)?,
        compensate_dudd: flag(a, "paiMaCompensateDUDD", d.compensate_dudd)?,
        dudd_upper_mode: dudd_mode(a, "paiMaDUDDUpperMode", d.dudd_upper_mode)?,
        dudd_lower_mode: dudd_mode(a, "paiMaDUDDLowerMode", d.dudd_lower_mode)?,
        maximize_seeding: num(a, "paiMaMaximizeSeeding", d.maximize_seeding)?,
        last_round_for_seed_system1: num(
            a,
            "paiMaLastRoundForSeedSystem1",
            d.last_round_for_seed_system1,
        )?,
        seed_system1: seed_system(a, "paiMaSeedSystem1", d.seed_system1)?,
        seed_system2: seed_system(a, "paiMaSeedSystem2", d.seed_system2)?,
        additional_placement_crit_system1: a
            .get("paiMaAdditionalPlacementCritSystem1")
            .cloned()
            .unwrap_or(d.additional_placement_crit_system1),
        additional_placement_crit_system2: a
            .get("paiMaAdditionalPlacementCritSystem2")
            .cloned()
            .unwrap_or(d.additional_placement_crit_system2),
        se_bar_threshold_active: flag(a, "paiSeBarThresholdActive", d.se_bar_threshold_active)?,
        se_rank_threshold: rank_attr(a, "paiSeRankThreshold", d.se_rank_threshold)?,
        se_nb_wins_threshold_active: flag(
            a,
            "paiSeNbWinsThresholdActive",
            d.se_nb_wins_threshold_active,
        )?,
        se_def_sec_crit: num(a, "paiSeDefSecCrit", d.se_def_sec_crit)?,
        se_minimize_handicap: num(a, "paiSeMinimizeHandicap", d.se_minimize_handicap)?,
        se_avoid_same_geo: num(a, "paiSeAvoidSameGeo", d.se_avoid_same_geo)?,
        se_prefer_mms_diff_rather_than_same_country: num(
            a,
            "paiSePreferMMSDiffRatherThanSameCountry",
            d.se_prefer_mms_diff_rather_than_same_country,
        )?,
        se_prefer_mms_diff_rather_than_same_club: num(
            a,
            "paiSePreferMMSDiffRatherThanSameClub",
            d.se_prefer_mms_diff_rather_than_same_club,
        )?,
        se_prefer_mms_diff_rather_than_same_clubs_group: num(
            a,
            "paiSePreferMMSDiffRatherThanSameClubsGroup",
            d.se_prefer_mms_diff_rather_than_same_clubs_group,
        )?,
    })
}
