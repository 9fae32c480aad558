//! Native vs wasm for each engine stage on one request body. The wasm side is what the server
//! does per stage: a fresh store and instance from the pooled `InstancePre`, write the input, call
//! the export, read the answer, drop the store. Variants run in interleaved rounds so slow drift on
//! a shared machine hits them alike; each figure is the median of every single call.

use std::hint::black_box;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use lookback::config::EngineSettings;
use lookback::engine::{EngineHost, Export, LoadedModule, runner};
use lookback::pipeline::{TransformOutput, evaluate_input};
use serde_json::json;

use crate::stats::{percentile_us, round1, round2};

/// A fixed clock, so both sides decide the same day.
const NOW: &str = "2025-11-06T12:00:00Z";

struct Stage {
    name: &'static str,
    export: Export,
    input: Vec<u8>,
    native: fn(&[u8]) -> String,
}

/// Measures and prints one JSON object.
pub fn run(wasm: &[u8], body: &[u8], rounds: usize, per_round: usize) -> anyhow::Result<()> {
    let host = EngineHost::new(&EngineSettings::default())?;
    let module = host.load(wasm)?;
    let transformed = lookback_core::api::transform(body);
    let record = TransformOutput::parse(&transformed)?
        .record
        .context("the body does not pass stage 1")?;
    let stages = [
        Stage {
            name: "transform",
            export: Export::Transform,
            input: body.to_vec(),
            native: lookback_core::api::transform,
        },
        Stage {
            name: "evaluate",
            export: Export::Evaluate,
            input: evaluate_input(NOW, "bench", None, record).into_bytes(),
            native: lookback_core::api::evaluate,
        },
    ];
    let call =
        |export, input: &[u8]| runner::call(host.engine(), &module, export, input, &host.limits());
    for stage in &stages {
        anyhow::ensure!(
            call(stage.export, &stage.input)? == (stage.native)(&stage.input),
            "{}: wasm and native answers differ",
            stage.name
        );
    }

    let mut native = vec![Vec::new(); stages.len()];
    let mut fresh = vec![Vec::new(); stages.len()];
    let mut instantiate = Vec::new();
    for _ in 0..rounds {
        for (i, stage) in stages.iter().enumerate() {
            for _ in 0..per_round {
                native[i].push(time(|| drop(black_box((stage.native)(&stage.input)))));
            }
            for _ in 0..per_round {
                fresh[i].push(time(|| drop(black_box(call(stage.export, &stage.input)))));
            }
        }
        for _ in 0..per_round {
            instantiate.push(time(|| drop(black_box(call(Export::Info, &[])))));
        }
    }

    let mut report = serde_json::Map::new();
    for (i, stage) in stages.iter().enumerate() {
        let native_us = percentile_us(&mut native[i], 50.0);
        let wasm_us = percentile_us(&mut fresh[i], 50.0);
        report.insert(
            stage.name.to_owned(),
            json!({"native_us": round1(native_us), "wasm_fresh_us": round1(wasm_us),
                   "ratio": round2(wasm_us / native_us)}),
        );
    }
    let info = info(&host, &module)?;
    println!(
        "{}",
        json!({"body_bytes": body.len(), "module_bytes": wasm.len(),
               "preinitialized": info.get("preinitialized").cloned().unwrap_or(json!(false)),
               "calls_per_variant": rounds * per_round,
               "info_call_us": round1(percentile_us(&mut instantiate, 50.0)),
               "stages": report})
    );
    Ok(())
}

/// `lookback_info` of the module as JSON.
fn info(host: &EngineHost, module: &LoadedModule) -> anyhow::Result<serde_json::Value> {
    let text = runner::call(host.engine(), module, Export::Info, &[], &host.limits())?;
    Ok(serde_json::from_str(&text)?)
}

fn time(f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}
