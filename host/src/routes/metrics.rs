//! `GET /metrics` (admin role): the Prometheus exposition, with the module gauge refreshed.

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::extract::Admin;
use crate::error::AppError;
use crate::metrics::CONTENT_TYPE;
use crate::state::AppState;

/// Handler.
pub async fn scrape(State(state): State<AppState>, Admin(_): Admin) -> Response {
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
