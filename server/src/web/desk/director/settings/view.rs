//! The settings form's fieldsets: each field with its one-line explanation and its default for the tournament's
//! system ("Default: 6½"), the settings play has made final shown read-only with the reason, and the BGA bar
//! suggestion applied by one button. Pure markup from the values in the fields; `form` reads them back.

use super::form::{switch_choices, Part, MISSED, TIME_SYSTEMS};
use crate::domain::decide::FixedSetting;
use crate::domain::setup::{DrawProfile, DrawSettings};
use crate::domain::{PairingSystem, Rank, TournamentSettings};
use crate::web::desk::event::system_name;
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
        Part::Basics => ("Basics", basics(c)),
        Part::Time => ("Time control", time(c)),
        Part::McMahon => ("McMahon", mcmahon(c)),
        Part::Handicap => ("Handicap", handicap(c)),
        Part::Draw => ("Draw", draw(c)),
        Part::Groups => ("Groups", groups(c)),
        Part::Scoring => ("Standings and results", scoring(c)),
        Part::Ladder => ("Ladder", ladder(c)),
    };
    html! {
        fieldset id=(part.id()) {
            legend { (legend) }
            (fields)
        }
    }
}

fn basics(c: &Context) -> Markup {
    let f = &c.shown;
    let system = c.saved.system;
    let systems: Vec<(&str, &str)> = PairingSystem::ALL
        .iter()
        .map(|s| (s.as_str(), system_name(*s)))
        .collect();
    html! {
        (f.text("name", "Name", "text", Attrs::text(100).required(),
            "As on the board and every sheet, e.g. \"Main tournament\"."))
        @if let Some(fixed) = c.fixed("system") {
            (f.fixed("system", "Pairing system", system.as_str(), system_name(system), &fixed.reason))
        } @else {
            (f.select("system", "Pairing system", &systems,
                "How players are paired; fixed once round 1 is drawn. Default: McMahon."))
        }
        @if !system.unrounded() {
            (f.text("rounds", "Rounds", "number", Attrs::number(1, 20).required(),
                "Rounds to play, 1 to 20; players entered for every round follow a change."))
        }
        (f.text("start_date", "First day", "date", Attrs::default(),
            "Empty: the event's first day."))
        (f.text("end_date", "Last day", "date", Attrs::default(),
            "Not before the first day; empty: the event's last day."))
        (f.text("komi", "Komi", "text", Attrs { inputmode: Some("decimal"), ..Attrs::text(8) },
            &format!("Points White receives in an even game: 6.5, 6½ or 7. Default: {}.", halves(c.default("komi")))))
        @if !system.unrounded() {
            (f.text("first_table", "First table", "number", Attrs::number(1, 10_000),
                "Number of the first board, when another event uses the lower ones. Default: 1."))
        }
        (f.check("self_check_in", "Players check themselves in",
            "With the personal code on their player card, on their phone or the entrance tablet (/t/…/checkin), while registration is open. Default: off."))
    }
}

fn time(c: &Context) -> Markup {
    let f = &c.shown;
    let systems: Vec<(&str, &str)> = TIME_SYSTEMS.iter().map(|(s, l)| (s.as_str(), *l)).collect();
    let class = c.saved.time.class();
    html! {
        (f.select("time_system", "Time system", &systems,
            "What follows the basic time. Default: Canadian overtime."))
        (f.text("basic_minutes", "Basic time, minutes", "number", Attrs::number(0, 600),
            "Each player's main time. Default: 60."))
        (f.text("period_seconds", "Overtime period, seconds", "number", Attrs::number(0, 7_200),
            "Canadian or Milton Keynes: the whole period (300 = 5 min); byo-yomi: one period. Default: 300."))
        (f.text("stones", "Stones per period", "number", Attrs::number(0, 100),
            "Canadian or Milton Keynes: moves to play in each period. Default: 20."))
        (f.text("periods", "Byo-yomi periods", "number", Attrs::number(0, 30),
            "Byo-yomi only: how many periods. Default: 0."))
        (f.text("increment_seconds", "Fischer increment, seconds", "number", Attrs::number(0, 600),
            "Fischer only: seconds added per move. Default: 0."))
        p .note #time-class { "As saved, an EGF class " strong { (class.as_str()) } " game ("
            (c.saved.time.adjusted_seconds() / 60) " min adjusted time)." }
    }
}

fn mcmahon(c: &Context) -> Markup {
    let f = &c.shown;
    let rank = Attrs::text(4);
    html! {
        (f.text("bar", "Bar", "text", rank,
            "Players at or above it start together at its score, e.g. 3d; empty: no bar. Default: none."))
        (suggestion(c))
        (f.text("floor", "Floor", "text", rank,
            "Players at or below it start together at its score, e.g. 20k; empty: no floor. Default: none."))
        (f.text("supergroup", "Supergroup", "text", rank,
            "Players at or above it (above the bar) start one point higher; empty: none. Default: none."))
        (f.text("sections", "Sections (Mays)", "text", Attrs::text(200),
            "The weakest rank of each section, strongest first; replaces bar and floor. Empty: none (default)."))
        (f.text("section_step", "Points between sections", "number", Attrs::number(0, 10),
            "With sections: 1 for 3 rounds, 2 for 6, 3 for 9. Default: 0 (no sections)."))
    }
}

/// The BGA guideline's bar for the players checked in, with the button that sets it and saves.
fn suggestion(c: &Context) -> Markup {
    html! {
        @match c.suggestion {
            Some((rank, top)) => p .suggest #bar-suggestion {
                span { "BGA guideline for the players checked in: bar at " strong { (rank) } " (" (top)
                    " players start at the top)." }
                " "
                button .big type="submit" name="use_bar" value=(rank) { "Use " (rank) " and save" }
            },
            None => p .note #bar-suggestion {
                "The BGA guideline's bar appears here once players are checked in."
            },
        }
    }
}

fn handicap(c: &Context) -> Markup {
    let f = &c.shown;
    let basis = [
        ("mms", "the difference in McMahon score"),
        ("rank", "the difference in rank"),
    ];
    html! {
        (f.select("handicap_basis", "Handicap from", &basis,
            "Stones follow the players' score difference or their rank difference. Default: McMahon score."))
        (f.text("no_handicap_above", "No handicap above", "text", Attrs::text(4),
            &format!("Players stronger than this count as this rank for handicap. Default: {}.", c.default("no_handicap_above"))))
        (f.text("handicap_correction", "Correction, stones", "number", Attrs::number(-3, 3),
            "Subtracted from the difference, -3 to 3 (1: one rank apart plays even). Default: 1."))
        (f.text("handicap_ceiling", "At most, stones", "number", Attrs::number(0, 9),
            "The largest handicap, 0 to 9; 0: even games only. Default: 9."))
        (f.check("even_at_bar", "Even games at the bar",
            "McMahon: no handicap when either player starts at the bar (BGA, Mays). Default: off."))
        (f.check("nigiri", "Nigiri",
            "Even games: the players choose colours by nigiri; handicap games keep Black for the weaker player. \
             Read when a round is drawn. Default: off."))
    }
}

fn draw(c: &Context) -> Markup {
    let f = &c.shown;
    let system = c.saved.system;
    let profile = DrawProfile::from_name(f.typed.get("profile")).unwrap_or_default();
    let geo = DrawSettings {
        profile,
        ..DrawSettings::default()
    }
    .geography(system);
    let (club, city, country) = (
        switch_choices(geo.club),
        switch_choices(geo.city),
        switch_choices(geo.country),
    );
    let seeding = [
        ("default", "as the profile"),
        ("fold", "fold (1st meets last)"),
        ("slip", "slip (1st meets middle)"),
        ("random", "random"),
        ("adjacent", "adjacent (Mays only)"),
    ];
    let floats = [
        ("default", "as the profile"),
        ("top", "the strongest"),
        ("middle", "the middle"),
        ("bottom", "the weakest"),
    ];
    html! {
        (f.select("profile", "Draw profile", &[("egf", "EGF (OpenGotha)"), ("mays", "Mays' manual")],
            "Which rule book the pairing follows; the choices below default to it. Default: EGF."))
        (f.select("bye_rule", "Bye", &[("egf", "EGF (OpenGotha)"), ("mays", "Mays: weakest with most losses")],
            "Who gets the bye in an odd field. Default: EGF."))
        (switch(f, "avoid_same_club", "Keep clubs apart", &club,
            "Avoid pairing players of the same club."))
        (switch(f, "avoid_same_city", "Keep cities apart", &city,
            "Avoid pairing players of the same city."))
        (switch(f, "avoid_same_country", "Keep countries apart", &country,
            "Avoid pairing players of the same country."))
        (f.select("seeding", "Seeding in a score group", &seeding,
            "Who meets whom inside a group. Default: as the profile (EGF: random to round 2, then fold; Mays: slip)."))
        (f.select("draw_down", "Paired down", &floats,
            "Who of a group meets a lower group. Default: as the profile (EGF: middle; Mays: weakest)."))
        (f.select("draw_up", "Paired up", &floats,
            "Who of a group meets a higher group. Default: as the profile (EGF: middle; Mays: strongest)."))
        (f.text("never_pair", "Never pair", "text", Attrs::text(2_000),
            "Player numbers that must never meet (family, a couple), e.g. 3-8, 5-12. Default: none."))
    }
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
        &format!("{what} Default: {}.", choices[0].1),
    )
}

fn groups(c: &Context) -> Markup {
    let f = &c.shown;
    let size = c.saved.draw.group_size;
    html! {
        @if let Some(fixed) = c.fixed("group_size") {
            (f.fixed("group_size", "Group size", &size.to_string(),
                &if size == 0 { "one field".to_string() } else { format!("groups of about {size}") }, &fixed.reason))
        } @else {
            (f.text("group_size", "Group size", "number", Attrs::number(0, 1_000),
                "Groups of about this many, made at round 1 by number and drawn apart (zones); 0: one field (default)."))
        }
    }
}

fn scoring(c: &Context) -> Markup {
    let f = &c.shown;
    let missed: Vec<(&str, &str)> = MISSED.iter().map(|(m, l)| (m.as_str(), *l)).collect();
    let unrounded = c.saved.system.unrounded();
    html! {
        (f.text("tiebreaks", "Tie-breaks, in order", "text", Attrs::text(200),
            &format!("Names in order (mms, wins, sos, sosos, sodos, sdos, h2h, …) or a profile (egf, mays, swiss). Default: {}.",
                c.default("tiebreaks"))))
        (f.text("prizes", "Prizes", "text", Attrs { inputmode: Some("decimal"), ..Attrs::text(2_000) },
            "Amounts for places 1, 2, 3…, e.g. 100, 50, 25; tied players share. Default: none."))
        (f.text("categories", "Categories", "text", Attrs::text(200),
            "The weakest rank of each category with its own winners, strongest first (not with sections). Default: none."))
        (f.text("section_prizes", "Prizes in each category", "text", Attrs::text(2_000),
            "Amounts for places 1, 2… inside every section or category. Default: none."))
        @if !unrounded {
            (f.text("bye_points", "A bye is worth", "text", Attrs { inputmode: Some("decimal"), ..Attrs::text(4) },
                &format!("Points, 0 to 2 (0.5 for half a point). Default: {}.", c.default("bye_points"))))
            (f.select("missed_rounds", "A missed round earns", &missed,
                "The score a player gets for a round they do not play. Default: ½ point (Mays)."))
        }
        (f.check("double_entry", "Two desks confirm each result",
            "A result counts once two terminals entered the same (on by default for the event's first tournament)."))
        (f.check("player_results", "Players report their own results",
            "On their page with their personal code; counts once the opponent or a results desk agrees. Default: off."))
        (f.text("forfeit_minutes", "Forfeit after, minutes", "number", Attrs::number(0, 600),
            "An absent player loses by forfeit this long after the start (the referee's clock). Default: 30."))
    }
}

fn ladder(c: &Context) -> Markup {
    let f = &c.shown;
    html! {
        (f.text("reach", "Reach, rungs", "number", Attrs::number(0, 1_000),
            &format!("How many rungs up a challenge may reach; 0: anyone above. Default: {}.", c.default("reach"))))
        (f.text("rungs_per_stone", "Rungs per handicap stone", "number", Attrs::number(0, 1_000),
            "0: even games (default)."))
        (f.text("max_meetings", "Meetings per pair, at most", "number", Attrs::number(0, 1_000),
            &format!("How often two players may meet; 0: no limit. Default: {}.", c.default("max_meetings"))))
    }
}

/// `6.5` as `6½` (a default in words).
fn halves(decimal: &str) -> String {
    tengen_text::read::halves(decimal)
        .map(tengen_text::halves)
        .unwrap_or_else(|_| decimal.to_string())
}
