//! The text model's table as the engine carries it (`text_model_table.rs`): trained on every
//! labelled development row, written as Rust source with a header saying how it was made.

use std::fmt::Write as _;
use std::path::Path;

use lookback_core::parse::classify::TEXT_MODEL_BUCKETS;

use super::rows;
use super::train::{self, EPOCHS, SEED, Trained};

/// Scores at or above it read minor (per mille): chosen on the tuning parts, each state scored
/// by the model trained without it (`docs/classify-report.md`, "the text model").
pub const THRESHOLD: u16 = 500;

/// Development rows as the model learns them: every labelled row, in the order given (file
/// order).
pub fn training_rows<'a>(
    rows: impl IntoIterator<Item = &'a rows::Row>,
) -> impl Iterator<Item = (&'a str, bool)> {
    rows.into_iter().filter_map(|row| {
        row.class
            .map(|class| (row.charge.as_str(), class == rows::Class::Minor))
    })
}

/// The table file trained on all development rows of `dir`.
pub fn generate(dir: &Path) -> Result<String, Box<dyn std::error::Error>> {
    let rows = rows::all(dir)?;
    Ok(render(&train::train(training_rows(&rows))))
}

fn render(model: &Trained) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "//! The text model's weights (issue 21 item 2). Generated, do not edit:\n\
         //! `cargo run -p lookback-core --example train_text_model -- ../shared/reference/charges`\n\
         //! writes this file to standard output.\n\
         //!\n\
         //! Logistic regression \"minor traffic or not\" over the features of `text_model.rs`,\n\
         //! trained by `examples/classify_report/train.rs` ({EPOCHS} passes, seed {SEED:#x}, integer\n\
         //! arithmetic) on the {rows} labelled rows of the three development sets ({minor} minor\n\
         //! traffic; labels as `examples/classify_report/rows.rs` defines them). Weights and bias in\n\
         //! units of 1/1024 of a log-odds; the threshold was chosen on the tuning parts, each state\n\
         //! scored by a model trained without it (`docs/classify-report.md`). The test\n\
         //! `text_model_table` regenerates this file from `../shared` and compares.\n\n\
         /// Scores (per mille) at or above it read minor traffic.\n\
         pub(super) const THRESHOLD: u16 = {THRESHOLD};\n\n\
         /// The log-odds of a text with no feature.\n\
         pub(super) const BIAS: i32 = {bias};\n\n\
         /// A weight per feature bucket (`text_model::TEXT_MODEL_BUCKETS`).\n\
         #[rustfmt::skip]\n\
         pub(super) static WEIGHTS: [i16; {buckets}] = [\n",
        rows = model.rows,
        minor = model.minor,
        bias = model.bias,
        buckets = TEXT_MODEL_BUCKETS,
    );
    for line in model.weights.chunks(16) {
        let cells: Vec<String> = line.iter().map(i16::to_string).collect();
        let _ = writeln!(out, "    {},", cells.join(", "));
    }
    out.push_str("];\n");
    out
}
