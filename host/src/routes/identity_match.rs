//! `POST /complianceEngine/identity-match` (no auth): the engine answers with the HTTP status
//! and body to send (200 scores, or 400 problem details). Before it runs, the body is held to
//! the input caps (a 400 in the same problem-details shape) and its work, in comparisons, is
//! counted against the caller's address (429 once the minute's budget is spent).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use serde_json::value::RawValue;

use lookback_runtime::protocol;

use super::extract::{EngineChoice, PeerAddr, RawBody};
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
    PeerAddr(addr): PeerAddr,
    EngineChoice(module): EngineChoice,
    RawBody(body): RawBody,
) -> Result<Response, AppError> {
    // A refused body costs one unit: its parse is all the work it got.
    let priced = state.input_limits().check_identity(&body);
    let cost = *priced.as_ref().unwrap_or(&1);
    if let Some(too_many) = state.guards().identity_match_refusal(addr, cost) {
        return Err(too_many);
    }
    if let Err(exceeded) = priced {
        return Ok(json_response(
            StatusCode::BAD_REQUEST,
            exceeded.problem_details(),
        ));
    }
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
