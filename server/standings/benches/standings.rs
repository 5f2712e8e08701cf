//! Criterion bench: standings of a synthetic 2,000-player, 10-round McMahon field (goal < 50 ms), with the EGF
//! and the Mays profiles. The field is paired by `tengen_draw::generator::quick_round` and played by
//! `play_round` (latecomers, partial players, withdrawals, forfeits, jigos, byes).

use criterion::{criterion_group, criterion_main};
use tengen_draw::generator::{self, GenConfig, Rng};
use tengen_draw::model::{PastBye, RoundNo, Snapshot};
use tengen_standings::settings::{Criterion, OpponentScore, SosRules, Unplayed};
use tengen_standings::{standings, Settings};

fn field(players: usize, rounds: u32, seed: u64) -> Snapshot {
    let cfg = GenConfig::new(players, rounds, seed);
    let mut snapshot = Snapshot {
        round: 1,
        rounds_total: rounds,
        players: generator::players(&cfg),
        games: vec![],
        byes: vec![],
    };
    let mut rng = Rng::new(seed ^ 0x5747);
    for r in 1..=rounds {
        snapshot.round = r;
        let round = generator::quick_round(&snapshot, &cfg.settings);
        let games = generator::play_round(&snapshot, &round, &mut rng, cfg.forfeit_per_mille);
        snapshot.games.extend(games);
        if let Some(bye) = round.bye {
            snapshot.byes.push(PastBye {
                round: round.round,
                player: bye,
            });
        }
    }
    snapshot
}

/// Every criterion once (SACO and head-to-head among the players still tied after MMS and SOS).
fn every_criterion() -> Settings {
    let adjusted = SosRules {
        opponent: OpponentScore::Adjusted,
        unplayed: Unplayed::VirtualOpponent,
        handicap: false,
    };
    Settings {
        criteria: vec![
            Criterion::Mms,
            Criterion::Sos(SosRules::MAYS),
            Criterion::Saco,
            Criterion::HeadToHead,
            Criterion::SosMinus(1, SosRules::EGF),
            Criterion::SosMinus(2, adjusted),
            Criterion::Sosos(SosRules::EGF),
            Criterion::Sodos(adjusted),
            Criterion::Cuss,
            Criterion::Cusp,
            Criterion::Wins,
        ],
        ..Settings::mays()
    }
}

fn bench(c: &mut criterion::Criterion) {
    let snapshot = field(2000, 10, 7);
    let mut group = c.benchmark_group("standings_2000x10");
    group.sample_size(20);
    for (name, settings) in [
        ("egf", Settings::egf()),
        ("mays", Settings::mays()),
        ("every_criterion", every_criterion()),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| standings(&snapshot, RoundNo(10), &settings))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
