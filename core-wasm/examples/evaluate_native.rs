//! Evaluates one `/evaluate` body (or a corpus file's `request`) with the native engine and prints
//! the engine output: `cargo run -p lookback-core --example evaluate_native -- FILE [NOW]`.

use lookback_core::input::{StageContext, evaluate_input};
use serde_json::{Value, json};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: evaluate_native FILE [NOW]");
        std::process::exit(2);
    };
    let now = args
        .next()
        .unwrap_or_else(|| "2025-11-06T00:00:00Z".to_string());
    let file: Value = std::fs::read(&path)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or(Value::Null);
    // A corpus case's tenant overlay goes in the context, as the host passes it.
    let client_rules = file.get("client_rules").cloned().unwrap_or(Value::Null);
    let body = if file.get("request").is_some() {
        file["request"].clone()
    } else {
        file
    };
    let transformed: Value =
        serde_json::from_str(&lookback_core::api::transform(body.to_string().as_bytes()))
            .unwrap_or_default();
    if transformed["ok"] != json!(true) {
        println!("{transformed:#}");
        return;
    }
    let client_rules = (!client_rules.is_null()).then(|| client_rules.to_string());
    let context = StageContext::new(&now, "example").with_client_rules(client_rules.as_deref());
    let input = evaluate_input(&context, &transformed["record"].to_string());
    let out: Value =
        serde_json::from_str(&lookback_core::api::evaluate(input.as_bytes())).unwrap_or_default();
    println!("{out:#}");
}
