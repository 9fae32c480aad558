//! Prometheus metrics: the counters and histograms, and their exposition in the OpenMetrics text
//! format Prometheus scrapes (served at `GET /metrics`, admin role, by `routes::metrics`).
//!
//! Labels are closed sets (route patterns, methods, statuses, stages, decisions, queues, outcomes):
//! never a path, a body value or anything personal. Module versions appear only on the
//! `lookback_engine_module_info` gauge (one series per loaded module), never on request series.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use lookback_core::vocabulary::{API_VERSION, Label, Queue};
use lookback_runtime::{CallError, CallObserver, Export, Registry};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::metrics::info::Info;
use prometheus_client::registry::Registry as PromRegistry;

/// The exposition's content type (OpenMetrics text, which Prometheus negotiates and reads).
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct HttpLabels {
    route: String,
    method: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StageLabels {
    stage: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct FailureLabels {
    stage: &'static str,
    kind: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct DecisionLabels {
    charge_decision: String,
    queue: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabels {
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ModuleInfoLabels {
    engine_version: String,
    rules_version: String,
    sha256: String,
    active: bool,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct BuildLabels {
    version: &'static str,
    api_version: &'static str,
}

type Histograms<L> = Family<L, Histogram, fn() -> Histogram>;

/// Module-version events, counted where they happen ([`crate::modules::Modules`]).
#[derive(Debug, Clone, Default)]
pub struct ModuleEvents {
    /// Activations and rollbacks that changed the active module.
    pub swaps: Counter,
    /// Modules refused (any check), uploads and directory files alike.
    pub refusals: Counter,
    /// Refusals because the corpus self-test failed (also counted in `refusals`).
    pub self_test_failures: Counter,
}

/// Every metric of one server. Cheap to clone.
#[derive(Clone)]
pub struct Metrics {
    registry: Arc<PromRegistry>,
    http_requests: Family<HttpLabels, Counter>,
    http_duration: Histograms<RouteLabels>,
    stage_duration: Histograms<StageLabels>,
    engine_failures: Family<FailureLabels, Counter>,
    decisions: Family<DecisionLabels, Counter>,
    dictionary_charges: Counter,
    decision_log: Family<OutcomeLabels, Counter>,
    shadow: Family<OutcomeLabels, Counter>,
    module_info: Family<ModuleInfoLabels, Gauge>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Metrics")
    }
}

/// 0.5 ms to about 16 s: an engine stage takes about a millisecond, a deadline kill 2 s.
fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.0005, 2.0, 16))
}

impl Metrics {
    /// Registers every metric; `modules` are the module-version counters to expose.
    pub fn new(modules: &ModuleEvents) -> Self {
        let mut registry = PromRegistry::with_prefix("lookback");
        let http_requests = Family::<HttpLabels, Counter>::default();
        let http_duration: Histograms<RouteLabels> =
            Family::new_with_constructor(latency_histogram);
        let stage_duration: Histograms<StageLabels> =
            Family::new_with_constructor(latency_histogram);
        let engine_failures = Family::<FailureLabels, Counter>::default();
        let decisions = Family::<DecisionLabels, Counter>::default();
        let dictionary_charges = Counter::default();
        let decision_log = Family::<OutcomeLabels, Counter>::default();
        let shadow = Family::<OutcomeLabels, Counter>::default();
        let module_info = Family::<ModuleInfoLabels, Gauge>::default();

        registry.register(
            "http_requests",
            "HTTP requests by route pattern, method and status",
            http_requests.clone(),
        );
        registry.register(
            "http_request_duration_seconds",
            "HTTP request latency by route pattern",
            http_duration.clone(),
        );
        registry.register(
            "engine_stage_duration_seconds",
            "Engine call latency by stage (transform, evaluate, transform_xml, identity_match, info, charge_keys)",
            stage_duration.clone(),
        );
        registry.register(
            "engine_call_failures",
            "Engine calls that failed, by stage and kind (deadline, memory, trap, invalid_output, refused, busy, other)",
            engine_failures.clone(),
        );
        registry.register(
            "decisions",
            "Charge decisions answered by /evaluate, by charge_decision and queue",
            decisions.clone(),
        );
        registry.register(
            "dictionary_charges",
            "Charges of /evaluate answers whose reading a tenant's charge dictionary set",
            dictionary_charges.clone(),
        );
        registry.register(
            "decision_log_lines",
            "Decision-log lines by outcome (written, dropped: queue full, failed: write error)",
            decision_log.clone(),
        );
        registry.register(
            "shadow_evaluations",
            "Shadow evaluations by outcome (same, differed, failed, skipped: no shadow slot free)",
            shadow.clone(),
        );
        registry.register(
            "module_swaps",
            "Changes of the active engine module (activation, rollback)",
            modules.swaps.clone(),
        );
        registry.register(
            "module_refusals",
            "Engine modules refused by a load check",
            modules.refusals.clone(),
        );
        registry.register(
            "module_self_test_failures",
            "Engine modules refused because the corpus self-test failed",
            modules.self_test_failures.clone(),
        );
        registry.register(
            "engine_module_info",
            "Loaded engine modules (value 1), with versions and digest as labels",
            module_info.clone(),
        );
        registry.register(
            "build",
            "The lookback build",
            Info::new(BuildLabels {
                version: env!("CARGO_PKG_VERSION"),
                api_version: API_VERSION,
            }),
        );
        Self {
            registry: Arc::new(registry),
            http_requests,
            http_duration,
            stage_duration,
            engine_failures,
            decisions,
            dictionary_charges,
            decision_log,
            shadow,
            module_info,
        }
    }

    /// One HTTP answer. `route` is a route pattern or `<unmatched>` (never a path); a method
    /// outside the standard ones is counted as `other`, so made-up methods add no series.
    pub fn observe_http(&self, route: &str, method: &str, status: StatusCode, elapsed: Duration) {
        self.http_requests
            .get_or_create(&HttpLabels {
                route: route.to_owned(),
                method: closed(method, STANDARD_METHODS),
                status: status.as_u16(),
            })
            .inc();
        self.http_duration
            .get_or_create(&RouteLabels {
                route: route.to_owned(),
            })
            .observe(elapsed.as_secs_f64());
    }

    /// `charges` charge decisions of an `/evaluate` answer with this decision and queue.
    pub fn count_decisions(&self, charge_decision: &str, queue: &str, charges: u64) {
        self.decisions
            .get_or_create(&DecisionLabels {
                charge_decision: closed(charge_decision, Label::ALL.map(Label::as_str)),
                queue: closed(queue, Queue::ALL.map(Queue::as_str)),
            })
            .inc_by(charges);
    }

    /// `charges` charges of an `/evaluate` answer read by the tenant's charge dictionary.
    pub fn count_dictionary_reads(&self, charges: u64) {
        self.dictionary_charges.inc_by(charges);
    }

    /// One decision-log line: `written`, `dropped` or `failed`.
    pub fn count_log_line(&self, outcome: &'static str) {
        self.count_log_lines(outcome, 1);
    }

    /// `lines` decision-log lines with the same outcome (a batch written or failed at once).
    pub fn count_log_lines(&self, outcome: &'static str, lines: u64) {
        self.decision_log
            .get_or_create(&OutcomeLabels { outcome })
            .inc_by(lines);
    }

    /// One shadow evaluation: `same`, `differed`, `failed` or `skipped`.
    pub fn count_shadow(&self, outcome: &'static str) {
        self.shadow.get_or_create(&OutcomeLabels { outcome }).inc();
    }

    /// The exposition text, with the module gauge refreshed from `registry`.
    pub fn render(&self, registry: &Registry) -> Result<String, std::fmt::Error> {
        let active = registry.active().info.engine_version.clone();
        self.module_info.clear();
        for module in registry.list() {
            self.module_info
                .get_or_create(&ModuleInfoLabels {
                    active: module.info.engine_version == active,
                    engine_version: module.info.engine_version.clone(),
                    rules_version: module.info.rules_version.clone(),
                    sha256: module.sha256.clone(),
                })
                .set(1);
        }
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)?;
        Ok(text)
    }
}

/// The request methods counted by name (RFC 9110's, and PATCH).
const STANDARD_METHODS: [&str; 9] = [
    "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH",
];

/// A label value from a closed set; anything else (a foreign module's output, a made-up method)
/// is `other`, so a client or module cannot inflate the series count or put data in a label.
fn closed<const N: usize>(value: &str, allowed: [&str; N]) -> String {
    if allowed.contains(&value) {
        value.to_owned()
    } else {
        "other".to_owned()
    }
}

impl CallObserver for Metrics {
    fn observe(&self, export: Export, elapsed: Duration, result: &Result<String, CallError>) {
        let stage = stage_name(export);
        self.stage_duration
            .get_or_create(&StageLabels { stage })
            .observe(elapsed.as_secs_f64());
        if let Err(error) = result {
            let kind = match error {
                CallError::Deadline(_) => "deadline",
                CallError::Memory(_) => "memory",
                CallError::Trap(_) => "trap",
                CallError::InvalidOutput(_) => "invalid_output",
                CallError::Refused(_) => "refused",
                CallError::PoolExhausted => "busy",
                CallError::Other(_) => "other",
            };
            self.engine_failures
                .get_or_create(&FailureLabels { stage, kind })
                .inc();
        }
    }
}

fn stage_name(export: Export) -> &'static str {
    match export {
        Export::Info => "info",
        // The kept-record pair runs the same stages: the same labels.
        Export::Transform | Export::TransformKeep => "transform",
        Export::TransformXml => "transform_xml",
        Export::Evaluate | Export::EvaluateKept => "evaluate",
        Export::IdentityMatch => "identity_match",
        Export::ChargeKeys => "charge_keys",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn foreign_label_values_collapse_to_other() {
        let labels = Label::ALL.map(Label::as_str);
        assert_eq!(closed("REPORTABLE", labels), "REPORTABLE");
        assert_eq!(closed("123-45-6789", labels), "other");
        assert_eq!(
            closed("Insufficient Data", Queue::ALL.map(Queue::as_str)),
            "Insufficient Data"
        );
        assert_eq!(closed("PATCH", STANDARD_METHODS), "PATCH");
        assert_eq!(closed("XYZZY", STANDARD_METHODS), "other");
        assert_eq!(
            closed("get", STANDARD_METHODS),
            "other",
            "methods are case-sensitive"
        );
    }
}
