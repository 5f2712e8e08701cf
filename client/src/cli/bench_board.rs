//! `tengen bench board`: runs [`crate::bench::board`] and prints its table (or JSON); exits 1 when a live
//! reader missed the publish, the board showed the draw early, or a fetch or registration failed.

use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::output::{print_json, write_stdout, Table};
use super::{CliError, Ctx};
use crate::bench::board::{run_board, BoardConfig, BoardReport, PageKind};
use crate::latency::{to_millis, LatencySummary};

/// Load shape. Needs the director's token, and about `--sse` + `--fetchers` + 100 open files here and on the
/// server (`ulimit -n 4096` before starting both).
#[derive(Debug, Args)]
pub struct BoardArgs {
    /// The server's public plain-HTTP port (`tengen-server --public-http ADDR`).
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    public_http: String,
    /// Checked-in players in the tournament on the board.
    #[arg(long, default_value_t = 900)]
    players: usize,
    /// Live readers: SSE connections following the pairings, one socket each.
    #[arg(long, default_value_t = 1000)]
    sse: usize,
    /// Page readers reloading pairings, standings, players and a player's page, one connection each.
    #[arg(long, default_value_t = 50)]
    fetchers: usize,
    /// Each page reader's pause between two fetches, in ms (0: as fast as the server answers; 250 with 50
    /// readers is about 200 pages a second, a hall of phones reloading).
    #[arg(long, default_value_t = 0)]
    pause_ms: u64,
    /// The pages they cycle through: pairings, standings, players, player (one player's page).
    #[arg(long, value_delimiter = ',', default_value = "pairings,standings,players,player", value_parser = page_kind)]
    pages: Vec<PageKind>,
    /// Registration desks, one gRPC connection each.
    #[arg(long, default_value_t = 16)]
    desks: usize,
    /// At most this many registrations in all.
    #[arg(long, default_value_t = 20_000)]
    count: usize,
    /// How long desks and page readers run.
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// When, into the run, the director publishes round 1.
    #[arg(long, default_value_t = 5)]
    publish_after: u64,
}

fn page_kind(name: &str) -> Result<PageKind, String> {
    PageKind::from_name(name)
        .ok_or_else(|| format!("{name:?}: not one of pairings, standings, players, player"))
}

#[derive(Serialize)]
struct Summary {
    count: usize,
    p50_ms: f64,
    p99_ms: f64,
    max_ms: f64,
}

impl From<LatencySummary> for Summary {
    fn from(l: LatencySummary) -> Self {
        Summary {
            count: l.count,
            p50_ms: to_millis(l.p50),
            p99_ms: to_millis(l.p99),
            max_ms: to_millis(l.max),
        }
    }
}

#[derive(Serialize)]
struct BoardJson {
    tournament: u64,
    players: usize,
    tables: usize,
    board_hid_draw: bool,
    seconds: f64,
    sse_clients: usize,
    sse_connected: usize,
    sse_saw_publish: usize,
    sse_early_changes: usize,
    sse_before_ack: usize,
    publish_to_event: Summary,
    publish_sent_to_event: Summary,
    publish_call_ms: f64,
    page_fetches: Summary,
    page_fetches_per_s: f64,
    page_errors: usize,
    pages: Vec<(&'static str, Summary)>,
    desks: usize,
    desk_commands: Summary,
    desk_commands_per_s: f64,
    desk_errors: usize,
    failures: Vec<String>,
    first_errors: Vec<String>,
}

/// Runs the bench and prints the report.
pub async fn run(ctx: &Ctx, a: BoardArgs) -> Result<(), CliError> {
    if a.publish_after >= a.seconds {
        return Err(CliError::Usage(
            "--publish-after must be shorter than --seconds".to_string(),
        ));
    }
    let config = BoardConfig {
        public_http: a.public_http,
        players: a.players,
        live_readers: a.sse,
        page_readers: a.fetchers,
        page_pause: Duration::from_millis(a.pause_ms),
        page_kinds: a.pages,
        desks: a.desks,
        desk_count: a.count,
        duration: Duration::from_secs(a.seconds),
        publish_after: Duration::from_secs(a.publish_after),
        publish_wait: Duration::from_secs(10),
        connect_time: Duration::from_secs(60),
    };
    let report = run_board(&ctx.settings()?, &config).await?;
    let failures = report.failures();
    if ctx.json {
        print_json(&to_json(&report, failures.clone()))?;
    } else {
        print_text(&report)?;
    }
    if failures.is_empty() {
        Ok(())
    } else {
        if !ctx.json {
            for why in &failures {
                eprintln!("FAILED: {why}");
            }
        }
        Err(CliError::Reported(1))
    }
}

fn first_errors(r: &BoardReport) -> Vec<String> {
    [
        ("live reader", &r.live.first_error),
        ("page fetch", &r.page_first_error),
        ("desk", &r.desks.first_error),
    ]
    .into_iter()
    .filter_map(|(who, e)| e.as_ref().map(|e| format!("first {who} error: {e}")))
    .collect()
}

fn to_json(r: &BoardReport, failures: Vec<String>) -> BoardJson {
    BoardJson {
        tournament: r.tournament,
        players: r.players,
        tables: r.tables,
        board_hid_draw: r.board_hid_draw,
        seconds: (r.elapsed.as_secs_f64() * 1000.0).round() / 1000.0,
        sse_clients: r.live.wanted,
        sse_connected: r.live.connected,
        sse_saw_publish: r.live.saw_publish,
        sse_early_changes: r.live.early_changes,
        sse_before_ack: r.live.before_ack,
        publish_to_event: r.live.latency.into(),
        publish_sent_to_event: r.live.from_sent.into(),
        publish_call_ms: to_millis(r.publish_call),
        page_fetches: r.all_pages.into(),
        page_fetches_per_s: r.rate(r.all_pages.count).round(),
        page_errors: r.page_errors,
        pages: r
            .pages
            .iter()
            .map(|(k, l)| (k.name(), (*l).into()))
            .collect(),
        desks: r.desks.desks,
        desk_commands: r.desks.latency.into(),
        desk_commands_per_s: r.rate(r.desks.latency.count).round(),
        desk_errors: r.desks.errors,
        failures,
        first_errors: first_errors(r),
    }
}

fn print_text(r: &BoardReport) -> Result<(), CliError> {
    write_stdout(&format!(
        "tournament {}: {} players, {} games in round 1 (publish call {:.1} ms); before the publish the \
         board {} the draw\n",
        r.tournament,
        r.players,
        r.tables,
        to_millis(r.publish_call),
        if r.board_hid_draw { "hid" } else { "SHOWED" },
    ))?;
    let mut table = Table::new(&[
        "what", "count", "per s", "p50 ms", "p99 ms", "max ms", "errors",
    ]);
    let of = |n: usize| format!("{n} of {}", r.live.wanted);
    table.row(vec![
        "SSE clients connected".to_string(),
        of(r.live.connected),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        (r.live.wanted - r.live.connected.min(r.live.wanted)).to_string(),
    ]);
    let mut timed =
        |what: String, count: String, per_s: Option<f64>, l: LatencySummary, e: usize| {
            table.row(vec![
                what,
                count,
                per_s.map(|v| format!("{v:.0}")).unwrap_or_default(),
                format!("{:.2}", to_millis(l.p50)),
                format!("{:.2}", to_millis(l.p99)),
                format!("{:.2}", to_millis(l.max)),
                e.to_string(),
            ]);
        };
    let missed = r.live.wanted - r.live.saw_publish.min(r.live.wanted);
    timed(
        "publish ack → change event".to_string(),
        of(r.live.saw_publish),
        None,
        r.live.latency,
        missed,
    );
    timed(
        "publish sent → change event".to_string(),
        of(r.live.saw_publish),
        None,
        r.live.from_sent,
        missed,
    );
    let all = r.all_pages;
    let page_rate = Some(r.rate(all.count));
    timed(
        "page fetches".to_string(),
        all.count.to_string(),
        page_rate,
        all,
        r.page_errors,
    );
    for (kind, l) in r.pages.iter().filter(|(_, l)| l.count > 0) {
        let rate = Some(r.rate(l.count));
        timed(
            format!("  {}", kind.name()),
            l.count.to_string(),
            rate,
            *l,
            0,
        );
    }
    let desks = r.desks.latency;
    timed(
        format!("desk registrations ({} desks)", r.desks.desks),
        desks.count.to_string(),
        Some(r.rate(desks.count)),
        desks,
        r.desks.errors,
    );
    table.print()?;
    write_stdout(&format!(
        "load ran {:.1} s; {} readers saw the new stamp before the director had the answer (counted as 0 ms); \
         {} saw the pairings change before the publish\n",
        r.elapsed.as_secs_f64(),
        r.live.before_ack,
        r.live.early_changes,
    ))?;
    for line in first_errors(r) {
        eprintln!("{line}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use crate::cli::{Cli, Command};

    #[test]
    fn board_defaults_are_the_hall_on_a_busy_morning() {
        let cli = Cli::try_parse_from(["tengen", "bench", "board"]).unwrap();
        let Command::Bench(cmd) = cli.command else {
            panic!("not bench")
        };
        let text = format!("{cmd:?}");
        for expected in [
            "public_http: \"127.0.0.1:8080\"",
            "players: 900",
            "sse: 1000",
            "fetchers: 50",
            "desks: 16",
            "seconds: 20",
            "publish_after: 5",
            "pages: [Pairings, Standings, Players, Player]",
        ] {
            assert!(text.contains(expected), "{expected} in {text}");
        }
        let cli = Cli::try_parse_from(["tengen", "bench", "board", "--pages", "pairings,player"]);
        assert!(format!("{:?}", cli.unwrap().command).contains("pages: [Pairings, Player]"));
        assert!(Cli::try_parse_from(["tengen", "bench", "board", "--pages", "home"]).is_err());
    }
}
