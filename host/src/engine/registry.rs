//! The loaded engine modules, one of them active.
//!
//! Each request captures the active module once (`active()`), so a swap never changes the module
//! in the middle of a request; the old module is freed when its last request ends (DECISIONS §9).
//! Today only the module given at start is loaded; upload, activation by version and rollback
//! (issue 6) build on `insert` and `activate`.

use std::sync::{Arc, PoisonError, RwLock};

use arc_swap::ArcSwap;

use super::load::LoadedModule;

/// Loaded modules keyed by `engine_version`, plus the active one.
pub struct Registry {
    active: ArcSwap<LoadedModule>,
    loaded: RwLock<Vec<Arc<LoadedModule>>>,
}

impl Registry {
    /// A registry whose only module is `initial`, active.
    pub fn new(initial: LoadedModule) -> Self {
        let initial = Arc::new(initial);
        Self {
            active: ArcSwap::new(initial.clone()),
            loaded: RwLock::new(vec![initial]),
        }
    }

    /// The active module, pinned for as long as the caller holds the `Arc`.
    pub fn active(&self) -> Arc<LoadedModule> {
        self.active.load_full()
    }

    /// A loaded module by `engine_version`.
    pub fn get(&self, version: &str) -> Option<Arc<LoadedModule>> {
        let loaded = self.loaded.read().unwrap_or_else(PoisonError::into_inner);
        loaded
            .iter()
            .find(|m| m.info.engine_version == version)
            .cloned()
    }

    /// All loaded modules, in load order.
    pub fn list(&self) -> Vec<Arc<LoadedModule>> {
        self.loaded
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Adds a module (replacing one of the same version that is not active). Does not activate it.
    pub fn insert(&self, module: LoadedModule) -> Result<Arc<LoadedModule>, RegistryError> {
        let module = Arc::new(module);
        let mut loaded = self.loaded.write().unwrap_or_else(PoisonError::into_inner);
        let version = &module.info.engine_version;
        if self.active.load().info.engine_version == *version {
            return Err(RegistryError::ActiveVersion(version.clone()));
        }
        loaded.retain(|m| m.info.engine_version != *version);
        loaded.push(module.clone());
        Ok(module)
    }

    /// Makes a loaded version active, atomically; returns the module it replaced.
    pub fn activate(&self, version: &str) -> Result<Arc<LoadedModule>, RegistryError> {
        let next = self
            .get(version)
            .ok_or_else(|| RegistryError::Unknown(version.to_owned()))?;
        Ok(self.active.swap(next))
    }
}

/// Why a registry change was refused.
#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    /// No module with that version is loaded.
    #[error("no loaded module has version {0}")]
    Unknown(String),
    /// The active module cannot be replaced in place.
    #[error("version {0} is active and cannot be replaced")]
    ActiveVersion(String),
}
