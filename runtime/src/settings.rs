//! The runtime's settings: plain data, filled by the server's command line or by a test.

use std::path::PathBuf;
use std::time::Duration;

use lookback_core::vocabulary::DEFAULT_STAGE_DEADLINE_MS;

use crate::limits::Limits;

/// Default memory cap of one engine instance, in MiB.
pub const DEFAULT_MEMORY_LIMIT_MIB: usize = 64;
/// Default number of engine calls at once (instance pool slots).
pub const DEFAULT_MAX_INSTANCES: u32 = 32;
/// Default linear memory each idle instance slot keeps resident between calls, in MiB.
pub const DEFAULT_KEEP_RESIDENT_MIB: usize = 2;

/// How the engine module is hosted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSettings {
    /// Wall-clock budget of each engine stage.
    pub stage_deadline: Duration,
    /// Memory cap of each engine instance, in MiB.
    pub memory_limit_mib: usize,
    /// Instance pool slots = concurrent engine calls.
    pub max_instances: u32,
    /// Linear memory each instance slot keeps mapped between calls, in MiB: a call that grows
    /// past it faults the pages beyond in again on the slot's next big call.
    pub keep_resident_mib: usize,
    /// A `.wasm` to use instead of the embedded module.
    pub module: Option<PathBuf>,
    /// Directory of precompiled artifacts (restarts skip recompiling the same module).
    pub compile_cache: Option<PathBuf>,
}

impl Default for EngineSettings {
    fn default() -> Self {
        Self {
            stage_deadline: Duration::from_millis(DEFAULT_STAGE_DEADLINE_MS),
            memory_limit_mib: DEFAULT_MEMORY_LIMIT_MIB,
            max_instances: DEFAULT_MAX_INSTANCES,
            keep_resident_mib: DEFAULT_KEEP_RESIDENT_MIB,
            module: None,
            compile_cache: None,
        }
    }
}

impl EngineSettings {
    /// Per-call limits.
    pub fn limits(&self) -> Limits {
        Limits {
            deadline: self.stage_deadline,
            memory_bytes: self.memory_limit_mib.saturating_mul(1 << 20),
        }
    }
}
