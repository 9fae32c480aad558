//! The shared corpus (`tests/corpus/*.json`): each file holds a request, the `now` the host would
//! pass, and the expected outcome (status, decision tree with queues and cited rules, validation
//! status). One checker serves every engine: native, wasm under wasmtime, HTTP, browser.
//!
//! A case may carry a tenant's client-rules overlay under `client_rules` (docs/decisions.md §7.5); its
//! request then names that tenant in `record.tenant_id`. Harnesses pass the overlay the way the
//! host does: as `context.client_rules` (native, self-test), or from an overlay folder made with
//! [`write_overlays`] (HTTP and offline, which pick it by the record's tenant).
//!
//! The cases of a tenant's charge dictionary are a corpus of their own (`tests/corpus-dictionary/`,
//! [`dictionary_dir`]), each with the tenant's dictionary file under `charge_dictionary`, and
//! either the usual expectation or, for a file the host must refuse, `expect.refused` (a part of
//! the message). [`write_overlays`] writes their files beside the overlays.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

pub struct CorpusCase {
    pub name: String,
    /// The `now` a harness that calls the engine directly passes (the HTTP and offline ones
    /// use the host's clock: only `decision_date` depends on it).
    pub now: String,
    pub request: Value,
    pub expect: Value,
    /// The tenant's client-rules overlay, if the case has one.
    pub client_rules: Option<Value>,
    /// The tenant's charge dictionary file, if the case has one.
    pub charge_dictionary: Option<Value>,
}

pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus")
}

/// The charge-dictionary cases.
pub fn dictionary_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus-dictionary")
}

/// Every corpus case, sorted by file name.
pub fn load() -> Vec<CorpusCase> {
    load_dir(&corpus_dir())
}

/// Every case in `dir`, sorted by file name.
pub fn load_dir(dir: &Path) -> Vec<CorpusCase> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.retain(|p| p.extension().is_some_and(|e| e == "json"));
    paths.sort();
    assert!(
        !paths.is_empty(),
        "no corpus cases found in {}",
        dir.display()
    );
    paths
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).unwrap_or_default();
            let v: Value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            let client_rules = v.get("client_rules").filter(|c| !c.is_null()).cloned();
            let charge_dictionary = v.get("charge_dictionary").filter(|c| !c.is_null()).cloned();
            assert!(
                (client_rules.is_none() && charge_dictionary.is_none())
                    || v["request"]["record"]["tenant_id"].is_string(),
                "{}: a case with client_rules or a charge_dictionary must name its tenant in request.record.tenant_id",
                p.display()
            );
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
                client_rules,
                charge_dictionary,
            }
        })
        .collect()
}

/// Writes every case's overlay into `dir` as `<tenant_id>.json` and every case's charge
/// dictionary as `<tenant_id>.dictionary.json` (the layout of `LOOKBACK_CLIENT_RULES_DIR`); two
/// cases naming one tenant must carry the same overlay and the same dictionary. Returns how many
/// files it wrote.
pub fn write_overlays(cases: &[CorpusCase], dir: &Path) -> usize {
    write_tenant_files(cases, dir, "json", |case| case.client_rules.as_ref())
        + write_tenant_files(cases, dir, "dictionary.json", |case| {
            case.charge_dictionary.as_ref()
        })
}

/// One file per tenant of `cases` into `dir`, named `<tenant_id>.<extension>`, holding what
/// `file_of` gives for its cases.
fn write_tenant_files(
    cases: &[CorpusCase],
    dir: &Path,
    extension: &str,
    file_of: impl Fn(&CorpusCase) -> Option<&Value>,
) -> usize {
    let mut written: Vec<(String, Value)> = Vec::new();
    for case in cases {
        let Some(rules) = file_of(case) else {
            continue;
        };
        let tenant = case.request["record"]["tenant_id"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        if let Some((_, earlier)) = written.iter().find(|(t, _)| *t == tenant) {
            assert_eq!(
                earlier, rules,
                "{}: tenant {tenant} has two different {extension} files",
                case.name
            );
            continue;
        }
        let path = dir.join(format!("{tenant}.{extension}"));
        std::fs::write(&path, rules.to_string())
            .unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
        written.push((tenant, rules.clone()));
    }
    written.len()
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
            expectation_is_complete(case)?;
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

/// A 200 expectation names the search queue and every charge's queue: the host's self-test
/// compares them, so a case without them would pass here and fail there.
fn expectation_is_complete(case: &CorpusCase) -> Result<(), String> {
    let decision = &case.expect["decision"];
    let missing = |what: &str| Err(format!("{}: the expectation lacks {what}", case.name));
    if decision["search_queue"].is_null() {
        return missing("decision.search_queue");
    }
    let offenses = decision["court_decisions"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|court| court["case_decisions"].as_array().into_iter().flatten())
        .flat_map(|case| case["offenses"].as_array().into_iter().flatten());
    for offense in offenses {
        if offense["queue"].is_null() {
            return missing(&format!("the queue of offense {}", offense["offense_id"]));
        }
    }
    Ok(())
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
