//! The vehicle-code table generated from its data file (`build/vehicle_codes.rs`), and the
//! engine module's linear-memory stack, for wasm32 builds only (native builds keep their
//! threads' stacks): `STACK_BYTES` instead of the toolchain's 1 MiB, and first in memory, below
//! the data, so a call that runs out of it steps below address 0 and traps out of bounds instead
//! of writing over data (the toolchain's default layout too, stated here so the size never comes
//! without it).
//!
//! Why smaller: at 1 MiB the stack was two-thirds of every instance's memory (1.5 MiB; now 0.75)
//! and 254 of its 256 pages were never touched; the pool's reset scan at drop, which walks the
//! whole memory, measured no faster for it (`docs/performance.md`). Why this size: no
//! input nests deeper than serde_json's recursion limit (127 levels) or the XML reader's (64),
//! and the deepest write, an identity-match body nested to that limit, is 63 KiB, a quarter of
//! this; every other input writes under 37 KiB. `tests/tests/wasm_stack.rs` measures them and
//! fails past a quarter (`docs/performance.md`).

#[path = "build/vehicle_codes.rs"]
mod vehicle_codes;

use std::error::Error;
use std::path::PathBuf;

/// The stack's size in bytes.
const STACK_BYTES: u32 = 256 * 1024;

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/vehicle_codes.rs");
    println!("cargo:rerun-if-changed={}", vehicle_codes::DATA_FILE);
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let out_dir = PathBuf::from(std::env::var("OUT_DIR")?);
    vehicle_codes::generate(&manifest_dir, &out_dir)?;
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-cdylib=-zstack-size={STACK_BYTES}");
        println!("cargo:rustc-link-arg-cdylib=--stack-first");
    }
    Ok(())
}
