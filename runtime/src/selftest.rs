//! The self-test a module must pass before it can be activated: the shipped corpus
//! (`tests/corpus/*.json`, embedded in the binary at build time) run through the module's
//! transform and evaluate exports, plus one identity match.
//!
//! A new rules version may legitimately decide differently, so the self-test does not demand the
//! corpus's decisions. It checks the contract every version owes (docs/modules.md): the same HTTP
//! status for every case; the exact same 400 message and 422 details; for 200s a well-formed
//! decision tree naming exactly the charges of the request, with valid labels and queues, the
//! docs/api.md's rollup rules, non-empty `cited_rules`, and a well-formed `validation`. How many cases
//! decide differently from the corpus expectation is recorded as information.

use std::sync::OnceLock;

use serde::Deserialize;
use serde_json::Value;

use crate::contract::{Decision, Validation};
use crate::limits::CallError;
use crate::module::SelfTestReport;
use crate::protocol::{self, StageContext, TransformOutput};
use crate::runner::RequestCalls;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/corpus.rs"));
}

/// Makes the engine calls of one case (one fresh instance, as for one request) on the module
/// under test, synchronously.
pub type NewCalls<'a> = dyn Fn() -> RequestCalls<'a> + 'a;

/// Failure messages kept in a report (the count is always complete).
const MAX_MESSAGES: usize = 10;

/// A valid identity-match body; the self-test expects a 200 with a numeric `match_score`.
const IDENTITY_PROBE: &str = r#"{"candidate_to_verify":{"first_name":"ROBERT","last_name":"SAMPLE","date_of_birth":"1980-05-01","ssn":""},"candidate_in_record":{"first_name":"BOB","last_name":"SAMPLE","date_of_birth":"1980-05-01","ssn":""}}"#;

/// One corpus case, ready to run.
pub struct CorpusCase {
    /// File stem.
    pub name: String,
    /// The `now` the host passes to the engine for this case.
    pub now: String,
    /// The `/evaluate` body.
    pub request: Vec<u8>,
    /// The expectation (status, message, details, decision, validation_status).
    pub expect: Value,
    /// Whether any `cases[]` row excludes a charge.
    pub has_exclusions: bool,
    /// The case's client-rules overlay (JSON), passed as `context.client_rules` as the host would
    /// for the record's tenant.
    pub client_rules: Option<String>,
}

/// The embedded corpus, parsed once.
pub fn corpus() -> &'static [CorpusCase] {
    static CASES: OnceLock<Vec<CorpusCase>> = OnceLock::new();
    CASES.get_or_init(|| {
        embedded::CORPUS
            .iter()
            .filter_map(|(name, text)| {
                let file: Value = serde_json::from_str(text).ok()?;
                let request = serde_json::to_vec(&file["request"]).ok()?;
                let has_exclusions = file["request"]["record"]["cases"]
                    .as_array()
                    .is_some_and(|rows| rows.iter().any(|r| r["is_excluded"] == Value::Bool(true)));
                Some(CorpusCase {
                    name: (*name).to_owned(),
                    now: file["now"].as_str().unwrap_or(DEFAULT_NOW).to_owned(),
                    request,
                    expect: file["expect"].clone(),
                    has_exclusions,
                    client_rules: file
                        .get("client_rules")
                        .filter(|v| !v.is_null())
                        .map(Value::to_string),
                })
            })
            .collect()
    })
}

const DEFAULT_NOW: &str = "2025-01-01T00:00:00Z";

/// The calls of one case, remembering an engine fault so the run can stop there.
struct Watched<'a, 'f> {
    calls: RequestCalls<'a>,
    faulted: &'f std::cell::Cell<bool>,
}

impl Watched<'_, '_> {
    /// One protocol step on this case's calls, watched for an engine fault.
    fn step(
        &mut self,
        step: impl FnOnce(&mut RequestCalls<'_>) -> Result<String, CallError>,
    ) -> Result<String, CallError> {
        let result = step(&mut self.calls);
        self.watch(result)
    }

    fn watch(&self, result: Result<String, CallError>) -> Result<String, CallError> {
        if matches!(
            result,
            Err(CallError::Deadline(_) | CallError::Memory(_) | CallError::Trap(_))
        ) {
            self.faulted.set(true);
        }
        result
    }
}

/// Runs the self-test. `new_calls` gives each case its own calls on the module under test.
pub fn run(new_calls: &NewCalls<'_>) -> SelfTestReport {
    let cases = corpus();
    let mut failures = Vec::new();
    let mut differing = Vec::new();
    let mut stopped_early = false;
    let faulted = std::cell::Cell::new(false);
    let watched = || Watched {
        calls: new_calls(),
        faulted: &faulted,
    };
    for case in cases {
        match run_case(&mut watched(), case) {
            Ok(Outcome::Same) => {}
            Ok(Outcome::Differs) => differing.push(case.name.clone()),
            Err(message) => failures.push(format!("{}: {message}", case.name)),
        }
        if faulted.get() {
            stopped_early = true;
            break;
        }
    }
    if !stopped_early && let Err(message) = identity_probe(&mut watched()) {
        failures.push(format!("identity match: {message}"));
    }
    SelfTestReport {
        passed: failures.is_empty() && !cases.is_empty(),
        cases: cases.len(),
        failed: failures.len(),
        failures: failures.into_iter().take(MAX_MESSAGES).collect(),
        decisions_differ: differing.len(),
        differing_cases: differing.into_iter().take(MAX_MESSAGES).collect(),
        stopped_early,
    }
}

enum Outcome {
    Same,
    Differs,
}

#[derive(Deserialize)]
struct EvaluateAnswer {
    ok: bool,
    #[serde(default)]
    decision: Value,
    #[serde(default)]
    validation: Value,
    #[serde(default)]
    message: Option<String>,
}

impl CorpusCase {
    /// The context the host would pass for this case.
    fn context(&self) -> StageContext<'_> {
        StageContext::new(&self.now, "self-test").with_client_rules(self.client_rules.as_deref())
    }
}

/// One case the way requests run it (the [`protocol`]'s stages).
fn run_case(calls: &mut Watched<'_, '_>, case: &CorpusCase) -> Result<Outcome, String> {
    let keeps = calls.calls.keeps_record();
    let transformed = calls
        .step(|c| protocol::transform(c, &case.request))
        .map_err(|e| format!("transform: {e}"))?;
    let out = protocol::read_transform(&calls.calls, &transformed)
        .map_err(|e| format!("transform: {e}"))?;
    let want = case.expect["status"].as_u64().unwrap_or(0);
    let got = if out.ok {
        200
    } else {
        u64::from(out.http_status.unwrap_or(0))
    };
    if got != want {
        return Err(format!("status {got}, expected {want}"));
    }
    match want {
        400 => {
            let want = case.expect["message"].as_str();
            if out.message.as_deref() != want {
                return Err(format!(
                    "400 message {:?}, expected {want:?}",
                    out.message.as_deref()
                ));
            }
            if keeps {
                v1_agrees(calls, case, &transformed, None)?;
            }
            Ok(Outcome::Same)
        }
        422 => {
            let details: Value = out
                .details
                .and_then(|d| serde_json::from_str(d.get()).ok())
                .unwrap_or(Value::Null);
            if details != case.expect["details"]
                || out.error_code.as_deref() != Some("CASE_OFFENSE_COUNT_MISMATCH")
            {
                return Err(format!(
                    "422 details {details}, expected {}",
                    case.expect["details"]
                ));
            }
            if keeps {
                v1_agrees(calls, case, &transformed, None)?;
            }
            Ok(Outcome::Same)
        }
        _ => {
            let text = calls
                .step(|c| protocol::evaluate(c, out.record, &case.context()))
                .map_err(|e| format!("evaluate: {e}"))?;
            let answer = protocol::EvaluateAnswer {
                spans: calls.calls.answer_spans(),
                text,
            };
            answer.check_spans().map_err(|e| format!("evaluate: {e}"))?;
            let text = answer.text;
            if keeps {
                v1_agrees(calls, case, &transformed, Some(&text))?;
            }
            let answer: EvaluateAnswer = serde_json::from_str(&text)
                .map_err(|_| "evaluate: answer is not the expected JSON".to_owned())?;
            if !answer.ok {
                return Err(format!(
                    "evaluate refused: {}",
                    answer.message.unwrap_or_default()
                ));
            }
            check_decision(case, &answer.decision, &answer.validation)
        }
    }
}

/// A module that keeps the record in the instance must answer exactly as its ABI v1 pair does
/// (docs/abi.md): the same stage-1 refusal (`kept_transform`), byte for byte, or, for an
/// accepted request, the same decision (`kept_decision`).
fn v1_agrees(
    calls: &mut Watched<'_, '_>,
    case: &CorpusCase,
    kept_transform: &str,
    kept_decision: Option<&str>,
) -> Result<(), String> {
    let text = calls
        .step(|c| protocol::v1::transform(c, &case.request))
        .map_err(|e| format!("transform: {e}"))?;
    let Some(kept_decision) = kept_decision else {
        return (text == kept_transform).then_some(()).ok_or_else(|| {
            "lookback_transform_keep refused otherwise than lookback_transform".to_owned()
        });
    };
    let out = TransformOutput::parse(&text, true).map_err(|e| format!("transform: {e}"))?;
    let record = out
        .record
        .ok_or("lookback_transform refused what lookback_transform_keep accepted")?;
    let decision = calls
        .step(|c| protocol::v1::evaluate(c, record, &case.context()))
        .map_err(|e| format!("evaluate: {e}"))?;
    (decision == kept_decision)
        .then_some(())
        .ok_or_else(|| "lookback_evaluate_kept decided otherwise than lookback_evaluate".to_owned())
}

/// The contract checks of a 200, then whether the decisions match the expectation.
fn check_decision(
    case: &CorpusCase,
    decision: &Value,
    validation: &Value,
) -> Result<Outcome, String> {
    let tree: Decision = serde_json::from_value(decision.clone())
        .map_err(|e| format!("decision tree is malformed: {e}"))?;
    tree.check_invariants(case.has_exclusions)?;
    if !validation.is_null() {
        serde_json::from_value::<Validation>(validation.clone())
            .map_err(|e| format!("validation is malformed: {e}"))?;
    }
    let got: Vec<_> = charge_rows(decision);
    let want: Vec<_> = charge_rows(&case.expect["decision"]);
    let key = |rows: &[(String, String, &Value)]| -> Vec<(String, String, Value)> {
        rows.iter()
            .map(|(court, case, o)| (court.clone(), case.clone(), o["offense_id"].clone()))
            .collect()
    };
    if key(&got) != key(&want) {
        return Err(format!(
            "the decision names other charges than the request ({} charges, expected {})",
            got.len(),
            want.len()
        ));
    }
    let same_charges = got.iter().zip(&want).all(|((_, _, g), (_, _, w))| {
        g["charge_decision"] == w["charge_decision"]
            && g["routing"]["queue"] == w["queue"]
            && g["cited_rules"] == w["cited_rules"]
    });
    let expect = &case.expect["decision"];
    let same = same_charges
        && decision["record_decision"] == expect["record_decision"]
        && decision["search_queue"] == expect["search_queue"]
        && validation["status"] == case.expect["validation_status"];
    Ok(if same {
        Outcome::Same
    } else {
        Outcome::Differs
    })
}

/// `(court_search_id, case_number, offense)` for every charge of a decision tree.
fn charge_rows(decision: &Value) -> Vec<(String, String, &Value)> {
    fn items<'a>(v: &'a Value, key: &str) -> &'a [Value] {
        v[key].as_array().map(Vec::as_slice).unwrap_or_default()
    }
    let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    let mut rows = Vec::new();
    for court in items(decision, "court_decisions") {
        for case in items(court, "case_decisions") {
            for offense in items(case, "offenses") {
                rows.push((
                    text(&court["court_search_id"]),
                    text(&case["case_number"]),
                    offense,
                ));
            }
        }
    }
    rows
}

fn identity_probe(calls: &mut Watched<'_, '_>) -> Result<(), String> {
    let text = calls
        .step(|c| protocol::identity_match(c, IDENTITY_PROBE.as_bytes()))
        .map_err(|e| e.to_string())?;
    let answer: Value =
        serde_json::from_str(&text).map_err(|_| "answer is not the expected JSON".to_owned())?;
    if answer["http_status"] != 200 || !answer["body"]["match_score"].is_number() {
        return Err("a valid request did not get a 200 with a match_score".to_owned());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_whole_corpus_is_embedded() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
        let files = std::fs::read_dir(dir)
            .map(|d| {
                d.filter_map(Result::ok)
                    .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
                    .count()
            })
            .unwrap_or(0);
        assert!(files > 0);
        assert_eq!(corpus().len(), files);
        assert!(corpus().iter().any(|c| c.has_exclusions));
    }
}
