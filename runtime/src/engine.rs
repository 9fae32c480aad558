//! The process's wasmtime engine and the instance pool in front of it.
//!
//! One wasmtime [`Engine`] for the whole process (configured per docs/architecture.md §8: pooling allocator
//! with copy-on-write memory images, epoch interruption). [`EngineHost`] loads and admits modules
//! (`load`), and runs calls (`runner`) for the async server: a semaphore with as many permits as
//! request pool slots sits in front of instantiation, and calls run on tokio's blocking threads.

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::Semaphore;
use wasmtime::{
    Config, Enabled, Engine, InstanceAllocationStrategy, OptLevel, PoolingAllocationConfig,
};

use crate::abi::Export;
use crate::artifacts::ArtifactCache;
use crate::embedded::EMBEDDED_MODULE;
use crate::limits::{self, CallError, Limits};
use crate::load::{self, LoadError, LoadOptions, Surface};
use crate::module::LoadedModule;
use crate::runner::{CallObserver, RequestCalls};
use crate::settings::EngineSettings;

/// Engine-wide ceiling on one linear memory; the per-call cap ([`Limits::memory_bytes`]) is lower.
const POOL_MAX_MEMORY: usize = 256 << 20;

/// One pool slot beyond the request slots, for loading: a load (its `lookback_info` and
/// self-test calls) never waits for, nor takes a slot from, requests. Loads run one at a time.
const LOAD_SLOTS: u32 = 1;

/// Why the engine could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// wasmtime refused the configuration.
    #[error("wasmtime engine: {0}")]
    Engine(String),
    /// The compile-cache directory cannot be created.
    #[error("compile cache {dir}: {error}")]
    CompileCache {
        /// The directory.
        dir: String,
        /// Why.
        error: std::io::Error,
    },
    /// More memory kept resident per slot than an instance may have: a setting mixed up.
    #[error(
        "keep-resident memory of {keep_mib} MiB exceeds the instance memory cap of {cap_mib} MiB"
    )]
    KeepResidentAboveCap {
        /// The keep-resident setting, in MiB.
        keep_mib: usize,
        /// The memory cap, in MiB.
        cap_mib: usize,
    },
    /// The thread that advances the epoch did not start.
    #[error("epoch ticker: {0}")]
    EpochTicker(std::io::Error),
}

/// Why the base module could not be had.
#[derive(Debug, thiserror::Error)]
pub enum BaseModuleError {
    /// The module file cannot be read.
    #[error("reading engine module {origin}: {error}")]
    Read {
        /// `file:<path>`.
        origin: String,
        /// Why.
        error: std::io::Error,
    },
    /// A check refused the module.
    #[error("engine module {origin} refused: {error}")]
    Refused {
        /// `file:<path>` or `embedded`.
        origin: String,
        /// Why.
        error: LoadError,
    },
}

/// The process's wasmtime engine, its limits and the gate in front of the instance pool.
#[derive(Clone)]
pub struct EngineHost {
    engine: Engine,
    limits: Limits,
    permits: Arc<Semaphore>,
    cache: Option<ArtifactCache>,
    loading: Arc<Mutex<()>>,
    observer: Option<Arc<dyn CallObserver>>,
}

impl EngineHost {
    /// Builds the engine and starts its epoch ticker.
    pub fn new(settings: &EngineSettings) -> Result<Self, StartError> {
        let limits = settings.limits();
        let slots = settings.max_instances.max(1);
        if settings.keep_resident_mib > settings.memory_limit_mib {
            return Err(StartError::KeepResidentAboveCap {
                keep_mib: settings.keep_resident_mib,
                cap_mib: settings.memory_limit_mib,
            });
        }

        let mut pool = PoolingAllocationConfig::default();
        let pool_slots = slots.saturating_add(LOAD_SLOTS);
        pool.total_core_instances(pool_slots)
            .total_memories(pool_slots)
            .total_tables(pool_slots)
            .max_memory_size(POOL_MAX_MEMORY.max(limits.memory_bytes))
            // Reset dirty pages in place instead of madvise: no page faults per request, and
            // fresh-instance-per-request scales across threads (docs/architecture.md §1-2). Pages beyond
            // it are released at drop and faulted in again: big records are the operator's trade.
            .linear_memory_keep_resident(settings.keep_resident_mib.saturating_mul(1 << 20))
            .table_keep_resident(64 << 10)
            // Reset only the pages a request dirtied (Linux 6.7+; elsewhere the first
            // keep-resident bytes as before): without it every store drop copied or zeroed the
            // whole 1.6 MiB memory, 17 µs of the 30 µs a bare instantiate-call-drop cost.
            .pagemap_scan(Enabled::Auto);

        let mut config = Config::new();
        config
            .cranelift_opt_level(OptLevel::Speed)
            // Cranelift's inliner stays off: it measured twice the compile time, and a request
            // in a fresh instance no faster (`docs/performance.md`).
            .epoch_interruption(true)
            .memory_init_cow(true)
            .parallel_compilation(true)
            .allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
        let engine = Engine::new(&config).map_err(|e| StartError::Engine(e.to_string()))?;
        let cache = match &settings.compile_cache {
            Some(dir) => Some(ArtifactCache::new(dir, &engine).map_err(|error| {
                StartError::CompileCache {
                    dir: dir.display().to_string(),
                    error,
                }
            })?),
            None => None,
        };
        start_epoch_ticker(&engine).map_err(StartError::EpochTicker)?;

        Ok(Self {
            engine,
            limits,
            permits: Arc::new(Semaphore::new(slots as usize)),
            cache,
            loading: Arc::new(Mutex::new(())),
            observer: None,
        })
    }

    /// This host (sharing engine, pool and cache) with `observer` told about every call made
    /// through it; clones made earlier (module loading) stay unobserved.
    pub fn observed_by(mut self, observer: Arc<dyn CallObserver>) -> Self {
        self.observer = Some(observer);
        self
    }

    /// The wasmtime engine, for synchronous calls through [`crate::runner::call`] (benchmarks).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Limits applied to each call.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Compiles and checks a module without the self-test (blocking, about 0.1 s for the engine
    /// module). Such a module can be called but not registered: see [`EngineHost::admit`].
    pub fn load(&self, bytes: impl Into<Arc<[u8]>>) -> Result<LoadedModule, LoadError> {
        self.load_with(bytes.into(), None, false)
    }

    /// Every check of [`load`], the self-test included, optionally against an expected SHA-256:
    /// what a module must pass to enter the registry. Blocking (compile plus self-test).
    pub fn admit(
        &self,
        bytes: impl Into<Arc<[u8]>>,
        expected_sha256: Option<&str>,
    ) -> Result<LoadedModule, LoadError> {
        self.load_with(bytes.into(), expected_sha256, true)
    }

    /// The base module: the one at `path`, or the embedded one, and where it came from
    /// (`file:<path>` or `embedded`). With `admit`, every check of [`EngineHost::admit`] (what
    /// the registry needs); without, those of [`EngineHost::load`] (offline tools).
    pub fn base_module(
        &self,
        path: Option<&Path>,
        admit: bool,
    ) -> Result<(LoadedModule, String), BaseModuleError> {
        let (bytes, origin): (Arc<[u8]>, String) = match path {
            Some(path) => {
                let origin = format!("file:{}", path.display());
                let bytes = std::fs::read(path).map_err(|error| BaseModuleError::Read {
                    origin: origin.clone(),
                    error,
                })?;
                (bytes.into(), origin)
            }
            None => (EMBEDDED_MODULE.into(), "embedded".to_owned()),
        };
        let loaded = if admit {
            self.admit(bytes, None)
        } else {
            self.load(bytes)
        };
        match loaded {
            Ok(module) => Ok((module, origin)),
            Err(error) => Err(BaseModuleError::Refused { origin, error }),
        }
    }

    /// Compiles `bytes` and lists its imports and exports (`lookback inspect`).
    pub fn surface(&self, bytes: &[u8]) -> Result<Surface, LoadError> {
        load::surface(&self.engine, bytes)
    }

    fn load_with(
        &self,
        bytes: Arc<[u8]>,
        expected_sha256: Option<&str>,
        self_test: bool,
    ) -> Result<LoadedModule, LoadError> {
        // One load at a time: together they would need more than the pool's spare slot.
        let _one_at_a_time = self.loading.lock().unwrap_or_else(PoisonError::into_inner);
        let options = LoadOptions {
            expected_sha256,
            cache: self.cache.as_ref(),
            self_test,
        };
        load::load(&self.engine, bytes, &self.limits, options)
    }

    /// Runs one export of `module` on `input` on a blocking thread, after taking a pool slot.
    pub async fn call<I>(
        &self,
        module: Arc<LoadedModule>,
        export: Export,
        input: I,
    ) -> Result<String, CallError>
    where
        I: AsRef<[u8]> + Send + 'static,
    {
        self.run(module, move |calls| calls.call(export, input.as_ref()))
            .await
            .and_then(|result| result)
    }

    /// Runs `work` on a blocking thread after taking a pool slot: every engine call it makes
    /// through its [`RequestCalls`] shares one fresh instance of `module` (one store per request,
    /// not per stage: half the instantiations and memory resets, and one thread hop). Fails only
    /// when no slot or thread could be had.
    pub async fn run<R, W>(&self, module: Arc<LoadedModule>, work: W) -> Result<R, CallError>
    where
        R: Send + 'static,
        W: FnOnce(&mut RequestCalls<'_>) -> R + Send + 'static,
    {
        let permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| CallError::PoolExhausted)?;
        let engine = self.engine.clone();
        let limits = self.limits;
        let observer = self.observer.clone();
        tokio::task::spawn_blocking(move || {
            let _slot = permit; // held until the store is dropped
            let mut calls = RequestCalls::new(&engine, &module, limits, observer.as_deref());
            work(&mut calls)
        })
        .await
        .map_err(|_| CallError::Other("engine call did not complete".into()))
    }
}

/// Advances the epoch every [`limits::EPOCH_TICK`] for as long as the engine lives. Holds only a
/// weak reference, so dropping the engine ends the thread.
fn start_epoch_ticker(engine: &Engine) -> std::io::Result<()> {
    let weak = engine.weak();
    std::thread::Builder::new()
        .name("lookback-epoch".into())
        .spawn(move || {
            loop {
                std::thread::sleep(limits::EPOCH_TICK);
                match weak.upgrade() {
                    Some(engine) => engine.increment_epoch(),
                    None => break,
                }
            }
        })?;
    Ok(())
}
