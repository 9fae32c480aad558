//! The canary: a tiny built-in valid request run through a module's transform and evaluate
//! exports. `/health` reports its result (cached a few seconds); module loading can use it as a
//! smoke test.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Mutex;

use crate::engine::EngineHost;
use crate::module::LoadedModule;
use crate::protocol::{self, StageContext};

/// A small, valid resubmit request: one court, one case, one charge.
pub const CANARY_REQUEST: &str = r#"{"record":{"search_id":"health-canary","search_date":"2026-01-15","order_id":"HC-1","order_number":"HC-1.1","submission_type":"resubmit","candidate_info":{"first_name":"JANE","last_name":"DOE","date_of_birth":"1980-01-01"},"record_json":{"criminal_search_results":[{"court_search_id":"CANARY-COURT","search_date":"2026-01-15","criminal_records":[{"case_number":"CANARY-1","jurisdiction_state":"TX","file_date":"2020-01-02","subject_name":"JANE DOE","sub_first_name":"JANE","sub_last_name":"DOE","subject_dob":"1980-01-01","subject_ssn":"UNAVAILABLE","subject_address":"1 MAIN ST, AUSTIN, TX","offenses":[{"offense_id":"CANARY-1-1","charge":"SPEEDING","disposition":"GUILTY","type":"MISDEMEANOR","charge_date":"2020-01-01","disposition_date":"2020-02-01"}]}]}]}}}"#;

/// How long a canary result is reused.
pub const CANARY_TTL: Duration = Duration::from_secs(5);

/// Which stages answered the canary correctly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CanaryResult {
    /// Stage 1 accepted the canary request.
    pub transform: bool,
    /// Stages 2-3 produced a decision for it.
    pub evaluate: bool,
}

/// Runs the canary on `module` as of `now`, both stages in one instance as requests run them.
pub async fn run(engine: &EngineHost, module: Arc<LoadedModule>, now: &str) -> CanaryResult {
    let now = now.to_owned();
    let ran = engine
        .run(module, move |calls| {
            let Ok(text) = protocol::transform(calls, CANARY_REQUEST.as_bytes()) else {
                return FAILED;
            };
            let out = match protocol::read_transform(calls, &text) {
                Ok(out) if out.ok => out,
                _ => return FAILED,
            };
            let context = StageContext::new(&now, "health-canary");
            let evaluated = protocol::evaluate_answer(calls, out.record, &context);
            CanaryResult {
                transform: true,
                evaluate: evaluated
                    .is_ok_and(|answer| answer.read().is_ok_and(|e| e.decision.starts_with('{'))),
            }
        })
        .await;
    ran.unwrap_or(FAILED)
}

/// Neither stage answered.
const FAILED: CanaryResult = CanaryResult {
    transform: false,
    evaluate: false,
};

/// The last canary result per module digest, reused for [`CANARY_TTL`]. The lock also makes
/// concurrent health checks share one canary run.
#[derive(Default)]
pub struct CanaryCache {
    last: Mutex<Option<(Instant, String, CanaryResult)>>,
    /// The newest result by digest, readable while a run holds `last`.
    newest: std::sync::Mutex<Option<(String, CanaryResult)>>,
}

impl CanaryCache {
    /// The cached result for `module`, or a fresh one run as of `now`.
    pub async fn get(
        &self,
        engine: &EngineHost,
        module: Arc<LoadedModule>,
        now: &str,
    ) -> CanaryResult {
        let mut last = self.last.lock().await;
        if let Some((at, sha, result)) = last.as_ref()
            && at.elapsed() < CANARY_TTL
            && *sha == module.sha256
        {
            return *result;
        }
        let sha = module.sha256.clone();
        let result = run(engine, module, now).await;
        *self
            .newest
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some((sha.clone(), result));
        *last = Some((Instant::now(), sha, result));
        result
    }

    /// [`CanaryCache::get`], waiting at most `wait` (the engine pool may be full of requests):
    /// then the newest result for `module`, else a pass (the module passed its self-test when it
    /// was loaded). A busy engine is not an unhealthy one, and probes must get an answer.
    pub async fn get_within(
        &self,
        engine: &EngineHost,
        module: Arc<LoadedModule>,
        now: &str,
        wait: Duration,
    ) -> CanaryResult {
        let sha = module.sha256.clone();
        if let Ok(result) = tokio::time::timeout(wait, self.get(engine, module, now)).await {
            return result;
        }
        let newest = self
            .newest
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match newest.as_ref() {
            Some((newest_sha, result)) if *newest_sha == sha => *result,
            _ => CanaryResult {
                transform: true,
                evaluate: true,
            },
        }
    }
}
