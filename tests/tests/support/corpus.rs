//! The shared corpus (`tests/corpus/*.json`): each file holds a request, the `now` the host would
//! pass, and the expected outcome (status, decision tree with queues and cited rules, validation
//! status). One checker serves every engine: native, wasm under wasmtime, HTTP, browser.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

pub struct CorpusCase {
    pub name: String,
    pub now: String,
    pub request: Value,
    pub expect: Value,
}

pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus")
}

/// Every corpus case, sorted by file name.
pub fn load() -> Vec<CorpusCase> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.retain(|p| p.extension().is_some_and(|e| e == "json"));
    paths.sort();
    assert!(
        !paths.is_empty(),
        "no corpus cases found in {}",
        corpus_dir().display()
    );
    paths
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).unwrap_or_default();
            let v: Value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            CorpusCase {
                name: p
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                now: v["now"]
                    .as_str()
                    .unwrap_or("2025-01-01T00:00:00Z")
                    .to_string(),
                request: v["request"].clone(),
                expect: v["expect"].clone(),
            }
        })
        .collect()
}

/// Checks an `/evaluate`-style answer (HTTP status and envelope body) against the expectation.
pub fn check(case: &CorpusCase, status: u16, body: &Value) -> Result<(), String> {
    let want_status = case.expect["status"].as_u64().unwrap_or(0) as u16;
    if status != want_status {
        return Err(format!(
            "{}: status {status}, expected {want_status}; body {body}",
            case.name
        ));
    }
    match status {
        400 => expect_eq(
            case,
            "message",
            &body["error"]["message"],
            &case.expect["message"],
        ),
        422 => {
            expect_eq(
                case,
                "data.status",
                &body["data"]["status"],
                &json!("validation_required"),
            )?;
            if body.get("details").is_some() || case.expect.get("details").is_none() {
                expect_eq(case, "details", &body["details"], &case.expect["details"])?;
            }
            Ok(())
        }
        _ => {
            let decision = &body["data"]["decision"];
            subset(
                case,
                "decision",
                &project_decision(decision),
                &case.expect["decision"],
            )?;
            let validation = body["data"]
                .get("validation")
                .map(|v| v["status"].clone())
                .unwrap_or(Value::Null);
            expect_eq(
                case,
                "validation.status",
                &validation,
                &case.expect["validation_status"],
            )
        }
    }
}

/// Flattens each charge's routing next to its decision, and lifts the identity level to the case.
fn project_decision(decision: &Value) -> Value {
    let mut d = decision.clone();
    for court in d["court_decisions"].as_array_mut().into_iter().flatten() {
        for case in court["case_decisions"].as_array_mut().into_iter().flatten() {
            let mut level = Value::Null;
            for o in case["offenses"].as_array_mut().into_iter().flatten() {
                if let Some(routing) = o.get("routing").and_then(Value::as_object).cloned() {
                    level = routing
                        .get("identity_level")
                        .cloned()
                        .unwrap_or(Value::Null);
                    let obj = o.as_object_mut().map(|m| m as &mut Map<String, Value>);
                    if let Some(obj) = obj {
                        for (k, v) in routing {
                            obj.insert(k, v);
                        }
                    }
                }
            }
            case["identity_level"] = level;
        }
    }
    d
}

/// Every key of `want` must be present in `got` with an equal value; arrays must match in length
/// and order. Keys `got` has beyond `want` are ignored.
fn subset(case: &CorpusCase, path: &str, got: &Value, want: &Value) -> Result<(), String> {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => {
            for (k, wv) in w {
                let gv = g.get(k).unwrap_or(&Value::Null);
                subset(case, &format!("{path}.{k}"), gv, wv)?;
            }
            Ok(())
        }
        (Value::Array(g), Value::Array(w)) if w.iter().all(Value::is_object) && !w.is_empty() => {
            if g.len() != w.len() {
                return Err(format!(
                    "{}: {path} has {} items, expected {}: {got}",
                    case.name,
                    g.len(),
                    w.len()
                ));
            }
            for (i, (gv, wv)) in g.iter().zip(w).enumerate() {
                subset(case, &format!("{path}[{i}]"), gv, wv)?;
            }
            Ok(())
        }
        _ => expect_eq(case, path, got, want),
    }
}

fn expect_eq(case: &CorpusCase, path: &str, got: &Value, want: &Value) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{}: {path} = {got}, expected {want}", case.name))
    }
}

/// Runs every case through `run` and reports all failures at once.
pub fn run_all(mut run: impl FnMut(&CorpusCase) -> (u16, Value)) {
    let cases = load();
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let (status, body) = run(case);
            check(case, status, &body).err()
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} corpus cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    println!("corpus: {} cases passed", cases.len());
}
