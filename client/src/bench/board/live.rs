//! The live readers: players' phones with the pairings page open, each one SSE connection to
//! `/live?topics=t{T}/pairings`. A reader keeps the stamp of the last `change` event; when a different stamp
//! arrives after the director sent the publish, it notes the instant. A stamp that changes before the publish
//! was sent is counted as an early change (nothing the bench does should move the pairings topic then).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use http_body_util::BodyExt;
use hyper::body::Incoming;
use tokio::sync::{watch, Semaphore};

use crate::bench::sse::SseParser;
use crate::bench::web::{WebConn, WebError, WebTarget};

/// How long one connection attempt (TCP, request, answer headers) may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Counters the orchestrator polls while the readers run.
#[derive(Debug, Default)]
pub struct LiveCounters {
    /// Readers that got their first event.
    pub ready: AtomicUsize,
    /// Readers that gave up before their first event.
    pub failed: AtomicUsize,
    /// Readers that saw the stamp change after the publish was sent.
    pub saw: AtomicUsize,
}

/// What the orchestrator tells every reader.
#[derive(Clone)]
pub struct LiveSignals {
    /// When the publish was sent; `None` before.
    pub publish_sent: watch::Receiver<Option<Instant>>,
    /// True: close the connection and report.
    pub stop: watch::Receiver<bool>,
}

/// Where and how long the readers run.
#[derive(Clone)]
pub struct LivePlan {
    /// The board.
    pub target: WebTarget,
    /// The tournament whose pairings topic is followed.
    pub tournament: u64,
    /// A reader without its first event by then gives up (so none connects after the publish).
    pub connect_by: Instant,
    /// No reader runs past this, whatever the orchestrator does.
    pub hard_stop: Instant,
}

/// One reader's record.
#[derive(Debug, Default)]
pub struct LiveRun {
    /// Got the first event.
    pub connected: bool,
    /// The stamp changed before the publish was sent.
    pub early_change: bool,
    /// When a new stamp arrived after the publish was sent.
    pub seen: Option<Instant>,
    /// Why the reader stopped early, if it did.
    pub error: Option<String>,
}

/// Starts `count` readers; at most `parallel_connects` are between connecting and their first event at once,
/// so the server's accept queue is not flooded.
pub fn spawn_readers(
    plan: &LivePlan,
    count: usize,
    parallel_connects: usize,
    counters: &Arc<LiveCounters>,
    signals: &LiveSignals,
) -> Vec<tokio::task::JoinHandle<LiveRun>> {
    let permits = Arc::new(Semaphore::new(parallel_connects.max(1)));
    (0..count)
        .map(|_| {
            let (plan, permits) = (plan.clone(), permits.clone());
            let (counters, signals) = (counters.clone(), signals.clone());
            tokio::spawn(async move {
                let mut run = LiveRun::default();
                if let Err(e) = read(&plan, &permits, &counters, signals, &mut run).await {
                    run.error = Some(e.to_string());
                }
                if !run.connected {
                    counters.failed.fetch_add(1, Ordering::SeqCst);
                }
                run
            })
        })
        .collect()
}

async fn read(
    plan: &LivePlan,
    permits: &Semaphore,
    counters: &LiveCounters,
    mut signals: LiveSignals,
    run: &mut LiveRun,
) -> Result<(), WebError> {
    let connect_by = tokio::time::Instant::from_std(plan.connect_by);
    let permit = tokio::time::timeout_at(connect_by, permits.acquire())
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or(WebError::NoFirstEvent)?;
    let path = format!("/live?topics=t{}/pairings", plan.tournament);
    let mut conn = WebConn::open(&plan.target, CONNECT_TIMEOUT).await?;
    let mut body = conn.stream(&path, CONNECT_TIMEOUT).await?;
    let mut follower = StampFollower::default();
    let first = tokio::time::timeout_at(connect_by, next_stamp(&mut body, &mut follower.parser))
        .await
        .map_err(|_| WebError::NoFirstEvent)??;
    follower.stamp = first;
    run.connected = true;
    counters.ready.fetch_add(1, Ordering::SeqCst);
    drop(permit);
    let hard_stop = tokio::time::Instant::from_std(plan.hard_stop);
    loop {
        let stamp = tokio::select! {
            stamp = next_stamp(&mut body, &mut follower.parser) => stamp?,
            _ = signals.stop.wait_for(|&stop| stop) => return Ok(()),
            _ = tokio::time::sleep_until(hard_stop) => return Ok(()),
        };
        if stamp == follower.stamp {
            continue;
        }
        follower.stamp = stamp;
        if signals.publish_sent.borrow().is_none() {
            run.early_change = true;
        } else if run.seen.is_none() {
            run.seen = Some(Instant::now());
            counters.saw.fetch_add(1, Ordering::SeqCst);
        }
    }
}

/// The stream's parser and the last stamp it delivered.
#[derive(Default)]
struct StampFollower {
    parser: SseParser,
    stamp: String,
}

/// Reads frames until a `change` event completes; returns its stamp (the event's data). Events that arrive in
/// one frame with it are folded: only the last stamp matters to a page.
async fn next_stamp(body: &mut Incoming, parser: &mut SseParser) -> Result<String, WebError> {
    loop {
        let frame = match body.frame().await {
            Some(frame) => frame?,
            None => return Err(WebError::StreamEnded),
        };
        let Ok(data) = frame.into_data() else {
            continue; // trailers
        };
        let last = parser
            .feed(&data)
            .into_iter()
            .rfind(|e| e.event == "change");
        if let Some(event) = last {
            return Ok(event.data);
        }
    }
}
