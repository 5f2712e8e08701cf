//! The primary's view of its standby: the last entry the standby reported durable, whether a standby is there at
//! all, and the semi-synchronous wait a desk's answer goes through. It also ends every wait at once when this server
//! stops being the primary ([`Hub::depose`]), so no answer outlives the primaryship it was given under. Owns no I/O
//! besides timers.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use tokio::sync::watch;

/// How long after its last acknowledgement a standby still counts as present (when not streaming).
const PRESENT_FOR_MS: i64 = 3_000;

/// Whether answers wait for the standby.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SyncMode {
    /// Answer only once the standby has the entry durable (or the timeout passed: then alone, with an alarm).
    Sync,
    /// Answer once durable locally; the standby catches up on its own.
    Async,
    /// A quorum venue: Raft answers only once a majority holds the entry, so the hub never waits.
    Quorum,
}

impl SyncMode {
    /// "sync" or "async".
    pub fn as_str(self) -> &'static str {
        match self {
            SyncMode::Sync => "sync",
            SyncMode::Async => "async",
            SyncMode::Quorum => "quorum",
        }
    }
}

/// How a wait for the standby ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replicated {
    /// The standby has the entry durable.
    Yes,
    /// No standby to wait for (or async mode).
    NoStandby,
    /// The standby did not acknowledge in time, just now: the primary continues alone.
    TimedOut,
    /// The standby is still behind after an earlier timeout: the answer does not wait again.
    Lagging,
    /// This server stopped being the primary while (or before) the answer waited: the entry may be discarded.
    Deposed,
}

/// The primary's acknowledgement tracker.
pub struct Hub {
    mode: SyncMode,
    timeout: Duration,
    acked: watch::Sender<u64>,
    last_ack_ms: AtomicI64,
    streams: AtomicUsize,
    lagging: AtomicBool,
    standby: Mutex<String>,
    /// Bumped each time this server stops or starts being the primary; a wait begun under one value ends when
    /// it changes.
    term: watch::Sender<u64>,
}

impl Hub {
    /// A tracker for `mode` that waits at most `timeout` per answer.
    pub fn new(mode: SyncMode, timeout: Duration) -> Hub {
        Hub {
            mode,
            timeout,
            acked: watch::channel(0).0,
            last_ack_ms: AtomicI64::new(i64::MIN / 2),
            streams: AtomicUsize::new(0),
            lagging: AtomicBool::new(false),
            standby: Mutex::new(String::new()),
            term: watch::channel(0).0,
        }
    }

    /// This server stops being the primary: every pending wait ends with [`Replicated::Deposed`], and the
    /// acknowledgements counted so far are forgotten (they were for a log that may now be cut).
    pub fn depose(&self) {
        self.restart();
    }

    /// This server becomes the primary (again): acknowledgements from an earlier primaryship do not count, since
    /// the log they acknowledged may have been cut and rewritten since.
    pub fn restart(&self) {
        self.acked.send_replace(0);
        self.lagging.store(false, Ordering::Relaxed);
        self.term.send_modify(|t| *t += 1);
    }

    /// The configured mode.
    pub fn mode(&self) -> SyncMode {
        self.mode
    }

    /// The last entry the standby reported durable.
    pub fn acked(&self) -> u64 {
        *self.acked.borrow()
    }

    /// The standby's name, when one acknowledged.
    pub fn standby(&self) -> String {
        self.standby.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// True while the standby is behind after a timeout.
    pub fn lagging(&self) -> bool {
        self.lagging.load(Ordering::Relaxed)
    }

    /// A replica's log stream opened (true) or closed (false).
    pub fn stream(&self, open: bool) {
        if open {
            self.streams.fetch_add(1, Ordering::Relaxed);
        } else {
            let _ = self
                .streams
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
        }
    }

    /// Is a standby following right now?
    pub fn present(&self, now_ms: i64) -> bool {
        self.streams.load(Ordering::Relaxed) > 0
            || now_ms - self.last_ack_ms.load(Ordering::Relaxed) < PRESENT_FOR_MS
    }

    /// The standby reports in but its log is not yet of this primaryship (an older epoch): it counts as present,
    /// and its position does not count as an acknowledgement.
    pub fn seen(&self, standby: &str, now_ms: i64) {
        self.last_ack_ms.store(now_ms, Ordering::Relaxed);
        self.name(standby);
    }

    fn name(&self, standby: &str) {
        if let Ok(mut s) = self.standby.lock() {
            if *s != standby {
                *s = standby.to_string();
            }
        }
    }

    /// The standby reports everything up to `seq` durable; `head` is the primary's last entry now.
    pub fn ack(&self, seq: u64, head: u64, standby: &str, now_ms: i64) {
        self.last_ack_ms.store(now_ms, Ordering::Relaxed);
        self.acked.send_if_modified(|a| {
            if seq > *a {
                *a = seq;
                true
            } else {
                false
            }
        });
        if seq >= head {
            self.lagging.store(false, Ordering::Relaxed);
        }
        self.name(standby);
    }

    /// Waits until the standby has `seq` durable, within the timeout. While the standby is behind after a timeout,
    /// answers do not wait again (one alarm, not one delay per desk) until it catches up.
    pub async fn wait(&self, seq: u64, now_ms: i64) -> Replicated {
        let mut term = self.term.subscribe();
        let began = *term.borrow_and_update();
        if self.mode != SyncMode::Sync || !self.present(now_ms) {
            return Replicated::NoStandby;
        }
        if self.acked() >= seq {
            return Replicated::Yes;
        }
        if self.lagging() {
            return Replicated::Lagging;
        }
        let mut rx = self.acked.subscribe();
        let reached = tokio::time::timeout(self.timeout, async {
            tokio::select! {
                acked = rx.wait_for(|a| *a >= seq) => acked.is_ok(),
                _ = term.changed() => false,
            }
        })
        .await;
        if *self.term.borrow() != began {
            return Replicated::Deposed;
        }
        match reached {
            Ok(true) => Replicated::Yes,
            Ok(false) => Replicated::Deposed,
            Err(_) => {
                self.lagging.store(true, Ordering::Relaxed);
                Replicated::TimedOut
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn waits_for_the_ack_then_times_out_once() {
        let hub = std::sync::Arc::new(Hub::new(SyncMode::Sync, Duration::from_millis(50)));
        assert_eq!(hub.wait(1, 0).await, Replicated::NoStandby);
        hub.stream(true);
        let h = hub.clone();
        let waiter = tokio::spawn(async move { h.wait(3, 0).await });
        tokio::time::sleep(Duration::from_millis(5)).await;
        hub.ack(3, 3, "standby", 0);
        assert_eq!(waiter.await.ok(), Some(Replicated::Yes));
        assert_eq!(hub.wait(4, 0).await, Replicated::TimedOut);
        assert!(hub.lagging());
        // While lagging, answers do not wait again.
        let start = std::time::Instant::now();
        assert_eq!(hub.wait(5, 0).await, Replicated::Lagging);
        assert!(start.elapsed() < Duration::from_millis(40));
        hub.ack(5, 5, "standby", 0);
        assert!(!hub.lagging());
        assert_eq!(hub.wait(5, 0).await, Replicated::Yes);
    }

    #[tokio::test]
    async fn stepping_down_ends_every_wait_and_forgets_the_acks() {
        let hub = std::sync::Arc::new(Hub::new(SyncMode::Sync, Duration::from_secs(60)));
        hub.stream(true);
        hub.ack(3, 3, "standby", 0);
        let h = hub.clone();
        let waiter = tokio::spawn(async move { h.wait(4, 0).await });
        tokio::time::sleep(Duration::from_millis(5)).await;
        let start = std::time::Instant::now();
        hub.depose();
        assert_eq!(waiter.await.ok(), Some(Replicated::Deposed));
        assert!(start.elapsed() < Duration::from_secs(1));
        // Back as primary later: the old acknowledgement of entry 3 no longer counts.
        hub.restart();
        assert_eq!(hub.acked(), 0);
        hub.seen("standby", 0);
        assert_eq!(hub.acked(), 0);
        let h = hub.clone();
        let waiter = tokio::spawn(async move { h.wait(3, 0).await });
        tokio::time::sleep(Duration::from_millis(5)).await;
        assert!(
            !waiter.is_finished(),
            "an acknowledgement from before does not answer"
        );
        hub.ack(3, 3, "standby", 0);
        assert_eq!(waiter.await.ok(), Some(Replicated::Yes));
    }

    #[tokio::test]
    async fn async_mode_never_waits() {
        let hub = Hub::new(SyncMode::Async, Duration::from_secs(10));
        hub.stream(true);
        assert_eq!(hub.wait(7, 0).await, Replicated::NoStandby);
    }
}
