//! `POST /auth/token`: exchanges an `X-API-Key` for a bearer token (docs/api.md "Authentication").

use axum::extract::{Request, State};
use axum::response::Response;
use serde::Serialize;

use super::serve::peer_addr;
use crate::error::{AppError, json_response, messages};
use crate::state::AppState;

#[derive(Serialize)]
struct TokenResponse {
    access_token: String,
    token_type: &'static str,
    expires_in: u64,
}

/// Handler. Any body is ignored. Failed exchanges are counted per client address; an address
/// that spent its quota gets 429 (right key or not) until the quota allows another try.
pub async fn token(State(state): State<AppState>, request: Request) -> Result<Response, AppError> {
    let addr = peer_addr(request.extensions()).ip();
    let guards = state.guards();
    if let Some(lockout) = guards.key_exchange_lockout(addr) {
        return Err(lockout);
    }
    let presented = request
        .headers()
        .get("x-api-key")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .unwrap_or("");
    let auth = state.auth();
    let key = state.verify_key(presented).ok_or_else(|| {
        guards.key_exchange_failed(addr, AppError::Unauthorized(messages::INVALID_API_KEY))
    })?;
    let access_token = auth
        .tokens
        .issue(&key)
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
