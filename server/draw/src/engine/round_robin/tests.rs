//! The round robin's schedule, exhaustively for every size a congress runs, and its draw on generated events
//! played round by round (random numbers with gaps, absences, results, one or two cycles).

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;

use super::*;
use crate::engine::testutil::{game, mays, player, snapshot};
use crate::model::{HandicapRule, Pairing, PastBye, PlayerId, RoundNo};

fn settings() -> Settings {
    Settings {
        pairing: Pairing::RoundRobin,
        handicap: HandicapRule {
            ceiling: 0,
            ..HandicapRule::default()
        },
        ..Settings::default()
    }
}

/// Every size up to 30: each pair meets exactly once per cycle, everybody plays (or sits out, odd sizes) exactly
/// once per round, Whites and Blacks differ by at most one per cycle and never three of a colour in a row.
#[test]
fn berger_tables_meet_everyone_once_with_balanced_alternating_colours() {
    for n in 2..=30usize {
        let per_cycle = rounds_per_cycle(n);
        assert_eq!(per_cycle, if n % 2 == 0 { n - 1 } else { n }, "n={n}");
        let mut met = BTreeSet::new();
        let mut colours: Vec<Vec<bool>> = vec![Vec::new(); n];
        let mut byes = vec![0; n];
        for k in 0..per_cycle {
            let (games, bye) = berger_round(n, k);
            let mut seen = BTreeSet::new();
            for &(w, b) in &games {
                assert!(w < n && b < n && w != b, "n={n} k={k}: {w}-{b}");
                assert!(seen.insert(w) && seen.insert(b), "n={n} k={k}: twice");
                assert!(met.insert((w.min(b), w.max(b))), "n={n}: {w}-{b} again");
                colours[w].push(true);
                colours[b].push(false);
            }
            if let Some(s) = bye {
                assert!(seen.insert(s), "n={n} k={k}: bye and game");
                byes[s] += 1;
            }
            assert_eq!(seen.len(), n, "n={n} k={k}: someone left out");
            assert_eq!(bye.is_some(), n % 2 == 1);
        }
        assert_eq!(met.len(), n * (n - 1) / 2, "n={n}");
        for (seat, c) in colours.iter().enumerate() {
            let whites = c.iter().filter(|w| **w).count() as i64;
            let blacks = c.len() as i64 - whites;
            assert!((whites - blacks).abs() <= 1, "n={n} seat {seat}: {c:?}");
            assert!(
                !c.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
                "n={n} seat {seat}: three of a colour in a row: {c:?}"
            );
        }
        assert!(byes.iter().all(|b| *b == usize::from(n % 2 == 1)), "n={n}");
    }
}

/// Round 1 is the published table's: 1–n, 2–(n−1), … (seats are player numbers less one).
#[test]
fn round_one_pairs_the_top_against_the_bottom() {
    let unordered = |games: &[(usize, usize)]| -> BTreeSet<(usize, usize)> {
        games.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect()
    };
    let (games, bye) = scheduled_round(8, 1);
    assert_eq!(
        unordered(&games),
        BTreeSet::from([(0, 7), (1, 6), (2, 5), (3, 4)])
    );
    assert_eq!(bye, None);
    let (games, bye) = scheduled_round(5, 1);
    assert_eq!(unordered(&games), BTreeSet::from([(1, 4), (2, 3)]));
    assert_eq!(bye, Some(0));
}

/// A double round robin plays the same games again with the colours swapped: everybody ends level.
#[test]
fn the_second_cycle_swaps_colours() {
    for n in 2..=12usize {
        let per_cycle = rounds_per_cycle(n);
        let mut balance = vec![0i64; n];
        for r in 1..=2 * per_cycle {
            let (games, _) = scheduled_round(n, r);
            if r > per_cycle {
                let (first, _) = scheduled_round(n, r - per_cycle);
                let swapped: Vec<(usize, usize)> = first.iter().map(|&(w, b)| (b, w)).collect();
                assert_eq!(games, swapped, "n={n} r={r}");
            }
            for (w, b) in games {
                balance[w] += 1;
                balance[b] -= 1;
            }
        }
        assert!(balance.iter().all(|b| *b == 0), "n={n}: {balance:?}");
    }
}

/// A generated event: `numbers` are the players' numbers (gaps allowed, listed weakest first so ids and numbers
/// disagree), `absent[r][i]` says player `i` does not play round `r + 1` (never round 1).
#[derive(Debug, Clone)]
struct Event {
    numbers: Vec<u32>,
    cycles: usize,
    absent: Vec<Vec<bool>>,
    white_wins: Vec<bool>,
}

fn event() -> impl Strategy<Value = Event> {
    (2usize..=14, 1usize..=2).prop_flat_map(|(n, cycles)| {
        let rounds = rounds_per_cycle(n) * cycles;
        (
            prop::collection::btree_set(1u32..200, n),
            prop::collection::vec(prop::collection::vec(prop::bool::weighted(0.1), n), rounds),
            prop::collection::vec(any::<bool>(), rounds * n),
        )
            .prop_map(move |(numbers, absent, white_wins)| Event {
                numbers: numbers.into_iter().rev().collect(),
                cycles,
                absent,
                white_wins,
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Drawn round by round with the results fed back: every pair meets exactly once per cycle, absent players
    /// keep their scheduled game, the bye goes once per cycle to each player of an odd field, tables are numbered
    /// from 1 and colours differ by at most one per cycle (even games).
    #[test]
    fn a_generated_round_robin_meets_every_pair_once_per_cycle(e in event()) {
        let n = e.numbers.len();
        let per_cycle = rounds_per_cycle(n);
        let total = per_cycle * e.cycles;
        let mut players: Vec<_> = e
            .numbers
            .iter()
            .enumerate()
            .map(|(i, &no)| {
                let mut p = player(i as u32 + 1, -1, 0);
                p.number = no;
                p.participation = vec![true; total];
                p
            })
            .collect();
        for (r, absent) in e.absent.iter().enumerate().skip(1) {
            for (i, a) in absent.iter().enumerate() {
                players[i].participation[r] = !a;
            }
        }
        let mut games = Vec::new();
        let mut byes: Vec<PastBye> = Vec::new();
        let mut met: BTreeMap<(u32, u32), usize> = BTreeMap::new();
        let mut balance: BTreeMap<u32, i64> = BTreeMap::new();
        let mut bye_count: BTreeMap<u32, usize> = BTreeMap::new();
        for r in 1..=total as u32 {
            let mut snap = snapshot(r, players.clone(), games.clone(), byes.clone());
            snap.rounds_total = total as u32;
            let round = draw(&snap, &settings(), 7).expect("drawn");
            prop_assert_eq!(round.round, RoundNo(r));
            let tables: Vec<u32> = round.games.iter().map(|g| g.table).collect();
            prop_assert_eq!(tables, (1..=round.games.len() as u32).collect::<Vec<_>>());
            prop_assert_eq!(round.games.len(), n / 2);
            prop_assert_eq!(round.bye.is_some(), n % 2 == 1);
            let mut seated = BTreeSet::new();
            for (i, g) in round.games.iter().enumerate() {
                prop_assert!(seated.insert(g.white) && seated.insert(g.black));
                prop_assert_eq!(g.handicap, 0);
                *met.entry((g.white.0.min(g.black.0), g.white.0.max(g.black.0))).or_default() += 1;
                *balance.entry(g.white.0).or_default() += 1;
                *balance.entry(g.black.0).or_default() -= 1;
                games.push(game(r, g.white.0, g.black.0, e.white_wins[(r as usize - 1) * n + i]));
            }
            if let Some(b) = round.bye {
                prop_assert!(seated.insert(b));
                *bye_count.entry(b.0).or_default() += 1;
                byes.push(PastBye { round: RoundNo(r), player: b });
            }
            prop_assert_eq!(seated.len(), n);
            if (r as usize).is_multiple_of(per_cycle) {
                let cycles_done = r as usize / per_cycle;
                prop_assert_eq!(met.len(), n * (n - 1) / 2);
                prop_assert!(met.values().all(|m| *m == cycles_done), "{:?}", met);
                prop_assert!(balance.values().all(|b| b.abs() <= 1), "{:?}", balance);
                if n % 2 == 1 {
                    prop_assert!(bye_count.values().all(|b| *b == cycles_done));
                    prop_assert_eq!(bye_count.len(), n);
                }
            }
        }
    }
}

/// Round 1's top board is numbers 1 and n: the draw seats players by number, not by id.
#[test]
fn seats_follow_player_numbers() {
    let mut players: Vec<_> = (1..=4).map(|n| player(n, -1, 0)).collect();
    // Ids 1..4 carry numbers 4, 3, 2, 1.
    for p in &mut players {
        p.number = 5 - p.id.0;
    }
    let mut snap = snapshot(1, players, Vec::new(), Vec::new());
    snap.rounds_total = 3;
    let round = draw(&snap, &settings(), 1).expect("drawn");
    let top = &round.games[0];
    let pair = (top.white.0.min(top.black.0), top.white.0.max(top.black.0));
    assert_eq!(pair, (1, 4), "numbers 1 (id 4) and 4 (id 1) on table 1");
}

#[test]
fn refuses_a_number_of_rounds_that_is_not_whole_cycles() {
    let mut snap = snapshot(
        1,
        (1..=6).map(|n| player(n, -1, 0)).collect(),
        Vec::new(),
        Vec::new(),
    );
    snap.rounds_total = 4;
    let err = draw(&snap, &settings(), 1).expect_err("6 players need 5 rounds");
    assert!(
        err.to_string()
            .contains("a round robin of 6 players plays 5 rounds (10 for a double round robin)"),
        "{err}"
    );
    snap.rounds_total = 10;
    assert!(draw(&snap, &settings(), 1).is_ok());
    let mut one = snapshot(1, vec![player(1, -1, 0)], Vec::new(), Vec::new());
    one.rounds_total = 1;
    let err = draw(&one, &settings(), 1).expect_err("alone");
    assert!(err.to_string().contains("at least two players"), "{err}");
}

#[test]
fn refuses_a_player_who_did_not_play_round_one() {
    let mut players: Vec<_> = (1..=5).map(|n| player(n, -1, 0)).collect();
    for p in &mut players {
        p.participation = vec![true; 3];
    }
    players[4].participation[0] = false;
    let mut snap = snapshot(
        2,
        players,
        vec![game(1, 1, 4, true), game(1, 2, 3, false)],
        Vec::new(),
    );
    snap.rounds_total = 3;
    let err = draw(&snap, &settings(), 1).expect_err("latecomer");
    assert!(err.to_string().contains("#5 did not play round 1"), "{err}");
}

#[test]
fn refuses_a_schedule_broken_by_hand() {
    let players: Vec<_> = (1..=4).map(|n| player(n, -1, 0)).collect();
    // Round 1 by the table is 1–4, 2–3; the director paired 1–2, 3–4 by hand, which round 2 or 3 repeats.
    let games = vec![game(1, 1, 2, true), game(1, 3, 4, true)];
    let mut blocked = None;
    for r in 2..=3 {
        let mut snap = snapshot(r, players.clone(), games.clone(), Vec::new());
        snap.rounds_total = 3;
        if let Err(e) = draw(&snap, &settings(), 1) {
            blocked = Some(e.to_string());
        }
    }
    let err = blocked.expect("one of rounds 2 and 3 repeats a game");
    assert!(err.contains("who already met in this cycle"), "{err}");
}

/// With a rank-based handicap rule (Mays': below 8d, correction 1), the stronger player takes White and the
/// stones follow the rank difference.
#[test]
fn handicap_games_give_white_to_the_stronger() {
    let players = vec![player(1, 3, 0), player(2, -1, 0)];
    let mut snap = snapshot(1, players, Vec::new(), Vec::new());
    snap.rounds_total = 1;
    let s = Settings {
        pairing: Pairing::RoundRobin,
        handicap: mays().handicap,
        ..Settings::default()
    };
    let round = draw(&snap, &s, 1).expect("drawn");
    assert_eq!(round.games[0].white, PlayerId(1));
    assert_eq!(round.games[0].handicap, 3);
}
