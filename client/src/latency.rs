//! Latency samples and their summary (count, p50, p99, max) for the load tool. Pure arithmetic, no clock.
//!
//! Kept by hand rather than `hdrhistogram` (issue 17): the load tool keeps every sample (thousands, not
//! billions), so the exact nearest-rank percentile of the sorted samples is a sort and an index, where a
//! histogram would bucket and approximate them and bring its own configuration of ranges and precision.

use std::time::Duration;

/// A summary of call latencies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LatencySummary {
    /// Number of samples.
    pub count: usize,
    /// Median (nearest rank).
    pub p50: Duration,
    /// 99th percentile (nearest rank).
    pub p99: Duration,
    /// Slowest sample.
    pub max: Duration,
}

impl LatencySummary {
    /// Summarises `samples` (any order; sorted in place).
    pub fn from_samples(samples: &mut [Duration]) -> Self {
        samples.sort_unstable();
        LatencySummary {
            count: samples.len(),
            p50: percentile(samples, 50.0),
            p99: percentile(samples, 99.0),
            max: samples.last().copied().unwrap_or_default(),
        }
    }
}

/// The `p`-th percentile of `sorted` by the nearest-rank method: the smallest sample such that at least `p`
/// percent of the samples are at or below it. Zero for no samples; `p` is clamped to 0..=100.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use tengen_client::latency::percentile;
/// let ms = |n| Duration::from_millis(n);
/// let sorted = [ms(1), ms(2), ms(3), ms(4)];
/// assert_eq!(percentile(&sorted, 50.0), ms(2));
/// assert_eq!(percentile(&sorted, 99.0), ms(4));
/// ```
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let p = p.clamp(0.0, 100.0);
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Milliseconds with two decimals, for tables.
pub fn to_millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 100_000.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn percentiles_of_one_to_hundred() {
        let mut samples: Vec<Duration> = (1..=100).rev().map(ms).collect();
        let s = LatencySummary::from_samples(&mut samples);
        assert_eq!(
            s,
            LatencySummary {
                count: 100,
                p50: ms(50),
                p99: ms(99),
                max: ms(100)
            }
        );
    }

    #[test]
    fn p99_of_few_samples_is_the_max() {
        let sorted = [ms(1), ms(5), ms(9)];
        assert_eq!(percentile(&sorted, 99.0), ms(9));
        assert_eq!(percentile(&sorted, 50.0), ms(5));
        assert_eq!(percentile(&sorted, 0.0), ms(1));
    }

    #[test]
    fn empty_samples_summarise_to_zero() {
        assert_eq!(
            LatencySummary::from_samples(&mut []),
            LatencySummary::default()
        );
    }

    #[test]
    fn single_sample_is_every_percentile() {
        let mut samples = [ms(3)];
        let s = LatencySummary::from_samples(&mut samples);
        assert_eq!((s.p50, s.p99, s.max), (ms(3), ms(3), ms(3)));
    }

    #[test]
    fn millis_keep_two_decimals() {
        assert_eq!(to_millis(Duration::from_micros(1234)), 1.23);
    }
}
