//! The host's own work on `POST /evaluate`, one piece at a time, for load-independent figures:
//! run a piece `n` times under `valgrind --tool=callgrind`, and the total
//! instructions minus those of `n = 0` over `n` are the piece's instructions per call.
//!
//! `request_path <piece> <n>`, the piece one of
//! - `caps`: the input caps' check of the 10-charge fixture;
//! - `token`: a bearer token's verification (signature, claims, the key still accepted);
//! - `request`: the whole request through the router in process (no socket): middleware, token,
//!   caps, both engine stages, the envelope; the engine's part is the same before and after a
//!   host change, so the difference is the host's;
//! - `handoff`: no instruction count (the cost is wake-ups): the median wall time of handing an
//!   empty closure to the blocking pool and back, as every request does, over `n` round trips.

use std::hint::black_box;
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail, ensure};
use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use lookback::auth::Auth;
use lookback::limits::input::InputLimits;
use lookback::{Server, Settings, routes};
use tower::ServiceExt as _;

const FIXTURE: &[u8] = include_bytes!("../../core-wasm/fixtures/ten-charges.json");
const KEY: &str = "lkb_benchkey00000000000000000000000000000000";

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let piece = args.next().context("usage: request_path <piece> <n>")?;
    let n: usize = args
        .next()
        .context("usage: request_path <piece> <n>")?
        .parse()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    match piece.as_str() {
        "handoff" => runtime.block_on(handoff(n)),
        "caps" => {
            let limits = InputLimits::default();
            for _ in 0..n {
                ensure!(limits.check_record(black_box(FIXTURE)).is_ok());
            }
            Ok(())
        }
        "token" => {
            let auth = Auth::from_settings(&settings().auth)?;
            let key = auth.verify_key(KEY, None).context("key refused")?;
            let token = auth.tokens.issue(&key)?;
            for _ in 0..n {
                ensure!(auth.verify_token(black_box(&token), None).is_some());
            }
            Ok(())
        }
        "request" => {
            let server = Server::build(&settings())?;
            let app = routes::router(server.state().clone());
            runtime.block_on(async {
                let token = token(&app).await?;
                for _ in 0..n {
                    let (status, _) = post(&app, "/evaluate", Some(&token), FIXTURE).await?;
                    ensure!(status == StatusCode::OK, "{status}");
                }
                Ok(())
            })
        }
        other => bail!("unknown piece {other}"),
    }
}

/// A server with the bench's key; `LOOKBACK_COMPILE_CACHE` spares a run the module's compile.
fn settings() -> Settings {
    let mut settings = Settings::default();
    settings.auth.api_keys = vec![KEY.to_owned()];
    settings.engine.max_instances = 2;
    settings.engine.compile_cache = std::env::var_os("LOOKBACK_COMPILE_CACHE").map(Into::into);
    settings
}

/// A client token, from `POST /auth/token` as a client gets one.
async fn token(app: &Router) -> anyhow::Result<String> {
    let (status, body) = post(app, "/auth/token", None, b"").await?;
    ensure!(status == StatusCode::OK, "token: {status}");
    let body: serde_json::Value = serde_json::from_slice(&body)?;
    body["access_token"]
        .as_str()
        .map(str::to_owned)
        .context("no access_token")
}

/// One request through the router, its body read to the end.
async fn post(
    app: &Router,
    path: &str,
    token: Option<&str>,
    body: &'static [u8],
) -> anyhow::Result<(StatusCode, axum::body::Bytes)> {
    let mut request = Request::post(path)
        .header("content-type", "application/json")
        .header("content-length", body.len())
        .header("x-api-key", KEY);
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    let response = app.clone().oneshot(request.body(Body::from(body))?).await?;
    let status = response.status();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX).await?;
    Ok((status, body))
}

/// Median round trip of an empty closure through `spawn_blocking`, in µs.
async fn handoff(n: usize) -> anyhow::Result<()> {
    let mut times: Vec<Duration> = Vec::with_capacity(n);
    for _ in 0..n {
        let started = Instant::now();
        tokio::task::spawn_blocking(|| ()).await?;
        times.push(started.elapsed());
    }
    times.sort();
    let median = times.get(n / 2).context("n = 0")?;
    let p90 = times.get(n * 9 / 10).context("n = 0")?;
    println!(
        "spawn_blocking round trip over {n}: median {:.1} µs, p90 {:.1} µs",
        median.as_secs_f64() * 1e6,
        p90.as_secs_f64() * 1e6
    );
    Ok(())
}
