//! Compiles the engine crate (`core-wasm`) to a `wasm32-unknown-unknown` module with a nested cargo.
//!
//! Shared by `runtime/build.rs` (the shipped module) and `tests/build.rs` (the test-only modules)
//! through `#[path]`, so both are built the same way. The nested cargo uses its own target directory
//! so it never waits on the lock the outer cargo holds, and it runs with the outer build's
//! environment cleaned: flags meant for the host target (RUSTFLAGS, wrappers, jobserver, the outer
//! target triple) must not leak into the wasm build. The target's default features only: wasm
//! SIMD (`+simd128`) measured no faster in wasmtime or V8 (`docs/performance.md`).

use std::error::Error;
use std::ffi::OsStr;
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The triple the engine module is built for.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Builds `lookback-core` as a wasm cdylib with the `wasm` profile into
/// `<workspace>/target/<target_subdir>` and returns the path of the `.wasm` file.
pub fn build_engine(
    workspace: &Path,
    target_subdir: &str,
    features: &[&str],
) -> Result<PathBuf, Box<dyn Error>> {
    // Cargo re-runs the build script when the engine's sources or the lock file change.
    for watched in [
        "core-wasm/src",
        "core-wasm/build.rs",
        "core-wasm/build",
        "core-wasm/data",
        "core-wasm/Cargo.toml",
        "Cargo.lock",
        "Cargo.toml",
    ] {
        println!(
            "cargo:rerun-if-changed={}",
            workspace.join(watched).display()
        );
    }
    ensure_wasm_target()?;

    let target_dir = workspace.join("target").join(target_subdir);
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(workspace)
        .args([
            "build",
            "-p",
            "lookback-core",
            "--lib",
            "--target",
            WASM_TARGET,
        ])
        .args(["--profile", "wasm"]);
    if !features.is_empty() {
        cmd.arg("--features").arg(features.join(","));
    }
    for (key, _) in std::env::vars_os() {
        if leaks_into_nested_build(&key) {
            cmd.env_remove(&key);
        }
    }
    cmd.env("CARGO_TARGET_DIR", &target_dir);
    // A build script's stdout is read by cargo as directives: send the nested output to stderr.
    cmd.stdout(Stdio::from(std::io::stderr().as_fd().try_clone_to_owned()?));

    let status = cmd.status()?;
    if !status.success() {
        return Err(
            format!("building the engine module for {WASM_TARGET} failed ({status})").into(),
        );
    }
    let wasm = target_dir
        .join(WASM_TARGET)
        .join("wasm")
        .join("lookback_core.wasm");
    if !wasm.is_file() {
        return Err(format!("engine module not found at {}", wasm.display()).into());
    }
    Ok(wasm)
}

/// Variables set by the outer cargo for the host build that must not reach the nested one.
fn leaks_into_nested_build(key: &OsStr) -> bool {
    let Some(key) = key.to_str() else {
        return false;
    };
    const KEEP: &[&str] = &[
        "CARGO_HOME",
        "CARGO_NET_",
        "CARGO_HTTP_",
        "CARGO_REGISTRIES_",
        "CARGO_REGISTRY_",
        "CARGO_TERM_",
    ];
    const DROP: &[&str] = &[
        "CARGO",
        "RUSTFLAGS",
        "RUSTDOCFLAGS",
        "RUSTC",
        "RUSTDOC",
        "RUSTC_WRAPPER",
        "RUSTC_WORKSPACE_WRAPPER",
        "RUSTC_LINKER",
        "TARGET",
        "HOST",
        "OUT_DIR",
        "PROFILE",
        "OPT_LEVEL",
        "DEBUG",
        "NUM_JOBS",
        "CLIPPY_ARGS",
        "CLIPPY_CONF_DIR",
    ];
    if KEEP.iter().any(|k| key.starts_with(k)) {
        return false;
    }
    key.starts_with("CARGO_") || key.starts_with("__CARGO") || DROP.contains(&key)
}

/// Installs the wasm32 target through rustup when the toolchain lacks it.
fn ensure_wasm_target() -> Result<(), Box<dyn Error>> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let sysroot = Command::new(rustc).args(["--print", "sysroot"]).output()?;
    let sysroot = PathBuf::from(String::from_utf8(sysroot.stdout)?.trim());
    if sysroot.join("lib/rustlib").join(WASM_TARGET).is_dir() {
        return Ok(());
    }
    println!(
        "cargo:warning=the {WASM_TARGET} target is missing; running `rustup target add {WASM_TARGET}`"
    );
    let status = Command::new("rustup")
        .args(["target", "add", WASM_TARGET])
        .status()?;
    if !status.success() {
        return Err(format!("`rustup target add {WASM_TARGET}` failed ({status})").into());
    }
    Ok(())
}
