//! Lookback's engine runtime: the engine module (`core-wasm` compiled to wasm32) hosted under
//! wasmtime, with nothing of HTTP. The server (`host/`) sits above it; the engine (`lookback-core`)
//! below. Time comes in as a value: the runtime reads no clock of its own.
//!
//! Modules, each using only those listed before it:
//! - [`limits`]: per-call limits (deadline, memory) and how a failed call is classified;
//!   [`settings`]: the runtime's plain settings; [`files`]: atomic file writes.
//! - [`abi`]: the exports a module must have; [`artifacts`]: the digest-checked compile cache.
//! - [`module`]: a loaded module (info, digest, compiled code, self-test report).
//! - [`runner`]: one fresh instance per request, its calls, and the observer told of each.
//! - [`protocol`]: the one place that knows how stage 1 and stages 2-3 are called and composed
//!   (the kept-record pair and the ABI v1 pair).
//! - [`contract`]: the decision tree every module owes; [`selftest`]: the shipped corpus run
//!   against it before a module may enter the registry.
//! - [`load`]: verify, compile, check, pre-instantiate, self-test; [`embedded`]: the shipped
//!   module; [`engine`]: the process's wasmtime engine and the instance pool in front of it.
//! - [`canary`]: the health check's tiny request; [`registry`]: the loaded versions, one active.

pub mod abi;
pub mod artifacts;
pub mod canary;
pub mod contract;
pub mod embedded;
pub mod engine;
pub mod files;
pub mod limits;
pub mod load;
pub mod module;
pub mod protocol;
pub mod registry;
pub mod runner;
pub mod selftest;
pub mod settings;

#[cfg(test)]
mod engine_tests;

pub use abi::{ABI_VERSION, Export};
pub use artifacts::{ArtifactCache, Compiled};
pub use canary::{CanaryCache, CanaryResult};
pub use embedded::EMBEDDED_MODULE;
pub use engine::{BaseModuleError, EngineHost, StartError};
pub use files::{remove_leftovers, write_atomically};
pub use limits::{CallError, Limits};
pub use load::{LoadError, LoadOptions, Surface};
pub use module::{LoadedModule, ModuleInfo, SelfTestReport, is_valid_version};
pub use registry::{Activation, Entry, Inserted, LoadEvent, Registry, RegistryError};
pub use runner::{CallObserver, RequestCalls};
pub use settings::EngineSettings;
