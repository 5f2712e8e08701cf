//! How a tournament is played, as command-line flags: komi, time control, McMahon bar/floor/sections, handicap
//! rule, draw options and scoring, shared by `tournament create` and `tournament update`. Parses the flag values
//! (`canadian:60:20/5`, `300,200,100`, `mms,sos,sosos`) and writes only the given flags into the settings; the
//! entry fees' flags are `fee_setup.rs`'s, the team competition's `team_setup.rs`'s.
//! Must not talk to the server; printing the settings lives in `settings_view.rs`.

use clap::Args;
use tengen_proto::v1::{
    DrawOptions, HandicapRule, McMahonSetup, PlayerPair, Scoring, TimeControl, TournamentSettings,
    WinsPrize,
};

use super::fee_setup::FeeFlags;
use super::team_setup::TeamFlags;
use crate::values::parse_bool;
use tengen_text::read;

/// Play settings; each flag left out keeps its value (on create: the server's default).
#[derive(Debug, Default, Args)]
#[command(next_help_heading = "Play settings")]
pub struct SetupFlags {
    /// Komi for even games, e.g. 6.5, 7 or 0.5.
    #[arg(long, value_parser = parse_komi, allow_hyphen_values = true, value_name = "POINTS")]
    komi: Option<i32>,
    /// Time control: sudden-death:90, canadian:60:20/5 (20 stones in 5 min), milton-keynes:60:15/5,
    /// byo-yomi:60:5x30 (5 periods of 30 s), fischer:40:20 (20 s per move). Units: 5m, 30s.
    #[arg(long, value_parser = parse_time_spec, value_name = "SPEC")]
    time: Option<TimeControl>,
    /// Time system alone: sudden-death, canadian, milton-keynes, byo-yomi, fischer.
    #[arg(long, value_parser = parse_time_system)]
    time_system: Option<String>,
    /// Basic time in minutes.
    #[arg(long, value_name = "MINUTES")]
    basic: Option<u32>,
    /// Overtime period: the whole Canadian period or one byo-yomi period (300, 300s or 5m).
    #[arg(long, value_parser = parse_seconds, value_name = "DURATION")]
    period: Option<u32>,
    /// Moves per Canadian / Milton Keynes period.
    #[arg(long)]
    stones: Option<u32>,
    /// Number of byo-yomi periods.
    #[arg(long)]
    periods: Option<u32>,
    /// Fischer increment per move (20 or 20s).
    #[arg(long, value_parser = parse_seconds, value_name = "DURATION")]
    increment: Option<u32>,
    /// McMahon bar: players at or above start together, e.g. 3d.
    #[arg(long, value_parser = parse_rank_or_none, value_name = "RANK")]
    bar: Option<String>,
    /// No McMahon bar.
    #[arg(long, conflicts_with = "bar")]
    no_bar: bool,
    /// McMahon floor, e.g. 20k (`none` clears it).
    #[arg(long, value_parser = parse_rank_or_none, value_name = "RANK")]
    floor: Option<String>,
    /// Supergroup: players at or above start one point above the bar (`none` clears it).
    #[arg(long, value_parser = parse_rank_or_none, value_name = "RANK")]
    supergroup: Option<String>,
    /// Mays' sections, strongest first: the weakest rank of each, e.g. "1k,5k,30k" (`none` = bar/floor).
    #[arg(long, value_parser = parse_rank_list, value_name = "RANKS")]
    sections: Option<RankList>,
    /// Points between sections (1 for 3 rounds, 2 for 6, 3 for 9).
    #[arg(long, value_name = "POINTS")]
    section_step: Option<u32>,
    /// Handicap from the MMS difference.
    #[arg(long, conflicts_with = "handicap_rank")]
    handicap_mms: bool,
    /// Handicap from the rank difference.
    #[arg(long)]
    handicap_rank: bool,
    /// Players above this rank count as this rank for handicap, e.g. 1d.
    #[arg(long, value_name = "RANK")]
    no_handicap_above: Option<String>,
    /// Stones subtracted from the difference (-3..3).
    #[arg(long, allow_hyphen_values = true, value_name = "STONES")]
    handicap_correction: Option<i32>,
    /// At most this many stones; 0 = even games only.
    #[arg(long, value_name = "STONES")]
    handicap_ceiling: Option<u32>,
    /// No handicap when either player starts at the bar (`--even-at-bar`, or `--even-at-bar no`).
    #[arg(long, num_args = 0..=1, default_missing_value = "yes", value_parser = parse_bool, value_name = "YES/NO")]
    even_at_bar: Option<bool>,
    /// Even games by nigiri: the players choose colours and a desk records who had Black; handicap games keep
    /// Black for the weaker player (`--nigiri`, or `--nigiri no`). Read when a round is drawn.
    #[arg(long, num_args = 0..=1, default_missing_value = "yes", value_parser = parse_bool, value_name = "YES/NO")]
    nigiri: Option<bool>,
    /// Players check themselves in with their personal code (`--self-check-in`, or `--self-check-in no`).
    #[arg(long, num_args = 0..=1, default_missing_value = "yes", value_parser = parse_bool, value_name = "YES/NO")]
    self_check_in: Option<bool>,
    /// Players report their own results with their personal code, one entry of the double entry
    /// (`--player-results`, or `--player-results no`).
    #[arg(long, num_args = 0..=1, default_missing_value = "yes", value_parser = parse_bool, value_name = "YES/NO")]
    player_results: Option<bool>,
    /// Draw cost profile: egf (OpenGotha) or mays.
    #[arg(long, value_parser = ["egf", "mays"])]
    profile: Option<String>,
    /// Bye rule: egf or mays.
    #[arg(long, value_parser = ["egf", "mays"])]
    bye_rule: Option<String>,
    /// Avoid pairing players of the same club (default on; egf: OpenGotha's club factor).
    #[arg(long, overrides_with = "no_avoid_club")]
    avoid_club: bool,
    /// Do not avoid pairing players of the same club.
    #[arg(long)]
    no_avoid_club: bool,
    /// Avoid pairing players of the same city (default: on under mays, off under egf, where the clubs of one
    /// city then count as one OpenGotha club group).
    #[arg(long, overrides_with = "no_avoid_city")]
    avoid_city: bool,
    /// Do not avoid pairing players of the same city.
    #[arg(long)]
    no_avoid_city: bool,
    /// Avoid pairing players of the same country (default: on under egf, OpenGotha's country factor; off under
    /// mays).
    #[arg(long, overrides_with = "no_avoid_country")]
    avoid_country: bool,
    /// Do not avoid pairing players of the same country.
    #[arg(long)]
    no_avoid_country: bool,
    /// Seeding inside a score group: fold, slip, random, adjacent (mays only), or default (egf: random up to
    /// round 2, then fold; mays: slip).
    #[arg(long, value_parser = ["fold", "slip", "random", "adjacent", "default"])]
    seeding: Option<String>,
    /// Who of a score group is paired down into a lower one: top, middle, bottom, or default (egf: middle;
    /// mays: bottom).
    #[arg(long, value_parser = ["top", "middle", "bottom", "default"])]
    draw_down: Option<String>,
    /// Who of a score group is paired up into a higher one: top, middle, bottom, or default (egf: middle;
    /// mays: top).
    #[arg(long, value_parser = ["top", "middle", "bottom", "default"])]
    draw_up: Option<String>,
    /// Player numbers that must never meet, e.g. "3-8,5-12" (`none` clears the list). A hard rule: a round that
    /// cannot be drawn without one of these pairs is refused.
    #[arg(long, value_parser = parse_never_pairs, value_name = "PAIRS")]
    never_pair: Option<NeverPairs>,
    /// Number of the first table.
    #[arg(long, value_name = "N")]
    first_table: Option<u32>,
    /// Play in groups of about N players, made at round 1 by number, each a tournament of its own by the
    /// tournament's system: Mays' groups of eight (swiss, 3 rounds), zones (round-robin), zoned Swiss (swiss).
    /// 0 = one field.
    #[arg(long, value_name = "N")]
    group_size: Option<u32>,
    /// A ladder: how many rungs up a challenge may reach (0 = anyone above; default 3).
    #[arg(long, value_name = "N")]
    reach: Option<u32>,
    /// A ladder: rungs per handicap stone (0 = even games, the default).
    #[arg(long, value_name = "N")]
    rungs_per_stone: Option<u32>,
    /// A ladder or self-paired event: how many times two players may meet (0 = no limit; self-paired: 2).
    #[arg(long, value_name = "N")]
    max_meetings: Option<u32>,
    /// Credit for a missed round: half, one-per-two or nothing.
    #[arg(long, value_parser = ["half", "one-per-two", "nothing"])]
    missed: Option<String>,
    /// MMS for a bye, e.g. 1 or 0.5.
    #[arg(long, value_parser = parse_komi, value_name = "POINTS")]
    bye_points: Option<i32>,
    /// Tie-break order, e.g. "mms,sos,sosos", or a profile: egf, mays, swiss, round-robin (wins, h2h, sodos),
    /// knockout (sequence), generalised-knockout (sequence, sosw).
    #[arg(long, value_parser = parse_tiebreaks, value_name = "LIST")]
    tiebreaks: Option<Tiebreaks>,
    /// Cash prizes for places 1, 2, …, e.g. "300,200,100" or "150.50,75" (`none` clears them).
    #[arg(long, value_parser = parse_prizes, value_name = "AMOUNTS")]
    prizes: Option<Prizes>,
    /// Categories with their own winners and section prizes when there are no Mays sections: the weakest rank
    /// of each, strongest first, e.g. "1d,10k,30k" (`none` clears them).
    #[arg(long, value_parser = parse_rank_list, value_name = "RANKS")]
    categories: Option<RankList>,
    /// Prizes for places 1, 2, … inside every section or category, e.g. "50,25" (`none` clears them).
    #[arg(long, value_parser = parse_prizes, value_name = "AMOUNTS")]
    section_prizes: Option<Prizes>,
    /// Prizes for everyone with at least some wins, one per level: "4:20,5:40" (4 wins or more: 20; 5 or more:
    /// 40; "3.5:10" counts a jigo); each player takes the highest level they reach (`none` clears them).
    #[arg(long, value_parser = parse_wins_prizes, value_name = "WINS:AMOUNT,…")]
    wins_prizes: Option<WinsPrizes>,
    /// Prizes for the best juniors, places 1, 2, …, e.g. "30,15" (needs --junior-born-from; `none` clears them).
    #[arg(long, value_parser = parse_prizes, value_name = "AMOUNTS")]
    junior_prizes: Option<Prizes>,
    /// Juniors are the players born in this year or after, e.g. 2009 (`none` clears it).
    #[arg(long, value_parser = parse_year, value_name = "YEAR")]
    junior_born_from: Option<Year>,
    /// Prizes for the best players ranked --below-rank or weaker, places 1, 2, … (`none` clears them).
    #[arg(long, value_parser = parse_prizes, value_name = "AMOUNTS")]
    below_rank_prizes: Option<Prizes>,
    /// The strongest rank the --below-rank-prizes are for, e.g. 10k (that rank and weaker; `none` clears it).
    #[arg(long, value_name = "RANK")]
    below_rank: Option<String>,
    /// Prizes for the players who climbed most places from their number to their final place (`none` clears).
    #[arg(long, value_parser = parse_prizes, value_name = "AMOUNTS")]
    improvement_prizes: Option<Prizes>,
    /// A player may take several prizes: on or off (off, the default: each takes only their best prize).
    #[arg(long, value_parser = parse_bool, value_name = "ON/OFF")]
    prizes_stack: Option<bool>,
    /// Two agreeing entries from two terminals confirm a result: on or off.
    #[arg(long, value_parser = parse_bool, value_name = "ON/OFF")]
    double_entry: Option<bool>,
    /// Minutes after the start after which an absent player loses by forfeit.
    #[arg(long, value_name = "MINUTES")]
    forfeit_minutes: Option<u32>,
    /// The team competition inside the tournament (issue 33).
    #[command(flatten)]
    teams: TeamFlags,
    /// What the tournament charges (issue 33).
    #[command(flatten)]
    fees: FeeFlags,
}

/// Ranks as typed, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankList(pub Vec<String>);

/// A tie-break order (names, or one profile name the server expands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiebreaks(pub Vec<String>);

/// Prize amounts in cents, for places 1, 2, ….
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prizes(pub Vec<i64>);

/// Prizes by wins: (half points of wins, cents), one per level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinsPrizes(pub Vec<(u32, i64)>);

/// A year, or none (`none` clears it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Year(pub Option<u32>);

/// Pairs of player numbers kept apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NeverPairs(pub Vec<(u32, u32)>);

/// The time control the server uses when none is set: 60 minutes + 20 stones in 5 minutes.
pub fn default_time() -> TimeControl {
    TimeControl {
        system: "canadian".into(),
        basic_minutes: 60,
        period_seconds: 300,
        stones: 20,
        periods: 0,
        increment_seconds: 0,
    }
}

/// The server's default handicap rule (MMS difference, above 1d counts as 1d, correction 1, at most 9).
pub fn default_handicap() -> HandicapRule {
    HandicapRule {
        based_on_mms: true,
        no_handicap_above: "1d".into(),
        correction: 1,
        ceiling: 9,
        even_at_bar: false,
    }
}

/// The server's default ladder rules for a system: a self-paired event lets anyone meet twice at most; a ladder
/// reaches three rungs up, even games.
pub fn default_ladder(system: &str) -> tengen_proto::v1::LadderOptions {
    if system == "self-paired" {
        tengen_proto::v1::LadderOptions {
            reach: 0,
            rungs_per_stone: 0,
            max_meetings: 2,
        }
    } else {
        tengen_proto::v1::LadderOptions {
            reach: 3,
            rungs_per_stone: 0,
            max_meetings: 0,
        }
    }
}

/// The server's default draw options (EGF costs and bye, first table 1, every other choice the profile's).
pub fn default_draw() -> DrawOptions {
    DrawOptions {
        profile: "egf".into(),
        bye_rule: "egf".into(),
        first_table: 1,
        ..DrawOptions::default()
    }
}

/// The server's default scoring (half a point per missed round, the EGF tie-breaks).
pub fn default_scoring() -> Scoring {
    Scoring {
        missed_rounds: "half".into(),
        ..Scoring::default()
    }
}

/// `--avoid-x` / `--no-avoid-x` as a change: `None` when neither was given.
fn switch(on: bool, off: bool) -> Option<bool> {
    match (on, off) {
        (true, _) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

/// `--avoid-x` / `--no-avoid-x` as a change of an optional switch: `None` when neither was given.
fn switch_opt(on: bool, off: bool) -> Option<Option<bool>> {
    switch(on, off).map(Some)
}

fn set<T>(slot: &mut T, value: Option<T>) {
    if let Some(value) = value {
        *slot = value;
    }
}

impl SetupFlags {
    /// Writes the given flags into `s`; a sub-message the settings lack starts from the server's defaults, so
    /// one flag never resets its neighbours.
    pub fn apply(self, s: &mut TournamentSettings) {
        if self.komi.is_some() {
            s.komi_half = self.komi;
        }
        if self.reach.is_some() || self.rungs_per_stone.is_some() || self.max_meetings.is_some() {
            let defaults = default_ladder(&s.pairing_system);
            let l = s.ladder.get_or_insert(defaults);
            set(&mut l.reach, self.reach);
            set(&mut l.rungs_per_stone, self.rungs_per_stone);
            set(&mut l.max_meetings, self.max_meetings);
        }
        self.apply_time(s.time.get_or_insert_with(default_time));
        let mm = s.mcmahon.get_or_insert_with(McMahonSetup::default);
        set(&mut mm.bar, self.bar);
        if self.no_bar {
            mm.bar.clear();
        }
        set(&mut mm.floor, self.floor);
        set(&mut mm.supergroup, self.supergroup);
        set(&mut mm.section_lowest_ranks, self.sections.map(|l| l.0));
        set(&mut mm.section_step, self.section_step);
        let h = s.handicap.get_or_insert_with(default_handicap);
        set(
            &mut h.based_on_mms,
            switch(self.handicap_mms, self.handicap_rank),
        );
        set(&mut h.no_handicap_above, self.no_handicap_above);
        set(&mut h.correction, self.handicap_correction);
        set(&mut h.ceiling, self.handicap_ceiling);
        set(&mut h.even_at_bar, self.even_at_bar);
        set(&mut s.nigiri, self.nigiri);
        set(&mut s.self_check_in, self.self_check_in);
        set(&mut s.player_results, self.player_results);
        let d = s.draw.get_or_insert_with(default_draw);
        set(&mut d.profile, self.profile);
        set(&mut d.bye_rule, self.bye_rule);
        set(
            &mut d.avoid_same_club,
            switch_opt(self.avoid_club, self.no_avoid_club),
        );
        set(
            &mut d.avoid_same_city,
            switch_opt(self.avoid_city, self.no_avoid_city),
        );
        set(
            &mut d.avoid_same_country,
            switch_opt(self.avoid_country, self.no_avoid_country),
        );
        set(&mut d.first_table, self.first_table);
        set(&mut d.group_size, self.group_size);
        let profile_default = |choice: String| {
            if choice == "default" {
                String::new()
            } else {
                choice
            }
        };
        set(&mut d.seeding, self.seeding.map(profile_default));
        set(&mut d.draw_down, self.draw_down.map(profile_default));
        set(&mut d.draw_up, self.draw_up.map(profile_default));
        set(
            &mut d.never_pair,
            self.never_pair
                .map(|n| n.0.into_iter().map(|(a, b)| PlayerPair { a, b }).collect()),
        );
        let sc = s.scoring.get_or_insert_with(default_scoring);
        set(&mut sc.missed_rounds, self.missed);
        if self.bye_points.is_some() {
            sc.bye_half_points = self.bye_points;
        }
        set(&mut sc.tiebreaks, self.tiebreaks.map(|t| t.0));
        set(&mut sc.prizes_cents, self.prizes.map(|p| p.0));
        set(&mut sc.category_lowest_ranks, self.categories.map(|l| l.0));
        set(
            &mut sc.section_prizes_cents,
            self.section_prizes.map(|p| p.0),
        );
        set(
            &mut sc.wins_prizes,
            self.wins_prizes.map(|w| {
                w.0.into_iter()
                    .map(|(wins_half, cents)| WinsPrize { wins_half, cents })
                    .collect()
            }),
        );
        set(&mut sc.junior_prizes_cents, self.junior_prizes.map(|p| p.0));
        set(&mut sc.junior_born_from, self.junior_born_from.map(|y| y.0));
        set(
            &mut sc.below_rank_prizes_cents,
            self.below_rank_prizes.map(|p| p.0),
        );
        set(
            &mut sc.below_rank,
            self.below_rank
                .map(|r| if read::is_none(&r) { String::new() } else { r }),
        );
        set(
            &mut sc.improvement_prizes_cents,
            self.improvement_prizes.map(|p| p.0),
        );
        set(&mut sc.prizes_stack, self.prizes_stack);
        if self.double_entry.is_some() {
            sc.double_entry = self.double_entry;
        }
        if self.forfeit_minutes.is_some() {
            sc.forfeit_minutes = self.forfeit_minutes;
        }
        self.teams.apply(sc);
        self.fees.apply(&mut s.fees);
    }

    fn apply_time(&self, t: &mut TimeControl) {
        if let Some(spec) = &self.time {
            *t = spec.clone();
        }
        set(&mut t.system, self.time_system.clone());
        set(&mut t.basic_minutes, self.basic);
        set(&mut t.period_seconds, self.period);
        set(&mut t.stones, self.stones);
        set(&mut t.periods, self.periods);
        set(&mut t.increment_seconds, self.increment);
    }
}

/// Komi or bye points as half points: `6.5`, `6,5`, `6½`, `7`, `0.5`, `-6.5` (read as the server's forms read them).
pub fn parse_komi(text: &str) -> Result<i32, String> {
    let half = read::halves(text).map_err(|e| e.to_string())?;
    i32::try_from(half).map_err(|_| format!("{text:?} is not a number of points like 6.5 or 7"))
}

/// A time system name as the server spells it.
pub fn parse_time_system(text: &str) -> Result<String, String> {
    let name = match text.trim().to_lowercase().replace('_', "-").as_str() {
        "sudden-death" | "suddendeath" | "sd" => "sudden-death",
        "canadian" => "canadian",
        "milton-keynes" | "mk" => "milton-keynes",
        "byo-yomi" | "byoyomi" | "japanese" => "byo-yomi",
        "fischer" => "fischer",
        _ => {
            return Err(format!(
            "unknown time system {text:?}; choose sudden-death, canadian, milton-keynes, byo-yomi \
                 or fischer"
        ))
        }
    };
    Ok(name.to_string())
}

/// A duration in seconds: `30`, `30s`, `5m`, `1h`; a bare number counts in `unit` seconds.
fn parse_duration(text: &str, unit: u32) -> Result<u32, String> {
    let t = text.trim().to_lowercase();
    let (number, unit) = if let Some(n) = t.strip_suffix("min") {
        (n, 60)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1)
    } else if let Some(n) = t.strip_suffix('h') {
        (n, 3600)
    } else {
        (t.as_str(), unit)
    };
    number
        .trim()
        .parse::<u32>()
        .ok()
        .and_then(|n| n.checked_mul(unit))
        .ok_or_else(|| format!("{text:?} is not a duration like 30s or 5m"))
}

/// A duration flag: a bare number is seconds.
pub fn parse_seconds(text: &str) -> Result<u32, String> {
    parse_duration(text, 1)
}

/// `SYSTEM:BASIC_MINUTES[:OVERTIME]`: `sudden-death:90`, `canadian:60:20/5` (stones / minutes),
/// `milton-keynes:60:15/5`, `byo-yomi:60:5x30` (periods × seconds), `fischer:40:20` (seconds per move).
pub fn parse_time_spec(text: &str) -> Result<TimeControl, String> {
    let mut parts = text.split(':');
    let system = parse_time_system(parts.next().unwrap_or_default())?;
    let basic = parts.next().ok_or_else(|| {
        format!("time {text:?} lacks the basic time; e.g. canadian:60:20/5 or sudden-death:90")
    })?;
    let basic_minutes = parse_duration(basic, 60)? / 60;
    let overtime = parts.next().map(str::trim).unwrap_or("");
    if parts.next().is_some() {
        return Err(format!("time {text:?} has too many parts"));
    }
    let mut t = TimeControl {
        system: system.clone(),
        basic_minutes,
        ..TimeControl::default()
    };
    let needs = |example: &str| format!("{system} needs its overtime, e.g. {example}");
    match system.as_str() {
        "sudden-death" if overtime.is_empty() => {}
        "sudden-death" => return Err(format!("sudden death has no overtime ({overtime:?})")),
        "canadian" | "milton-keynes" => {
            let (stones, period) = overtime
                .split_once('/')
                .ok_or_else(|| needs(&format!("{system}:60:20/5 (20 stones in 5 minutes)")))?;
            t.stones = stones
                .trim()
                .parse()
                .map_err(|_| format!("{stones:?} is not a number of stones"))?;
            t.period_seconds = parse_duration(period, 60)?;
        }
        "byo-yomi" => {
            let (periods, period) = overtime
                .split_once(['x', '×', '*'])
                .ok_or_else(|| needs("byo-yomi:60:5x30 (5 periods of 30 seconds)"))?;
            t.periods = periods
                .trim()
                .parse()
                .map_err(|_| format!("{periods:?} is not a number of periods"))?;
            t.period_seconds = parse_duration(period, 1)?;
        }
        _ => {
            if overtime.is_empty() {
                return Err(needs("fischer:40:20 (20 seconds per move)"));
            }
            t.increment_seconds = parse_duration(overtime, 1)?;
        }
    }
    Ok(t)
}

/// A rank flag: the text as typed (the server checks and canonicalises it); `none` or empty clears.
pub fn parse_rank_or_none(text: &str) -> Result<String, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("none") {
        Ok(String::new())
    } else {
        Ok(t.to_string())
    }
}

/// `1k,5k,30k` (also `;` or spaces); `none` or empty for no sections.
pub fn parse_rank_list(text: &str) -> Result<RankList, String> {
    if read::is_none(text) {
        return Ok(RankList(Vec::new()));
    }
    Ok(RankList(
        read::items(text).into_iter().map(str::to_string).collect(),
    ))
}

/// The tie-break names the server knows (with the spellings it also accepts).
pub const TIEBREAK_NAMES: &[&str] = &[
    "mms",
    "wins",
    "nbw",
    "sos",
    "sos-adjusted",
    "sos-normalised",
    "sos-normalized",
    "sos-mays",
    "sos-virtual",
    "sos-1",
    "sos-2",
    "sosos",
    "sodos",
    "sdos",
    "sodos-adjusted",
    "sdos-adjusted",
    "cuss",
    "cusp",
    "saco",
    "h2h",
    "head-to-head",
    "sosw",
    "sososw",
    "sequence",
    "seq",
    "survival",
    "out",
    "median",
    "harkness",
    "median-mays",
    "sdc",
    "ext",
    "exr",
    "rating",
    "rank",
];

/// The tie-break profiles a director may name instead of a list.
pub const TIEBREAK_PROFILES: &[&str] = &[
    "egf",
    "mays",
    "swiss",
    "round-robin",
    "knockout",
    "double-elimination",
    "generalised-knockout",
];

/// `mms,sos,sosos` (also `;` or spaces), or one profile name: `egf`, `mays`, `swiss`, `round-robin`, `knockout`,
/// `double-elimination`, `generalised-knockout`.
pub fn parse_tiebreaks(text: &str) -> Result<Tiebreaks, String> {
    let names: Vec<String> = read::items(text)
        .into_iter()
        .map(str::to_lowercase)
        .collect();
    match names.as_slice() {
        [] => return Err("the tie-break list is empty; e.g. mms,sos,sosos or egf".into()),
        [one] if TIEBREAK_PROFILES.contains(&one.as_str()) => return Ok(Tiebreaks(names)),
        _ => {}
    }
    if let Some(bad) = names.iter().find(|n| !TIEBREAK_NAMES.contains(&n.as_str())) {
        return Err(format!(
            "unknown tie-break {bad:?}; choose from {}, or a profile ({})",
            TIEBREAK_NAMES.join(", "),
            TIEBREAK_PROFILES.join(", ")
        ));
    }
    Ok(Tiebreaks(names))
}

/// `3-8,5-12` (also `;` or spaces; `3:8` too): pairs of player numbers; `none` or empty clears the list.
pub fn parse_never_pairs(text: &str) -> Result<NeverPairs, String> {
    read::number_pairs(text)
        .map(NeverPairs)
        .map_err(|e| e.to_string())
}

/// `4:20,5:40` (wins: amount, a comma between levels; `3.5` or `3½` wins counts a jigo) → (half wins, cents).
/// `none` clears.
pub fn parse_wins_prizes(text: &str) -> Result<WinsPrizes, String> {
    read::wins_amounts(text)
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(|(half, cents)| {
            u32::try_from(half)
                .map(|h| (h, cents))
                .map_err(|_| format!("{half} half wins is too many"))
        })
        .collect::<Result<_, _>>()
        .map(WinsPrizes)
}

/// A year like `2009`; `none` clears.
pub fn parse_year(text: &str) -> Result<Year, String> {
    if read::is_none(text) {
        return Ok(Year(None));
    }
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|y| (1900..=2200).contains(y))
        .map(|y| Year(Some(y)))
        .ok_or_else(|| format!("{:?} is not a year like 2009", text.trim()))
}

/// `300,200,100` or `150.50;75` in currency units → cents per place. `none` clears. A comma separates
/// places, so decimals take a point.
pub fn parse_prizes(text: &str) -> Result<Prizes, String> {
    read::amounts(text)
        .map(Prizes)
        .map_err(|e| format!("prize {e}"))
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Probe {
        #[command(flatten)]
        flags: SetupFlags,
    }

    fn applied(args: &[&str]) -> TournamentSettings {
        let probe = Probe::try_parse_from(std::iter::once("probe").chain(args.iter().copied()))
            .unwrap_or_else(|e| panic!("{e}"));
        let mut s = TournamentSettings::default();
        probe.flags.apply(&mut s);
        s
    }

    #[test]
    fn komi_takes_halves_in_any_spelling() {
        assert_eq!(parse_komi("6.5"), Ok(13));
        assert_eq!(parse_komi("6,5"), Ok(13));
        assert_eq!(parse_komi("6½"), Ok(13));
        assert_eq!(parse_komi("½"), Ok(1));
        assert_eq!(parse_komi("7"), Ok(14));
        assert_eq!(parse_komi("0.50"), Ok(1));
        assert_eq!(parse_komi("-6.5"), Ok(-13));
        assert!(parse_komi("6.25").is_err());
        assert!(parse_komi("six").is_err());
    }

    #[test]
    fn time_specs_name_system_basic_and_overtime() {
        let t = parse_time_spec("canadian:60:20/5").unwrap();
        assert_eq!(
            (
                t.system.as_str(),
                t.basic_minutes,
                t.stones,
                t.period_seconds
            ),
            ("canadian", 60, 20, 300)
        );
        let t = parse_time_spec("mk:45:15/300s").unwrap();
        assert_eq!(
            (t.system.as_str(), t.period_seconds),
            ("milton-keynes", 300)
        );
        let t = parse_time_spec("byo-yomi:60:5x30").unwrap();
        assert_eq!((t.periods, t.period_seconds), (5, 30));
        let t = parse_time_spec("fischer:40:20").unwrap();
        assert_eq!((t.basic_minutes, t.increment_seconds), (40, 20));
        let t = parse_time_spec("sudden-death:90").unwrap();
        assert_eq!((t.system.as_str(), t.basic_minutes), ("sudden-death", 90));
        assert_eq!(
            parse_time_spec("canadian:1h:25/10m").unwrap().basic_minutes,
            60
        );
        assert!(parse_time_spec("canadian:60").is_err());
        assert!(parse_time_spec("blitz:5").is_err());
        assert!(parse_time_spec("canadian").is_err());
        assert!(parse_time_spec("sudden-death:90:5").is_err());
    }

    #[test]
    fn prizes_are_cents_per_place() {
        assert_eq!(
            parse_prizes("300,200,100"),
            Ok(Prizes(vec![30000, 20000, 10000]))
        );
        assert_eq!(parse_prizes("150.50; 75.5"), Ok(Prizes(vec![15050, 7550])));
        assert_eq!(parse_prizes("none"), Ok(Prizes(vec![])));
        assert!(parse_prizes("300,lots").is_err());
        assert!(parse_prizes("1.005").is_err());
    }

    #[test]
    fn tiebreaks_are_a_list_or_one_profile() {
        assert_eq!(
            parse_tiebreaks("MMS, sos,sosos"),
            Ok(Tiebreaks(vec!["mms".into(), "sos".into(), "sosos".into()]))
        );
        assert_eq!(parse_tiebreaks("mays"), Ok(Tiebreaks(vec!["mays".into()])));
        assert!(parse_tiebreaks("mms,egf").is_err());
        assert!(parse_tiebreaks("mms,sox").is_err());
        assert!(parse_tiebreaks(" ").is_err());
    }

    #[test]
    fn only_the_given_flags_change_and_neighbours_keep_defaults() {
        let s = applied(&["--komi", "7", "--profile", "mays", "--prizes", "300,200"]);
        assert_eq!(s.komi_half, Some(14));
        let d = s.draw.unwrap();
        assert_eq!(d.profile, "mays");
        assert_eq!(
            d.avoid_same_club, None,
            "the profile's default survives one changed neighbour"
        );
        assert_eq!(d.first_table, 1);
        assert_eq!(s.scoring.unwrap().prizes_cents, vec![30000, 20000]);
        assert_eq!(s.time.unwrap(), default_time());
    }

    #[test]
    fn separate_time_flags_refine_the_spec() {
        let s = applied(&[
            "--time",
            "canadian:60:20/5",
            "--stones",
            "25",
            "--basic",
            "75",
        ]);
        let t = s.time.unwrap();
        assert_eq!((t.basic_minutes, t.stones, t.period_seconds), (75, 25, 300));
    }

    #[test]
    fn bar_sections_handicap_and_switches() {
        let s = applied(&[
            "--no-bar",
            "--floor",
            "20k",
            "--sections",
            "1k,5k,30k",
            "--section-step",
            "2",
            "--handicap-rank",
            "--handicap-correction",
            "-1",
            "--even-at-bar",
            "--nigiri",
            "--no-avoid-club",
            "--double-entry",
            "off",
            "--forfeit-minutes",
            "45",
            "--bye-points",
            "0.5",
        ]);
        let mm = s.mcmahon.unwrap();
        assert_eq!(mm.bar, "");
        assert_eq!(mm.floor, "20k");
        assert_eq!(mm.section_lowest_ranks, vec!["1k", "5k", "30k"]);
        assert_eq!(mm.section_step, 2);
        let h = s.handicap.unwrap();
        assert!(!h.based_on_mms);
        assert_eq!(h.correction, -1);
        assert!(h.even_at_bar);
        assert_eq!(h.ceiling, 9);
        assert!(s.nigiri);
        assert!(!applied(&["--nigiri", "no"]).nigiri);
        assert_eq!(s.draw.unwrap().avoid_same_club, Some(false));
        let sc = s.scoring.unwrap();
        assert_eq!(sc.double_entry, Some(false));
        assert_eq!(sc.forfeit_minutes, Some(45));
        assert_eq!(sc.bye_half_points, Some(1));
    }

    #[test]
    fn issue_12_draw_choices_and_sections_reach_the_settings() {
        let s = applied(&[
            "--avoid-country",
            "--no-avoid-city",
            "--seeding",
            "slip",
            "--draw-down",
            "top",
            "--draw-up",
            "default",
            "--never-pair",
            "3-8, #5:12",
            "--categories",
            "1d,10k,30k",
            "--section-prizes",
            "50,25",
        ]);
        let d = s.draw.unwrap();
        assert_eq!(
            (d.avoid_same_club, d.avoid_same_city, d.avoid_same_country),
            (None, Some(false), Some(true))
        );
        assert_eq!(
            (d.seeding.as_str(), d.draw_down.as_str(), d.draw_up.as_str()),
            ("slip", "top", "")
        );
        assert_eq!(
            d.never_pair,
            vec![PlayerPair { a: 3, b: 8 }, PlayerPair { a: 5, b: 12 }]
        );
        let sc = s.scoring.unwrap();
        assert_eq!(sc.category_lowest_ranks, vec!["1d", "10k", "30k"]);
        assert_eq!(sc.section_prizes_cents, vec![5000, 2500]);
        assert_eq!(parse_never_pairs("none"), Ok(NeverPairs(vec![])));
        assert!(parse_never_pairs("3-3").is_err());
        assert!(parse_never_pairs("3").is_err());
        assert!(parse_never_pairs("0-4").is_err());
    }

    #[test]
    fn bar_and_no_bar_conflict() {
        let probe = Probe::try_parse_from(["probe", "--bar", "3d", "--no-bar"]);
        assert!(probe.is_err());
    }
}
