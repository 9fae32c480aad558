//! How a request's stages are called and composed: the one place that knows which exports run
//! stage 1 and stages 2-3, and how the record gets from one to the other (docs/abi.md).
//!
//! A module with the optional pair keeps stage 1's record in the instance
//! (`lookback_transform_keep`, then `lookback_evaluate_kept` with the context alone); a module
//! without it answers the record as JSON and gets it back spliced into the evaluate input (ABI v1:
//! `lookback_transform`, then `lookback_evaluate`). Callers (the server's `/evaluate` flow, the
//! self-test, the canary, the benchmarks) run [`transform`], read its answer with
//! [`read_transform`], then [`evaluate`], whichever pair the module has. The inputs themselves
//! are the engine's (`lookback_core::input`), re-exported here.

use serde::Deserialize;
use serde_json::value::RawValue;

pub use lookback_core::input::{
    StageContext, evaluate_input, evaluate_kept_input, transform_xml_input,
};

use crate::abi::Export;
use crate::limits::CallError;
use crate::runner::RequestCalls;

/// What stage 1 answers (docs/abi.md). Raw parts stay raw: the record is passed on untouched.
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
    /// The normalised record for stages 2-3; absent when the module kept it in the instance.
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
    /// Parses a stage-1 answer; anything unusable is an invalid-output failure. An accepted
    /// answer must carry the `record` unless it was kept in the instance (`with_record` false).
    pub fn parse(text: &'a str, with_record: bool) -> Result<Self, CallError> {
        let out: Self = serde_json::from_str(text)
            .map_err(|_| CallError::InvalidOutput("transform answer is not the expected JSON"))?;
        if out.ok && with_record && out.record.is_none() {
            return Err(CallError::InvalidOutput("transform answer has no record"));
        }
        Ok(out)
    }
}

/// A good stage 2-3 answer: the decision tree and the validation report (absent when clean).
#[derive(Debug, Clone, Copy)]
pub struct Evaluated<'a> {
    /// `decision`, raw.
    pub decision: &'a RawValue,
    /// `validation`, raw; `None` when the answer had none (or `null`).
    pub validation: Option<&'a RawValue>,
}

/// What stages 2-3 answer (and the engine's native fail-safe).
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

/// Reads a stage 2-3 answer: the decision of a good one, or why it is not one (the module's own
/// refusal, or output that is not the ABI's).
pub fn read_evaluate(text: &str) -> Result<Evaluated<'_>, CallError> {
    let out: EvaluateOutput<'_> = serde_json::from_str(text)
        .map_err(|_| CallError::InvalidOutput("evaluate answer is not the expected JSON"))?;
    match (out.ok, out.decision) {
        (true, Some(decision)) => Ok(Evaluated {
            decision,
            validation: out.validation.filter(|v| v.get() != "null"),
        }),
        (true, None) => Err(CallError::InvalidOutput("evaluate answer has no decision")),
        (false, _) => Err(CallError::Refused(
            out.message.unwrap_or_else(|| "no decision".to_owned()),
        )),
    }
}

/// Stage 1 on a request body, as requests run it: the record stays in the instance when the
/// module can keep it.
pub fn transform(calls: &mut RequestCalls<'_>, body: &[u8]) -> Result<String, CallError> {
    let export = if calls.keeps_record() {
        Export::TransformKeep
    } else {
        Export::Transform
    };
    calls.call(export, body)
}

/// Reads [`transform`]'s answer: an accepted one carries the record unless the module kept it.
pub fn read_transform<'t>(
    calls: &RequestCalls<'_>,
    text: &'t str,
) -> Result<TransformOutput<'t>, CallError> {
    TransformOutput::parse(text, !calls.keeps_record())
}

/// Stages 2-3 after [`transform`] accepted: on the `record` it answered, or, when the module
/// kept the record (`None`), on the kept one.
pub fn evaluate(
    calls: &mut RequestCalls<'_>,
    record: Option<&RawValue>,
    context: &StageContext<'_>,
) -> Result<String, CallError> {
    match record {
        Some(record) => calls.call(
            Export::Evaluate,
            evaluate_input(context, record.get()).as_bytes(),
        ),
        None => calls.call(
            Export::EvaluateKept,
            evaluate_kept_input(context).as_bytes(),
        ),
    }
}

/// The record stages 2-3 failed on, as JSON, for the native fail-safe decision: the one stage 1
/// answered, or, when it kept the record (`record` None), stage 1 of ABI v1 run again (the failed
/// call ended its instance and the kept record with it; this runs in a fresh one).
pub fn failed_record(
    calls: &mut RequestCalls<'_>,
    record: Option<&RawValue>,
    body: &[u8],
) -> Option<String> {
    if let Some(record) = record {
        return Some(record.get().to_owned());
    }
    let text = v1::transform(calls, body).ok()?;
    let out = TransformOutput::parse(&text, true).ok()?;
    Some(out.record?.get().to_owned())
}

/// `/transform-xml`: stage 1 alone on a vendor document, as of `now` (its date part is the day
/// two-digit years pivot on).
pub fn transform_xml(
    calls: &mut RequestCalls<'_>,
    now: &str,
    body: &[u8],
) -> Result<String, CallError> {
    calls.call(Export::TransformXml, &transform_xml_input(now, body))
}

/// `/complianceEngine/identity-match` on a request body.
pub fn identity_match(calls: &mut RequestCalls<'_>, body: &[u8]) -> Result<String, CallError> {
    calls.call(Export::IdentityMatch, body)
}

/// The ABI v1 pair alone, whatever the module also has: the self-test checks that a module
/// keeping the record answers exactly as this pair does.
pub mod v1 {
    use super::*;

    /// `lookback_transform`: the record comes back as JSON.
    pub fn transform(calls: &mut RequestCalls<'_>, body: &[u8]) -> Result<String, CallError> {
        calls.call(Export::Transform, body)
    }

    /// `lookback_evaluate` on a record `lookback_transform` answered.
    pub fn evaluate(
        calls: &mut RequestCalls<'_>,
        record: &RawValue,
        context: &StageContext<'_>,
    ) -> Result<String, CallError> {
        calls.call(
            Export::Evaluate,
            evaluate_input(context, record.get()).as_bytes(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stage_answers_are_read_or_refused() {
        let ok = read_evaluate(r#"{"ok":true,"decision":{"x":1}}"#);
        assert!(ok.is_ok_and(|e| e.decision.get() == r#"{"x":1}"# && e.validation.is_none()));
        let null = read_evaluate(r#"{"ok":true,"decision":{},"validation":null}"#);
        assert!(null.is_ok_and(|e| e.validation.is_none()));
        assert_eq!(
            read_evaluate(r#"{"ok":false,"message":"boom"}"#).map(|_| ()),
            Err(CallError::Refused("boom".into()))
        );
        assert!(matches!(
            read_evaluate("nope"),
            Err(CallError::InvalidOutput(_))
        ));
        assert!(matches!(
            read_evaluate(r#"{"ok":true}"#),
            Err(CallError::InvalidOutput(_))
        ));
        assert!(matches!(
            TransformOutput::parse(r#"{"ok":true}"#, true),
            Err(CallError::InvalidOutput(_))
        ));
        assert!(TransformOutput::parse(r#"{"ok":true}"#, false).is_ok());
    }
}
