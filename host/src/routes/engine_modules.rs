//! Public engine-module routes for the browser page (docs/decisions.md §10), no auth:
//! - `GET /engine/active.wasm`: the active module's exact bytes;
//! - `GET /engine/{version}.wasm`: one loaded version's bytes;
//! - `GET /engine/modules`: public metadata of every loaded version.
//!
//! Module bytes carry their SHA-256 in `X-Engine-Sha256` and as a strong `ETag`, so the page can
//! check what it computed itself, and a browser revalidates with `If-None-Match` for free.
//! This file reads the registry only through `active()`, `list()` and `get()`.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::error::{AppError, json_response};
use crate::state::AppState;
use lookback_runtime::LoadedModule;

/// Response header with the hex SHA-256 of the module bytes.
pub const SHA256_HEADER: &str = "x-engine-sha256";
/// Response header with the module's engine version.
pub const VERSION_HEADER: &str = "x-engine-version";

#[derive(Serialize)]
struct ModuleList {
    modules: Vec<PublicModule>,
}

/// What anyone may know about a loaded module.
#[derive(Serialize)]
struct PublicModule {
    version: String,
    rules_version: String,
    sha256: String,
    build: String,
    active: bool,
}

/// `GET /engine/modules`.
pub async fn modules(State(state): State<AppState>) -> Response {
    let active = state.registry().active();
    let modules = state
        .registry()
        .list()
        .iter()
        .map(|m| PublicModule {
            version: m.info.engine_version.clone(),
            rules_version: m.info.rules_version.clone(),
            sha256: m.sha256.clone(),
            build: m.info.build.clone(),
            active: m.info.engine_version == active.info.engine_version,
        })
        .collect();
    let body = serde_json::to_string(&ModuleList { modules }).unwrap_or_default();
    let mut response = json_response(StatusCode::OK, body);
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// `GET /engine/active.wasm`.
pub async fn active(State(state): State<AppState>, headers: HeaderMap) -> Response {
    wasm(&state.registry().active(), &headers)
}

/// `GET /engine/{file}` where `file` is `<version>.wasm`.
pub async fn by_version(
    State(state): State<AppState>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let module = file
        .strip_suffix(".wasm")
        .and_then(|version| state.registry().get(version))
        .ok_or(AppError::NotFound)?;
    Ok(wasm(&module, &headers))
}

/// The module bytes, or 304 when the caller already holds them.
fn wasm(module: &LoadedModule, request: &HeaderMap) -> Response {
    let etag = format!("\"{}\"", module.sha256);
    let fresh = request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        // Shares the module's own buffer: no copy per download.
        (StatusCode::OK, Bytes::from_owner(module.bytes.clone())).into_response()
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/wasm"),
    );
    // Which module is active changes at run time: always revalidate (cheap with the ETag).
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    for (name, value) in [
        (header::ETAG.as_str(), etag.as_str()),
        (SHA256_HEADER, module.sha256.as_str()),
        (VERSION_HEADER, module.info.engine_version.as_str()),
    ] {
        if let Ok(value) = HeaderValue::from_str(value) {
            headers.insert(name, value);
        }
    }
    response
}
