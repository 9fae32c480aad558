//! The `/evaluate` flow, shared by the HTTP route and `lookback evaluate`:
//! transform (stage 1) → tenant check → evaluate (stages 2-3) → response envelope.
//!
//! Stage failures follow docs/decisions.md §3: a failed transform is a 500 `failed` answer without a
//! decision; a failed evaluate after a good transform is a 206 `partial` answer whose decision is
//! the native fail-safe one (every charge to human review, citing `SYS_ENGINE_FAILURE`).
//! The engine's JSON is spliced, not re-parsed into trees: `record`, `decision` and `validation`
//! travel as raw JSON text.

use std::borrow::Cow;
use std::sync::Arc;
use std::time::Instant;

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use lookback_runtime::protocol::{self, Evaluated, StageContext, TransformOutput};
use lookback_runtime::{CallError, EngineHost, LoadedModule, RequestCalls};

use crate::client_rules::Overlays;
use crate::context::{RequestCtx, round_ms};
use crate::error::{AppError, DictionaryMeta, Meta, messages};

/// A finished answer: HTTP status and JSON body text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// HTTP status.
    pub status: StatusCode,
    /// JSON body.
    pub body: String,
    /// The charge dictionary the decision was made with, and how many charges it read.
    pub dictionary: Option<DictionaryUse>,
}

impl Answer {
    /// An answer made without a dictionary.
    pub fn plain(status: StatusCode, body: String) -> Self {
        Self {
            status,
            body,
            dictionary: None,
        }
    }
}

/// What a tenant's charge dictionary did for one answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DictionaryUse {
    /// `meta.dictionary`.
    pub meta: DictionaryMeta,
    /// Charges an entry read (`classification.dictionary` in the decision).
    pub charges: u64,
}

/// How the engine marks a charge its dictionary read (`classification.dictionary`). The pattern
/// starts with a quote, which a JSON string holds only escaped: it occurs nowhere else.
const READ_BY_DICTIONARY: &str = r#""dictionary":{"version":"#;

/// The 400 for a stage-1 refusal that is not a 422: the engine's message, and all of them.
pub fn invalid_request(
    out: &TransformOutput<'_>,
    ctx: &RequestCtx,
    module: &LoadedModule,
) -> AppError {
    let message = out
        .message
        .clone()
        .unwrap_or_else(|| "invalid request".to_owned());
    let errors = match &out.errors {
        Some(errors) if !errors.is_empty() => errors.clone(),
        _ => vec![serde_json::Value::String(message.clone())],
    };
    AppError::InvalidRequest {
        message,
        errors,
        meta: Meta::new(ctx, Some(module)),
    }
}

/// Who is asking: the token's tenant binding and the client-rules overlays to pick from.
#[derive(Debug, Clone, Copy)]
pub struct Tenancy<'a> {
    /// The tenant the token is bound to, if any.
    pub bound: Option<&'a str>,
    /// Every tenant's overlay (docs/decisions.md §7.5).
    pub overlays: &'a Overlays,
}

impl<'a> Tenancy<'a> {
    /// No binding and no overlays (offline tools, diffs).
    pub fn anonymous(overlays: &'a Overlays) -> Self {
        Self {
            bound: None,
            overlays,
        }
    }
}

/// Runs `/evaluate` for one request body on `module` as of `now` (RFC 3339, the host's clock:
/// the engine reads none). `tenancy` gives the token's tenant binding and the overlays. Both
/// stages run on one blocking thread in one fresh instance ([`EngineHost::run`]).
#[expect(
    clippy::result_large_err,
    reason = "one error per request, moved once into the response"
)]
pub async fn evaluate(
    engine: &EngineHost,
    module: Arc<LoadedModule>,
    body: axum::body::Bytes,
    ctx: &RequestCtx,
    tenancy: Tenancy<'_>,
    now: &str,
) -> Result<Answer, AppError> {
    let (bound, overlays) = (tenancy.bound.map(str::to_owned), tenancy.overlays.clone());
    let (request, request_ctx, now_owned) = (body.clone(), ctx.clone(), now.to_owned());
    let ran = engine
        .run(module.clone(), move |calls| {
            let tenancy = Tenancy {
                bound: bound.as_deref(),
                overlays: &overlays,
            };
            evaluate_in(calls, &request, &request_ctx, tenancy, &now_owned)
        })
        .await;
    ran.unwrap_or_else(|error| Ok(transform_failed(&module, ctx, &body, &error, 0.0)))
}

/// The tenant check of every route that reads a record (docs/decisions.md §3): a token bound to a
/// tenant may only send records of that tenant (or of none); another gives 403.
#[expect(
    clippy::result_large_err,
    reason = "one error per request, moved once into the response"
)]
pub fn check_tenant(
    bound: Option<&str>,
    requested: Option<&str>,
    ctx: &RequestCtx,
    module: &LoadedModule,
) -> Result<(), AppError> {
    match (bound, requested) {
        (Some(bound), Some(requested)) if bound != requested => Err(AppError::Forbidden {
            message: messages::TENANT_MISMATCH,
            meta: Some(Meta::new(ctx, Some(module))),
        }),
        _ => Ok(()),
    }
}

/// [`evaluate`]'s work, on the blocking thread: transform, tenant check, evaluate, envelope. With
/// a module that has the optional pair of docs/abi.md, the record stays in the instance between
/// the stages; without, it crosses as JSON (ABI v1).
#[expect(
    clippy::result_large_err,
    reason = "one error per request, moved once into the response"
)]
pub fn evaluate_in(
    calls: &mut RequestCalls<'_>,
    body: &[u8],
    ctx: &RequestCtx,
    tenancy: Tenancy<'_>,
    now: &str,
) -> Result<Answer, AppError> {
    let module = calls.module();
    let tenant = tenancy.bound;
    let t0 = Instant::now();
    let transformed = protocol::transform(calls, body);
    let transform_ms = ms_since(t0);
    let text = match transformed {
        Ok(text) => text,
        Err(error) => return Ok(transform_failed(module, ctx, body, &error, transform_ms)),
    };
    let out = match protocol::read_transform(calls, &text) {
        Ok(out) => out,
        Err(error) => return Ok(transform_failed(module, ctx, body, &error, transform_ms)),
    };
    if !out.ok {
        return match out.http_status {
            Some(422) => Ok(validation_required(module, ctx, &out)),
            _ => Err(invalid_request(&out, ctx, module)),
        };
    }
    check_tenant(tenant, out.tenant_id.as_deref(), ctx, module)?;

    // The tenant's overlay and dictionary travel with the request: the engine stays pure. A
    // module that does not read dictionaries is sent none (and no answer claims one).
    let overlay = tenancy
        .overlays
        .for_tenant(tenant, out.tenant_id.as_deref());
    let dictionary = (tenancy.overlays)
        .dictionary_for(tenant, out.tenant_id.as_deref())
        .filter(|_| module.info.charge_dictionary >= lookback_core::dictionary::FORMAT);

    // Only the entries that read the record's charges, when the module says which those are
    // (a module that cannot say, or fails to, gets every entry: slower, and the same answer).
    // Asking is part of stages 2-3's time.
    let t1 = Instant::now();
    let read_with = dictionary.map(|d| match protocol::charge_keys(calls) {
        Some(Ok(keys)) => Cow::Owned(d.input_for(&keys)),
        Some(Err(error)) => {
            tracing::warn!(%error, "charge keys unreadable; sending the whole dictionary");
            Cow::Borrowed(d.engine_input.as_str())
        }
        None => Cow::Borrowed(d.engine_input.as_str()),
    });
    let context = StageContext::new(now, &ctx.correlation_id)
        .with_client_rules(overlay)
        .with_charge_dictionary(read_with.as_deref());
    let evaluated = protocol::evaluate_answer(calls, out.record, &context);
    let compliance_ms = ms_since(t1);
    let evaluated = evaluated
        .as_ref()
        .map_err(Clone::clone)
        .and_then(protocol::EvaluateAnswer::read);

    let search_id = out.search_id.as_deref();
    let envelope = match evaluated {
        Ok(Evaluated {
            decision,
            validation,
        }) => {
            let dictionary = dictionary.map(|d| DictionaryUse {
                meta: DictionaryMeta {
                    tenant_id: d.tenant_id.clone(),
                    version: d.version.clone(),
                },
                charges: decision.matches(READ_BY_DICTIONARY).count() as u64,
            });
            let meta = Meta::new(ctx, Some(module))
                .with_dictionary(dictionary.as_ref().map(|d| d.meta.clone()));
            let mut answer = Envelope {
                success: true,
                data: Data {
                    search_id,
                    correlation_id: &ctx.correlation_id,
                    status: "success",
                    errors: Vec::new(),
                    validation: validation.map(RawJson),
                    decision: Some(RawJson(decision)),
                    degradation: None,
                    timing: Some(Timing::new(transform_ms, compliance_ms, ctx)),
                },
                meta,
            }
            .to_answer(StatusCode::OK);
            answer.dictionary = dictionary;
            answer
        }
        Err(error) => {
            let reason = error.to_string();
            tracing::warn!(stage = "compliance", reason = %reason, "engine stage failed; answering with the fail-safe decision");
            // The fail-safe lists the record's charges (one the module kept is read again).
            let failsafe = protocol::failed_record(calls, out.record, body).map(|record| {
                protocol::EvaluateAnswer {
                    text: lookback_core::api::failsafe_evaluate(&record, now, &reason),
                    spans: Some(lookback_core::api::answer_spans()),
                }
            });
            let Some(Ok(Evaluated {
                decision,
                validation,
            })) = failsafe.as_ref().map(protocol::EvaluateAnswer::read)
            else {
                return Err(AppError::Internal {
                    meta: Some(Meta::new(ctx, Some(module))),
                });
            };
            Envelope {
                success: true,
                data: Data {
                    search_id,
                    correlation_id: &ctx.correlation_id,
                    status: "partial",
                    errors: vec![format!("compliance engine failed: {reason}")],
                    validation: validation.map(RawJson),
                    decision: Some(RawJson(decision)),
                    degradation: Some(Degradation {
                        xml_transformer: Component {
                            status: "available",
                            error: None,
                        },
                        compliance_engine: Component {
                            status: "degraded",
                            error: Some(reason.clone()),
                        },
                    }),
                    timing: Some(Timing::new(transform_ms, compliance_ms, ctx)),
                },
                meta: Meta::new(ctx, Some(module)),
            }
            .to_answer(StatusCode::PARTIAL_CONTENT)
        }
    };
    Ok(envelope)
}

/// 500 `failed`: the transform stage trapped, ran out of time or memory, or answered garbage.
fn transform_failed(
    module: &LoadedModule,
    ctx: &RequestCtx,
    body: &[u8],
    error: &CallError,
    transform_ms: f64,
) -> Answer {
    let reason = error.to_string();
    tracing::warn!(stage = "transform", reason = %reason, "engine stage failed");
    let search_id = probe_search_id(body);
    Envelope {
        success: false,
        data: Data {
            search_id: search_id.as_deref(),
            correlation_id: &ctx.correlation_id,
            status: "failed",
            errors: vec![format!("xml_transformer failed: {reason}")],
            validation: None,
            decision: None,
            degradation: Some(Degradation {
                xml_transformer: Component {
                    status: "failed",
                    error: Some(reason.clone()),
                },
                compliance_engine: Component {
                    status: "not_called",
                    error: None,
                },
            }),
            timing: Some(Timing::new(transform_ms, 0.0, ctx)),
        },
        meta: Meta::new(ctx, Some(module)),
    }
    .to_answer(StatusCode::INTERNAL_SERVER_ERROR)
}

/// 422 `validation_required`: the count gate refused the `cases[]` mapping (docs/api.md "Count mismatch").
fn validation_required(
    module: &LoadedModule,
    ctx: &RequestCtx,
    out: &TransformOutput<'_>,
) -> Answer {
    let message = out.message.clone().unwrap_or_default();
    Envelope {
        success: false,
        data: Data {
            search_id: out.search_id.as_deref(),
            correlation_id: &ctx.correlation_id,
            status: "validation_required",
            errors: vec![format!(
                "xml_transformer failed with HTTP error 422: {message}"
            )],
            validation: None,
            decision: None,
            degradation: Some(Degradation {
                xml_transformer: Component {
                    status: "failed",
                    error: Some(message),
                },
                compliance_engine: Component {
                    status: "not_called",
                    error: None,
                },
            }),
            timing: None,
        },
        meta: Meta::new(ctx, Some(module)),
    }
    .to_answer(StatusCode::UNPROCESSABLE_ENTITY)
}

/// `record.search_id` of a body, read only on the failure path (the module could not say it).
fn probe_search_id(body: &[u8]) -> Option<String> {
    #[derive(Deserialize)]
    struct Body {
        record: Record,
    }
    #[derive(Deserialize)]
    struct Record {
        search_id: Option<String>,
    }
    serde_json::from_slice::<Body>(body).ok()?.record.search_id
}

fn ms_since(t: Instant) -> f64 {
    round_ms(t.elapsed().as_secs_f64() * 1000.0)
}

/// The `/evaluate` response envelope.
#[derive(Serialize)]
struct Envelope<'a> {
    success: bool,
    data: Data<'a>,
    meta: Meta,
}

impl Envelope<'_> {
    fn to_answer(&self, status: StatusCode) -> Answer {
        match serde_json::to_string(self) {
            Ok(body) => Answer::plain(status, body),
            Err(_) => Answer::plain(
                StatusCode::INTERNAL_SERVER_ERROR,
                AppError::Internal { meta: None }.body(),
            ),
        }
    }
}

#[derive(Serialize)]
struct Data<'a> {
    search_id: Option<&'a str>,
    correlation_id: &'a str,
    status: &'static str,
    errors: Vec<String>,
    /// Absent (not null) when the data is clean (docs/api.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    validation: Option<RawJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decision: Option<RawJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    degradation: Option<Degradation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    timing: Option<Timing>,
}

/// JSON text the engine wrote, written into the envelope as it is: not parsed or checked again
/// (the module's answer layout was checked, `protocol::EvaluateAnswer::read`). serde_json writes
/// text verbatim for the struct its own `RawValue` serialises as; `RawValue` itself can only be
/// made by parsing the text, which is the work this saves.
#[derive(Debug, Clone, Copy)]
struct RawJson<'a>(&'a str);

impl Serialize for RawJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        const TOKEN: &str = "$serde_json::private::RawValue";
        let mut raw = serializer.serialize_struct(TOKEN, 1)?;
        raw.serialize_field(TOKEN, self.0)?;
        raw.end()
    }
}

#[derive(Serialize)]
struct Degradation {
    xml_transformer: Component,
    compliance_engine: Component,
}

#[derive(Serialize)]
struct Component {
    status: &'static str,
    error: Option<String>,
}

#[derive(Serialize)]
struct Timing {
    xml_transformer_ms: f64,
    compliance_ms: f64,
    total_ms: f64,
}

impl Timing {
    fn new(xml_transformer_ms: f64, compliance_ms: f64, ctx: &RequestCtx) -> Self {
        Self {
            xml_transformer_ms,
            compliance_ms,
            total_ms: ctx.elapsed_ms(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The envelope carries the engine's text byte for byte, as serde_json's `RawValue` would.
    #[test]
    fn raw_json_is_written_verbatim() {
        let text = r#"{"b": [1, 2.50, "\u00e9"],"a":{}}"#;
        let raw = serde_json::value::RawValue::from_string(text.to_owned()).ok();
        assert_eq!(
            serde_json::to_string(&[RawJson(text)]).ok(),
            Some(format!("[{text}]"))
        );
        assert_eq!(
            serde_json::to_string(&[RawJson(text)]).ok(),
            serde_json::to_string(&[raw]).ok()
        );
    }

    #[test]
    fn probe_reads_search_id_only_from_well_formed_bodies() {
        assert_eq!(
            probe_search_id(br#"{"record":{"search_id":"S-1"}}"#).as_deref(),
            Some("S-1")
        );
        assert_eq!(probe_search_id(b"not json"), None);
    }
}
