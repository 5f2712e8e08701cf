//! Groups: the sizes for every field a congress has, and generated events drawn round by round in groups by each
//! system that plays in groups (round robin zones, Swiss and generalised knockout groups of eight).

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;

use super::*;
use crate::engine::testutil::{game, player, snapshot};
use crate::model::{HandicapRule, PastBye, RoundNo, System};

/// Sizes add up to the field, differ by one at most, larger first; a round robin's groups share one cycle.
#[test]
fn group_sizes_are_balanced_and_a_round_robins_share_a_cycle() {
    for players in 1..=120usize {
        for size in 2..=12usize {
            for pairing in [Pairing::ScoreGroups, Pairing::RoundRobin, Pairing::Sequence] {
                let s = sizes(players, size, pairing);
                assert_eq!(s.iter().sum::<usize>(), players, "{players}/{size}");
                assert!(
                    s.windows(2).all(|w| w[0] >= w[1] && w[0] - w[1] <= 1),
                    "{s:?}"
                );
                if players >= 2 {
                    assert!(s.iter().all(|n| *n >= 2), "{players}/{size}: {s:?}");
                }
                if pairing == Pairing::RoundRobin {
                    let cycles: BTreeSet<usize> = s.iter().map(|&n| rounds_per_cycle(n)).collect();
                    assert_eq!(cycles.len(), 1, "{players}/{size}: {s:?}");
                }
            }
        }
    }
    // Mays' groups of eight, and the handbook's zones.
    assert_eq!(sizes(24, 8, Pairing::ScoreGroups), vec![8, 8, 8]);
    assert_eq!(sizes(20, 8, Pairing::ScoreGroups), vec![7, 7, 6]);
    assert_eq!(sizes(19, 8, Pairing::ScoreGroups), vec![10, 9]);
    assert_eq!(sizes(3, 8, Pairing::ScoreGroups), vec![3]);
    // 13 in zones of 4 would be 5, 4, 4 (5 and 3 rounds): one zone more gives 4, 3, 3, 3 (3 rounds each).
    assert_eq!(sizes(13, 4, Pairing::RoundRobin), vec![4, 3, 3, 3]);
    assert_eq!(sizes(5, 3, Pairing::RoundRobin), vec![5]);
    assert_eq!(sizes(22, 5, Pairing::RoundRobin), vec![6, 6, 5, 5]);
}

/// A generated event: field size, group size, system, results.
#[derive(Debug, Clone)]
struct Event {
    players: u32,
    size: u32,
    pairing: Pairing,
    white_wins: Vec<bool>,
}

fn event() -> impl Strategy<Value = Event> {
    (
        4u32..=30,
        3u32..=8,
        prop::sample::select(vec![
            Pairing::RoundRobin,
            Pairing::ScoreGroups,
            Pairing::Sequence,
        ]),
        prop::collection::vec(any::<bool>(), 400),
    )
        .prop_map(|(players, size, pairing, white_wins)| Event {
            players,
            size,
            pairing,
            white_wins,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Drawn round by round with results fed back: nobody meets a player of another group, every player of a
    /// group plays or has one bye each round, a round robin's groups meet every pair exactly once, and tables run
    /// from 1 with the strongest group's first.
    #[test]
    fn groups_play_among_themselves(e in event()) {
        let mut settings = Settings {
            pairing: e.pairing,
            group_size: e.size,
            handicap: HandicapRule { ceiling: 0, ..HandicapRule::default() },
            ..Settings::default()
        };
        if e.pairing != Pairing::ScoreGroups {
            settings.system = System::Swiss;
        }
        let sizes = sizes(e.players as usize, e.size as usize, e.pairing);
        let total = match e.pairing {
            Pairing::RoundRobin => rounds_per_cycle(sizes[0]) as u32,
            _ => 3,
        };
        let players: Vec<_> = (1..=e.players)
            .map(|n| {
                let mut p = player(n, 5 - n as i32, 0);
                p.participation = vec![true; total as usize];
                p
            })
            .collect();
        let base = snapshot(1, players.clone(), Vec::new(), Vec::new());
        let groups = groups(&base, &settings);
        prop_assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), sizes.clone());
        let group_of: BTreeMap<PlayerId, usize> = groups
            .iter()
            .enumerate()
            .flat_map(|(i, g)| g.iter().map(move |p| (*p, i)))
            .collect();
        // The strongest group holds the lowest numbers.
        prop_assert!(groups.windows(2).all(|w| w[0].iter().max() < w[1].iter().min()));
        let mut games = Vec::new();
        let mut byes: Vec<PastBye> = Vec::new();
        let mut met: BTreeMap<(PlayerId, PlayerId), usize> = BTreeMap::new();
        let mut coin = e.white_wins.iter().cycle();
        for r in 1..=total {
            let mut snap = snapshot(r, players.clone(), games.clone(), byes.clone());
            snap.rounds_total = total;
            let round = super::super::draw(&snap, &settings, 11).expect("drawn");
            let tables: Vec<u32> = round.games.iter().map(|g| g.table).collect();
            prop_assert_eq!(tables, (1..=round.games.len() as u32).collect::<Vec<_>>());
            let group_order: Vec<usize> = round.games.iter().map(|g| group_of[&g.white]).collect();
            prop_assert!(group_order.windows(2).all(|w| w[0] <= w[1]), "{:?}", group_order);
            let mut seated = BTreeSet::new();
            for g in &round.games {
                prop_assert_eq!(group_of[&g.white], group_of[&g.black], "a game across groups");
                prop_assert!(seated.insert(g.white) && seated.insert(g.black));
                *met.entry(if g.white < g.black { (g.white, g.black) } else { (g.black, g.white) })
                    .or_default() += 1;
                games.push(game(r, g.white.0, g.black.0, *coin.next().unwrap_or(&true)));
            }
            let sitting: Vec<PlayerId> = round.bye.iter().chain(&round.advancing).copied().collect();
            let odd_groups = sizes.iter().filter(|n| *n % 2 == 1).count();
            prop_assert_eq!(sitting.len(), odd_groups);
            for b in sitting {
                prop_assert!(seated.insert(b));
                byes.push(PastBye { round: RoundNo(r), player: b });
            }
            prop_assert_eq!(seated.len(), e.players as usize);
        }
        if e.pairing == Pairing::RoundRobin {
            let pairs: usize = sizes.iter().map(|n| n * (n - 1) / 2).sum();
            prop_assert_eq!(met.len(), pairs);
            prop_assert!(met.values().all(|m| *m == 1));
        }
    }
}

/// A knockout is refused in groups, and so is a player who did not play round 1, named by number.
#[test]
fn knockouts_and_late_players_are_refused_in_groups() {
    let players: Vec<_> = (1..=8)
        .map(|n| {
            let mut p = player(n, 0, 0);
            p.participation = vec![n != 8, true];
            p
        })
        .collect();
    let ko = Settings {
        pairing: Pairing::Knockout,
        group_size: 4,
        ..Settings::default()
    };
    let snap = snapshot(1, players.clone(), Vec::new(), Vec::new());
    let Err(DrawError::NoValidPairing(why)) = super::super::draw(&snap, &ko, 1) else {
        panic!("a knockout in groups drawn");
    };
    assert!(why[0].contains("not played in groups"), "{why:?}");
    let swiss = Settings {
        pairing: Pairing::ScoreGroups,
        system: System::Swiss,
        group_size: 4,
        ..Settings::default()
    };
    let round1 = super::super::draw(&snap, &swiss, 1).expect("round 1");
    let mut games = Vec::new();
    for g in &round1.games {
        games.push(game(1, g.white.0, g.black.0, true));
    }
    let snap = snapshot(2, players, games, Vec::new());
    let Err(DrawError::NoValidPairing(why)) = super::super::draw(&snap, &swiss, 1) else {
        panic!("a late player drawn into a group");
    };
    assert!(why[0].contains("#8 did not play round 1"), "{why:?}");
}
