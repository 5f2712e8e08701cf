//! The generalised knockout on generated events played round by round: with 2^k players every round pairs equal
//! result sequences and nobody meets twice in k rounds; with any field everyone present plays once (or has the
//! single bye of an odd field), a group's pairs are first against last, and no bye goes twice while it can be
//! avoided.

use std::collections::BTreeSet;

use proptest::prelude::*;

use super::*;
use crate::engine::testutil::{game, player, snapshot};
use crate::model::{HandicapRule, Pairing, PastBye, RoundNo};

fn settings() -> Settings {
    Settings {
        pairing: Pairing::Sequence,
        handicap: HandicapRule {
            ceiling: 0,
            ..HandicapRule::default()
        },
        ..Settings::default()
    }
}

/// Plays `rounds` rounds of `n` players (numbers 1..n), White winning where `white_wins` says; the rounds drawn.
fn play(n: u32, rounds: u32, white_wins: &[bool]) -> Vec<(Snapshot, Round)> {
    let players: Vec<_> = (1..=n).map(|i| player(i, -1, 0)).collect();
    let mut games = Vec::new();
    let mut byes: Vec<PastBye> = Vec::new();
    let mut out = Vec::new();
    let mut coin = white_wins.iter().cycle();
    for r in 1..=rounds {
        let mut snap = snapshot(r, players.clone(), games.clone(), byes.clone());
        snap.rounds_total = rounds;
        let round = draw(&snap, &settings(), u64::from(r)).expect("drawn");
        for g in &round.games {
            games.push(game(r, g.white.0, g.black.0, *coin.next().unwrap_or(&true)));
        }
        if let Some(b) = round.bye {
            byes.push(PastBye {
                round: RoundNo(r),
                player: b,
            });
        }
        out.push((snap, round));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// 2^k players over k rounds: each game is between equal sequences, nobody meets twice, nobody has a bye,
    /// and after k rounds every sequence is different (a complete order, as a knockout's).
    #[test]
    fn a_power_of_two_pairs_equal_sequences_and_never_repeats(
        k in 1u32..=5,
        white_wins in prop::collection::vec(any::<bool>(), 1..64),
    ) {
        let n = 1u32 << k;
        let played = play(n, k, &white_wins);
        let mut met = BTreeSet::new();
        for (snap, round) in &played {
            let seqs = sequences(snap, round.round.0);
            prop_assert_eq!(round.games.len() as u32, n / 2);
            prop_assert!(round.bye.is_none());
            for g in &round.games {
                prop_assert_eq!(&seqs[&g.white], &seqs[&g.black], "round {}", round.round.0);
                prop_assert!(met.insert(pair_key(g.white, g.black)), "a repeat");
            }
        }
        // The last round's results (any: each of its games was between equal sequences) complete the order.
        let finals = {
            let (snap, round) = &played[played.len() - 1];
            let mut s = snap.clone();
            for g in &round.games {
                s.games.push(game(round.round.0, g.white.0, g.black.0, true));
            }
            s
        };
        let seqs = sequences(&finals, k + 1);
        let distinct: BTreeSet<&Vec<u8>> = seqs.values().collect();
        prop_assert_eq!(distinct.len() as u32, n, "every place decided");
    }

    /// Any field: everyone plays once per round or has the single bye of an odd field, nobody has two byes
    /// while n exceeds the rounds, and games cross sequence groups only through the weakest of an odd group.
    #[test]
    fn any_field_seats_everyone_once(
        n in 2u32..=40,
        rounds in 1u32..=6,
        white_wins in prop::collection::vec(any::<bool>(), 1..64),
    ) {
        let played = play(n, rounds, &white_wins);
        let mut byes = BTreeSet::new();
        for (snap, round) in &played {
            let mut seated = BTreeSet::new();
            for g in &round.games {
                prop_assert!(seated.insert(g.white) && seated.insert(g.black));
            }
            if let Some(b) = round.bye {
                prop_assert!(seated.insert(b));
                if n > rounds {
                    prop_assert!(byes.insert(b), "a second bye for {}", b);
                }
            }
            prop_assert_eq!(seated.len() as u32, n);
            prop_assert_eq!(round.bye.is_some(), n % 2 == 1);
            let seqs = sequences(snap, round.round.0);
            let groups: BTreeSet<&Vec<u8>> = seqs.values().collect();
            let crossing = round
                .games
                .iter()
                .filter(|g| seqs[&g.white] != seqs[&g.black])
                .count();
            prop_assert!(crossing <= groups.len(), "round {}: {} games across groups", round.round.0, crossing);
        }
    }
}

/// Round 1 of eight is a knockout's: 1–8, 2–7, 3–6, 4–5 on tables 1 to 4.
#[test]
fn round_one_is_seeded_first_against_last() {
    let played = play(8, 1, &[true]);
    let pairs: Vec<(u32, u32)> = played[0]
        .1
        .games
        .iter()
        .map(|g| (g.white.0.min(g.black.0), g.white.0.max(g.black.0)))
        .collect();
    assert_eq!(pairs, [(1, 8), (2, 7), (3, 6), (4, 5)]);
}

/// Sequences compare an early win above a later one: W L above L W.
#[test]
fn an_early_win_orders_above_a_late_one() {
    let players: Vec<_> = (1..=4).map(|i| player(i, -1, 0)).collect();
    let games = vec![
        game(1, 1, 2, true),
        game(1, 3, 4, true),
        game(2, 1, 3, false),
        game(2, 2, 4, true),
    ];
    let snap = snapshot(3, players, games, Vec::new());
    let s = sequences(&snap, 3);
    assert_eq!(s[&PlayerId(1)], [2, 0]);
    assert_eq!(s[&PlayerId(2)], [0, 2]);
    assert!(s[&PlayerId(1)] > s[&PlayerId(2)]);
}

#[test]
fn refuses_a_player_who_did_not_play_round_one() {
    let mut players: Vec<_> = (1..=4).map(|i| player(i, -1, 0)).collect();
    for p in &mut players {
        p.participation = vec![true; 2];
    }
    players[3].participation[0] = false;
    let mut snap = snapshot(
        2,
        players,
        vec![game(1, 1, 3, true)],
        vec![PastBye {
            round: RoundNo(1),
            player: PlayerId(2),
        }],
    );
    snap.rounds_total = 2;
    let err = draw(&snap, &settings(), 1).expect_err("latecomer");
    assert!(err.to_string().contains("#4 did not play round 1"), "{err}");
}
