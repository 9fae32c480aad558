//! The middleware around the routes: the correlation id (outermost), request tracing, the
//! metrics of every answer, and on the engine routes the in-flight cap (the identity match's rate
//! limit counts work, so its handler applies it once the body is priced).

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderValue, Response as HttpResponse};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse as _, Response};
use axum::routing::MethodRouter;
use tower_http::classify::{ServerErrorsAsFailures, SharedClassifier};
use tower_http::trace::TraceLayer;
use tracing::Span;

use crate::context::{CORRELATION_HEADER, RequestCtx, round_ms};
use crate::error::AppError;
use crate::state::AppState;

/// Creates the [`RequestCtx`] of every request and echoes the correlation id on its answer
/// (docs/decisions.md §3).
pub async fn correlation(mut request: Request, next: Next) -> Response {
    let header = request
        .headers()
        .get(CORRELATION_HEADER)
        .and_then(|v| v.to_str().ok());
    let ctx = RequestCtx::new(header);
    let id = HeaderValue::from_str(&ctx.correlation_id).ok();
    request.extensions_mut().insert(ctx);
    let mut response = next.run(request).await;
    if let Some(id) = id {
        response.headers_mut().insert(CORRELATION_HEADER, id);
    }
    response
}

/// Counts every answer by route pattern (`<unmatched>` for unknown paths), method and status,
/// and its latency by route.
pub async fn track(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    // Kept without a copy: the pattern is shared (an `Arc`), a standard method is a tag.
    let route = request.extensions().get::<MatchedPath>().cloned();
    let method = request.method().clone();
    let response = next.run(request).await;
    state.metrics().observe_http(
        route_label(route.as_ref()),
        method.as_str(),
        response.status(),
        started.elapsed(),
    );
    response
}

fn matched_route(request: &Request) -> &str {
    route_label(request.extensions().get::<MatchedPath>())
}

/// The route pattern a request matched, `<unmatched>` for none.
fn route_label(route: Option<&MatchedPath>) -> &str {
    route.map_or("<unmatched>", MatchedPath::as_str)
}

/// A route that runs the engine: at most `max_in_flight` such requests at once; one beyond is
/// answered 503 with `Retry-After` at once instead of queueing.
pub fn engine_route(route: MethodRouter<AppState>, state: &AppState) -> MethodRouter<AppState> {
    route.route_layer(middleware::from_fn_with_state(state.clone(), in_flight))
}

async fn in_flight(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let Some(_permit) = state.guards().enter() else {
        return AppError::Overloaded.into_response();
    };
    next.run(request).await
}

type MakeSpan = fn(&Request<Body>) -> Span;
type OnResponse = fn(&HttpResponse<Body>, Duration, &Span);

/// Request tracing: one span per request keyed by the matched route, with method, status,
/// latency, correlation id and engine version. Never bodies, never headers (tokens and keys live
/// there), never personal data: the raw path is not logged either, only the route pattern.
pub fn trace_layer()
-> TraceLayer<SharedClassifier<ServerErrorsAsFailures>, MakeSpan, (), OnResponse> {
    TraceLayer::new_for_http()
        .make_span_with(make_span as MakeSpan)
        .on_request(())
        .on_response(on_response as OnResponse)
}

fn make_span(request: &Request<Body>) -> Span {
    let correlation_id = request
        .extensions()
        .get::<RequestCtx>()
        .map_or("", |c| c.correlation_id.as_str());
    tracing::info_span!(
        "request",
        method = %request.method(),
        route = matched_route(request),
        correlation_id,
        engine = tracing::field::Empty,
    )
}

fn on_response(response: &HttpResponse<Body>, latency: Duration, _span: &Span) {
    tracing::info!(
        status = response.status().as_u16(),
        latency_ms = round_ms(latency.as_secs_f64() * 1000.0),
        "response"
    );
}
