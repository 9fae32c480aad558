//! The JSON-in/JSON-out surface of the engine (docs/abi.md). `abi.rs` exports exactly these
//! functions to wasm; natively they serve tests, benchmarks, fuzzing and the host's fail-safe.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::model::{Decision, Search, Validation};
use crate::parse::{self, Transformed};
use crate::pipeline::{self, Context};
use crate::rollup;
use crate::rules::catalog::RULES_VERSION;

/// ABI version of docs/abi.md.
pub const ABI_VERSION: u32 = 1;
/// Build flavour: `release` for the shipped module; test-only builds name their feature, so a
/// host can never mistake one for the other.
pub const BUILD: &str = if cfg!(feature = "test-faults") {
    "test-faults"
} else if cfg!(feature = "rules-next") {
    "test-rules-next"
} else {
    "release"
};

/// The engine's own version: the crate version, suffixed with the flavour of a test-only build so
/// that the host's registry (keyed by engine version, DECISIONS §9) can hold them side by side.
pub const ENGINE_VERSION: &str = if cfg!(feature = "test-faults") {
    concat!(env!("CARGO_PKG_VERSION"), "-test-faults")
} else if cfg!(feature = "rules-next") {
    concat!(env!("CARGO_PKG_VERSION"), "-rules-next")
} else {
    env!("CARGO_PKG_VERSION")
};

/// `lookback_info`.
pub fn info() -> String {
    json!({"abi": ABI_VERSION, "engine_version": ENGINE_VERSION, "rules_version": RULES_VERSION,
           "build": BUILD, "rule_count": crate::rules::all_rules().len(),
           "preinitialized": crate::warm::is_warm()})
    .to_string()
}

/// `lookback_transform`: stage 1 on a raw `/evaluate` request body.
pub fn transform(body: &[u8]) -> String {
    transform_output(parse::transform(body))
}

/// `lookback_transform_xml`: stage 1 alone for `/transform-xml`. The input is one line of context
/// JSON, `{"now": "<RFC 3339>"}`, then `\n`, then the raw request body (framed, not wrapped: the
/// body may not even be JSON, and the engine reports that itself). Same output as [`transform`].
pub fn transform_xml(input: &[u8]) -> String {
    let (context, body) = match input.iter().position(|b| *b == b'\n') {
        Some(at) => (&input[..at], &input[at + 1..]),
        None => (input, &[][..]),
    };
    let now = match serde_json::from_slice::<TransformXmlContext>(context) {
        Ok(c) => c.now,
        Err(e) => {
            return json!({"ok": false, "message": format!("invalid transform_xml context: {e}")})
                .to_string();
        }
    };
    // `now` is RFC 3339; its date part is the day the host's clock reads.
    let today = now.get(..10).unwrap_or_default();
    transform_output(parse::transform_xml(body, today))
}

#[derive(Deserialize)]
struct TransformXmlContext {
    now: String,
}

/// `lookback_transform_keep`: stage 1 as [`transform`], but an accepted record stays in this
/// instance for [`evaluate_kept`] instead of crossing the boundary twice as JSON (written here,
/// read back by [`evaluate`]: a fifth of both stages' work). The accepted answer carries no
/// `record` and no `record_json`; refusals are [`transform`]'s, byte for byte.
pub fn transform_keep(body: &[u8]) -> String {
    KEPT.with_borrow_mut(Option::take);
    match parse::transform_for_evaluate(body) {
        Transformed::Ok { search, .. } => {
            crate::faults::on_transform(&search.search_id);
            if let Some(garbage) = crate::faults::garbage(&search.search_id, "transform") {
                return garbage;
            }
            let answer = to_json(&TransformKept {
                ok: true,
                search_id: &search.search_id,
                tenant_id: search.tenant_id.as_deref(),
            });
            KEPT.set(Some(search));
            answer
        }
        refused => transform_output(refused),
    }
}

/// `lookback_evaluate_kept`: stages 2-3 as [`evaluate`], on the record [`transform_keep`] kept in
/// this instance. The input is [`evaluate`]'s without `record`: `{"context": {...}}`.
pub fn evaluate_kept(input: &[u8]) -> String {
    let Some(search) = KEPT.with_borrow_mut(Option::take) else {
        return json!({"ok": false, "message": "no record kept: lookback_transform_keep first"})
            .to_string();
    };
    let context = std::str::from_utf8(input)
        .map_err(|e| format!("invalid evaluate input: {e}"))
        .and_then(|text| {
            serde_json::from_str::<KeptInput>(text)
                .map_err(|e| format!("invalid evaluate input: {e}"))
        });
    evaluate_output(context.map(|c| (c.context, *search)))
}

thread_local! {
    /// The record [`transform_keep`] accepted, until [`evaluate_kept`] takes it. In the wasm
    /// module, instance state that dies with the instance; natively, one per thread.
    static KEPT: std::cell::RefCell<Option<Box<Search>>> = const { std::cell::RefCell::new(None) };
}

#[derive(Serialize)]
struct TransformKept<'a> {
    ok: bool,
    search_id: &'a str,
    tenant_id: Option<&'a str>,
}

#[derive(Deserialize)]
struct KeptInput {
    context: Context,
}

/// A stage-1 result as the host reads it (docs/abi.md).
fn transform_output(transformed: Transformed) -> String {
    let out = match transformed {
        Transformed::Ok {
            search,
            record_json,
        } => {
            crate::faults::on_transform(&search.search_id);
            if let Some(garbage) = crate::faults::garbage(&search.search_id, "transform") {
                return garbage;
            }
            // Written straight to text: a `json!` tree of the whole record cost half the stage.
            return to_json(&TransformAccepted {
                ok: true,
                search_id: &search.search_id,
                tenant_id: search.tenant_id.as_deref(),
                record: &search,
                record_json: &record_json,
            });
        }
        Transformed::Invalid {
            search_id,
            messages,
        } => json!({
            "ok": false, "http_status": 400, "search_id": search_id,
            "message": messages.first().cloned().unwrap_or_default(), "errors": messages,
        }),
        Transformed::CountMismatch { search_id, details } => json!({
            "ok": false, "http_status": 422, "search_id": search_id,
            "error_code": "CASE_OFFENSE_COUNT_MISMATCH", "message": details.message(), "details": details,
        }),
    };
    out.to_string()
}

/// An accepted stage-1 result, in the member order of docs/abi.md.
#[derive(Serialize)]
struct TransformAccepted<'a> {
    ok: bool,
    search_id: &'a str,
    tenant_id: Option<&'a str>,
    record: &'a Search,
    record_json: &'a Value,
}

#[derive(Deserialize)]
struct EvaluateInput {
    context: Context,
    record: Search,
}

#[derive(Serialize)]
struct EvaluateOutput {
    ok: bool,
    decision: Decision,
    #[serde(skip_serializing_if = "Option::is_none")]
    validation: Option<Validation>,
}

/// `lookback_evaluate`: stages 2-3 and rollup on a transformed record.
pub fn evaluate(input: &[u8]) -> String {
    // Checked as UTF-8 once, then read as text: from bytes, serde_json validates every string.
    let input = std::str::from_utf8(input)
        .map_err(|e| format!("invalid evaluate input: {e}"))
        .and_then(|text| {
            serde_json::from_str::<EvaluateInput>(text)
                .map_err(|e| format!("invalid evaluate input: {e}"))
        });
    evaluate_output(input.map(|input| (input.context, input.record)))
}

/// Stages 2-3 on a record and its context, or the input's error, as [`evaluate`] answers.
fn evaluate_output(input: Result<(Context, Search), String>) -> String {
    if let Ok((_, record)) = &input
        && let Some(garbage) = crate::faults::garbage(&record.search_id, "evaluate")
    {
        return garbage;
    }
    let result = input.and_then(|(context, record)| {
        crate::faults::on_evaluate(&record.search_id);
        pipeline::evaluate(&record, &context)
    });
    match result {
        Ok(evaluation) => {
            let (decision, validation) =
                rollup::client_facing(evaluation.decision, &evaluation.issues);
            to_json(&EvaluateOutput {
                ok: true,
                decision,
                validation,
            })
        }
        Err(message) => json!({"ok": false, "message": message}).to_string(),
    }
}

/// The host's fail-safe (DECISIONS §3), same output shape as [`evaluate`]. `record` is the
/// `record` member of a transform output.
pub fn failsafe_evaluate(record: &str, now: &str, reason: &str) -> String {
    match serde_json::from_str::<Search>(record) {
        Ok(search) => {
            let decision = crate::failsafe::decision(&search, now, reason);
            let (decision, validation) = rollup::client_facing(decision, &search.issues);
            to_json(&EvaluateOutput {
                ok: true,
                decision,
                validation,
            })
        }
        Err(e) => json!({"ok": false, "message": format!("invalid record: {e}")}).to_string(),
    }
}

/// `lookback_identity_match`.
pub fn identity_match(body: &[u8]) -> String {
    let (status, body) = crate::identity::identity_match_endpoint(body);
    let body: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    json!({"http_status": status, "body": body}).to_string()
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| {
        json!({"ok": false, "message": format!("serialisation failed: {e}")}).to_string()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The accepted answer as the `json!` tree rendered it before it was written directly.
    fn tree_rendering(body: &[u8]) -> Option<String> {
        match parse::transform(body) {
            Transformed::Ok {
                search,
                record_json,
            } => Some(
                json!({"ok": true, "search_id": search.search_id, "tenant_id": search.tenant_id,
                       "record": search, "record_json": record_json})
                .to_string(),
            ),
            _ => None,
        }
    }

    #[test]
    fn accepted_transform_text_is_unchanged_byte_for_byte() -> Result<(), Box<dyn std::error::Error>>
    {
        let mut bodies = vec![include_bytes!("../fixtures/ten-charges.json").to_vec()];
        for entry in std::fs::read_dir("../tests/corpus")? {
            let case: Value = serde_json::from_slice(&std::fs::read(entry?.path())?)?;
            if let Some(request) = case.get("request") {
                bodies.push(serde_json::to_vec(request)?);
            }
        }
        let mut accepted = 0;
        for body in &bodies {
            if let Some(expected) = tree_rendering(body) {
                let text = transform(body);
                assert_eq!(text, expected);
                // The request's own record_json comes back as sent.
                let (sent, answered): (Value, Value) =
                    (serde_json::from_slice(body)?, serde_json::from_str(&text)?);
                if sent["record"]["xml"].is_null() {
                    assert_eq!(answered["record_json"], sent["record"]["record_json"]);
                }
                accepted += 1;
            }
        }
        assert!(accepted > 20, "only {accepted} accepted bodies");
        Ok(())
    }

    /// Every corpus body and the vendor XML samples: stage 1 with the record kept, then stages 2-3
    /// on it, answer exactly what the ABI v1 pair answers (refusals too), and a kept record is
    /// used once.
    #[test]
    fn kept_record_path_answers_as_the_v1_pair() -> Result<(), Box<dyn std::error::Error>> {
        let mut cases = Vec::new();
        for entry in std::fs::read_dir("../tests/corpus")? {
            let case: Value = serde_json::from_slice(&std::fs::read(entry?.path())?)?;
            let client_rules = case.get("client_rules").cloned().unwrap_or(Value::Null);
            cases.push((serde_json::to_vec(&case["request"])?, client_rules));
        }
        for entry in std::fs::read_dir("../tests/fixtures/xml")? {
            let path = entry?.path();
            if path.extension().is_none_or(|x| x != "xml") {
                continue;
            }
            let xml = String::from_utf8_lossy(&std::fs::read(path)?).into_owned();
            let body = json!({"record": {"search_id": "S-X", "search_date": "2025-11-06",
                "order_id": "O", "order_number": "O.1", "xml": xml}});
            cases.push((serde_json::to_vec(&body)?, Value::Null));
        }
        let mut decided = 0;
        for (body, client_rules) in &cases {
            let context = json!({"now": "2025-11-06T12:00:00Z", "correlation_id": "c-1",
                                 "client_rules": client_rules});
            let v1 = transform(body);
            let kept = transform_keep(body);
            let v1_out: Value = serde_json::from_str(&v1)?;
            if v1_out["ok"] != true {
                assert_eq!(kept, v1);
                continue;
            }
            let kept_out: Value = serde_json::from_str(&kept)?;
            assert_eq!(
                kept_out,
                json!({"ok": true, "search_id": v1_out["search_id"],
                                        "tenant_id": v1_out["tenant_id"]})
            );
            let v1_decision = evaluate(
                json!({"context": context, "record": v1_out["record"]})
                    .to_string()
                    .as_bytes(),
            );
            let kept_input = json!({"context": context}).to_string();
            assert_eq!(evaluate_kept(kept_input.as_bytes()), v1_decision);
            assert!(evaluate_kept(kept_input.as_bytes()).contains("no record kept"));
            decided += 1;
        }
        assert!(decided > 20, "only {decided} bodies decided");
        Ok(())
    }
}
