//! Rate limits for anonymous writes: each address may send a few change slips, then must wait. Kept in memory
//! (a restart forgives everyone); bounded in the number of addresses it remembers.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The most addresses remembered at once (older windows are dropped first when full).
const MAX_ADDRESSES: usize = 10_000;

/// At most `allowed` requests per address within `window`.
pub struct RateLimit {
    allowed: usize,
    window: Duration,
    seen: Mutex<HashMap<IpAddr, Vec<Instant>>>,
}

impl RateLimit {
    /// The change slips' limit: 5 per address in 10 minutes (a player fixing a typo needs one or two).
    pub fn slips() -> RateLimit {
        RateLimit::new(5, Duration::from_secs(600))
    }

    /// A limit of `allowed` per `window`.
    pub fn new(allowed: usize, window: Duration) -> RateLimit {
        RateLimit {
            allowed,
            window,
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one request from `addr` at `now`; false when it is over the limit (and then it is not counted).
    pub fn admit(&self, addr: IpAddr, now: Instant) -> bool {
        let Ok(mut seen) = self.seen.lock() else {
            return false;
        };
        let window = self.window;
        if seen.len() >= MAX_ADDRESSES && !seen.contains_key(&addr) {
            seen.retain(|_, times| times.iter().any(|t| now.duration_since(*t) < window));
            if seen.len() >= MAX_ADDRESSES {
                return false;
            }
        }
        let times = seen.entry(addr).or_default();
        times.retain(|t| now.duration_since(*t) < window);
        if times.len() >= self.allowed {
            return false;
        }
        times.push(now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_allowance_then_waits_for_the_window() {
        let limit = RateLimit::new(2, Duration::from_secs(60));
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let t0 = Instant::now();
        assert!(limit.admit(a, t0));
        assert!(limit.admit(a, t0));
        assert!(!limit.admit(a, t0 + Duration::from_secs(1)));
        assert!(limit.admit(b, t0), "another address has its own allowance");
        assert!(limit.admit(a, t0 + Duration::from_secs(61)));
    }
}
