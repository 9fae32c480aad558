//! Open-loop load: requests leave on a fixed schedule whatever the server does, and each latency
//! counts from the request's scheduled time, so a stalled server cannot hide its queue (no
//! coordinated omission). wrk measures the maximum rate; this measures latency at a chosen rate.

use std::time::Duration;

use axum::body::Bytes;
use serde_json::json;

use crate::stats::{percentile_us, round1, round2};

/// One paced run.
pub struct Load {
    pub url: String,
    pub token: Option<String>,
    pub body: Vec<u8>,
    pub rate: f64,
    pub secs: f64,
}

/// Runs the load and prints one JSON object.
pub fn run(load: &Load) -> anyhow::Result<()> {
    anyhow::ensure!(
        load.rate > 0.0 && load.secs > 0.0,
        "rate and secs must be positive"
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(paced(load))
}

async fn paced(load: &Load) -> anyhow::Result<()> {
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(1024)
        .timeout(Duration::from_secs(30))
        .build()?;
    let body = Bytes::from(load.body.clone());
    let total = (load.rate * load.secs).round() as u64;
    let interval = Duration::from_secs_f64(1.0 / load.rate);
    let start = tokio::time::Instant::now() + Duration::from_millis(200);
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..total {
        let due = start + interval.mul_f64(i as f64);
        let mut request = client
            .post(&load.url)
            .header("content-type", "application/json")
            .body(body.clone());
        if let Some(token) = &load.token {
            request = request.bearer_auth(token);
        }
        tasks.spawn(async move {
            tokio::time::sleep_until(due).await;
            let ok = match request.send().await {
                Ok(response) => response.status().is_success() && response.bytes().await.is_ok(),
                Err(_) => false,
            };
            (ok, due.elapsed())
        });
    }
    let mut latencies = Vec::with_capacity(total as usize);
    let mut failed = 0u64;
    while let Some(joined) = tasks.join_next().await {
        let (ok, latency) = joined?;
        if ok {
            latencies.push(latency);
        } else {
            failed += 1;
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "{}",
        json!({"rate": load.rate, "secs": load.secs, "sent": total, "failed": failed,
               "achieved_rps": round1(latencies.len() as f64 / elapsed),
               "p50_ms": round2(percentile_us(&mut latencies, 50.0) / 1000.0),
               "p99_ms": round2(percentile_us(&mut latencies, 99.0) / 1000.0)})
    );
    Ok(())
}
