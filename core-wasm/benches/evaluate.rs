//! Native engine cost of one `/evaluate` of a 10-charge record: stage 1 alone, stages 2-3 alone,
//! and both as the host composes them. Compare with `lookback-bench stages`
//! (`tests/bench/stages.rs`: the same work through the wasm module) for the wasm/native ratio.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use lookback_core::identity::{self, AddressInput, Person, PersonName, PreparedCandidate};
use lookback_core::input::{self, StageContext};
use serde_json::Value;

const TEN_CHARGES: &[u8] = include_bytes!("../fixtures/ten-charges.json");

const CONTEXT: StageContext<'static> = StageContext {
    now: "2025-11-06T12:00:00Z",
    correlation_id: "bench",
    client_rules: None,
    charge_dictionary: None,
};

/// The evaluate input for a stage-1 answer, as the host builds it.
fn evaluate_input(transformed: &str) -> Vec<u8> {
    let t: Value = serde_json::from_str(transformed).unwrap_or_default();
    input::evaluate_input(&CONTEXT, &t["record"].to_string()).into_bytes()
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
    // As the server runs them: stage 1 keeps the record for stages 2-3 (no JSON in between).
    let context = input::evaluate_kept_input(&CONTEXT);
    group.bench_function("transform_keep_and_evaluate_kept", |b| {
        b.iter(|| {
            lookback_core::api::transform_keep(TEN_CHARGES);
            lookback_core::api::evaluate_kept(context.as_bytes())
        })
    });
    // One case's identity comparison (the fixture's candidate against its first case's subject),
    // the candidate read once per search as the pipeline does.
    let person = |first: &str, middle: &str, last: &str, ssn: &str, address: &str| Person {
        name: PersonName {
            first: first.to_owned().into(),
            middle: middle.to_owned().into(),
            last: last.to_owned().into(),
        },
        full_name: None,
        aliases: Vec::new(),
        date_of_birth: Some("1986-02-17".to_owned().into()),
        ssn: Some(ssn.to_owned().into()),
        addresses: vec![AddressInput::SingleLine(address.to_owned().into())],
    };
    let candidate = person(
        "Quentin",
        "Avery",
        "Sampleton",
        "512-34-7788",
        "4100 Fixture Lane, Marietta, GA 30060",
    );
    let mut subject = person(
        "QUENTIN",
        "AVERY",
        "SAMPLETON",
        "512-34-7788",
        "4100 FIXTURE LN, MARIETTA, GA 30060",
    );
    subject.full_name = Some("QUENTIN AVERY SAMPLETON".into());
    // A fresh search each time (not timed): the prepared candidate also keeps the record address
    // lines it has standardised, and a repeated line would be read from it.
    group.bench_function("identity_one_case", |b| {
        b.iter_batched_ref(
            || PreparedCandidate::new(&candidate),
            |prepared| {
                identity::compare_prepared(
                    Some(prepared),
                    &subject,
                    identity::DEFAULT_QUALIFYING_BP,
                )
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
