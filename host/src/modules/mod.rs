//! Rule-module versions while the service runs (docs/decisions.md §9, docs/modules.md): the base module
//! (embedded, or `LOOKBACK_MODULE`), modules from `LOOKBACK_MODULES_DIR` (loaded at start and
//! whenever files appear), uploads, activation, rollback, and the persisted pointer to the last
//! good active module.
//!
//! Every way in goes through [`EngineHost::admit`] (digest, compile, imports, ABI, self-test), so
//! a module that fails any check never enters the registry; the refusal is recorded with its
//! reason and the active module stays. An admin's upload or change of the active module is
//! written to the modules directory before it is made, so what was acknowledged is what a
//! restart comes back to; a directory that cannot be written is said by `/health`.

pub mod dir;
pub mod watch;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::Context as _;

use crate::clock::now_rfc3339;
use crate::metrics::ModuleEvents;
use lookback_runtime::{Activation, Inserted, RegistryError};
use lookback_runtime::{EngineHost, LoadError, LoadedModule, Registry};

/// Why an upload or a file was not admitted.
#[derive(Debug, thiserror::Error)]
pub enum ModuleError {
    /// A check refused the module.
    #[error("module refused: {0}")]
    Refused(#[from] LoadError),
    /// The registry refused it (version already taken by other bytes).
    #[error("{0}")]
    Registry(#[from] RegistryError),
    /// The load did not finish (a panic or a cancelled task).
    #[error("module load did not complete")]
    Interrupted,
    /// The change could not be written to the modules directory, so it was not made: an
    /// acknowledged change must survive a restart.
    #[error("could not write {}: {error}; nothing was changed", path.display())]
    NotPersisted {
        /// The file that could not be written.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

/// Whether an admitted module must be saved to the modules directory before it enters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Save {
    /// An upload: refused unless saved (a restart must find it).
    Required,
    /// A copy of the shared registry's module: the database keeps it; the folder is a cache.
    Cache,
    /// Already a file of the folder.
    No,
}

/// The module versions of one server.
#[derive(Clone)]
pub struct Modules {
    inner: Arc<Inner>,
}

struct Inner {
    engine: EngineHost,
    registry: Registry,
    base_version: String,
    dir: Option<PathBuf>,
    /// Digests already refused (directory files, shared-registry rows), so they are not retried.
    refused: Mutex<HashSet<String>>,
    /// Swaps and refusals, for the metrics.
    events: ModuleEvents,
    /// Why the modules directory cannot be written, if the last write (or the check at start)
    /// failed.
    dir_problem: Mutex<Option<String>>,
    /// Admin changes of the active module, one at a time: the persisted pointer and the active
    /// module change together.
    changing: Mutex<()>,
}

impl Modules {
    /// Loads the base module (`module` or the embedded one), then the modules directory, then
    /// restores the persisted active module. Blocking (each load compiles and self-tests).
    /// A base module that fails is fatal; anything else is recorded and the service starts.
    pub fn start(
        engine: &EngineHost,
        module: Option<&Path>,
        dir: Option<&Path>,
    ) -> anyhow::Result<Self> {
        let (base, source) = engine.base_module(module, true)?;
        let modules = Self {
            inner: Arc::new(Inner {
                engine: engine.clone(),
                base_version: base.info.engine_version.clone(),
                registry: Registry::new(base, &source, &now_rfc3339()),
                dir: dir.map(Path::to_path_buf),
                refused: Mutex::new(HashSet::new()),
                events: ModuleEvents::default(),
                dir_problem: Mutex::new(None),
                changing: Mutex::new(()),
            }),
        };
        if let Some(dir) = dir {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("creating modules directory {}", dir.display()))?;
            // A write killed halfway (an upload, the pointer) left a temporary file behind.
            lookback_runtime::remove_leftovers(dir);
            if let Err(error) = dir::check_writable(dir) {
                // Readable is enough to serve (a read-only volume of modules): said, not refused.
                modules.note_dir_write(Some(&error));
            }
            modules.scan_blocking();
            modules.restore_pointer(dir);
        }
        Ok(modules)
    }

    /// The registry.
    pub fn registry(&self) -> &Registry {
        &self.inner.registry
    }

    /// The version loaded at start (embedded or `LOOKBACK_MODULE`).
    pub fn base_version(&self) -> &str {
        &self.inner.base_version
    }

    /// Swap and refusal counters.
    pub fn events(&self) -> &ModuleEvents {
        &self.inner.events
    }

    /// The watched directory, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.inner.dir.as_deref()
    }

    /// Why the modules directory cannot be written, if it cannot (admin writes answer 507 until
    /// it can).
    pub fn dir_problem(&self) -> Option<String> {
        self.inner
            .dir_problem
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Admits uploaded bytes (checked against `expected_sha256` when given) and saves them to the
    /// modules directory before they enter: one that cannot be saved is refused
    /// ([`ModuleError::NotPersisted`]) and not loaded. Does not activate.
    pub async fn upload(
        &self,
        bytes: Vec<u8>,
        expected_sha256: Option<String>,
    ) -> Result<Inserted, ModuleError> {
        self.admit_saving(bytes, expected_sha256, "upload", Save::Required)
            .await
    }

    /// [`Modules::upload`] for bytes from elsewhere (`source`, e.g. the shared registry): the
    /// same checks, and the same copy in the modules directory, which is this replica's cache
    /// (a copy that cannot be written is logged; the module still enters).
    pub async fn admit_and_save(
        &self,
        bytes: Vec<u8>,
        expected_sha256: Option<String>,
        source: &str,
    ) -> Result<Inserted, ModuleError> {
        self.admit_saving(bytes, expected_sha256, source, Save::Cache)
            .await
    }

    async fn admit_saving(
        &self,
        bytes: Vec<u8>,
        expected_sha256: Option<String>,
        source: &str,
        save: Save,
    ) -> Result<Inserted, ModuleError> {
        // Bytes already loaded answer at once: no compile, no self-test. A wrong
        // `expected_sha256` still goes through admission, which refuses it with the reason.
        let sha256 = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&bytes));
        if let Some(module) = self.registry().by_sha256(&sha256)
            && expected_sha256
                .as_deref()
                .is_none_or(|e| e.eq_ignore_ascii_case(&sha256))
        {
            return Ok(Inserted::AlreadyLoaded(module));
        }
        let this = self.clone();
        let source = source.to_owned();
        tokio::task::spawn_blocking(move || {
            this.admit_blocking(bytes, expected_sha256.as_deref(), &source, save)
        })
        .await
        .unwrap_or(Err(ModuleError::Interrupted))
    }

    /// Activates a loaded version, then persists the choice as well as it can: for following the
    /// shared registry, which keeps the choice itself (the folder is this replica's cache).
    pub fn activate(&self, version: &str) -> Result<Activation, RegistryError> {
        let _changing = self.changing();
        let activation = self.swap(version)?;
        if let Err(error) = self.persist(&activation.active) {
            tracing::error!(%error, "could not persist the active module; a restart would not come back on it");
        }
        Ok(activation)
    }

    /// Activates a loaded version for an admin: the choice is persisted first, and when it
    /// cannot be, nothing changes ([`ModuleError::NotPersisted`]): an acknowledged activation
    /// survives a restart.
    pub fn activate_persisted(&self, version: &str) -> Result<Activation, ModuleError> {
        let _changing = self.changing();
        let target = self
            .registry()
            .get(version)
            .ok_or_else(|| RegistryError::Unknown(version.to_owned()))?;
        self.persist(&target)?;
        Ok(self.swap(version)?)
    }

    /// Rolls back to the previously active version, persisted first as
    /// [`Modules::activate_persisted`] is.
    pub fn rollback(&self) -> Result<Activation, ModuleError> {
        let _changing = self.changing();
        let target = self.registry().rollback_target()?;
        self.persist(&target)?;
        let activation = self.registry().rollback(&now_rfc3339())?;
        self.inner.events.swaps.inc();
        Ok(activation)
    }

    fn changing(&self) -> std::sync::MutexGuard<'_, ()> {
        self.inner
            .changing
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Makes a loaded version active in memory.
    fn swap(&self, version: &str) -> Result<Activation, RegistryError> {
        let activation = self.registry().activate(version, &now_rfc3339())?;
        if !Arc::ptr_eq(&activation.active, &activation.previous) {
            self.inner.events.swaps.inc();
        }
        Ok(activation)
    }

    /// Unloads an inactive version no request holds ([`Registry::remove`]) and deletes its
    /// files from the modules directory, so it stays unloaded after a restart.
    pub fn remove(&self, version: &str) -> Result<Arc<LoadedModule>, RegistryError> {
        // The rollback history changes too: not in the middle of an admin change.
        let _changing = self.changing();
        let module = self.registry().remove(version)?;
        if let Some(dir) = self.dir()
            && let Err(error) = dir::remove_by_digest(dir, &module.sha256)
        {
            tracing::error!(%error, engine_version = %version, "could not delete an unloaded module's file; it loads again at the next restart");
        }
        tracing::info!(engine_version = %version, sha256 = %module.sha256, "engine module unloaded");
        Ok(module)
    }

    /// Loads every directory file not yet loaded nor refused (the watcher calls this).
    pub async fn rescan(&self) {
        let this = self.clone();
        let _ = tokio::task::spawn_blocking(move || this.scan_blocking()).await;
    }

    fn scan_blocking(&self) {
        let Some(dir) = self.dir() else { return };
        let files = match dir::module_files(dir) {
            Ok(files) => files,
            Err(error) => {
                let reason = format!("cannot read the modules directory: {error}");
                self.registry()
                    .record_failure("dir", &reason, &now_rfc3339());
                return;
            }
        };
        for file in files {
            let Ok(bytes) = std::fs::read(&file.path) else {
                continue; // gone or unreadable right now; the next event retries
            };
            let sha256 = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&bytes));
            if self.registry().by_sha256(&sha256).is_some() || self.was_refused(&sha256) {
                continue;
            }
            let expected = dir::expected_digest(&file.path);
            match self.admit_blocking(bytes, expected.as_deref(), &file.source, Save::No) {
                Ok(inserted) => tracing::info!(
                    source = %file.source,
                    engine_version = %inserted.module().info.engine_version,
                    "engine module loaded from the modules directory"
                ),
                Err(_) => self.remember_refused(sha256),
            }
        }
    }

    /// Whether bytes with this digest were refused before (from the directory or the shared
    /// registry), so a rescan or re-read does not admit them again.
    pub(crate) fn was_refused(&self, sha256: &str) -> bool {
        self.inner
            .refused
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(sha256)
    }

    /// Remembers a refused digest (see [`Modules::was_refused`]).
    pub(crate) fn remember_refused(&self, sha256: String) {
        self.inner
            .refused
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(sha256);
    }

    /// Admit, save as `save` says, then insert; a refusal of any kind is recorded with its
    /// reason.
    fn admit_blocking(
        &self,
        bytes: Vec<u8>,
        expected_sha256: Option<&str>,
        source: &str,
        save: Save,
    ) -> Result<Inserted, ModuleError> {
        let started = std::time::Instant::now();
        let result = self
            .inner
            .engine
            .admit(bytes, expected_sha256)
            .map_err(ModuleError::from)
            .and_then(|module| self.enter(module, source, save));
        match &result {
            Ok(inserted) => {
                let module = inserted.module();
                tracing::info!(
                    source,
                    engine_version = %module.info.engine_version,
                    rules_version = %module.info.rules_version,
                    sha256 = %module.sha256,
                    compiled = ?module.compiled,
                    load_ms = started.elapsed().as_millis() as u64,
                    "engine module admitted"
                );
            }
            Err(error @ ModuleError::NotPersisted { .. }) => {
                tracing::error!(source, %error, "engine module not loaded: it could not be saved");
            }
            Err(error) => {
                let reason = error.to_string();
                tracing::warn!(source, reason = %reason, "engine module refused");
                self.inner.events.refusals.inc();
                if matches!(error, ModuleError::Refused(LoadError::SelfTest(_))) {
                    self.inner.events.self_test_failures.inc();
                }
                self.registry()
                    .record_failure(source, &reason, &now_rfc3339());
            }
        }
        result
    }

    /// Saves an admitted module to the modules directory as `save` says, then inserts it. A
    /// version taken by other bytes is refused before anything is written; a file written for a
    /// module the registry then refuses is removed again.
    fn enter(
        &self,
        module: LoadedModule,
        source: &str,
        save: Save,
    ) -> Result<Inserted, ModuleError> {
        let taken = self.registry().get(&module.info.engine_version).is_some();
        let saved = match self.dir() {
            Some(dir) if save != Save::No && !taken => {
                let path = dir::upload_path(
                    dir,
                    &module.info.engine_version,
                    &module.sha256,
                    &module.bytes,
                );
                let existed = path.exists();
                let written = dir::save(&path, &module.bytes);
                self.note_dir_write(written.as_ref().err());
                match written {
                    Ok(()) => (!existed).then_some(path),
                    Err(error) if save == Save::Required => {
                        return Err(ModuleError::NotPersisted { path, error });
                    }
                    Err(error) => {
                        tracing::error!(%error, path = %path.display(), "could not keep a copy of a module in the modules directory; this replica fetches it again after a restart");
                        None
                    }
                }
            }
            _ => None,
        };
        self.registry()
            .insert(module, source, &now_rfc3339())
            .map_err(|error| {
                if let Some(path) = saved {
                    let _ = std::fs::remove_file(path);
                }
                ModuleError::from(error)
            })
    }

    /// Records the outcome of a write to the modules directory: a failure is a problem of the
    /// service (said by `/health`) until a later write succeeds.
    fn note_dir_write(&self, error: Option<&std::io::Error>) {
        let Some(dir) = self.dir() else { return };
        let mut problem = self
            .inner
            .dir_problem
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match error {
            None => {
                if problem.take().is_some() {
                    tracing::info!(dir = %dir.display(), "the modules directory can be written again");
                }
            }
            Some(error) => {
                if problem.is_none() {
                    tracing::warn!(%error, dir = %dir.display(), "the modules directory cannot be written: uploads and activations are refused until it can");
                }
                *problem = Some(format!(
                    "modules directory {} cannot be written ({error}): uploads and activations are refused (507) until it can",
                    dir.display()
                ));
            }
        }
    }

    /// Activates the persisted pointer's module if it is loaded with the recorded digest;
    /// otherwise stays on the base module and records why.
    fn restore_pointer(&self, dir: &Path) {
        let pointer = match dir::read_pointer(dir) {
            Ok(Some(pointer)) => pointer,
            Ok(None) => return,
            Err(reason) => {
                self.refuse_pointer(reason);
                return;
            }
        };
        let problem = match self.registry().get(&pointer.engine_version) {
            None => format!(
                "persisted active module {} is not loaded",
                pointer.engine_version
            ),
            Some(module) if module.sha256 != pointer.sha256 => format!(
                "persisted active module {} now has sha256 {}, not the recorded {}",
                pointer.engine_version, module.sha256, pointer.sha256
            ),
            Some(_) => {
                if let Err(error) = self
                    .registry()
                    .activate(&pointer.engine_version, &now_rfc3339())
                {
                    self.refuse_pointer(error.to_string());
                } else {
                    tracing::info!(engine_version = %pointer.engine_version, "restored the persisted active module");
                }
                return;
            }
        };
        self.refuse_pointer(problem);
    }

    fn refuse_pointer(&self, problem: String) {
        let warning = format!("{problem}; serving {} instead", self.base_version());
        tracing::warn!(reason = %warning, "persisted active module refused");
        self.registry().set_warning(warning);
    }

    /// Persists `active` as the module a restart comes back on (none for the base module).
    fn persist(&self, active: &LoadedModule) -> Result<(), ModuleError> {
        let Some(dir) = self.dir() else {
            return Ok(());
        };
        let pointer = (active.info.engine_version != self.base_version()).then(|| dir::Pointer {
            engine_version: active.info.engine_version.clone(),
            sha256: active.sha256.clone(),
        });
        let written = dir::write_pointer(dir, pointer.as_ref());
        self.note_dir_write(written.as_ref().err());
        written.map_err(|error| ModuleError::NotPersisted {
            path: dir.join(dir::POINTER_FILE),
            error,
        })
    }
}
