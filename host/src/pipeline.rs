//! The `/evaluate` flow, shared by the HTTP route and `lookback evaluate`:
//! transform (stage 1) → tenant check → evaluate (stages 2-3) → response envelope.
//!
//! Stage failures follow DECISIONS §3: a failed transform is a 500 `failed` answer without a
//! decision; a failed evaluate after a good transform is a 206 `partial` answer whose decision is
//! the native fail-safe one (every charge to human review, citing `SYS_ENGINE_FAILURE`).
//! The engine's JSON is spliced, not re-parsed into trees: `record`, `decision` and `validation`
//! travel as raw JSON text.

use std::sync::Arc;
use std::time::Instant;

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::client_rules::Overlays;
use crate::context::{RequestCtx, round_ms};
use crate::engine::{CallError, EngineHost, Export, LoadedModule, RequestCalls};
use crate::error::{AppError, Meta, messages};

/// A finished answer: HTTP status and JSON body text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// HTTP status.
    pub status: StatusCode,
    /// JSON body.
    pub body: String,
}

/// What `lookback_transform` answers (docs/abi.md). Raw parts stay raw.
#[derive(Debug, Deserialize)]
pub struct TransformOutput<'a> {
    /// Whether the request was accepted.
    pub ok: bool,
    /// 400 or 422 when not ok.
    #[serde(default)]
    pub http_status: Option<u16>,
    /// Echo of `record.search_id`, if the body had one.
    #[serde(default)]
    pub search_id: Option<String>,
    /// `record.tenant_id`, if any.
    #[serde(default)]
    pub tenant_id: Option<String>,
    /// The normalised record, passed back to `lookback_evaluate` untouched.
    #[serde(default, borrow)]
    pub record: Option<&'a RawValue>,
    /// The mapped record (what `/transform-xml` returns).
    #[serde(default, borrow)]
    pub record_json: Option<&'a RawValue>,
    /// Main message when not ok.
    #[serde(default)]
    pub message: Option<String>,
    /// All 400 messages.
    #[serde(default)]
    pub errors: Option<Vec<serde_json::Value>>,
    /// `CASE_OFFENSE_COUNT_MISMATCH` on 422.
    #[serde(default)]
    pub error_code: Option<String>,
    /// Count details on 422.
    #[serde(default, borrow)]
    pub details: Option<&'a RawValue>,
}

impl<'a> TransformOutput<'a> {
    /// Parses the module's answer; anything unusable is an invalid-output failure. An accepted
    /// answer must carry the `record` unless it was kept in the instance (`with_record` false).
    pub fn parse(text: &'a str, with_record: bool) -> Result<Self, CallError> {
        let out: Self = serde_json::from_str(text)
            .map_err(|_| CallError::InvalidOutput("transform answer is not the expected JSON"))?;
        if out.ok && with_record && out.record.is_none() {
            return Err(CallError::InvalidOutput("transform answer has no record"));
        }
        Ok(out)
    }

    /// The 400 error for an `ok: false` answer that is not a 422.
    pub fn invalid_request(&self, ctx: &RequestCtx, module: &LoadedModule) -> AppError {
        let message = self
            .message
            .clone()
            .unwrap_or_else(|| "invalid request".to_owned());
        let errors = match &self.errors {
            Some(errors) if !errors.is_empty() => errors.clone(),
            _ => vec![serde_json::Value::String(message.clone())],
        };
        AppError::InvalidRequest {
            message,
            errors,
            meta: Meta::new(ctx, Some(module)),
        }
    }
}

/// What `lookback_evaluate` (and the native fail-safe) answers.
#[derive(Debug, Deserialize)]
struct EvaluateOutput<'a> {
    ok: bool,
    #[serde(default, borrow)]
    decision: Option<&'a RawValue>,
    #[serde(default, borrow)]
    validation: Option<&'a RawValue>,
    #[serde(default)]
    message: Option<String>,
}

impl<'a> EvaluateOutput<'a> {
    /// `(decision, validation)` of a good answer, or why it is not one.
    fn parse(text: &'a str) -> Result<(&'a RawValue, Option<&'a RawValue>), CallError> {
        let out: Self = serde_json::from_str(text)
            .map_err(|_| CallError::InvalidOutput("evaluate answer is not the expected JSON"))?;
        match (out.ok, out.decision) {
            (true, Some(decision)) => Ok((decision, out.validation.filter(|v| v.get() != "null"))),
            (true, None) => Err(CallError::InvalidOutput("evaluate answer has no decision")),
            (false, _) => Err(CallError::Refused(
                out.message.unwrap_or_else(|| "no decision".to_owned()),
            )),
        }
    }
}

/// The evaluate stage's input: `{"context": {"now", "correlation_id"[, "client_rules"]},
/// "record": <raw record>}`. `client_rules` is the tenant's overlay as JSON (see
/// [`Overlays`]), already validated at load.
pub fn evaluate_input(
    now: &str,
    correlation_id: &str,
    client_rules: Option<&str>,
    record: &RawValue,
) -> String {
    let context = context_json(now, correlation_id, client_rules);
    format!(r#"{{"context":{context},"record":{}}}"#, record.get())
}

/// The kept-record evaluate stage's input (`lookback_evaluate_kept`): the context alone.
pub fn context_input(now: &str, correlation_id: &str, client_rules: Option<&str>) -> String {
    format!(
        r#"{{"context":{}}}"#,
        context_json(now, correlation_id, client_rules)
    )
}

/// `{"now", "correlation_id"[, "client_rules"]}`.
fn context_json(now: &str, correlation_id: &str, client_rules: Option<&str>) -> String {
    let quote = |s: &str| serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_owned());
    let overlay = client_rules
        .map(|json| format!(r#","client_rules":{json}"#))
        .unwrap_or_default();
    format!(
        r#"{{"now":{},"correlation_id":{}{overlay}}}"#,
        quote(now),
        quote(correlation_id)
    )
}

/// The `/transform-xml` stage's input (docs/abi.md): a context line with `now`, then the raw body.
pub fn transform_xml_input(now: &str, body: &[u8]) -> Vec<u8> {
    let context = serde_json::json!({ "now": now }).to_string();
    let mut input = Vec::with_capacity(context.len() + 1 + body.len());
    input.extend_from_slice(context.as_bytes());
    input.push(b'\n');
    input.extend_from_slice(body);
    input
}

/// Now as RFC 3339 UTC with seconds precision, e.g. `2026-11-22T05:00:00Z` (the engine reads no
/// clock: the host passes the time in).
pub fn now_rfc3339() -> String {
    chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now())
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Who is asking: the token's tenant binding and the client-rules overlays to pick from.
#[derive(Debug, Clone, Copy)]
pub struct Tenancy<'a> {
    /// The tenant the token is bound to, if any.
    pub bound: Option<&'a str>,
    /// Every tenant's overlay (DECISIONS §7.5).
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
#[allow(
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

/// [`evaluate`]'s work, on the blocking thread: transform, tenant check, evaluate, envelope. With
/// a module that has the optional pair of docs/abi.md, the record stays in the instance between
/// the stages; without, it crosses as JSON (ABI v1).
#[allow(
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
    let transformed = transform_stage(calls, body);
    let transform_ms = ms_since(t0);
    let text = match transformed {
        Ok(text) => text,
        Err(error) => return Ok(transform_failed(module, ctx, body, &error, transform_ms)),
    };
    let out = match TransformOutput::parse(&text, !calls.keeps_record()) {
        Ok(out) => out,
        Err(error) => return Ok(transform_failed(module, ctx, body, &error, transform_ms)),
    };
    if !out.ok {
        return match out.http_status {
            Some(422) => Ok(validation_required(module, ctx, &out)),
            _ => Err(out.invalid_request(ctx, module)),
        };
    }
    if let (Some(bound), Some(requested)) = (tenant, out.tenant_id.as_deref())
        && bound != requested
    {
        return Err(AppError::Forbidden {
            message: messages::TENANT_MISMATCH,
            meta: Some(Meta::new(ctx, Some(module))),
        });
    }

    // The tenant's overlay travels with the request: the engine stays pure.
    let overlay = tenancy
        .overlays
        .for_tenant(tenant, out.tenant_id.as_deref());

    let t1 = Instant::now();
    let evaluated = evaluate_stage(calls, out.record, now, &ctx.correlation_id, overlay);
    let compliance_ms = ms_since(t1);
    let evaluated = evaluated
        .as_deref()
        .map_err(Clone::clone)
        .and_then(EvaluateOutput::parse);

    let search_id = out.search_id.as_deref();
    let envelope = match evaluated {
        Ok((decision, validation)) => Envelope {
            success: true,
            data: Data {
                search_id,
                correlation_id: &ctx.correlation_id,
                status: "success",
                errors: Vec::new(),
                validation,
                decision: Some(decision),
                degradation: None,
                timing: Some(Timing::new(transform_ms, compliance_ms, ctx)),
            },
            meta: Meta::new(ctx, Some(module)),
        }
        .to_answer(StatusCode::OK),
        Err(error) => {
            let reason = error.to_string();
            tracing::warn!(stage = "compliance", reason = %reason, "engine stage failed; answering with the fail-safe decision");
            // The fail-safe lists the record's charges. A kept record died with the failed
            // instance: the module's own stage 1 runs again, in a fresh one, to read it.
            let record_text = match out.record {
                Some(record) => Some(record.get().to_owned()),
                None => kept_record(calls, body),
            };
            let failsafe = record_text
                .map(|record| lookback_core::api::failsafe_evaluate(&record, now, &reason));
            let Some(Ok((decision, validation))) = failsafe.as_deref().map(EvaluateOutput::parse)
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
                    validation,
                    decision: Some(decision),
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

/// Stage 1 as requests run it: `lookback_transform_keep` when the module has the optional pair
/// (the record stays in the instance), else `lookback_transform`.
pub fn transform_stage(calls: &mut RequestCalls<'_>, body: &[u8]) -> Result<String, CallError> {
    let export = if calls.keeps_record() {
        Export::TransformKeep
    } else {
        Export::Transform
    };
    calls.call(export, body)
}

/// Stages 2-3 after [`transform_stage`] accepted: on the `record` it answered, or, when it kept
/// the record (`None`), on the kept one.
pub fn evaluate_stage(
    calls: &mut RequestCalls<'_>,
    record: Option<&RawValue>,
    now: &str,
    correlation_id: &str,
    client_rules: Option<&str>,
) -> Result<String, CallError> {
    match record {
        Some(record) => calls.call(
            Export::Evaluate,
            evaluate_input(now, correlation_id, client_rules, record).as_bytes(),
        ),
        None => calls.call(
            Export::EvaluateKept,
            context_input(now, correlation_id, client_rules).as_bytes(),
        ),
    }
}

/// The `record` of `lookback_transform` on `body`, for the fail-safe after a failed
/// `lookback_evaluate_kept` (the failed call ended its instance, so this runs in a fresh one).
fn kept_record(calls: &mut RequestCalls<'_>, body: &[u8]) -> Option<String> {
    let text = calls.call(Export::Transform, body).ok()?;
    let out = TransformOutput::parse(&text, true).ok()?;
    Some(out.record?.get().to_owned())
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

/// 422 `validation_required`: the count gate refused the `cases[]` mapping (SPEC "Count mismatch").
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
            Ok(body) => Answer { status, body },
            Err(_) => Answer {
                status: StatusCode::INTERNAL_SERVER_ERROR,
                body: AppError::Internal { meta: None }.body(),
            },
        }
    }
}

#[derive(Serialize)]
struct Data<'a> {
    search_id: Option<&'a str>,
    correlation_id: &'a str,
    status: &'static str,
    errors: Vec<String>,
    /// Absent (not null) when the data is clean (SPEC).
    #[serde(skip_serializing_if = "Option::is_none")]
    validation: Option<&'a RawValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decision: Option<&'a RawValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    degradation: Option<Degradation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    timing: Option<Timing>,
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
#[allow(clippy::unwrap_used, reason = "tests fail loudly")]
mod tests {
    use super::*;

    #[test]
    fn evaluate_input_splices_the_raw_record() {
        let record = RawValue::from_string(r#"{"a": [1, 2]}"#.to_owned()).unwrap();
        let input = evaluate_input("2026-01-01T00:00:00Z", "c-1", None, &record);
        assert_eq!(
            input,
            r#"{"context":{"now":"2026-01-01T00:00:00Z","correlation_id":"c-1"},"record":{"a": [1, 2]}}"#
        );
        let parsed: serde_json::Value = serde_json::from_str(&input).unwrap();
        assert_eq!(parsed["record"]["a"][1], 2);
        let with = evaluate_input(
            "2026-01-01T00:00:00Z",
            "c-1",
            Some(r#"{"always_review_felonies":true}"#),
            &record,
        );
        let parsed: serde_json::Value = serde_json::from_str(&with).unwrap();
        assert_eq!(
            parsed["context"]["client_rules"]["always_review_felonies"],
            true
        );
    }

    #[test]
    fn now_is_rfc3339_utc_seconds() {
        let now = now_rfc3339();
        assert_eq!(now.len(), 20, "{now}");
        assert!(now.ends_with('Z') && now.as_bytes()[10] == b'T');
    }

    #[test]
    fn evaluate_output_parsing() {
        let (d, v) = EvaluateOutput::parse(r#"{"ok":true,"decision":{"x":1}}"#).unwrap();
        assert_eq!(d.get(), r#"{"x":1}"#);
        assert!(v.is_none());
        let (_, v) =
            EvaluateOutput::parse(r#"{"ok":true,"decision":{},"validation":null}"#).unwrap();
        assert!(v.is_none());
        assert_eq!(
            EvaluateOutput::parse(r#"{"ok":false,"message":"boom"}"#)
                .unwrap_err()
                .to_string(),
            "boom"
        );
        assert!(matches!(
            EvaluateOutput::parse("nope"),
            Err(CallError::InvalidOutput(_))
        ));
        assert!(matches!(
            EvaluateOutput::parse(r#"{"ok":true}"#),
            Err(CallError::InvalidOutput(_))
        ));
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
