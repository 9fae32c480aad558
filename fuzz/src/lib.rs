//! What the fuzz targets share: reading the engine's answers and chaining its stages
//! ([`common`]), and the shipped module under the runtime ([`shipped`], `--features wasm`).

pub mod common;
#[cfg(feature = "wasm")]
pub mod shipped;
