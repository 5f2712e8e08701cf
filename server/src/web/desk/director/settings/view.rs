//! The settings form's fieldsets: each field with its one-line explanation and its default for the tournament's
//! system ("Default: 6½"), the settings play has made final shown read-only with the reason, and the BGA bar
//! suggestion applied by one button. Pure markup from the values in the fields; `form` reads them back.

use super::form::{switch_choices, Part, MISSED, TIME_SYSTEMS};
use crate::domain::decide::FixedSetting;
use crate::domain::setup::{DrawProfile, DrawSettings};
use crate::domain::{PairingSystem, Rank, TournamentSettings};
use crate::tr;
use crate::web::desk::event::system_name_in;
use crate::web::desk::fields::{Attrs, Shown, Values};
use maud::{html, Markup};

/// What the fieldsets need besides the values in the fields.
pub struct Context<'a> {
    /// The values in the fields, what is saved meanwhile, the field refused.
    pub shown: Shown<'a>,
    /// The saved settings (their system decides the parts shown).
    pub saved: &'a TournamentSettings,
    /// The defaults of the saved system, written out as the form would show them.
    pub defaults: &'a Values,
    /// The settings play has made final.
    pub fixed: &'a [FixedSetting],
    /// The BGA guideline's bar for the players checked in, and how many start at it or above.
    pub suggestion: Option<(Rank, u32)>,
}

impl Context<'_> {
    /// `name`'s default as the form shows it.
    fn default(&self, name: &str) -> &str {
        self.defaults.get(name)
    }

    /// Why `name` can no longer change, if it cannot.
    fn fixed(&self, name: &str) -> Option<&FixedSetting> {
        self.fixed.iter().find(|f| f.field == name)
    }
}

/// The fieldset of `part`.
pub fn fieldset(c: &Context, part: Part) -> Markup {
    let (legend, fields) = match part {
        Part::Basics => ("settings-part-basics", basics(c)),
        Part::Time => ("settings-part-time", time(c)),
        Part::McMahon => ("settings-part-mcmahon", mcmahon(c)),
        Part::Handicap => ("settings-part-handicap", handicap(c)),
        Part::Draw => ("settings-part-draw", draw(c)),
        Part::Groups => ("settings-part-groups", groups(c)),
        Part::Scoring => ("settings-part-scoring", scoring(c)),
        Part::Prizes => ("settings-part-prizes", prizes(c)),
        Part::Teams => ("settings-part-teams", teams(c)),
        Part::Fees => ("settings-part-fees", fees(c)),
        Part::Ladder => ("settings-part-ladder", ladder(c)),
    };
    html! {
        fieldset id=(part.id()) {
            legend { (c.shown.lang.t(legend)) }
            (fields)
        }
    }
}

fn basics(c: &Context) -> Markup {
    let f = &c.shown;
    let l = f.lang;
    let system = c.saved.system;
    let names: Vec<(&str, String)> = PairingSystem::ALL
        .iter()
        .map(|s| (s.as_str(), system_name_in(l, *s)))
        .collect();
    let systems: Vec<(&str, &str)> = names.iter().map(|(v, n)| (*v, n.as_str())).collect();
    html! {
        (f.text("name", &l.t("settings-name"), "text", Attrs::text(100).required(),
            &l.t("settings-name-note")))
        @if let Some(fixed) = c.fixed("system") {
            (f.fixed("system", &l.t("settings-system"), system.as_str(), &system_name_in(l, system), &fixed.reason))
        } @else {
            (f.select("system", &l.t("settings-system"), &systems,
                &l.t("settings-system-note")))
        }
        @if !system.unrounded() {
            (f.text("rounds", &l.t("settings-rounds"), "number", Attrs::number(1, 20).required(),
                &l.t("settings-rounds-note")))
        }
        (f.text("start_date", &l.t("settings-start-date"), "date", Attrs::default(),
            &l.t("settings-start-date-note")))
        (f.text("end_date", &l.t("settings-end-date"), "date", Attrs::default(),
            &l.t("settings-end-date-note")))
        (f.text("komi", &l.t("settings-komi"), "text", Attrs { inputmode: Some("decimal"), ..Attrs::text(8) },
            &tr!(l, "settings-komi-note", default = halves(c.default("komi")))))
        @if !system.unrounded() {
            (f.text("first_table", &l.t("settings-first-table"), "number", Attrs::number(1, 10_000),
                &l.t("settings-first-table-note")))
        }
        (f.check("self_check_in", &l.t("settings-self-check-in"),
            &l.t("settings-self-check-in-note")))
    }
}

fn time(c: &Context) -> Markup {
    let f = &c.shown;
    let l = f.lang;
    let names: Vec<(&str, String)> = TIME_SYSTEMS
        .iter()
        .map(|(s, _)| {
            (
                s.as_str(),
                tr!(l, "settings-time-name", system = s.as_str()),
            )
        })
        .collect();
    let systems: Vec<(&str, &str)> = names.iter().map(|(v, n)| (*v, n.as_str())).collect();
    let class = c.saved.time.class();
    html! {
        (f.select("time_system", &l.t("settings-time-system"), &systems,
            &l.t("settings-time-system-note")))
        (f.text("basic_minutes", &l.t("settings-basic-minutes"), "number", Attrs::number(0, 600),
            &l.t("settings-basic-minutes-note")))
        (f.text("period_seconds", &l.t("settings-period-seconds"), "number", Attrs::number(0, 7_200),
            &l.t("settings-period-seconds-note")))
        (f.text("stones", &l.t("settings-stones"), "number", Attrs::number(0, 100),
            &l.t("settings-stones-note")))
        (f.text("periods", &l.t("settings-periods"), "number", Attrs::number(0, 30),
            &l.t("settings-periods-note")))
        (f.text("increment_seconds", &l.t("settings-increment-seconds"), "number", Attrs::number(0, 600),
            &l.t("settings-increment-seconds-note")))
        p .note #time-class { (crate::web::desk::slot_in(&tr!(l, "settings-time-class", class = crate::web::desk::SLOT,
            minutes = c.saved.time.adjusted_seconds() / 60), html! { strong { (class.as_str()) } })) }
    }
}

fn mcmahon(c: &Context) -> Markup {
    let f = &c.shown;
    let l = f.lang;
    let rank = Attrs::text(4);
    html! {
        (f.text("bar", &l.t("settings-bar"), "text", rank,
            &l.t("settings-bar-note")))
        (suggestion(c))
        (f.text("floor", &l.t("settings-floor"), "text", rank,
            &l.t("settings-floor-note")))
        (f.text("supergroup", &l.t("settings-supergroup"), "text", rank,
            &l.t("settings-supergroup-note")))
        (f.text("sections", &l.t("settings-sections"), "text", Attrs::text(200),
            &l.t("settings-sections-note")))
        (f.text("section_step", &l.t("settings-section-step"), "number", Attrs::number(0, 10),
            &l.t("settings-section-step-note")))
    }
}

/// The BGA guideline's bar for the players checked in, with the button that sets it and saves.
fn suggestion(c: &Context) -> Markup {
    let l = c.shown.lang;
    html! {
        @match c.suggestion {
            Some((rank, top)) => p .suggest #bar-suggestion {
                span { (crate::web::desk::slot_in(&tr!(l, "settings-bga-bar", rank = crate::web::desk::SLOT, top = top),
                    html! { strong { (rank) } })) }
                " "
                button .big type="submit" name="use_bar" value=(rank) { (tr!(l, "settings-use-bar", rank = rank.to_string())) }
            },
            None => p .note #bar-suggestion {
                (l.t("settings-bga-later"))
            },
        }
    }
}

fn handicap(c: &Context) -> Markup {
    let f = &c.shown;
    let l = f.lang;
    let (mms, rank) = (l.t("settings-basis-mms"), l.t("settings-basis-rank"));
    let basis = [("mms", mms.as_str()), ("rank", rank.as_str())];
    html! {
        (f.select("handicap_basis", &l.t("settings-handicap-basis"), &basis,
            &l.t("settings-handicap-basis-note")))
        (f.text("no_handicap_above", &l.t("settings-no-handicap-above"), "text", Attrs::text(4),
            &tr!(l, "settings-no-handicap-above-note", default = c.default("no_handicap_above"))))
        (f.text("handicap_correction", &l.t("settings-handicap-correction"), "number", Attrs::number(-3, 3),
            &l.t("settings-handicap-correction-note")))
        (f.text("handicap_ceiling", &l.t("settings-handicap-ceiling"), "number", Attrs::number(0, 9),
            &l.t("settings-handicap-ceiling-note")))
        (f.check("even_at_bar", &l.t("settings-even-at-bar"),
            &l.t("settings-even-at-bar-note")))
        (f.check("nigiri", &l.t("settings-nigiri"),
            &l.t("settings-nigiri-note")))
    }
}

fn draw(c: &Context) -> Markup {
    let f = &c.shown;
    let l = f.lang;
    let system = c.saved.system;
    let profile = DrawProfile::from_name(f.typed.get("profile")).unwrap_or_default();
    let geo = DrawSettings {
        profile,
        ..DrawSettings::default()
    }
    .geography(system);
    let (club, city, country) = (
        switch_choices(l, geo.club),
        switch_choices(l, geo.city),
        switch_choices(l, geo.country),
    );
    let words = |ids: &[(&'static str, &str)]| -> Vec<(&'static str, String)> {
        ids.iter().map(|(v, id)| (*v, l.t(id))).collect()
    };
    let seeding = words(&[
        ("default", "settings-as-profile"),
        ("fold", "settings-seeding-fold"),
        ("slip", "settings-seeding-slip"),
        ("random", "settings-seeding-random"),
        ("adjacent", "settings-seeding-adjacent"),
    ]);
    let floats = words(&[
        ("default", "settings-as-profile"),
        ("top", "settings-float-top"),
        ("middle", "settings-float-middle"),
        ("bottom", "settings-float-bottom"),
    ]);
    let profiles = words(&[
        ("egf", "settings-profile-egf"),
        ("mays", "settings-profile-mays"),
    ]);
    let byes = words(&[
        ("egf", "settings-profile-egf"),
        ("mays", "settings-bye-mays"),
    ]);
    let (seeding, floats, profiles, byes) = (
        choices(&seeding),
        choices(&floats),
        choices(&profiles),
        choices(&byes),
    );
    html! {
        (f.select("profile", &l.t("settings-profile"), &profiles,
            &l.t("settings-profile-note")))
        (f.select("bye_rule", &l.t("settings-bye-rule"), &byes,
            &l.t("settings-bye-rule-note")))
        (switch(f, "avoid_same_club", &l.t("settings-avoid-same-club"), &club,
            &l.t("settings-avoid-same-club-note")))
        (switch(f, "avoid_same_city", &l.t("settings-avoid-same-city"), &city,
            &l.t("settings-avoid-same-city-note")))
        (switch(f, "avoid_same_country", &l.t("settings-avoid-same-country"), &country,
            &l.t("settings-avoid-same-country-note")))
        (f.select("seeding", &l.t("settings-seeding"), &seeding,
            &l.t("settings-seeding-note")))
        (f.select("draw_down", &l.t("settings-draw-down"), &floats,
            &l.t("settings-draw-down-note")))
        (f.select("draw_up", &l.t("settings-draw-up"), &floats,
            &l.t("settings-draw-up-note")))
        (f.text("never_pair", &l.t("settings-never-pair"), "text", Attrs::text(2_000),
            &l.t("settings-never-pair-note")))
    }
}

/// Worded choices as the form's `(value, label)` pairs.
fn choices<'a>(v: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    v.iter().map(|(a, b)| (*a, b.as_str())).collect()
}

/// A switch left to the profile, or on, or off.
fn switch(
    f: &Shown,
    name: &str,
    label: &str,
    choices: &[(&'static str, String); 3],
    what: &str,
) -> Markup {
    let refs: Vec<(&str, &str)> = choices.iter().map(|(v, l)| (*v, l.as_str())).collect();
    f.select(
        name,
        label,
        &refs,
        &tr!(
            f.lang,
            "settings-switch-note",
            what = what,
            default = &choices[0].1
        ),
    )
}

fn groups(c: &Context) -> Markup {
    let f = &c.shown;
    let l = f.lang;
    let size = c.saved.draw.group_size;
    html! {
        @if let Some(fixed) = c.fixed("group_size") {
            (f.fixed("group_size", &l.t("settings-group-size"), &size.to_string(),
                &tr!(l, "settings-groups-of", size = size), &fixed.reason))
        } @else {
            (f.text("group_size", &l.t("settings-group-size"), "number", Attrs::number(0, 1_000),
                &l.t("settings-group-size-note")))
        }
    }
}

fn scoring(c: &Context) -> Markup {
    let f = &c.shown;
    let l = f.lang;
    let names: Vec<(&str, String)> = MISSED
        .iter()
        .map(|(m, _)| {
            (
                m.as_str(),
                tr!(l, "settings-missed-name", rule = m.as_str()),
            )
        })
        .collect();
    let missed: Vec<(&str, &str)> = names.iter().map(|(v, n)| (*v, n.as_str())).collect();
    let unrounded = c.saved.system.unrounded();
    html! {
        (f.text("tiebreaks", &l.t("settings-tiebreaks"), "text", Attrs::text(200),
            &tr!(l, "settings-tiebreaks-note", default = c.default("tiebreaks"))))
        (f.text("categories", &l.t("settings-categories"), "text", Attrs::text(200),
            &l.t("settings-categories-note")))
        @if !unrounded {
            (f.text("bye_points", &l.t("settings-bye-points"), "text", Attrs { inputmode: Some("decimal"), ..Attrs::text(4) },
                &tr!(l, "settings-bye-points-note", default = c.default("bye_points"))))
            (f.select("missed_rounds", &l.t("settings-missed-rounds"), &missed,
                &l.t("settings-missed-rounds-note")))
        }
        (f.check("double_entry", &l.t("settings-double-entry"),
            &l.t("settings-double-entry-note")))
        (f.check("player_results", &l.t("settings-player-results"),
            &l.t("settings-player-results-note")))
        (f.text("forfeit_minutes", &l.t("settings-forfeit-minutes"), "number", Attrs::number(0, 600),
            &l.t("settings-forfeit-minutes-note")))
    }
}

/// The prizes: by place and in each section, then the special prizes (BGA handbook 7.5), and whether a player
/// may take more than one.
fn prizes(c: &Context) -> Markup {
    let f = &c.shown;
    let l = f.lang;
    let money = || Attrs {
        inputmode: Some("decimal"),
        ..Attrs::text(2_000)
    };
    html! {
        (f.text("prizes", &l.t("settings-prizes"), "text", money(), &l.t("settings-prizes-note")))
        (f.text("section_prizes", &l.t("settings-section-prizes"), "text", money(),
            &l.t("settings-section-prizes-note")))
        (f.text("wins_prizes", &l.t("settings-wins-prizes"), "text", Attrs::text(400),
            &l.t("settings-wins-prizes-note")))
        (f.text("junior_prizes", &l.t("settings-junior-prizes"), "text", money(),
            &l.t("settings-junior-prizes-note")))
        (f.text("junior_born_from", &l.t("settings-junior-born-from"), "text",
            Attrs { inputmode: Some("numeric"), ..Attrs::text(4) },
            &l.t("settings-junior-born-from-note")))
        (f.text("below_rank_prizes", &l.t("settings-below-rank-prizes"), "text", money(),
            &l.t("settings-below-rank-prizes-note")))
        (f.text("below_rank", &l.t("settings-below-rank"), "text", Attrs::text(10),
            &l.t("settings-below-rank-note")))
        (f.text("improvement_prizes", &l.t("settings-improvement-prizes"), "text", money(),
            &l.t("settings-improvement-prizes-note")))
        (f.check("prizes_stack", &l.t("settings-prizes-stack"), &l.t("settings-prizes-stack-note")))
    }
}

/// Teams: a team tournament's boards, or the team competition (BGA handbook 7.5): how many of a team's members
/// count, what counts; the team prizes of either.
fn teams(c: &Context) -> Markup {
    let f = &c.shown;
    let l = f.lang;
    let wins = l.t("settings-team-score-wins");
    let mms = l.t("settings-team-score-mms");
    let scores = [("wins", wins.as_str()), ("mms", mms.as_str())];
    html! {
        (f.text("team_boards", &l.t("settings-team-boards"), "number", Attrs::number(0, 10),
            &l.t("settings-team-boards-note")))
        (f.text("team_counting", &l.t("settings-team-counting"), "number", Attrs::number(0, 10),
            &l.t("settings-team-counting-note")))
        (f.select("team_score", &l.t("settings-team-score"), &scores, &l.t("settings-team-score-note")))
        (f.text("team_prizes", &l.t("settings-team-prizes"), "text",
            Attrs { inputmode: Some("decimal"), ..Attrs::text(400) }, &l.t("settings-team-prizes-note")))
    }
}

fn fees(c: &Context) -> Markup {
    let f = &c.shown;
    let l = f.lang;
    let money = || Attrs {
        inputmode: Some("decimal"),
        ..Attrs::text(12)
    };
    html! {
        (f.text("fee_full", &l.t("settings-fee-full"), "text", money(), &l.t("settings-fee-full-note")))
        (f.text("fee_bands", &l.t("settings-fee-bands"), "text", Attrs::text(400),
            &l.t("settings-fee-bands-note")))
        (f.text("fee_non_member", &l.t("settings-fee-non-member"), "text", money(),
            &l.t("settings-fee-non-member-note")))
        (f.text("fee_junior_off", &l.t("settings-fee-junior-off"), "text", money(),
            &l.t("settings-fee-off-note")))
        (f.text("fee_student_off", &l.t("settings-fee-student-off"), "text", money(),
            &l.t("settings-fee-off-note")))
        (f.text("fee_senior_off", &l.t("settings-fee-senior-off"), "text", money(),
            &l.t("settings-fee-off-note")))
        (f.text("fee_late", &l.t("settings-fee-late"), "text", money(), &l.t("settings-fee-late-note")))
        (f.text("late_after", &l.t("settings-late-after"), "date", Attrs::text(10),
            &l.t("settings-late-after-note")))
        (f.text("fee_per_day", &l.t("settings-fee-per-day"), "text", money(),
            &l.t("settings-fee-per-day-note")))
        (f.check("latecomers_by_day", &l.t("settings-latecomers-by-day"),
            &l.t("settings-latecomers-by-day-note")))
        (f.text("levy_full", &l.t("settings-levy-full"), "text", money(), &l.t("settings-levy-note")))
        (f.text("levy_member", &l.t("settings-levy-member"), "text", money(), &l.t("settings-levy-note")))
        (f.text("levy_concession", &l.t("settings-levy-concession"), "text", money(),
            &l.t("settings-levy-note")))
    }
}

fn ladder(c: &Context) -> Markup {
    let f = &c.shown;
    let l = f.lang;
    html! {
        (f.text("reach", &l.t("settings-reach"), "number", Attrs::number(0, 1_000),
            &tr!(l, "settings-reach-note", default = c.default("reach"))))
        (f.text("rungs_per_stone", &l.t("settings-rungs-per-stone"), "number", Attrs::number(0, 1_000),
            &l.t("settings-rungs-per-stone-note")))
        (f.text("max_meetings", &l.t("settings-max-meetings"), "number", Attrs::number(0, 1_000),
            &tr!(l, "settings-max-meetings-note", default = c.default("max_meetings"))))
    }
}

/// `6.5` as `6½` (a default in words).
fn halves(decimal: &str) -> String {
    tengen_text::read::halves(decimal)
        .map(tengen_text::halves)
        .unwrap_or_else(|_| decimal.to_string())
}
