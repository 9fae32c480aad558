//! `GET /health` (SPEC "Health response", DECISIONS §3): booleans from the cached canary run of
//! the active module; 200 for `healthy` and `degraded`, 503 for `unhealthy`. While the newest
//! module load failed (or a persisted active module could not be restored) the service runs on
//! the last good module and says `degraded`, with the reason in `detail`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Serialize;

use crate::error::json_response;
use crate::state::AppState;

#[derive(Serialize)]
struct Health {
    status: &'static str,
    service: &'static str,
    services: Services,
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<String>,
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
        .get(state.engine(), module, &state.now())
        .await;
    let load_problem = state.degraded_reason();
    let (status, code) = match (canary.transform, canary.evaluate) {
        (false, false) => ("unhealthy", StatusCode::SERVICE_UNAVAILABLE),
        (true, true) if load_problem.is_none() => ("healthy", StatusCode::OK),
        _ => ("degraded", StatusCode::OK),
    };
    let body = Health {
        status,
        service: "eval-framework",
        services: Services {
            xml_transformer: canary.transform,
            compliance_engine: canary.evaluate,
        },
        detail: load_problem,
    };
    json_response(code, serde_json::to_string(&body).unwrap_or_default())
}
