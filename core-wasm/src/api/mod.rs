//! The JSON-in/JSON-out surface of the engine (docs/abi.md). `abi.rs` exports exactly these
//! functions to wasm; natively they serve tests, benchmarks, fuzzing and the host's fail-safe.

use std::ops::Range;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::decision::Decision;
use crate::dictionary::Dictionary;
use crate::model::{Search, Validation};
use crate::parse::{self, Transformed};
use crate::pipeline::{self, Context};
use crate::rollup;
use crate::rules::registry::RULES_VERSION;
use crate::writer::Writer;

#[cfg(target_arch = "wasm32")]
mod abi;
mod failsafe;
mod faults;
#[cfg(test)]
mod tests_dictionary;
#[cfg(test)]
mod tests_dictionary_law;
pub mod warm;

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
/// that the host's registry (keyed by engine version, docs/decisions.md §9) can hold them side by side.
pub const ENGINE_VERSION: &str = if cfg!(feature = "test-faults") {
    concat!(env!("CARGO_PKG_VERSION"), "-test-faults")
} else if cfg!(feature = "rules-next") {
    concat!(env!("CARGO_PKG_VERSION"), "-rules-next")
} else {
    env!("CARGO_PKG_VERSION")
};

/// `lookback_info`.
pub fn info() -> String {
    to_json(
        &json!({"abi": ABI_VERSION, "engine_version": ENGINE_VERSION, "rules_version": RULES_VERSION,
                "build": BUILD, "rule_count": crate::rules::all_rules().len(),
                "preinitialized": warm::is_warm(),
                "charge_dictionary": crate::dictionary::FORMAT}),
    )
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
            return to_json(
                &json!({"ok": false, "message": format!("invalid transform_xml context: {e}")}),
            );
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
            faults::on_transform(&search.search_id);
            if let Some(garbage) = faults::garbage(&search.search_id, "transform") {
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
    SPANS.set(AnswerSpans::default());
    let Some(search) = KEPT.with_borrow_mut(Option::take) else {
        return to_json(
            &json!({"ok": false, "message": "no record kept: lookback_transform_keep first"}),
        );
    };
    let context = std::str::from_utf8(input)
        .map_err(|e| format!("invalid evaluate input: {e}"))
        .and_then(|text| {
            serde_json::from_str::<KeptInput>(text)
                .map_err(|e| format!("invalid evaluate input: {e}"))
        });
    evaluate_output(context.map(|c| (c.context, *search)))
}

/// `lookback_charge_keys` (optional, docs/abi.md): what of the record [`transform_keep`] kept a
/// charge dictionary can match (`dictionary::ChargeKeys`), leaving the record kept; a host sends
/// stages 2-3 only the entries that read it.
pub fn charge_keys() -> String {
    KEPT.with_borrow(|kept| match kept {
        Some(search) => {
            let keys = crate::dictionary::ChargeKeys::of(search);
            to_json(&ChargeKeysAnswer {
                ok: true,
                charges: &keys.charges,
                dispositions: &keys.dispositions,
            })
        }
        None => to_json(
            &json!({"ok": false, "message": "no record kept: lookback_transform_keep first"}),
        ),
    })
}

/// `{"ok": true, "charges": [...], "dispositions": [...]}` (`dictionary::ChargeKeys` beside `ok`).
#[derive(Serialize)]
struct ChargeKeysAnswer<'a> {
    ok: bool,
    charges: &'a [(String, Option<String>, Option<String>)],
    dispositions: &'a [(String, Option<String>)],
}

thread_local! {
    /// The record [`transform_keep`] accepted, until [`evaluate_kept`] takes it. In the wasm
    /// module, instance state that dies with the instance; natively, one per thread.
    static KEPT: std::cell::RefCell<Option<Box<Search>>> = const { std::cell::RefCell::new(None) };
    /// Where the parts of the last stages 2-3 answer lie ([`answer_spans`]).
    static SPANS: std::cell::Cell<AnswerSpans> = const { std::cell::Cell::new(AnswerSpans::NONE) };
}

/// Where `decision` and `validation` lie in a stages 2-3 answer, as byte ranges `[start, end)`;
/// `(0, 0)` for a part the answer does not have (a refusal has neither).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AnswerSpans {
    pub decision: (u32, u32),
    pub validation: (u32, u32),
}

impl AnswerSpans {
    const NONE: AnswerSpans = AnswerSpans {
        decision: (0, 0),
        validation: (0, 0),
    };

    /// As the ABI hands them over: decision start and end, validation start and end.
    pub fn to_array(self) -> [u32; 4] {
        [
            self.decision.0,
            self.decision.1,
            self.validation.0,
            self.validation.1,
        ]
    }
}

/// `lookback_answer_spans`: where `decision` and `validation` lie in the last stages 2-3 answer
/// written here ([`evaluate`], [`evaluate_kept`], [`failsafe_evaluate`]), so the host can splice
/// them into its envelope without parsing the answer again (docs/abi.md).
pub fn answer_spans() -> AnswerSpans {
    SPANS.get()
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
            faults::on_transform(&search.search_id);
            if let Some(garbage) = faults::garbage(&search.search_id, "transform") {
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
    to_json(&out)
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
struct EvaluateOutput<'s, 'i> {
    ok: bool,
    decision: Decision<'s>,
    #[serde(skip_serializing_if = "Option::is_none")]
    validation: Option<Validation<'i>>,
}

/// `lookback_evaluate`: stages 2-3 and rollup on a transformed record.
pub fn evaluate(input: &[u8]) -> String {
    SPANS.set(AnswerSpans::default());
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
    let (mut context, mut record) = match input {
        Ok(input) => input,
        Err(message) => return to_json(&json!({"ok": false, "message": message})),
    };
    // Stage 1's reading corrected by the tenant's dictionary, before any rule reads it. A
    // dictionary the host should have refused is an error, as an overlay is: dropping it would
    // decide on readings the tenant corrected.
    if let Some(input) = context.charge_dictionary.take() {
        match Dictionary::new(input, false) {
            Ok(dictionary) => {
                crate::dictionary::apply(&dictionary, &mut record);
            }
            Err(e) => {
                return to_json(
                    &json!({"ok": false, "message": format!("charge_dictionary: {e}")}),
                );
            }
        }
    }
    if let Some(garbage) = faults::garbage(&record.search_id, "evaluate") {
        return garbage;
    }
    faults::on_evaluate(&record.search_id);
    match pipeline::evaluate(&record, &context) {
        Ok(evaluation) => {
            let (decision, validation) =
                rollup::client_facing(evaluation.decision, &evaluation.issues);
            decision_answer(decision, validation)
        }
        Err(message) => to_json(&json!({"ok": false, "message": message})),
    }
}

/// An accepted stages 2-3 answer, written into a buffer sized for its charges (about 1.2 KB
/// each); where its parts lie is kept for [`answer_spans`].
fn decision_answer(decision: Decision, validation: Option<Validation<'_>>) -> String {
    let charges: usize = (decision.court_decisions.iter())
        .flat_map(|court| &court.case_decisions)
        .map(|case| case.offenses.len())
        .sum();
    let answer = EvaluateOutput {
        ok: true,
        decision,
        validation,
    };
    match crate::writer::to_string_by(&answer, 2048 + 1280 * charges, EvaluateOutput::write_json) {
        Ok((text, parts)) => {
            let span = |range: Range<usize>| {
                Some((
                    u32::try_from(range.start).ok()?,
                    u32::try_from(range.end).ok()?,
                ))
            };
            if let Some((decision, validation)) = parts
                && let Some(decision) = span(decision)
            {
                let validation = validation.and_then(span).unwrap_or_default();
                SPANS.set(AnswerSpans {
                    decision,
                    validation,
                });
            }
            text
        }
        Err(_) => to_json_sized(&answer, 0),
    }
}

impl EvaluateOutput<'_, '_> {
    /// As its `Serialize` writes it, the decision tree by its own writer; where `decision` and
    /// `validation` (when there is one) lie.
    fn write_json(
        &self,
        w: &mut Writer,
    ) -> Result<(Range<usize>, Option<Range<usize>>), serde_json::Error> {
        let EvaluateOutput {
            ok,
            decision,
            validation,
        } = self;
        w.raw("{\"ok\":");
        w.bool(*ok);
        w.raw(",\"decision\":");
        let start = w.len();
        decision.write_json(w)?;
        let decision = start..w.len();
        let validation = match validation {
            Some(validation) => {
                w.raw(",\"validation\":");
                let start = w.len();
                w.serde(validation)?;
                Some(start..w.len())
            }
            None => None,
        };
        w.raw("}");
        Ok((decision, validation))
    }
}

/// The host's fail-safe (docs/decisions.md §3), same output shape as [`evaluate`]. `record` is the
/// `record` member of a transform output.
pub fn failsafe_evaluate(record: &str, now: &str, reason: &str) -> String {
    SPANS.set(AnswerSpans::default());
    match serde_json::from_str::<Search>(record) {
        Ok(search) => {
            let decision = failsafe::decision(&search, now, reason);
            let (decision, validation) = rollup::client_facing(decision, &search.issues);
            decision_answer(decision, validation)
        }
        Err(e) => to_json(&json!({"ok": false, "message": format!("invalid record: {e}")})),
    }
}

/// `lookback_identity_match`.
pub fn identity_match(body: &[u8]) -> String {
    let (status, body) = crate::identity::identity_match_endpoint(body);
    let body: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    to_json(&json!({"http_status": status, "body": body}))
}

/// Every answer is written here (`crate::writer`: serde_json's bytes, faster).
fn to_json<T: Serialize>(value: &T) -> String {
    to_json_sized(value, 256)
}

/// [`to_json`] into a buffer of `capacity` bytes to begin with.
fn to_json_sized<T: Serialize>(value: &T, capacity: usize) -> String {
    crate::writer::to_string(value, capacity).unwrap_or_else(|e| {
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
    fn accepted_transform_text_is_unchanged_byte_for_byte() -> TestResult {
        let mut bodies = vec![include_bytes!("../../fixtures/ten-charges.json").to_vec()];
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

    type TestResult<T = ()> = Result<T, Box<dyn std::error::Error>>;

    /// The vendor XML samples' documents.
    fn xml_samples() -> TestResult<Vec<String>> {
        let mut samples = Vec::new();
        for entry in std::fs::read_dir("../tests/fixtures/xml")? {
            let path = entry?.path();
            if path.extension().is_some_and(|x| x == "xml") {
                samples.push(String::from_utf8_lossy(&std::fs::read(path)?).into_owned());
            }
        }
        Ok(samples)
    }

    /// Every corpus request body with its client rules (null for none), then a request for each
    /// vendor XML sample.
    fn corpus_and_xml_bodies() -> TestResult<Vec<(Vec<u8>, Value)>> {
        let mut cases = Vec::new();
        for entry in std::fs::read_dir("../tests/corpus")? {
            let case: Value = serde_json::from_slice(&std::fs::read(entry?.path())?)?;
            let client_rules = case.get("client_rules").cloned().unwrap_or(Value::Null);
            cases.push((serde_json::to_vec(&case["request"])?, client_rules));
        }
        for xml in xml_samples()? {
            let body = json!({"record": {"search_id": "S-X", "search_date": "2025-11-06",
                "order_id": "O", "order_number": "O.1", "xml": xml}});
            cases.push((serde_json::to_vec(&body)?, Value::Null));
        }
        Ok(cases)
    }

    /// Every corpus body and the vendor XML samples: stage 1 with the record kept, then stages 2-3
    /// on it, answer exactly what the ABI v1 pair answers (refusals too), and a kept record is
    /// used once.
    #[test]
    fn kept_record_path_answers_as_the_v1_pair() -> TestResult {
        let mut decided = 0;
        for (body, client_rules) in &corpus_and_xml_bodies()? {
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

    /// The ten-charge fixture with text that must be escaped, or is not ASCII, in the fields the
    /// answers echo (ids, names, charges, dispositions, addresses).
    fn escaped_fixture() -> TestResult<Vec<u8>> {
        let text = std::str::from_utf8(include_bytes!("../../fixtures/ten-charges.json"))?;
        let text = text
            .replace("BENCH-10", r#"BENCH \"10\" \\ \u0001"#)
            .replace(
                "AGGRAVATED ASSAULT",
                r#"AGGRAVATED\tASSAULT \"FIRST\"\n\u001f"#,
            )
            .replace("QUENTIN AVERY", r"QUENTÍN ÁVERY \\ \u2028 😀")
            .replace("CR-1", r"CR-1\r\b\f")
            .replace("DISMISSED", r#"DISMISSED \"NOLLE\" / ü"#);
        serde_json::from_str::<Value>(&text)?;
        Ok(text.into_bytes())
    }

    /// Every answer the engine writes for one request body: both stage-1 answers, then for an
    /// accepted body stages 2-3 on the record (ABI v1 and kept) and the fail-safe's decision.
    fn answers(body: &[u8], client_rules: &Value) -> TestResult<Vec<(&'static str, String)>> {
        let context = json!({"now": "2025-11-06T12:00:00Z", "correlation_id": "c-1",
                             "client_rules": client_rules});
        let mut out = vec![("transform", transform(body))];
        out.push(("transform_keep", transform_keep(body)));
        let transformed: Value = serde_json::from_str(&out[0].1)?;
        if transformed["ok"] == true {
            let input = json!({"context": context, "record": transformed["record"]});
            out.push(("evaluate", evaluate(input.to_string().as_bytes())));
            let kept = json!({"context": context}).to_string();
            out.push(("evaluate_kept", evaluate_kept(kept.as_bytes())));
            let record = transformed["record"].to_string();
            let failsafe = failsafe_evaluate(&record, "2025-11-06T12:00:00Z", "test \"reason\"");
            out.push(("failsafe_evaluate", failsafe));
        } else {
            out.push(("evaluate_kept", evaluate_kept(b"{}")));
        }
        Ok(out)
    }

    /// The answer is `{"ok":true,"decision":` D (`,"validation":` V)? `}` and the spans name
    /// exactly D and V, after every entry point that decides (and nothing after a refusal).
    #[test]
    fn answer_spans_name_the_decision_and_the_validation() -> TestResult {
        let check = |text: String| -> TestResult<Option<bool>> {
            let spans = answer_spans();
            if !text.starts_with(r#"{"ok":true"#) {
                assert_eq!(spans, AnswerSpans::default(), "{text}");
                return Ok(None);
            }
            let part = |(start, end): (u32, u32)| text.get(start as usize..end as usize);
            let decision = part(spans.decision).ok_or("decision span")?;
            let mut expected = format!(r#"{{"ok":true,"decision":{decision}"#);
            let validated = spans.validation != (0, 0);
            if validated {
                let validation = part(spans.validation).ok_or("validation span")?;
                expected.push_str(&format!(r#","validation":{validation}"#));
            }
            expected.push('}');
            assert_eq!(text, expected);
            let whole: Value = serde_json::from_str(&text)?;
            assert_eq!(whole["decision"], serde_json::from_str::<Value>(decision)?);
            Ok(Some(validated))
        };
        let mut bodies = corpus_and_xml_bodies()?;
        bodies.push((escaped_fixture()?, Value::Null));
        let (mut decided, mut with_validation) = (0, 0);
        for (body, client_rules) in &bodies {
            let context = json!({"now": "2025-11-06T12:00:00Z", "correlation_id": "c-1",
                                 "client_rules": client_rules});
            let transformed: Value = serde_json::from_str(&transform(body))?;
            transform_keep(body);
            let kept = json!({"context": context}).to_string();
            let mut results = vec![check(evaluate_kept(kept.as_bytes()))?];
            if transformed["ok"] == true {
                let input = json!({"context": context, "record": transformed["record"]});
                results.push(check(evaluate(input.to_string().as_bytes()))?);
                let record = transformed["record"].to_string();
                results.push(check(failsafe_evaluate(
                    &record,
                    "2025-11-06T12:00:00Z",
                    "r",
                ))?);
            }
            for validated in results.into_iter().flatten() {
                decided += 1;
                with_validation += usize::from(validated);
            }
        }
        check(evaluate(b"{}"))?;
        assert!(
            decided > 270 && with_validation > 30,
            "{decided} / {with_validation}"
        );
        Ok(())
    }

    /// Every answer the engine writes is byte for byte what `serde_json::to_string` writes for
    /// the same value (each entry point run twice, the second time with serde_json as the
    /// writer): the whole corpus, the vendor XML samples (through `/evaluate` and
    /// `/transform-xml`), text that needs escapes, the identity vectors, and error answers.
    #[test]
    fn every_answer_is_written_as_serde_json_writes_it() -> TestResult {
        let same = |what: &str, ours: &str, theirs: &str| {
            assert!(
                ours == theirs,
                "{what}:\n ours:   {ours}\n theirs: {theirs}"
            );
        };
        let mut requests = corpus_and_xml_bodies()?;
        requests.push((
            include_bytes!("../../fixtures/ten-charges.json").to_vec(),
            Value::Null,
        ));
        let escaped = escaped_fixture()?;
        assert_eq!(
            answers(&escaped, &Value::Null)?.len(),
            5,
            "the escaped body is decided"
        );
        requests.push((escaped, Value::Null));
        requests.push((b"{not json".to_vec(), Value::Null));
        requests.push((br#"{"record": {}}"#.to_vec(), Value::Null));
        let mut decided = 0;
        for (body, client_rules) in &requests {
            let ours = answers(body, client_rules)?;
            let theirs = crate::writer::reference::with_serde_json(|| answers(body, client_rules))?;
            assert_eq!(ours.len(), theirs.len());
            for ((what, ours), (_, theirs)) in ours.iter().zip(&theirs) {
                same(what, ours, theirs);
            }
            decided += usize::from(ours.len() > 3);
        }
        assert!(decided > 90, "only {decided} bodies decided");

        let mut framed = Vec::new();
        for xml in xml_samples()? {
            let body = json!({"record": {"search_id": "S-\"X\"", "xml": xml}}).to_string();
            framed.push(format!("{{\"now\": \"2026-11-22T05:00:00Z\"}}\n{body}"));
        }
        framed.push("no context line".to_owned());
        framed.push("{\"now\": \"2026-11-22T05:00:00Z\"}\n<ScreeningResults/>".to_owned());
        for input in &framed {
            let ours = transform_xml(input.as_bytes());
            let theirs =
                crate::writer::reference::with_serde_json(|| transform_xml(input.as_bytes()));
            same("transform_xml", &ours, &theirs);
        }

        let mut identity_bodies = vec![b"[]".to_vec(), b"{\"candidate_to_verify\": 1}".to_vec()];
        let mut vector_files =
            vec![include_str!("../identity/testdata/own_vectors.json").to_owned()];
        if let Ok(shared) = std::fs::read_to_string("../../shared/reference/identity/vectors.json")
        {
            vector_files.push(shared);
        }
        for file in &vector_files {
            let doc: Value = serde_json::from_str(file)?;
            for vector in doc["vectors"].as_array().into_iter().flatten() {
                let body = json!({"candidate_to_verify": vector["candidate_to_verify"],
                                  "candidate_in_record": vector["candidate_in_record"]});
                identity_bodies.push(serde_json::to_vec(&body)?);
            }
        }
        assert!(identity_bodies.len() > 40);
        for body in &identity_bodies {
            let ours = identity_match(body);
            let theirs = crate::writer::reference::with_serde_json(|| identity_match(body));
            same("identity_match", &ours, &theirs);
        }
        same(
            "info",
            &info(),
            &crate::writer::reference::with_serde_json(info),
        );
        Ok(())
    }
}
