//! Shared application state: the engine host, the module registry, authentication and limits.

use std::sync::Arc;

use anyhow::Context as _;

use crate::auth::Auth;
use crate::config::Settings;
use crate::engine::canary::CanaryCache;
use crate::engine::{EMBEDDED_MODULE, EngineHost, LoadedModule, Registry};

/// Cheap to clone; everything lives behind one `Arc`.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    engine: EngineHost,
    registry: Registry,
    auth: Auth,
    max_body_bytes: usize,
    canary: CanaryCache,
}

impl AppState {
    /// Builds the engine, loads the module (`settings.engine.module` or the embedded one) and
    /// the keys. Blocking: compiling the module takes about 0.1-0.3 s.
    pub fn new(settings: &Settings) -> anyhow::Result<Self> {
        let engine = EngineHost::new(&settings.engine)?;
        let module = load_module(&engine, settings)?;
        let auth = Auth::from_settings(&settings.auth)?;
        Ok(Self {
            inner: Arc::new(Inner {
                engine,
                registry: Registry::new(module),
                auth,
                max_body_bytes: settings.max_body_bytes,
                canary: CanaryCache::default(),
            }),
        })
    }

    /// The wasmtime host.
    pub fn engine(&self) -> &EngineHost {
        &self.inner.engine
    }

    /// Loaded modules.
    pub fn registry(&self) -> &Registry {
        &self.inner.registry
    }

    /// Keys and tokens.
    pub fn auth(&self) -> &Auth {
        &self.inner.auth
    }

    /// Request body limit in bytes.
    pub fn max_body_bytes(&self) -> usize {
        self.inner.max_body_bytes
    }

    /// Health canary cache.
    pub fn canary(&self) -> &CanaryCache {
        &self.inner.canary
    }
}

/// Loads the configured module file, or the embedded module.
pub fn load_module(engine: &EngineHost, settings: &Settings) -> anyhow::Result<LoadedModule> {
    match &settings.engine.module {
        Some(path) => {
            let bytes = std::fs::read(path)
                .with_context(|| format!("reading engine module {}", path.display()))?;
            engine
                .load(bytes)
                .with_context(|| format!("engine module {} refused", path.display()))
        }
        None => engine
            .load(EMBEDDED_MODULE)
            .context("embedded engine module refused"),
    }
}
