//! Modules without the optional kept-record pair (docs/abi.md; every module built before it, so
//! every version an operator may roll back to) still serve: the host runs their two stages with
//! the record crossing as JSON. Made here from the shipped module by removing the pair's two
//! exports, so one engine answers both ways: its self-test passes, and every corpus request gets
//! the same answer as from the shipped module, timing and module digest aside.

use std::sync::Arc;

use lookback::client_rules::Overlays;
use lookback::context::RequestCtx;
use lookback::pipeline::{self, Tenancy};
use lookback_runtime::EngineSettings;
use lookback_runtime::{EMBEDDED_MODULE, EngineHost, LoadedModule};
use serde_json::Value;

use crate::evaluate_http::corpus;

const KEPT_PAIR: [&str; 2] = ["lookback_transform_keep", "lookback_evaluate_kept"];

fn leb128(bytes: &[u8], at: &mut usize) -> u32 {
    let (mut value, mut shift) = (0u32, 0);
    loop {
        let byte = bytes[*at];
        *at += 1;
        value |= u32::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return value;
        }
        shift += 7;
    }
}

fn push_leb128(out: &mut Vec<u8>, mut value: u32) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// `wasm` without the named exports. Binary format: the 8-byte header, then sections of an id, a
/// LEB128 size and a body; the export section (id 7) is a LEB128 count of entries, each a
/// LEB128-length name, a kind byte and a LEB128 index.
fn without_exports(wasm: &[u8], names: &[&str]) -> Vec<u8> {
    let mut out = wasm[..8].to_vec();
    let mut at = 8;
    while at < wasm.len() {
        let id = wasm[at];
        at += 1;
        let size = leb128(wasm, &mut at) as usize;
        let body = &wasm[at..at + size];
        at += size;
        let body = if id == 7 {
            let mut pos = 0;
            let count = leb128(body, &mut pos);
            let mut kept = Vec::new();
            let mut entries = 0;
            for _ in 0..count {
                let start = pos;
                let len = leb128(body, &mut pos) as usize;
                let name = std::str::from_utf8(&body[pos..pos + len]).unwrap();
                pos += len + 1; // name, kind
                leb128(body, &mut pos); // index
                if !names.contains(&name) {
                    kept.extend_from_slice(&body[start..pos]);
                    entries += 1;
                }
            }
            let mut section = Vec::new();
            push_leb128(&mut section, entries);
            section.extend_from_slice(&kept);
            section
        } else {
            body.to_vec()
        };
        out.push(id);
        push_leb128(&mut out, u32::try_from(body.len()).unwrap());
        out.extend_from_slice(&body);
    }
    out
}

/// The answer's status and body without what differs by module or by call (timing, digest).
async fn answer(
    host: &EngineHost,
    module: &Arc<LoadedModule>,
    body: &[u8],
    overlays: &Overlays,
    now: &str,
) -> (u16, Value) {
    let ctx = RequestCtx::new(Some("v1-modules"));
    let tenancy = Tenancy::anonymous(overlays);
    let result = pipeline::evaluate(
        host,
        module.clone(),
        body.to_vec().into(),
        &ctx,
        tenancy,
        now,
    )
    .await;
    let (status, text) = match result {
        Ok(answer) => (answer.status.as_u16(), answer.body),
        Err(error) => (error.status().as_u16(), error.body()),
    };
    let mut value: Value = serde_json::from_str(&text).unwrap();
    for (parent, field) in [
        ("data", "timing"),
        ("meta", "process_time_ms"),
        ("meta", "engine"),
    ] {
        if let Some(object) = value.get_mut(parent).and_then(Value::as_object_mut) {
            object.remove(field);
        }
    }
    (status, value)
}

#[tokio::test]
async fn a_module_without_the_kept_pair_is_admitted_and_answers_as_the_shipped_one() {
    let host = EngineHost::new(&EngineSettings::default()).unwrap();
    let shipped = Arc::new(host.admit(EMBEDDED_MODULE, None).unwrap());
    let v1 = Arc::new(
        host.admit(without_exports(EMBEDDED_MODULE, &KEPT_PAIR), None)
            .unwrap(),
    );
    assert!(shipped.keeps_record());
    assert!(!v1.keeps_record(), "the pair's exports were not removed");
    assert!(v1.self_test.as_ref().unwrap().passed);

    let cases = corpus::load();
    let overlays = Overlays::none().with(cases.iter().filter_map(|case| {
        let tenant = case.request["record"]["tenant_id"].as_str()?;
        Some((tenant.to_owned(), case.client_rules.as_ref()?.to_string()))
    }));
    let mut decided = 0;
    for case in &cases {
        let body = serde_json::to_vec(&case.request).unwrap();
        let kept = answer(&host, &shipped, &body, &overlays, &case.now).await;
        let crossing = answer(&host, &v1, &body, &overlays, &case.now).await;
        assert_eq!(kept, crossing, "{}", case.name);
        decided += usize::from(kept.0 == 200);
    }
    assert!(decided > 20, "only {decided} cases decided");
}

#[test]
fn half_the_pair_is_refused() {
    let host = EngineHost::new(&EngineSettings::default()).unwrap();
    let half = without_exports(EMBEDDED_MODULE, &KEPT_PAIR[..1]);
    let refused = host.load(half).unwrap_err().to_string();
    assert_eq!(
        refused,
        "module export `lookback_transform_keep` is missing"
    );
}
