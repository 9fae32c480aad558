//! `POST /auth/token`: exchanges an `X-API-Key` for a bearer token (SPEC "Authentication").

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Serialize;

use crate::error::{AppError, json_response, messages};
use crate::state::AppState;

#[derive(Serialize)]
struct TokenResponse {
    access_token: String,
    token_type: &'static str,
    expires_in: u64,
}

/// Handler. Any body is ignored.
pub async fn token(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let presented = headers
        .get("x-api-key")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .unwrap_or("");
    let auth = state.auth();
    let shared_keys = state.shared().map(crate::store::Shared::keys);
    let key = auth
        .keys
        .verify(presented)
        .or_else(|| shared_keys.as_deref()?.verify(presented))
        .ok_or(AppError::Unauthorized(messages::INVALID_API_KEY))?;
    let access_token = auth
        .tokens
        .issue(key)
        .map_err(|_| AppError::Internal { meta: None })?;
    tracing::info!(key_id = %key.key_id, role = ?key.role, "token issued");
    let body = TokenResponse {
        access_token,
        token_type: "bearer",
        expires_in: auth.tokens.ttl_secs(),
    };
    Ok(json_response(
        axum::http::StatusCode::OK,
        serde_json::to_string(&body).unwrap_or_default(),
    ))
}
