//! Properties on synthetic fields (paired by `tengen_draw::generator::quick_round`, with latecomers, partial
//! players, forfeits, jigos and byes): the order in which games, byes and players are listed never changes the
//! standings, and players equal on every criterion share a place while everyone else gets their own.

use proptest::prelude::*;
use tengen_draw::generator::{self, GenConfig, Rng};
use tengen_draw::model::{PastBye, RoundNo, Snapshot};
use tengen_standings::settings::{Criterion, OpponentScore, SosRules, Unplayed};
use tengen_standings::{standings, Settings, Standings};

fn field(players: usize, rounds: u32, seed: u64) -> Snapshot {
    let mut cfg = GenConfig::new(players, rounds, seed);
    cfg.late_per_mille = 100;
    cfg.partial_per_mille = 150;
    cfg.forfeit_per_mille = 60;
    let mut snapshot = Snapshot {
        round: 1,
        rounds_total: rounds,
        players: generator::players(&cfg),
        games: vec![],
        byes: vec![],
    };
    let mut rng = Rng::new(seed ^ 0xABC);
    for r in 1..=rounds {
        snapshot.round = r;
        let round = generator::quick_round(&snapshot, &cfg.settings);
        snapshot.games.extend(generator::play_round(
            &snapshot,
            &round,
            &mut rng,
            cfg.forfeit_per_mille,
        ));
        if let Some(bye) = round.bye {
            snapshot.byes.push(PastBye {
                round: round.round,
                player: bye,
            });
        }
    }
    snapshot
}

fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// Every criterion once, so the property covers them all.
fn everything() -> Settings {
    let adjusted = SosRules {
        opponent: OpponentScore::Adjusted,
        unplayed: Unplayed::VirtualOpponent,
        handicap: false,
    };
    Settings {
        criteria: vec![
            Criterion::Mms,
            Criterion::Sos(SosRules::MAYS),
            Criterion::SosMinus(1, SosRules::EGF),
            Criterion::SosMinus(2, adjusted),
            Criterion::Sosos(SosRules::EGF),
            Criterion::Sodos(adjusted),
            Criterion::Saco,
            Criterion::HeadToHead,
            Criterion::Cuss,
            Criterion::Cusp,
            Criterion::Median(SosRules::MAYS),
            Criterion::Ext,
            Criterion::Exr,
            Criterion::Sdc,
            Criterion::Wins,
            Criterion::Rating,
            Criterion::Rank,
        ],
        ..Settings::mays()
    }
}

fn check_places(s: &Standings) {
    for (i, row) in s.rows.iter().enumerate() {
        if i == 0 {
            assert_eq!(row.place, 1);
            continue;
        }
        let prev = &s.rows[i - 1];
        if prev.values == row.values && row.values.iter().all(Option::is_some) {
            assert_eq!(
                row.place, prev.place,
                "equal on every criterion must share a place"
            );
            assert!(row.shared && prev.shared);
        } else if prev.values == row.values {
            // Group criteria are left uncomputed only for players alone in their group.
            assert_eq!(row.place, prev.place);
        } else {
            assert_eq!(
                row.place as usize,
                i + 1,
                "a different player gets their own place"
            );
            let first = prev.values.iter().zip(&row.values).find(|(a, b)| a != b);
            if let Some((Some(a), Some(b))) = first {
                assert!(a > b, "rows sorted by the first differing criterion");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn order_of_games_byes_and_players_never_changes_standings(seed in 0u64..1_000, perm in any::<u64>(), n in 6usize..40) {
        let snapshot = field(n, 6, seed);
        let mut shuffled = snapshot.clone();
        let mut rng = Rng::new(perm);
        shuffle(&mut shuffled.games, &mut rng);
        shuffle(&mut shuffled.byes, &mut rng);
        shuffle(&mut shuffled.players, &mut rng);
        for settings in [everything(), Settings::mays(), Settings::egf()] {
            for after in [3, 6] {
                let a = standings(&snapshot, RoundNo(after), &settings);
                let b = standings(&shuffled, RoundNo(after), &settings);
                prop_assert_eq!(&a, &b);
                check_places(&a);
                for section in &a.sections {
                    prop_assert!(!section.winners().is_empty());
                }
            }
        }
    }
}
