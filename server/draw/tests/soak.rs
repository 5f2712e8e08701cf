//! Soak test: random tournaments played through the engine and the checker, at least 10,000 rounds in total, with
//! no violation allowed. Replay a failure with `cargo run --release -p tengen-draw --example soak -- --only SEED`.
//!
//! `SOAK_SEED` (default 20261122) and `SOAK_ROUNDS` (default 10000) override the run.

use tengen_draw::generator::{simulate, GenConfig};

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn ten_thousand_random_rounds_break_no_rule() {
    let base = env_u64("SOAK_SEED", 20_261_122);
    let target = env_u64("SOAK_ROUNDS", 10_000);
    eprintln!("soak: seeds from {base}, at least {target} rounds");
    let (mut rounds, mut tournaments) = (0u64, 0u64);
    let mut failures = Vec::new();
    while rounds < target {
        let seed = base.wrapping_add(tournaments);
        let cfg = GenConfig::soak(seed);
        for report in simulate(cfg.clone()) {
            rounds += 1;
            if !report.violations.is_empty() && failures.len() < 20 {
                let list: Vec<String> = report.violations.iter().take(5).map(|v| v.to_string()).collect();
                failures.push(format!(
                    "{} round {} (draw seed {}): {}",
                    cfg.describe(),
                    report.round,
                    report.draw_seed,
                    list.join(" | ")
                ));
            }
        }
        tournaments += 1;
    }
    let last = base.wrapping_add(tournaments - 1);
    eprintln!("soak: {rounds} rounds in {tournaments} tournaments, seeds {base}..={last}");
    assert!(failures.is_empty(), "{} failing rounds:\n{}", failures.len(), failures.join("\n"));
}
