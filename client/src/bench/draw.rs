//! The draw bench: desks register into one tournament while the director draws a round of another, big one.
//! Through the gRPC API the director sets up a McMahon tournament of N checked-in players with `rounds_before`
//! rounds drawn, published, fully reported and closed (results spread over the desks, so set-up is quick); then
//! the desks register without pause into a second tournament while the director draws the next round of the
//! first (and redraws it, `draws` times in all). Every desk call is timed, and sorted into "during a draw" (its
//! call overlapped a draw call) and "outside".
//!
//! It only talks to the server it is given, and every loop stops by itself at its deadline.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tengen_proto::v1::{
    DrawRoundRequest, GameResult, Outcome, ReportResultRequest, Round, RoundRef,
    SetRegistrationOpenRequest,
};
use tokio::sync::watch;

use super::board::field::{create, register_field};
use super::{letters, synthetic_registration};
use crate::conn::settings::ConnSettings;
use crate::conn::Desk;
use crate::error::ClientError;
use crate::latency::LatencySummary;
use crate::request_id::RequestId;

/// What to run.
#[derive(Clone, Debug)]
pub struct DrawBenchConfig {
    /// Checked-in players of the tournament drawn.
    pub players: usize,
    /// Registration desks, one connection each.
    pub desks: usize,
    /// Rounds played and closed before the measured one.
    pub rounds_before: u32,
    /// Timed draws of the measured round (the first, then redraws).
    pub draws: usize,
    /// Desks run alone this long before the first draw and after the last, and between two draws.
    pub gap: Duration,
}

/// What was measured.
#[derive(Clone, Debug)]
pub struct DrawBenchReport {
    /// The tournament drawn.
    pub tournament: u64,
    /// The round drawn.
    pub round: u32,
    /// Its games.
    pub tables: usize,
    /// Setting up the field and its earlier rounds.
    pub setup: Duration,
    /// Each draw call, sent to answered.
    pub draws: Vec<Duration>,
    /// Desk calls that overlapped a draw call.
    pub during: LatencySummary,
    /// Desk calls that did not.
    pub outside: LatencySummary,
    /// Refused or failed registrations.
    pub errors: usize,
    /// The first failure.
    pub first_error: Option<String>,
}

/// One timed desk call: when it was sent and how long it took.
type Sample = (Instant, Duration);

/// Sets up the field, then runs the desks and the director's draws together.
pub async fn run_draw_bench(
    settings: &ConnSettings,
    config: &DrawBenchConfig,
) -> Result<DrawBenchReport, ClientError> {
    let director = Desk::connect(settings).await?;
    let desks = crate::bench::connect_desks(settings, config.desks.max(1)).await?;
    let tag = letters(rand::random::<u32>() as u64);
    let began = Instant::now();
    let round = config.rounds_before + 1;
    let tournament = create(&director, &format!("Draw bench {tag}"), round).await?;
    let desk_tournament = create(&director, &format!("Draw bench desks {tag}"), 1).await?;
    register_field(&desks, tournament, config.players, &tag).await?;
    close_registration(&director, tournament).await?;
    for r in 1..round {
        let drawn = draw(&director, tournament, r, false).await?;
        play_round(&director, &desks, &drawn).await?;
    }
    let setup = began.elapsed();

    let (stop_tx, stop) = watch::channel(false);
    let mut tasks = Vec::with_capacity(desks.len());
    for (index, desk) in desks.into_iter().enumerate() {
        let (stop, tag) = (stop.clone(), format!("{tag}desk"));
        tasks.push(tokio::spawn(async move {
            register_until(&desk, &tag, index, desk_tournament, stop).await
        }));
    }
    let mut windows = Vec::with_capacity(config.draws);
    let mut tables = 0;
    let mut failure = None;
    for i in 0..config.draws.max(1) {
        tokio::time::sleep(config.gap).await;
        let sent = Instant::now();
        match draw(&director, tournament, round, i > 0).await {
            Ok(r) => tables = r.games.len(),
            Err(e) => {
                failure = Some(e);
                break;
            }
        }
        windows.push((sent, Instant::now()));
    }
    tokio::time::sleep(config.gap).await;
    let _ = stop_tx.send(true);
    let mut samples: Vec<Sample> = Vec::new();
    let (mut errors, mut first_error) = (0, None);
    for task in tasks {
        let run = task
            .await
            .map_err(|e| ClientError::Settings(format!("a bench desk stopped: {e}")))?;
        samples.extend(run.samples);
        errors += run.errors;
        first_error = first_error.or(run.first_error);
    }
    if let Some(e) = failure {
        return Err(e);
    }
    let (mut during, mut outside) = (Vec::new(), Vec::new());
    for (sent, took) in samples {
        let overlaps = windows
            .iter()
            .any(|(from, to)| sent < *to && sent + took > *from);
        if overlaps {
            during.push(took);
        } else {
            outside.push(took);
        }
    }
    Ok(DrawBenchReport {
        tournament,
        round,
        tables,
        setup,
        draws: windows.iter().map(|(from, to)| *to - *from).collect(),
        during: LatencySummary::from_samples(&mut during),
        outside: LatencySummary::from_samples(&mut outside),
        errors,
        first_error,
    })
}

/// Closes registration of `tournament` (so its rounds can be drawn).
pub(crate) async fn close_registration(
    director: &Desk,
    tournament: u64,
) -> Result<(), ClientError> {
    let close = SetRegistrationOpenRequest {
        meta: None,
        tournament_id: tournament,
        open: false,
        expected_revision: 0,
    };
    director
        .command(&RequestId::random(), close, |mut d, r| async move {
            d.register.set_registration_open(r).await
        })
        .await?;
    Ok(())
}

async fn draw(
    director: &Desk,
    tournament: u64,
    round: u32,
    redraw: bool,
) -> Result<Round, ClientError> {
    let request = DrawRoundRequest {
        meta: None,
        tournament_id: tournament,
        round,
        redraw,
        empty: false,
        expected_revision: 0,
        ..DrawRoundRequest::default()
    };
    director
        .command(&RequestId::random(), request, |mut d, r| async move {
            d.rounds.draw_round(r).await
        })
        .await
}

/// Publishes the round, reports every game from the desks (stronger number wins, else a coin the table
/// decides) and closes it.
async fn play_round(director: &Desk, desks: &[Desk], round: &Round) -> Result<(), ClientError> {
    let reference = |n| RoundRef {
        meta: None,
        tournament_id: round.tournament_id,
        round: n,
    };
    director
        .command(
            &RequestId::random(),
            reference(round.number),
            |mut d, r| async move { d.rounds.publish_round(r).await },
        )
        .await?;
    let tables: Vec<u32> = round.games.iter().map(|g| g.table).collect();
    let shared = Arc::new(tables);
    let step = desks.len().max(1);
    let mut tasks = Vec::with_capacity(desks.len());
    for (index, desk) in desks.iter().enumerate() {
        let (desk, tables) = (desk.clone(), shared.clone());
        let (tournament, number) = (round.tournament_id, round.number);
        tasks.push(tokio::spawn(async move {
            for table in tables.iter().skip(index).step_by(step) {
                let outcome = if (table + number) % 3 == 0 {
                    Outcome::BlackWins
                } else {
                    Outcome::WhiteWins
                };
                let request = ReportResultRequest {
                    meta: None,
                    tournament_id: tournament,
                    round: number,
                    table: *table,
                    result: Some(GameResult {
                        outcome: outcome as i32,
                        by_forfeit: false,
                    }),
                    black: 0,
                };
                desk.command(&RequestId::random(), request, |mut d, r| async move {
                    d.results.report_result(r).await
                })
                .await?;
            }
            Ok::<(), ClientError>(())
        }));
    }
    for task in tasks {
        task.await
            .map_err(|e| ClientError::Settings(format!("a result desk stopped: {e}")))??;
    }
    director
        .command(
            &RequestId::random(),
            reference(round.number),
            |mut d, r| async move { d.rounds.close_round(r).await },
        )
        .await?;
    Ok(())
}

/// One desk's calls.
struct DeskSamples {
    samples: Vec<Sample>,
    errors: usize,
    first_error: Option<String>,
}

/// Desk `index` registers players into `tournament` one after another until `stop` turns true.
async fn register_until(
    desk: &Desk,
    tag: &str,
    index: usize,
    tournament: u64,
    stop: watch::Receiver<bool>,
) -> DeskSamples {
    let mut run = DeskSamples {
        samples: Vec::new(),
        errors: 0,
        first_error: None,
    };
    let mut n = 0;
    while !*stop.borrow() {
        let request = synthetic_registration(tag, index, n, Some(tournament));
        n += 1;
        let sent = Instant::now();
        let answer = desk
            .command(&RequestId::random(), request, |mut d, r| async move {
                d.register.register_participant(r).await
            })
            .await;
        match answer {
            Ok(_) => run.samples.push((sent, sent.elapsed())),
            Err(e) => {
                run.errors += 1;
                run.first_error.get_or_insert_with(|| e.to_string());
            }
        }
    }
    run
}
