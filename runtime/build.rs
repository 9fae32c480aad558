//! Builds the engine (`core-wasm`) to wasm32, pre-initialises it (`build/preinit.rs`) and places it
//! in `OUT_DIR/lookback_core.wasm`, where `embedded::EMBEDDED_MODULE` picks it up with
//! `include_bytes!`; and embeds the shipped corpus (`tests/corpus/*.json`), the self-test every
//! module must pass before it can be activated (`selftest`). So every binary hosting the runtime
//! carries its default module and its admission test (docs/decisions.md §1).

#[path = "build/dead_stack.rs"]
mod dead_stack;
#[path = "build/free_heap.rs"]
mod free_heap;
#[path = "build/preinit.rs"]
mod preinit;
#[path = "build/wasm_build.rs"]
mod wasm_build;

use std::error::Error;
use std::path::{Path, PathBuf};

fn main() -> Result<(), Box<dyn Error>> {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let workspace = manifest_dir
        .parent()
        .ok_or("runtime crate has no parent directory")?;
    let out_dir = PathBuf::from(std::env::var("OUT_DIR")?);
    let wasm = wasm_build::build_engine(workspace, "wasm-engine", &[])?;
    // Shipped with its tables already built: a fresh instance per request starts warm.
    let preinitialized = preinit::preinitialize(&std::fs::read(&wasm)?)?;
    std::fs::write(out_dir.join("lookback_core.wasm"), preinitialized)?;
    embed_corpus(&workspace.join("tests").join("corpus"), &out_dir)?;
    println!("cargo:rerun-if-changed=build/wasm_build.rs");
    println!("cargo:rerun-if-changed=build/preinit.rs");
    println!("cargo:rerun-if-changed=build/dead_stack.rs");
    println!("cargo:rerun-if-changed=build/free_heap.rs");
    Ok(())
}

/// Writes `OUT_DIR/corpus.rs`: `CORPUS: &[(name, file text)]`, one `include_str!` per case file,
/// sorted by name.
fn embed_corpus(dir: &Path, out_dir: &Path) -> Result<(), Box<dyn Error>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut code = String::from(
        "/// The shipped corpus: (case name, file text).\npub static CORPUS: &[(&str, &str)] = &[\n",
    );
    for file in &files {
        let name = file
            .file_stem()
            .and_then(|s| s.to_str())
            .ok_or("corpus file name is not UTF-8")?;
        code.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            file.display().to_string()
        ));
    }
    code.push_str("];\n");
    std::fs::write(out_dir.join("corpus.rs"), code)?;
    // A directory here makes cargo rerun this script when any file in it changes or appears.
    println!("cargo:rerun-if-changed={}", dir.display());
    Ok(())
}
