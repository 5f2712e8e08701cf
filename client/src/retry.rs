//! Retrying one logical command when the connection failed (`UNAVAILABLE`, transport errors): a few attempts
//! with growing, jittered backoff. The caller builds the request once, with one request id, and every attempt
//! resends that same request, so the server applies it at most once.
//!
//! Kept by hand rather than `backon` (issue 17): the loop is a dozen lines, and what matters here — which codes
//! are worth retrying, and that every attempt resends the one request with its one id — is ours to say either way;
//! the crate would add a builder and a trait for the doubling and the jitter.

use std::future::Future;
use std::time::Duration;

use rand::Rng;
use tonic::{Code, Status};

/// How often and how patiently to retry.
#[derive(Clone, Copy, Debug)]
pub struct RetryPolicy {
    /// Total attempts, the first included; 1 means no retry.
    pub attempts: u32,
    /// Pause before the second attempt; doubles each time.
    pub first_backoff: Duration,
    /// Upper bound for one pause.
    pub max_backoff: Duration,
}

/// Six attempts: pauses of about 0.1, 0.2, 0.4, 0.8 and 1.6 s, so a command rides out a server restart of
/// about three seconds.
impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            attempts: 6,
            first_backoff: Duration::from_millis(100),
            max_backoff: Duration::from_secs(2),
        }
    }
}

impl RetryPolicy {
    /// No retries at all: the bench uses this to measure raw calls.
    pub fn none() -> Self {
        RetryPolicy {
            attempts: 1,
            ..RetryPolicy::default()
        }
    }

    /// For a venue of several servers: about 25 s of patience (pauses up to 1 s), time for an election, or for a
    /// person to run the take-over of a voter-and-learner venue.
    pub fn failover() -> Self {
        RetryPolicy {
            attempts: 30,
            first_backoff: Duration::from_millis(100),
            max_backoff: Duration::from_secs(1),
        }
    }

    /// The pause before attempt `attempt + 1` (attempt counts from 1), without jitter.
    pub fn backoff(&self, attempt: u32) -> Duration {
        let factor = 1u32
            .checked_shl(attempt.saturating_sub(1))
            .unwrap_or(u32::MAX);
        self.first_backoff
            .saturating_mul(factor)
            .min(self.max_backoff)
    }
}

/// True when the failure says nothing about the command itself: the connection or the server was not there.
/// Refusals (`INVALID_ARGUMENT`, `ABORTED`, …) are answers and are never retried.
pub fn is_retryable(status: &Status) -> bool {
    match status.code() {
        Code::Unavailable => true,
        Code::Unknown => {
            let message = status.message();
            message.contains("transport error") || message.contains("connection")
        }
        _ => false,
    }
}

/// Runs `op` until it succeeds, fails with a non-retryable status, or the attempts are used up. `op` must
/// resend the same request (same request id) each time.
pub async fn retry<T, F, Fut>(policy: &RetryPolicy, mut op: F) -> Result<T, Status>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, Status>>,
{
    let mut attempt = 1;
    loop {
        match op().await {
            Err(status) if attempt < policy.attempts && is_retryable(&status) => {
                let pause = policy.backoff(attempt);
                let jitter = rand::rng().random_range(0..=pause.as_millis() as u64 / 4);
                tokio::time::sleep(pause + Duration::from_millis(jitter)).await;
                attempt += 1;
            }
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU32, Ordering};

    use super::*;

    fn quick() -> RetryPolicy {
        RetryPolicy {
            attempts: 3,
            first_backoff: Duration::from_millis(1),
            max_backoff: Duration::from_millis(2),
        }
    }

    #[tokio::test]
    async fn unavailable_is_retried_until_it_succeeds() {
        let calls = AtomicU32::new(0);
        let result = retry(&quick(), || async {
            if calls.fetch_add(1, Ordering::SeqCst) < 2 {
                Err(Status::unavailable("server restarting"))
            } else {
                Ok(7)
            }
        })
        .await;
        assert_eq!(result.ok(), Some(7));
        assert_eq!(calls.load(Ordering::SeqCst), 3);
    }

    #[tokio::test]
    async fn refusals_are_not_retried() {
        let calls = AtomicU32::new(0);
        let result: Result<(), _> = retry(&quick(), || async {
            calls.fetch_add(1, Ordering::SeqCst);
            Err(Status::invalid_argument("unknown rank 99k"))
        })
        .await;
        assert_eq!(result.map_err(|s| s.code()), Err(Code::InvalidArgument));
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn gives_up_after_the_last_attempt() {
        let calls = AtomicU32::new(0);
        let result: Result<(), _> = retry(&quick(), || async {
            calls.fetch_add(1, Ordering::SeqCst);
            Err(Status::unavailable("down"))
        })
        .await;
        assert!(result.is_err());
        assert_eq!(calls.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let p = RetryPolicy::default();
        assert_eq!(p.backoff(1), Duration::from_millis(100));
        assert_eq!(p.backoff(2), Duration::from_millis(200));
        assert_eq!(p.backoff(10), Duration::from_secs(2));
        assert_eq!(p.backoff(100), Duration::from_secs(2));
    }
}
