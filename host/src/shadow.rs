//! Shadow evaluation: a candidate module version decides a sample of live `/evaluate` requests
//! after the active version has answered the client, off the response path and under the same
//! limits. Only the differences are kept: per charge, old and new decision, queue and cited rules,
//! in the decision log and in a summary (`GET /admin/modules/{version}/shadow`). A candidate that
//! traps or runs out of time is counted as `failed`; the client's answer never depends on it.
//!
//! Shadow runs take at most [`Shadows`]' few slots; when none is free the sampled request is
//! `skipped` (counted), so shadowing never queues live requests behind candidate calls.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

use axum::body::Bytes;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::Semaphore;

use lookback_runtime::{EngineHost, LoadedModule, Registry};

use crate::client_rules::Overlays;
use crate::clock::{now_rfc3339, now_rfc3339_millis};
use crate::context::RequestCtx;
use crate::decision_log::{Charge, DecisionFacts, DecisionLog, EngineRef, charges_of};
use crate::metrics::Metrics;
use crate::pipeline::{self, Tenancy};

/// Examples kept per shadow.
const MAX_EXAMPLES: usize = 5;

/// Why a shadow request was refused (400).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShadowRequestError {
    /// The body is not a JSON object.
    #[error("body must be {{\"sample_rate\": 0.1, \"until\": \"<RFC 3339, optional>\"}}")]
    Shape,
    /// `sample_rate` missing, not a number, or outside 0-1.
    #[error("sample_rate must be a number from 0 to 1")]
    SampleRate,
    /// `until` is not an RFC 3339 time.
    #[error("until must be an RFC 3339 time, e.g. 2026-12-31T00:00:00Z")]
    Until,
    /// `until` is not in the future.
    #[error("until must be in the future")]
    UntilPast,
    /// A field this endpoint does not know.
    #[error("unknown field {0}; the body takes sample_rate and until")]
    Unknown(String),
}

/// A validated `POST /admin/modules/{version}/shadow` body.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShadowRequest {
    /// Share of `/evaluate` calls the candidate also evaluates, 0 to 1.
    pub sample_rate: f64,
    /// When sampling stops.
    pub until: Option<DateTime<Utc>>,
}

impl ShadowRequest {
    /// Validates the body against `now`.
    pub fn parse(body: &[u8], now: SystemTime) -> Result<Self, ShadowRequestError> {
        let value: Value = serde_json::from_slice(body).map_err(|_| ShadowRequestError::Shape)?;
        let Value::Object(fields) = value else {
            return Err(ShadowRequestError::Shape);
        };
        if let Some(unknown) = fields
            .keys()
            .find(|k| !matches!(k.as_str(), "sample_rate" | "until"))
        {
            return Err(ShadowRequestError::Unknown(unknown.clone()));
        }
        let sample_rate = fields
            .get("sample_rate")
            .and_then(Value::as_f64)
            .filter(|r| (0.0..=1.0).contains(r))
            .ok_or(ShadowRequestError::SampleRate)?;
        let until = match fields.get("until") {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) => {
                let until = DateTime::parse_from_rfc3339(text)
                    .map_err(|_| ShadowRequestError::Until)?
                    .with_timezone(&Utc);
                if until <= DateTime::<Utc>::from(now) {
                    return Err(ShadowRequestError::UntilPast);
                }
                Some(until)
            }
            Some(_) => return Err(ShadowRequestError::Until),
        };
        Ok(Self { sample_rate, until })
    }
}

/// The running shadows, by candidate version, and what a candidate evaluation needs: the
/// engine, the metrics, the decision log.
pub struct Shadows {
    by_version: Mutex<HashMap<String, Arc<Shadow>>>,
    slots: Arc<Semaphore>,
    runner: Runner,
}

/// What one candidate evaluation runs with (cheap clones, moved into its task).
#[derive(Clone)]
struct Runner {
    engine: EngineHost,
    metrics: Metrics,
    decision_log: DecisionLog,
}

impl Shadows {
    /// No shadows; at most `slots` candidate evaluations at a time, run on `engine`, counted in
    /// `metrics`, their differences written to `decision_log`.
    pub fn new(
        slots: usize,
        engine: EngineHost,
        metrics: Metrics,
        decision_log: DecisionLog,
    ) -> Self {
        Self {
            by_version: Mutex::new(HashMap::new()),
            slots: Arc::new(Semaphore::new(slots.max(1))),
            runner: Runner {
                engine,
                metrics,
                decision_log,
            },
        }
    }

    /// Starts (or restarts, with fresh counts) shadowing `version`.
    pub fn start(&self, version: &str, request: ShadowRequest) -> Summary {
        let shadow = Arc::new(Shadow {
            version: version.to_owned(),
            request,
            started_at: now_rfc3339(),
            stats: Mutex::new(Stats::default()),
        });
        let summary = shadow.summary(SystemTime::now());
        self.lock().insert(version.to_owned(), shadow);
        summary
    }

    /// The summary of the shadow of `version`.
    pub fn summary(&self, version: &str) -> Option<Summary> {
        let shadow = self.lock().get(version).cloned()?;
        Some(shadow.summary(SystemTime::now()))
    }

    /// Ends the shadow of `version`, with its final summary.
    pub fn stop(&self, version: &str) -> Option<Summary> {
        let shadow = self.lock().remove(version)?;
        Some(shadow.summary(SystemTime::now()))
    }

    /// Whether any shadow is configured (the handler skips all shadow work otherwise).
    pub fn any(&self) -> bool {
        !self.lock().is_empty()
    }

    /// The shadows that sample this request (a fresh draw for each).
    fn sampled(&self, now: SystemTime) -> Vec<Arc<Shadow>> {
        let shadows: Vec<Arc<Shadow>> = self.lock().values().cloned().collect();
        shadows
            .into_iter()
            .filter(|s| s.running(now) && rand::random::<f64>() < s.request.sample_rate)
            .collect()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Shadow>>> {
        self.by_version
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

struct Shadow {
    version: String,
    request: ShadowRequest,
    started_at: String,
    stats: Mutex<Stats>,
}

impl Shadow {
    fn running(&self, now: SystemTime) -> bool {
        self.request
            .until
            .is_none_or(|until| DateTime::<Utc>::from(now) < until)
    }

    fn stats(&self) -> std::sync::MutexGuard<'_, Stats> {
        self.stats.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn summary(&self, now: SystemTime) -> Summary {
        Summary {
            version: self.version.clone(),
            sample_rate: self.request.sample_rate,
            until: self
                .request
                .until
                .map(|u| u.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
            started_at: self.started_at.clone(),
            state: if self.running(now) {
                "running"
            } else {
                "expired"
            },
            stats: self.stats().clone(),
        }
    }
}

/// What `GET /admin/modules/{version}/shadow` answers.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Candidate version.
    pub version: String,
    /// Sampled share of `/evaluate` calls.
    pub sample_rate: f64,
    /// When sampling stops, if set.
    pub until: Option<String>,
    /// When the shadow started.
    pub started_at: String,
    /// `running` or `expired` (past `until`).
    pub state: &'static str,
    /// Counts and examples.
    #[serde(flatten)]
    pub stats: Stats,
}

/// Counts of one shadow.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Stats {
    /// Requests the candidate evaluated (same, differed or failed).
    pub evaluated: u64,
    /// Requests where at least one charge differed.
    pub differed: u64,
    /// Requests where the candidate did not produce a full decision (trap, deadline, memory,
    /// another status than the active answer's).
    pub failed: u64,
    /// Sampled requests not evaluated because every shadow slot was busy.
    pub skipped: u64,
    /// Differing charges by change, e.g. `REPORTABLE/Automation -> NOT_REPORTABLE/Automation`.
    pub by_change: BTreeMap<String, u64>,
    /// Differing charges by rule cited (by either version) on them.
    pub by_rule: BTreeMap<String, u64>,
    /// Differing charges by the case's jurisdiction state.
    pub by_state: BTreeMap<String, u64>,
    /// The first few differing charges (ids, decisions, queues, rules; no personal data).
    pub examples: Vec<Example>,
}

/// One differing charge.
#[derive(Debug, Clone, Serialize)]
pub struct Example {
    /// The request's correlation id (find its decision-log lines).
    pub correlation_id: String,
    /// The caller's search id.
    pub search_id: Option<String>,
    /// The difference.
    #[serde(flatten)]
    pub difference: Difference,
}

/// One charge decided differently.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// Court search id.
    pub court_search_id: String,
    /// Offense id.
    pub offense_id: String,
    /// Jurisdiction state of the case.
    pub state: String,
    /// The active module's outcome (`None`: the charge is missing there).
    pub from: Option<Outcome>,
    /// The candidate's outcome.
    pub to: Option<Outcome>,
}

/// Decision, queue and cited rules of one charge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// `charge_decision`.
    pub decision: String,
    /// `routing.queue`.
    pub queue: String,
    /// `cited_rules`.
    pub cited_rules: Vec<String>,
}

impl From<&Charge> for Outcome {
    fn from(c: &Charge) -> Self {
        Self {
            decision: c.decision.clone(),
            queue: c.queue.clone(),
            cited_rules: c.cited_rules.clone(),
        }
    }
}

/// The charges whose decision, queue or cited rules differ between two decision trees, matched by
/// court search id and offense id.
pub fn differences(active: &Value, candidate: &Value) -> Vec<Difference> {
    type Key = (String, String);
    let index = |decision: &Value| -> BTreeMap<Key, Charge> {
        charges_of(&DecisionFacts::deserialize(decision).unwrap_or_default())
            .into_iter()
            .map(|c| ((c.court_search_id.clone(), c.offense_id.clone()), c))
            .collect()
    };
    let (old, new) = (index(active), index(candidate));
    let keys: BTreeSet<&Key> = old.keys().chain(new.keys()).collect();
    keys.into_iter()
        .filter_map(|key| {
            let (a, b) = (old.get(key), new.get(key));
            let (from, to) = (a.map(Outcome::from), b.map(Outcome::from));
            (from != to).then(|| Difference {
                court_search_id: key.0.clone(),
                offense_id: key.1.clone(),
                state: a.or(b).map(|c| c.state.clone()).unwrap_or_default(),
                from,
                to,
            })
        })
        .collect()
}

fn label(outcome: Option<&Outcome>) -> String {
    outcome.map_or_else(
        || "absent".to_owned(),
        |o| format!("{}/{}", o.decision, o.queue),
    )
}

impl Stats {
    fn record(&mut self, correlation_id: &str, search_id: Option<&str>, diffs: &[Difference]) {
        self.evaluated += 1;
        if diffs.is_empty() {
            return;
        }
        self.differed += 1;
        for diff in diffs {
            let change = format!(
                "{} -> {}",
                label(diff.from.as_ref()),
                label(diff.to.as_ref())
            );
            *self.by_change.entry(change).or_default() += 1;
            *self.by_state.entry(diff.state.clone()).or_default() += 1;
            let rules = |o: &Option<Outcome>| -> BTreeSet<String> {
                o.iter()
                    .flat_map(|o| o.cited_rules.iter().cloned())
                    .collect()
            };
            let (old, new) = (rules(&diff.from), rules(&diff.to));
            for rule in old.union(&new) {
                *self.by_rule.entry(rule.clone()).or_default() += 1;
            }
            if self.examples.len() < MAX_EXAMPLES {
                self.examples.push(Example {
                    correlation_id: correlation_id.to_owned(),
                    search_id: search_id.map(str::to_owned),
                    difference: diff.clone(),
                });
            }
        }
    }
}

/// One answered `/evaluate`, as the shadows need it.
pub struct Answered {
    /// The module that answered the client.
    pub module: Arc<LoadedModule>,
    /// The request body.
    pub body: Bytes,
    /// Correlation id.
    pub correlation_id: String,
    /// The token's tenant binding.
    pub tenant: Option<String>,
    /// The instant the request was evaluated as of (the candidate uses the same).
    pub now: String,
    /// The client's answer: HTTP status and body.
    pub status: StatusCode,
    /// The answer body, shared with the response and the decision log.
    pub answer: Bytes,
}

impl Shadows {
    /// Starts the candidate evaluations this answer is sampled for (none unless a shadow runs and
    /// the answer was a full decision), each candidate taken from `registry` and run with the
    /// tenants' `overlays`. Returns at once.
    pub fn after_answer(&self, answered: &Arc<Answered>, registry: &Registry, overlays: &Overlays) {
        if answered.status.as_u16() != 200 {
            return;
        }
        for shadow in self.sampled(SystemTime::now()) {
            if shadow.version == answered.module.info.engine_version {
                continue; // the candidate answered the client itself (pinned or activated)
            }
            let Some(candidate) = registry.get(&shadow.version) else {
                continue;
            };
            let Ok(slot) = self.slots.clone().try_acquire_owned() else {
                shadow.stats().skipped += 1;
                self.runner.metrics.count_shadow("skipped");
                continue;
            };
            let (runner, answered, overlays) =
                (self.runner.clone(), answered.clone(), overlays.clone());
            tokio::spawn(async move {
                let _slot = slot;
                runner.run(&shadow, candidate, &answered, &overlays).await;
            });
        }
    }
}

impl Runner {
    async fn run(
        &self,
        shadow: &Shadow,
        candidate: Arc<LoadedModule>,
        seen: &Answered,
        overlays: &Overlays,
    ) {
        let ctx = RequestCtx::new(Some(&seen.correlation_id));
        let tenancy = Tenancy {
            bound: seen.tenant.as_deref(),
            overlays,
        };
        let result = pipeline::evaluate(
            &self.engine,
            candidate.clone(),
            seen.body.clone(),
            &ctx,
            tenancy,
            &seen.now,
        )
        .await;
        let parse = |text: &[u8]| serde_json::from_slice::<Value>(text).unwrap_or(Value::Null);
        let active = parse(&seen.answer);
        let search_id = active["data"]["search_id"].as_str();
        let (outcome, diffs, failure) = match &result {
            Ok(answer) if answer.status.as_u16() == 200 => {
                let candidate = parse(answer.body.as_bytes());
                let diffs =
                    differences(&active["data"]["decision"], &candidate["data"]["decision"]);
                let outcome = if diffs.is_empty() { "same" } else { "differed" };
                (outcome, diffs, None)
            }
            Ok(answer) => {
                let body = parse(answer.body.as_bytes());
                let reason = body["data"]["errors"][0]
                    .as_str()
                    .map_or_else(|| format!("HTTP {}", answer.status.as_u16()), str::to_owned);
                ("failed", Vec::new(), Some(reason))
            }
            Err(error) => (
                "failed",
                Vec::new(),
                Some(format!("HTTP {}", error.status().as_u16())),
            ),
        };
        {
            let mut stats = shadow.stats();
            if failure.is_some() {
                stats.evaluated += 1;
                stats.failed += 1;
            } else {
                stats.record(&seen.correlation_id, search_id, &diffs);
            }
        }
        self.metrics.count_shadow(outcome);
        if outcome == "same" {
            return; // only differences are recorded
        }
        let line = ShadowLine {
            kind: "shadow",
            time: now_rfc3339_millis(),
            correlation_id: &seen.correlation_id,
            tenant: seen.tenant.as_deref(),
            search_id,
            active: EngineRef::of(&seen.module),
            candidate: EngineRef::of(&candidate),
            outcome,
            failure: failure.as_deref(),
            differences: &diffs,
        };
        if let Ok(text) = serde_json::to_string(&line) {
            self.decision_log.submit_line(text);
        }
    }
}

#[derive(Serialize)]
struct ShadowLine<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    time: String,
    correlation_id: &'a str,
    tenant: Option<&'a str>,
    search_id: Option<&'a str>,
    active: EngineRef<'a>,
    candidate: EngineRef<'a>,
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    failure: Option<&'a str>,
    differences: &'a [Difference],
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn tree(charges: &[(&str, &str, &str, &[&str])]) -> Value {
        let offenses: Vec<Value> = charges
            .iter()
            .map(|(id, decision, queue, rules)| {
                json!({"offense_id": id, "charge_decision": decision,
                       "routing": {"queue": queue}, "cited_rules": rules})
            })
            .collect();
        json!({"court_decisions": [{"court_search_id": "C1", "case_decisions": [
            {"jurisdiction_state": "CA", "offenses": offenses}]}]})
    }

    #[test]
    fn differences_name_each_changed_charge() {
        let a = tree(&[
            ("1", "REPORTABLE", "Automation", &["FED_A"]),
            ("2", "REPORTABLE", "Automation", &["FED_A"]),
        ]);
        let b = tree(&[
            ("1", "REPORTABLE", "Automation", &["FED_A"]),
            ("2", "NOT_REPORTABLE", "Automation", &["CA_B"]),
        ]);
        assert!(differences(&a, &a).is_empty());
        let diffs = differences(&a, &b);
        assert_eq!(diffs.len(), 1);
        assert_eq!(diffs[0].offense_id, "2");
        let mut stats = Stats::default();
        stats.record("c-1", Some("S-1"), &diffs);
        assert_eq!((stats.evaluated, stats.differed), (1, 1));
        assert_eq!(
            stats.by_change["REPORTABLE/Automation -> NOT_REPORTABLE/Automation"],
            1
        );
        assert_eq!(stats.by_rule["FED_A"], 1);
        assert_eq!(stats.by_rule["CA_B"], 1);
        assert_eq!(stats.by_state["CA"], 1);
    }

    #[test]
    fn shadow_requests_are_validated() {
        let now = SystemTime::now();
        let ok = ShadowRequest::parse(br#"{"sample_rate": 0.1}"#, now).unwrap();
        assert_eq!(ok.sample_rate, 0.1);
        assert!(ok.until.is_none());
        let with_until = ShadowRequest::parse(
            br#"{"sample_rate": 1, "until": "2999-01-01T00:00:00Z"}"#,
            now,
        )
        .unwrap();
        assert!(with_until.until.is_some());
        for (body, error) in [
            (
                &br#"{"sample_rate": 1.5}"#[..],
                ShadowRequestError::SampleRate,
            ),
            (br#"{"sample_rate": -0.1}"#, ShadowRequestError::SampleRate),
            (br#"{"sample_rate": "0.1"}"#, ShadowRequestError::SampleRate),
            (br#"{}"#, ShadowRequestError::SampleRate),
            (br#"[]"#, ShadowRequestError::Shape),
            (b"nope", ShadowRequestError::Shape),
            (
                br#"{"sample_rate": 0.1, "until": "tomorrow"}"#,
                ShadowRequestError::Until,
            ),
            (
                br#"{"sample_rate": 0.1, "until": "2000-01-01T00:00:00Z"}"#,
                ShadowRequestError::UntilPast,
            ),
            (
                br#"{"sample_rate": 0.1, "rate": 1}"#,
                ShadowRequestError::Unknown("rate".into()),
            ),
        ] {
            assert_eq!(ShadowRequest::parse(body, now), Err(error));
        }
    }
}
