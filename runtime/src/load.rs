//! Loading an engine module: verify, compile once, check it against the ABI, pre-instantiate,
//! self-test.
//!
//! The checks run in this order, and the first that fails refuses the module with its reason
//! (docs/decisions.md §2, §9, docs/modules.md): the SHA-256 of the bytes (when an expected digest is
//! given), compilation (or a digest-checked precompiled artifact), zero imports, the ABI exports
//! and their signatures, `lookback_info` (ABI 1, a usable engine version), then the self-test
//! corpus.

use std::sync::Arc;

use serde::Serialize;
use sha2::{Digest, Sha256};
use wasmtime::{Engine, ExternType, Linker, Module, ValType};

use crate::abi::{ABI_VERSION, Export, ExportError, check_exports};
use crate::artifacts::{ArtifactCache, Compiled};
use crate::limits::{CallError, HostState, Limits};
use crate::module::{LoadedModule, ModuleInfo, SelfTestReport, is_valid_version};
use crate::runner::{self, RequestCalls};
use crate::selftest;

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
    let exports = check_exports(&module)
        .map_err(|ExportError { name, problem }| LoadError::Export { name, problem })?;

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
            charge_dictionary: 0,
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
        let report = selftest::run(&|| RequestCalls::new(engine, &loaded, *limits, None));
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
