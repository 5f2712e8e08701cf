//! When each terminal last reached this server, for the director's terminal list ("last seen 3 min ago"): held in
//! memory since this server started, noted by both doors as they authenticate a terminal (the `Desk` extractor of
//! the desk pages, the gRPC interceptor of the desk program). Not in the log (being seen changes nothing) and not
//! replicated: another server knows only the requests made there.
//!
//! Holds token ids and times only, never a token. How long ago reads as words is the page's business.

use crate::domain::TokenId;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// Terminal → the last time (ms since the Unix epoch) it reached this server.
#[derive(Debug, Default)]
pub struct LastSeen(Mutex<BTreeMap<TokenId, i64>>);

impl LastSeen {
    /// Notes that `token`'s terminal made a request at `now_ms`.
    pub fn note(&self, token: TokenId, now_ms: i64) {
        if let Ok(mut seen) = self.0.lock() {
            let at = seen.entry(token).or_insert(now_ms);
            *at = (*at).max(now_ms);
        }
    }

    /// When `token`'s terminal last reached this server, if it did since the server started.
    pub fn get(&self, token: TokenId) -> Option<i64> {
        self.0.lock().ok()?.get(&token).copied()
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
}
