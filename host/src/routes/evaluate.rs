//! `POST /evaluate`: one search, one decision (SPEC "POST /evaluate rules", DECISIONS §3).
//! Bearer auth, then the shared [`pipeline`](crate::pipeline) on the module captured once for this
//! request (the active one, or the version pinned by `X-Engine-Version`).

use axum::extract::State;
use axum::response::Response;

use crate::auth::Bearer;
use crate::context::RequestCtx;
use crate::error::{AppError, json_response};
use crate::extract::{EngineChoice, RawBody};
use crate::pipeline;
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
    let answer =
        pipeline::evaluate(state.engine(), module, body, &ctx, tenancy, &state.now()).await?;
    Ok(json_response(answer.status, answer.body))
}
