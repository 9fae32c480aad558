//! The input caps' check on an `/evaluate` body, beside the cheapest full read of the same bytes
//! (`IgnoredAny`: serde_json's parser building nothing), the floor any streaming check would have.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use lookback::input_limits::InputLimits;
use serde::de::IgnoredAny;

fn input_limits(c: &mut Criterion) {
    let body = include_bytes!("../../core-wasm/fixtures/ten-charges.json");
    let limits = InputLimits::default();
    let mut group = c.benchmark_group("input_limits/ten_charges");
    group.bench_function("check_record", |b| {
        b.iter(|| limits.check_record(black_box(body)))
    });
    group.bench_function("parse_only_ignored_any", |b| {
        b.iter(|| serde_json::from_slice::<IgnoredAny>(black_box(body)).is_ok())
    });
    group.finish();
}

criterion_group!(benches, input_limits);
criterion_main!(benches);
