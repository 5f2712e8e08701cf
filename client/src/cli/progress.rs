//! `tengen progress T [R] [--watch]` (how far the results of a round are, and which score groups can be drawn)
//! and `tengen sheet T KIND` (the printed sheets). With `--watch`, follows the log and prints the progress
//! again whenever an entry touches the tournament's rounds.

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::Args;
use tengen_proto::v1::event::Subject;
use tengen_proto::v1::{LogEntry, ProgressRequest, SheetRequest, StatusRequest, WatchRequest};

use super::output::{print_json_line, write_stdout};
use super::round::print_either;
use super::round_view::{render_progress, ProgressView};
use super::{CliError, Ctx};
use crate::conn::Desk;
use crate::error::ClientError;

/// Which round's progress.
#[derive(Debug, Args)]
pub struct ProgressArgs {
    /// Tournament id.
    tournament: u64,
    /// Round number (default: the last round).
    round: Option<u32>,
    /// Print again whenever a result or referee report arrives (until interrupted).
    #[arg(long)]
    watch: bool,
}

/// Which sheet.
#[derive(Debug, Args)]
pub struct SheetArgs {
    /// Tournament id.
    tournament: u64,
    /// pairings, pairings-by-name, slips, wallchart, grid (the crosstable), bracket (a knockout's), standings,
    /// prizes (the prize list for the prize-giving), teams (the team competition's standings and prizes),
    /// register, egf (the EGF rating export, an `.h9` results table: save it with `--out FILE.h9`; plain ASCII,
    /// every name transliterated); the money reports for the whole event, whatever the tournament (director and
    /// treasurer): takings (per day, desk and method), levy (player-days per category), budget (fees, prizes,
    /// levy, surplus).
    #[arg(value_parser = ["pairings", "pairings-by-name", "slips", "wallchart", "grid", "bracket", "standings", "prizes", "teams", "register", "egf", "takings", "levy", "budget"])]
    kind: String,
    /// Round (default: the last round).
    #[arg(long)]
    round: Option<u32>,
    /// HTML instead of plain A4 text.
    #[arg(long)]
    html: bool,
    /// Write to this file instead of stdout.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

async fn fetch(
    desk: &Desk,
    a: &ProgressArgs,
) -> Result<tengen_proto::v1::RoundProgress, ClientError> {
    let request = ProgressRequest {
        tournament_id: a.tournament,
        round: a.round.unwrap_or(0),
    };
    desk.read(
        request,
        |mut d, r| async move { d.results.progress(r).await },
    )
    .await
}

fn print_progress(
    ctx: &Ctx,
    p: &tengen_proto::v1::RoundProgress,
    watching: bool,
) -> Result<(), CliError> {
    if ctx.json && watching {
        return print_json_line(&ProgressView::from(p));
    }
    if watching && std::io::stdout().is_terminal() {
        write_stdout("\x1b[2J\x1b[H")?;
    }
    print_either(ctx.json, &ProgressView::from(p), &render_progress(p))
}

/// True when a log entry changed a round of `tournament` (results, referee reports, edits, draws).
pub fn touches_rounds(entry: &LogEntry, tournament: u64) -> bool {
    entry.events.iter().any(|e| match &e.subject {
        Some(Subject::Round(r)) => r.tournament_id == tournament,
        Some(Subject::Game(g)) => g.tournament_id == tournament,
        _ => false,
    })
}

/// `tengen progress T [R] [--watch]`.
pub async fn progress(ctx: &Ctx, a: ProgressArgs) -> Result<(), CliError> {
    let mut desk = ctx.desk().await?;
    if !a.watch {
        return print_progress(ctx, &fetch(&desk, &a).await?, false);
    }
    let status = desk
        .read(StatusRequest {}, |mut d, r| async move {
            d.admin.status(r).await
        })
        .await?;
    print_progress(ctx, &fetch(&desk, &a).await?, true)?;
    let request = WatchRequest {
        from_seq: status.last_seq + 1,
    };
    let mut stream = desk
        .log
        .watch(request)
        .await
        .map_err(ClientError::from)?
        .into_inner();
    while let Some(entry) = stream.message().await.map_err(ClientError::from)? {
        if touches_rounds(&entry, a.tournament) {
            print_progress(ctx, &fetch(&desk, &a).await?, true)?;
        }
    }
    eprintln!("the server ended the log stream; run the command again to keep watching");
    Ok(())
}

/// `tengen sheet T KIND [--round R] [--html] [--out FILE]`.
pub async fn sheet(ctx: &Ctx, a: SheetArgs) -> Result<(), CliError> {
    let desk = ctx.desk().await?;
    let request = SheetRequest {
        tournament_id: a.tournament,
        kind: a.kind,
        round: a.round.unwrap_or(0),
        format: if a.html { "html" } else { "text" }.to_string(),
    };
    let doc = desk
        .read(request, |mut d, r| async move { d.results.sheet(r).await })
        .await?;
    match &a.out {
        Some(path) => {
            std::fs::write(path, doc.body.as_bytes())
                .map_err(|e| CliError::Usage(format!("cannot write {}: {e}", path.display())))?;
            eprintln!("{} written to {}", doc.title, path.display());
            Ok(())
        }
        None => write_stdout(&doc.body),
    }
}

#[cfg(test)]
mod tests {
    use tengen_proto::v1::{Event, Round};

    use super::*;

    #[test]
    fn only_round_events_of_the_tournament_wake_the_watch() {
        let entry = |tournament_id| LogEntry {
            events: vec![Event {
                kind: "ResultReported".into(),
                summary: String::new(),
                subject: Some(Subject::Round(Round {
                    tournament_id,
                    ..Default::default()
                })),
            }],
            ..Default::default()
        };
        assert!(touches_rounds(&entry(1), 1));
        assert!(!touches_rounds(&entry(2), 1));
        assert!(!touches_rounds(&LogEntry::default(), 1));
        // Results and referee reports carry only their game.
        let game = |tournament_id| LogEntry {
            events: vec![Event {
                kind: "GameUpdated".into(),
                summary: String::new(),
                subject: Some(Subject::Game(tengen_proto::v1::Game {
                    tournament_id,
                    ..Default::default()
                })),
            }],
            ..Default::default()
        };
        assert!(touches_rounds(&game(1), 1));
        assert!(!touches_rounds(&game(2), 1));
    }
}
