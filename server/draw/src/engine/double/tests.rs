//! Double elimination on generated events: any field size, random results (a few double forfeits), both final
//! variants, drawn round by round: nobody plays twice in a round or after a second loss, every game but the final
//! pairs equal numbers of losses, the last round holds the final, and at the end everybody but the winner has
//! lost twice (the runner-up once, when the single final was the winners' section's only loss).

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;

use super::*;
use crate::engine::testutil::{player, snapshot};
use crate::model::{Game, GameResult, HandicapRule, Pairing, PastBye, PastGame, RoundNo};

fn settings() -> Settings {
    Settings {
        pairing: Pairing::DoubleElimination,
        handicap: HandicapRule {
            ceiling: 0,
            ..HandicapRule::default()
        },
        ..Settings::default()
    }
}

#[test]
fn the_rounds_follow_the_field() {
    assert_eq!(rounds_for(1), (0, 0));
    assert_eq!(rounds_for(2), (2, 3));
    assert_eq!(rounds_for(4), (4, 5));
    // Sixteen: four rounds of the winners' section, the losers' section two more, then the final.
    assert_eq!(rounds_for(16), (7, 8));
}

#[derive(Debug, Clone)]
struct Event {
    players: u32,
    twice: bool,
    outcomes: Vec<u8>,
}

fn event() -> impl Strategy<Value = Event> {
    (
        2u32..=24,
        any::<bool>(),
        prop::collection::vec(0u8..20, 600),
    )
        .prop_map(|(players, twice, outcomes)| Event {
            players,
            twice,
            outcomes,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_generated_double_elimination_ends_with_one_winner(e in event()) {
        let n = e.players as usize;
        let (single, twice) = rounds_for(n);
        let total = if e.twice { twice } else { single };
        let players: Vec<_> = (1..=e.players)
            .map(|i| {
                let mut p = player(i, 0, 0);
                p.participation = vec![true; total as usize];
                p
            })
            .collect();
        let mut games: Vec<PastGame> = Vec::new();
        let mut byes: Vec<PastBye> = Vec::new();
        let mut coin = e.outcomes.iter().cycle();
        let mut last_games = 0;
        for r in 1..=total {
            let mut snap = snapshot(r, players.clone(), games.clone(), byes.clone());
            snap.rounds_total = total;
            let lost = losses(&snap, r);
            let round = draw(&snap, &settings(), 5).expect("drawn");
            prop_assert!(round.bye.is_none());
            let mut seated = BTreeSet::new();
            for g in &round.games {
                prop_assert!(seated.insert(g.white) && seated.insert(g.black), "twice in round {}", r);
                let (lw, lb) = (lost[&g.white], lost[&g.black]);
                prop_assert!(lw < 2 && lb < 2, "an eliminated player plays in round {}", r);
                let final_game = lw != lb;
                if final_game {
                    prop_assert_eq!(round.games.len(), 1, "the final is alone in its round");
                }
                let outcome = match coin.next().copied().unwrap_or(0) {
                    0 => Outcome::BothLose,
                    c if c % 2 == 1 => Outcome::WhiteWins,
                    _ => Outcome::BlackWins,
                };
                games.push(PastGame {
                    round: RoundNo(r),
                    white: g.white,
                    black: g.black,
                    handicap: 0,
                    result: GameResult::played(outcome),
                    known_colour: true,
                });
            }
            for p in &round.advancing {
                prop_assert!(seated.insert(*p));
                prop_assert!(lost[p] < 2);
                byes.push(PastBye { round: RoundNo(r), player: *p });
            }
            last_games = round.games.len();
        }
        let end = snapshot(total + 1, players.clone(), games.clone(), byes.clone());
        let lost = losses(&end, total + 1);
        let standing: Vec<PlayerId> = lost.iter().filter(|(_, l)| **l < 2).map(|(p, _)| *p).collect();
        let double_forfeits = games.iter().any(|g| g.result.outcome == Outcome::BothLose);
        if !double_forfeits {
            let by_losses: BTreeMap<u32, usize> = lost.values().fold(BTreeMap::new(), |mut m, l| {
                *m.entry(*l).or_default() += 1;
                m
            });
            if e.twice {
                prop_assert_eq!(standing.len(), 1, "one winner: {:?}", by_losses);
            } else {
                prop_assert!(last_games == 1, "the final ends a single-final event");
                prop_assert!((1..=2).contains(&standing.len()), "{:?}", by_losses);
                if standing.len() == 2 {
                    prop_assert!(standing.iter().all(|p| lost[p] == 1));
                }
            }
        } else {
            prop_assert!(standing.len() <= 2, "{:?}", lost);
        }
    }
}

/// The winners' section is the knockout's bracket: round 1 of five gives the top three seeds a round through
/// without a game, and 4–5 play; round 2 pairs the winners' section only, the loser of 4–5 waiting alone.
#[test]
fn round_one_is_the_bracket_and_a_lone_loser_goes_through() {
    let players: Vec<_> = (1..=5)
        .map(|i| {
            let mut p = player(i, 0, 0);
            p.participation = vec![true; 6];
            p
        })
        .collect();
    let mut snap = snapshot(1, players.clone(), Vec::new(), Vec::new());
    snap.rounds_total = rounds_for(5).0;
    let r1 = draw(&snap, &settings(), 1).expect("round 1");
    let pair = |g: &Game| (g.white.0.min(g.black.0), g.white.0.max(g.black.0));
    assert_eq!(r1.games.iter().map(pair).collect::<Vec<_>>(), [(4, 5)]);
    assert_eq!(r1.advancing, [PlayerId(1), PlayerId(2), PlayerId(3)]);
    let g = &r1.games[0];
    let played = vec![PastGame {
        round: RoundNo(1),
        white: g.white,
        black: g.black,
        handicap: 0,
        result: GameResult::played(Outcome::WhiteWins),
        known_colour: true,
    }];
    let byes: Vec<PastBye> = r1
        .advancing
        .iter()
        .map(|p| PastBye {
            round: RoundNo(1),
            player: *p,
        })
        .collect();
    let mut snap = snapshot(2, players, played, byes);
    snap.rounds_total = rounds_for(5).0;
    let r2 = draw(&snap, &settings(), 1).expect("round 2");
    assert_eq!(r2.games.len(), 2, "the winners' section's semi-finals");
    assert_eq!(r2.advancing, [g.black], "the only loser goes through");
}
