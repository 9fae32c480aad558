//! `POST /complianceEngine/identity-match` (no auth): the engine answers with the HTTP status
//! and body to send (200 scores, or 400 problem details).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use serde_json::value::RawValue;

use lookback_runtime::protocol;

use super::extract::{EngineChoice, RawBody};
use crate::context::RequestCtx;
use crate::error::{AppError, Meta, json_response};
use crate::state::AppState;

#[derive(Deserialize)]
struct IdentityOutput<'a> {
    http_status: u16,
    #[serde(borrow)]
    body: &'a RawValue,
}

/// Handler.
pub async fn identity_match(
    State(state): State<AppState>,
    ctx: RequestCtx,
    EngineChoice(module): EngineChoice,
    RawBody(body): RawBody,
) -> Result<Response, AppError> {
    let failed = |reason: String| {
        tracing::warn!(stage = "identity_match", reason = %reason, "engine call failed");
        AppError::Internal {
            meta: Some(Meta::new(&ctx, Some(&module))),
        }
    };
    let text = state
        .engine()
        .run(module.clone(), move |calls| {
            protocol::identity_match(calls, &body)
        })
        .await
        .and_then(|answer| answer)
        .map_err(|e| failed(e.to_string()))?;
    let out: IdentityOutput<'_> = serde_json::from_str(&text)
        .map_err(|_| failed("identity answer is not the expected JSON".into()))?;
    let status = match StatusCode::from_u16(out.http_status) {
        Ok(status) if status.is_success() || status.is_client_error() => status,
        _ => {
            return Err(failed(format!(
                "identity answer has status {}",
                out.http_status
            )));
        }
    };
    Ok(json_response(status, out.body.get().to_owned()))
}
