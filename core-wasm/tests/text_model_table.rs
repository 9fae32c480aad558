//! The shipped text model (`src/parse/classify/text_model_table.rs`) is what the trainer makes of
//! the development data now, byte for byte (issue 21 item 2). Needs `shared/reference/charges`
//! (`LOOKBACK_SHARED_DIR`, else `../shared` beside the repository, as CI has it); skipped, with
//! the reason printed, where the data is absent.

#[path = "../examples/classify_report/rows.rs"]
#[expect(
    dead_code,
    reason = "the report's rows: the trainer reads only text and class"
)]
mod rows;
#[path = "../examples/classify_report/table.rs"]
mod table;
#[path = "../examples/classify_report/train.rs"]
mod train;

use std::path::{Path, PathBuf};

const SHIPPED: &str = include_str!("../src/parse/classify/text_model_table.rs");

fn charges_dir() -> PathBuf {
    std::env::var_os("LOOKBACK_SHARED_DIR")
        .map_or_else(
            || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared"),
            PathBuf::from,
        )
        .join("reference/charges")
}

#[test]
fn the_shipped_table_is_regenerated_byte_for_byte() {
    let dir = charges_dir();
    if !dir.join("california-charges.jsonl").is_file() {
        eprintln!(
            "skipped: {} has no development charge sets (set LOOKBACK_SHARED_DIR)",
            dir.display()
        );
        return;
    }
    let fresh = match table::generate(&dir) {
        Ok(fresh) => fresh,
        Err(e) => panic!("cannot train on {}: {e}", dir.display()),
    };
    assert!(
        fresh == SHIPPED,
        "text_model_table.rs is stale: regenerate it with `cargo run -p lookback-core --example \
         train_text_model -- {} > core-wasm/src/parse/classify/text_model_table.rs`",
        dir.display()
    );
}

/// Training twice on the same rows gives the same table.
#[test]
fn training_is_deterministic() {
    let rows = [
        ("SPEEDING 20 OVER", true),
        ("FAIL YLD INTSEC", true),
        ("THEFT", false),
        ("ASSAULT 2ND DEGREE", false),
    ];
    let a = train::train(rows);
    let b = train::train(rows);
    assert!(a.weights == b.weights && a.bias == b.bias);
    assert!(a.weights.iter().any(|w| *w != 0));
}
