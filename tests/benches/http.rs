//! `/evaluate` of the 10-charge record over real HTTP (real server, real wasmtime, keep-alive
//! client), one request at a time: the latency a client sees, to compare with the native and
//! wasm engine benches (`core-wasm/benches/evaluate.rs`, `tests/bench/stages.rs`).

use criterion::{Criterion, criterion_group, criterion_main};
use lookback_tests::{CLIENT_KEY, TestServer, test_settings};

const TEN_CHARGES: &str = include_str!("../../core-wasm/fixtures/ten-charges.json");

fn bench(c: &mut Criterion) {
    let Ok(rt) = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    else {
        return;
    };
    let Ok((server, token)) = rt.block_on(async {
        let server = TestServer::start(test_settings()).await?;
        let token = server.token(CLIENT_KEY).await?;
        anyhow::Ok((server, token))
    }) else {
        return;
    };
    let first = rt.block_on(server.evaluate(&token, TEN_CHARGES));
    assert!(
        first.is_ok_and(|r| r.status == 200),
        "the benchmark request must succeed"
    );

    c.bench_function("http_evaluate_10_charges", |b| {
        b.iter(|| rt.block_on(server.evaluate(&token, TEN_CHARGES)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
