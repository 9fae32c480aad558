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

pub use lookback_core::api::AnswerSpans;
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

/// A good stage 2-3 answer: the decision tree and the validation report (absent when clean),
/// each as its JSON text, to be spliced into a response as it is.
#[derive(Debug, Clone, Copy)]
pub struct Evaluated<'a> {
    /// `decision`, raw.
    pub decision: &'a str,
    /// `validation`, raw; `None` when the answer had none (or `null`).
    pub validation: Option<&'a str>,
}

/// A stages 2-3 answer and, when the module says (`lookback_answer_spans`), where its parts lie.
#[derive(Debug, Clone)]
pub struct EvaluateAnswer {
    /// The answer text.
    pub text: String,
    /// Where `decision` and `validation` lie in `text`, as the module said.
    pub spans: Option<AnswerSpans>,
}

impl EvaluateAnswer {
    /// The answer's parts: taken at the module's spans when they fit the answer's layout
    /// (`{"ok":true,"decision":D}` or `{"ok":true,"decision":D,"validation":V}`, D and V objects),
    /// without reading the decision again; otherwise by parsing the answer ([`read_evaluate`]).
    pub fn read(&self) -> Result<Evaluated<'_>, CallError> {
        match self.spans.and_then(|spans| spliced(&self.text, spans)) {
            Some(parts) => Ok(parts),
            None => read_evaluate(&self.text),
        }
    }

    /// Whether the module's spans, if it gave any, name exactly what parsing the answer finds
    /// (the self-test demands it of every module before it serves).
    pub fn check_spans(&self) -> Result<(), &'static str> {
        let Some(spans) = self.spans else {
            return Ok(());
        };
        let parsed = read_evaluate(&self.text).ok();
        let parsed = parsed.map(|e| (e.decision, e.validation));
        match spliced(&self.text, spans) {
            Some(e) if Some((e.decision, e.validation)) == parsed => Ok(()),
            None if parsed.is_none() && spans == AnswerSpans::default() => Ok(()),
            _ => Err("lookback_answer_spans does not match the answer"),
        }
    }
}

/// The parts `spans` name, if the answer around them is exactly the accepted layout.
fn spliced(text: &str, spans: AnswerSpans) -> Option<Evaluated<'_>> {
    const HEAD: &str = r#"{"ok":true,"decision":"#;
    const VALIDATION: &str = r#","validation":"#;
    let object = |(start, end): (u32, u32)| {
        let part = text.get(start as usize..end as usize)?;
        (part.len() >= 2 && part.starts_with('{') && part.ends_with('}')).then_some(part)
    };
    let (start, end) = spans.decision;
    if start as usize != HEAD.len() || !text.starts_with(HEAD) {
        return None;
    }
    let decision = object(spans.decision)?;
    let rest = text.get(end as usize..)?;
    if spans.validation == (0, 0) {
        return (rest == "}").then_some(Evaluated {
            decision,
            validation: None,
        });
    }
    let validation = object(spans.validation)?;
    let layout = rest.strip_prefix(VALIDATION)?.strip_suffix('}')?;
    (layout.len() == validation.len()
        && spans.validation.0 as usize == end as usize + VALIDATION.len())
    .then_some(Evaluated {
        decision,
        validation: Some(validation),
    })
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
            decision: decision.get(),
            validation: out.validation.map(RawValue::get).filter(|v| *v != "null"),
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

/// What of the record stage 1 kept a charge dictionary can match (`lookback_charge_keys`), when
/// the module says: `None` when it cannot (no such export, or no record kept).
pub fn charge_keys(
    calls: &mut RequestCalls<'_>,
) -> Option<Result<lookback_core::dictionary::ChargeKeys, CallError>> {
    if !calls.keeps_record() || !calls.module().answers_charge_keys() {
        return None;
    }
    #[derive(Deserialize)]
    struct Answer {
        ok: bool,
        #[serde(flatten)]
        keys: lookback_core::dictionary::ChargeKeys,
    }
    let keys = calls.call(Export::ChargeKeys, &[]).and_then(|text| {
        match serde_json::from_str::<Answer>(&text) {
            Ok(Answer { ok: true, keys }) => Ok(keys),
            _ => Err(CallError::InvalidOutput(
                "charge keys answer is not the expected JSON",
            )),
        }
    });
    Some(keys)
}

/// Reads [`transform`]'s answer: an accepted one carries the record unless the module kept it.
pub fn read_transform<'t>(
    calls: &RequestCalls<'_>,
    text: &'t str,
) -> Result<TransformOutput<'t>, CallError> {
    TransformOutput::parse(text, !calls.keeps_record())
}

/// [`evaluate`], with where the answer's parts lie when the module says ([`EvaluateAnswer`]).
pub fn evaluate_answer(
    calls: &mut RequestCalls<'_>,
    record: Option<&RawValue>,
    context: &StageContext<'_>,
) -> Result<EvaluateAnswer, CallError> {
    let text = evaluate(calls, record, context)?;
    let spans = calls.answer_spans();
    Ok(EvaluateAnswer { text, spans })
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
        assert!(ok.is_ok_and(|e| e.decision == r#"{"x":1}"# && e.validation.is_none()));
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

    /// Spans that fit the answer's layout are taken as they are; any that do not (or a refusal)
    /// send the answer to the parser, which reads it as before.
    #[test]
    fn answers_are_spliced_at_spans_that_fit_and_parsed_otherwise() {
        let spans = |decision, validation| AnswerSpans {
            decision,
            validation,
        };
        let both = r#"{"ok":true,"decision":{"a":"}"},"validation":{"b":[]}}"#;
        let alone = r#"{"ok":true,"decision":{"x":1}}"#;
        let fits = spliced(both, spans((22, 31), (45, 53)));
        assert!(
            fits.is_some_and(
                |e| e.decision == r#"{"a":"}"}"# && e.validation == Some(r#"{"b":[]}"#)
            )
        );
        assert!(spliced(alone, spans((22, 29), (0, 0))).is_some_and(|e| e.validation.is_none()));
        assert!(spliced(alone, spans((22, 28), (0, 0))).is_none());
        for (decision, validation) in [
            ((22, 30), (45, 53)),
            ((21, 31), (45, 53)),
            ((22, 31), (44, 53)),
            ((22, 31), (45, 52)),
            ((22, 31), (0, 0)),
            ((22, 31), (45, 900)),
        ] {
            let wrong = spans(decision, validation);
            assert!(spliced(both, wrong).is_none(), "{wrong:?}");
            // Parsed instead, and read right.
            let answer = EvaluateAnswer {
                text: both.to_owned(),
                spans: Some(wrong),
            };
            assert!(answer.read().is_ok_and(|e| e.decision == r#"{"a":"}"}"#));
            assert!(answer.check_spans().is_err());
        }
        let refused = EvaluateAnswer {
            text: r#"{"ok":false,"message":"m"}"#.to_owned(),
            spans: Some(AnswerSpans::default()),
        };
        assert!(refused.check_spans().is_ok());
        assert_eq!(
            refused.read().map(|_| ()),
            Err(CallError::Refused("m".into()))
        );
    }
}
