//! A tournament's settings as the settings form's text and back: the form's parts (one `<fieldset>` each) and
//! which systems have them, every field written out from the settings, and the settings read from what the
//! director sent. Typed values are read by the domain's readers (`setup::typed`, `PairingSystem::from_name`),
//! which name the field they refuse; whether the settings make a valid tournament is the domain's to decide on
//! the write. Pure: no state, no markup.
//!
//! A new part (the timetable, say) is a [`Part`] variant, its fields in [`values_of`] and [`read_part`], and its
//! fieldset in `view`.

use crate::domain::error::quote;
use crate::domain::setup::{
    typed, FloatFrom, HandicapSettings, MissedRule, Section, Seeding, Switch, TimeSystem,
};
use crate::domain::{PairingSystem, Rejected, TournamentSettings};
use crate::web::desk::fields::Values;
use crate::web::lang::Lang;
use std::str::FromStr;

/// The parts of the form, in the order shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// Name, system, rounds, dates, komi, first table.
    Basics,
    /// The time control.
    Time,
    /// Bar, floor, supergroup, sections.
    McMahon,
    /// The handicap rule, and nigiri for the even games.
    Handicap,
    /// The draw profile and its choices, never-pair.
    Draw,
    /// Groups (zones) drawn apart.
    Groups,
    /// Tie-breaks, categories, byes, missed rounds, result checking.
    Scoring,
    /// Prizes: by place, in sections, by wins, for juniors, below a rank, for improvement; one each or stacked.
    Prizes,
    /// The team competition: how many members count, what counts, the team prizes.
    Teams,
    /// Entry fees: the full fee, by rank, non-members, concessions, late entries, by the day; the levy.
    Fees,
    /// A ladder's reach and handicap, a self-paired event's meetings.
    Ladder,
}

impl Part {
    /// Every part, in order.
    pub const ALL: [Part; 11] = [
        Part::Basics,
        Part::Time,
        Part::McMahon,
        Part::Handicap,
        Part::Draw,
        Part::Groups,
        Part::Scoring,
        Part::Prizes,
        Part::Teams,
        Part::Fees,
        Part::Ladder,
    ];

    /// The fieldset's id, and the part's name in the form's `parts` list.
    pub fn id(self) -> &'static str {
        match self {
            Part::Basics => "basics",
            Part::Time => "time",
            Part::McMahon => "mcmahon",
            Part::Handicap => "handicap",
            Part::Draw => "draw",
            Part::Groups => "groups",
            Part::Scoring => "scoring",
            // Not "prizes": that is the place prizes' field, and an id is the page's once.
            Part::Prizes => "awards",
            Part::Teams => "teams",
            Part::Fees => "fees",
            Part::Ladder => "ladder",
        }
    }

    /// Does a tournament paired by `system` have this part? McMahon's set-up only McMahon; the draw's choices
    /// only the systems that pair by score groups; groups those not eliminating; a ladder's rules only ladders
    /// and self-paired events, which have no handicap rule of rounds.
    pub fn applies(self, system: PairingSystem) -> bool {
        match self {
            Part::Basics | Part::Time | Part::Scoring | Part::Prizes | Part::Fees => true,
            Part::McMahon => system == PairingSystem::McMahon,
            Part::Handicap => !system.unrounded(),
            Part::Draw => !system.own_rule(),
            Part::Groups => !system.eliminates() && !system.unrounded(),
            Part::Ladder => system.unrounded(),
            Part::Teams => !system.unrounded(),
        }
    }
}

/// The parts a tournament paired by `system` shows.
pub fn parts(system: PairingSystem) -> Vec<Part> {
    Part::ALL
        .into_iter()
        .filter(|p| p.applies(system))
        .collect()
}

/// Every field of the form, in the order shown.
pub const FIELDS: [&str; 71] = [
    "name",
    "system",
    "rounds",
    "start_date",
    "end_date",
    "komi",
    "first_table",
    "self_check_in",
    "time_system",
    "basic_minutes",
    "period_seconds",
    "stones",
    "periods",
    "increment_seconds",
    "bar",
    "floor",
    "supergroup",
    "sections",
    "section_step",
    "handicap_basis",
    "no_handicap_above",
    "handicap_correction",
    "handicap_ceiling",
    "even_at_bar",
    "nigiri",
    "profile",
    "bye_rule",
    "avoid_same_club",
    "avoid_same_city",
    "avoid_same_country",
    "seeding",
    "draw_down",
    "draw_up",
    "never_pair",
    "group_size",
    "tiebreaks",
    "prizes",
    "categories",
    "section_prizes",
    "bye_points",
    "missed_rounds",
    "double_entry",
    "player_results",
    "forfeit_minutes",
    "wins_prizes",
    "junior_prizes",
    "junior_born_from",
    "below_rank_prizes",
    "below_rank",
    "improvement_prizes",
    "prizes_stack",
    "team_boards",
    "team_counting",
    "team_score",
    "team_prizes",
    "fee_full",
    "fee_bands",
    "fee_non_member",
    "fee_junior_off",
    "fee_student_off",
    "fee_senior_off",
    "fee_late",
    "late_after",
    "fee_per_day",
    "latecomers_by_day",
    "levy_full",
    "levy_member",
    "levy_concession",
    "reach",
    "rungs_per_stone",
    "max_meetings",
];

/// Every field of the form, written out from `s` as the director would type it.
pub fn values_of(s: &TournamentSettings) -> Values {
    let mut v = Values::default();
    let rank = |r: Option<crate::domain::Rank>| r.map(|r| r.to_string()).unwrap_or_default();
    let list = |items: Vec<String>| items.join(", ");
    let amounts = |cents: &[i64]| {
        list(
            cents
                .iter()
                .map(|c| tengen_text::read::amount_text(*c))
                .collect(),
        )
    };
    v.set("name", &s.name);
    v.set("system", s.system.as_str());
    v.set("rounds", s.rounds.to_string());
    v.set("start_date", &s.start_date);
    v.set("end_date", &s.end_date);
    v.set("komi", tengen_text::decimal_halves(i64::from(s.komi_half)));
    v.set("first_table", s.draw.first_table.to_string());
    let t = &s.time;
    v.set("time_system", t.system.as_str());
    v.set("basic_minutes", t.basic_minutes.to_string());
    v.set("period_seconds", t.period_seconds.to_string());
    v.set("stones", t.stones.to_string());
    v.set("periods", t.periods.to_string());
    v.set("increment_seconds", t.increment_seconds.to_string());
    let m = &s.mcmahon;
    v.set("bar", rank(m.bar));
    v.set("floor", rank(m.floor));
    v.set("supergroup", rank(m.supergroup));
    v.set(
        "sections",
        list(m.sections.iter().map(|s| s.lowest.to_string()).collect()),
    );
    v.set("section_step", m.section_step.to_string());
    let h = &s.handicap;
    v.set(
        "handicap_basis",
        if h.based_on_mms { "mms" } else { "rank" },
    );
    v.set("no_handicap_above", h.no_handicap_above.to_string());
    v.set("handicap_correction", h.correction.to_string());
    v.set("handicap_ceiling", h.ceiling.to_string());
    v.set_box("even_at_bar", h.even_at_bar);
    v.set_box("nigiri", s.nigiri);
    let d = &s.draw;
    v.set("profile", d.profile.as_str());
    v.set("bye_rule", d.bye.as_str());
    v.set("avoid_same_club", d.avoid_same_club.as_str());
    v.set("avoid_same_city", d.avoid_same_city.as_str());
    v.set("avoid_same_country", d.avoid_same_country.as_str());
    v.set("seeding", d.seeding.map_or("default", Seeding::as_str));
    v.set(
        "draw_down",
        d.draw_down.map_or("default", FloatFrom::as_str),
    );
    v.set("draw_up", d.draw_up.map_or("default", FloatFrom::as_str));
    v.set(
        "never_pair",
        list(
            d.never_pair
                .iter()
                .map(|(a, b)| format!("{a}-{b}"))
                .collect(),
        ),
    );
    v.set("group_size", d.group_size.to_string());
    let sc = &s.scoring;
    v.set("tiebreaks", list(sc.tiebreaks.clone()));
    v.set("prizes", amounts(&sc.prizes_cents));
    v.set(
        "categories",
        list(sc.categories.iter().map(ToString::to_string).collect()),
    );
    v.set("section_prizes", amounts(&sc.section_prizes_cents));
    v.set(
        "bye_points",
        tengen_text::decimal_halves(i64::from(sc.bye_half_points)),
    );
    v.set("missed_rounds", sc.missed.as_str());
    v.set_box("double_entry", sc.double_entry);
    v.set_box("player_results", s.players.report_results);
    v.set_box("self_check_in", s.players.self_check_in);
    v.set("forfeit_minutes", sc.forfeit_minutes.to_string());
    v.set("wins_prizes", typed::wins_prizes_text(&sc.wins_prizes));
    v.set("junior_prizes", amounts(&sc.junior_prizes_cents));
    v.set(
        "junior_born_from",
        sc.junior_born_from
            .map(|y| y.to_string())
            .unwrap_or_default(),
    );
    v.set("below_rank_prizes", amounts(&sc.below_rank_prizes_cents));
    v.set("below_rank", rank(sc.below_rank));
    v.set("improvement_prizes", amounts(&sc.improvement_prizes_cents));
    v.set_box("prizes_stack", sc.prizes_stack);
    v.set("team_boards", sc.team_boards.to_string());
    v.set("team_counting", sc.team_counting.to_string());
    v.set("team_score", sc.team_score.as_str());
    v.set("team_prizes", amounts(&sc.team_prizes_cents));
    let fees = &s.fees;
    let amount = |c: i64| tengen_text::read::amount_text(c);
    v.set("fee_full", amount(fees.full_cents));
    v.set("fee_bands", typed::fee_bands_text(&fees.bands));
    v.set("fee_non_member", amount(fees.non_member_cents));
    v.set("fee_junior_off", amount(fees.junior_off_cents));
    v.set("fee_student_off", amount(fees.student_off_cents));
    v.set("fee_senior_off", amount(fees.senior_off_cents));
    v.set("fee_late", amount(fees.late_cents));
    v.set("late_after", &fees.late_after);
    v.set("fee_per_day", amount(fees.day_cents));
    v.set_box("latecomers_by_day", fees.latecomers_by_day);
    v.set("levy_full", amount(fees.levy.full_cents));
    v.set("levy_member", amount(fees.levy.member_cents));
    v.set("levy_concession", amount(fees.levy.concession_cents));
    v.set("reach", s.ladder.reach.to_string());
    v.set("rungs_per_stone", s.ladder.rungs_per_stone.to_string());
    v.set("max_meetings", s.ladder.max_meetings.to_string());
    v
}

/// The settings the form asks for: `base` (what is saved) with each part the form carried (its `parts` list)
/// read from `v`; a part the form did not carry keeps its saved values. The first value that does not read is
/// refused, naming its field.
pub fn read(v: &Values, base: &TournamentSettings) -> Result<TournamentSettings, Rejected> {
    let mut s = base.clone();
    let sent: Vec<&str> = v.get("parts").split(',').map(str::trim).collect();
    for part in Part::ALL.into_iter().filter(|p| sent.contains(&p.id())) {
        read_part(part, v, &mut s)?;
    }
    Ok(s)
}

/// Reads one part's fields into `s`.
fn read_part(part: Part, v: &Values, s: &mut TournamentSettings) -> Result<(), Rejected> {
    match part {
        Part::Basics => {
            s.name = v.get("name").trim().to_string();
            s.system = PairingSystem::from_name(v.get("system"))?;
            if v.has("rounds") {
                s.rounds = number(v, "rounds")?;
            }
            if v.has("first_table") {
                s.draw.first_table = number(v, "first_table")?;
            }
            s.start_date = v.get("start_date").trim().to_string();
            s.end_date = v.get("end_date").trim().to_string();
            s.komi_half = typed::points("komi", v.get("komi"))?;
            s.players.self_check_in = v.ticked("self_check_in");
        }
        Part::Time => {
            let t = &mut s.time;
            t.system = typed::time_system(v.get("time_system"))?;
            t.basic_minutes = number(v, "basic_minutes")?;
            t.period_seconds = number(v, "period_seconds")?;
            t.stones = number(v, "stones")?;
            t.periods = number(v, "periods")?;
            t.increment_seconds = number(v, "increment_seconds")?;
        }
        Part::McMahon => {
            let m = &mut s.mcmahon;
            m.bar = typed::optional_rank("bar", v.get("bar"))?;
            m.floor = typed::optional_rank("floor", v.get("floor"))?;
            m.supergroup = typed::optional_rank("supergroup", v.get("supergroup"))?;
            m.sections = typed::ranks("sections", v.get("sections"))?
                .into_iter()
                .map(|lowest| Section { lowest })
                .collect();
            m.section_step = number(v, "section_step")?;
        }
        Part::Handicap => {
            s.handicap = HandicapSettings {
                based_on_mms: v.get("handicap_basis") != "rank",
                no_handicap_above: typed::rank("no_handicap_above", v.get("no_handicap_above"))?,
                correction: number(v, "handicap_correction")?,
                ceiling: number(v, "handicap_ceiling")?,
                even_at_bar: v.ticked("even_at_bar"),
            };
            s.nigiri = v.ticked("nigiri");
        }
        Part::Draw => read_draw(v, s)?,
        Part::Groups => s.draw.group_size = number(v, "group_size")?,
        Part::Scoring => {
            let sc = &mut s.scoring;
            sc.tiebreaks = typed::tiebreaks(v.get("tiebreaks"))?;
            sc.categories = typed::ranks("categories", v.get("categories"))?;
            if v.has("bye_points") {
                sc.bye_half_points = typed::points("bye_points", v.get("bye_points"))?;
            }
            sc.missed = typed::missed(v.get("missed_rounds"))?;
            sc.double_entry = v.ticked("double_entry");
            s.players.report_results = v.ticked("player_results");
            sc.forfeit_minutes = number(v, "forfeit_minutes")?;
        }
        Part::Prizes => {
            let sc = &mut s.scoring;
            sc.prizes_cents = typed::amounts("prizes", v.get("prizes"))?;
            sc.section_prizes_cents = typed::amounts("section_prizes", v.get("section_prizes"))?;
            sc.wins_prizes = typed::wins_prizes(v.get("wins_prizes"))?;
            sc.junior_prizes_cents = typed::amounts("junior_prizes", v.get("junior_prizes"))?;
            sc.junior_born_from =
                typed::optional_year("junior_born_from", v.get("junior_born_from"))?;
            sc.below_rank_prizes_cents =
                typed::amounts("below_rank_prizes", v.get("below_rank_prizes"))?;
            sc.below_rank = typed::optional_rank("below_rank", v.get("below_rank"))?;
            sc.improvement_prizes_cents =
                typed::amounts("improvement_prizes", v.get("improvement_prizes"))?;
            sc.prizes_stack = v.ticked("prizes_stack");
        }
        Part::Teams => {
            let sc = &mut s.scoring;
            sc.team_boards = number(v, "team_boards")?;
            sc.team_counting = number(v, "team_counting")?;
            sc.team_score = typed::choice(
                "team_score",
                v.get("team_score"),
                "wins or mms",
                crate::domain::setup::TeamScore::parse,
            )?
            .unwrap_or_default();
            sc.team_prizes_cents = typed::amounts("team_prizes", v.get("team_prizes"))?;
        }
        Part::Fees => {
            let f = &mut s.fees;
            let amount = |name: &'static str| typed::amount(name, v.get(name));
            f.full_cents = amount("fee_full")?;
            f.bands = typed::fee_bands(v.get("fee_bands"))?;
            f.non_member_cents = amount("fee_non_member")?;
            f.junior_off_cents = amount("fee_junior_off")?;
            f.student_off_cents = amount("fee_student_off")?;
            f.senior_off_cents = amount("fee_senior_off")?;
            f.late_cents = amount("fee_late")?;
            f.late_after = v.get("late_after").trim().to_string();
            f.day_cents = amount("fee_per_day")?;
            f.latecomers_by_day = v.ticked("latecomers_by_day");
            f.levy.full_cents = amount("levy_full")?;
            f.levy.member_cents = amount("levy_member")?;
            f.levy.concession_cents = amount("levy_concession")?;
        }
        Part::Ladder => {
            s.ladder.reach = number(v, "reach")?;
            s.ladder.rungs_per_stone = number(v, "rungs_per_stone")?;
            s.ladder.max_meetings = number(v, "max_meetings")?;
        }
    }
    Ok(())
}

/// The draw's profile, bye rule, switches, seeding, floats and never-pair list.
fn read_draw(v: &Values, s: &mut TournamentSettings) -> Result<(), Rejected> {
    let d = &mut s.draw;
    d.profile = crate::domain::setup::DrawProfile::from_name(v.get("profile"))?;
    d.bye = crate::domain::setup::ByeRule::from_name(v.get("bye_rule"))?;
    d.avoid_same_club = typed::switch("avoid_same_club", v.get("avoid_same_club"))?;
    d.avoid_same_city = typed::switch("avoid_same_city", v.get("avoid_same_city"))?;
    d.avoid_same_country = typed::switch("avoid_same_country", v.get("avoid_same_country"))?;
    let floats = "top, middle or bottom";
    d.seeding = typed::choice(
        "seeding",
        v.get("seeding"),
        "fold, slip, random or adjacent",
        Seeding::parse,
    )?;
    d.draw_down = typed::choice("draw_down", v.get("draw_down"), floats, FloatFrom::parse)?;
    d.draw_up = typed::choice("draw_up", v.get("draw_up"), floats, FloatFrom::parse)?;
    d.never_pair = typed::never_pairs(v.get("never_pair"))?;
    Ok(())
}

/// A whole number typed in field `name`.
fn number<T: FromStr>(v: &Values, name: &'static str) -> Result<T, Rejected> {
    let text = v.get(name).trim();
    text.parse().map_err(|_| {
        Rejected::invalid(
            name,
            format!("{} is not a whole number in range", quote(text)),
        )
    })
}

/// The time systems offered, as `(value, label)`.
pub const TIME_SYSTEMS: [(TimeSystem, &str); 5] = [
    (TimeSystem::Canadian, "Canadian overtime"),
    (TimeSystem::ByoYomi, "Byo-yomi (Japanese)"),
    (TimeSystem::Fischer, "Fischer increment"),
    (TimeSystem::MiltonKeynes, "Milton Keynes (BGA)"),
    (TimeSystem::SuddenDeath, "Sudden death"),
];

/// The credits for a missed round offered, as `(value, label)`.
pub const MISSED: [(MissedRule, &str); 3] = [
    (MissedRule::Half, "½ point per missed round (Mays)"),
    (MissedRule::OnePerTwo, "1 point per two missed rounds (BGA)"),
    (MissedRule::Nothing, "nothing"),
];

/// A switch's choices, the profile's default first.
pub fn switch_choices(l: Lang, default_on: bool) -> [(&'static str, String); 3] {
    [
        (
            Switch::Default.as_str(),
            crate::tr!(
                l,
                "settings-switch-profile",
                on = if default_on { "on" } else { "off" }
            ),
        ),
        (Switch::On.as_str(), l.t("settings-on")),
        (Switch::Off.as_str(), l.t("settings-off")),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_parts(v: &mut Values) {
        let ids: Vec<&str> = Part::ALL.iter().map(|p| p.id()).collect();
        v.set("parts", ids.join(","));
    }

    #[test]
    fn the_settings_read_back_from_their_own_form_unchanged() {
        for system in PairingSystem::ALL {
            let s = TournamentSettings::new("Main", system, 5);
            let mut v = values_of(&s);
            all_parts(&mut v);
            assert_eq!(read(&v, &s), Ok(s.clone()), "{system:?}");
        }
    }

    #[test]
    fn typed_values_become_settings() {
        let base = TournamentSettings::new("Main", PairingSystem::McMahon, 5);
        let mut v = values_of(&base);
        v.set("parts", "basics,mcmahon,scoring,awards");
        v.set("komi", "7½");
        v.set("bar", "3D");
        v.set("prizes", "100, 50, 25");
        v.set("tiebreaks", "mms, sodos");
        v.set("time_system", "blitz");
        v.set("wins_prizes", "4: 20, 3½: 10.50");
        v.set("junior_prizes", "30");
        v.set("junior_born_from", " 2009 ");
        v.set("below_rank", "10K");
        v.set("below_rank_prizes", "15");
        v.set("prizes_stack", "on");
        let s = read(&v, &base).expect("reads");
        let sc = &s.scoring;
        assert_eq!(
            sc.wins_prizes
                .iter()
                .map(|w| (w.wins_half, w.cents))
                .collect::<Vec<_>>(),
            vec![(8, 2_000), (7, 1_050)]
        );
        assert_eq!(
            (sc.junior_prizes_cents.clone(), sc.junior_born_from),
            (vec![3_000], Some(2009))
        );
        assert_eq!(sc.below_rank.map(|r| r.to_string()).as_deref(), Some("10k"));
        assert!(sc.prizes_stack);
        assert_eq!(values_of(&s).get("wins_prizes"), "4: 20, 3½: 10.50");
        assert_eq!(s.komi_half, 15);
        assert_eq!(s.mcmahon.bar.map(|r| r.to_string()).as_deref(), Some("3d"));
        assert_eq!(s.scoring.prizes_cents, vec![10_000, 5_000, 2_500]);
        assert_eq!(s.scoring.tiebreaks, vec!["mms", "sodos"]);
        assert_eq!(s.time, base.time, "a part not sent keeps its saved values");
    }

    #[test]
    fn nigiri_is_a_box_of_the_handicap_part() {
        let base = TournamentSettings::new("Main", PairingSystem::McMahon, 5);
        let mut v = values_of(&base);
        v.set("parts", "handicap");
        v.set("nigiri", "on");
        assert!(read(&v, &base).expect("reads").nigiri);
        let mut v = values_of(&TournamentSettings {
            nigiri: true,
            ..base.clone()
        });
        v.set("parts", "basics");
        v.set("nigiri", "");
        assert!(
            read(
                &v,
                &TournamentSettings {
                    nigiri: true,
                    ..base
                }
            )
            .expect("reads")
            .nigiri,
            "the box is read with its part only"
        );
    }

    #[test]
    fn a_value_that_does_not_read_is_refused_by_its_field() {
        let base = TournamentSettings::new("Main", PairingSystem::McMahon, 5);
        for (field, bad) in [
            ("komi", "six"),
            ("rounds", "five"),
            ("bar", "9x"),
            ("tiebreaks", "mms, sox"),
            ("prizes", "lots"),
            ("wins_prizes", "4 20"),
            ("junior_born_from", "last year"),
            ("below_rank", "weak"),
            ("never_pair", "3-3"),
            ("handicap_ceiling", "300"),
        ] {
            let mut v = values_of(&base);
            all_parts(&mut v);
            v.set(field, bad);
            match read(&v, &base) {
                Err(Rejected::Invalid { field: named, .. }) => assert_eq!(named, field),
                other => panic!("{field} = {bad:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn every_field_written_is_listed() {
        let v = values_of(&TournamentSettings::default());
        let mut written: Vec<&str> = FIELDS.iter().copied().filter(|f| v.has(f)).collect();
        written.extend(
            [
                "even_at_bar",
                "nigiri",
                "double_entry",
                "player_results",
                "self_check_in",
                "prizes_stack",
                "latecomers_by_day",
            ]
            .iter()
            .filter(|f| !v.has(f)),
        );
        assert_eq!(written.len(), FIELDS.len());
    }

    #[test]
    fn each_system_shows_its_own_parts() {
        let ids = |s| {
            parts(s)
                .iter()
                .map(|p| p.id())
                .collect::<Vec<_>>()
                .join(",")
        };
        assert_eq!(
            ids(PairingSystem::McMahon),
            "basics,time,mcmahon,handicap,draw,groups,scoring,awards,teams,fees"
        );
        assert_eq!(
            ids(PairingSystem::Swiss),
            "basics,time,handicap,draw,groups,scoring,awards,teams,fees"
        );
        assert_eq!(
            ids(PairingSystem::Knockout),
            "basics,time,handicap,scoring,awards,teams,fees"
        );
        assert_eq!(
            ids(PairingSystem::Ladder),
            "basics,time,scoring,awards,fees,ladder"
        );
    }
}
