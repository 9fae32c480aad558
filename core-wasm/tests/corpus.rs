//! The corpus against the native engine (`lookback_core::api`), composed the way the host does;
//! and the charge-dictionary corpus (`tests/corpus-dictionary/`): each case's dictionary file is
//! validated as the host validates it, then passed as the host passes it
//! (`context.charge_dictionary`), and a file the host must refuse is refused with the case's message.
#![expect(clippy::panic, reason = "tests fail loudly")]

#[path = "../../tests/tests/support/corpus.rs"]
#[expect(
    dead_code,
    reason = "the native harness passes overlays and dictionaries in the context instead"
)]
mod corpus;

use lookback_core::dictionary::DictionaryFile;
use lookback_core::input::{StageContext, evaluate_input};
use serde_json::{Value, json};

/// transform, then evaluate, as the host would; the answer in the envelope's shape.
fn run_native(case: &corpus::CorpusCase) -> (u16, Value) {
    run_with_dictionary(case, None)
}

/// [`run_native`] with `dictionary` (the engine's form) in the context.
fn run_with_dictionary(case: &corpus::CorpusCase, dictionary: Option<&str>) -> (u16, Value) {
    let body = serde_json::to_vec(&case.request).unwrap_or_default();
    let transformed: Value =
        serde_json::from_str(&lookback_core::api::transform(&body)).unwrap_or_default();
    if transformed["ok"] != json!(true) {
        let status = transformed["http_status"].as_u64().unwrap_or(0) as u16;
        return match status {
            422 => (
                status,
                json!({"data": {"status": "validation_required"}, "details": transformed["details"]}),
            ),
            _ => (
                status,
                json!({"error": {"message": transformed["message"]}}),
            ),
        };
    }
    let client_rules = case.client_rules.as_ref().map(Value::to_string);
    let context = StageContext::new(&case.now, "corpus")
        .with_client_rules(client_rules.as_deref())
        .with_charge_dictionary(dictionary);
    let input = evaluate_input(&context, &transformed["record"].to_string());
    let out: Value =
        serde_json::from_str(&lookback_core::api::evaluate(input.as_bytes())).unwrap_or_default();
    assert_eq!(
        out["ok"],
        json!(true),
        "{}: evaluate failed: {out}",
        case.name
    );
    let mut data = json!({"decision": out["decision"]});
    if let Some(v) = out.get("validation") {
        data["validation"] = v.clone();
    }
    (200, json!({ "data": data }))
}

#[test]
fn corpus_native_engine() {
    corpus::run_all(run_native);
}

#[test]
fn dictionary_corpus_native_engine() {
    let cases = corpus::load_dir(&corpus::dictionary_dir());
    assert!(cases.len() >= 3, "{} dictionary cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let file = case.charge_dictionary.as_ref().map(Value::to_string);
        let file = file.unwrap_or_else(|| panic!("{}: no charge_dictionary", case.name));
        let parsed = DictionaryFile::parse(&file);
        if let Some(refused) = case.expect["refused"].as_str() {
            match parsed {
                Err(message) if message.contains(refused) => continue,
                other => panic!(
                    "{}: expected a refusal ({refused}), got {other:?}",
                    case.name
                ),
            }
        }
        let parsed = parsed.unwrap_or_else(|e| panic!("{}: refused: {e}", case.name));
        let (status, body) = run_with_dictionary(case, Some(&parsed.engine_input("corpus")));
        // Every case is read by its dictionary (else it tests the law alone).
        let read = body
            .to_string()
            .contains(r#""dictionary":{"version":"corpus""#);
        assert!(read, "{}: no charge read by the dictionary", case.name);
        if let Err(e) = corpus::check(case, status, &body) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every rule that decides charges (every row but a `Notice`) fires in at least one named corpus
/// case: the engine's answer cites it on a charge whose expectation pins it in `cited_rules`, so a
/// rule that stops firing fails a pinned case, and a rule added without a case fails here.
#[test]
fn every_deciding_rule_fires_in_a_named_corpus_case() {
    use lookback_core::rules::{all_rules, schema::Action, schema::Scope};
    use std::collections::{BTreeMap, BTreeSet};

    for id in OUTSIDE_THE_CORPUS {
        assert!(
            all_rules()
                .iter()
                .any(|r| r.id == *id && r.scope == Scope::System),
            "OUTSIDE_THE_CORPUS may hold system rules only: {id}"
        );
    }

    let mut fired: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for case in corpus::load() {
        let (_, answer) = run_native(&case);
        let cited = cited_rules(&answer["data"]["decision"]);
        let pinned = cited_rules(&case.expect["decision"]);
        for id in cited.intersection(&pinned) {
            fired
                .entry(id.clone())
                .or_default()
                .insert(case.name.clone());
        }
    }
    let mut without_case: Vec<&str> = Vec::new();
    for rule in all_rules() {
        if rule.action == Action::Notice || OUTSIDE_THE_CORPUS.contains(&rule.id) {
            continue;
        }
        if !fired.contains_key(rule.id) && !without_case.contains(&rule.id) {
            without_case.push(rule.id);
        }
    }
    for (id, cases) in &fired {
        println!(
            "{id}: {}",
            cases.iter().cloned().collect::<Vec<_>>().join(", ")
        );
    }
    assert!(
        without_case.is_empty(),
        "{} deciding rules fire in no corpus case (write a case at the rule's boundary under \
         tests/corpus/ whose expectation pins the id in cited_rules): {}",
        without_case.len(),
        without_case.join(", ")
    );
}

/// Rules the engine raises only when a stage fails, never from a record: `SYS_ENGINE_FAILURE` is
/// the host's fail-safe decision, proven by the end-to-end fault tests (`tests/tests/faults.rs`).
const OUTSIDE_THE_CORPUS: &[&str] = &["SYS_ENGINE_FAILURE"];

/// Every rule id cited on any charge of a decision tree.
fn cited_rules(decision: &Value) -> std::collections::BTreeSet<String> {
    decision["court_decisions"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|court| court["case_decisions"].as_array().into_iter().flatten())
        .flat_map(|case| case["offenses"].as_array().into_iter().flatten())
        .flat_map(|offense| offense["cited_rules"].as_array().into_iter().flatten())
        .filter_map(|id| id.as_str().map(str::to_string))
        .collect()
}
