//! The loaded engine modules, keyed by `engine_version`, one of them active (docs/decisions.md §9).
//!
//! Each request captures the active module once (`active()`), so a swap never changes the module
//! in the middle of a request; the old module is freed when its last request ends. Only modules
//! that passed the self-test enter; a version names exactly one module (the same version with
//! other bytes is refused, so `meta.engine.version` and `X-Engine-Version` stay unambiguous).
//! The registry also remembers the previous active versions (for rollback) and the outcome of the
//! newest load (a failure there makes `/health` say `degraded`). Times are given by the caller
//! (RFC 3339): the runtime reads no clock of its own.

use std::sync::{Arc, PoisonError, RwLock};

use arc_swap::ArcSwap;
use serde::Serialize;

use crate::module::LoadedModule;

/// A loaded module and what the registry knows about it.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The module.
    pub module: Arc<LoadedModule>,
    /// Where it came from (`embedded`, `upload`, `file:<name>`, ...).
    pub source: String,
    /// When it was loaded (RFC 3339).
    pub loaded_at: String,
    /// When it was last made active (RFC 3339).
    pub activated_at: Option<String>,
}

/// The outcome of the newest load attempt.
#[derive(Debug, Clone, Serialize)]
pub struct LoadEvent {
    /// When (RFC 3339).
    pub at: String,
    /// Where the bytes came from.
    pub source: String,
    /// Whether the module was admitted (or was already loaded).
    pub ok: bool,
    /// The version admitted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Why it was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A change of the active module.
#[derive(Debug, Clone)]
pub struct Activation {
    /// The module now active.
    pub active: Arc<LoadedModule>,
    /// The module it replaced.
    pub previous: Arc<LoadedModule>,
}

/// What [`Registry::insert`] did.
#[derive(Debug, Clone)]
pub enum Inserted {
    /// A new version.
    New(Arc<LoadedModule>),
    /// The same bytes under the same version were already loaded; nothing changed.
    AlreadyLoaded(Arc<LoadedModule>),
}

impl Inserted {
    /// The module in the registry.
    pub fn module(&self) -> &Arc<LoadedModule> {
        match self {
            Self::New(m) | Self::AlreadyLoaded(m) => m,
        }
    }
}

struct Book {
    entries: Vec<Entry>,
    /// Versions active before the current one, oldest first.
    history: Vec<String>,
    last_load: Option<LoadEvent>,
    /// A problem found outside a load (a persisted pointer that could not be honoured).
    warning: Option<String>,
}

/// Loaded modules keyed by `engine_version`, plus the active one.
pub struct Registry {
    active: ArcSwap<LoadedModule>,
    book: RwLock<Book>,
}

impl Registry {
    /// A registry whose only module is `initial` (from `source`), active since `at`.
    pub fn new(initial: LoadedModule, source: &str, at: &str) -> Self {
        let initial = Arc::new(initial);
        let now = at.to_owned();
        Self {
            active: ArcSwap::new(initial.clone()),
            book: RwLock::new(Book {
                entries: vec![Entry {
                    module: initial,
                    source: source.to_owned(),
                    loaded_at: now.clone(),
                    activated_at: Some(now),
                }],
                history: Vec::new(),
                last_load: None,
                warning: None,
            }),
        }
    }

    /// The active module, pinned for as long as the caller holds the `Arc`.
    pub fn active(&self) -> Arc<LoadedModule> {
        self.active.load_full()
    }

    /// A loaded module by `engine_version`.
    pub fn get(&self, version: &str) -> Option<Arc<LoadedModule>> {
        self.read()
            .entries
            .iter()
            .find(|e| e.module.info.engine_version == version)
            .map(|e| e.module.clone())
    }

    /// All loaded modules, in load order.
    pub fn list(&self) -> Vec<Arc<LoadedModule>> {
        self.read()
            .entries
            .iter()
            .map(|e| e.module.clone())
            .collect()
    }

    /// All entries, in load order.
    pub fn entries(&self) -> Vec<Entry> {
        self.read().entries.clone()
    }

    /// A loaded module by SHA-256.
    pub fn by_sha256(&self, sha256: &str) -> Option<Arc<LoadedModule>> {
        self.read()
            .entries
            .iter()
            .find(|e| e.module.sha256 == sha256)
            .map(|e| e.module.clone())
    }

    /// Versions active before the current one, most recent last.
    pub fn history(&self) -> Vec<String> {
        self.read().history.clone()
    }

    /// The outcome of the newest load attempt.
    pub fn last_load(&self) -> Option<LoadEvent> {
        self.read().last_load.clone()
    }

    /// Why the registry is degraded: the newest load failed, or a persisted active version could
    /// not be restored. `None` when all is well.
    pub fn degraded_reason(&self) -> Option<String> {
        let book = self.read();
        match &book.last_load {
            Some(LoadEvent {
                ok: false,
                reason: Some(reason),
                source,
                ..
            }) => Some(format!("newest module load ({source}) failed: {reason}")),
            _ => book.warning.clone(),
        }
    }

    /// The problem found outside a load, if any (see [`Registry::set_warning`]).
    pub fn warning(&self) -> Option<String> {
        self.read().warning.clone()
    }

    /// Records a problem that is not a load (shown by `degraded_reason` until the next good load).
    pub fn set_warning(&self, warning: String) {
        self.write().warning = Some(warning);
    }

    /// Adds a self-tested module (not activated), or recognises one already loaded.
    pub fn insert(
        &self,
        module: LoadedModule,
        source: &str,
        at: &str,
    ) -> Result<Inserted, RegistryError> {
        if !module.self_test.as_ref().is_some_and(|r| r.passed) {
            return Err(RegistryError::NotSelfTested(
                module.info.engine_version.clone(),
            ));
        }
        let mut book = self.write();
        let version = module.info.engine_version.clone();
        let existing = book
            .entries
            .iter()
            .find(|e| e.module.info.engine_version == version)
            .map(|e| e.module.clone());
        let outcome = match existing {
            Some(existing) if existing.sha256 == module.sha256 => Inserted::AlreadyLoaded(existing),
            Some(existing) => {
                return Err(RegistryError::VersionTaken {
                    version,
                    sha256: existing.sha256.clone(),
                });
            }
            None => {
                let module = Arc::new(module);
                book.entries.push(Entry {
                    module: module.clone(),
                    source: source.to_owned(),
                    loaded_at: at.to_owned(),
                    activated_at: None,
                });
                Inserted::New(module)
            }
        };
        book.last_load = Some(LoadEvent {
            at: at.to_owned(),
            source: source.to_owned(),
            ok: true,
            version: Some(version),
            reason: None,
        });
        book.warning = None;
        Ok(outcome)
    }

    /// Records a refused load: the active module stays, and `/health` says `degraded` until a
    /// later load succeeds.
    pub fn record_failure(&self, source: &str, reason: &str, at: &str) {
        self.write().last_load = Some(LoadEvent {
            at: at.to_owned(),
            source: source.to_owned(),
            ok: false,
            version: None,
            reason: Some(reason.to_owned()),
        });
    }

    /// Makes a loaded version active, atomically. The replaced version goes on the rollback
    /// history. Activating the active version changes nothing but its activation time, `at`.
    pub fn activate(&self, version: &str, at: &str) -> Result<Activation, RegistryError> {
        let mut book = self.write();
        let next = book
            .entries
            .iter()
            .find(|e| e.module.info.engine_version == version)
            .map(|e| e.module.clone())
            .ok_or_else(|| RegistryError::Unknown(version.to_owned()))?;
        let previous = self.active.load_full();
        if previous.info.engine_version != version {
            book.history.push(previous.info.engine_version.clone());
        }
        Ok(self.swap_to(&mut book, next, previous, at))
    }

    /// The module [`Registry::rollback`] would activate now, without activating it (so the
    /// caller can persist the choice first).
    pub fn rollback_target(&self) -> Result<Arc<LoadedModule>, RegistryError> {
        let book = self.read();
        let current = self.active.load();
        book.history
            .iter()
            .rev()
            .filter(|version| **version != current.info.engine_version)
            .find_map(|version| {
                book.entries
                    .iter()
                    .find(|e| &e.module.info.engine_version == version)
                    .map(|e| e.module.clone())
            })
            .ok_or(RegistryError::NoHistory)
    }

    /// Re-activates the version that was active before the current one (walking back through
    /// the history on repeated calls), at `at`.
    pub fn rollback(&self, at: &str) -> Result<Activation, RegistryError> {
        let mut book = self.write();
        let current = self.active.load_full();
        while let Some(version) = book.history.pop() {
            if version == current.info.engine_version {
                continue;
            }
            let target = book
                .entries
                .iter()
                .find(|e| e.module.info.engine_version == version)
                .map(|e| e.module.clone());
            if let Some(target) = target {
                return Ok(self.swap_to(&mut book, target, current, at));
            }
        }
        Err(RegistryError::NoHistory)
    }

    /// Unloads `version`: refused for the active version, for the first module loaded (the
    /// base, the fallback of every replica) and for a version some request or shadow still
    /// holds (pinned by `X-Engine-Version`). It also leaves the rollback history.
    pub fn remove(&self, version: &str) -> Result<Arc<LoadedModule>, RegistryError> {
        let mut book = self.write();
        let index = book
            .entries
            .iter()
            .position(|e| e.module.info.engine_version == version)
            .ok_or_else(|| RegistryError::Unknown(version.to_owned()))?;
        if self.active.load().info.engine_version == version {
            return Err(RegistryError::Active(version.to_owned()));
        }
        if index == 0 {
            return Err(RegistryError::Base(version.to_owned()));
        }
        // The book's entry is one holder; any other is a request or a shadow using it now. New
        // holders wait for the lock, then find it gone.
        let holders = Arc::strong_count(&book.entries[index].module) - 1;
        if holders > 0 {
            return Err(RegistryError::InUse {
                version: version.to_owned(),
                holders,
            });
        }
        book.history.retain(|v| v != version);
        Ok(book.entries.remove(index).module)
    }

    fn swap_to(
        &self,
        book: &mut Book,
        next: Arc<LoadedModule>,
        previous: Arc<LoadedModule>,
        at: &str,
    ) -> Activation {
        // Swapped under the book's write lock, so listings never disagree with `active()`.
        self.active.store(next.clone());
        if let Some(entry) = book
            .entries
            .iter_mut()
            .find(|e| Arc::ptr_eq(&e.module, &next))
        {
            entry.activated_at = Some(at.to_owned());
        }
        Activation {
            active: next,
            previous,
        }
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Book> {
        self.book.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Book> {
        self.book.write().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Why a registry change was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    /// No module with that version is loaded.
    #[error("no loaded module has engine version {0}")]
    Unknown(String),
    /// The version is already loaded with other bytes.
    #[error(
        "engine version {version} is already loaded with sha256 {sha256}; a different build needs its own engine_version"
    )]
    VersionTaken {
        /// The version.
        version: String,
        /// The digest of the module holding it.
        sha256: String,
    },
    /// Only self-tested modules may enter.
    #[error("module {0} has not passed the self-test")]
    NotSelfTested(String),
    /// Nothing to roll back to.
    #[error("no previous version to roll back to")]
    NoHistory,
    /// The active version cannot be unloaded.
    #[error("engine version {0} is active; activate another version before unloading it")]
    Active(String),
    /// The base module cannot be unloaded.
    #[error(
        "engine version {0} is the base module, the fallback of every replica; it stays loaded"
    )]
    Base(String),
    /// A request or a shadow evaluation holds the version.
    #[error(
        "engine version {version} is in use by {holders} request(s) or shadow evaluation(s); try again when they finish"
    )]
    InUse {
        /// The version.
        version: String,
        /// How many holders.
        holders: usize,
    },
}
