//! Shadow evaluation of a loaded candidate version (admin role, docs/decisions.md §12):
//! `POST /admin/modules/{version}/shadow` with `{"sample_rate": 0.1, "until": "<RFC 3339>"?}`
//! starts it (201, the summary), `GET` answers the summary, `DELETE` ends it (200, the final
//! summary). An unknown version, or a version without a shadow, is a 404; a bad body a 400.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::extract::Admin;
use super::extract::RawBody;
use crate::context::RequestCtx;
use crate::error::AppError;
use crate::shadow::ShadowRequest;
use crate::state::AppState;

fn unknown_version(version: &str) -> AppError {
    AppError::Refused {
        status: StatusCode::NOT_FOUND,
        code: "MODULE_NOT_FOUND",
        message: format!("no loaded module has engine version {version}"),
    }
}

fn no_shadow(version: &str) -> AppError {
    AppError::Refused {
        status: StatusCode::NOT_FOUND,
        code: "SHADOW_NOT_FOUND",
        message: format!("engine version {version} is not being shadowed"),
    }
}

/// `POST /admin/modules/{version}/shadow`.
pub async fn start(
    State(state): State<AppState>,
    ctx: RequestCtx,
    Admin(claims): Admin,
    Path(version): Path<String>,
    RawBody(body): RawBody,
) -> Result<Response, AppError> {
    if state.registry().get(&version).is_none() {
        return Err(unknown_version(&version));
    }
    let request = ShadowRequest::parse(&body, std::time::SystemTime::now())
        .map_err(|e| AppError::invalid(e.to_string(), &ctx))?;
    let summary = state.shadows().start(&version, request);
    tracing::info!(sub = %claims.sub, engine_version = %version, sample_rate = request.sample_rate, "shadow evaluation started");
    Ok((StatusCode::CREATED, Json(summary)).into_response())
}

/// `GET /admin/modules/{version}/shadow`.
pub async fn summary(
    State(state): State<AppState>,
    Admin(_): Admin,
    Path(version): Path<String>,
) -> Result<Response, AppError> {
    let summary = state
        .shadows()
        .summary(&version)
        .ok_or_else(|| no_shadow(&version))?;
    Ok(Json(summary).into_response())
}

/// `DELETE /admin/modules/{version}/shadow`.
pub async fn stop(
    State(state): State<AppState>,
    Admin(claims): Admin,
    Path(version): Path<String>,
) -> Result<Response, AppError> {
    let summary = state
        .shadows()
        .stop(&version)
        .ok_or_else(|| no_shadow(&version))?;
    tracing::info!(sub = %claims.sub, engine_version = %version, evaluated = summary.stats.evaluated, differed = summary.stats.differed, "shadow evaluation ended");
    Ok(Json(summary).into_response())
}
