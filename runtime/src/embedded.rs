//! The default engine module: `core-wasm` compiled to wasm32 and pre-initialised by this crate's
//! build script (`build.rs`), so every binary that hosts the runtime carries it.

/// The shipped engine module's bytes.
pub static EMBEDDED_MODULE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/lookback_core.wasm"));
