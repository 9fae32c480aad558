//! `GET /metrics`: the Prometheus exposition, with the module gauge refreshed. Admin role on the
//! public listener; without credentials on the internal one (`LOOKBACK_METRICS_ADDR`).

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::extract::Admin;
use crate::error::AppError;
use crate::metrics::CONTENT_TYPE;
use crate::state::AppState;

/// Handler (public listener).
pub async fn scrape(State(state): State<AppState>, Admin(_): Admin) -> Response {
    exposition(&state)
}

/// Handler (internal listener: reachable only where the operator bound it).
pub async fn scrape_internal(State(state): State<AppState>) -> Response {
    exposition(&state)
}

fn exposition(state: &AppState) -> Response {
    match state.metrics().render(state.registry()) {
        Ok(text) => {
            let mut response = (StatusCode::OK, text).into_response();
            response
                .headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static(CONTENT_TYPE));
            response
        }
        Err(_) => AppError::Internal { meta: None }.into_response(),
    }
}
