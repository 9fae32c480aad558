//! Logging: one span per request keyed by the matched route, with method, status, latency,
//! correlation id and engine version. Never bodies, never headers (tokens and keys live there),
//! never personal data: the raw path is not logged either, only the route pattern.

use std::time::Duration;

use axum::body::Body;
use axum::extract::MatchedPath;
use axum::http::{Request, Response};
use tower_http::classify::{ServerErrorsAsFailures, SharedClassifier};
use tower_http::trace::TraceLayer;
use tracing::Span;

use crate::context::RequestCtx;

/// Installs the global subscriber: `RUST_LOG` filter (default `info`), plain or JSON lines
/// (`LOOKBACK_LOG_FORMAT=json`), on standard error. Lines go through a non-blocking writer: a
/// request never waits on a slow terminal or pipe (lines are dropped, not queued without bound,
/// if the writer falls far behind). Colours only when standard error is a terminal. Keep the
/// returned guard alive for the life of the process: dropping it flushes the pending lines.
pub fn init() -> LogGuard {
    use std::io::IsTerminal;
    use tracing_subscriber::EnvFilter;
    let (writer, guard) = tracing_appender::non_blocking(std::io::stderr());
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(writer);
    let result = if std::env::var("LOOKBACK_LOG_FORMAT").is_ok_and(|f| f == "json") {
        builder.json().try_init()
    } else {
        builder.try_init()
    };
    // Already initialised (tests): keep the existing subscriber.
    drop(result);
    LogGuard(guard)
}

/// Flushes the log writer when dropped (see [`init`]).
#[must_use = "dropping the guard stops and flushes the log writer"]
pub struct LogGuard(
    #[allow(dead_code, reason = "held for its Drop")] tracing_appender::non_blocking::WorkerGuard,
);

type MakeSpan = fn(&Request<Body>) -> Span;
type OnResponse = fn(&Response<Body>, Duration, &Span);

/// The request tracing layer.
pub fn trace_layer()
-> TraceLayer<SharedClassifier<ServerErrorsAsFailures>, MakeSpan, (), OnResponse> {
    TraceLayer::new_for_http()
        .make_span_with(make_span as MakeSpan)
        .on_request(())
        .on_response(on_response as OnResponse)
}

fn make_span(request: &Request<Body>) -> Span {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("<unmatched>", MatchedPath::as_str);
    let correlation_id = request
        .extensions()
        .get::<RequestCtx>()
        .map_or("", |c| c.correlation_id.as_str());
    tracing::info_span!(
        "request",
        method = %request.method(),
        route,
        correlation_id,
        engine = tracing::field::Empty,
    )
}

fn on_response(response: &Response<Body>, latency: Duration, _span: &Span) {
    tracing::info!(
        status = response.status().as_u16(),
        latency_ms = crate::context::round_ms(latency.as_secs_f64() * 1000.0),
        "response"
    );
}
