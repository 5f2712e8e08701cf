//! Live updates for the pages: one task follows the committed log, records for each [`Topic`] the last entry
//! that changed it, and wakes the Server-Sent-Event streams at most every [`COALESCE`]; each stream tells its page
//! the new stamp only when one of the page's own topics moved. Owns the topic versions and `/live`; never reads
//! a page's content and never writes.
//!
//! A stamp is `t1/pairings=120,t1/standings=133`: the topics a page shows, each with the sequence number of the
//! last entry that changed it. A page carries the stamp it was rendered with; the browser refetches when the
//! stream announces a different one. The first event of every stream is the current stamp, so a phone that
//! slept (or lost the Wi-Fi) catches up the moment it reconnects.

use super::topics::{self, Topic};
use crate::app::Core;
use crate::log::Committed;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures::Stream;
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, watch};

/// The longest a change waits before streams are woken (changes within it are announced together).
pub const COALESCE: Duration = Duration::from_millis(200);
/// How often an idle stream sends a comment, so proxies and phones keep the connection.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// How soon a browser reconnects after losing the stream.
const RETRY: Duration = Duration::from_secs(2);
/// The most topics one stream may follow.
pub const MAX_TOPICS: usize = 8;

/// Topic versions and the signal that wakes streams.
pub struct Live {
    versions: Mutex<Versions>,
    wake: watch::Sender<u64>,
}

/// The last entry that changed each topic; topics never seen changed since start count as changed by `base`.
struct Versions {
    base: u64,
    by_topic: HashMap<Topic, u64>,
}

impl Live {
    /// Versions starting at `last_seq`, the state's last entry (so stamps from before a restart read as stale).
    pub fn new(last_seq: u64) -> Live {
        Live {
            versions: Mutex::new(Versions {
                base: last_seq,
                by_topic: HashMap::new(),
            }),
            wake: watch::channel(0).0,
        }
    }

    /// The stamp of a page showing `topics`.
    pub fn stamp(&self, topics: &[Topic]) -> String {
        let versions = match self.versions.lock() {
            Ok(v) => v,
            Err(poisoned) => poisoned.into_inner(),
        };
        topics
            .iter()
            .map(|t| format!("{t}={}", versions.by_topic.get(t).unwrap_or(&versions.base)))
            .collect::<Vec<_>>()
            .join(",")
    }

    fn record(&self, seq: u64, changed: impl IntoIterator<Item = Topic>) {
        let mut versions = match self.versions.lock() {
            Ok(v) => v,
            Err(poisoned) => poisoned.into_inner(),
        };
        for topic in changed {
            versions.by_topic.insert(topic, seq);
        }
    }

    /// After missing entries (the feed lagged): everything may have changed.
    fn reset(&self, seq: u64) {
        let mut versions = match self.versions.lock() {
            Ok(v) => v,
            Err(poisoned) => poisoned.into_inner(),
        };
        versions.base = seq;
        versions.by_topic.clear();
    }

    /// Follows the committed log until the server stops. Entries are recorded as they come (so stamps, and the
    /// page cache that trusts them, stay exact under steady desk traffic); only waking the streams is held back
    /// to once per [`COALESCE`].
    pub async fn follow(self: Arc<Self>, core: Arc<Core>) {
        let mut feed = core.published.subscribe();
        let mut stopping = core.stopping.clone();
        let mut pending = false;
        let mut next_wake = tokio::time::Instant::now();
        loop {
            tokio::select! {
                next = feed.recv() => match next {
                    Ok(entry) => self.absorb(&core, &entry),
                    Err(broadcast::error::RecvError::Lagged(_)) => self.catch_up(&core),
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                () = tokio::time::sleep_until(next_wake), if pending => {
                    self.wake.send_modify(|n| *n = n.wrapping_add(1));
                    pending = false;
                    next_wake = tokio::time::Instant::now() + COALESCE;
                    continue;
                }
                _ = stopping.changed() => return,
            }
            pending = true;
        }
    }

    fn absorb(&self, core: &Core, committed: &Committed) {
        let seq = committed.entry.seq.0;
        let changed = core.read(|state| {
            committed
                .entry
                .events
                .iter()
                .flat_map(|e| topics::touched(state, e))
                .collect::<Vec<_>>()
        });
        match changed {
            Ok(changed) => self.record(seq, changed),
            Err(_) => self.reset(seq),
        }
    }

    fn catch_up(&self, core: &Core) {
        let seq = core.read(|s| s.last_seq.0).unwrap_or(0);
        self.reset(seq);
    }

    /// The event stream of one page: its stamp now, then each new stamp.
    pub fn stream(
        self: Arc<Self>,
        topics: Vec<Topic>,
        stopping: watch::Receiver<bool>,
    ) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
        let wake = self.wake.subscribe();
        let first = self.stamp(&topics);
        let opening = Event::default()
            .event("change")
            .retry(RETRY)
            .data(first.clone());
        let rest = futures::stream::unfold((self, wake, first), move |(live, mut wake, last)| {
            let mut stopping = stopping.clone();
            let topics = topics.clone();
            async move {
                loop {
                    tokio::select! {
                        changed = wake.changed() => changed.ok()?,
                        _ = stopping.changed() => return None,
                    }
                    let stamp = live.stamp(&topics);
                    if stamp != last {
                        let event = Event::default().event("change").data(stamp.clone());
                        return Some((Ok(event), (live, wake, stamp)));
                    }
                }
            }
        });
        let stream = futures::StreamExt::chain(futures::stream::once(async { Ok(opening) }), rest);
        Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
    }
}

/// The topics asked for in `/live?topics=…`: at most [`MAX_TOPICS`], each one a known kind.
pub fn parse_topics(list: &str) -> Option<Vec<Topic>> {
    let topics: Option<Vec<Topic>> = list
        .split(',')
        .filter(|s| !s.is_empty())
        .map(Topic::parse)
        .collect();
    topics.filter(|t| !t.is_empty() && t.len() <= MAX_TOPICS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TournamentId;

    #[test]
    fn stamps_move_only_for_the_topics_that_changed() {
        let live = Live::new(10);
        let pairings = [Topic::Pairings(TournamentId(1))];
        let players = [Topic::Players(TournamentId(1))];
        assert_eq!(live.stamp(&pairings), "t1/pairings=10");
        live.record(11, players);
        assert_eq!(live.stamp(&pairings), "t1/pairings=10");
        assert_eq!(live.stamp(&players), "t1/players=11");
        live.reset(20);
        assert_eq!(
            live.stamp(&[pairings[0], players[0]]),
            "t1/pairings=20,t1/players=20"
        );
    }

    #[test]
    fn topic_lists_are_bounded_and_checked() {
        assert_eq!(
            parse_topics("t1/pairings,home"),
            Some(vec![Topic::Pairings(TournamentId(1)), Topic::Home])
        );
        assert_eq!(parse_topics(""), None);
        assert_eq!(parse_topics("t1/pairings,t1/secrets"), None);
        let many = ["home"; MAX_TOPICS + 1].join(",");
        assert_eq!(parse_topics(&many), None);
    }
}
