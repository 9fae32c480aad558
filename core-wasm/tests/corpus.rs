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
