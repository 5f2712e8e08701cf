//! The knockout on generated events: any field size, random results decided round by round, each round drawn
//! twice (once when only part of the previous round is decided, then again when all of it is): exactly one winner,
//! every game between the winners of its two feeding matches, byes only in round 1 and only to the top seeds, and
//! an early draw pairing only what is decided.

use std::collections::BTreeSet;

use proptest::prelude::*;

use super::*;
use crate::engine::testutil::{game, player, snapshot};
use crate::model::{HandicapRule, Pairing, PastBye, PastGame};

fn settings() -> Settings {
    Settings {
        pairing: Pairing::Knockout,
        handicap: HandicapRule {
            ceiling: 0,
            ..HandicapRule::default()
        },
        ..Settings::default()
    }
}

#[test]
fn the_bracket_order_keeps_the_top_seeds_apart() {
    assert_eq!(bracket_order(2), [1, 2]);
    assert_eq!(bracket_order(4), [1, 4, 2, 3]);
    assert_eq!(bracket_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
    for size in [2usize, 4, 8, 16, 32, 64] {
        let order = bracket_order(size);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=size).collect::<Vec<_>>());
        for pair in order.chunks(2) {
            assert_eq!(pair[0] + pair[1], size + 1, "{size}: {order:?}");
        }
        // Seeds 1 and 2 are in different halves.
        let half = |s: usize| order.iter().position(|x| *x == s).map(|i| i < size / 2);
        assert_ne!(half(1), half(2));
    }
    assert_eq!(rounds_for(2), 1);
    assert_eq!(rounds_for(5), 3);
    assert_eq!(rounds_for(8), 3);
    assert_eq!(rounds_for(9), 4);
}

/// A snapshot before `round` of players numbered 1..=n (ids = numbers), with `games` and `byes` so far.
fn before(n: u32, round: u32, games: &[PastGame], byes: &[PastBye]) -> Snapshot {
    let mut players: Vec<_> = (1..=n).map(|i| player(i, -1, 0)).collect();
    let seated: BTreeSet<PlayerId> = games
        .iter()
        .filter(|g| g.round.0 == 1)
        .flat_map(|g| [g.white, g.black])
        .chain(byes.iter().filter(|b| b.round.0 == 1).map(|b| b.player))
        .collect();
    let depth = rounds_for(n as usize);
    for p in &mut players {
        p.participation = (1..=depth)
            .map(|r| r >= round || r > 1 || seated.contains(&p.id))
            .collect();
    }
    let mut s = snapshot(round, players, games.to_vec(), byes.to_vec());
    s.rounds_total = depth;
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_generated_knockout_has_one_winner_of_winners(
        n in 2u32..=40,
        white_wins in prop::collection::vec(any::<bool>(), 64),
        early in 0usize..8,
    ) {
        let depth = rounds_for(n as usize);
        let size = (n as usize).next_power_of_two();
        let mut games: Vec<PastGame> = Vec::new();
        let mut byes: Vec<PastBye> = Vec::new();
        let mut coin = white_wins.iter().cycle();
        // Who is still in after each round: everybody before round 1.
        let mut alive: BTreeSet<PlayerId> = (1..=n).map(PlayerId).collect();
        for r in 1..=depth {
            // Drawn early: with only the first `early` games of the previous round decided.
            if r > 1 {
                let mut partial = games.clone();
                for (decided, g) in partial
                    .iter_mut()
                    .filter(|g| g.round.0 == r - 1)
                    .enumerate()
                {
                    if decided >= early {
                        g.result.outcome = Outcome::Unknown;
                    }
                }
                let early_round = draw(&before(n, r, &partial, &byes), &settings(), 1).expect("early draw");
                let full = draw(&before(n, r, &games, &byes), &settings(), 1).expect("draw");
                let full_pairs: BTreeSet<_> = full.games.iter().map(|g| pair_key(g.white, g.black)).collect();
                for g in &early_round.games {
                    prop_assert!(full_pairs.contains(&pair_key(g.white, g.black)), "an early game stands");
                }
                prop_assert!(early_round.games.len() <= full.games.len());
            }
            let round = draw(&before(n, r, &games, &byes), &settings(), 1).expect("draw");
            if r == 1 {
                // Byes only to the top seeds, as many as the bracket has empty places.
                let expected: Vec<PlayerId> = (1..=(size as u32 - n)).map(PlayerId).collect();
                prop_assert_eq!(&round.advancing, &expected);
                for g in &round.games {
                    prop_assert_eq!(g.white.0 + g.black.0, size as u32 + 1, "seed s meets size + 1 − s");
                }
            } else {
                prop_assert!(round.advancing.is_empty(), "no bye after round 1 without a double loss");
            }
            let mut next = BTreeSet::new();
            for g in &round.games {
                prop_assert!(alive.contains(&g.white) && alive.contains(&g.black), "only winners play on");
                let white_won = *coin.next().unwrap_or(&true);
                games.push(game(r, g.white.0, g.black.0, white_won));
                next.insert(if white_won { g.white } else { g.black });
            }
            for p in &round.advancing {
                prop_assert!(alive.contains(p));
                byes.push(PastBye { round: RoundNo(r), player: *p });
                next.insert(*p);
            }
            prop_assert_eq!(next.len(), size >> r, "round {}: the bracket halves", r);
            alive = next;
        }
        prop_assert_eq!(alive.len(), 1, "exactly one winner");
        let final_bracket = bracket(&before(n, depth + 1, &games, &byes), depth);
        prop_assert_eq!(final_bracket.champion(), alive.first().copied());
    }
}

/// A walk-over: a game lost by both players leaves nobody, and the next round's opponent goes through.
#[test]
fn both_losing_gives_the_other_side_a_walk_over() {
    let mut both_lose = game(1, 2, 3, true);
    both_lose.result.outcome = Outcome::BothLose;
    let games = vec![game(1, 1, 4, true), both_lose];
    let round = draw(&before(4, 2, &games, &[]), &settings(), 1).expect("draw");
    assert!(round.games.is_empty());
    assert_eq!(round.advancing, [PlayerId(1)]);
}

#[test]
fn a_jigo_stops_the_next_round_until_the_director_decides() {
    let mut jigo = game(1, 2, 3, true);
    jigo.result.outcome = Outcome::Jigo;
    let games = vec![game(1, 1, 4, true), jigo];
    let err = draw(&before(4, 2, &games, &[]), &settings(), 1).expect_err("no winner");
    assert!(err.to_string().contains("has no single winner"), "{err}");
}

#[test]
fn refuses_rounds_other_than_the_brackets() {
    let mut s = before(6, 1, &[], &[]);
    s.rounds_total = 4;
    let err = draw(&s, &settings(), 1).expect_err("6 players: 3 rounds");
    assert!(
        err.to_string()
            .contains("a knockout of 6 players plays 3 rounds"),
        "{err}"
    );
}
