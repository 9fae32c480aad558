//! Loading an engine module: verify, compile once, check it against the ABI, pre-instantiate,
//! self-test.
//!
//! The checks run in this order, and the first that fails refuses the module with its reason
//! (DECISIONS §2, §9, docs/modules.md): the SHA-256 of the bytes (when an expected digest is
//! given), compilation (or a digest-checked precompiled artifact), zero imports, the ABI exports
//! and their signatures, `lookback_info` (ABI 1, a usable engine version), then the self-test
//! corpus.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use wasmtime::{Engine, ExternType, FuncType, InstancePre, Linker, Module, ModuleExport, ValType};

use super::artifacts::{ArtifactCache, Compiled};
use super::limits::HostState;
use super::limits::{CallError, Limits};
use super::runner::{self, Export};
use super::selftest::{self, SelfTestReport};

/// The ABI version this host speaks.
pub const ABI_VERSION: u32 = 1;

/// What `lookback_info` reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModuleInfo {
    /// ABI version (must be [`ABI_VERSION`]).
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
    /// snapshotted after `lookback_warm`, host/build/preinit.rs); false when a module does not say.
    #[serde(default)]
    pub preinitialized: bool,
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

/// Resolved ABI exports of one module.
#[derive(Clone)]
pub(crate) struct ExportIndices {
    pub memory: ModuleExport,
    pub alloc: ModuleExport,
    pub free: ModuleExport,
    pub info: ModuleExport,
    pub transform: ModuleExport,
    pub transform_xml: ModuleExport,
    pub evaluate: ModuleExport,
    pub identity_match: ModuleExport,
    /// The optional pair that keeps stage 1's record in the instance; both or neither.
    pub keep: Option<KeepExports>,
}

/// `lookback_transform_keep` and `lookback_evaluate_kept` (docs/abi.md).
#[derive(Clone)]
pub(crate) struct KeepExports {
    pub transform: ModuleExport,
    pub evaluate: ModuleExport,
}

impl ExportIndices {
    /// The export's index; `None` for an optional export the module does not have.
    pub(crate) fn get(&self, export: Export) -> Option<&ModuleExport> {
        Some(match export {
            Export::Info => &self.info,
            Export::Transform => &self.transform,
            Export::TransformXml => &self.transform_xml,
            Export::Evaluate => &self.evaluate,
            Export::IdentityMatch => &self.identity_match,
            Export::TransformKeep => &self.keep.as_ref()?.transform,
            Export::EvaluateKept => &self.keep.as_ref()?.evaluate,
        })
    }
}

/// Why a module was refused.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The bytes are not the ones the operator vouched for.
    #[error("module sha256 is {actual}, expected {expected}")]
    Digest {
        /// The digest given with the module.
        expected: String,
        /// The digest of the bytes received.
        actual: String,
    },
    /// wasmtime could not compile the bytes.
    #[error("module does not compile: {0}")]
    Compile(String),
    /// Engine modules must be pure: no imports at all.
    #[error("module has {count} import(s) (first: {first}); engine modules must have none")]
    Imports {
        /// Number of imports.
        count: usize,
        /// `module::name` of the first one.
        first: String,
    },
    /// An ABI export is absent or has the wrong type.
    #[error("module export `{name}` {problem}")]
    Export {
        /// Export name.
        name: &'static str,
        /// What is wrong with it.
        problem: String,
    },
    /// `lookback_info` failed or answered something unusable.
    #[error("lookback_info failed: {0}")]
    Info(String),
    /// The module speaks another ABI.
    #[error("module reports ABI version {0}; this host speaks ABI version {ABI_VERSION}")]
    Abi(u32),
    /// The engine version cannot name the module in URLs, headers and file names.
    #[error(
        "module reports engine_version {0:?}; a version is 1 to 64 characters of A-Z a-z 0-9 . _ + -"
    )]
    Version(String),
    /// The module broke the contract on the shipped corpus.
    #[error("self-test failed: {}", .0.summary())]
    SelfTest(SelfTestReport),
}

/// How to load a module.
#[derive(Debug, Clone, Copy, Default)]
pub struct LoadOptions<'a> {
    /// Refuse the bytes unless their SHA-256 (hex) is this.
    pub expected_sha256: Option<&'a str>,
    /// Take or store compiled code here.
    pub cache: Option<&'a ArtifactCache>,
    /// Run the self-test corpus (required for the registry).
    pub self_test: bool,
}

/// Whether `version` can serve as a registry key, a path segment and a file name.
pub fn is_valid_version(version: &str) -> bool {
    (1..=64).contains(&version.len())
        && version
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'+' | b'-'))
        && !version.starts_with('.')
}

/// Verifies and compiles `bytes`, checks the ABI, pre-instantiates and (per `options`) runs the
/// self-test. Runs the module under `limits`. Compiling takes on the order of 0.1 s: call it off
/// the async runtime.
pub fn load(
    engine: &Engine,
    bytes: Arc<[u8]>,
    limits: &Limits,
    options: LoadOptions<'_>,
) -> Result<LoadedModule, LoadError> {
    let sha256 = hex::encode(Sha256::digest(&bytes[..]));
    if let Some(expected) = options.expected_sha256
        && !expected.trim().eq_ignore_ascii_case(&sha256)
    {
        return Err(LoadError::Digest {
            expected: expected.trim().to_lowercase(),
            actual: sha256,
        });
    }
    let (module, compiled) = match options.cache {
        Some(cache) => cache.module(engine, &sha256, &bytes),
        None => Module::new(engine, &bytes[..]).map(|m| (m, Compiled::Fresh)),
    }
    .map_err(|e| LoadError::Compile(e.to_string()))?;

    let imports: Vec<String> = module
        .imports()
        .map(|i| format!("{}::{}", i.module(), i.name()))
        .collect();
    if let Some(first) = imports.first() {
        return Err(LoadError::Imports {
            count: imports.len(),
            first: first.clone(),
        });
    }
    let exports = check_exports(&module)?;

    let linker = Linker::<HostState>::new(engine);
    let instance_pre = linker
        .instantiate_pre(&module)
        .map_err(|e| LoadError::Compile(e.to_string()))?;

    let mut loaded = LoadedModule {
        info: ModuleInfo {
            abi: 0,
            engine_version: String::new(),
            rules_version: String::new(),
            build: String::new(),
            rule_count: 0,
            preinitialized: false,
        },
        sha256,
        module,
        instance_pre,
        bytes,
        exports,
        self_test: None,
        compiled,
    };
    let raw = runner::call(engine, &loaded, Export::Info, &[], limits)
        .map_err(|e: CallError| LoadError::Info(e.to_string()))?;
    let info: ModuleInfo = serde_json::from_str(&raw)
        .map_err(|e| LoadError::Info(format!("unexpected answer: {e}")))?;
    if info.abi != ABI_VERSION {
        return Err(LoadError::Abi(info.abi));
    }
    if !is_valid_version(&info.engine_version) {
        return Err(LoadError::Version(info.engine_version));
    }
    loaded.info = info;
    if options.self_test {
        let report = selftest::run(&|| runner::RequestCalls::new(engine, &loaded, *limits, None));
        if !report.passed {
            return Err(LoadError::SelfTest(report));
        }
        loaded.self_test = Some(report);
    }
    Ok(loaded)
}

/// What a compiled module imports and exports, for `lookback inspect`.
#[derive(Debug, Clone, Serialize)]
pub struct Surface {
    /// `module::name (type)` of every import.
    pub imports: Vec<String>,
    /// `name (type)` of every export.
    pub exports: Vec<String>,
}

/// Compiles `bytes` and lists its imports and exports (no other check).
pub fn surface(engine: &Engine, bytes: &[u8]) -> Result<Surface, LoadError> {
    let module = Module::new(engine, bytes).map_err(|e| LoadError::Compile(e.to_string()))?;
    let describe = |ty: ExternType| match ty {
        ExternType::Func(f) => {
            let list = |it: &mut dyn Iterator<Item = ValType>| {
                it.map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
            };
            format!(
                "func ({}) -> ({})",
                list(&mut f.params()),
                list(&mut f.results())
            )
        }
        ExternType::Memory(_) => "memory".to_owned(),
        ExternType::Global(_) => "global".to_owned(),
        ExternType::Table(_) => "table".to_owned(),
        ExternType::Tag(_) => "tag".to_owned(),
    };
    Ok(Surface {
        imports: module
            .imports()
            .map(|i| format!("{}::{} {}", i.module(), i.name(), describe(i.ty())))
            .collect(),
        exports: module
            .exports()
            .map(|e| format!("{} {}", e.name(), describe(e.ty())))
            .collect(),
    })
}

/// The ABI's exports and their signatures (docs/abi.md).
fn check_exports(module: &Module) -> Result<ExportIndices, LoadError> {
    use ValType::{I32, I64};
    let func = |name: &'static str, params: &[ValType], results: &[ValType]| {
        let index = resolve(module, name)?;
        match module.get_export(name) {
            Some(ExternType::Func(ty)) if signature_is(&ty, params, results) => Ok(index),
            Some(ExternType::Func(ty)) => Err(LoadError::Export {
                name,
                problem: format!("has signature {ty:?}, expected {params:?} -> {results:?}"),
            }),
            _ => Err(LoadError::Export {
                name,
                problem: "is not a function".into(),
            }),
        }
    };
    let memory = resolve(module, "memory")?;
    if !matches!(module.get_export("memory"), Some(ExternType::Memory(_))) {
        return Err(LoadError::Export {
            name: "memory",
            problem: "is not a memory".into(),
        });
    }
    // Optional, but never half there: a module with one of the pair and not the other is refused.
    let keep = match (
        module.get_export("lookback_transform_keep"),
        module.get_export("lookback_evaluate_kept"),
    ) {
        (None, None) => None,
        _ => Some(KeepExports {
            transform: func("lookback_transform_keep", &[I32, I32], &[I64])?,
            evaluate: func("lookback_evaluate_kept", &[I32, I32], &[I64])?,
        }),
    };
    Ok(ExportIndices {
        memory,
        free: func("lookback_free", &[I32, I32], &[])?,
        alloc: func("lookback_alloc", &[I32], &[I32])?,
        info: func("lookback_info", &[], &[I64])?,
        transform: func("lookback_transform", &[I32, I32], &[I64])?,
        transform_xml: func("lookback_transform_xml", &[I32, I32], &[I64])?,
        evaluate: func("lookback_evaluate", &[I32, I32], &[I64])?,
        identity_match: func("lookback_identity_match", &[I32, I32], &[I64])?,
        keep,
    })
}

fn resolve(module: &Module, name: &'static str) -> Result<ModuleExport, LoadError> {
    module.get_export_index(name).ok_or(LoadError::Export {
        name,
        problem: "is missing".into(),
    })
}

fn signature_is(ty: &FuncType, params: &[ValType], results: &[ValType]) -> bool {
    let same = |a: ValType, b: &ValType| ValType::eq(&a, b);
    ty.params().len() == params.len()
        && ty.results().len() == results.len()
        && ty.params().zip(params).all(|(a, b)| same(a, b))
        && ty.results().zip(results).all(|(a, b)| same(a, b))
}
