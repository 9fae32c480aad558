//! Medians and percentiles of measured durations.

use std::time::Duration;

/// The `p`-th percentile (0-100, nearest rank) in microseconds; 0 for no samples.
pub fn percentile_us(samples: &mut [Duration], p: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    samples.sort_unstable();
    let rank = ((p / 100.0) * samples.len() as f64).ceil() as usize;
    let index = rank.clamp(1, samples.len()) - 1;
    samples[index].as_secs_f64() * 1e6
}

/// Rounds to one decimal, for readable JSON.
pub fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// Rounds to two decimals, for readable JSON.
pub fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
