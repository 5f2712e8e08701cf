//! The board bench: players read the public board while the desks work. Through the gRPC API the director
//! sets up a drawn, unpublished round; then live readers follow its pairings over SSE, page readers reload the
//! board's pages and desks register new participants into another tournament, all at once. Mid-run the
//! director publishes the round and the bench measures how long each live reader waited for the news.
//!
//! It only talks to the two addresses it is given (the gRPC server, the public plain-HTTP port), and every
//! loop stops by itself at its count or its deadline.

pub(crate) mod field;
mod live;
mod pages;

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use pages::PageKind;

use super::{letters, run_desk, DeskRun};
use crate::bench::web::{WebError, WebTarget};
use crate::conn::settings::ConnSettings;
use crate::conn::Desk;
use crate::error::ClientError;
use crate::latency::LatencySummary;
use field::Field;
use live::{LiveCounters, LivePlan, LiveRun, LiveSignals};
use pages::{FetchPlan, FetcherRun};

/// Live readers between connecting and their first event at once.
const PARALLEL_CONNECTS: usize = 64;
/// A cap per page reader, so the loop is bounded in count as well as in time.
const MAX_FETCHES_PER_READER: usize = 1_000_000;

/// What to run.
#[derive(Clone, Debug)]
pub struct BoardConfig {
    /// The public plain-HTTP port, `HOST:PORT`.
    pub public_http: String,
    /// Checked-in players of the tournament on the board.
    pub players: usize,
    /// SSE connections following the pairings.
    pub live_readers: usize,
    /// Page readers, one connection each.
    pub page_readers: usize,
    /// Each page reader's pause between fetches.
    pub page_pause: Duration,
    /// The pages they cycle through.
    pub page_kinds: Vec<PageKind>,
    /// Registration desks, one gRPC connection each.
    pub desks: usize,
    /// At most this many registrations in all.
    pub desk_count: usize,
    /// How long desks and page readers run.
    pub duration: Duration,
    /// When, into the run, the director publishes.
    pub publish_after: Duration,
    /// How long after the acknowledgement every live reader has to see the publish.
    pub publish_wait: Duration,
    /// How long the live readers have to connect and get their first event.
    pub connect_time: Duration,
}

/// What was measured.
#[derive(Clone, Debug)]
pub struct BoardReport {
    /// The tournament on the board.
    pub tournament: u64,
    /// Its players and the games of round 1.
    pub players: usize,
    /// Games of round 1.
    pub tables: usize,
    /// Before the publish, the pairings page said "no round published" and listed no game.
    pub board_hid_draw: bool,
    /// The live readers.
    pub live: LiveReport,
    /// The director's publish call, sent to acknowledged.
    pub publish_call: Duration,
    /// Page fetches per kind, in [`PageKind::ALL`] order.
    pub pages: Vec<(PageKind, LatencySummary)>,
    /// Every page fetch.
    pub all_pages: LatencySummary,
    /// Failed page fetches.
    pub page_errors: usize,
    /// The first failed fetch.
    pub page_first_error: Option<String>,
    /// The desks' registrations.
    pub desks: DeskReport,
    /// Wall time of the load (desks and page readers).
    pub elapsed: Duration,
}

/// The live readers' side.
#[derive(Clone, Debug)]
pub struct LiveReport {
    /// Readers started.
    pub wanted: usize,
    /// Readers that got their first event.
    pub connected: usize,
    /// Readers that saw a new stamp after the publish was sent.
    pub saw_publish: usize,
    /// Readers whose stamp changed before the publish was sent.
    pub early_changes: usize,
    /// Readers whose new stamp arrived before the director had the acknowledgement (counted as 0 ms).
    pub before_ack: usize,
    /// Acknowledgement → new stamp.
    pub latency: LatencySummary,
    /// Publish sent → new stamp: an upper bound on commit → event when the acknowledgement is slow.
    pub from_sent: LatencySummary,
    /// The first reader's failure.
    pub first_error: Option<String>,
}

/// The desks' side.
#[derive(Clone, Debug)]
pub struct DeskReport {
    /// Desks that ran.
    pub desks: usize,
    /// Refused or failed registrations.
    pub errors: usize,
    /// The first failure.
    pub first_error: Option<String>,
    /// Acknowledged registrations' latency (`count` is how many).
    pub latency: LatencySummary,
}

impl BoardReport {
    /// Per second over the load's wall time.
    pub fn rate(&self, count: usize) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            count as f64 / secs
        } else {
            0.0
        }
    }

    /// Why the run failed, if it did: a live reader that missed the publish, a draw shown before it, a failed
    /// page fetch or registration. Empty = passed.
    pub fn failures(&self) -> Vec<String> {
        let mut why = Vec::new();
        let missed = self.live.wanted - self.live.saw_publish.min(self.live.wanted);
        if missed > 0 {
            why.push(format!(
                "{missed} of {} live readers missed the publish",
                self.live.wanted
            ));
        }
        if !self.board_hid_draw {
            why.push("the pairings page showed the draw before it was published".to_string());
        }
        if self.page_errors > 0 {
            why.push(format!("{} page fetches failed", self.page_errors));
        }
        if self.desks.errors > 0 {
            why.push(format!("{} registrations failed", self.desks.errors));
        }
        why
    }
}

/// Sets up the field, connects the live readers (not timed), runs the load, publishes mid-run and waits for
/// every loop to stop.
pub async fn run_board(
    settings: &ConnSettings,
    config: &BoardConfig,
) -> Result<BoardReport, ClientError> {
    let target = WebTarget::resolve(&config.public_http)
        .await
        .map_err(|e| board_error(&config.public_http, &e))?;
    let director = Desk::connect(settings).await?;
    let desks = crate::bench::connect_desks(settings, config.desks.max(1)).await?;
    let tag = letters(rand::random::<u32>() as u64);
    let field = field::prepare(&director, &desks, config.players, &tag).await?;
    let board_hid_draw = pages::board_hides_draw(&target, field.tournament)
        .await
        .map_err(|e| board_error(&target.host, &e))?;

    let (publish_tx, publish_sent) = watch::channel(None);
    let (stop_tx, stop) = watch::channel(false);
    let counters = Arc::new(LiveCounters::default());
    let connect_by = Instant::now() + config.connect_time;
    let plan = LivePlan {
        target: target.clone(),
        tournament: field.tournament,
        connect_by,
        hard_stop: connect_by + config.duration + config.publish_wait + Duration::from_secs(5),
    };
    let signals = LiveSignals { publish_sent, stop };
    let readers = live::spawn_readers(
        &plan,
        config.live_readers,
        PARALLEL_CONNECTS,
        &counters,
        &signals,
    );
    let settled = |c: &LiveCounters| {
        c.ready.load(Ordering::SeqCst) + c.failed.load(Ordering::SeqCst) >= config.live_readers
    };
    wait_until(|| settled(&counters), connect_by).await;

    let began = Instant::now();
    let deadline = began + config.duration;
    let desk_tasks = spawn_desks(desks, &tag, &field, config, deadline);
    let page_tasks = spawn_page_readers(&target, &field, config, deadline);
    tokio::time::sleep_until((began + config.publish_after.min(config.duration)).into()).await;
    let _ = publish_tx.send(Some(Instant::now()));
    let sent = Instant::now();
    if let Err(e) = field::publish(&director, &field).await {
        let _ = stop_tx.send(true);
        return Err(e);
    }
    let acked = Instant::now();
    let ready = counters.ready.load(Ordering::SeqCst);
    wait_until(
        || counters.saw.load(Ordering::SeqCst) >= ready,
        acked + config.publish_wait,
    )
    .await;

    let desk_runs = join_all(desk_tasks, "desk").await?;
    let page_runs = join_all(page_tasks, "page reader").await?;
    let elapsed = began.elapsed();
    let _ = stop_tx.send(true);
    let live_runs = join_all(readers, "live reader").await?;
    let (pages, all_pages, page_errors, page_first_error) = summarise_pages(page_runs);
    Ok(BoardReport {
        tournament: field.tournament,
        players: field.players,
        tables: field.tables,
        board_hid_draw,
        live: summarise_live(live_runs, config.live_readers, sent, acked),
        publish_call: acked - sent,
        pages,
        all_pages,
        page_errors,
        page_first_error,
        desks: summarise_desks(desk_runs),
        elapsed,
    })
}

fn spawn_desks(
    desks: Vec<Desk>,
    tag: &str,
    field: &Field,
    config: &BoardConfig,
    deadline: Instant,
) -> Vec<JoinHandle<DeskRun>> {
    let n = desks.len();
    let desk_tag = format!("{tag}desk");
    desks
        .into_iter()
        .enumerate()
        .map(|(index, desk)| {
            let share = config.desk_count / n + usize::from(index < config.desk_count % n);
            let (tag, tournament) = (desk_tag.clone(), field.desk_tournament);
            tokio::spawn(async move {
                run_desk(&desk, &tag, index, share, Some(tournament), Some(deadline)).await
            })
        })
        .collect()
}

fn spawn_page_readers(
    target: &WebTarget,
    field: &Field,
    config: &BoardConfig,
    deadline: Instant,
) -> Vec<JoinHandle<FetcherRun>> {
    let plan = FetchPlan {
        target: target.clone(),
        tournament: field.tournament,
        players: field.players,
        kinds: config.page_kinds.clone(),
        deadline,
        max_fetches: MAX_FETCHES_PER_READER,
        pause: config.page_pause,
    };
    (0..config.page_readers)
        .map(|index| tokio::spawn(pages::run_fetcher(plan.clone(), index)))
        .collect()
}

/// Polls `done` every few milliseconds until it holds or `until` passes. Only the orchestrator waits like this;
/// the instants measured are taken by the readers themselves.
async fn wait_until(done: impl Fn() -> bool, until: Instant) {
    while !done() && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

async fn join_all<T>(tasks: Vec<JoinHandle<T>>, what: &str) -> Result<Vec<T>, ClientError> {
    let mut runs = Vec::with_capacity(tasks.len());
    for task in tasks {
        runs.push(
            task.await
                .map_err(|e| ClientError::Settings(format!("a bench {what} stopped: {e}")))?,
        );
    }
    Ok(runs)
}

fn summarise_live(runs: Vec<LiveRun>, wanted: usize, sent: Instant, acked: Instant) -> LiveReport {
    let mut latencies = Vec::with_capacity(runs.len());
    let mut from_sent = Vec::with_capacity(runs.len());
    let (mut connected, mut early_changes, mut before_ack) = (0, 0, 0);
    let mut first_error = None;
    for run in runs {
        connected += usize::from(run.connected);
        early_changes += usize::from(run.early_change);
        if let Some(seen) = run.seen {
            before_ack += usize::from(seen < acked);
            latencies.push(seen.saturating_duration_since(acked));
            from_sent.push(seen.saturating_duration_since(sent));
        }
        if first_error.is_none() {
            first_error = run.error.map(|e| with_fd_hint(&e));
        }
    }
    let latency = LatencySummary::from_samples(&mut latencies);
    LiveReport {
        wanted,
        connected,
        saw_publish: latency.count,
        early_changes,
        before_ack,
        latency,
        from_sent: LatencySummary::from_samples(&mut from_sent),
        first_error,
    }
}

type PageSummary = (
    Vec<(PageKind, LatencySummary)>,
    LatencySummary,
    usize,
    Option<String>,
);

fn summarise_pages(runs: Vec<FetcherRun>) -> PageSummary {
    let mut per_kind: [Vec<Duration>; 4] = Default::default();
    let (mut errors, mut first_error) = (0, None);
    for run in runs {
        for (all, mine) in per_kind.iter_mut().zip(run.latencies) {
            all.extend(mine);
        }
        errors += run.errors;
        first_error = first_error.or(run.first_error.map(|e| with_fd_hint(&e)));
    }
    let mut every: Vec<Duration> = per_kind.iter().flatten().copied().collect();
    let kinds = PageKind::ALL
        .into_iter()
        .zip(per_kind.iter_mut())
        .map(|(kind, samples)| (kind, LatencySummary::from_samples(samples)))
        .collect();
    (
        kinds,
        LatencySummary::from_samples(&mut every),
        errors,
        first_error,
    )
}

fn summarise_desks(runs: Vec<DeskRun>) -> DeskReport {
    let desks = runs.len();
    let mut latencies = Vec::new();
    let (mut errors, mut first_error) = (0, None);
    for run in runs {
        latencies.extend(run.latencies);
        errors += run.errors;
        first_error = first_error.or(run.first_error);
    }
    DeskReport {
        desks,
        errors,
        first_error,
        latency: LatencySummary::from_samples(&mut latencies),
    }
}

/// A failure to reach the board during set-up, as a settings problem (exit 1).
fn board_error(host: &str, e: &WebError) -> ClientError {
    ClientError::Settings(with_fd_hint(&format!(
        "the public board at {host}: {e} (is the server running with --public-http {host}?)"
    )))
}

/// Out of file descriptors: say how to get more.
fn with_fd_hint(message: &str) -> String {
    if message.contains("Too many open files") {
        format!("{message} (raise the limit first: ulimit -n 4096)")
    } else {
        message.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn live_latency_counts_from_the_ack_and_clamps_earlier_arrivals() {
        let acked = Instant::now();
        let run = |seen: Option<Instant>| LiveRun {
            connected: true,
            seen,
            ..LiveRun::default()
        };
        let runs = vec![
            run(Some(acked + ms(30))),
            run(Some(acked + ms(10))),
            run(acked.checked_sub(ms(2))),
            run(None),
        ];
        let report = summarise_live(runs, 5, acked - ms(5), acked);
        assert_eq!(
            (report.connected, report.saw_publish, report.before_ack),
            (4, 3, 1)
        );
        assert_eq!((report.latency.p50, report.latency.max), (ms(10), ms(30)));
        assert_eq!(
            (report.from_sent.p50, report.from_sent.max),
            (ms(15), ms(35))
        );
    }

    #[test]
    fn a_reader_that_missed_the_publish_fails_the_run() {
        let live = summarise_live(Vec::new(), 2, Instant::now(), Instant::now());
        let report = BoardReport {
            tournament: 1,
            players: 0,
            tables: 0,
            board_hid_draw: true,
            live,
            publish_call: Duration::ZERO,
            pages: Vec::new(),
            all_pages: LatencySummary::default(),
            page_errors: 0,
            page_first_error: None,
            desks: summarise_desks(Vec::new()),
            elapsed: Duration::from_secs(1),
        };
        assert_eq!(
            report.failures(),
            ["2 of 2 live readers missed the publish"]
        );
    }

    #[test]
    fn running_out_of_descriptors_suggests_ulimit() {
        assert!(with_fd_hint("Too many open files (os error 24)").contains("ulimit -n 4096"));
        assert_eq!(with_fd_hint("refused"), "refused");
    }
}
