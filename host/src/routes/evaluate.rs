//! `POST /evaluate`: one search, one decision (SPEC "POST /evaluate rules", DECISIONS §3).
//! Bearer auth, then the shared [`pipeline`](crate::pipeline) on the active module.

use axum::extract::State;
use axum::response::Response;

use crate::auth::Bearer;
use crate::context::RequestCtx;
use crate::error::{AppError, json_response};
use crate::extract::RawBody;
use crate::pipeline;
use crate::state::AppState;

/// Handler.
pub async fn evaluate(
    State(state): State<AppState>,
    ctx: RequestCtx,
    Bearer(claims): Bearer,
    RawBody(body): RawBody,
) -> Result<Response, AppError> {
    // Pin the module once: a swap during this request does not change who answers it.
    let module = state.registry().active();
    tracing::Span::current().record("engine", module.info.engine_version.as_str());
    let answer =
        pipeline::evaluate(state.engine(), module, body, &ctx, claims.tenant.as_deref()).await?;
    Ok(json_response(answer.status, answer.body))
}
