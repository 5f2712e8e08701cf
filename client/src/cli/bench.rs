//! `tengen bench registrations` and `tengen bench board`: run [`crate::bench`] and print their tables.

use clap::{Args, Subcommand};
use serde::Serialize;

use super::bench_board::{self, BoardArgs};
use super::output::{print_json, Table};
use super::{CliError, Ctx};
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
