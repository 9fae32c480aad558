//! Body extractor: the raw request bytes, with failures in our error shape instead of axum's
//! plain-text rejections. The bytes are not parsed here: the engine validates requests itself,
//! so the server and the browser page give the same messages (DECISIONS §2).

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;

use crate::context::RequestCtx;
use crate::error::{AppError, Meta};
use crate::state::AppState;

/// The request body, at most `max_body_bytes` long (then 413).
#[derive(Debug, Clone)]
pub struct RawBody(pub Bytes);

impl FromRequest<AppState> for RawBody {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let ctx = request
            .extensions()
            .get::<RequestCtx>()
            .cloned()
            .unwrap_or_else(|| RequestCtx::new(None));
        match Bytes::from_request(request, state).await {
            Ok(bytes) => Ok(Self(bytes)),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(AppError::PayloadTooLarge {
                    limit: state.max_body_bytes(),
                    meta: Meta::new(&ctx, None),
                })
            }
            Err(_) => Err(AppError::invalid("request body could not be read", &ctx)),
        }
    }
}
