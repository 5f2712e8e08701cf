//! The director's choices in the draw (issue 12): the never-pair list as a hard rule of every stage, where the
//! floater of a group comes from under the `mays` profile, and float warnings that name only the floats the
//! engine chose (the unavoidable ones in one line).

use super::testutil::*;
use super::*;
use crate::egf::DuddMode;
use crate::model::{HalfPoints, PlayerId, Warning};

fn with_never(mut s: Settings, list: &[(u32, u32)]) -> Settings {
    s.never_pair = list.to_vec();
    s
}

#[test]
fn a_never_pair_is_kept_apart_in_both_profiles() {
    // Mays' slip pairs 1–5, 2–6, 3–7, 4–8; the list forbids 1–5 and 2–6.
    let snap = snapshot(1, group(8), vec![], vec![]);
    let never = [(1, 5), (6, 2)];
    let r = draw(&snap, &with_never(mays(), &never), 1).unwrap();
    let p = pairs(&r);
    assert!(!p.contains(&(1, 5)) && !p.contains(&(2, 6)), "{p:?}");
    assert_eq!(p.len(), 4);
    assert!(!r
        .warnings
        .iter()
        .any(|w| matches!(w, Warning::NeverPairMet(..))));
    let egf = with_never(Settings::default(), &never);
    for seed in 0..4 {
        let p = pairs(&draw(&snap, &egf, seed).unwrap());
        assert!(!p.contains(&(1, 5)) && !p.contains(&(2, 6)), "{p:?}");
    }
}

#[test]
fn a_never_pair_stays_apart_even_when_a_repeat_is_forced() {
    // 1 met 3 and 4; 1–2 is on the list: 1 must repeat a game rather than meet 2.
    let snap = snapshot(
        3,
        group(4),
        vec![
            game(1, 1, 3, true),
            game(1, 2, 4, true),
            game(2, 1, 4, true),
            game(2, 2, 3, true),
        ],
        vec![],
    );
    let r = draw(&snap, &with_never(mays(), &[(1, 2)]), 0).unwrap();
    let p = pairs(&r);
    assert!(!p.contains(&(1, 2)), "{p:?}");
    assert!(r
        .warnings
        .iter()
        .any(|w| matches!(w, Warning::RepeatedGame(..))));
    assert_eq!(
        pair_weights(&snap, &with_never(mays(), &[(1, 2)]), 0)
            .unwrap()
            .stage,
        Stage::Fallback
    );
}

#[test]
fn an_impossible_never_pair_list_is_refused_naming_the_list() {
    // Player 1 may meet nobody.
    let s = with_never(mays(), &[(1, 2), (1, 3), (4, 1)]);
    let err = draw(&snapshot(1, group(4), vec![], vec![]), &s, 0).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("never-pair list (1–2, 1–3, 1–4)"), "{text}");
    assert!(text.contains("cannot be paired"), "{text}");
    // Numbers nobody has are ignored.
    let s = with_never(mays(), &[(1, 99)]);
    assert!(draw(&snapshot(1, group(4), vec![], vec![]), &s, 0).is_ok());
}

#[test]
fn a_manual_pair_from_the_list_needs_force_and_is_warned() {
    let snap = snapshot(1, group(4), vec![], vec![]);
    let s = with_never(mays(), &[(1, 2)]);
    let r = draw(&snap, &s, 0).unwrap();
    let freed = apply_edit(
        &snap,
        &s,
        &r,
        &Edit::Unpair {
            player: PlayerId(1),
        },
    )
    .unwrap();
    let freed = apply_edit(
        &snap,
        &s,
        &freed,
        &Edit::Unpair {
            player: PlayerId(2),
        },
    )
    .unwrap();
    let pair = |force| Edit::Pair {
        a: PlayerId(1),
        b: PlayerId(2),
        white: None,
        handicap: None,
        table: None,
        force,
    };
    let refused = apply_edit(&snap, &s, &freed, &pair(false)).unwrap_err();
    assert!(refused.to_string().contains("never-pair list"), "{refused}");
    let forced = apply_edit(&snap, &s, &freed, &pair(true)).unwrap();
    assert!(forced.warnings.iter().any(|w| matches!(
        w,
        Warning::NeverPairMet(a, b) if (a.0, b.0) == (1, 2) || (a.0, b.0) == (2, 1)
    )));
}

#[test]
fn the_mays_floater_comes_from_where_the_director_says() {
    // Mays p. 24: Section 1 of 9 floats its weakest (9) against the strongest of Section 2 (10) by default.
    let mut players: Vec<_> = (1..=9).map(|n| player(n, 3, 0)).collect();
    players.extend((10..=15).map(|n| player(n, 0, -2)));
    let snap = snapshot(1, players, vec![], vec![]);
    assert!(pairs(&draw(&snap, &mays(), 3).unwrap()).contains(&(9, 10)));
    // Down from the top, up from the bottom: 1 meets 14 (15, the weakest, has the bye).
    let mut s = mays();
    s.mays.draw_down_from = DuddMode::Top;
    s.mays.draw_up_from = DuddMode::Bot;
    let r = draw(&snap, &s, 3).unwrap();
    assert_eq!(r.bye, Some(PlayerId(15)));
    assert!(pairs(&r).contains(&(1, 14)), "{:?}", pairs(&r));
    // From the middle of both: 5 (middle of 1..9) meets 12 (middle of 10..14).
    s.mays.draw_down_from = DuddMode::Mid;
    s.mays.draw_up_from = DuddMode::Mid;
    let p = pairs(&draw(&snap, &s, 3).unwrap());
    assert!(p.contains(&(5, 12)), "{p:?}");
}

#[test]
fn unavoidable_floats_in_a_sparse_field_are_one_line() {
    // Four players, each alone in their MMS group: every game floats, nobody had a choice.
    let players: Vec<_> = (1..=4).map(|n| player(n, 0, 5 - n as i32)).collect();
    let r = draw(&snapshot(1, players, vec![], vec![]), &mays(), 0).unwrap();
    assert!(!r
        .warnings
        .iter()
        .any(|w| matches!(w, Warning::PairedUpDown { .. })));
    assert!(r
        .warnings
        .contains(&Warning::UnavoidableFloats { players: 4 }));
}

#[test]
fn a_float_the_engine_chose_is_still_named() {
    // Three on 0 and one on −1: one of the three floats although the other two were free to play them.
    let mut players = group(3);
    players.push(player(4, 0, -1));
    let r = draw(&snapshot(1, players, vec![], vec![]), &mays(), 0).unwrap();
    let named: Vec<&Warning> = r
        .warnings
        .iter()
        .filter(|w| matches!(w, Warning::PairedUpDown { .. }))
        .collect();
    assert_eq!(named.len(), 1, "{:?}", r.warnings);
    assert!(matches!(
        named[0],
        Warning::PairedUpDown {
            from: HalfPoints(0),
            to: HalfPoints(-2),
            ..
        }
    ));
    // Player 4 was alone on −1: their float is the unavoidable one.
    assert!(r
        .warnings
        .contains(&Warning::UnavoidableFloats { players: 1 }));
    assert!(crate::checker::check(
        &snapshot(
            1,
            {
                let mut p = group(3);
                p.push(player(4, 0, -1));
                p
            },
            vec![],
            vec![]
        ),
        &mays(),
        &r
    )
    .is_empty());
}
