//! When each terminal last opened a desk page, for the director's terminal list ("last seen 3 min ago"): held in
//! memory since this server started, noted by the `Desk` extractor. Not in the log (a page view changes nothing)
//! and not replicated: the other server of a pair knows only the pages opened there.
//!
//! Holds token ids and times only, never a token.

use crate::domain::TokenId;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// Terminal → the last time (ms since the Unix epoch) it opened a desk page here.
#[derive(Debug, Default)]
pub struct LastSeen(Mutex<BTreeMap<TokenId, i64>>);

impl LastSeen {
    /// Notes that `token`'s terminal opened a page at `now_ms`.
    pub fn note(&self, token: TokenId, now_ms: i64) {
        if let Ok(mut seen) = self.0.lock() {
            let at = seen.entry(token).or_insert(now_ms);
            *at = (*at).max(now_ms);
        }
    }

    /// When `token`'s terminal last opened a page here, if it did since the server started.
    pub fn get(&self, token: TokenId) -> Option<i64> {
        self.0.lock().ok()?.get(&token).copied()
    }
}

/// "just now", "12 min ago", "3 h ago", "2 days ago": how long before `now_ms` the moment `at_ms` was.
pub fn ago(now_ms: i64, at_ms: i64) -> String {
    let minutes = (now_ms - at_ms).max(0) / 60_000;
    match minutes {
        0 => "just now".into(),
        1..=59 => format!("{minutes} min ago"),
        60..=2879 => format!("{} h ago", minutes / 60),
        _ => format!("{} days ago", minutes / 1440),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_latest_page_counts() {
        let seen = LastSeen::default();
        assert_eq!(seen.get(TokenId(2)), None);
        seen.note(TokenId(2), 5_000);
        seen.note(TokenId(2), 3_000);
        assert_eq!(seen.get(TokenId(2)), Some(5_000));
    }

    #[test]
    fn ago_reads_like_a_person_says_it() {
        let now = 10 * 86_400_000;
        assert_eq!(ago(now, now - 30_000), "just now");
        assert_eq!(ago(now, now - 12 * 60_000), "12 min ago");
        assert_eq!(ago(now, now - 3 * 3_600_000 - 1), "3 h ago");
        assert_eq!(ago(now, now - 3 * 86_400_000), "3 days ago");
        assert_eq!(ago(now, now + 5_000), "just now", "a clock step back");
    }
}
