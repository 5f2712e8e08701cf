//! Issue 12: the director's draw choices under both profiles (geography, seeding, floats, the never-pair list),
//! each profile's defaults left exactly as they were, Mays' placement and SDOS, and sections.

use super::*;
use draw_choices::validate_draw_choices;
use tengen_draw::egf::{DuddMode, Params, SeedSystem};
use tengen_draw::engine::MaysParams;

fn mapped(system: PairingSystem, d: &DrawSettings) -> draw::Settings {
    draw_settings(
        system,
        &McMahonSetup::default(),
        &HandicapSettings::default(),
        d,
        &ScoringSettings::default(),
    )
}

fn profile(p: DrawProfile) -> DrawSettings {
    DrawSettings {
        profile: p,
        ..DrawSettings::default()
    }
}

#[test]
fn defaults_leave_both_profiles_exactly_as_they_were() {
    let egf = mapped(PairingSystem::McMahon, &profile(DrawProfile::Egf));
    assert_eq!(egf.egf, Params::default());
    assert!(egf.never_pair.is_empty());
    let swiss = mapped(PairingSystem::Swiss, &profile(DrawProfile::Egf));
    assert_eq!(swiss.egf, Params::swiss());
    let mays = mapped(PairingSystem::McMahon, &profile(DrawProfile::Mays));
    assert_eq!(mays.mays, MaysParams::default());
}

#[test]
fn logs_with_plain_switches_read_as_they_drew() {
    let old = r#"{"profile":"Egf","bye":"Egf","avoid_same_club":true,"avoid_same_city":false,"first_table":1}"#;
    let d: DrawSettings = serde_json::from_str(old).expect("an old log's draw settings");
    assert_eq!(d.avoid_same_club, Switch::Default);
    assert_eq!(d.avoid_same_city, Switch::Off);
    assert_eq!(d.avoid_same_country, Switch::Default);
    assert!(d.never_pair.is_empty() && d.seeding.is_none());
    let again: DrawSettings =
        serde_json::from_str(&serde_json::to_string(&d).expect("json")).expect("read back");
    assert_eq!(again, d);
    let on = DrawSettings {
        avoid_same_city: Switch::On,
        ..d
    };
    let back: DrawSettings =
        serde_json::from_str(&serde_json::to_string(&on).expect("json")).expect("read back");
    assert_eq!(back.avoid_same_city, Switch::On);
}

#[test]
fn egf_switches_set_opengotha_geography_seeding_and_floats() {
    let d = DrawSettings {
        avoid_same_club: Switch::Off,
        avoid_same_city: Switch::On,
        avoid_same_country: Switch::Off,
        seeding: Some(Seeding::Slip),
        draw_down: Some(FloatFrom::Bottom),
        draw_up: Some(FloatFrom::Top),
        never_pair: vec![(3, 8)],
        ..profile(DrawProfile::Egf)
    };
    let s = mapped(PairingSystem::McMahon, &d);
    assert_eq!(s.egf.se_prefer_mms_diff_rather_than_same_club, 0);
    assert_eq!(s.egf.se_prefer_mms_diff_rather_than_same_country, 0);
    assert!(s.egf.cities_as_club_groups);
    assert_eq!(
        (s.egf.seed_system1, s.egf.seed_system2),
        (SeedSystem::SplitAndSlip, SeedSystem::SplitAndSlip)
    );
    assert_eq!(
        (s.egf.dudd_upper_mode, s.egf.dudd_lower_mode),
        (DuddMode::Bot, DuddMode::Top)
    );
    assert_eq!(s.never_pair, vec![(3, 8)]);
    // Under mays the same choices reach Mays' own parameters.
    let s = mapped(
        PairingSystem::McMahon,
        &DrawSettings {
            profile: DrawProfile::Mays,
            seeding: Some(Seeding::Adjacent),
            draw_down: Some(FloatFrom::Middle),
            ..d
        },
    );
    assert!(!s.mays.avoid_club && s.mays.avoid_city && !s.mays.avoid_country);
    assert_eq!(s.mays.seeding, draw::Seeding::Adjacent);
    assert_eq!(s.mays.draw_down_from, DuddMode::Mid);
    assert_eq!(
        s.egf,
        Params::default(),
        "the egf parameters are not touched"
    );
}

/// Four 10k players in one group, 1 and 4 of one club; round 1.
fn four_players() -> draw::Snapshot {
    let players = (1..=4u32)
        .map(|n| draw::Player {
            id: draw::PlayerId(n),
            number: n,
            family_name: format!("F{n}"),
            given_name: format!("G{n}"),
            rank: draw::Rank(-10),
            rating: None,
            club: ["Leeds", "York", "Hull", "Leeds"][n as usize - 1].to_string(),
            city: String::new(),
            country: "GB".into(),
            family: None,
            local: false,
            starting_mms: draw::HalfPoints(40),
            participation: Vec::new(),
            ghost: false,
        })
        .collect();
    draw::Snapshot {
        round: 1,
        rounds_total: 5,
        players,
        games: Vec::new(),
        byes: Vec::new(),
    }
}

fn pairs(d: &DrawSettings) -> Vec<(u32, u32)> {
    let r =
        tengen_draw::draw(&four_players(), &mapped(PairingSystem::McMahon, d), 7).expect("drawn");
    let mut p: Vec<(u32, u32)> = r
        .games
        .iter()
        .map(|g| (g.white.0.min(g.black.0), g.white.0.max(g.black.0)))
        .collect();
    p.sort_unstable();
    p
}

#[test]
fn the_egf_club_switch_does_what_it_says_in_a_real_draw() {
    let fold = DrawSettings {
        seeding: Some(Seeding::Fold),
        ..profile(DrawProfile::Egf)
    };
    // Fold would pair 1–4, but they share a club: OpenGotha's geography keeps them apart.
    assert!(!pairs(&fold).contains(&(1, 4)), "{:?}", pairs(&fold));
    // --no-avoid-club: the fold stands.
    let off = DrawSettings {
        avoid_same_club: Switch::Off,
        ..fold.clone()
    };
    assert_eq!(pairs(&off), vec![(1, 4), (2, 3)]);
    // Slip seeding: 1–3, 2–4.
    let slip = DrawSettings {
        seeding: Some(Seeding::Slip),
        ..off.clone()
    };
    assert_eq!(pairs(&slip), vec![(1, 3), (2, 4)]);
    // The never-pair list beats the seeding.
    let never = DrawSettings {
        never_pair: vec![(1, 3)],
        ..slip
    };
    assert!(!pairs(&never).contains(&(1, 3)));
}

#[test]
fn choices_a_profile_cannot_honour_are_refused() {
    let check = |system, d: &DrawSettings| {
        validate(
            system,
            &McMahonSetup::default(),
            &HandicapSettings::default(),
            &ScoringSettings::default(),
            d,
        )
    };
    let mc = PairingSystem::McMahon;
    let adjacent = DrawSettings {
        seeding: Some(Seeding::Adjacent),
        ..profile(DrawProfile::Egf)
    };
    assert!(check(mc, &adjacent).is_err());
    assert!(check(
        mc,
        &DrawSettings {
            profile: DrawProfile::Mays,
            ..adjacent
        }
    )
    .is_ok());
    let swiss_club = DrawSettings {
        avoid_same_club: Switch::On,
        ..profile(DrawProfile::Egf)
    };
    let refused = check(PairingSystem::Swiss, &swiss_club).expect_err("no geography in Swiss");
    assert!(refused.to_string().contains("--avoid-club"), "{refused}");
    assert!(check(mc, &swiss_club).is_ok());
    let same = DrawSettings {
        never_pair: vec![(4, 4)],
        ..profile(DrawProfile::Egf)
    };
    assert!(check(mc, &same).is_err());
}

#[test]
fn mays_orders_place_by_the_mms_earned_and_name_sdos() {
    let mays = tiebreak_profile("mays").expect("profile");
    assert_eq!(mays, ["mms", "sos-mays", "sdos", "h2h"]);
    assert!(follows_mays(&mays));
    assert!(follows_mays(&["mms".into(), "sodos-adjusted".into()]));
    assert!(!follows_mays(&tiebreak_profile("egf").expect("profile")));
    // A mixed order whose first tie-break is the EGF's SOS places the EGF way.
    let mixed = ["mms", "sos", "sos-mays", "sdos"].map(String::from);
    assert!(!follows_mays(&mixed));
    assert!(!follows_mays(&["wins".into(), "sos-mays".into()]));
    let scoring = |tiebreaks: Vec<String>| ScoringSettings {
        tiebreaks,
        ..ScoringSettings::default()
    };
    let mm = McMahonSetup::default();
    let placing = |t| standings_settings(&scoring(t), &mm).scores.placing;
    assert_eq!(placing(mays.clone()), st::Placing::Earned);
    assert_eq!(
        placing(tiebreak_profile("egf").expect("profile")),
        st::Placing::WithCredits
    );
    let sdos = criterion("SDOS").expect("sdos");
    assert_eq!(sdos.name(), "SDOS");
    assert_eq!(criterion("sodos-adjusted"), Some(sdos));
    assert_eq!(
        criterion("sodos").map(|c| c.name()),
        Some("SODOS".to_string())
    );
}

#[test]
fn only_sections_or_categories_have_winners() {
    let scoring = ScoringSettings::default();
    let bar_only = McMahonSetup {
        bar: Some("3d".parse().expect("rank")),
        ..McMahonSetup::default()
    };
    assert_eq!(
        standings_settings(&scoring, &bar_only).sections,
        st::Sections::None
    );
    let sections = McMahonSetup {
        sections: vec![Section {
            lowest: "30k".parse().expect("rank"),
        }],
        section_step: 2,
        ..McMahonSetup::default()
    };
    assert_eq!(
        standings_settings(&scoring, &sections).sections,
        st::Sections::ByStartingMms
    );
    let categories = ScoringSettings {
        categories: vec!["1d".parse().expect("rank"), "30k".parse().expect("rank")],
        ..ScoringSettings::default()
    };
    assert_eq!(
        standings_settings(&categories, &bar_only).sections,
        st::Sections::ByRank(vec![draw::Rank(0), draw::Rank(-30)])
    );
    let both = validate(
        PairingSystem::McMahon,
        &McMahonSetup {
            bar: None,
            ..sections
        },
        &HandicapSettings {
            based_on_mms: false,
            ..HandicapSettings::default()
        },
        &categories,
        &DrawSettings::default(),
    );
    assert!(both.is_err(), "{both:?}");
}

/// A round robin pairs by its schedule, scores as Swiss, and takes handicaps from ranks only: the MMS-based rule
/// (the default) gives even games, the rank-based rule applies as set.
#[test]
fn a_round_robin_pairs_by_schedule_with_rank_handicaps_only() {
    let rr = mapped(PairingSystem::RoundRobin, &profile(DrawProfile::Egf));
    assert_eq!(rr.pairing, draw::Pairing::RoundRobin);
    assert_eq!(rr.system, draw::System::Swiss);
    assert_eq!(
        rr.handicap.ceiling, 0,
        "no McMahon score to take stones from"
    );
    let by_rank = HandicapSettings {
        based_on_mms: false,
        ..HandicapSettings::default()
    };
    let s = draw_settings(
        PairingSystem::RoundRobin,
        &McMahonSetup::default(),
        &by_rank,
        &DrawSettings::default(),
        &ScoringSettings::default(),
    );
    assert_eq!(s.handicap.ceiling, 9);
    assert_eq!(
        mapped(PairingSystem::McMahon, &DrawSettings::default()).pairing,
        draw::Pairing::ScoreGroups
    );
    let rank: Rank = "5k".parse().expect("rank");
    assert_eq!(
        starting_mms(PairingSystem::RoundRobin, &McMahonSetup::default(), rank, 0),
        0
    );
}

/// A generalised knockout pairs by sequences of results, scores as Swiss, places by sequence, and has no draw
/// choices.
#[test]
fn a_generalised_knockout_pairs_by_sequence() {
    let gko = mapped(
        PairingSystem::GeneralisedKnockout,
        &profile(DrawProfile::Egf),
    );
    assert_eq!(gko.pairing, draw::Pairing::Sequence);
    assert_eq!(gko.system, draw::System::Swiss);
    assert_eq!(gko.handicap.ceiling, 0);
    assert_eq!(
        tiebreak_profile("generalised-knockout"),
        Some(vec!["sequence".to_string(), "sosw".to_string()])
    );
    assert_eq!(criterion("sequence"), Some(st::Criterion::Sequence));
    let seeded = DrawSettings {
        seeding: Some(Seeding::Fold),
        ..DrawSettings::default()
    };
    let refused =
        validate_draw_choices(PairingSystem::GeneralisedKnockout, &seeded).expect_err("no seeding");
    assert!(
        refused
            .to_string()
            .contains("pairs equal sequences of results"),
        "{refused}"
    );
}
