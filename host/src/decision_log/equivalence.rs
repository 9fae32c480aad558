//! The reader and the counting answer against the plain serde_json reading
//! ([`super::oracle`]): byte-identical lines and the same decision counts on the server's
//! answers (every corpus request, the 10-charge fixture, a 1,000-charge record; a 206 fail-safe
//! and a 500 failed envelope of the pipeline's shape), on cuts of an answer, on invalid UTF-8
//! where it is skipped and where it is read, and on bodies that are not envelopes.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use axum::body::Bytes;
use lookback_runtime::{EngineHost, EngineSettings, LoadedModule};
use serde_json::{Value, json};

use super::answer::{self, Charges, charges_of};
use super::line::{DecisionLines, Evaluated, tally};
use super::oracle;
use crate::client_rules::Overlays;
use crate::context::RequestCtx;
use crate::metrics::Metrics;
use crate::pipeline::{self, Tenancy};

const FIXTURE: &[u8] = include_bytes!("../../../core-wasm/fixtures/ten-charges.json");
const NOW: &str = "2025-11-06T12:00:00Z";
const TIME: &str = "2026-11-29T12:00:00.000Z";

/// The synthetic records of `scripts/bench.sh`.
#[path = "../../../tests/bench/record.rs"]
#[expect(dead_code, reason = "the tests make records, they do not print them")]
mod record;

/// The server's engine and module, answering as the handler does.
struct Engine {
    host: EngineHost,
    module: Arc<LoadedModule>,
    runtime: tokio::runtime::Runtime,
}

impl Engine {
    fn new(settings: &EngineSettings) -> Self {
        let host = EngineHost::new(settings).unwrap();
        let module = Arc::new(host.base_module(None, false).unwrap().0);
        let runtime = tokio::runtime::Runtime::new().unwrap();
        Self {
            host,
            module,
            runtime,
        }
    }

    /// The answer to `body`, as the handler queues it.
    fn evaluate(&self, body: &[u8]) -> Evaluated {
        let overlays = Overlays::load(None).unwrap();
        let ctx = RequestCtx::new(Some("equivalence"));
        let answer = self.runtime.block_on(pipeline::evaluate(
            &self.host,
            self.module.clone(),
            Bytes::copy_from_slice(body),
            &ctx,
            Tenancy::anonymous(&overlays),
            NOW,
        ));
        let (status, text) = match answer {
            Ok(answer) => (answer.status.as_u16(), answer.body),
            Err(error) => (error.status().as_u16(), error.body()),
        };
        Evaluated {
            correlation_id: ctx.correlation_id,
            tenant: None,
            module: self.module.clone(),
            request: Bytes::copy_from_slice(body),
            status,
            answer: Some(text.into()),
            dictionary: None,
        }
    }
}

/// The same answer with another body.
fn with_answer(evaluated: &Evaluated, answer: Option<Vec<u8>>) -> Evaluated {
    Evaluated {
        correlation_id: evaluated.correlation_id.clone(),
        tenant: evaluated.tenant.clone(),
        module: evaluated.module.clone(),
        request: evaluated.request.clone(),
        status: evaluated.status,
        answer: answer.map(Bytes::from),
        dictionary: evaluated.dictionary.clone(),
    }
}

fn fixture_answer() -> &'static Evaluated {
    static ANSWER: OnceLock<Evaluated> = OnceLock::new();
    ANSWER.get_or_init(|| Engine::new(&EngineSettings::default()).evaluate(FIXTURE))
}

/// Asserts the line and the counts of `evaluated` are the old reader's; returns the charges.
fn assert_as_before(lines: &DecisionLines, evaluated: &Evaluated) -> u64 {
    let body = evaluated.answer.as_deref();
    let old = oracle::read(body);
    let new = answer::read(body);
    assert_eq!(
        lines.line(evaluated, TIME, answer::read(body)),
        lines.line(evaluated, TIME, oracle::read(body)),
        "status {}",
        evaluated.status
    );
    // The line writes its charges from the borrowed facts as it wrote its list of `Charge`s.
    if let Some(decision) = old.data.as_ref().and_then(|data| data.decision.as_ref()) {
        assert_eq!(
            serde_json::to_string(&Charges(decision)).unwrap(),
            serde_json::to_string(&charges_of(decision)).unwrap()
        );
    }
    let mut old_counts: BTreeMap<(&str, &str), u64> = BTreeMap::new();
    for pair in oracle::outcomes(&old) {
        *old_counts.entry(pair).or_default() += 1;
    }
    let new_tally = tally(&new);
    let new_counts: BTreeMap<(&str, &str), u64> = new_tally
        .iter()
        .map(|&(decision, queue, charges)| ((decision, queue), charges))
        .collect();
    assert_eq!(new_counts.len(), new_tally.len(), "a pair counted twice");
    assert_eq!(new_counts, old_counts, "status {}", evaluated.status);
    old_counts.values().sum()
}

fn lines() -> DecisionLines {
    DecisionLines::new(Some("salt".to_owned()), Metrics::new(&Default::default()))
}

#[test]
fn corpus_answers_log_and_count_as_before() {
    let (lines, engine) = (lines(), Engine::new(&EngineSettings::default()));
    let mut statuses = BTreeMap::new();
    let mut charges = 0;
    for case in lookback_runtime::selftest::corpus() {
        let evaluated = engine.evaluate(&case.request);
        charges += assert_as_before(&lines, &evaluated);
        *statuses.entry(evaluated.status).or_insert(0) += 1;
    }
    // The corpus answers 200s with charges, 400s and 422s: each kind was compared.
    assert!(charges > 100, "{charges} charges");
    for status in [200, 400, 422] {
        assert!(statuses.contains_key(&status), "{statuses:?}");
    }
}

#[test]
fn large_fail_safe_and_failed_answers_log_and_count_as_before() {
    let lines = lines();
    assert_eq!(assert_as_before(&lines, fixture_answer()), 10);

    let big = record::record(1000).unwrap().to_string();
    let big = Engine::new(&EngineSettings::default()).evaluate(big.as_bytes());
    assert_eq!(assert_as_before(&lines, &big), 1000);

    // A 206: the host's fail-safe decision in the envelope, as the pipeline writes it.
    let transformed: Value = serde_json::from_str(&lookback_core::api::transform(FIXTURE)).unwrap();
    let failsafe: Value = serde_json::from_str(&lookback_core::api::failsafe_evaluate(
        &transformed["record"].to_string(),
        NOW,
        "deadline",
    ))
    .unwrap();
    let mut partial: Value =
        serde_json::from_slice(fixture_answer().answer.as_ref().unwrap()).unwrap();
    partial["data"]["status"] = json!("partial");
    partial["data"]["errors"] = json!(["compliance engine failed: deadline"]);
    partial["data"]["decision"] = failsafe["decision"].clone();
    let mut partial = with_answer(fixture_answer(), Some(partial.to_string().into_bytes()));
    partial.status = 206;
    assert_eq!(assert_as_before(&lines, &partial), 10);

    // A 500 `failed`, as the pipeline writes it when stage 1 fails: no decision.
    let mut failed: Value =
        serde_json::from_slice(fixture_answer().answer.as_ref().unwrap()).unwrap();
    failed["success"] = json!(false);
    failed["data"]["status"] = json!("failed");
    failed["data"]["errors"] = json!(["xml_transformer failed: deadline"]);
    let data = failed["data"].as_object_mut().unwrap();
    data.remove("decision");
    data.remove("validation");
    let mut failed = with_answer(fixture_answer(), Some(failed.to_string().into_bytes()));
    failed.status = 500;
    assert_eq!(failed.status, 500);
    assert_eq!(assert_as_before(&lines, &failed), 0);
}

#[test]
fn broken_and_foreign_bodies_log_and_count_as_before() {
    let lines = lines();
    let evaluated = fixture_answer();
    let text = evaluated.answer.as_ref().unwrap().to_vec();
    let mut bodies: Vec<Option<Vec<u8>>> = vec![None, Some(text.clone())];
    // Cut anywhere: nothing read, as before.
    bodies.extend(
        (0..text.len())
            .step_by(97)
            .map(|end| Some(text[..end].to_vec())),
    );
    for foreign in [
        "",
        "null",
        "[]",
        "[null]",
        "{}",
        "not json",
        r#"{"data":null}"#,
        r#"{"data":{"decision":5}}"#,
        r#"{"data":{"status":"x","status":"y"}}"#,
    ] {
        bodies.push(Some(foreign.as_bytes().to_vec()));
    }
    let mut trailing = text.clone();
    trailing.extend_from_slice(b" x");
    bodies.push(Some(trailing));
    // Invalid UTF-8 in a skipped member (a rationale) still reads; in a read one (the last
    // offense id: the validation before the decision names some too) nothing does.
    for (member, read) in [("\"rationale\":\"", true), ("\"offense_id\":\"", false)] {
        let at = find_last(&text, member.as_bytes()) + member.len();
        let mut broken = text.clone();
        broken[at] = 0xFF;
        let before = oracle::outcomes(&oracle::read(Some(&broken))).len();
        assert_eq!(before > 0, read, "{member}");
        bodies.push(Some(broken));
    }
    // Multi-byte and escaped text where it is read.
    let mut escaped: Value = serde_json::from_slice(&text).unwrap();
    escaped["data"]["search_id"] = json!("S-ÉTÉ-\u{1F600}-\"q\"");
    bodies.push(Some(escaped.to_string().into_bytes()));
    for body in bodies {
        assert_as_before(&lines, &with_answer(evaluated, body));
    }
}

fn find_last(haystack: &[u8], needle: &[u8]) -> usize {
    haystack
        .windows(needle.len())
        .rposition(|w| w == needle)
        .unwrap()
}
