//! Native engine cost of one `/evaluate` of a 10-charge record: stage 1 alone, stages 2-3 alone,
//! and both as the host composes them. Compare with `host/benches/engine.rs` (the same work
//! through the wasm module) for the wasm/native ratio.

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};

const TEN_CHARGES: &[u8] = include_bytes!("../fixtures/ten-charges.json");

fn evaluate_input(transformed: &str) -> Vec<u8> {
    let t: Value = serde_json::from_str(transformed).unwrap_or_default();
    json!({"context": {"now": "2025-11-06T12:00:00Z", "correlation_id": "bench"}, "record": t["record"]})
        .to_string()
        .into_bytes()
}

fn bench(c: &mut Criterion) {
    let transformed = lookback_core::api::transform(TEN_CHARGES);
    let input = evaluate_input(&transformed);
    assert!(lookback_core::api::evaluate(&input).starts_with("{\"ok\":true"));

    let mut group = c.benchmark_group("native_10_charges");
    group.bench_function("transform", |b| {
        b.iter(|| lookback_core::api::transform(TEN_CHARGES))
    });
    group.bench_function("evaluate", |b| {
        b.iter(|| lookback_core::api::evaluate(&input))
    });
    group.bench_function("transform_and_evaluate", |b| {
        b.iter(|| {
            let t = lookback_core::api::transform(TEN_CHARGES);
            lookback_core::api::evaluate(&evaluate_input(&t))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
