//! The corpus against the native engine (`lookback_core::api`), composed the way the host does.
#![expect(clippy::panic, reason = "tests fail loudly")]

#[path = "../../tests/tests/support/corpus.rs"]
#[expect(
    dead_code,
    reason = "the native harness passes overlays in the context instead"
)]
mod corpus;

use lookback_core::input::{StageContext, evaluate_input};
use serde_json::{Value, json};

/// transform, then evaluate, as the host would; the answer in the envelope's shape.
fn run_native(case: &corpus::CorpusCase) -> (u16, Value) {
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
    let context = StageContext::new(&case.now, "corpus").with_client_rules(client_rules.as_deref());
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
