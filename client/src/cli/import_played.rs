//! `tengen import opengotha FILE.xml` and `tengen import h9 FILE`: the command-line face of
//! [`crate::import::played`]: reads and plans the file, prints what was mapped, defaulted or left out, then
//! (unless `--dry-run`) sends it with a progress bar and says where it went.

use std::path::{Path, PathBuf};

use clap::Args;
use serde::Serialize;

use super::output::print_json;
use super::{CliError, Ctx};
use crate::import::played::{apply, Applied, Note, TournamentPlan};

/// A tournament file and where it goes.
#[derive(Debug, Args)]
pub struct PlayedArgs {
    /// The file.
    pub file: PathBuf,
    /// Import into this tournament (its settings are kept; it must have enough rounds and no round drawn yet),
    /// instead of creating one from the file's settings.
    #[arg(long)]
    pub tournament: Option<u64>,
    /// Read and map the file, print the report, send nothing.
    #[arg(long)]
    pub dry_run: bool,
}

#[derive(Serialize)]
struct ReportJson<'a> {
    file: String,
    dry_run: bool,
    players: usize,
    rounds: usize,
    games: usize,
    notes: &'a [Note],
    applied: Option<&'a Applied>,
}

/// Plans with `make`, reports, and sends unless a dry run.
pub async fn run(
    ctx: &Ctx,
    a: PlayedArgs,
    make: impl FnOnce(&[u8], &str) -> Result<TournamentPlan, String>,
) -> Result<(), CliError> {
    let data = std::fs::read(&a.file)
        .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", a.file.display())))?;
    let plan = make(&data, &stem(&a.file))
        .map_err(|e| CliError::Usage(format!("{}: {e}; nothing was imported", a.file.display())))?;
    if !ctx.json {
        for n in &plan.notes {
            eprintln!("{:>10}: {}", n.kind, n.text);
        }
    }
    let applied = if a.dry_run {
        None
    } else {
        let desk = ctx.desk().await?;
        let progress = super::output::progress_bar(plan.steps(), ctx.json, "steps");
        let done = apply(&desk, &plan, a.tournament, &progress).await;
        progress.finish_and_clear();
        match done {
            Ok(applied) => Some(applied),
            Err(e) => {
                eprintln!(
                    "import stopped at {e}\nwhat was sent before is kept; fix the cause and run the same command \
                     again: it resumes where it stopped"
                );
                return Err(CliError::Reported(2));
            }
        }
    };
    let games = plan.rounds.iter().map(|r| r.games.len()).sum();
    if ctx.json {
        print_json(&ReportJson {
            file: a.file.display().to_string(),
            dry_run: a.dry_run,
            players: plan.players.len(),
            rounds: plan.rounds.len(),
            games,
            notes: &plan.notes,
            applied: applied.as_ref(),
        })?;
        return Ok(());
    }
    match applied {
        None => eprintln!(
            "dry run: {} players and {} rounds ({games} games) would be imported; nothing was sent",
            plan.players.len(),
            plan.rounds.len()
        ),
        Some(done) => {
            for m in &done.matched {
                eprintln!("   matched: {m} (already in the register)");
            }
            let next = if let Some(n) = done.drawn_only {
                format!(
                    "round {n} is drawn, not published: pair the rest (`tengen round edit {t} {n} pair …`) or \
                     redraw it (`tengen round draw {t} {n} --redraw`), then `tengen round publish {t} {n}`",
                    t = done.tournament
                )
            } else if a.tournament.is_none() && done.rounds >= plan.settings.rounds {
                format!("every round is in: `tengen standings {}`", done.tournament)
            } else {
                format!(
                    "draw round {} next (`tengen round draw {} {}`)",
                    done.rounds + 1,
                    done.tournament,
                    done.rounds + 1
                )
            };
            println!(
                "tournament {}: {} players, {} rounds imported ({} closed); {next}",
                done.tournament,
                done.participants.len(),
                done.rounds,
                done.closed,
            );
        }
    }
    Ok(())
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
