//! Runs one engine stage on the 10-charge fixture many times, for an instruction-count profile:
//! `cargo build --release -p lookback-core --example profile_stages`, then
//! `valgrind --tool=callgrind target/release/examples/profile_stages evaluate 200`
//! (`transform` for stage 1; `request` for both stages as the server runs them, the record kept
//! between them; `print` prints the evaluate input instead). A third argument names another body
//! to run instead of the fixture (`lookback-bench record --charges 1000` makes a large one).

use lookback_core::input::{StageContext, evaluate_input, evaluate_kept_input};
use serde_json::Value;

const TEN_CHARGES: &[u8] = include_bytes!("../fixtures/ten-charges.json");

fn main() {
    let mut args = std::env::args().skip(1);
    let stage = args.next().unwrap_or_else(|| "evaluate".to_string());
    let runs: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let body = match args.next() {
        Some(path) => std::fs::read(&path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2)
        }),
        None => TEN_CHARGES.to_vec(),
    };
    let body = body.as_slice();
    let transformed: Value =
        serde_json::from_str(&lookback_core::api::transform(body)).unwrap_or_default();
    let context = StageContext::new("2025-11-06T12:00:00Z", "profile");
    let input = evaluate_input(&context, &transformed["record"].to_string());
    if stage == "print" {
        println!("{input}");
        return;
    }
    let context = evaluate_kept_input(&context);
    let mut bytes = 0;
    for _ in 0..runs {
        bytes += match stage.as_str() {
            "transform" => lookback_core::api::transform(body).len(),
            "request" => {
                lookback_core::api::transform_keep(body).len()
                    + lookback_core::api::evaluate_kept(context.as_bytes()).len()
            }
            _ => lookback_core::api::evaluate(input.as_bytes()).len(),
        };
    }
    println!("{stage} x{runs}: {bytes} bytes out");
}
