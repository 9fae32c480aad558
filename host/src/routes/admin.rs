//! The admin API for rule-module versions (docs/decisions.md §9, admin-role tokens; client role: 403):
//! `GET /admin/modules`, `POST /admin/modules` (an `application/wasm` body; `?sha256=` to vouch
//! for the bytes, `?activate=true` to activate once admitted), `POST /admin/modules/{version}/activate`,
//! `POST /admin/modules/rollback`, `DELETE /admin/modules/{version}`, `POST /admin/diff`.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use lookback_runtime::{
    Activation, Compiled, Entry, Inserted, LoadEvent, RegistryError, SelfTestReport,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::extract::{Admin, RawBody, WasmBody};
use crate::context::RequestCtx;
use crate::diff::{self, DiffReport};
use crate::error::{AppError, json_response};
use crate::modules::ModuleError;
use crate::state::AppState;
use crate::store::{ReplicaRow, ReplicaView, StoreError};

/// One module in the listing.
#[derive(Serialize)]
struct ModuleView {
    version: String,
    rules_version: String,
    build: String,
    abi: u32,
    rule_count: usize,
    sha256: String,
    size_bytes: usize,
    source: String,
    loaded_at: String,
    activated_at: Option<String>,
    active: bool,
    compiled: &'static str,
    self_test: Option<SelfTestReport>,
}

impl ModuleView {
    fn new(entry: &Entry, active_version: &str) -> Self {
        let m = &entry.module;
        Self {
            version: m.info.engine_version.clone(),
            rules_version: m.info.rules_version.clone(),
            build: m.info.build.clone(),
            abi: m.info.abi,
            rule_count: m.info.rule_count,
            sha256: m.sha256.clone(),
            size_bytes: m.bytes.len(),
            source: entry.source.clone(),
            loaded_at: entry.loaded_at.clone(),
            activated_at: entry.activated_at.clone(),
            active: m.info.engine_version == active_version,
            compiled: match m.compiled {
                Compiled::FromCache => "cache",
                Compiled::Fresh => "fresh",
            },
            self_test: m.self_test.clone(),
        }
    }
}

#[derive(Serialize)]
struct Listing {
    active: String,
    base: String,
    modules: Vec<ModuleView>,
    history: Vec<String>,
    last_load: Option<LoadEvent>,
    degraded: Option<String>,
    /// With a shared registry: this replica.
    #[serde(skip_serializing_if = "Option::is_none")]
    replica: Option<ReplicaView>,
    /// With a shared registry: every replica's last report (absent while the database is down).
    #[serde(skip_serializing_if = "Option::is_none")]
    replicas: Option<Vec<ReplicaRow>>,
}

/// `GET /admin/modules`.
pub async fn list(State(state): State<AppState>, Admin(_): Admin) -> Response {
    let mut listing = listing(&state);
    if let Some(shared) = state.shared() {
        listing.replica = Some(shared.view());
        listing.replicas = shared.replicas().await;
    }
    Json(listing).into_response()
}

fn listing(state: &AppState) -> Listing {
    let registry = state.registry();
    let active = registry.active().info.engine_version.clone();
    Listing {
        modules: registry
            .entries()
            .iter()
            .map(|e| ModuleView::new(e, &active))
            .collect(),
        active,
        base: state.modules().base_version().to_owned(),
        history: registry.history(),
        last_load: registry.last_load(),
        degraded: crate::problems::details(&crate::problems::problems(state)),
        replica: None,
        replicas: None,
    }
}

fn view_of(state: &AppState, version: &str) -> Option<ModuleView> {
    let active = state.registry().active().info.engine_version.clone();
    state
        .registry()
        .entries()
        .iter()
        .find(|e| e.module.info.engine_version == version)
        .map(|e| ModuleView::new(e, &active))
}

/// Query of `POST /admin/modules`.
#[derive(Deserialize)]
pub struct UploadQuery {
    /// Expected SHA-256 (hex) of the body.
    sha256: Option<String>,
    /// Activate once admitted.
    #[serde(default)]
    activate: bool,
}

#[derive(Serialize)]
struct UploadAnswer {
    /// `loaded` (new), `already_loaded` (same version, same bytes).
    status: &'static str,
    module: Option<ModuleView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    previous: Option<String>,
}

/// `POST /admin/modules`: 201 admitted, 200 already loaded, 422 refused with the reason,
/// 409 the version is taken by other bytes, 507 the modules directory could not keep it.
pub async fn upload(
    State(state): State<AppState>,
    Admin(claims): Admin,
    Query(query): Query<UploadQuery>,
    WasmBody(bytes): WasmBody,
) -> Result<Response, AppError> {
    let shared = state.shared();
    if let Some(shared) = shared {
        // Refuse before the slow admission when the database cannot take the result.
        shared.check_writable().await.map_err(store_error)?;
    }
    let inserted = state
        .modules()
        .upload(bytes.to_vec(), query.sha256)
        .await
        .map_err(module_error)?;
    if let Some(shared) = shared {
        shared
            .publish(inserted.module(), &claims.sub)
            .await
            .map_err(store_error)?;
    }
    let (status, code) = match &inserted {
        Inserted::New(_) => ("loaded", StatusCode::CREATED),
        Inserted::AlreadyLoaded(_) => ("already_loaded", StatusCode::OK),
    };
    let version = inserted.module().info.engine_version.clone();
    tracing::info!(sub = %claims.sub, engine_version = %version, status, "module upload");
    let previous = if query.activate {
        let activation = activate_everywhere(&state, &version, &claims.sub).await?;
        Some(activation.previous.info.engine_version.clone())
    } else {
        None
    };
    let body = UploadAnswer {
        status,
        module: view_of(&state, &version),
        previous,
    };
    Ok((code, Json(body)).into_response())
}

#[derive(Serialize)]
struct ActivationAnswer {
    active: Option<ModuleView>,
    previous: String,
}

fn activation_answer(state: &AppState, activation: &Activation) -> Response {
    Json(ActivationAnswer {
        active: view_of(state, &activation.active.info.engine_version),
        previous: activation.previous.info.engine_version.clone(),
    })
    .into_response()
}

/// `POST /admin/modules/{version}/activate`.
pub async fn activate(
    State(state): State<AppState>,
    Admin(claims): Admin,
    Path(version): Path<String>,
) -> Result<Response, AppError> {
    let activation = activate_everywhere(&state, &version, &claims.sub).await?;
    tracing::info!(sub = %claims.sub, engine_version = %version, previous = %activation.previous.info.engine_version, "module activated");
    Ok(activation_answer(&state, &activation))
}

#[derive(Serialize)]
struct UnloadAnswer {
    status: &'static str,
    version: String,
    sha256: String,
}

/// `DELETE /admin/modules/{version}`: unloads an inactive version no request pins, here and
/// (with a database) on every replica. 404 unknown; 409 active, base or in use.
pub async fn unload(
    State(state): State<AppState>,
    Admin(claims): Admin,
    Path(version): Path<String>,
) -> Result<Response, AppError> {
    if let Some(shared) = state.shared() {
        shared.check_writable().await.map_err(store_error)?;
    }
    let module = state.modules().remove(&version).map_err(registry_error)?;
    if let Some(shared) = state.shared() {
        // Refused there (the registry's active version): the next sync loads it here again.
        shared
            .unload(&module, &claims.sub)
            .await
            .map_err(store_error)?;
    }
    tracing::info!(sub = %claims.sub, engine_version = %version, "module unloaded");
    Ok(Json(UnloadAnswer {
        status: "unloaded",
        version,
        sha256: module.sha256.clone(),
    })
    .into_response())
}

/// `POST /admin/modules/rollback`.
pub async fn rollback(
    State(state): State<AppState>,
    Admin(claims): Admin,
) -> Result<Response, AppError> {
    let activation = match state.shared() {
        Some(shared) => shared.rollback(&claims.sub).await.map_err(store_error)?,
        None => state.modules().rollback().map_err(module_error)?,
    };
    tracing::info!(sub = %claims.sub, engine_version = %activation.active.info.engine_version, previous = %activation.previous.info.engine_version, "module rolled back");
    Ok(activation_answer(&state, &activation))
}

#[derive(Deserialize)]
struct DiffRequest {
    record: Value,
    versions: [String; 2],
}

/// `POST /admin/diff` with `{record, versions: [A, B]}`: the record evaluated by both versions at
/// the same instant, and the charges whose decision, queue or cited rules differ.
pub async fn diff(
    State(state): State<AppState>,
    ctx: RequestCtx,
    Admin(_): Admin,
    RawBody(body): RawBody,
) -> Result<Response, AppError> {
    let request: DiffRequest = serde_json::from_slice(&body).map_err(|_| {
        AppError::invalid(
            "body must be {\"record\": {...}, \"versions\": [\"A\", \"B\"]}",
            &ctx,
        )
    })?;
    let [a, b] = &request.versions;
    let find = |version: &str| {
        state
            .registry()
            .get(version)
            .ok_or_else(|| RegistryError::Unknown(version.to_owned()))
    };
    let (from, to) = (
        find(a).map_err(registry_error)?,
        find(b).map_err(registry_error)?,
    );
    let (from, to) = (diff::Reading::plain(from), diff::Reading::plain(to));
    let report: DiffReport =
        diff::diff_record(state.engine(), &from, &to, request.record, &state.now()).await;
    let text = serde_json::to_string(&report).map_err(|_| AppError::Internal { meta: None })?;
    Ok(json_response(StatusCode::OK, text))
}

/// Activates `version` here, or (with a shared registry) on every replica.
async fn activate_everywhere(
    state: &AppState,
    version: &str,
    key_id: &str,
) -> Result<Activation, AppError> {
    match state.shared() {
        Some(shared) => shared.activate(version, key_id).await.map_err(store_error),
        None => state
            .modules()
            .activate_persisted(version)
            .map_err(module_error),
    }
}

/// The answer for a refused shared-registry operation: 503 while the database is down.
pub(crate) fn store_error(error: StoreError) -> AppError {
    match error {
        StoreError::Overlay(_) => AppError::Refused {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code: "OVERLAY_REFUSED",
            message: error.to_string(),
        },
        StoreError::Dictionary(_) => AppError::Refused {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code: "DICTIONARY_REFUSED",
            message: error.to_string(),
        },
        StoreError::Registry(error) => registry_error(error),
        StoreError::Module(error) => module_error(error),
        StoreError::Unavailable { .. } => AppError::Refused {
            status: StatusCode::SERVICE_UNAVAILABLE,
            code: "DATABASE_UNAVAILABLE",
            message: error.to_string(),
        },
        StoreError::BadUrl | StoreError::NeedsJwtSecret | StoreError::Unreachable { .. } => {
            AppError::Internal { meta: None }
        }
    }
}

fn module_error(error: ModuleError) -> AppError {
    match error {
        ModuleError::Refused(reason) => AppError::Refused {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code: "MODULE_REFUSED",
            message: reason.to_string(),
        },
        ModuleError::Registry(error) => registry_error(error),
        ModuleError::Interrupted => AppError::Internal { meta: None },
        // Admin-only: the message may name the folder, so the operator knows what to fix.
        ModuleError::NotPersisted { .. } => AppError::Refused {
            status: StatusCode::INSUFFICIENT_STORAGE,
            code: "NOT_PERSISTED",
            message: error.to_string(),
        },
    }
}

fn registry_error(error: RegistryError) -> AppError {
    let (status, code) = match &error {
        RegistryError::Unknown(_) => (StatusCode::NOT_FOUND, "MODULE_NOT_FOUND"),
        RegistryError::VersionTaken { .. } => (StatusCode::CONFLICT, "VERSION_CONFLICT"),
        RegistryError::NoHistory => (StatusCode::CONFLICT, "NO_PREVIOUS_VERSION"),
        RegistryError::Active(_) => (StatusCode::CONFLICT, "MODULE_ACTIVE"),
        RegistryError::Base(_) => (StatusCode::CONFLICT, "MODULE_BASE"),
        RegistryError::InUse { .. } => (StatusCode::CONFLICT, "MODULE_IN_USE"),
        RegistryError::NotSelfTested(_) => (StatusCode::UNPROCESSABLE_ENTITY, "MODULE_REFUSED"),
    };
    AppError::Refused {
        status,
        code,
        message: error.to_string(),
    }
}
