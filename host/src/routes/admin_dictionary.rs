//! Tenants' charge dictionaries (admin-role tokens; client role: 403). Storing one needs a shared
//! registry (`LOOKBACK_DATABASE_URL`), so every replica reads the tenant's charges alike; without
//! one a dictionary is a file in `LOOKBACK_CLIENT_RULES_DIR` and the write answers 409.
//!
//! - `PUT /admin/tenants/{tenant_id}/dictionary` with the dictionary file (as the reviewer page
//!   downloads it): validated (422 with the reason), stored, and answered with its version and how
//!   its entries differ from the dictionary it replaces.
//! - `GET` the same path: the tenant's dictionary in force here (404 without one).
//! - `POST /admin/tenants/{tenant_id}/dictionary/diff` with `{"dictionary": {...}, "record":
//!   {...}}`: the record on the active module read with the tenant's dictionary in force and with
//!   the proposed one, and the charges whose decision, queue or cited rules differ (as
//!   `POST /admin/diff` compares two module versions).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse as _, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use super::admin::store_error;
use super::admin_tenancy::database_required;
use super::extract::{Admin, RawBody};
use crate::context::RequestCtx;
use crate::dictionary::{EntryChanges, TenantDictionary};
use crate::diff::{self, Reading};
use crate::error::{AppError, json_response};
use crate::state::AppState;

/// The answer of `PUT`.
#[derive(Serialize)]
struct Stored<'a> {
    tenant_id: &'a str,
    version: &'a str,
    sha256: &'a str,
    entries: usize,
    /// The version it replaces (none: the tenant had no dictionary).
    previous_version: Option<&'a str>,
    changes: EntryChanges,
}

/// `PUT /admin/tenants/{tenant_id}/dictionary`.
pub async fn put(
    State(state): State<AppState>,
    Admin(claims): Admin,
    Path(tenant): Path<String>,
    RawBody(body): RawBody,
) -> Result<Response, AppError> {
    let shared = state.shared().ok_or_else(database_required)?;
    let text = std::str::from_utf8(&body).map_err(|_| refused("the body is not UTF-8 text"))?;
    let (stored, previous) = shared
        .put_dictionary(&tenant, text, &claims.sub)
        .await
        .map_err(store_error)?;
    tracing::info!(sub = %claims.sub, tenant_id = %tenant, version = %stored.version, entries = stored.len(), "charge dictionary stored");
    let answer = Stored {
        tenant_id: &tenant,
        version: &stored.version,
        sha256: &stored.sha256,
        entries: stored.len(),
        previous_version: previous.as_deref().map(|p| p.version.as_str()),
        changes: EntryChanges::between(previous.as_deref().map(|p| &p.file), &stored.file),
    };
    Ok(json(&answer))
}

/// The answer of `GET`.
#[derive(Serialize)]
struct InForce<'a> {
    tenant_id: &'a str,
    version: &'a str,
    sha256: &'a str,
    entries: usize,
    dictionary: &'a RawValue,
}

/// `GET /admin/tenants/{tenant_id}/dictionary`.
pub async fn get(
    State(state): State<AppState>,
    Admin(_): Admin,
    Path(tenant): Path<String>,
) -> Result<Response, AppError> {
    let overlays = state.overlays();
    let dictionary = overlays
        .dictionary_for(Some(&tenant), None)
        .ok_or_else(|| AppError::Refused {
            status: StatusCode::NOT_FOUND,
            code: "DICTIONARY_NOT_FOUND",
            message: format!("tenant {tenant} has no charge dictionary"),
        })?;
    let file = serde_json::from_str::<&RawValue>(&dictionary.text)
        .map_err(|_| AppError::Internal { meta: None })?;
    Ok(json(&InForce {
        tenant_id: &tenant,
        version: &dictionary.version,
        sha256: &dictionary.sha256,
        entries: dictionary.len(),
        dictionary: file,
    }))
}

/// Body of `POST .../dictionary/diff`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DiffRequest {
    dictionary: Box<RawValue>,
    record: Value,
}

/// `POST /admin/tenants/{tenant_id}/dictionary/diff`.
pub async fn diff(
    State(state): State<AppState>,
    ctx: RequestCtx,
    Admin(_): Admin,
    Path(tenant): Path<String>,
    RawBody(body): RawBody,
) -> Result<Response, AppError> {
    let request: DiffRequest = serde_json::from_slice(&body).map_err(|_| {
        AppError::invalid(
            "body must be {\"dictionary\": {...}, \"record\": {...}}",
            &ctx,
        )
    })?;
    let proposed =
        TenantDictionary::parse(&tenant, request.dictionary.get(), "the tenant in the path")
            .map_err(|e| refused(&format!("dictionary refused: {e}")))?;
    let module = state.registry().active();
    let current = state
        .overlays()
        .dictionary_for(Some(&tenant), None)
        .cloned();
    let from = Reading {
        module: module.clone(),
        dictionary: current,
    };
    let to = Reading {
        module,
        dictionary: Some(Arc::new(proposed)),
    };
    let evaluate_body = serde_json::to_vec(&serde_json::json!({ "record": request.record }))
        .map_err(|_| AppError::Internal { meta: None })?;
    let report = diff::diff(
        state.engine(),
        &from,
        &to,
        evaluate_body.into(),
        &state.now(),
    )
    .await;
    Ok(json(&report))
}

fn refused(message: &str) -> AppError {
    AppError::Refused {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        code: "DICTIONARY_REFUSED",
        message: message.to_owned(),
    }
}

fn json(answer: &impl Serialize) -> Response {
    match serde_json::to_string(answer) {
        Ok(text) => json_response(StatusCode::OK, text),
        Err(_) => AppError::Internal { meta: None }.into_response(),
    }
}
