//! On-demand soak run: `cargo run --release -p tengen-draw --example soak -- --seed S --rounds 1000000`.
//! Plays random tournaments (seeds S, S+1, …) through the engine and the checker until that many rounds are drawn.
//! Prints its seed first, then progress and a summary; exit status 1 on any violation.
//! `--only SEED` replays the single tournament of that seed, printing every round.

use std::process::ExitCode;
use std::time::Instant;

use tengen_draw::generator::{simulate, GenConfig, SoakStats};

struct Args {
    seed: u64,
    rounds: u64,
    only: Option<u64>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        seed: 1,
        rounds: 100_000,
        only: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let n: u64 = value.parse().map_err(|_| format!("{flag}: not a number: {value}"))?;
        match flag.as_str() {
            "--seed" => args.seed = n,
            "--rounds" => args.rounds = n,
            "--only" => args.only = Some(n),
            _ => return Err(format!("unknown flag {flag} (use --seed, --rounds, --only)")),
        }
    }
    Ok(args)
}

fn replay(seed: u64) -> ExitCode {
    let cfg = GenConfig::soak(seed);
    println!("seed {seed}: {}", cfg.describe());
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
        return replay(seed);
    }
    println!("seed {}", args.seed);
    let start = Instant::now();
    let (mut rounds, mut tournaments, mut failing) = (0u64, 0u64, 0u64);
    let mut stats = SoakStats::default();
    let mut next_report = 10_000;
    while rounds < args.rounds {
        let seed = args.seed.wrapping_add(tournaments);
        let cfg = GenConfig::soak(seed);
        for report in simulate(cfg.clone()) {
            rounds += 1;
            stats.add(&report);
            if !report.violations.is_empty() {
                failing += 1;
                println!("VIOLATION {} round {}:", cfg.describe(), report.round);
                for v in report.violations.iter().take(10) {
                    println!("  {v}");
                }
            }
        }
        tournaments += 1;
        if rounds >= next_report {
            println!(
                "{rounds} rounds, {tournaments} tournaments, {failing} failing, {:.1?}",
                start.elapsed()
            );
            next_report += 10_000;
        }
    }
    println!(
        "done: {rounds} rounds in {tournaments} tournaments (seeds {}..={}), {failing} failing rounds, {:.1?}",
        args.seed,
        args.seed.wrapping_add(tournaments.saturating_sub(1)),
        start.elapsed()
    );
    println!("{stats}");
    if failing > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
