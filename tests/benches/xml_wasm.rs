//! Stage 1 cost on vendor XML through the shipped wasm module under wasmtime, the way
//! `/transform-xml` runs it (`lookback_transform_xml` in a fresh instance, on a blocking thread),
//! for the documents `core-wasm/benches/xml.rs` measures natively. Throughput is in bytes of XML.

#[path = "../../core-wasm/benches/support/xml_doc.rs"]
mod xml_doc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lookback_runtime::Export;
use lookback_runtime::protocol::transform_xml_input;
use lookback_tests::{TestServer, test_settings};

fn bench(c: &mut Criterion) {
    let Ok(rt) = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    else {
        return;
    };
    let Ok(server) = rt.block_on(TestServer::start(test_settings())) else {
        return;
    };
    let module = server.state.registry().active();
    let engine = server.state.engine();
    for (label, xml) in xml_doc::sizes() {
        let input = transform_xml_input("2025-11-05T12:00:00Z", &xml_doc::body(&xml));
        let first = rt.block_on(engine.call(module.clone(), Export::TransformXml, input.clone()));
        assert!(
            first.is_ok_and(|text| text.starts_with("{\"ok\":true")),
            "the benchmark document must transform"
        );
        let mut group = c.benchmark_group(format!("xml_wasm_{label}"));
        group.throughput(Throughput::Bytes(xml.len() as u64));
        group.bench_function("transform_xml", |b| {
            b.iter(|| rt.block_on(engine.call(module.clone(), Export::TransformXml, input.clone())))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
