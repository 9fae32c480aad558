//! A reused instance (epoch checks on, as the server runs) running the request's two stages in a
//! loop for a while, with wasmtime's perf map written: `perf record` over this process names the
//! module's functions, so the time can be put on wasm functions without the bench's other parts.

use std::time::{Duration, Instant};

use crate::breakdown::Reused;

/// Calls per timed batch between checks of the clock.
const BATCH: usize = 200;

/// Runs for `secs` seconds; prints the median request time of the last batch as JSON.
pub fn run(wasm: &[u8], body: &[u8], context: &[u8], epoch: bool, secs: f64) -> anyhow::Result<()> {
    let wasmtime = |e: wasmtime::Error| anyhow::anyhow!("{e}");
    let mut reused = Reused::new(wasm, epoch, true).map_err(wasmtime)?;
    let until = Instant::now() + Duration::from_secs_f64(secs);
    let mut last_us = 0.0;
    let mut batches = 0usize;
    while Instant::now() < until {
        last_us = reused.median_us(body, context, BATCH).map_err(wasmtime)?;
        batches += 1;
    }
    println!(
        "{}",
        serde_json::json!({"pid": std::process::id(), "epoch": epoch, "batches": batches,
                           "last_batch_median_us": crate::stats::round1(last_us)})
    );
    Ok(())
}
