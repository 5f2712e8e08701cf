//! `tengen tournament show`: every setting of one tournament as `key  value` lines (komi, time and its EGF
//! class, McMahon set-up, handicap, draw, scoring, entry fees), or JSON. Only renders; parsing flags lives in
//! `setup.rs`.

use serde::Serialize;
use tengen_proto::v1 as pb;

use super::fee_view::{schedule_lines, FeeScheduleView};
use super::output::{print_fields, print_json};
use super::setup::{default_draw, default_handicap, default_scoring, default_time};
use super::view::{date_range, TournamentView};
use super::CliError;
use crate::values::{format_fee, format_half};

/// A tournament with all its play settings, for `--json`.
#[derive(Debug, Serialize)]
pub struct TournamentDetailView {
    #[serde(flatten)]
    pub tournament: TournamentView,
    pub komi_half: i32,
    pub time: TimeView,
    pub time_class: String,
    pub adjusted_time_seconds: u64,
    pub mcmahon: McMahonView,
    pub handicap: HandicapView,
    pub draw: DrawView,
    pub scoring: ScoringView,
    /// Even games by nigiri (colours recorded at the desks).
    pub nigiri: bool,
    /// Players check themselves in with their personal codes.
    pub self_check_in: bool,
    /// Players report their own results with their personal codes.
    pub player_results: bool,
    /// A ladder's rules (every tournament has them; only a ladder uses them).
    pub ladder: LadderView,
    /// What the tournament charges (`null`: no schedule, the desks' typed fees hold).
    pub fees: Option<FeeScheduleView>,
}

/// A ladder's reach and handicap, and how often two players may meet.
#[derive(Debug, Serialize)]
pub struct LadderView {
    pub reach: u32,
    pub rungs_per_stone: u32,
    pub max_meetings: u32,
}

/// The time control.
#[derive(Debug, Serialize)]
pub struct TimeView {
    pub system: String,
    pub basic_minutes: u32,
    pub period_seconds: u32,
    pub stones: u32,
    pub periods: u32,
    pub increment_seconds: u32,
}

/// The McMahon set-up; empty ranks mean none.
#[derive(Debug, Serialize)]
pub struct McMahonView {
    pub bar: String,
    pub floor: String,
    pub supergroup: String,
    pub section_lowest_ranks: Vec<String>,
    pub section_step: u32,
}

/// The handicap rule.
#[derive(Debug, Serialize)]
pub struct HandicapView {
    pub based_on_mms: bool,
    pub no_handicap_above: String,
    pub correction: i32,
    pub ceiling: u32,
    pub even_at_bar: bool,
}

/// Draw options. The geographic switches are `null` when left to the profile (see `geography_defaults`);
/// seeding and floats are empty then.
#[derive(Debug, Serialize)]
pub struct DrawView {
    pub profile: String,
    pub bye_rule: String,
    pub avoid_same_club: Option<bool>,
    pub avoid_same_city: Option<bool>,
    pub avoid_same_country: Option<bool>,
    pub first_table: u32,
    pub seeding: String,
    pub draw_down: String,
    pub draw_up: String,
    /// Pairs of player numbers that never meet.
    pub never_pair: Vec<(u32, u32)>,
    /// Groups of about this many players (0 = one field).
    pub group_size: u32,
}

/// What each profile does when the director leaves a draw choice to it (the server's rule, `domain::setup`):
/// geography (club, city, country), seeding, and where floats come from (down, up). OpenGotha's Swiss preset
/// has no geography; a round robin follows its schedule.
fn profile_defaults(profile: &str, system: &str) -> ([bool; 3], &'static str, [&'static str; 2]) {
    match (profile, system) {
        ("mays", _) => ([true, true, false], "slip", ["bottom", "top"]),
        (_, "swiss") => ([false, false, false], "slip", ["middle", "middle"]),
        (_, "round-robin") => (
            [false, false, false],
            "none: Berger schedule",
            ["none", "none"],
        ),
        (_, "knockout") => ([false, false, false], "none: the bracket", ["none", "none"]),
        (_, "double-elimination") => (
            [false, false, false],
            "none: the bracket, then first against last among one loss",
            ["none", "none"],
        ),
        (_, "generalised-knockout") => (
            [false, false, false],
            "first against last in each sequence group",
            ["weakest of an odd group", "none"],
        ),
        _ => (
            [true, false, true],
            "random to round 2, then fold",
            ["middle", "middle"],
        ),
    }
}

/// Scoring; absent optional values are shown with the server's defaults.
#[derive(Debug, Serialize)]
pub struct ScoringView {
    pub missed_rounds: String,
    pub bye_half_points: i32,
    pub tiebreaks: Vec<String>,
    pub prizes_cents: Vec<i64>,
    /// Absent = the server's default (on for the event's first tournament).
    pub double_entry: Option<bool>,
    pub forfeit_minutes: u32,
    pub category_lowest_ranks: Vec<String>,
    pub section_prizes_cents: Vec<i64>,
    /// (half points of wins, cents), one per level.
    pub wins_prizes: Vec<(u32, i64)>,
    pub junior_prizes_cents: Vec<i64>,
    pub junior_born_from: Option<u32>,
    pub below_rank_prizes_cents: Vec<i64>,
    pub below_rank: String,
    pub improvement_prizes_cents: Vec<i64>,
    pub prizes_stack: bool,
    /// The team competition: a team scores the sum of its best `team_counting` members' results (0 = none).
    pub team_counting: u32,
    /// "wins" or "mms".
    pub team_score: String,
    pub team_prizes_cents: Vec<i64>,
    /// A team tournament: teams of `team_boards` boards meet in matches, paired as teams (0 = players are paired).
    pub team_boards: u32,
}

impl From<&pb::Tournament> for TournamentDetailView {
    fn from(t: &pb::Tournament) -> Self {
        let s = t.settings.clone().unwrap_or_default();
        let time = s.time.clone().unwrap_or_else(default_time);
        let mm = s.mcmahon.clone().unwrap_or_default();
        let h = s.handicap.clone().unwrap_or_else(default_handicap);
        let d = s.draw.clone().unwrap_or_else(default_draw);
        let sc = s.scoring.clone().unwrap_or_else(default_scoring);
        let l = s
            .ladder
            .unwrap_or_else(|| super::setup::default_ladder(&s.pairing_system));
        TournamentDetailView {
            fees: s.fees.as_ref().map(FeeScheduleView::from),
            ladder: LadderView {
                reach: l.reach,
                rungs_per_stone: l.rungs_per_stone,
                max_meetings: l.max_meetings,
            },
            tournament: TournamentView::from(t),
            komi_half: s.komi_half.unwrap_or(13),
            time: TimeView {
                system: time.system,
                basic_minutes: time.basic_minutes,
                period_seconds: time.period_seconds,
                stones: time.stones,
                periods: time.periods,
                increment_seconds: time.increment_seconds,
            },
            time_class: s.time_class,
            adjusted_time_seconds: s.adjusted_time_seconds,
            nigiri: s.nigiri,
            self_check_in: s.self_check_in,
            player_results: s.player_results,
            mcmahon: McMahonView {
                bar: mm.bar,
                floor: mm.floor,
                supergroup: mm.supergroup,
                section_lowest_ranks: mm.section_lowest_ranks,
                section_step: mm.section_step,
            },
            handicap: HandicapView {
                based_on_mms: h.based_on_mms,
                no_handicap_above: h.no_handicap_above,
                correction: h.correction,
                ceiling: h.ceiling,
                even_at_bar: h.even_at_bar,
            },
            draw: DrawView {
                profile: d.profile,
                bye_rule: d.bye_rule,
                avoid_same_club: d.avoid_same_club,
                avoid_same_city: d.avoid_same_city,
                avoid_same_country: d.avoid_same_country,
                first_table: d.first_table.max(1),
                seeding: d.seeding,
                draw_down: d.draw_down,
                draw_up: d.draw_up,
                never_pair: d.never_pair.iter().map(|p| (p.a, p.b)).collect(),
                group_size: d.group_size,
            },
            scoring: ScoringView {
                missed_rounds: sc.missed_rounds,
                bye_half_points: sc.bye_half_points.unwrap_or(2),
                tiebreaks: sc.tiebreaks,
                prizes_cents: sc.prizes_cents,
                double_entry: sc.double_entry,
                forfeit_minutes: sc.forfeit_minutes.unwrap_or(30),
                category_lowest_ranks: sc.category_lowest_ranks,
                section_prizes_cents: sc.section_prizes_cents,
                wins_prizes: sc
                    .wins_prizes
                    .iter()
                    .map(|w| (w.wins_half, w.cents))
                    .collect(),
                junior_prizes_cents: sc.junior_prizes_cents,
                junior_born_from: sc.junior_born_from,
                below_rank_prizes_cents: sc.below_rank_prizes_cents,
                below_rank: sc.below_rank,
                improvement_prizes_cents: sc.improvement_prizes_cents,
                prizes_stack: sc.prizes_stack,
                team_counting: sc.team_counting,
                team_score: if sc.team_score.is_empty() {
                    "wins".to_string()
                } else {
                    sc.team_score
                },
                team_prizes_cents: sc.team_prizes_cents,
                team_boards: sc.team_boards,
            },
        }
    }
}

/// `300` → `5 min`, `30` → `30 s`, `90` → `1 min 30 s`.
fn duration_text(seconds: u32) -> String {
    match (seconds / 60, seconds % 60) {
        (0, s) => format!("{s} s"),
        (m, 0) => format!("{m} min"),
        (m, s) => format!("{m} min {s} s"),
    }
}

/// The time control in words: `canadian 60 min + 20 stones in 5 min`.
pub fn time_text(t: &TimeView) -> String {
    let basic = format!("{} min", t.basic_minutes);
    match t.system.as_str() {
        "sudden-death" => format!("sudden death {basic}"),
        "canadian" | "milton-keynes" => format!(
            "{} {basic} + {} stones in {}",
            t.system,
            t.stones,
            duration_text(t.period_seconds)
        ),
        "byo-yomi" => format!(
            "byo-yomi {basic} + {} × {}",
            t.periods,
            duration_text(t.period_seconds)
        ),
        "fischer" => format!(
            "fischer {basic} + {} per move",
            duration_text(t.increment_seconds)
        ),
        other => format!("{other} {basic}"),
    }
}

fn or_none(text: &str) -> String {
    if text.is_empty() {
        "none".to_string()
    } else {
        text.to_string()
    }
}

fn on_off(b: bool) -> String {
    if b { "on" } else { "off" }.to_string()
}

/// The `key  value` lines of `tournament show`.
pub fn settings_lines(v: &TournamentDetailView) -> Vec<(&'static str, String)> {
    let t = &v.tournament;
    let mut lines = vec![
        ("id", t.id.to_string()),
        ("revision", t.revision.to_string()),
        ("name", t.name.clone()),
        ("rounds", t.rounds.to_string()),
        ("system", t.pairing_system.clone()),
        ("dates", date_range(&t.start_date, &t.end_date)),
        (
            "registration",
            if t.registration_open {
                "open"
            } else {
                "closed"
            }
            .to_string(),
        ),
        ("komi", format_half(v.komi_half.into())),
        ("time", time_line(v)),
        ("mcmahon", mcmahon_line(&v.mcmahon)),
        ("handicap", handicap_line(&v.handicap, v.nigiri)),
    ];
    lines.extend(draw_lines(v));
    lines.extend(scoring_lines(v));
    if let Some(fees) = &v.fees {
        lines.extend(schedule_lines(fees));
    }
    lines.extend(system_lines(v));
    let on_off = |on: bool| if on { "on" } else { "off" };
    lines.push((
        "players",
        format!(
            "self check-in {}, own results {}",
            on_off(v.self_check_in),
            on_off(v.player_results)
        ),
    ));
    if !t.schedule.is_empty() {
        let starts: Vec<String> = (1..)
            .zip(&t.schedule)
            .filter(|(_, s)| !s.is_empty())
            .map(|(round, s)| format!("round {round} {s}"))
            .collect();
        lines.push(("timetable", starts.join(", ")));
    }
    lines
}

/// "90 min + 5×30 s byo-yomi (class A, adjusted 80 min)".
fn time_line(v: &TournamentDetailView) -> String {
    let mut class = if v.time_class.is_empty() {
        String::new()
    } else {
        format!(" (class {}", v.time_class)
    };
    if !class.is_empty() {
        if v.adjusted_time_seconds > 0 {
            class.push_str(&format!(", adjusted {} min", v.adjusted_time_seconds / 60));
        }
        class.push(')');
    }
    format!("{}{class}", time_text(&v.time))
}

/// The bar, floor and supergroup, or the McMahon sections.
fn mcmahon_line(mm: &McMahonView) -> String {
    if mm.section_lowest_ranks.is_empty() {
        format!(
            "bar {}, floor {}, supergroup {}",
            or_none(&mm.bar),
            or_none(&mm.floor),
            or_none(&mm.supergroup)
        )
    } else {
        format!(
            "sections down to {}, {} points apart",
            mm.section_lowest_ranks.join(", "),
            mm.section_step
        )
    }
}

/// The handicap rule in one line, and whether even games are played by nigiri.
fn handicap_line(h: &HandicapView, nigiri: bool) -> String {
    let colours = if nigiri { "; even games by nigiri" } else { "" };
    if h.ceiling == 0 {
        return format!("even games only{colours}");
    }
    let rule = format!(
        "by {} difference, above {} counts as {}, correction {}, at most {}{}",
        if h.based_on_mms { "MMS" } else { "rank" },
        h.no_handicap_above,
        h.no_handicap_above,
        h.correction,
        h.ceiling,
        if h.even_at_bar {
            ", even at the bar"
        } else {
            ""
        }
    );
    format!("{rule}{colours}")
}

/// The draw's settings, each with its profile's default when not set.
fn draw_lines(v: &TournamentDetailView) -> Vec<(&'static str, String)> {
    let d = &v.draw;
    let (geo, seeding, floats) = profile_defaults(&d.profile, &v.tournament.pairing_system);
    let switch = |set: Option<bool>, default: bool| match set {
        Some(on) => on_off(on),
        None => format!("{} (default)", on_off(default)),
    };
    let chosen = |set: &str, default: &str| {
        if set.is_empty() {
            format!("{default} (default)")
        } else {
            set.to_string()
        }
    };
    let never: Vec<String> = d
        .never_pair
        .iter()
        .map(|(a, b)| format!("{a}–{b}"))
        .collect();
    vec![
        (
            "draw",
            format!(
                "profile {}, bye rule {}, first table {}{}",
                d.profile,
                d.bye_rule,
                d.first_table,
                if d.group_size > 0 {
                    format!(", in groups of about {}", d.group_size)
                } else {
                    String::new()
                }
            ),
        ),
        (
            "avoid same",
            format!(
                "club {}, city {}, country {}",
                switch(d.avoid_same_club, geo[0]),
                switch(d.avoid_same_city, geo[1]),
                switch(d.avoid_same_country, geo[2])
            ),
        ),
        (
            "seeding",
            format!(
                "{}; floats down from the {}, up from the {}",
                chosen(&d.seeding, seeding),
                chosen(&d.draw_down, floats[0]),
                chosen(&d.draw_up, floats[1])
            ),
        ),
        (
            "never pair",
            if never.is_empty() {
                "none".to_string()
            } else {
                never.join(", ")
            },
        ),
    ]
}

/// Scores, tie-breaks, prizes, categories and the desks' rules.
fn scoring_lines(v: &TournamentDetailView) -> Vec<(&'static str, String)> {
    let sc = &v.scoring;
    let money = |cents: &[i64]| -> String {
        if cents.is_empty() {
            "none".to_string()
        } else {
            cents
                .iter()
                .map(|c| format_fee(*c))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    let mut lines = vec![
        ("missed rounds", sc.missed_rounds.clone()),
        (
            "bye",
            format!("{} MMS", format_half(sc.bye_half_points.into())),
        ),
        ("tie-breaks", sc.tiebreaks.join(", ")),
        ("prizes", money(&sc.prizes_cents)),
        (
            "categories",
            if sc.category_lowest_ranks.is_empty() {
                "none".to_string()
            } else {
                format!("down to {}", sc.category_lowest_ranks.join(", "))
            },
        ),
        ("section prizes", money(&sc.section_prizes_cents)),
        (
            "prizes for wins",
            if sc.wins_prizes.is_empty() {
                "none".to_string()
            } else {
                sc.wins_prizes
                    .iter()
                    .map(|(w, c)| {
                        format!(
                            "{} wins or more: {}",
                            format_half((*w).into()),
                            format_fee(*c)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            },
        ),
        (
            "junior prizes",
            match sc.junior_born_from {
                Some(y) if !sc.junior_prizes_cents.is_empty() => {
                    format!("{} (born in {y} or after)", money(&sc.junior_prizes_cents))
                }
                _ => money(&sc.junior_prizes_cents),
            },
        ),
        (
            "prizes below a rank",
            if sc.below_rank.is_empty() || sc.below_rank_prizes_cents.is_empty() {
                money(&sc.below_rank_prizes_cents)
            } else {
                format!(
                    "{} ({} and weaker)",
                    money(&sc.below_rank_prizes_cents),
                    sc.below_rank
                )
            },
        ),
        ("improvement prizes", money(&sc.improvement_prizes_cents)),
        (
            "prizes per player",
            if sc.prizes_stack {
                "all they win".to_string()
            } else {
                "their best only".to_string()
            },
        ),
        (
            "double entry",
            sc.double_entry
                .map(on_off)
                .unwrap_or_else(|| "default".to_string()),
        ),
        ("forfeit after", format!("{} min", sc.forfeit_minutes)),
    ];
    if sc.team_boards > 0 {
        lines.push(("team tournament", team_tournament_text(sc.team_boards)));
    }
    if sc.team_counting > 0 {
        lines.push(("team competition", team_text(sc)));
    }
    lines
}

/// A team tournament in words: how big a team is and how the teams are placed (the server's order).
fn team_tournament_text(boards: u32) -> String {
    format!(
        "teams of {boards} boards, paired as teams; placed by team points, board wins, boards 1-3, 1-2, 1, \
         mean rating"
    )
}

/// The team competition in words: `best 3 members' wins; team prizes 100.00, 50.00`.
fn team_text(sc: &ScoringView) -> String {
    let result = match sc.team_score.as_str() {
        "mms" => "MMS",
        other => other,
    };
    let counted = match sc.team_counting {
        1 => format!("the best member's {result}"),
        n => format!("best {n} members' {result}"),
    };
    if sc.team_prizes_cents.is_empty() {
        format!("{counted}; no team prizes")
    } else {
        let prizes: Vec<String> = sc
            .team_prizes_cents
            .iter()
            .map(|c| format_fee(*c))
            .collect();
        format!("{counted}; team prizes {}", prizes.join(", "))
    }
}

/// A ladder's or a self-paired event's own rules; nothing for the other systems.
fn system_lines(v: &TournamentDetailView) -> Vec<(&'static str, String)> {
    let meetings = |n: u32| match n {
        0 => "no limit on meetings".to_string(),
        n => format!("each pair {n} times at most"),
    };
    let l = &v.ladder;
    match v.tournament.pairing_system.as_str() {
        "self-paired" => vec![("self-paired", meetings(l.max_meetings))],
        "ladder" => vec![(
            "ladder",
            format!(
                "challenges reach {}, {}, {}",
                match l.reach {
                    0 => "any rung above".to_string(),
                    n => format!("{n} rungs up"),
                },
                match l.rungs_per_stone {
                    0 => "even games".to_string(),
                    1 => "one stone per rung".to_string(),
                    n => format!("one stone per {n} rungs"),
                },
                meetings(l.max_meetings)
            ),
        )],
        _ => Vec::new(),
    }
}

/// Prints one tournament with all its settings.
pub fn print_tournament_detail(t: &pb::Tournament, json: bool) -> Result<(), CliError> {
    let v = TournamentDetailView::from(t);
    if json {
        return print_json(&v);
    }
    print_fields(&settings_lines(&v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn show_lists_time_with_its_class_and_the_play_settings() {
        let t = pb::Tournament {
            id: 1,
            revision: 4,
            registration_open: true,
            settings: Some(pb::TournamentSettings {
                name: "Main".into(),
                rounds: 6,
                pairing_system: "mcmahon".into(),
                komi_half: Some(13),
                time: Some(default_time()),
                time_class: "A".into(),
                adjusted_time_seconds: 6300,
                mcmahon: Some(pb::McMahonSetup {
                    bar: "3d".into(),
                    floor: "20k".into(),
                    ..Default::default()
                }),
                scoring: Some(pb::Scoring {
                    missed_rounds: "half".into(),
                    tiebreaks: vec!["mms".into(), "sos".into()],
                    prizes_cents: vec![30000, 15050],
                    double_entry: Some(true),
                    ..Default::default()
                }),
                ..Default::default()
            }),
        };
        let lines = settings_lines(&TournamentDetailView::from(&t));
        let get = |k: &str| {
            lines
                .iter()
                .find(|(key, _)| *key == k)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        assert_eq!(get("komi"), "6½");
        assert_eq!(
            get("time"),
            "canadian 60 min + 20 stones in 5 min (class A, adjusted 105 min)"
        );
        assert_eq!(get("mcmahon"), "bar 3d, floor 20k, supergroup none");
        assert_eq!(get("prizes"), "300.00, 150.50");
        assert_eq!(get("tie-breaks"), "mms, sos");
        assert_eq!(get("double entry"), "on");
        assert_eq!(get("forfeit after"), "30 min");
        // Draw choices left to the egf profile say what it does.
        assert_eq!(
            get("avoid same"),
            "club on (default), city off (default), country on (default)"
        );
        assert_eq!(
            get("seeding"),
            "random to round 2, then fold (default); floats down from the middle (default), up from the \
             middle (default)"
        );
        assert_eq!(get("never pair"), "none");
        assert_eq!(get("categories"), "none");
        assert_eq!(
            get("handicap"),
            "by MMS difference, above 1d counts as 1d, correction 1, at most 9"
        );
    }

    #[test]
    fn the_team_competition_shows_only_when_on() {
        let line = |scoring: pb::Scoring| {
            let t = pb::Tournament {
                settings: Some(pb::TournamentSettings {
                    scoring: Some(scoring),
                    ..Default::default()
                }),
                ..Default::default()
            };
            settings_lines(&TournamentDetailView::from(&t))
                .into_iter()
                .find(|(k, _)| *k == "team competition")
                .map(|(_, v)| v)
        };
        assert_eq!(line(default_scoring()), None);
        assert_eq!(
            line(pb::Scoring {
                team_counting: 3,
                team_prizes_cents: vec![10_000, 5_000],
                ..default_scoring()
            })
            .as_deref(),
            Some("best 3 members' wins; team prizes 100.00, 50.00")
        );
        assert_eq!(
            line(pb::Scoring {
                team_counting: 1,
                team_score: "mms".into(),
                ..default_scoring()
            })
            .as_deref(),
            Some("the best member's MMS; no team prizes")
        );
    }

    #[test]
    fn a_team_tournament_shows_its_boards_only_when_on() {
        let line = |scoring: pb::Scoring| {
            let t = pb::Tournament {
                settings: Some(pb::TournamentSettings {
                    scoring: Some(scoring),
                    ..Default::default()
                }),
                ..Default::default()
            };
            settings_lines(&TournamentDetailView::from(&t))
                .into_iter()
                .find(|(k, _)| *k == "team tournament")
                .map(|(_, v)| v)
        };
        assert_eq!(line(default_scoring()), None);
        assert_eq!(
            line(pb::Scoring {
                team_boards: 4,
                ..default_scoring()
            })
            .as_deref(),
            Some(
                "teams of 4 boards, paired as teams; placed by team points, board wins, boards 1-3, 1-2, 1, \
                 mean rating"
            )
        );
    }

    #[test]
    fn nigiri_shows_on_the_handicap_line() {
        let t = pb::Tournament {
            settings: Some(pb::TournamentSettings {
                nigiri: true,
                handicap: Some(pb::HandicapRule {
                    ceiling: 0,
                    ..default_handicap()
                }),
                ..Default::default()
            }),
            ..Default::default()
        };
        let lines = settings_lines(&TournamentDetailView::from(&t));
        let handicap = lines
            .iter()
            .find(|(k, _)| *k == "handicap")
            .map(|(_, v)| v.as_str());
        assert_eq!(handicap, Some("even games only; even games by nigiri"));
    }

    #[test]
    fn time_systems_read_as_words() {
        let view = |system: &str, periods, period_seconds, increment_seconds| TimeView {
            system: system.into(),
            basic_minutes: 40,
            period_seconds,
            stones: 0,
            periods,
            increment_seconds,
        };
        assert_eq!(
            time_text(&view("byo-yomi", 5, 30, 0)),
            "byo-yomi 40 min + 5 × 30 s"
        );
        assert_eq!(
            time_text(&view("fischer", 0, 0, 20)),
            "fischer 40 min + 20 s per move"
        );
        assert_eq!(
            time_text(&view("sudden-death", 0, 0, 0)),
            "sudden death 40 min"
        );
    }
}
