//! Builds the test-only engine modules from the same sources, each with its own feature and target
//! directory (same technique as `runtime/build.rs`):
//! - `--features test-faults` (honours `FAULT:` markers in `search_id`), exposed as
//!   `LOOKBACK_FAULTS_MODULE`, for the fault-containment tests;
//! - `--features rules-next` (a second module version with one rule changed), exposed as
//!   `LOOKBACK_NEXT_MODULE`, for the swap, pin and diff tests.

#[path = "../runtime/build/wasm_build.rs"]
mod wasm_build;

use std::error::Error;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn Error>> {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let workspace = manifest_dir
        .parent()
        .ok_or("tests crate has no parent directory")?;
    let out_dir = PathBuf::from(std::env::var("OUT_DIR")?);
    for (feature, env) in [
        ("test-faults", "LOOKBACK_FAULTS_MODULE"),
        ("rules-next", "LOOKBACK_NEXT_MODULE"),
    ] {
        let wasm = wasm_build::build_engine(workspace, &format!("wasm-{feature}"), &[feature])?;
        let out = out_dir.join(format!("lookback_core_{feature}.wasm"));
        std::fs::copy(&wasm, &out)?;
        println!("cargo:rustc-env={env}={}", out.display());
    }
    // wasmtime's compiled-code cache for test servers: each test starts its own server, and
    // compiling the engine module once instead of once per test saves seconds per test.
    let cache = workspace.join("target").join("wasmtime-cache");
    println!(
        "cargo:rustc-env=LOOKBACK_TEST_COMPILE_CACHE={}",
        cache.display()
    );
    println!("cargo:rerun-if-changed=../runtime/build/wasm_build.rs");
    Ok(())
}
