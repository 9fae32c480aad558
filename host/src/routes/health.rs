//! `GET /health` (SPEC "Health response", DECISIONS §3): booleans from the cached canary run of
//! the active module; 200 for `healthy` and `degraded`, 503 for `unhealthy`.

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
    let canary = state.canary().get(state.engine(), module).await;
    let (status, code) = match (canary.transform, canary.evaluate) {
        (true, true) => ("healthy", StatusCode::OK),
        (false, false) => ("unhealthy", StatusCode::SERVICE_UNAVAILABLE),
        _ => ("degraded", StatusCode::OK),
    };
    let body = Health {
        status,
        service: "eval-framework",
        services: Services {
            xml_transformer: canary.transform,
            compliance_engine: canary.evaluate,
        },
    };
    json_response(code, serde_json::to_string(&body).unwrap_or_default())
}
