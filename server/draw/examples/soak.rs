//! On-demand soak run: `cargo run --release -p tengen-draw --example soak -- --seed S --rounds 1000000`.
//! Plays random tournaments (seeds S, S+1, …) through the engine and the checker until that many rounds are drawn.
//! Prints its seed first, then progress and a summary; exit status 1 on any violation.
//!
//! Flags: `--seed S` (default 1), `--rounds N` (default 100000), `--mix ci|wide|large` (default ci: the mix of
//! `tests/soak.rs`; wide adds fields up to 300 players; large plays 401–600-player fields, past the engine's dense
//! limit, with every round re-checked against the dense reference), `--only SEED` replays the single tournament of
//! that seed in the chosen mix, printing every round.

use std::process::ExitCode;
use std::time::Instant;

use tengen_draw::generator::{simulate, GenConfig, SoakStats};

struct Args {
    seed: u64,
    rounds: u64,
    only: Option<u64>,
    mix: fn(u64) -> GenConfig,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        seed: 1,
        rounds: 100_000,
        only: None,
        mix: GenConfig::soak,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: not a number: {value}"))
        };
        match flag.as_str() {
            "--seed" => args.seed = number()?,
            "--rounds" => args.rounds = number()?,
            "--only" => args.only = Some(number()?),
            "--mix" => {
                args.mix = match value.as_str() {
                    "ci" => GenConfig::soak,
                    "wide" => GenConfig::soak_wide,
                    "large" => GenConfig::large,
                    _ => return Err(format!("--mix: ci, wide or large, not {value}")),
                }
            }
            _ => {
                return Err(format!(
                    "unknown flag {flag} (use --seed, --rounds, --mix, --only)"
                ))
            }
        }
    }
    Ok(args)
}

fn replay(cfg: GenConfig) -> ExitCode {
    println!("seed {}: {}", cfg.seed, cfg.describe());
    let mut bad = false;
    for report in simulate(cfg) {
        let games = report.result.as_ref().map(|r| r.games.len()).unwrap_or(0);
        println!(
            "round {} (draw seed {}): {} pairable, {} games, {} violations",
            report.round,
            report.draw_seed,
            report.pairable,
            games,
            report.violations.len()
        );
        if let Err(e) = &report.result {
            println!("  engine error: {e}");
        }
        for v in &report.violations {
            println!("  {v}");
            bad = true;
        }
    }
    if bad {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if let Some(seed) = args.only {
        return replay((args.mix)(seed));
    }
    println!("seed {}", args.seed);
    let start = Instant::now();
    let mut tournaments = 0u64;
    let mut stats = SoakStats::default();
    let mut next_report = 10_000;
    while stats.rounds < args.rounds {
        let cfg = (args.mix)(args.seed.wrapping_add(tournaments));
        for report in simulate(cfg.clone()) {
            stats.add(&report);
            if !report.violations.is_empty() {
                println!("VIOLATION {} round {}:", cfg.describe(), report.round);
                for v in report.violations.iter().take(10) {
                    println!("  {v}");
                }
            }
        }
        tournaments += 1;
        if stats.rounds >= next_report || args.rounds <= 1000 {
            println!(
                "{} rounds, {tournaments} tournaments, {} failing, {:.1?}",
                stats.rounds,
                stats.failing_rounds,
                start.elapsed()
            );
            next_report += 10_000;
        }
    }
    println!(
        "done: {} rounds in {tournaments} tournaments (seeds {}..={}), {} failing rounds, {:.1?}",
        stats.rounds,
        args.seed,
        args.seed.wrapping_add(tournaments.saturating_sub(1)),
        stats.failing_rounds,
        start.elapsed()
    );
    println!("{stats}");
    if stats.failing_rounds > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
