//! `POST /evaluate`: one search, one decision (docs/api.md "POST /evaluate rules", docs/decisions.md §3).
//! Bearer auth, then the shared [`pipeline`](crate::pipeline) on the module captured once for this
//! request (the active one, or the version pinned by `X-Engine-Version`), once the body is within
//! the input caps (`limits::input`). Every answer is queued for the decision log and, when sampled,
//! for shadow evaluation; both run after the answer (with `LOOKBACK_DECISION_LOG_SYNC=every` the
//! answer waits until its line is on disk, and is a 503 when it cannot be).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;

use super::extract::Bearer;
use super::extract::{EngineChoice, RawBody};
use crate::context::RequestCtx;
use crate::decision_log::Evaluated;
use crate::error::{AppError, json_response};
use crate::pipeline;
use crate::shadow::Answered;
use crate::state::AppState;

/// Handler.
pub async fn evaluate(
    State(state): State<AppState>,
    ctx: RequestCtx,
    Bearer(claims): Bearer,
    EngineChoice(module): EngineChoice,
    RawBody(body): RawBody,
) -> Result<Response, AppError> {
    let overlays = state.overlays();
    let tenancy = pipeline::Tenancy {
        bound: claims.tenant.as_deref(),
        overlays: &overlays,
    };
    let now = state.now();
    let result = match state.input_limits().check_record(&body) {
        Err(exceeded) => Err(exceeded.into_error(&ctx)),
        Ok(()) => pipeline::evaluate(
            state.engine(),
            module.clone(),
            body.clone(),
            &ctx,
            tenancy,
            &now,
        )
        .await
        // One copy of the answer body, shared by the response, the decision log and the shadows.
        .map(|answer| (answer.status, Bytes::from(answer.body), answer.dictionary)),
    };
    let dictionary = match &result {
        Ok((_, _, Some(used))) => {
            state.metrics().count_dictionary_reads(used.charges);
            Some(used.meta.clone())
        }
        _ => None,
    };
    let result = result.map(|(status, body, _)| (status, body));
    let receipt = state.decision_log().submit(Evaluated {
        correlation_id: ctx.correlation_id.clone(),
        tenant: claims.tenant.clone(),
        module: module.clone(),
        request: body.clone(),
        status: result
            .as_ref()
            .map_or_else(AppError::status, |(status, _)| *status)
            .as_u16(),
        answer: result.as_ref().ok().map(|(_, body)| body.clone()),
        dictionary,
    });
    // With LOOKBACK_DECISION_LOG_SYNC=every no answer leaves before its line is on disk, and
    // none leaves unrecorded.
    receipt.recorded().await.map_err(|_| not_recorded())?;
    let (status, answer) = result?;
    if state.shadows().any() {
        let answered = Arc::new(Answered {
            module,
            body,
            correlation_id: ctx.correlation_id,
            tenant: claims.tenant,
            now,
            status,
            answer: answer.clone(),
        });
        state
            .shadows()
            .after_answer(&answered, state.registry(), &overlays);
    }
    Ok(json_response(status, answer))
}

/// 503 for an answer whose decision-log line could not be recorded (`every` only). Nothing
/// internal: the cause is in `/health` and the log.
fn not_recorded() -> AppError {
    AppError::Refused {
        status: StatusCode::SERVICE_UNAVAILABLE,
        code: "DECISION_LOG_UNAVAILABLE",
        message: "the decision could not be recorded in the decision log, so it is not answered; retry shortly".to_owned(),
    }
}
