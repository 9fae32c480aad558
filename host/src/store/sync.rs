//! Following the shared registry: start (connect, migrate, first sync), then load every module
//! it holds (after the same admission as an upload), switch to its active version once loaded,
//! report what this replica serves. Woken by `NOTIFY`, and every [`POLL`] regardless; after an
//! outage it tries to reconnect with a backoff ([`next_wait`]). Moving the active version for
//! every replica (activate, rollback) is here too: it may first need a sync.

use std::sync::{Arc, Mutex, PoisonError, RwLock, Weak};
use std::time::Duration;

use arc_swap::ArcSwap;
use lookback_runtime::{Activation, RegistryError, write_atomically};
use tokio::sync::Notify;

use super::db::{self, Move};
use super::settings::{StoreError, StoreSettings, describe};
use super::shared::{Inner, SYNCED_MARKER, Shared, Status, has_local_cache};
use crate::auth::keys::{self, KeyStore};
use crate::client_rules::Overlays;
use crate::modules::Modules;

/// How long a connection attempt may take before the database counts as unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// Re-read interval when no notification arrives (a lost connection loses notifications).
pub const POLL: Duration = Duration::from_secs(1);

/// Connects, migrates, publishes this replica's base module and follows the registry once,
/// then keeps following it on the current tokio runtime. Blocking: call it off the runtime's
/// worker threads (as `AppState::new` runs). `None` without a database URL.
pub fn start(
    settings: &StoreSettings,
    modules: &Modules,
    overlays: &Overlays,
) -> anyhow::Result<Option<Shared>> {
    let Some(url) = &settings.database_url else {
        return Ok(None);
    };
    let mut config: tokio_postgres::Config = url.parse().map_err(|_| StoreError::BadUrl)?;
    config.connect_timeout(CONNECT_TIMEOUT);
    let runtime = tokio::runtime::Handle::try_current()
        .map_err(|_| anyhow::anyhow!("the shared registry needs a tokio runtime"))?;
    let shared = Shared {
        inner: Arc::new(Inner {
            target: describe(&config),
            config,
            replica_id: settings
                .replica_id
                .clone()
                .or_else(|| std::env::var("HOSTNAME").ok().filter(|h| !h.is_empty()))
                .unwrap_or_else(|| format!("replica-{}", keys::random_base62(8))),
            modules: modules.clone(),
            client: tokio::sync::Mutex::new(None),
            syncing: tokio::sync::Mutex::new(()),
            status: RwLock::new(Status::default()),
            wake: Arc::new(Notify::new()),
            task: Mutex::new(None),
            keys: ArcSwap::from_pointee(KeyStore::default()),
            base_overlays: overlays.clone(),
            overlays: ArcSwap::from_pointee(overlays.clone()),
            dictionaries: Mutex::new(Default::default()),
        }),
    };
    runtime.block_on(async {
        match shared.connect().await {
            Ok(()) => {
                shared.sync().await;
                Ok(())
            }
            Err(reason) if has_local_cache(modules.dir()) => {
                tracing::warn!(database = %shared.inner.target, %reason, "database unreachable at start; serving from the local cache");
                shared.mark_down(reason);
                Ok(())
            }
            Err(reason) => Err(StoreError::Unreachable {
                target: shared.inner.target.clone(),
                reason,
            }),
        }
    })?;
    let task = runtime.spawn(follow(Arc::downgrade(&shared.inner)));
    *shared
        .inner
        .task
        .lock()
        .unwrap_or_else(PoisonError::into_inner) = Some(task);
    tracing::info!(replica_id = %shared.inner.replica_id, database = %shared.inner.target, "following the shared registry");
    Ok(Some(shared))
}

/// Longest wait between reconnection attempts while the database is unreachable.
pub const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// The wait before the next round after `failures` rounds in a row without a connection:
/// [`POLL`] while connected, then doubling up to [`MAX_BACKOFF`], so an outage is not met with a
/// connection attempt every second by every replica.
pub fn next_wait(failures: u32) -> Duration {
    POLL.saturating_mul(1 << failures.min(8)).min(MAX_BACKOFF)
}

/// The follow loop; ends when the replica's [`Shared`] is dropped.
async fn follow(inner: Weak<Inner>) {
    let mut failures = 0;
    while let Some(wake) = inner.upgrade().map(|i| i.wake.clone()) {
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(next_wait(failures)) => {}
        }
        let Some(inner) = inner.upgrade() else {
            break;
        };
        let shared = Shared { inner };
        shared.sync().await;
        failures = if shared.is_connected() {
            0
        } else {
            failures.saturating_add(1)
        };
    }
}

impl Shared {
    /// One round: reconnect if needed, load what is new, switch, report. Never fails: an
    /// unreachable database is recorded (and `/health` says so) and retried next round.
    pub async fn sync(&self) {
        let _one_at_a_time = self.inner.syncing.lock().await;
        let connected = {
            let guard = self.inner.client.lock().await;
            guard.as_ref().is_some_and(|c| !c.is_closed())
        };
        if !connected && let Err(reason) = self.connect().await {
            self.mark_down(reason);
            return;
        }
        match self.sync_once().await {
            Ok(behind) => self.mark_up(behind),
            Err(error) => {
                *self.inner.client.lock().await = None;
                self.mark_down(error.to_string());
            }
        }
    }

    /// Returns why this replica cannot serve the registry's active version, if it cannot.
    async fn sync_once(&self) -> Result<Option<String>, tokio_postgres::Error> {
        let modules = &self.inner.modules;
        let (active, rows, unloaded) = {
            let guard = self.inner.client.lock().await;
            let Some(client) = guard.as_ref() else {
                return Ok(None);
            };
            self.load_tenancy(client).await?;
            (
                db::active(client).await?,
                db::modules(client).await?,
                db::unloaded(client).await?,
            )
        };
        self.unload_here(&unloaded);
        for row in rows {
            if modules.registry().by_sha256(&row.sha256).is_some()
                || modules.was_refused(&row.sha256)
            {
                continue;
            }
            let bytes = {
                let guard = self.inner.client.lock().await;
                let Some(client) = guard.as_ref() else {
                    return Ok(None);
                };
                db::bytes(client, &row.sha256).await?
            };
            let Some(bytes) = bytes else { continue };
            // The row's digest is the expected one: bytes changed in the database are refused.
            let source = format!("db:{}", row.version);
            if let Err(error) = modules
                .admit_and_save(bytes, Some(row.sha256.clone()), &source)
                .await
            {
                tracing::warn!(%error, engine_version = %row.version, sha256 = %row.sha256, "module from the shared registry refused on this replica");
                modules.remember_refused(row.sha256);
            }
        }
        let behind = self.follow_active(active.as_ref());
        self.report(&behind).await?;
        Ok(behind)
    }

    /// Unloads the local copies of modules unloaded for every replica. One still active or in
    /// use here stays until a later round.
    fn unload_here(&self, unloaded: &[String]) {
        let modules = &self.inner.modules;
        for sha256 in unloaded {
            let Some(module) = modules.registry().by_sha256(sha256) else {
                continue;
            };
            let version = module.info.engine_version.clone();
            drop(module);
            if let Err(error) = modules.remove(&version) {
                tracing::info!(%error, engine_version = %version, "module unloaded for every replica stays here for now");
            }
        }
    }

    /// Switches to the registry's active version (the base module when none was ever
    /// activated) if it is loaded here with the recorded digest; otherwise keeps the current one
    /// and says why.
    fn follow_active(&self, active: Option<&db::Active>) -> Option<String> {
        let modules = &self.inner.modules;
        let serving = modules.registry().active();
        let (version, sha256) = match active {
            Some(a) => (a.version.clone(), Some(a.sha256.as_str())),
            None => (modules.base_version().to_owned(), None),
        };
        let wanted = match modules.registry().get(&version) {
            Some(m) if sha256.is_none_or(|s| s == m.sha256) => m,
            _ => {
                return Some(format!(
                    "the shared registry's active version {version} could not be loaded on this replica; serving {}",
                    serving.info.engine_version
                ));
            }
        };
        if wanted.sha256 != serving.sha256 {
            match modules.activate(&version) {
                Ok(_) => {
                    tracing::info!(engine_version = %version, previous = %serving.info.engine_version, "switched to the shared registry's active version")
                }
                Err(error) => return Some(error.to_string()),
            }
        }
        None
    }

    async fn report(&self, behind: &Option<String>) -> Result<(), tokio_postgres::Error> {
        let serving = self.inner.modules.registry().active();
        let row = db::ReplicaRow {
            replica_id: self.inner.replica_id.clone(),
            active_version: serving.info.engine_version.clone(),
            active_sha256: serving.sha256.clone(),
            last_sync: crate::clock::now_rfc3339(),
            detail: behind.clone(),
        };
        {
            let guard = self.inner.client.lock().await;
            if let Some(client) = guard.as_ref() {
                db::report(client, &row).await?;
            }
        }
        self.mark_cache(&row);
        Ok(())
    }

    /// Records in the modules directory that it is a synced cache (once per served version).
    fn mark_cache(&self, row: &db::ReplicaRow) {
        let Some(dir) = self.inner.modules.dir() else {
            return;
        };
        let path = dir.join(SYNCED_MARKER);
        let text = serde_json::json!({
            "active_version": row.active_version,
            "active_sha256": row.active_sha256,
        })
        .to_string();
        if std::fs::read_to_string(&path).is_ok_and(|t| t == text) {
            return;
        }
        if let Err(error) = write_atomically(&path, text.as_bytes()) {
            tracing::warn!(%error, "could not mark the modules directory as a synced cache");
        }
    }

    /// Activates `version` for every replica, then here.
    pub async fn activate(&self, version: &str, key_id: &str) -> Result<Activation, StoreError> {
        self.move_active(Move::Activate(version), key_id).await
    }

    /// Rolls every replica back to the version active before the current one, then here.
    pub async fn rollback(&self, key_id: &str) -> Result<Activation, StoreError> {
        self.move_active(Move::Rollback, key_id).await
    }

    async fn move_active(&self, change: Move<'_>, key_id: &str) -> Result<Activation, StoreError> {
        if let Move::Activate(version) = change
            && self.inner.modules.registry().get(version).is_none()
        {
            // Published elsewhere a moment ago: load it before pointing everyone at it.
            self.sync().await;
            if self.inner.modules.registry().get(version).is_none() {
                return Err(RegistryError::Unknown(version.to_owned()).into());
            }
        }
        let current = self.inner.modules.registry().active();
        let now = crate::clock::now_rfc3339();
        let moved = {
            let mut guard = self.writable().await?;
            let client = guard.as_mut().ok_or_else(|| self.unavailable())?;
            db::move_active(
                client,
                change,
                &current.info.engine_version,
                self.actor(key_id),
                &now,
            )
            .await
        };
        let target = self.finish_write(moved)?;
        if self.inner.modules.registry().get(&target).is_none() {
            self.sync().await;
        }
        Ok(self.inner.modules.activate(&target)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reconnection_backs_off_to_a_ceiling() {
        let waits: Vec<u64> = (0..6).map(|n| next_wait(n).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 5, 5, 5]);
        assert_eq!(next_wait(u32::MAX), MAX_BACKOFF);
    }
}
