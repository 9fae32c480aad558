//! Embeds the browser page (`web-demo/`) and its sample records in the binary
//! (`build/demo_assets.rs`), so `lookback serve` needs no files beside it (docs/decisions.md §10). The
//! engine module and the self-test corpus come with the runtime (`runtime/build.rs`).

#[path = "build/demo_assets.rs"]
mod demo_assets;

use std::error::Error;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn Error>> {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let workspace = manifest_dir
        .parent()
        .ok_or("host crate has no parent directory")?;
    let out_dir = PathBuf::from(std::env::var("OUT_DIR")?);
    demo_assets::generate(workspace, &out_dir)?;
    println!("cargo:rerun-if-changed=build/demo_assets.rs");
    Ok(())
}
