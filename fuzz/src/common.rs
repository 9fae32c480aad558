//! Shared by the targets: the engine's outputs must always be JSON, and a stage-1 success must
//! carry a record that stages 2-3 accept without panicking.
#![expect(
    clippy::panic,
    reason = "a fuzz target reports what it found by panicking; libFuzzer keeps the input"
)]
use lookback_core::api;
use lookback_core::input::{StageContext, evaluate_input};
use serde_json::Value;

/// The `now` every target evaluates as of (the engine reads no clock).
pub const NOW: &str = "2025-11-06T15:04:05Z";

/// Parses an engine answer; a non-JSON answer is a bug.
pub fn answer(text: &str) -> Value {
    match serde_json::from_str(text) {
        Ok(value) => value,
        Err(e) => panic!("engine answered text that is not JSON ({e}): {text}"),
    }
}

/// Stages 2-3 on a successful stage-1 answer, as the host chains them.
pub fn evaluate_transformed(transformed: &Value) {
    if transformed["ok"] != true {
        return;
    }
    let context = StageContext::new(NOW, "fuzz");
    let input = evaluate_input(&context, &transformed["record"].to_string());
    let out = answer(&api::evaluate(input.as_bytes()));
    assert!(out["ok"].is_boolean(), "evaluate answer without ok: {out}");
}
