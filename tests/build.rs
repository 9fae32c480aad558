//! Builds a second engine module from the same sources with `--features test-faults` (it honours
//! `FAULT:` markers in `search_id`) and exposes its path as `LOOKBACK_FAULTS_MODULE` for the
//! fault-containment tests. Same technique as `host/build.rs`, separate target directory.

#[path = "../host/build/wasm_build.rs"]
mod wasm_build;

use std::error::Error;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn Error>> {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let workspace = manifest_dir
        .parent()
        .ok_or("tests crate has no parent directory")?;
    let wasm = wasm_build::build_engine(workspace, "wasm-faults", &["test-faults"])?;
    let out = PathBuf::from(std::env::var("OUT_DIR")?).join("lookback_core_faults.wasm");
    std::fs::copy(&wasm, &out)?;
    println!("cargo:rustc-env=LOOKBACK_FAULTS_MODULE={}", out.display());
    // wasmtime's compiled-code cache for test servers: each test starts its own server, and
    // compiling the engine module once instead of once per test saves seconds per test.
    let cache = workspace.join("target").join("wasmtime-cache");
    println!(
        "cargo:rustc-env=LOOKBACK_TEST_COMPILE_CACHE={}",
        cache.display()
    );
    println!("cargo:rerun-if-changed=../host/build/wasm_build.rs");
    Ok(())
}
