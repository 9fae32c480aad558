//! HTTP routes, one file per endpoint, and the router that ties them together.

pub mod evaluate;
pub mod health;
pub mod identity_match;
pub mod token;
pub mod transform_xml;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

use crate::error::AppError;
use crate::state::AppState;
use crate::{context, telemetry};

/// The application: every route, JSON errors for unknown paths and methods, the body limit,
/// request tracing and the correlation id.
pub fn router(state: AppState) -> Router {
    let body_limit = state.max_body_bytes();
    Router::new()
        .route("/health", get(health::health))
        .route("/auth/token", post(token::token))
        .route("/evaluate", post(evaluate::evaluate))
        .route("/transform-xml", post(transform_xml::transform_xml))
        .route(
            "/complianceEngine/identity-match",
            post(identity_match::identity_match),
        )
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(telemetry::trace_layer())
        // Outermost: the correlation id exists before tracing starts and is echoed on every answer.
        .layer(axum::middleware::from_fn(context::correlation))
        .with_state(state)
}

async fn not_found() -> AppError {
    AppError::NotFound
}

async fn method_not_allowed() -> AppError {
    AppError::MethodNotAllowed
}
