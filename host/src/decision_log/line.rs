//! The writer thread's work per `/evaluate` answer: count its charge decisions for the metrics
//! and, when there is a sink, make its line (ids, module, outcomes; no personal data).

use std::sync::Arc;

use axum::body::Bytes;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::answer::{self, AnswerFacts, Charges};
use crate::error::DictionaryMeta;
use crate::metrics::Metrics;
use lookback_runtime::LoadedModule;

/// One `/evaluate` answer, as the handler saw it.
pub struct Evaluated {
    /// Request correlation id.
    pub correlation_id: String,
    /// The tenant the token is bound to.
    pub tenant: Option<String>,
    /// The module that answered.
    pub module: Arc<LoadedModule>,
    /// The raw request body (read off the response path for the tenant and the SSN hash).
    pub request: Bytes,
    /// HTTP status.
    pub status: u16,
    /// The answer body, when the pipeline produced one (not for 400/403); shared with the response.
    pub answer: Option<Bytes>,
    /// The tenant's charge dictionary the record was read with, if any.
    pub dictionary: Option<DictionaryMeta>,
}

/// Counts answers' decisions and makes their lines. Public for the profile example
/// (`host/examples/profile_decision_log.rs`).
pub struct DecisionLines {
    salt: Option<String>,
    metrics: Metrics,
}

impl DecisionLines {
    /// Lines hashing the SSN's last four digits with `salt` (none: no hash), counting into
    /// `metrics`.
    pub fn new(salt: Option<String>, metrics: Metrics) -> Self {
        Self { salt, metrics }
    }

    /// Counts the answer's charge decisions and, when `with_line` (there is a sink), makes its
    /// line. The answer is read typed and borrowed (everything else skipped): a `Value` tree of
    /// it, cloned per court and case, cost a quarter of the server's CPU.
    pub fn answer(&self, evaluated: &Evaluated, time: &str, with_line: bool) -> Option<String> {
        let answer = answer::read(evaluated.answer.as_deref());
        count_decisions(&self.metrics, &answer);
        with_line.then(|| self.line(evaluated, time, answer))
    }

    /// The line of an answer whose facts are `answer`.
    pub(super) fn line(
        &self,
        evaluated: &Evaluated,
        time: &str,
        answer: AnswerFacts<'_>,
    ) -> String {
        let data = answer.data.unwrap_or_default();
        let decision = data.decision.unwrap_or_default();
        let request = RequestFacts::read(&evaluated.request);
        let module = &evaluated.module;
        let line = DecisionLine {
            kind: "decision",
            time,
            correlation_id: &evaluated.correlation_id,
            tenant: evaluated.tenant.as_deref().or(request.tenant_id.as_deref()),
            search_id: data.search_id.as_deref().or(request.search_id.as_deref()),
            http_status: evaluated.status,
            status: data.status.as_deref(),
            engine: EngineRef::of(module),
            dictionary: evaluated.dictionary.as_ref(),
            ssn_last4_sha256: self.ssn_hash(request.ssn.as_deref()),
            record_decision: decision.record_decision.as_deref(),
            search_queue: decision.search_queue.as_deref(),
            charges: Charges(&decision),
        };
        serde_json::to_string(&line).unwrap_or_default()
    }

    fn ssn_hash(&self, ssn: Option<&str>) -> Option<String> {
        last4_hash(self.salt.as_deref()?, ssn?)
    }
}

/// Counts an answer's charge decisions for the metrics (one whose line was dropped).
pub(super) fn count_answer(metrics: &Metrics, evaluated: &Evaluated) {
    count_decisions(metrics, &answer::read(evaluated.answer.as_deref()));
}

/// Counts every charge's decision and queue for the metrics: once per distinct pair, as a label
/// lookup per charge cost more than reading the charge.
fn count_decisions(metrics: &Metrics, answer: &AnswerFacts<'_>) {
    for (charge_decision, queue, charges) in tally(answer) {
        metrics.count_decisions(charge_decision, queue, charges);
    }
}

/// How many charges have each decision and queue, in the order the pairs first appear. An
/// answer has a handful of distinct pairs: a list beats a map.
pub(super) fn tally<'a>(answer: &'a AnswerFacts<'_>) -> Vec<(&'a str, &'a str, u64)> {
    let decision = answer.data.as_ref().and_then(|data| data.decision.as_ref());
    let mut pairs: Vec<(&str, &str, u64)> = Vec::new();
    for (charge_decision, queue) in decision.into_iter().flat_map(|d| d.outcomes()) {
        match pairs
            .iter_mut()
            .find(|(d, q, _)| *d == charge_decision && *q == queue)
        {
            Some((_, _, charges)) => *charges += 1,
            None => pairs.push((charge_decision, queue, 1)),
        }
    }
    pairs
}

/// A salted SHA-256 (hex) of the SSN's last four digits; `None` with fewer than four digits.
pub fn last4_hash(salt: &str, ssn: &str) -> Option<String> {
    let digits: Vec<u8> = ssn.bytes().filter(u8::is_ascii_digit).collect();
    let last4 = digits.get(digits.len().checked_sub(4)?..)?;
    let mut hasher = Sha256::new();
    hasher.update(salt.as_bytes());
    hasher.update(b":");
    hasher.update(last4);
    Some(hex::encode(hasher.finalize()))
}

/// What the line needs from the request: read, not kept.
#[derive(Default)]
struct RequestFacts {
    tenant_id: Option<String>,
    search_id: Option<String>,
    ssn: Option<String>,
}

impl RequestFacts {
    fn read(body: &[u8]) -> Self {
        #[derive(Deserialize)]
        struct Body {
            record: Record,
        }
        #[derive(Deserialize)]
        struct Record {
            tenant_id: Option<String>,
            search_id: Option<String>,
            candidate_info: Option<Candidate>,
        }
        #[derive(Deserialize)]
        struct Candidate {
            ssn: Option<String>,
        }
        let Ok(body) = serde_json::from_slice::<Body>(body) else {
            return Self::default();
        };
        Self {
            tenant_id: body.record.tenant_id,
            search_id: body.record.search_id,
            ssn: body.record.candidate_info.and_then(|c| c.ssn),
        }
    }
}

/// The module that decided.
#[derive(Serialize)]
pub struct EngineRef<'a> {
    /// Engine version.
    pub version: &'a str,
    /// Rules version.
    pub rules_version: &'a str,
    /// SHA-256 of the module bytes.
    pub sha256: &'a str,
}

impl<'a> EngineRef<'a> {
    /// The reference to `module`.
    pub fn of(module: &'a LoadedModule) -> Self {
        Self {
            version: &module.info.engine_version,
            rules_version: &module.info.rules_version,
            sha256: &module.sha256,
        }
    }
}

#[derive(Serialize)]
struct DecisionLine<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    time: &'a str,
    correlation_id: &'a str,
    tenant: Option<&'a str>,
    search_id: Option<&'a str>,
    http_status: u16,
    status: Option<&'a str>,
    engine: EngineRef<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dictionary: Option<&'a DictionaryMeta>,
    ssn_last4_sha256: Option<String>,
    record_decision: Option<&'a str>,
    search_queue: Option<&'a str>,
    charges: Charges<'a, 'a>,
}
