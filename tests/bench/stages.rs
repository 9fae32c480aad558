//! Native vs wasm for each engine stage on one request body.
//!
//! - `request`: the two stages as the server runs them for one request: one fresh store and
//!   instance from the pooled `InstancePre`, stage 1 keeping its record in the instance when the
//!   module can (`lookback_transform_keep`, then `lookback_evaluate_kept`), the store dropped at
//!   the end. Instantiation counts in stage 1, the store's drop in stage 2. Natively, the same
//!   two functions of `lookback_core::api`.
//! - `v1_stages`: each ABI v1 export alone, in a fresh instance per call (the record crossing as
//!   JSON), as the server ran requests before.
//! - `load_ms`: compiling and checking the module with no compile cache (a cold server start's
//!   part), the median of a few loads.
//!
//! Variants run in interleaved rounds so slow drift on a shared machine hits them alike; each
//! figure is the median of every single call.

use std::hint::black_box;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use lookback_runtime::protocol::{
    self, StageContext, TransformOutput, evaluate_input, evaluate_kept_input,
};
use lookback_runtime::runner::Session;
use lookback_runtime::{EngineHost, EngineSettings, Export, LoadedModule, RequestCalls, runner};
use serde_json::json;

use crate::stats::{percentile_us, round1, round2};

/// A fixed clock, so both sides decide the same day.
const CONTEXT: StageContext<'static> = StageContext {
    now: "2025-11-06T12:00:00Z",
    correlation_id: "bench",
    client_rules: None,
    charge_dictionary: None,
};

/// The stage-2 input of the kept-record pair, with the bench's fixed clock.
pub fn kept_context() -> String {
    evaluate_kept_input(&CONTEXT)
}

struct Stage {
    name: &'static str,
    export: Export,
    input: Vec<u8>,
    native: fn(&[u8]) -> String,
}

/// Samples of one stage, native and wasm.
#[derive(Default)]
struct Samples {
    native: Vec<Duration>,
    wasm: Vec<Duration>,
}

impl Samples {
    fn report(&mut self) -> serde_json::Value {
        let native_us = percentile_us(&mut self.native, 50.0);
        let wasm_us = percentile_us(&mut self.wasm, 50.0);
        json!({"native_us": round1(native_us), "wasm_fresh_us": round1(wasm_us),
               "ratio": round2(wasm_us / native_us)})
    }
}

/// Cold loads of the module timed (median reported as `load_ms`).
const LOADS: usize = 5;

/// Measures and prints one JSON object; `dictionary` (a tenant's charge dictionary as the engine
/// reads it) travels whole in every request's context, as the server sends it to a module without
/// `lookback_charge_keys`.
pub fn run(
    wasm: &[u8],
    body: &[u8],
    rounds: usize,
    per_round: usize,
    dictionary: Option<&str>,
) -> anyhow::Result<()> {
    let stage_context = CONTEXT.with_charge_dictionary(dictionary);
    let host = EngineHost::new(&EngineSettings::default())?;
    let module = host.load(wasm)?;
    // Compiling and checking the module without a compile cache, as a server starting cold does.
    let mut loads = Vec::with_capacity(LOADS);
    for _ in 0..LOADS {
        let start = Instant::now();
        drop(host.load(wasm)?);
        loads.push(start.elapsed());
    }
    let transformed = lookback_core::api::transform(body);
    let record = TransformOutput::parse(&transformed, true)?
        .record
        .context("the body does not pass stage 1")?;
    let v1 = [
        Stage {
            name: "transform",
            export: Export::Transform,
            input: body.to_vec(),
            native: lookback_core::api::transform,
        },
        Stage {
            name: "evaluate",
            export: Export::Evaluate,
            input: evaluate_input(&stage_context, record.get()).into_bytes(),
            native: lookback_core::api::evaluate,
        },
    ];
    let call =
        |export, input: &[u8]| runner::call(host.engine(), &module, export, input, &host.limits());
    for stage in &v1 {
        anyhow::ensure!(
            call(stage.export, &stage.input)? == (stage.native)(&stage.input),
            "{}: wasm and native answers differ",
            stage.name
        );
    }
    let context = evaluate_kept_input(&stage_context);
    let request = Request {
        host: &host,
        module: &module,
        body,
        stage_context,
        context: context.as_bytes(),
    };
    anyhow::ensure!(
        request.wasm(&mut [Duration::ZERO; 2])? == request.native(&mut [Duration::ZERO; 2]),
        "request: wasm and native decisions differ"
    );

    let mut stages: [Samples; 2] = Default::default();
    let mut v1_samples: [Samples; 2] = Default::default();
    let mut instantiate = Vec::new();
    for _ in 0..rounds {
        for _ in 0..per_round {
            let mut times = [Duration::ZERO; 2];
            black_box(request.native(&mut times));
            for (samples, time) in stages.iter_mut().zip(times) {
                samples.native.push(time);
            }
        }
        for _ in 0..per_round {
            let mut times = [Duration::ZERO; 2];
            black_box(request.wasm(&mut times)?);
            for (samples, time) in stages.iter_mut().zip(times) {
                samples.wasm.push(time);
            }
        }
        for (i, stage) in v1.iter().enumerate() {
            for _ in 0..per_round {
                let t = time(|| drop(black_box((stage.native)(&stage.input))));
                v1_samples[i].native.push(t);
            }
            for _ in 0..per_round {
                let t = time(|| drop(black_box(call(stage.export, &stage.input))));
                v1_samples[i].wasm.push(t);
            }
        }
        for _ in 0..per_round {
            instantiate.push(time(|| drop(black_box(call(Export::Info, &[])))));
        }
    }

    let total = |side: fn(&Samples) -> &Vec<Duration>| -> Vec<Duration> {
        side(&stages[0])
            .iter()
            .zip(side(&stages[1]))
            .map(|(a, b)| *a + *b)
            .collect()
    };
    let mut whole = Samples {
        native: total(|s| &s.native),
        wasm: total(|s| &s.wasm),
    };
    let info = info(&host, &module)?;
    let footprint = request.footprint()?;
    let request_report = whole.report();
    let breakdown = crate::breakdown::run(
        wasm,
        body,
        context.as_bytes(),
        rounds * per_round,
        request_report["native_us"].as_f64().unwrap_or_default(),
        request_report["wasm_fresh_us"].as_f64().unwrap_or_default(),
    )?;
    println!(
        "{}",
        json!({"body_bytes": body.len(), "module_bytes": wasm.len(),
               "dictionary_bytes": dictionary.map(str::len),
               "preinitialized": info.get("preinitialized").cloned().unwrap_or(json!(false)),
               "keeps_record": module.keeps_record(),
               "calls_per_variant": rounds * per_round,
               "request_memory": footprint,
               "load_ms": round1(percentile_us(&mut loads, 50.0) / 1000.0),
               "info_call_us": round1(percentile_us(&mut instantiate, 50.0)),
               "stages": {"transform": stages[0].report(), "evaluate": stages[1].report(),
                          "request": request_report},
               "request_breakdown": breakdown,
               "v1_stages": {"transform": v1_samples[0].report(),
                             "evaluate": v1_samples[1].report()}})
    );
    Ok(())
}

/// One request's two stages, natively and in one fresh wasm instance.
struct Request<'a> {
    host: &'a EngineHost,
    module: &'a LoadedModule,
    body: &'a [u8],
    stage_context: StageContext<'a>,
    /// `stage_context` as the kept-record pair's stage-2 input.
    context: &'a [u8],
}

impl Request<'_> {
    /// `lookback_core::api::transform_keep` then `evaluate_kept`; writes each stage's time.
    fn native(&self, times: &mut [Duration; 2]) -> String {
        let started = Instant::now();
        black_box(lookback_core::api::transform_keep(self.body));
        let between = Instant::now();
        let decision = lookback_core::api::evaluate_kept(self.context);
        *times = [between - started, between.elapsed()];
        decision
    }

    /// Both stages in one fresh instance, as the server runs them; writes each stage's time
    /// (instantiation in the first, the store's drop in the second).
    fn wasm(&self, times: &mut [Duration; 2]) -> anyhow::Result<String> {
        let started = Instant::now();
        let mut calls =
            RequestCalls::new(self.host.engine(), self.module, self.host.limits(), None);
        let text = protocol::transform(&mut calls, self.body)?;
        let between = Instant::now();
        let out = protocol::read_transform(&calls, &text)?;
        let decision = protocol::evaluate(&mut calls, out.record, &self.stage_context)?;
        drop(calls);
        *times = [between - started, between.elapsed()];
        Ok(decision)
    }
}

impl Request<'_> {
    /// How much of the instance's memory one request leaves changed: the 64 KiB wasm pages it
    /// grew by, and the 4 KiB host pages that differ from a fresh instance's. Every changed page
    /// is reset when the store is dropped.
    fn footprint(&self) -> anyhow::Result<serde_json::Value> {
        let limits = self.host.limits();
        // First, alone: the most recently used slot, with every request of the run behind it.
        let mut steady = Session::new(self.host.engine(), self.module, &limits)?;
        steady.call(Export::TransformKeep, self.body)?;
        steady.call(Export::EvaluateKept, self.context)?;
        let reset = crate::resident::classify(steady.memory())?;
        drop(steady);
        let fresh = Session::new(self.host.engine(), self.module, &limits)?;
        let mut used = Session::new(self.host.engine(), self.module, &limits)?;
        anyhow::ensure!(
            self.module.keeps_record(),
            "the module does not keep the record"
        );
        used.call(Export::TransformKeep, self.body)?;
        used.call(Export::EvaluateKept, self.context)?;
        let (before, after) = (fresh.memory(), used.memory());
        fn page(memory: &[u8], i: usize) -> Option<&[u8]> {
            memory.get(i * 4096..(i + 1) * 4096)
        }
        let changed: Vec<usize> = (0..after.len() / 4096)
            .filter(|&i| match (page(before, i), page(after, i)) {
                (Some(a), Some(b)) => a != b,
                (None, Some(b)) => b.iter().any(|&x| x != 0),
                _ => false,
            })
            .collect();
        Ok(
            json!({"initial_bytes": before.len(), "after_bytes": after.len(),
                  "changed_4k_pages": changed.len(),
                  "changed_pages_kib": changed.iter().map(|i| i * 4).collect::<Vec<_>>(),
                  "steady_slot": reset}),
        )
    }
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
