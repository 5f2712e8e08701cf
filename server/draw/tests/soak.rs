//! Soak test: random tournaments played through the engine and the checker, at least 10,000 rounds in total, with
//! no violation allowed. Replay a failure with `cargo run --release -p tengen-draw --example soak -- --only SEED`.
//!
//! `SOAK_SEED` (default 20261122) and `SOAK_ROUNDS` (default 10000) override the run.

use std::collections::BTreeMap;

use tengen_draw::checker::{check, Rule};
use tengen_draw::generator::{simulate, GenConfig, Simulation, SoakStats};
use tengen_draw::{Round, Snapshot, Warning};

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn ten_thousand_random_rounds_break_no_rule() {
    let base = env_u64("SOAK_SEED", 20_261_122);
    let target = env_u64("SOAK_ROUNDS", 10_000);
    eprintln!("soak: seeds from {base}, at least {target} rounds");
    let (mut rounds, mut tournaments) = (0u64, 0u64);
    let mut failures = Vec::new();
    let mut stats = SoakStats::default();
    while rounds < target {
        let seed = base.wrapping_add(tournaments);
        let cfg = GenConfig::soak(seed);
        for report in simulate(cfg.clone()) {
            rounds += 1;
            stats.add(&report);
            if !report.violations.is_empty() && failures.len() < 20 {
                let list: Vec<String> = report
                    .violations
                    .iter()
                    .take(5)
                    .map(|v| v.to_string())
                    .collect();
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
    eprintln!("soak: {stats}");
    assert!(
        failures.is_empty(),
        "{} failing rounds:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Mutations of a correct round, each with the rule the checker must report.
fn mutations(before: &Snapshot, round: &Round) -> Vec<(&'static str, Round, Vec<Rule>)> {
    let mut out = Vec::new();
    if !round.games.is_empty() {
        let mut r = round.clone();
        r.games.pop();
        out.push(("dropped game", r, vec![Rule::Unpaired]));
        let mut r = round.clone();
        r.games[0].handicap = if r.games[0].handicap == 9 {
            8
        } else {
            r.games[0].handicap + 1
        };
        out.push(("wrong handicap", r, vec![Rule::Handicap]));
        let g = &round.games[0];
        let repeat = before.games.iter().any(|p| {
            (p.white, p.black) == (g.white, g.black) || (p.white, p.black) == (g.black, g.white)
        });
        if !repeat {
            let mut r = round.clone();
            r.warnings.push(Warning::RepeatedGame(g.white, g.black));
            out.push(("false repeat warning", r, vec![Rule::FalseWarning]));
        }
    }
    if round.games.len() >= 2 {
        let mut r = round.clone();
        r.games[1].table = r.games[0].table;
        out.push(("shared table", r, vec![Rule::Table]));
    }
    if round.bye.is_none() && !round.games.is_empty() {
        let mut r = round.clone();
        let g = r.games.pop().expect("not empty");
        r.bye = Some(g.white);
        out.push(("bye on an even field", r, vec![Rule::Bye]));
    }
    let required = round.warnings.iter().any(|w| {
        matches!(
            w,
            Warning::RepeatedGame(..)
                | Warning::SameFamily(..)
                | Warning::ColourImbalance { .. }
                | Warning::HandicapInTopGroup { .. }
        )
    });
    if required {
        let mut r = round.clone();
        r.warnings.clear();
        out.push((
            "dropped warnings",
            r,
            vec![Rule::MissingWarning, Rule::Repeat, Rule::Family],
        ));
    }
    out
}

/// Breaks engine rounds on purpose and expects the checker to notice every time.
#[test]
fn the_checker_catches_broken_rounds() {
    let mut caught = BTreeMap::<&str, u32>::new();
    for seed in 0..150 {
        let cfg = GenConfig::soak(900_000 + seed);
        let mut sim = Simulation::new(cfg.clone());
        loop {
            let before = sim.snapshot.clone();
            let Some(report) = sim.next() else { break };
            let Ok(round) = &report.result else { continue };
            for (name, broken, rules) in mutations(&before, round) {
                let v = check(&before, &cfg.settings, &broken);
                assert!(
                    v.iter().any(|v| rules.contains(&v.rule)),
                    "{name} not caught as {rules:?} ({}, round {}): {v:?}",
                    cfg.describe(),
                    report.round
                );
                *caught.entry(name).or_default() += 1;
            }
        }
    }
    eprintln!("mutations caught: {caught:?}");
    assert_eq!(
        caught.len(),
        6,
        "every kind of mutation was tried: {caught:?}"
    );
}
