//! Stage 1 cost on vendor XML, native: parse alone (`read_xml`) and the whole transform (request
//! JSON, parse, count gate, ids, record_json), for a 1-case document and a generated 200-charge
//! one. Throughput is reported in bytes of XML; µs per KB = 1000 / (KB/ms). `tests/benches/xml_wasm.rs`
//! measures the same documents through the wasm module.

use chrono::NaiveDate;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

#[path = "support/xml_doc.rs"]
mod xml_doc;

fn bench(c: &mut Criterion) {
    let as_of = NaiveDate::from_ymd_opt(2025, 11, 5).unwrap_or_default();
    for (label, xml) in xml_doc::sizes() {
        let request = xml_doc::body(&xml);
        assert!(lookback_core::api::transform(&request).starts_with("{\"ok\":true"));
        eprintln!("xml/{label}: {:.1} KB of XML", xml.len() as f64 / 1024.0);
        let mut group = c.benchmark_group(format!("xml_{label}"));
        group.throughput(Throughput::Bytes(xml.len() as u64));
        group.bench_function("read_xml", |b| {
            b.iter(|| lookback_core::parse::xml::read_xml(&xml, as_of))
        });
        group.bench_function("transform", |b| {
            b.iter(|| lookback_core::api::transform(&request))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
