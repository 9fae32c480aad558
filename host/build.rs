//! Builds the engine (`core-wasm`) to wasm32 and places it in `OUT_DIR/lookback_core.wasm`, where
//! `engine::EMBEDDED_MODULE` picks it up with `include_bytes!`. So `cargo build --release` alone
//! yields a `lookback` binary with the default engine module inside (DECISIONS §1).

#[path = "build/wasm_build.rs"]
mod wasm_build;

use std::error::Error;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn Error>> {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let workspace = manifest_dir
        .parent()
        .ok_or("host crate has no parent directory")?;
    let wasm = wasm_build::build_engine(workspace, "wasm-engine", &[])?;
    let out = PathBuf::from(std::env::var("OUT_DIR")?).join("lookback_core.wasm");
    std::fs::copy(&wasm, &out)?;
    println!("cargo:rerun-if-changed=build/wasm_build.rs");
    Ok(())
}
