//! `GET /health` (docs/api.md "Health response", docs/decisions.md §3, §14): booleans from the cached canary run
//! of the active module; 200 for `healthy` and `degraded`, 503 for `unhealthy`. Public, so it
//! names each problem by a short code in `reasons` ([`crate::problems`]); the details are in the
//! admin module view. With `LOOKBACK_FAIL_CLOSED=1` the problems of [`crate::problems::FAIL_CLOSED`]
//! make the replica `unhealthy` (503), so balancers that read status codes stop sending to it.

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Serialize;

use crate::error::json_response;
use crate::state::AppState;

/// How long a health check waits for the canary when the engine pool is busy with requests.
const CANARY_WAIT: Duration = Duration::from_secs(1);

#[derive(Serialize)]
struct Health {
    status: &'static str,
    service: &'static str,
    services: Services,
    /// Absent when healthy: the contract's body exactly.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    reasons: Vec<&'static str>,
}

#[derive(Serialize)]
struct Services {
    xml_transformer: bool,
    compliance_engine: bool,
}

/// Handler.
pub async fn health(State(state): State<AppState>) -> Response {
    let module = state.registry().active();
    tracing::Span::current().record("engine", module.info.engine_version.as_str());
    let canary = state
        .canary()
        .get_within(state.engine(), module, &state.now(), CANARY_WAIT)
        .await;
    let mut reasons: Vec<&'static str> = crate::problems::problems(&state)
        .iter()
        .map(|p| p.code)
        .collect();
    if !canary.transform {
        reasons.push("xml_transformer_failing");
    }
    if !canary.evaluate {
        reasons.push("compliance_engine_failing");
    }
    let closed = state.fail_closed()
        && reasons
            .iter()
            .any(|r| crate::problems::FAIL_CLOSED.contains(r));
    let (status, code) = match (canary.transform, canary.evaluate) {
        (false, false) => ("unhealthy", StatusCode::SERVICE_UNAVAILABLE),
        _ if closed => ("unhealthy", StatusCode::SERVICE_UNAVAILABLE),
        _ if reasons.is_empty() => ("healthy", StatusCode::OK),
        _ => ("degraded", StatusCode::OK),
    };
    let body = Health {
        status,
        service: "eval-framework",
        services: Services {
            xml_transformer: canary.transform,
            compliance_engine: canary.evaluate,
        },
        reasons,
    };
    json_response(code, serde_json::to_string(&body).unwrap_or_default())
}
