//! `tengen bench registrations`, `tengen bench board` and `tengen bench draw-while-registering`: run
//! [`crate::bench`] and print their tables.

use clap::{Args, Subcommand};
use serde::Serialize;

use super::bench_board::{self, BoardArgs};
use super::output::{print_json, Table};
use super::{CliError, Ctx};
use crate::bench::draw::{run_draw_bench, DrawBenchConfig};
use crate::bench::{run_registrations, BenchConfig};
use crate::latency::to_millis;

/// Bench subcommands.
#[derive(Debug, Subcommand)]
pub enum BenchCmd {
    /// Register synthetic players from many desks at once; prints throughput and latency.
    Registrations(RegistrationsArgs),
    /// Players read the public board (live stream and pages) while desks register; the director publishes a
    /// drawn round mid-run. Prints how fast every live reader heard of it; fails if one did not.
    Board(BoardArgs),
    /// Desks register into one tournament while the director draws the next round of a big one (set up first:
    /// players checked in, earlier rounds played and closed). Prints the draw's duration and the desks' latency
    /// during the draws and outside them. Needs the director's token.
    DrawWhileRegistering(DrawArgs),
}

/// Load shape of the draw bench.
#[derive(Debug, Args)]
pub struct DrawArgs {
    /// Checked-in players of the tournament drawn.
    #[arg(long, default_value_t = 2_000)]
    players: usize,
    /// Registration desks, each on its own connection.
    #[arg(long, default_value_t = 16)]
    desks: usize,
    /// Rounds drawn, fully reported and closed before the measured one.
    #[arg(long, default_value_t = 5)]
    rounds_before: u32,
    /// Timed draws of the measured round (the first, then redraws).
    #[arg(long, default_value_t = 5)]
    draws: usize,
    /// Desks alone before, between and after the draws, in ms.
    #[arg(long, default_value_t = 500)]
    gap_ms: u64,
}

#[derive(Serialize)]
struct DrawJson {
    players: usize,
    desks: usize,
    round: u32,
    tables: usize,
    setup_s: f64,
    draw_ms: Vec<f64>,
    during: LatencyJson,
    outside: LatencyJson,
    errors: usize,
    first_error: Option<String>,
}

#[derive(Serialize)]
struct LatencyJson {
    count: usize,
    p50_ms: f64,
    p99_ms: f64,
    max_ms: f64,
}

impl From<crate::latency::LatencySummary> for LatencyJson {
    fn from(l: crate::latency::LatencySummary) -> Self {
        LatencyJson {
            count: l.count,
            p50_ms: to_millis(l.p50),
            p99_ms: to_millis(l.p99),
            max_ms: to_millis(l.max),
        }
    }
}

/// Load shape.
#[derive(Debug, Args)]
pub struct RegistrationsArgs {
    /// Concurrent desks, each on its own connection.
    #[arg(long, default_value_t = 16)]
    desks: usize,
    /// Registrations in total.
    #[arg(long, default_value_t = 20_000)]
    count: usize,
    /// Enter each synthetic player into this tournament.
    #[arg(long)]
    tournament: Option<u64>,
}

#[derive(Serialize)]
struct BenchJson {
    desks: usize,
    commands: usize,
    errors: usize,
    seconds: f64,
    throughput_per_s: f64,
    p50_ms: f64,
    p99_ms: f64,
    max_ms: f64,
    first_error: Option<String>,
}

/// Runs a bench subcommand.
pub async fn run(ctx: &Ctx, cmd: BenchCmd) -> Result<(), CliError> {
    match cmd {
        BenchCmd::Registrations(a) => registrations(ctx, a).await,
        BenchCmd::Board(a) => bench_board::run(ctx, a).await,
        BenchCmd::DrawWhileRegistering(a) => draw_while_registering(ctx, a).await,
    }
}

async fn draw_while_registering(ctx: &Ctx, a: DrawArgs) -> Result<(), CliError> {
    let config = DrawBenchConfig {
        players: a.players,
        desks: a.desks,
        rounds_before: a.rounds_before,
        draws: a.draws,
        gap: std::time::Duration::from_millis(a.gap_ms),
    };
    let report = run_draw_bench(&ctx.settings()?, &config).await?;
    let json = DrawJson {
        players: a.players,
        desks: a.desks,
        round: report.round,
        tables: report.tables,
        setup_s: (report.setup.as_secs_f64() * 10.0).round() / 10.0,
        draw_ms: report.draws.iter().map(|d| to_millis(*d)).collect(),
        during: report.during.into(),
        outside: report.outside.into(),
        errors: report.errors,
        first_error: report.first_error.clone(),
    };
    if ctx.json {
        print_json(&json)?;
    } else {
        println!(
            "tournament {}: {} players, round {} ({} tables) after {:.1} s of set-up; draws: {} ms",
            report.tournament,
            json.players,
            json.round,
            json.tables,
            json.setup_s,
            json.draw_ms
                .iter()
                .map(|d| format!("{d:.0}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let mut table = Table::new(&["desk calls", "count", "p50 ms", "p99 ms", "max ms"]);
        for (name, l) in [("during a draw", &json.during), ("outside", &json.outside)] {
            table.row(vec![
                name.to_string(),
                l.count.to_string(),
                format!("{:.2}", l.p50_ms),
                format!("{:.2}", l.p99_ms),
                format!("{:.2}", l.max_ms),
            ]);
        }
        table.print()?;
        if let Some(e) = &json.first_error {
            eprintln!("first error: {e}");
        }
    }
    if report.errors > 0 {
        Err(CliError::Reported(1))
    } else {
        Ok(())
    }
}

async fn registrations(ctx: &Ctx, a: RegistrationsArgs) -> Result<(), CliError> {
    let config = BenchConfig {
        desks: a.desks,
        count: a.count,
        tournament: a.tournament,
    };
    let report = run_registrations(&ctx.settings()?, &config).await?;
    let json = BenchJson {
        desks: report.desks,
        commands: report.commands,
        errors: report.errors,
        seconds: (report.elapsed.as_secs_f64() * 1000.0).round() / 1000.0,
        throughput_per_s: report.throughput().round(),
        p50_ms: to_millis(report.latency.p50),
        p99_ms: to_millis(report.latency.p99),
        max_ms: to_millis(report.latency.max),
        first_error: report.first_error.clone(),
    };
    if ctx.json {
        print_json(&json)?;
    } else {
        let mut table = Table::new(&[
            "desks",
            "commands",
            "errors",
            "seconds",
            "throughput/s",
            "p50 ms",
            "p99 ms",
            "max ms",
        ]);
        table.row(vec![
            json.desks.to_string(),
            json.commands.to_string(),
            json.errors.to_string(),
            format!("{:.3}", json.seconds),
            format!("{:.0}", json.throughput_per_s),
            format!("{:.2}", json.p50_ms),
            format!("{:.2}", json.p99_ms),
            format!("{:.2}", json.max_ms),
        ]);
        table.print()?;
        if let Some(e) = &json.first_error {
            eprintln!("first error: {e}");
        }
    }
    if report.errors > 0 {
        Err(CliError::Reported(1))
    } else {
        Ok(())
    }
}
