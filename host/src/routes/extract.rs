//! The extractors: what a handler learns about its request, each failure in our error shape
//! instead of axum's plain-text rejections. The request context, the bearer token's claims (and
//! the admin role), the module that answers, and the raw body (not parsed here: the engine
//! validates requests itself, so the server and the browser page give the same messages,
//! docs/decisions.md §2).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::{AUTHORIZATION, CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use lookback_runtime::{LoadedModule, is_valid_version};

use crate::auth::{Claims, Role};
use crate::context::RequestCtx;
use crate::error::{AppError, Meta, messages};
use crate::state::AppState;

impl<S: Send + Sync> FromRequestParts<S> for RequestCtx {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        // The middleware always sets it; a fresh one keeps handlers usable without it (unit tests).
        Ok(parts
            .extensions
            .get::<RequestCtx>()
            .cloned()
            .unwrap_or_else(|| RequestCtx::new(None)))
    }
}

/// The claims of a request's valid bearer token. Rejects with the spec's 401 messages
/// (docs/api.md "Authentication" 4): a missing or malformed header, or a bad or expired token.
#[derive(Debug, Clone)]
pub struct Bearer(pub Claims);

impl FromRequestParts<AppState> for Bearer {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(bearer_token)
            .ok_or(AppError::Unauthorized(messages::AUTH_REQUIRED))?;
        state
            .verify_token(token)
            .map(Bearer)
            .ok_or(AppError::Unauthorized(messages::INVALID_TOKEN))
    }
}

/// A bearer token with the admin role (the admin API, docs/decisions.md §9). A valid client-role token
/// gets 403; a missing or bad token the same 401s as [`Bearer`].
#[derive(Debug, Clone)]
pub struct Admin(pub Claims);

impl FromRequestParts<AppState> for Admin {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let Bearer(claims) = Bearer::from_request_parts(parts, state).await?;
        if claims.role == Role::Admin {
            Ok(Self(claims))
        } else {
            Err(AppError::Forbidden {
                message: messages::ADMIN_REQUIRED,
                meta: None,
            })
        }
    }
}

/// The token of an `Authorization: Bearer <token>` header value (scheme case-insensitive).
fn bearer_token(value: &str) -> Option<&str> {
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty() && !token.contains(' '))
        .then_some(token)
}

/// The address a request came from (unspecified when served without the accept loop).
#[derive(Debug, Clone, Copy)]
pub struct PeerAddr(pub std::net::IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for PeerAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Self(super::serve::peer_addr(&parts.extensions).ip()))
    }
}

/// Request header pinning a loaded engine version for one request (docs/decisions.md §9).
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

/// The body of a JSON endpoint: declared `application/json` (with or without a charset, else
/// 415, docs/decisions.md §12), at most `max_body_bytes` long (then 413), received within the body
/// timeout (then 408).
#[derive(Debug, Clone)]
pub struct RawBody(pub Bytes);

impl FromRequest<AppState> for RawBody {
    type Rejection = AppError;

    async fn from_request(mut request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        // Taken, not copied: the body is the last thing read of the request, and only its errors
        // need the context.
        let ctx = request
            .extensions_mut()
            .remove::<RequestCtx>()
            .unwrap_or_else(|| RequestCtx::new(None));
        if !declares_json(request.headers()) {
            return Err(AppError::UnsupportedMediaType);
        }
        match read_body(request, state, state.transport().max_body_bytes).await {
            Ok(bytes) => Ok(Self(bytes)),
            Err(BodyError::TooLarge) => Err(AppError::PayloadTooLarge {
                limit: state.transport().max_body_bytes,
                meta: Meta::new(&ctx, None),
            }),
            Err(BodyError::TimedOut) => Err(AppError::RequestTimeout),
            Err(BodyError::Unreadable) => {
                Err(AppError::invalid("request body could not be read", &ctx))
            }
        }
    }
}

/// The module bytes of an upload (`POST /admin/modules`): `Content-Type: application/wasm`, at
/// most the module limit.
pub struct WasmBody(pub Bytes);

impl FromRequest<AppState> for WasmBody {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let is_wasm = request
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/wasm"));
        if !is_wasm {
            return Err(AppError::Refused {
                status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                code: "UNSUPPORTED_MEDIA_TYPE",
                message: "a module upload needs Content-Type: application/wasm".into(),
            });
        }
        match read_body(request, state, state.transport().max_module_bytes).await {
            Ok(bytes) => Ok(Self(bytes)),
            Err(BodyError::TooLarge) => Err(AppError::Refused {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                code: "PAYLOAD_TOO_LARGE",
                message: format!(
                    "module is larger than the limit of {} bytes",
                    state.transport().max_module_bytes
                ),
            }),
            Err(BodyError::TimedOut) => Err(AppError::RequestTimeout),
            Err(BodyError::Unreadable) => Err(AppError::Refused {
                status: StatusCode::BAD_REQUEST,
                code: "INVALID_REQUEST",
                message: "request body could not be read".into(),
            }),
        }
    }
}

/// Why a body could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BodyError {
    /// Over the route's body limit.
    TooLarge,
    /// Not complete within the body timeout.
    TimedOut,
    /// The connection failed while sending it.
    Unreadable,
}

/// The whole body of `request`, within the route's size `limit` and the body timeout. A declared
/// `Content-Length` over the limit is refused before a byte is read (and so before hyper sends
/// `100 Continue` to a client that asked for it).
async fn read_body(request: Request, state: &AppState, limit: usize) -> Result<Bytes, BodyError> {
    let declared = request
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|length| length > limit as u64) {
        return Err(BodyError::TooLarge);
    }
    let read = Bytes::from_request(request, state);
    match tokio::time::timeout(state.transport().body_timeout, read).await {
        Err(_) => Err(BodyError::TimedOut),
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(rejection)) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            Err(BodyError::TooLarge)
        }
        Ok(Err(_)) => Err(BodyError::Unreadable),
    }
}

/// `Content-Type: application/json`, parameters allowed, a charset only if UTF-8.
fn declares_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let mut parts = value.split(';');
    let essence = parts.next().unwrap_or_default().trim();
    essence.eq_ignore_ascii_case("application/json")
        && parts.all(|param| {
            let (name, value) = param.split_once('=').unwrap_or((param, ""));
            !name.trim().eq_ignore_ascii_case("charset")
                || value.trim().trim_matches('"').eq_ignore_ascii_case("utf-8")
        })
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderMap, HeaderValue, header::CONTENT_TYPE};

    use super::{bearer_token, declares_json};

    #[test]
    fn bearer_header_parsing() {
        assert_eq!(bearer_token("Bearer abc"), Some("abc"));
        assert_eq!(bearer_token("bearer  abc "), Some("abc"));
        assert_eq!(bearer_token("Bearer"), None);
        assert_eq!(bearer_token("Bearer "), None);
        assert_eq!(bearer_token("Basic abc"), None);
        assert_eq!(bearer_token("abc"), None);
        assert_eq!(bearer_token("Bearer a b"), None);
    }

    fn with(value: &'static str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(CONTENT_TYPE, HeaderValue::from_static(value));
        headers
    }

    #[test]
    fn json_with_or_without_a_utf8_charset() {
        for ok in [
            "application/json",
            "Application/JSON",
            "application/json; charset=utf-8",
            "application/json;charset=\"UTF-8\"",
        ] {
            assert!(declares_json(&with(ok)), "{ok}");
        }
        for bad in [
            "text/plain",
            "text/plain; charset=utf-8",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/jsonp",
            "application/json; charset=latin1",
            "",
        ] {
            assert!(!declares_json(&with(bad)), "{bad}");
        }
        assert!(!declares_json(&HeaderMap::new()), "missing");
    }
}
