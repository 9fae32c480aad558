//! Keys and client-rules overlays in the shared registry (admin-role tokens; client
//! role: 403). Changes need a database (`LOOKBACK_DATABASE_URL`): without one, keys live in
//! configuration and overlays in `LOOKBACK_CLIENT_RULES_DIR`, and the writes answer 409.
//!
//! - `POST /admin/keys` with `{"tenant"?, "role": "client" | "admin"}`: 201 with the key, shown
//!   once (the database keeps its SHA-256 only).
//! - `DELETE /admin/keys/{key_id}`: revoked on every replica (no new tokens), 404 if unknown.
//! - `PUT /admin/overlays/{tenant_id}` with the overlay JSON: validated as from the folder (a less
//!   protective overlay: 422); `GET` the same path: the tenant's overlay in force here.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::admin::store_error;
use super::extract::Admin;
use super::extract::RawBody;
use crate::auth::Role;
use crate::context::RequestCtx;
use crate::error::{AppError, json_response};
use crate::state::AppState;

/// Body of `POST /admin/keys`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewKey {
    #[serde(default)]
    tenant: Option<String>,
    role: Role,
}

/// A write without a database.
pub(super) fn database_required() -> AppError {
    AppError::Refused {
        status: StatusCode::CONFLICT,
        code: "DATABASE_REQUIRED",
        message:
            "keys, overlays and charge dictionaries are managed here only with a shared registry (LOOKBACK_DATABASE_URL)"
                .into(),
    }
}

/// `POST /admin/keys`.
pub async fn create_key(
    State(state): State<AppState>,
    ctx: RequestCtx,
    Admin(claims): Admin,
    RawBody(body): RawBody,
) -> Result<Response, AppError> {
    let shared = state.shared().ok_or_else(database_required)?;
    let request: NewKey = serde_json::from_slice(&body).map_err(|_| {
        AppError::invalid(
            "body must be {\"tenant\"?: \"...\", \"role\": \"client\" | \"admin\"}",
            &ctx,
        )
    })?;
    let (key, record) = shared
        .create_key(request.tenant, request.role, &claims.sub)
        .await
        .map_err(store_error)?;
    tracing::info!(sub = %claims.sub, key_id = %record.key_id, role = ?record.role, "api key created");
    let body =
        json!({"key": key, "key_id": record.key_id, "tenant": record.tenant, "role": record.role});
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// `DELETE /admin/keys/{key_id}`.
pub async fn revoke_key(
    State(state): State<AppState>,
    Admin(claims): Admin,
    Path(key_id): Path<String>,
) -> Result<Response, AppError> {
    let shared = state.shared().ok_or_else(database_required)?;
    if !shared.revoke_key(&key_id).await.map_err(store_error)? {
        return Err(AppError::Refused {
            status: StatusCode::NOT_FOUND,
            code: "KEY_NOT_FOUND",
            message: format!("no active key has id {key_id}"),
        });
    }
    tracing::info!(sub = %claims.sub, %key_id, "api key revoked");
    Ok(Json(json!({"key_id": key_id, "revoked": true})).into_response())
}

/// `PUT /admin/overlays/{tenant_id}`.
pub async fn put_overlay(
    State(state): State<AppState>,
    Admin(claims): Admin,
    Path(tenant): Path<String>,
    RawBody(body): RawBody,
) -> Result<Response, AppError> {
    let shared = state.shared().ok_or_else(database_required)?;
    let text = String::from_utf8_lossy(&body);
    let stored = shared
        .put_overlay(&tenant, &text, &claims.sub)
        .await
        .map_err(store_error)?;
    tracing::info!(sub = %claims.sub, tenant_id = %tenant, "client overlay stored");
    Ok(overlay_answer(&tenant, &stored))
}

/// `GET /admin/overlays/{tenant_id}`.
pub async fn get_overlay(
    State(state): State<AppState>,
    Admin(_): Admin,
    Path(tenant): Path<String>,
) -> Result<Response, AppError> {
    let overlays = state.overlays();
    let overlay = overlays
        .for_tenant(Some(&tenant), None)
        .ok_or_else(|| AppError::Refused {
            status: StatusCode::NOT_FOUND,
            code: "OVERLAY_NOT_FOUND",
            message: format!("tenant {tenant} has no overlay"),
        })?;
    Ok(overlay_answer(&tenant, overlay))
}

fn overlay_answer(tenant: &str, overlay: &str) -> Response {
    let overlay: Value = serde_json::from_str(overlay).unwrap_or(Value::Null);
    json_response(
        StatusCode::OK,
        json!({"tenant_id": tenant, "overlay": overlay}).to_string(),
    )
}
