//! Every axum adapter: one handler file per endpoint, the extractors ([`extract`]), the
//! middleware ([`middleware`]), the accept loop ([`serve`]), and the router that ties them
//! together over the state they read.

pub mod admin;
pub mod admin_dictionary;
pub mod admin_tenancy;
pub mod connection;
pub mod demo;
pub mod engine_modules;
pub mod evaluate;
pub mod extract;
pub mod health;
pub mod http_date;
pub mod identity_match;
pub mod metrics;
pub mod middleware;
pub mod openapi;
pub mod serve;
pub mod shadow;
pub mod token;
pub mod transform_xml;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::handler::Handler as _;
use axum::routing::{delete, get, post};

use crate::error::AppError;
use crate::state::AppState;
use middleware::engine_route;

/// The application: every route, JSON errors for unknown paths and methods, the body limit,
/// request tracing and the correlation id.
pub fn router(state: AppState) -> Router {
    let body_limit = state.transport().max_body_bytes;
    let module_limit = state.transport().max_module_bytes;
    let track = axum::middleware::from_fn_with_state(state.clone(), middleware::track);
    Router::new()
        .route("/health", get(health::health))
        .route("/auth/token", post(token::token))
        .route("/evaluate", engine_route(post(evaluate::evaluate), &state))
        .route(
            "/transform-xml",
            engine_route(post(transform_xml::transform_xml), &state),
        )
        .route(
            "/complianceEngine/identity-match",
            engine_route(post(identity_match::identity_match), &state),
        )
        // The browser page and the module bytes it runs: public (docs/decisions.md §10).
        .route("/demo", get(demo::redirect))
        .route("/demo/", get(demo::index))
        .route("/demo/{*path}", get(demo::file))
        .route("/engine/modules", get(engine_modules::modules))
        .route("/engine/active.wasm", get(engine_modules::active))
        .route("/engine/{file}", get(engine_modules::by_version))
        .route(
            "/admin/modules",
            get(admin::list).post(admin::upload.layer(DefaultBodyLimit::max(module_limit))),
        )
        .route("/admin/modules/rollback", post(admin::rollback))
        .route("/admin/modules/{version}/activate", post(admin::activate))
        .route("/admin/modules/{version}", delete(admin::unload))
        .route("/admin/diff", engine_route(post(admin::diff), &state))
        .route(
            "/admin/modules/{version}/shadow",
            post(shadow::start)
                .get(shadow::summary)
                .delete(shadow::stop),
        )
        .route("/metrics", get(metrics::scrape))
        .route("/openapi.json", get(openapi::openapi))
        .route("/admin/keys", post(admin_tenancy::create_key))
        .route("/admin/keys/{key_id}", delete(admin_tenancy::revoke_key))
        .route(
            "/admin/overlays/{tenant_id}",
            get(admin_tenancy::get_overlay).put(admin_tenancy::put_overlay),
        )
        .route(
            "/admin/tenants/{tenant_id}/dictionary",
            get(admin_dictionary::get).put(admin_dictionary::put),
        )
        .route(
            "/admin/tenants/{tenant_id}/dictionary/diff",
            engine_route(post(admin_dictionary::diff), &state),
        )
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(track)
        .layer(middleware::trace_layer())
        .layer(axum::middleware::from_fn(connection::connection_headers))
        // Outermost: the correlation id exists before tracing starts and is echoed on every answer.
        .layer(axum::middleware::from_fn(middleware::correlation))
        .with_state(state)
}

/// What a connection over a connection cap is served (once, then closed): `GET /health`, so
/// probes keep working while clients hold every connection, and 503 for anything else.
pub fn overflow_router(state: AppState) -> Router {
    Router::new()
        .route("/health", get(health::health))
        .fallback(overloaded)
        .layer(axum::middleware::from_fn(connection::close_after_answer))
        .with_state(state)
}

/// The internal listener of `LOOKBACK_METRICS_ADDR` (docs/decisions.md §14): `/metrics` without
/// credentials and `/health`, nothing else; for scrapers and probes inside the cluster.
pub fn internal_router(state: AppState) -> Router {
    Router::new()
        .route("/health", get(health::health))
        .route("/metrics", get(metrics::scrape_internal))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn(connection::connection_headers))
        .with_state(state)
}

async fn overloaded() -> AppError {
    AppError::Overloaded
}

async fn not_found() -> AppError {
    AppError::NotFound
}

async fn method_not_allowed() -> AppError {
    AppError::MethodNotAllowed
}
