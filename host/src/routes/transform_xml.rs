//! `POST /transform-xml` (bearer auth): stage 1 alone on `{record: {search_id, xml, cases?}}`
//! (the engine's `lookback_transform_xml`). Returns the mapped `record_json` that `/evaluate`
//! accepts as a resubmit (docs/decisions.md §3), the spec's 422 count-mismatch body, or a 400 shaped as
//! `/evaluate`'s; a body over the input caps gets `/evaluate`'s 400 or 413 before the engine runs.
//! A token bound to a tenant gets 403 for another tenant's record, as on `/evaluate`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Serialize;
use serde_json::value::RawValue;

use lookback_runtime::protocol::{self, TransformOutput};

use super::extract::Bearer;
use super::extract::{EngineChoice, RawBody};
use crate::context::RequestCtx;
use crate::error::{AppError, Meta, json_response};
use crate::pipeline::{check_tenant, invalid_request};
use crate::state::AppState;

#[derive(Serialize)]
struct Success<'a> {
    status: &'static str,
    search_id: Option<&'a str>,
    record_json: Option<&'a RawValue>,
}

#[derive(Serialize)]
struct CountMismatch<'a> {
    status: &'static str,
    error_code: &'a str,
    message: &'a str,
    search_id: Option<&'a str>,
    details: Option<&'a RawValue>,
}

/// Handler.
pub async fn transform_xml(
    State(state): State<AppState>,
    ctx: RequestCtx,
    Bearer(claims): Bearer,
    EngineChoice(module): EngineChoice,
    RawBody(body): RawBody,
) -> Result<Response, AppError> {
    let failed = |reason: String| {
        tracing::warn!(stage = "transform", reason = %reason, "engine call failed");
        AppError::Internal {
            meta: Some(Meta::new(&ctx, Some(&module))),
        }
    };
    state
        .input_limits()
        .check_record(&body)
        .map_err(|exceeded| exceeded.into_error(&ctx))?;
    let now = state.now();
    let text = state
        .engine()
        .run(module.clone(), move |calls| {
            protocol::transform_xml(calls, &now, &body)
        })
        .await
        .and_then(|answer| answer)
        .map_err(|e| failed(e.to_string()))?;
    let out = TransformOutput::parse(&text, true).map_err(|e| failed(e.to_string()))?;
    let search_id = out.search_id.as_deref();
    let (status, body) = match (out.ok, out.http_status) {
        (true, _) => {
            check_tenant(
                claims.tenant.as_deref(),
                out.tenant_id.as_deref(),
                &ctx,
                &module,
            )?;
            (
                StatusCode::OK,
                serde_json::to_string(&Success {
                    status: "success",
                    search_id,
                    record_json: out.record_json,
                }),
            )
        }
        (false, Some(422)) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            serde_json::to_string(&CountMismatch {
                status: "error",
                error_code: out
                    .error_code
                    .as_deref()
                    .unwrap_or("CASE_OFFENSE_COUNT_MISMATCH"),
                message: out.message.as_deref().unwrap_or_default(),
                search_id,
                details: out.details,
            }),
        ),
        (false, _) => return Err(invalid_request(&out, &ctx, &module)),
    };
    let body = body.map_err(|_| failed("could not serialise the answer".into()))?;
    Ok(json_response(status, body))
}
