//! Where the wasm request path's time goes beyond native: the same module and request (both
//! stages, the record kept between them) in ONE reused instance, without and with epoch
//! interruption, next to the server's fresh instance per request (`stages`). Three figures:
//! the code alone (Cranelift vs LLVM native, bounds checks elided), what the deadline's epoch
//! checks add, and what a fresh instance (instantiate + memory reset at drop) adds.

use std::time::{Duration, Instant};

use serde_json::json;
use wasmtime::{
    Config, Engine, Instance, Memory, Module, OptLevel, ProfilingStrategy, Store, TypedFunc,
};

use crate::stats::{percentile_us, round1};

/// One reused instance and the exports the request path calls.
pub struct Reused {
    store: Store<()>,
    memory: Memory,
    alloc: TypedFunc<i32, i32>,
    free: TypedFunc<(i32, i32), ()>,
    transform: TypedFunc<(i32, i32), i64>,
    evaluate: TypedFunc<(i32, i32), i64>,
}

impl Reused {
    /// `perf_map`: wasmtime writes `/tmp/perf-<pid>.map`, so `perf report` names the module's
    /// functions (`lookback-bench profile`).
    pub fn new(wasm: &[u8], epoch: bool, perf_map: bool) -> wasmtime::Result<Self> {
        let mut config = Config::new();
        config
            .cranelift_opt_level(OptLevel::Speed)
            .epoch_interruption(epoch);
        if perf_map {
            config.profiler(ProfilingStrategy::PerfMap);
        }
        let engine = Engine::new(&config)?;
        let module = Module::new(&engine, wasm)?;
        let mut store = Store::new(&engine, ());
        // No ticker advances this engine's epoch: the deadline is checked, never reached.
        store.set_epoch_deadline(1);
        let instance = Instance::new(&mut store, &module, &[])?;
        let memory = instance
            .get_memory(&mut store, "memory")
            .ok_or_else(|| wasmtime::format_err!("no memory export"))?;
        Ok(Self {
            alloc: instance.get_typed_func(&mut store, "lookback_alloc")?,
            free: instance.get_typed_func(&mut store, "lookback_free")?,
            transform: instance.get_typed_func(&mut store, "lookback_transform_keep")?,
            evaluate: instance.get_typed_func(&mut store, "lookback_evaluate_kept")?,
            memory,
            store,
        })
    }

    /// One export on `input`; the input and result buffers are freed, so the instance can be
    /// called again and again. Returns the result's length.
    fn call(&mut self, stage2: bool, input: &[u8]) -> wasmtime::Result<usize> {
        let len =
            i32::try_from(input.len()).map_err(|_| wasmtime::format_err!("input too large"))?;
        let ptr = self.alloc.call(&mut self.store, len)?;
        self.memory
            .write(&mut self.store, ptr as u32 as usize, input)?;
        let function = if stage2 {
            &self.evaluate
        } else {
            &self.transform
        };
        let packed = function.call(&mut self.store, (ptr, len))? as u64;
        self.free.call(&mut self.store, (ptr, len))?;
        let (out, out_len) = ((packed >> 32) as i32, (packed & 0xffff_ffff) as i32);
        self.free.call(&mut self.store, (out, out_len))?;
        Ok(out_len as usize)
    }

    /// Median microseconds of both stages, over `calls` requests after as many warm-up ones.
    pub fn median_us(
        &mut self,
        body: &[u8],
        context: &[u8],
        calls: usize,
    ) -> wasmtime::Result<f64> {
        let mut samples = Vec::with_capacity(calls);
        for i in 0..2 * calls {
            let started = Instant::now();
            self.call(false, body)?;
            self.call(true, context)?;
            if i >= calls {
                samples.push(started.elapsed());
            }
        }
        Ok(percentile_us(&mut samples, 50.0))
    }
}

/// The breakdown as JSON; `fresh_us` and `native_us` come from `stages` in the same run.
pub fn run(
    wasm: &[u8],
    body: &[u8],
    context: &[u8],
    calls: usize,
    native_us: f64,
    fresh_us: f64,
) -> anyhow::Result<serde_json::Value> {
    let wasmtime = |e: wasmtime::Error| anyhow::anyhow!("{e}");
    let mut plain = Reused::new(wasm, false, false).map_err(wasmtime)?;
    let mut epoch = Reused::new(wasm, true, false).map_err(wasmtime)?;
    let (mut a, mut b) = (Vec::new(), Vec::new());
    // Interleaved rounds, as in `stages`: drift on a shared machine hits both alike.
    for _ in 0..5 {
        let us = plain
            .median_us(body, context, calls / 5)
            .map_err(wasmtime)?;
        a.push(Duration::from_secs_f64(us / 1e6));
        let us = epoch
            .median_us(body, context, calls / 5)
            .map_err(wasmtime)?;
        b.push(Duration::from_secs_f64(us / 1e6));
    }
    let (plain_us, epoch_us) = (percentile_us(&mut a, 50.0), percentile_us(&mut b, 50.0));
    let ratio = |us: f64| (us / native_us * 100.0).round() / 100.0;
    Ok(json!({
        "native_us": round1(native_us),
        "reused_instance_no_epoch_us": round1(plain_us), "reused_no_epoch_vs_native": ratio(plain_us),
        "reused_instance_epoch_us": round1(epoch_us), "reused_epoch_vs_native": ratio(epoch_us),
        "fresh_instance_epoch_us": round1(fresh_us), "fresh_vs_native": ratio(fresh_us),
    }))
}
