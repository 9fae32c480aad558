//! Writes the text model's table (`core-wasm/src/parse/classify/text_model_table.rs`) to
//! standard output, trained on every labelled development row (issue 21 item 2).
//!
//! `cargo run -p lookback-core --example train_text_model -- [DIR]`, DIR defaulting to
//! `../shared/reference/charges`.

#[path = "../classify_report/rows.rs"]
#[expect(
    dead_code,
    reason = "the report's rows: the trainer reads only text and class"
)]
mod rows;
#[path = "../classify_report/table.rs"]
mod table;
#[path = "../classify_report/train.rs"]
mod train;

use std::error::Error;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn Error>> {
    let dir = std::env::args().nth(1).map_or_else(
        || PathBuf::from("../shared/reference/charges"),
        PathBuf::from,
    );
    print!("{}", table::generate(&dir)?);
    Ok(())
}
