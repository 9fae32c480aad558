//! One `/evaluate` body read two ways, charge by charge: which charges change decision, queue or
//! cited rules. A way is a module version and the charge dictionary it reads the record with (none:
//! the built-in reading alone), so one comparison serves both reviews: two module versions
//! (`POST /admin/diff`, `lookback diff --to`, docs/decisions.md §9) and two dictionaries of a tenant
//! (`POST /admin/tenants/{tenant}/dictionary/diff`, `lookback diff --dictionary`). Online and
//! offline reviews agree.

use std::sync::Arc;

use lookback_core::vocabulary::{Label, Queue};
use lookback_runtime::contract::Decision;
use lookback_runtime::{EngineHost, LoadedModule};
use serde::Serialize;
use serde_json::Value;

use crate::context::RequestCtx;
use crate::dictionary::TenantDictionary;
use crate::pipeline::{self, Answer};

/// One way of reading a record: a module, and the dictionary it reads every record with.
#[derive(Debug, Clone)]
pub struct Reading {
    /// The module.
    pub module: Arc<LoadedModule>,
    /// The charge dictionary (none: the built-in reading alone).
    pub dictionary: Option<Arc<TenantDictionary>>,
}

impl Reading {
    /// `module` with no dictionary: the law and the built-in reading alone.
    pub fn plain(module: Arc<LoadedModule>) -> Self {
        Self {
            module,
            dictionary: None,
        }
    }
}

/// One side of a diff: the module, the dictionary, and what they answered.
#[derive(Debug, Clone, Serialize)]
pub struct Side {
    /// Engine version.
    pub version: String,
    /// Rules version.
    pub rules_version: String,
    /// SHA-256 of the module bytes.
    pub sha256: String,
    /// The charge dictionary's version, when the side read the record with one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dictionary: Option<String>,
    /// HTTP status `/evaluate` would answer.
    pub status: u16,
    /// Why there is no decision (400 message, stage failure), when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip)]
    decision: Option<Decision>,
}

/// A charge's outcome on one side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// `charge_decision`.
    pub decision: Label,
    /// `routing.queue`.
    pub queue: Queue,
    /// `cited_rules`.
    pub cited_rules: Vec<String>,
}

/// A charge whose outcome differs (or that only one side has).
#[derive(Debug, Clone, Serialize)]
pub struct ChargeChange {
    /// Court search id.
    pub court_search_id: String,
    /// Case number.
    pub case_number: String,
    /// Offense id.
    pub offense_id: String,
    /// Charge text.
    pub charge: Option<String>,
    /// Outcome on the first version (`None`: the charge is absent there).
    pub from: Option<Outcome>,
    /// Outcome on the second version.
    pub to: Option<Outcome>,
    /// Rules cited on one side only (`-RULE` only before, `+RULE` only after).
    pub rules_changed: Vec<String>,
}

/// The diff of one request.
#[derive(Debug, Clone, Serialize)]
pub struct DiffReport {
    /// First version.
    pub from: Side,
    /// Second version.
    pub to: Side,
    /// Charges compared (the union of both sides).
    pub charges: usize,
    /// Charges that differ.
    pub changes: Vec<ChargeChange>,
    /// `record_decision` on each side, when both decided and they differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record_decision: Option<[Label; 2]>,
}

/// Evaluates `body` read as `from` and as `to`, as of `now`, and compares the answers.
pub async fn diff(
    engine: &EngineHost,
    from: &Reading,
    to: &Reading,
    body: axum::body::Bytes,
    now: &str,
) -> DiffReport {
    let from = side(engine, from, body.clone(), now).await;
    let to = side(engine, to, body, now).await;
    compare(from, to)
}

/// [`diff`] of one record (the `record` of an `/evaluate` body), as the admin endpoints take it.
pub async fn diff_record(
    engine: &EngineHost,
    from: &Reading,
    to: &Reading,
    record: Value,
    now: &str,
) -> DiffReport {
    // A `Value` always serialises.
    let body = serde_json::to_vec(&serde_json::json!({ "record": record })).unwrap_or_default();
    diff(engine, from, to, body.into(), now).await
}

async fn side(engine: &EngineHost, reading: &Reading, body: axum::body::Bytes, now: &str) -> Side {
    let ctx = RequestCtx::new(Some("diff"));
    let module = reading.module.clone();
    // Compared on the law alone, without a tenant's overlay; the side's dictionary reads the
    // record whatever its tenant.
    let overlays = crate::client_rules::Overlays::none()
        .with_dictionary_for_every_record(reading.dictionary.clone());
    let tenancy = pipeline::Tenancy::anonymous(&overlays);
    let answer = match pipeline::evaluate(engine, module.clone(), body, &ctx, tenancy, now).await {
        Ok(answer) => answer,
        Err(error) => Answer::plain(error.status(), error.body()),
    };
    let json: Value = serde_json::from_str(&answer.body).unwrap_or(Value::Null);
    let decision = serde_json::from_value::<Decision>(json["data"]["decision"].clone()).ok();
    let error = if decision.is_some() && answer.status.as_u16() == 200 {
        None
    } else {
        json["error"]["message"]
            .as_str()
            .or_else(|| json["data"]["errors"][0].as_str())
            .map(str::to_owned)
    };
    Side {
        version: module.info.engine_version.clone(),
        rules_version: module.info.rules_version.clone(),
        sha256: module.sha256.clone(),
        dictionary: answer.dictionary.map(|d| d.meta.version),
        status: answer.status.as_u16(),
        error,
        decision,
    }
}

/// Charge-by-charge comparison, matching charges by court, case and offense id.
pub fn compare(from: Side, to: Side) -> DiffReport {
    type Key = (String, String, String);
    let rows = |side: &Side| -> Vec<(Key, Option<String>, Outcome)> {
        side.decision
            .iter()
            .flat_map(Decision::charges)
            .map(|(court, case, charge)| {
                (
                    (
                        court.court_search_id.clone(),
                        case.case_number.clone(),
                        charge.offense_id.clone(),
                    ),
                    charge.charge.clone(),
                    Outcome {
                        decision: charge.charge_decision,
                        queue: charge.routing.queue,
                        cited_rules: charge.cited_rules.clone(),
                    },
                )
            })
            .collect()
    };
    let before = rows(&from);
    let after = rows(&to);
    let mut keys: Vec<(&Key, &Option<String>)> = before.iter().map(|(k, c, _)| (k, c)).collect();
    for (key, charge, _) in &after {
        if !before.iter().any(|(k, _, _)| k == key) {
            keys.push((key, charge));
        }
    }
    let find = |rows: &[(Key, Option<String>, Outcome)], key: &Key| {
        rows.iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, _, o)| o.clone())
    };
    let changes = keys
        .iter()
        .filter_map(|(key, charge)| {
            let (a, b) = (find(&before, key), find(&after, key));
            (a != b).then(|| ChargeChange {
                court_search_id: key.0.clone(),
                case_number: key.1.clone(),
                offense_id: key.2.clone(),
                charge: (*charge).clone(),
                rules_changed: rules_changed(a.as_ref(), b.as_ref()),
                from: a,
                to: b,
            })
        })
        .collect();
    let record_decision = match (&from.decision, &to.decision) {
        (Some(a), Some(b)) if a.record_decision != b.record_decision => {
            Some([a.record_decision, b.record_decision])
        }
        _ => None,
    };
    DiffReport {
        charges: keys.len(),
        from,
        to,
        changes,
        record_decision,
    }
}

fn rules_changed(a: Option<&Outcome>, b: Option<&Outcome>) -> Vec<String> {
    let empty = Vec::new();
    let a = a.map_or(&empty, |o| &o.cited_rules);
    let b = b.map_or(&empty, |o| &o.cited_rules);
    let removed = a.iter().filter(|r| !b.contains(r)).map(|r| format!("-{r}"));
    let added = b.iter().filter(|r| !a.contains(r)).map(|r| format!("+{r}"));
    removed.chain(added).collect()
}
