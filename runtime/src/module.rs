//! A loaded engine module: what `lookback_info` said about it, its digest and bytes, its compiled
//! code ready to instantiate, and the self-test it passed.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use wasmtime::{InstancePre, Module};

use crate::abi::ExportIndices;
use crate::artifacts::Compiled;
use crate::limits::HostState;

/// What `lookback_info` reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModuleInfo {
    /// ABI version (must be [`ABI_VERSION`](crate::abi::ABI_VERSION)).
    pub abi: u32,
    /// Engine version, e.g. `0.1.0`.
    pub engine_version: String,
    /// Version of the rule data compiled into the module.
    pub rules_version: String,
    /// Build flavour, e.g. `release`.
    pub build: String,
    /// Number of rule rows compiled into the module (0 when a module does not say).
    #[serde(default)]
    pub rule_count: usize,
    /// Whether the module's tables were built before its first instance existed (a module
    /// snapshotted after `lookback_warm`, runtime/build/preinit.rs); false when a module does not say.
    #[serde(default)]
    pub preinitialized: bool,
    /// The form of `context.charge_dictionary` the module reads (`lookback_core::dictionary::FORMAT`);
    /// 0 when a module does not say: it reads none, and a host sends it no dictionary.
    #[serde(default)]
    pub charge_dictionary: u32,
}

/// A compiled, checked module, ready to be instantiated once per call.
pub struct LoadedModule {
    /// Metadata from `lookback_info`.
    pub info: ModuleInfo,
    /// Hex SHA-256 of the module bytes (`meta.engine.sha256`).
    pub sha256: String,
    /// The compiled module.
    pub module: Module,
    /// Import resolution done once at load time (there are no imports, but this is also where
    /// wasmtime does its per-module instantiation setup).
    pub instance_pre: InstancePre<HostState>,
    /// The exact bytes, kept to serve them (browser page) and to report their digest.
    pub bytes: Arc<[u8]>,
    /// Export handles resolved once, so calls skip string lookups.
    pub(crate) exports: ExportIndices,
    /// The self-test result; `None` when the module was loaded without one (only modules that
    /// passed it can enter the registry).
    pub self_test: Option<SelfTestReport>,
    /// Whether the code came from the compile cache.
    pub compiled: Compiled,
}

impl LoadedModule {
    /// Whether the module has the optional pair that keeps stage 1's record in the instance
    /// (`lookback_transform_keep`, `lookback_evaluate_kept`; docs/abi.md).
    pub fn keeps_record(&self) -> bool {
        self.exports.keep.is_some()
    }

    /// Whether the module answers what of its kept record a charge dictionary can match
    /// (optional `lookback_charge_keys`, docs/abi.md).
    pub fn answers_charge_keys(&self) -> bool {
        self.exports.charge_keys.is_some()
    }
}

impl std::fmt::Debug for LoadedModule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedModule")
            .field("info", &self.info)
            .field("sha256", &self.sha256)
            .field("bytes", &self.bytes.len())
            .finish_non_exhaustive()
    }
}

/// Whether `version` can serve as a registry key, a path segment and a file name.
pub fn is_valid_version(version: &str) -> bool {
    (1..=64).contains(&version.len())
        && version
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'+' | b'-'))
        && !version.starts_with('.')
}

/// The outcome of a self-test, shown in the module listing and by `lookback inspect`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SelfTestReport {
    /// True when every check passed: only then may the module be activated.
    pub passed: bool,
    /// Corpus cases run.
    pub cases: usize,
    /// Checks (corpus cases and the identity probe) that broke the contract.
    pub failed: usize,
    /// The first few failure messages.
    pub failures: Vec<String>,
    /// Cases whose decisions differ from the corpus expectation (information, not failure).
    pub decisions_differ: usize,
    /// Names of the first few of those cases.
    pub differing_cases: Vec<String>,
    /// The run stopped at the first engine fault (trap, deadline, memory cap) instead of paying
    /// for it on every case.
    pub stopped_early: bool,
}

impl SelfTestReport {
    /// A one-line summary for refusals and logs.
    pub fn summary(&self) -> String {
        let mut text = format!(
            "{} of {} checks ({} corpus cases and an identity match) broke the contract",
            self.failed,
            self.cases + 1,
            self.cases
        );
        if self.stopped_early {
            text.push_str(", stopped at the first engine fault");
        }
        if let Some(first) = self.failures.first() {
            text.push_str(&format!(" (first: {first})"));
        }
        text
    }
}
