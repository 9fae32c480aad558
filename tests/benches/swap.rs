//! Load generator for rule-module versions (`cargo bench -p lookback-tests --bench swap`):
//! 1. load-and-activate time of a module upload (`POST /admin/modules?activate=true`, the full
//!    admission: digest, compile or cache, ABI, self-test) with and without the compile cache,
//!    each on a fresh server, medians of several rounds;
//! 2. `/evaluate` latency p50/p99 from concurrent clients in steady state and while an admin swaps
//!    the active module continuously, in alternating phases of one run so drift cancels.
//!
//! Under `cargo test` (no `--bench` argument) it prints that it is skipped and exits.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use lookback::Settings;
use lookback_tests::{
    ADMIN_KEY, CLIENT_KEY, NEXT_MODULE, TestServer, ca_conviction_six_years_old, temp_dir,
    test_settings,
};

const LOAD_ROUNDS: usize = 7;
const CLIENTS: usize = 4;
const PHASE: Duration = Duration::from_secs(4);
const PHASES: usize = 4; // steady, swapping, steady, swapping

fn main() -> anyhow::Result<()> {
    if !std::env::args().any(|a| a == "--bench") {
        println!(
            "swap load generator skipped: run it with `cargo bench -p lookback-tests --bench swap`"
        );
        return Ok(());
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async {
        load_and_activate().await?;
        latency_under_swaps().await
    })
}

async fn load_and_activate() -> anyhow::Result<()> {
    let bytes = std::fs::read(NEXT_MODULE)?;
    let cache = temp_dir("bench-cache");
    let mut results = Vec::new();
    for (label, cache_dir) in [("without cache", None), ("with cache", Some(cache.clone()))] {
        if let Some(dir) = &cache_dir {
            // Warm the cache once.
            upload_on_fresh_server(settings(Some(dir.clone())), &bytes).await?;
        }
        let mut times = Vec::new();
        for _ in 0..LOAD_ROUNDS {
            times.push(upload_on_fresh_server(settings(cache_dir.clone()), &bytes).await?);
        }
        times.sort();
        let median = times[times.len() / 2];
        println!(
            "load+activate {label}: median {:.1} ms (min {:.1}, max {:.1}, {LOAD_ROUNDS} rounds)",
            ms(median),
            ms(times[0]),
            ms(times[times.len() - 1])
        );
        results.push(median);
    }
    println!(
        "load+activate: cache makes it {:.1}x faster",
        results[0].as_secs_f64() / results[1].as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&cache);
    Ok(())
}

fn settings(cache: Option<std::path::PathBuf>) -> Settings {
    let mut s = test_settings();
    s.engine.compile_cache = cache;
    s
}

async fn upload_on_fresh_server(settings: Settings, bytes: &[u8]) -> anyhow::Result<Duration> {
    let server = TestServer::start(settings).await?;
    let admin = server.token(ADMIN_KEY).await?;
    let started = Instant::now();
    let reply = server
        .upload_module(&admin, bytes.to_vec(), "?activate=true")
        .await?;
    let took = started.elapsed();
    anyhow::ensure!(reply.status == 201, "upload failed: {}", reply.text);
    Ok(took)
}

async fn latency_under_swaps() -> anyhow::Result<()> {
    let server = Arc::new(TestServer::start(test_settings()).await?);
    let admin = server.token(ADMIN_KEY).await?;
    let client = server.token(CLIENT_KEY).await?;
    let reply = server
        .upload_module(&admin, std::fs::read(NEXT_MODULE)?, "")
        .await?;
    anyhow::ensure!(reply.status == 201, "{}", reply.text);
    let versions = [
        format!("{}-rules-next", env!("CARGO_PKG_VERSION")),
        env!("CARGO_PKG_VERSION").to_owned(),
    ];
    let record = ca_conviction_six_years_old();
    // Warm-up.
    for _ in 0..200 {
        server.evaluate_on(&client, None, &record).await?;
    }

    let (mut steady, mut swapping) = (Vec::new(), Vec::new());
    let failures = Arc::new(AtomicUsize::new(0));
    let mut swaps_total = 0;
    for phase in 0..PHASES {
        let swap = phase % 2 == 1;
        let stop = Arc::new(AtomicBool::new(false));
        let swapper = swap.then(|| {
            let (server, stop, admin, versions) = (
                server.clone(),
                stop.clone(),
                admin.clone(),
                versions.clone(),
            );
            tokio::spawn(async move {
                let mut n = 0usize;
                while !stop.load(Ordering::Relaxed) {
                    let path = format!("/admin/modules/{}/activate", versions[n % 2]);
                    if server.admin_post(&admin, &path, None).await.is_ok() {
                        n += 1;
                    }
                }
                n
            })
        });
        let clients: Vec<_> = (0..CLIENTS)
            .map(|_| {
                let (server, stop, client, record, failures) = (
                    server.clone(),
                    stop.clone(),
                    client.clone(),
                    record.clone(),
                    failures.clone(),
                );
                tokio::spawn(async move {
                    let mut samples = Vec::new();
                    while !stop.load(Ordering::Relaxed) {
                        let started = Instant::now();
                        let ok = server
                            .evaluate_on(&client, None, &record)
                            .await
                            .is_ok_and(|r| r.status == 200);
                        samples.push(started.elapsed());
                        if !ok {
                            failures.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    samples
                })
            })
            .collect();
        tokio::time::sleep(PHASE).await;
        stop.store(true, Ordering::Relaxed);
        if let Some(swapper) = swapper {
            swaps_total += swapper.await?;
        }
        for c in clients {
            let samples = c.await?;
            if swap {
                swapping.extend(samples);
            } else {
                steady.extend(samples);
            }
        }
    }
    let (s50, s99) = percentiles(&mut steady);
    let (w50, w99) = percentiles(&mut swapping);
    println!(
        "evaluate, {CLIENTS} clients, steady:   {} requests, p50 {:.2} ms, p99 {:.2} ms",
        steady.len(),
        ms(s50),
        ms(s99)
    );
    println!(
        "evaluate, {CLIENTS} clients, swapping: {} requests, p50 {:.2} ms, p99 {:.2} ms, {swaps_total} swaps",
        swapping.len(),
        ms(w50),
        ms(w99)
    );
    println!(
        "swapping / steady: p50 {:.2}x, p99 {:.2}x; failed requests: {}",
        w50.as_secs_f64() / s50.as_secs_f64(),
        w99.as_secs_f64() / s99.as_secs_f64(),
        failures.load(Ordering::Relaxed)
    );
    Ok(())
}

fn percentiles(samples: &mut [Duration]) -> (Duration, Duration) {
    samples.sort();
    let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q).round() as usize];
    (at(0.50), at(0.99))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
