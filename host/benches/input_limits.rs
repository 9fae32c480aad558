//! The input caps' check on an `/evaluate` body, beside the check it replaced (the body parsed
//! into a `Value`, then walked: the equivalence tests' oracle) and the cheapest full read of the
//! same bytes (`IgnoredAny`: serde_json's parser building nothing), the floor of any check.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use lookback::limits::input::InputLimits;
use serde::de::IgnoredAny;

/// Where the oracle finds the caps (`super::caps` in the library).
mod caps {
    pub use lookback::limits::input::{Exceeded, InputLimits};
}

/// The check before the streaming pass, shared with the equivalence tests.
#[path = "../src/limits/input/oracle.rs"]
#[expect(dead_code, reason = "the bench times the record check only")]
mod oracle;

fn input_limits(c: &mut Criterion) {
    let body = include_bytes!("../../core-wasm/fixtures/ten-charges.json");
    let limits = InputLimits::default();
    assert_eq!(
        limits.check_record(body),
        oracle::check_record(&limits, body)
    );
    let mut group = c.benchmark_group("input_limits/ten_charges");
    group.bench_function("check_record", |b| {
        b.iter(|| limits.check_record(black_box(body)))
    });
    group.bench_function("check_record_value_walk", |b| {
        b.iter(|| oracle::check_record(&limits, black_box(body)))
    });
    group.bench_function("parse_only_ignored_any", |b| {
        b.iter(|| serde_json::from_slice::<IgnoredAny>(black_box(body)).is_ok())
    });
    group.finish();
}

criterion_group!(benches, input_limits);
criterion_main!(benches);
