//! Body extractor: the raw request bytes, with failures in our error shape instead of axum's
//! plain-text rejections. The bytes are not parsed here: the engine validates requests itself,
//! so the server and the browser page give the same messages (DECISIONS §2).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;

use crate::context::RequestCtx;
use crate::engine::LoadedModule;
use crate::engine::load::is_valid_version;
use crate::error::{AppError, Meta};
use crate::state::AppState;

/// Request header pinning a loaded engine version for one request (DECISIONS §9).
pub const ENGINE_VERSION_HEADER: &str = "x-engine-version";

/// The module that answers this request, captured once: the version named by `X-Engine-Version`,
/// or the active module. A swap during the request does not change it. An unknown version is a
/// 400 in the usual error shape.
#[derive(Debug, Clone)]
pub struct EngineChoice(pub Arc<LoadedModule>);

impl FromRequestParts<AppState> for EngineChoice {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let pinned = parts
            .headers
            .get(ENGINE_VERSION_HEADER)
            .map(|v| v.to_str().unwrap_or_default().trim().to_owned());
        let module = match pinned {
            None => state.registry().active(),
            Some(version) => {
                let ctx = RequestCtx::from_request_parts(parts, state)
                    .await
                    .unwrap_or_else(|never| match never {});
                if !is_valid_version(&version) {
                    return Err(AppError::invalid(
                        "X-Engine-Version is not a valid engine version",
                        &ctx,
                    ));
                }
                state.registry().get(&version).ok_or_else(|| {
                    AppError::invalid(
                        format!("X-Engine-Version {version} is not a loaded engine version"),
                        &ctx,
                    )
                })?
            }
        };
        tracing::Span::current().record("engine", module.info.engine_version.as_str());
        Ok(Self(module))
    }
}

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
