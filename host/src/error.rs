//! The one application error type. Every error answer of the server goes through
//! [`AppError`], so every error body has the same JSON shape (docs/decisions.md §3):
//! `{"success": false, "error": {"code", "message", "errors"?}, "meta"?}`.
//! 5xx bodies name no internal detail.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::Value;

use lookback_core::vocabulary::API_VERSION;
use lookback_runtime::LoadedModule;

use crate::context::RequestCtx;

/// Spec messages: contract text, quoted verbatim from docs/api.md / docs/decisions.md.
pub mod messages {
    /// docs/api.md "Authentication" 4: missing or malformed Authorization header.
    pub const AUTH_REQUIRED: &str = "Authentication required. Provide Bearer token.";
    /// docs/api.md "Authentication" 4: bad or expired token.
    pub const INVALID_TOKEN: &str = "Invalid or expired token";
    /// docs/decisions.md §3: wrong or missing API key on `/auth/token`.
    pub const INVALID_API_KEY: &str = "Invalid API key";
    /// docs/decisions.md §3: tenant binding.
    pub const TENANT_MISMATCH: &str = "tenant_id does not match the credentials";
    /// docs/decisions.md §3, §9: a client-role token on an admin route.
    pub const ADMIN_REQUIRED: &str = "admin role required";
}

/// `meta` of `/evaluate`-family answers.
#[derive(Debug, Clone, Serialize)]
pub struct Meta {
    /// [`API_VERSION`].
    pub api_version: &'static str,
    /// Time since the request arrived, in ms.
    pub process_time_ms: f64,
    /// Same as `data.correlation_id`.
    pub correlation_id: String,
    /// The module that answered (docs/decisions.md §2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineMeta>,
    /// The tenant's charge dictionary the module read the record with, if any: with the
    /// module's version, what it takes to decide the same record the same way again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dictionary: Option<DictionaryMeta>,
}

/// `meta.dictionary`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DictionaryMeta {
    /// The tenant whose dictionary it is.
    pub tenant_id: String,
    /// Its version (the first 16 hex digits of the file's SHA-256).
    pub version: String,
}

/// `meta.engine`.
#[derive(Debug, Clone, Serialize)]
pub struct EngineMeta {
    /// Engine version.
    pub version: String,
    /// Rules version.
    pub rules_version: String,
    /// SHA-256 of the module bytes.
    pub sha256: String,
}

impl Meta {
    /// Meta for a request, naming the module when one was involved.
    pub fn new(ctx: &RequestCtx, module: Option<&LoadedModule>) -> Self {
        Self {
            api_version: API_VERSION,
            process_time_ms: ctx.elapsed_ms(),
            correlation_id: ctx.correlation_id.clone(),
            engine: module.map(|m| EngineMeta {
                version: m.info.engine_version.clone(),
                rules_version: m.info.rules_version.clone(),
                sha256: m.sha256.clone(),
            }),
            dictionary: None,
        }
    }

    /// The same meta naming the charge dictionary the record was read with.
    pub fn with_dictionary(self, dictionary: Option<DictionaryMeta>) -> Self {
        Self { dictionary, ..self }
    }
}

/// Every way a request can fail before or outside the engine's own answers.
#[derive(Debug)]
pub enum AppError {
    /// 401 with one of the spec's messages and `WWW-Authenticate: Bearer`.
    Unauthorized(&'static str),
    /// 400 `INVALID_REQUEST`; `errors` lists every message (the engine's, or just `message`).
    InvalidRequest {
        /// Main message.
        message: String,
        /// All messages.
        errors: Vec<Value>,
        /// Request meta.
        meta: Meta,
    },
    /// 413 `PAYLOAD_TOO_LARGE`.
    PayloadTooLarge {
        /// The configured limit in bytes.
        limit: usize,
        /// Request meta.
        meta: Meta,
    },
    /// 403 `FORBIDDEN`.
    Forbidden {
        /// Why.
        message: &'static str,
        /// Request meta, when the route has one.
        meta: Option<Meta>,
    },
    /// 404 for an unknown path.
    NotFound,
    /// 405 for a known path with another method.
    MethodNotAllowed,
    /// A refused operation on module versions (admin API): its status, a stable code and a
    /// message naming the reason, e.g. 422 `MODULE_REFUSED`, 404 `MODULE_NOT_FOUND`.
    Refused {
        /// HTTP status.
        status: StatusCode,
        /// Error code.
        code: &'static str,
        /// Why.
        message: String,
    },
    /// 415: a JSON endpoint got a body declared as something else (docs/decisions.md §12).
    UnsupportedMediaType,
    /// 408: the body did not arrive within the body timeout.
    RequestTimeout,
    /// 429 with `Retry-After`: the client address spent its quota.
    TooManyRequests {
        /// Seconds until the next attempt is allowed.
        retry_after_secs: u64,
    },
    /// 503 with `Retry-After: 1`: the server is at its cap of connections or engine requests.
    Overloaded,
    /// 500 with nothing internal in the body (the cause is logged, without personal data).
    Internal {
        /// Request meta, when the route has one.
        meta: Option<Meta>,
    },
}

impl AppError {
    /// A 400 with a single message.
    pub fn invalid(message: impl Into<String>, ctx: &RequestCtx) -> Self {
        let message = message.into();
        Self::InvalidRequest {
            errors: vec![Value::String(message.clone())],
            message,
            meta: Meta::new(ctx, None),
        }
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::InvalidRequest { .. } => StatusCode::BAD_REQUEST,
            Self::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Forbidden { .. } => StatusCode::FORBIDDEN,
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::Refused { status, .. } => *status,
            Self::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Overloaded => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal { .. } => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The JSON body text.
    pub fn body(&self) -> String {
        let (code, message, errors, meta): (&str, String, Option<&[Value]>, Option<&Meta>) =
            match self {
                Self::Unauthorized(m) => ("UNAUTHORIZED", (*m).to_owned(), None, None),
                Self::InvalidRequest {
                    message,
                    errors,
                    meta,
                } => (
                    "INVALID_REQUEST",
                    message.clone(),
                    Some(errors.as_slice()),
                    Some(meta),
                ),
                Self::PayloadTooLarge { limit, meta } => (
                    "PAYLOAD_TOO_LARGE",
                    format!("request body is larger than the limit of {limit} bytes"),
                    None,
                    Some(meta),
                ),
                Self::Forbidden { message, meta } => {
                    ("FORBIDDEN", (*message).to_owned(), None, meta.as_ref())
                }
                Self::NotFound => ("NOT_FOUND", "no such endpoint".to_owned(), None, None),
                Self::MethodNotAllowed => (
                    "METHOD_NOT_ALLOWED",
                    "method not allowed on this endpoint".to_owned(),
                    None,
                    None,
                ),
                Self::Refused { code, message, .. } => (*code, message.clone(), None, None),
                Self::UnsupportedMediaType => (
                    "UNSUPPORTED_MEDIA_TYPE",
                    "Content-Type must be application/json".to_owned(),
                    None,
                    None,
                ),
                Self::RequestTimeout => (
                    "REQUEST_TIMEOUT",
                    "request body was not received in time".to_owned(),
                    None,
                    None,
                ),
                Self::TooManyRequests { retry_after_secs } => (
                    "RATE_LIMITED",
                    format!("too many requests from this address; retry in {retry_after_secs} s"),
                    None,
                    None,
                ),
                Self::Overloaded => (
                    "OVERLOADED",
                    "the server is busy; retry shortly".to_owned(),
                    None,
                    None,
                ),
                Self::Internal { meta } => (
                    "INTERNAL_ERROR",
                    "internal error".to_owned(),
                    None,
                    meta.as_ref(),
                ),
            };
        let body = ErrorBody {
            success: false,
            error: ErrorDetail {
                code,
                message,
                errors,
            },
            meta,
        };
        serde_json::to_string(&body).unwrap_or_else(|_| FALLBACK_BODY.to_owned())
    }
}

/// Used only if serialising an error body ever failed.
const FALLBACK_BODY: &str =
    r#"{"success":false,"error":{"code":"INTERNAL_ERROR","message":"internal error"}}"#;

#[derive(Serialize)]
struct ErrorBody<'a> {
    success: bool,
    error: ErrorDetail<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    meta: Option<&'a Meta>,
}

#[derive(Serialize)]
struct ErrorDetail<'a> {
    code: &'a str,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    errors: Option<&'a [Value]>,
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let mut response = json_response(self.status(), self.body());
        let headers = response.headers_mut();
        match self {
            Self::Unauthorized(_) => {
                headers.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            }
            Self::TooManyRequests { retry_after_secs } => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
            }
            Self::Overloaded => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            _ => {}
        }
        response
    }
}

/// A response whose body is already JSON text.
pub fn json_response(status: StatusCode, body: impl Into<axum::body::Body>) -> Response {
    let mut response = (status, body.into()).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn unauthorized_body_is_exactly_the_spec_shape() {
        let body: Value =
            serde_json::from_str(&AppError::Unauthorized(messages::AUTH_REQUIRED).body())
                .unwrap_or_default();
        assert_eq!(
            body,
            json!({"success": false, "error": {"code": "UNAUTHORIZED", "message": "Authentication required. Provide Bearer token."}})
        );
    }

    #[test]
    fn internal_error_reveals_nothing() {
        assert_eq!(AppError::Internal { meta: None }.body(), FALLBACK_BODY);
    }
}
