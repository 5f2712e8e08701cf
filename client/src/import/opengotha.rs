//! An OpenGotha tournament file as an import plan: `tengen_interop`'s reader parses it (the same parse the
//! `replay-opengotha` check uses), and this module maps its settings, players and played rounds onto Tengen's
//! (its teams: `teams.rs`), noting what it defaulted or left out. Pure: bytes in, a [`TournamentPlan`] or a
//! refusal out; sending is [`super::played`]'s.
//!
//! Refused whole, with the line and column where the reader stopped: a file that is not UTF-8 (or the
//! ISO-8859-1 its declaration names), malformed XML, unknown ranks, games naming unknown players, a player twice
//! in a round, a table used twice, games in a round after one that has none, a round without every result
//! followed by another round (Tengen closes a round before the next one is drawn), and files over
//! [`MAX_BYTES`].

use std::collections::{BTreeMap, BTreeSet};

use sha2::{Digest, Sha256};
use tengen_interop::opengotha::{self, country_alias, rank_text, OgTournament, RegisteringStatus};
use tengen_interop::Outcome as OgOutcome;
use tengen_proto::v1 as pb;

use super::played::{GamePlan, Note, PlayerPlan, RoundPlan, TournamentPlan};

/// The largest file taken: OpenGotha's own limit of 2,000 players and 20 rounds makes files of a few MB.
pub const MAX_BYTES: usize = 20 * 1024 * 1024;

/// Why a file cannot be imported.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OgImportError {
    /// Too big to be an OpenGotha tournament.
    #[error("the file is {0} bytes; an OpenGotha tournament file is at most a few MB (limit {MAX_BYTES})")]
    TooBig(usize),
    /// Neither UTF-8 nor declared ISO-8859-1.
    #[error("the file is not UTF-8 (invalid byte at line {line}, column {column}) and its XML declaration names no other encoding Tengen reads (ISO-8859-1)")]
    Encoding {
        /// 1-based.
        line: usize,
        /// 1-based, in bytes.
        column: usize,
    },
    /// The reader refused it.
    #[error("{0}")]
    Read(String),
    /// It reads, but cannot be a tournament Tengen can continue.
    #[error("{0}")]
    Inconsistent(String),
}

/// The file's text (`tengen_interop`'s decoding, shared with the server's import page).
fn decode(data: &[u8]) -> Result<String, OgImportError> {
    opengotha::decode(data).map_err(|e| OgImportError::Encoding {
        line: e.line,
        column: e.column,
    })
}

/// A reader's error with its line and column.
fn located(text: &str, err: opengotha::OgError) -> OgImportError {
    OgImportError::Read(opengotha::located(text, &err))
}

/// Plans the import of OpenGotha file `data`, named `file_name` (the tournament's name when the file has none).
pub fn plan(data: &[u8], file_name: &str) -> Result<TournamentPlan, OgImportError> {
    if data.len() > MAX_BYTES {
        return Err(OgImportError::TooBig(data.len()));
    }
    let text = decode(data)?;
    let og = opengotha::read(&text).map_err(|e| located(&text, e))?;
    if og.players.is_empty() && og.root.is_empty() {
        return Err(OgImportError::Read(
            "no <Tournament> element with players: is this an OpenGotha tournament file?".into(),
        ));
    }
    let mut keys = BTreeMap::new();
    for p in &og.players {
        if let Some(first) = keys.insert(p.key(), p.full_name()) {
            return Err(OgImportError::Inconsistent(format!(
                "two players have the key {} ({first} and {}): OpenGotha tells players apart by name, so games \
                 cannot say which one played",
                p.key(),
                p.full_name()
            )));
        }
    }
    let mut notes = Vec::new();
    let mut rounds = rounds(&og, &mut notes)?;
    let half_paired = half_paired(&og, &rounds);
    if half_paired > 0 {
        if let Some(last) = rounds.last_mut() {
            last.publish = false;
            notes.push(Note::defaulted(format!(
                "round {} is half paired ({} games, {half_paired} participating players without a game or the bye): \
                 imported as drawn, not published; pair the rest (`round edit … pair`) or redraw it, then publish",
                last.number,
                last.games.len()
            )));
        }
    }
    let settings = settings(&og, file_name, &rounds, &mut notes)?;
    let players = players(&og, &rounds, half_paired > 0, &mut notes);
    notes.push(Note::mapped(format!(
        "{} players, {} rounds played ({} games, {} byes)",
        players.len(),
        rounds.len(),
        rounds.iter().map(|r| r.games.len()).sum::<usize>(),
        rounds.iter().filter(|r| r.bye.is_some()).count()
    )));
    Ok(TournamentPlan {
        format: "opengotha",
        digest: hex::encode(Sha256::digest(data)),
        settings,
        players,
        rounds,
        notes,
    })
}

fn outcome(o: OgOutcome) -> pb::Outcome {
    match o {
        OgOutcome::Unknown => pb::Outcome::Unknown,
        OgOutcome::WhiteWins => pb::Outcome::WhiteWins,
        OgOutcome::BlackWins => pb::Outcome::BlackWins,
        OgOutcome::Equal => pb::Outcome::Jigo,
        OgOutcome::BothWin => pb::Outcome::BothWin,
        OgOutcome::BothLose => pb::Outcome::BothLose,
    }
}

/// The played rounds, checked: 1..=the last round with a game or a bye, each with a game or bye, nobody twice,
/// no table twice, every result in before the last round.
fn rounds(og: &OgTournament, notes: &mut Vec<Note>) -> Result<Vec<RoundPlan>, OgImportError> {
    let name = |i: usize| og.players[i].full_name();
    let last = og
        .games
        .iter()
        .map(|g| g.round)
        .chain(og.byes.iter().map(|b| b.round))
        .max()
        .unwrap_or(0);
    let mut out: Vec<RoundPlan> = (1..=last)
        .map(|number| RoundPlan {
            number,
            games: Vec::new(),
            bye: None,
            publish: true,
        })
        .collect();
    let bad = |m: String| OgImportError::Inconsistent(m);
    for g in &og.games {
        if g.round == 0 {
            return Err(bad(format!(
                "a game between {} and {} has round 0",
                name(g.white),
                name(g.black)
            )));
        }
        out[g.round as usize - 1].games.push(GamePlan {
            table: g.table,
            white: g.white,
            black: g.black,
            handicap: u32::from(g.handicap),
            result: pb::GameResult {
                outcome: outcome(g.result.outcome) as i32,
                by_forfeit: g.result.by_default && g.result.outcome != OgOutcome::Unknown,
            },
        });
    }
    for b in &og.byes {
        if b.round == 0 {
            return Err(bad(format!("the bye of {} has round 0", name(b.player))));
        }
        let round = &mut out[b.round as usize - 1];
        match round.bye {
            Some(first) if first != b.player => notes.push(Note::defaulted(format!(
                "round {}: a second bye, to {} (after {}): Tengen gives one bye per round, so it is imported as \
                 a missed round",
                b.round,
                name(b.player),
                name(first)
            ))),
            _ => round.bye = Some(b.player),
        }
    }
    for r in &mut out {
        r.games.sort_by_key(|g| g.table);
        check_round(r, last, &name)?;
    }
    Ok(out)
}

/// A round Tengen can hold: played in order, each table once with at most 9 stones, each player seated once
/// (the bye's player not at a table), and every result in unless it is the last round paired (`last`).
fn check_round(
    r: &RoundPlan,
    last: u32,
    name: &dyn Fn(usize) -> String,
) -> Result<(), OgImportError> {
    let bad = |m: String| OgImportError::Inconsistent(m);
    if r.games.is_empty() && r.bye.is_none() {
        return Err(bad(format!(
            "round {} has no games but round {last} has: rounds must be played in order",
            r.number
        )));
    }
    let mut seated = BTreeSet::new();
    let mut tables = BTreeSet::new();
    for g in &r.games {
        if g.table == 0 || !tables.insert(g.table) {
            return Err(bad(format!(
                "round {}: table {} is 0 or used twice",
                r.number, g.table
            )));
        }
        if g.handicap > 9 {
            return Err(bad(format!(
                "round {}, table {}: {} handicap stones",
                r.number, g.table, g.handicap
            )));
        }
        for p in [g.white, g.black] {
            if !seated.insert(p) {
                return Err(bad(format!("round {}: {} plays twice", r.number, name(p))));
            }
        }
    }
    if let Some(b) = r.bye.filter(|b| seated.contains(b)) {
        return Err(bad(format!(
            "round {}: {} has both a game and the bye",
            r.number,
            name(b)
        )));
    }
    if r.number < last && !r.complete() {
        let open: Vec<String> = r
            .games
            .iter()
            .filter(|g| g.result.outcome == pb::Outcome::Unknown as i32)
            .take(10)
            .map(|g| g.table.to_string())
            .collect();
        return Err(bad(format!(
            "round {} has games without a result (tables {}) but round {} is paired: Tengen closes a round \
             before drawing the next; enter those results in OpenGotha first",
            r.number,
            open.join(", "),
            r.number + 1
        )));
    }
    Ok(())
}

/// Tengen's `missed_rounds` setting for OpenGotha's ×2 credit of an absent round and its "round down" switch
/// (½ rounded down as a running total is the BGA's one point per two missed rounds).
fn missed(value: i32, round_down: bool, notes: &mut Vec<Note>) -> String {
    match (value, round_down) {
        (0, _) => "nothing".into(),
        (1, true) => "one-per-two".into(),
        (1, false) => "half".into(),
        (other, _) => {
            notes.push(Note::defaulted(format!(
                "an absent round is worth {} points in the file; Tengen credits half a point, rounded down as \
                 OpenGotha does (the setting missed-rounds: half, nothing or one-per-two)",
                f64::from(other) / 2.0
            )));
            "one-per-two".into()
        }
    }
}

fn time(og: &OgTournament, notes: &mut Vec<Note>) -> pb::TimeControl {
    let g = &og.general;
    let mut t = pb::TimeControl {
        basic_minutes: g.basic_time,
        ..pb::TimeControl::default()
    };
    match g.complementary_time_system.as_str() {
        "SUDDENDEATH" => t.system = "sudden-death".into(),
        "STDBYOYOMI" => {
            t.system = "byo-yomi".into();
            t.period_seconds = g.std_byo_yomi_time;
            t.periods = 1;
            notes.push(Note::defaulted(
                "byo-yomi periods: the file gives the period's length only; set to 1 period",
            ));
        }
        "CANBYOYOMI" => {
            t.system = "canadian".into();
            t.period_seconds = g.can_byo_yomi_time;
            t.stones = g.nb_moves_can_time;
        }
        "FISCHER" => {
            t.system = "fischer".into();
            t.increment_seconds = g.fischer_time;
        }
        other => {
            t.system = "sudden-death".into();
            notes.push(Note::defaulted(format!(
                "time system {other:?} unknown: sudden death with the basic time"
            )));
        }
    }
    t
}

/// Tengen's tie-break name for an OpenGotha placement criterion, if it has one.
fn criterion(name: &str) -> Option<&'static str> {
    Some(match name {
        "MMS" => "mms",
        "NBW" => "wins",
        "SOSM" => "sos",
        "SOSW" => "sosw",
        "SOSOSM" => "sosos",
        "SOSOSW" => "sososw",
        "SOSM-1" => "sos-1",
        "SOSM-2" => "sos-2",
        "SODOSM" | "SODOSW" => "sodos",
        "CUSSM" | "CUSSW" => "cuss",
        "DC" => "h2h",
        "SDC" => "sdc",
        "EXT" => "ext",
        "EXR" => "exr",
        "Rating" => "rating",
        "Rank" => "rank",
        _ => return None,
    })
}

fn settings(
    og: &OgTournament,
    file_name: &str,
    rounds: &[RoundPlan],
    notes: &mut Vec<Note>,
) -> Result<pb::TournamentSettings, OgImportError> {
    let g = &og.general;
    let name = [g.name.trim(), g.short_name.trim(), file_name]
        .into_iter()
        .find(|n| !n.is_empty())
        .unwrap_or("Imported")
        .to_string();
    let total = round_count(og, rounds, notes)?;
    let first = og.placement.first().map(String::as_str).unwrap_or("MMS");
    let system = if first == "NBW" { "swiss" } else { "mcmahon" };
    notes.push(Note::mapped(format!(
        "system {system} (first placement criterion {first}), {total} rounds, komi {}",
        g.komi.num as f64 / g.komi.den as f64
    )));
    let komi_half = i32::try_from(g.komi.num * 2 / g.komi.den.max(1)).unwrap_or(13);
    if (g.komi.num * 2) % g.komi.den.max(1) != 0 {
        notes.push(Note::defaulted("komi rounded down to a half point"));
    }
    let tiebreaks = tiebreaks(og, system, notes);
    left_out(og, notes);
    let team_counting = teams::team_counting(og, notes);
    let h = &og.handicap;
    let mcmahon = (system == "mcmahon").then(|| pb::McMahonSetup {
        bar: rank_text(g.mm_bar),
        floor: rank_text(g.mm_floor),
        ..pb::McMahonSetup::default()
    });
    notes.push(Note::mapped(
        "pairing under the egf profile (OpenGotha's costs); the file's own pairing weights are not kept",
    ));
    Ok(pb::TournamentSettings {
        name,
        rounds: total,
        pairing_system: system.into(),
        start_date: date(&g.begin_date, notes),
        end_date: date(&g.end_date, notes),
        komi_half: Some(komi_half),
        time: Some(time(og, notes)),
        mcmahon,
        handicap: Some(pb::HandicapRule {
            based_on_mms: h.based_on_mms,
            no_handicap_above: rank_text(h.no_hd_rank_threshold),
            correction: h.correction,
            ceiling: u32::from(h.ceiling),
            even_at_bar: false,
        }),
        draw: Some(super::played::egf_draw()),
        scoring: Some(pb::Scoring {
            missed_rounds: missed(g.mms2_absent, g.round_down, notes),
            bye_half_points: Some(g.mms2_bye),
            tiebreaks,
            team_counting,
            ..pb::Scoring::default()
        }),
        ..pb::TournamentSettings::default()
    })
}

/// The number of rounds: the file's, or more when more rounds are paired; 1 to 20.
fn round_count(
    og: &OgTournament,
    rounds: &[RoundPlan],
    notes: &mut Vec<Note>,
) -> Result<u32, OgImportError> {
    let g = &og.general;
    let total = g.number_of_rounds.max(rounds.len() as u32);
    if !(1..=20).contains(&total) {
        return Err(OgImportError::Inconsistent(format!(
            "the file has {total} rounds; a tournament has 1 to 20"
        )));
    }
    if total > g.number_of_rounds {
        notes.push(Note::defaulted(format!(
            "numberOfRounds is {} but round {} is paired: {total} rounds",
            g.number_of_rounds, total
        )));
    }
    Ok(total)
}

/// The placement criteria Tengen has, in the file's order; MMS (or wins) and SOS when it has none of them.
fn tiebreaks(og: &OgTournament, system: &str, notes: &mut Vec<Note>) -> Vec<String> {
    let mut tiebreaks = Vec::new();
    for c in og.placement.iter().filter(|c| c.as_str() != "NULL") {
        match criterion(c) {
            Some(t) if !tiebreaks.contains(&t.to_string()) => tiebreaks.push(t.to_string()),
            Some(_) => {}
            None => notes.push(Note::not_mapped(format!("placement criterion {c}"))),
        }
    }
    if tiebreaks.is_empty() {
        tiebreaks = vec![
            if system == "swiss" { "wins" } else { "mms" }.into(),
            "sos".into(),
        ];
        notes.push(Note::defaulted(
            "no placement criteria Tengen has: MMS (or wins), SOS",
        ));
    }
    notes.push(Note::mapped(format!("tie-breaks {}", tiebreaks.join(", "))));
    tiebreaks
}

/// What the file sets that Tengen does not take over: categories, club groups, the internet flag, a board size.
/// What the teams lose is noted with them (`teams::team_counting`).
fn left_out(og: &OgTournament, notes: &mut Vec<Note>) {
    let g = &og.general;
    if g.number_of_categories > 1 {
        notes.push(Note::not_mapped(format!(
            "{} categories (set them with `tournament update --categories`)",
            g.number_of_categories
        )));
    }
    if !og.club_groups.is_empty() {
        notes.push(Note::not_mapped(format!(
            "{} club groups",
            og.club_groups.len()
        )));
    }
    if g.internet {
        notes.push(Note::not_mapped("the internet tournament flag"));
    }
    if g.size != 19 {
        notes.push(Note::not_mapped(format!(
            "board size {} (Tengen assumes 19×19)",
            g.size
        )));
    }
}

/// `yyyy-MM-dd` as it is; anything else left out.
fn date(text: &str, notes: &mut Vec<Note>) -> String {
    let t = text.trim();
    let shaped = t.len() == 10
        && t.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        });
    if shaped || t.is_empty() {
        t.to_string()
    } else {
        notes.push(Note::not_mapped(format!("date {t:?} (not yyyy-mm-dd)")));
        String::new()
    }
}

/// Finally registered players taking part in the file's last round who have neither a game nor the bye in it: a
/// round OpenGotha saved half paired (earlier rounds are complete, so theirs are missed rounds).
fn half_paired(og: &OgTournament, rounds: &[RoundPlan]) -> usize {
    let Some(last) = rounds.last() else {
        return 0;
    };
    let seated: BTreeSet<usize> = last
        .games
        .iter()
        .flat_map(|g| [g.white, g.black])
        .chain(last.bye)
        .collect();
    og.players
        .iter()
        .enumerate()
        .filter(|(i, p)| {
            p.registering_status == RegisteringStatus::Fin
                && p.participates(last.number)
                && !seated.contains(i)
        })
        .count()
}

/// Every player's plan. With `open_last`, the last round is half paired: a finally registered player taking part
/// in it is entered for it whether seated or not, so the director pairs them before publishing.
fn players(
    og: &OgTournament,
    rounds: &[RoundPlan],
    open_last: bool,
    notes: &mut Vec<Note>,
) -> Vec<PlayerPlan> {
    let last = rounds.len() as u32;
    let mut seated: BTreeMap<usize, Vec<u32>> = BTreeMap::new();
    for r in rounds {
        for g in &r.games {
            seated.entry(g.white).or_default().push(r.number);
            seated.entry(g.black).or_default().push(r.number);
        }
        if let Some(b) = r.bye {
            seated.entry(b).or_default().push(r.number);
        }
    }
    let total = og.general.number_of_rounds.max(last);
    let mut unpaired = 0;
    let mut countries = 0;
    let mut aliases = BTreeSet::new();
    let out = og
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut played = seated.get(&i).cloned().unwrap_or_default();
            let waiting = open_last
                && p.registering_status == RegisteringStatus::Fin
                && p.participates(last)
                && !played.contains(&last);
            if waiting {
                played.push(last);
            }
            unpaired += (1..=last)
                .filter(|r| p.participates(*r) && !played.contains(r))
                .count();
            let mut rounds: Vec<u32> = played;
            rounds.extend((last + 1..=total).filter(|r| p.participates(*r)));
            rounds.sort_unstable();
            rounds.dedup();
            // Nobody is entered for no round: a player who plays none stays pre-registered (never paired).
            let plays_some = !rounds.is_empty();
            if rounds.len() as u32 == total {
                rounds.clear();
            }
            // The fields are `tengen_interop`'s mapping, shared with the server's import page; the notes say
            // what it changed.
            let person = og.person(i);
            let raw = p.country.trim().to_ascii_uppercase();
            if let Some(iso) = country_alias(&raw) {
                aliases.insert(format!("{raw} → {iso}"));
            }
            countries += usize::from(!raw.is_empty() && person.country.is_empty());
            PlayerPlan {
                fields: super::row::fields_pb(&person),
                rounds,
                check_in: plays_some
                    && (p.registering_status == RegisteringStatus::Fin || seated.contains_key(&i)),
                mms_correction: p.smms_correction,
            }
        })
        .collect();
    if unpaired > 0 {
        notes.push(Note::defaulted(format!(
            "{unpaired} round(s) where a participating player had neither a game nor the bye: imported as missed \
             rounds (OpenGotha scores them 0, Tengen by its missed-rounds setting)"
        )));
    }
    if !aliases.is_empty() {
        notes.push(Note::defaulted(format!(
            "country codes that are not ISO 3166: {}",
            aliases.into_iter().collect::<Vec<_>>().join(", ")
        )));
    }
    if countries > 0 {
        notes.push(Note::not_mapped(format!(
            "{countries} country value(s) that are not two letters"
        )));
    }
    out
}

mod teams;
#[cfg(test)]
mod tests;
