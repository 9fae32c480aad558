//! One replica's side of the shared registry: its connection (with `LISTEN` for changes), its
//! status as `/health` and `/admin/modules` show it, the keys and overlays it caches from the
//! database, and the writes an admin call makes (module, key, overlay).

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use arc_swap::ArcSwap;
use lookback_runtime::LoadedModule;
use serde::Serialize;
use tokio::sync::Notify;
use tokio_postgres::{AsyncMessage, Client, NoTls};

use super::db::{self, Actor, WriteError};
use super::schema;
use super::settings::StoreError;
use crate::auth::keys::{self, KeyRecord, KeyStore, Role};
use crate::client_rules::{Overlays, parse_overlay};
use crate::dictionary::TenantDictionary;
use crate::modules::Modules;

/// The file in `LOOKBACK_MODULES_DIR` that says this replica has synced from the database at
/// least once, so the folder is a cache it may start from while the database is down.
pub const SYNCED_MARKER: &str = "synced.json";

/// The shared registry of one replica. Cheap to clone.
#[derive(Clone)]
pub struct Shared {
    pub(super) inner: Arc<Inner>,
}

pub(super) struct Inner {
    pub(super) config: tokio_postgres::Config,
    pub(super) target: String,
    pub(super) replica_id: String,
    pub(super) modules: Modules,
    pub(super) client: tokio::sync::Mutex<Option<Client>>,
    /// Serialises syncs (the loop's and those an admin call asks for).
    pub(super) syncing: tokio::sync::Mutex<()>,
    pub(super) status: RwLock<Status>,
    pub(super) wake: Arc<Notify>,
    pub(super) task: Mutex<Option<tokio::task::JoinHandle<()>>>,
    /// Keys from the database (hashes), refreshed every sync.
    pub(super) keys: ArcSwap<KeyStore>,
    /// This replica's own overlays (`LOOKBACK_CLIENT_RULES_DIR`) ...
    pub(super) base_overlays: Overlays,
    /// ... with the database's in place of them for the same tenants (dictionaries too),
    /// refreshed every sync.
    pub(super) overlays: ArcSwap<Overlays>,
    /// The database's charge dictionaries, by tenant: each re-read only when its digest changes,
    /// and one that no longer loads keeps its last good version here.
    pub(super) dictionaries: Mutex<DbDictionaries>,
}

/// The database's charge dictionaries as this replica has read them.
#[derive(Default)]
pub(super) struct DbDictionaries {
    by_tenant: HashMap<String, Arc<TenantDictionary>>,
    /// Digests of rows that did not load: not read again until they change.
    refused: HashSet<String>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        if let Some(task) = self
            .task
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            task.abort();
        }
    }
}

#[derive(Debug, Clone, Default)]
pub(super) struct Status {
    connected: bool,
    /// When `connected` last changed (RFC 3339).
    since: Option<String>,
    last_sync: Option<String>,
    /// Why the database is unreachable.
    error: Option<String>,
    /// Why this replica does not serve the registry's active version.
    behind: Option<String>,
}

/// This replica as `/admin/modules` shows it.
#[derive(Debug, Clone, Serialize)]
pub struct ReplicaView {
    /// Replica id.
    pub replica_id: String,
    /// `host:port/database`.
    pub database: String,
    /// `connected` or `unreachable`.
    pub database_status: &'static str,
    /// Last successful read of the registry.
    pub last_sync: Option<String>,
    /// Why it is degraded, if it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl Shared {
    /// This replica's id.
    pub fn replica_id(&self) -> &str {
        &self.inner.replica_id
    }

    /// Why `/health` should say `degraded` because of the shared registry, if it should.
    pub fn degraded_reason(&self) -> Option<String> {
        self.degraded().map(|(_, detail)| detail)
    }

    /// [`Shared::degraded_reason`] with its short code (`database_unreachable`,
    /// `replica_behind`).
    pub fn degraded(&self) -> Option<(&'static str, String)> {
        let status = self.status();
        let serving = self
            .inner
            .modules
            .registry()
            .active()
            .info
            .engine_version
            .clone();
        if !status.connected {
            return Some((
                "database_unreachable",
                format!(
                    "shared registry database {} unreachable since {} ({}); serving {serving} from the local cache, admin changes refused",
                    self.inner.target,
                    status.since.as_deref().unwrap_or("start"),
                    status.error.as_deref().unwrap_or("no connection"),
                ),
            ));
        }
        status.behind.map(|behind| ("replica_behind", behind))
    }

    /// This replica's view for `/admin/modules`.
    pub fn view(&self) -> ReplicaView {
        let status = self.status();
        ReplicaView {
            replica_id: self.inner.replica_id.clone(),
            database: self.inner.target.clone(),
            database_status: if status.connected {
                "connected"
            } else {
                "unreachable"
            },
            last_sync: status.last_sync.clone(),
            detail: self.degraded_reason(),
        }
    }

    /// Every replica's last report; `None` while the database is unreachable.
    pub async fn replicas(&self) -> Option<Vec<db::ReplicaRow>> {
        let guard = self.inner.client.lock().await;
        db::replicas(guard.as_ref()?).await.ok()
    }

    /// Publishes an admitted module so every replica loads it.
    pub async fn publish(&self, module: &LoadedModule, key_id: &str) -> Result<(), StoreError> {
        let now = crate::clock::now_rfc3339();
        let result = {
            let mut guard = self.writable().await?;
            let client = guard.as_mut().ok_or_else(|| self.unavailable())?;
            db::publish(client, module, self.actor(key_id), &now).await
        };
        self.finish_write(result)
    }

    /// Unloads a module (already unloaded here) for every replica.
    pub async fn unload(&self, module: &LoadedModule, key_id: &str) -> Result<(), StoreError> {
        let now = crate::clock::now_rfc3339();
        let result = {
            let mut guard = self.writable().await?;
            let client = guard.as_mut().ok_or_else(|| self.unavailable())?;
            db::unload(client, module, self.actor(key_id), &now).await
        };
        self.finish_write(result)
    }

    /// API keys kept in the database (active ones, by hash).
    pub fn keys(&self) -> Arc<KeyStore> {
        self.inner.keys.load_full()
    }

    /// Client-rules overlays: this replica's own, with the database's in place of them.
    pub fn overlays(&self) -> Overlays {
        (**self.inner.overlays.load()).clone()
    }

    /// Creates an API key in the database; returns the key (shown once, stored nowhere) and its
    /// record (the hash).
    pub async fn create_key(
        &self,
        tenant: Option<String>,
        role: Role,
        key_id: &str,
    ) -> Result<(String, KeyRecord), StoreError> {
        let key = keys::generate_key();
        let record = KeyRecord {
            key_id: format!("key_{}", keys::random_base62(12)),
            sha256: hex::encode(keys::hash_key(&key)),
            tenant: tenant.filter(|t| !t.is_empty()),
            role,
        };
        let now = crate::clock::now_rfc3339();
        let created = {
            let mut guard = self.writable().await?;
            let client = guard.as_mut().ok_or_else(|| self.unavailable())?;
            db::create_key(client, &record, self.actor(key_id), &now).await
        };
        self.finish_write(created.map_err(WriteError::from))?;
        self.refresh_tenancy().await;
        Ok((key, record))
    }

    /// Revokes a key everywhere (no new tokens for it); false when no such key is active.
    pub async fn revoke_key(&self, revoked_key: &str) -> Result<bool, StoreError> {
        let now = crate::clock::now_rfc3339();
        let revoked = {
            let mut guard = self.writable().await?;
            let client = guard.as_mut().ok_or_else(|| self.unavailable())?;
            db::revoke_key(client, revoked_key, &now).await
        };
        let revoked = self.finish_write(revoked.map_err(WriteError::from))?;
        self.refresh_tenancy().await;
        Ok(revoked)
    }

    /// Validates and stores a tenant's overlay (a less protective one is refused, as from the
    /// folder); returns the stored JSON.
    pub async fn put_overlay(
        &self,
        tenant: &str,
        text: &str,
        key_id: &str,
    ) -> Result<String, StoreError> {
        let rules =
            parse_overlay(tenant, text, "the tenant in the path").map_err(StoreError::Overlay)?;
        let json = serde_json::to_string(&rules).map_err(|e| StoreError::Overlay(e.to_string()))?;
        let now = crate::clock::now_rfc3339();
        let stored = {
            let mut guard = self.writable().await?;
            let client = guard.as_mut().ok_or_else(|| self.unavailable())?;
            db::put_overlay(client, tenant, &json, self.actor(key_id), &now).await
        };
        self.finish_write(stored.map_err(WriteError::from))?;
        self.refresh_tenancy().await;
        Ok(json)
    }

    /// Validates and stores a tenant's charge dictionary (the file's text, as uploaded); returns
    /// it and the one it replaces (the tenant's in force here before, if any).
    pub async fn put_dictionary(
        &self,
        tenant: &str,
        text: &str,
        key_id: &str,
    ) -> Result<(Arc<TenantDictionary>, Option<Arc<TenantDictionary>>), StoreError> {
        let dictionary = TenantDictionary::parse(tenant, text, "the tenant in the path")
            .map_err(StoreError::Dictionary)?;
        let previous = self.overlays().dictionary_for(Some(tenant), None).cloned();
        let now = crate::clock::now_rfc3339();
        let stored = {
            let mut guard = self.writable().await?;
            let client = guard.as_mut().ok_or_else(|| self.unavailable())?;
            let actor = self.actor(key_id);
            db::put_dictionary(client, tenant, text, &dictionary.sha256, actor, &now).await
        };
        self.finish_write(stored.map_err(WriteError::from))?;
        self.refresh_tenancy().await;
        Ok((Arc::new(dictionary), previous))
    }

    /// Re-reads keys and overlays now (after a write here; the others follow on notification).
    async fn refresh_tenancy(&self) {
        let guard = self.inner.client.lock().await;
        if let Some(client) = guard.as_ref()
            && let Err(error) = self.load_tenancy(client).await
        {
            tracing::warn!(%error, "could not re-read keys and overlays");
        }
    }

    /// Replaces the cached keys and overlays with the database's.
    pub(super) async fn load_tenancy(&self, client: &Client) -> Result<(), tokio_postgres::Error> {
        let records = db::keys(client).await?;
        let overlays = db::overlays(client).await?;
        // The database holds exactly the key file's records: one parser for both.
        let text = serde_json::to_string(&records).unwrap_or_else(|_| "[]".to_owned());
        let mut store = KeyStore::default();
        match keys::parse_key_file(&text, "database") {
            Ok(entries) => store.extend(entries),
            Err(error) => tracing::warn!(%error, "keys in the database are not valid records"),
        }
        self.inner.keys.store(Arc::new(store));
        let dictionaries = self.load_dictionaries(client).await?;
        let overlays = (self.inner.base_overlays)
            .with(overlays)
            .with_dictionaries(dictionaries);
        self.inner.overlays.store(Arc::new(overlays));
        Ok(())
    }

    /// The database's charge dictionaries: those whose digest is unchanged as they were, the
    /// others read and validated again (one that fails keeps its last good version, and says so).
    async fn load_dictionaries(
        &self,
        client: &Client,
    ) -> Result<Vec<Arc<TenantDictionary>>, tokio_postgres::Error> {
        let digests = db::dictionary_digests(client).await?;
        let (mut known, mut refused) = {
            let db = self.inner.dictionaries.lock();
            let db = db.unwrap_or_else(PoisonError::into_inner);
            (db.by_tenant.clone(), db.refused.clone())
        };
        for (tenant, sha256) in digests {
            if known.get(&tenant).is_some_and(|d| d.sha256 == sha256) || refused.contains(&sha256) {
                continue;
            }
            let Some(text) = db::dictionary(client, &tenant).await? else {
                continue;
            };
            match TenantDictionary::parse(&tenant, &text, "its row") {
                Ok(dictionary) => {
                    tracing::info!(tenant_id = %tenant, version = %dictionary.version, entries = dictionary.len(), "charge dictionary loaded from the shared registry");
                    known.insert(tenant, Arc::new(dictionary));
                }
                Err(error) => {
                    tracing::error!(tenant_id = %tenant, %error, "charge dictionary in the shared registry refused; the last good one stays in use");
                    refused.insert(sha256);
                }
            }
        }
        let loaded = known.values().cloned().collect();
        *self
            .inner
            .dictionaries
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = DbDictionaries {
            by_tenant: known,
            refused,
        };
        Ok(loaded)
    }

    pub(super) fn actor<'a>(&'a self, key_id: &'a str) -> Actor<'a> {
        Actor {
            key_id,
            replica_id: &self.inner.replica_id,
        }
    }

    /// `Unavailable` while the database is unreachable.
    pub async fn check_writable(&self) -> Result<(), StoreError> {
        self.writable().await.map(drop)
    }

    /// The client, or `Unavailable` while the database is unreachable.
    pub(super) async fn writable(
        &self,
    ) -> Result<tokio::sync::MutexGuard<'_, Option<Client>>, StoreError> {
        let guard = self.inner.client.lock().await;
        match guard.as_ref() {
            Some(client) if !client.is_closed() => Ok(guard),
            _ => Err(self.unavailable()),
        }
    }

    /// A write's outcome: a database failure means the database is gone (503), and the loop
    /// reconnects.
    pub(super) fn finish_write<T>(&self, result: Result<T, WriteError>) -> Result<T, StoreError> {
        result.map_err(|error| match error {
            WriteError::Registry(error) => error.into(),
            WriteError::Db(error) => {
                self.mark_down(error.to_string());
                self.inner.wake.notify_one();
                self.unavailable()
            }
        })
    }

    pub(super) fn unavailable(&self) -> StoreError {
        StoreError::Unavailable {
            target: self.inner.target.clone(),
        }
    }

    /// Opens a connection, listens for changes and migrates the schema.
    pub(super) async fn connect(&self) -> Result<(), String> {
        let (mut client, mut connection) = self
            .inner
            .config
            .connect(NoTls)
            .await
            .map_err(|e| e.to_string())?;
        let wake = self.inner.wake.clone();
        // Drives the connection and turns notifications into wake-ups; ends with the connection.
        tokio::spawn(async move {
            loop {
                match std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                    Some(Ok(AsyncMessage::Notification(_))) => wake.notify_one(),
                    Some(Ok(_)) => {}
                    Some(Err(_)) | None => {
                        wake.notify_one();
                        break;
                    }
                }
            }
        });
        client
            .batch_execute(&format!("LISTEN {}", db::CHANNEL))
            .await
            .map_err(|e| e.to_string())?;
        let applied = schema::migrate(&mut client, &self.inner.replica_id)
            .await
            .map_err(|e| format!("migrating the schema: {e}"))?;
        if applied > 0 {
            tracing::info!(
                applied,
                schema_version = schema::latest(),
                "database schema migrated"
            );
        }
        *self.inner.client.lock().await = Some(client);
        self.publish_base().await;
        Ok(())
    }

    /// Makes this replica's base module available to the others (rollbacks may lead to it).
    async fn publish_base(&self) {
        let modules = &self.inner.modules;
        let Some(base) = modules.registry().get(modules.base_version()) else {
            return;
        };
        if let Err(error) = self.publish(&base, "base").await {
            tracing::warn!(%error, "could not publish the base module to the shared registry");
        }
    }

    /// Whether the last round reached the database.
    pub(super) fn is_connected(&self) -> bool {
        self.status().connected
    }

    pub(super) fn status(&self) -> Status {
        self.inner
            .status
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn update_status(&self, change: impl FnOnce(&mut Status)) {
        change(
            &mut self
                .inner
                .status
                .write()
                .unwrap_or_else(PoisonError::into_inner),
        );
    }

    pub(super) fn mark_down(&self, reason: String) {
        let was_up = self.status().connected || self.status().since.is_none();
        if was_up {
            tracing::warn!(database = %self.inner.target, %reason, "shared registry database unreachable; serving from the local cache");
        }
        self.update_status(|s| {
            if was_up {
                s.since = Some(crate::clock::now_rfc3339());
            }
            s.connected = false;
            s.error = Some(reason);
        });
    }

    pub(super) fn mark_up(&self, behind: Option<String>) {
        let status = self.status();
        if !status.connected && status.since.is_some() {
            tracing::info!(database = %self.inner.target, "shared registry database reachable again");
        }
        let now = crate::clock::now_rfc3339();
        self.update_status(|s| {
            if !s.connected {
                s.since = Some(now.clone());
            }
            s.connected = true;
            s.error = None;
            s.last_sync = Some(now);
            s.behind = behind;
        });
    }
}

/// Whether `dir` holds a cache from an earlier sync (see [`SYNCED_MARKER`]).
pub(super) fn has_local_cache(dir: Option<&Path>) -> bool {
    dir.is_some_and(|d| d.join(SYNCED_MARKER).is_file())
}
