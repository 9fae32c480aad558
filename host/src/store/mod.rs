//! The shared registry on PostgreSQL (issue 13, DECISIONS §12, docs/operations.md), switched on
//! by `LOOKBACK_DATABASE_URL`. Without it nothing here runs and the server keeps its
//! single-process registry.
//!
//! The database holds module bytes by SHA-256, the active pointer with its rollback stack, the
//! activation history and each replica's last report. Every replica follows it ([`sync`]): a
//! `NOTIFY` wakes it at once, and it re-reads every [`sync::POLL`] anyway in case a notification
//! was lost with a connection. Bytes from the database pass the same admission as an upload
//! (digest, compile, imports, ABI, self-test) before a replica switches; a replica that cannot
//! switch keeps its last good module and says why. Admitted bytes are also written to
//! `LOOKBACK_MODULES_DIR` and compiled artifacts to `LOOKBACK_COMPILE_CACHE`, so a replica serves
//! on through a database outage and restarts from that cache while the database is down.

pub mod db;
pub mod schema;
pub mod sync;

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::Duration;

use arc_swap::ArcSwap;
use serde::Serialize;
use tokio::sync::Notify;
use tokio_postgres::config::Host;
use tokio_postgres::{AsyncMessage, Client, NoTls};

use crate::auth::keys::{self, KeyRecord, KeyStore, Role};
use crate::client_rules::{Overlays, parse_overlay};
use crate::config::Settings;
use crate::engine::LoadedModule;
use crate::engine::registry::{Activation, RegistryError};
use crate::modules::{ModuleError, Modules};
use db::{Actor, Move, WriteError};

/// How long a connection attempt may take before the database counts as unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// The file in `LOOKBACK_MODULES_DIR` that says this replica has synced from the database at
/// least once, so the folder is a cache it may start from while the database is down.
pub const SYNCED_MARKER: &str = "synced.json";

/// Settings of the shared registry.
#[derive(Clone, Default)]
pub struct StoreSettings {
    /// `postgres://user:password@host:port/db`; `None` keeps the single-process registry.
    pub database_url: Option<String>,
    /// This replica's name in listings and history (default: `$HOSTNAME`, else a random id).
    pub replica_id: Option<String>,
}

impl std::fmt::Debug for StoreSettings {
    // The URL may carry a password: show only where it points.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let target = self.database_url.as_deref().map(|url| {
            url.parse::<tokio_postgres::Config>()
                .map(|c| describe(&c))
                .unwrap_or_else(|_| "<invalid>".to_owned())
        });
        f.debug_struct("StoreSettings")
            .field("database", &target)
            .field("replica_id", &self.replica_id)
            .finish()
    }
}

/// Flags of `lookback serve` for the shared registry.
#[derive(Debug, Clone, clap::Args)]
pub struct StoreArgs {
    /// PostgreSQL URL of the registry shared by every replica (modules, activations); unset: this
    /// process keeps its own registry.
    #[arg(long, env = "LOOKBACK_DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// This replica's id in `/admin/modules` and the activation history (default: $HOSTNAME).
    #[arg(long, env = "LOOKBACK_REPLICA_ID")]
    pub replica_id: Option<String>,
}

impl From<StoreArgs> for StoreSettings {
    fn from(a: StoreArgs) -> Self {
        Self {
            database_url: a.database_url.filter(|u| !u.trim().is_empty()),
            replica_id: a.replica_id.filter(|r| !r.trim().is_empty()),
        }
    }
}

/// Why the shared registry refused a start or a change.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The URL does not parse (it is not echoed: it may hold a password).
    #[error(
        "LOOKBACK_DATABASE_URL is not a valid PostgreSQL URL (expected postgres://user:password@host:port/database)"
    )]
    BadUrl,
    /// Replicas must verify each other's tokens.
    #[error(
        "LOOKBACK_JWT_SECRET is required with LOOKBACK_DATABASE_URL: every replica must sign and verify tokens with the same secret"
    )]
    NeedsJwtSecret,
    /// The database cannot be reached at start and there is no local cache to start from.
    #[error(
        "database {target} is unreachable ({reason}) and this replica has no local cache to start from (LOOKBACK_MODULES_DIR with an earlier sync)"
    )]
    Unreachable {
        /// `host:port/database`, never the password.
        target: String,
        /// Why.
        reason: String,
    },
    /// The database is down now: admin changes wait for it.
    #[error(
        "the shared registry database {target} is unreachable; admin changes are refused until it returns (replicas keep serving)"
    )]
    Unavailable {
        /// `host:port/database`.
        target: String,
    },
    /// The registry refused the change.
    #[error(transparent)]
    Registry(#[from] RegistryError),
    /// This replica refused the module.
    #[error(transparent)]
    Module(#[from] ModuleError),
    /// A client-rules overlay that is not valid or would loosen the law.
    #[error("overlay refused: {0}")]
    Overlay(String),
}

/// The shared registry of one replica. Cheap to clone.
#[derive(Clone)]
pub struct Shared {
    inner: Arc<Inner>,
}

struct Inner {
    config: tokio_postgres::Config,
    target: String,
    replica_id: String,
    modules: Modules,
    client: tokio::sync::Mutex<Option<Client>>,
    /// Serialises syncs (the loop's and those an admin call asks for).
    syncing: tokio::sync::Mutex<()>,
    status: RwLock<Status>,
    wake: Arc<Notify>,
    task: Mutex<Option<tokio::task::JoinHandle<()>>>,
    /// Keys from the database (hashes), refreshed every sync.
    keys: ArcSwap<KeyStore>,
    /// This replica's own overlays (`LOOKBACK_CLIENT_RULES_DIR`) ...
    base_overlays: Overlays,
    /// ... with the database's in place of them for the same tenants, refreshed every sync.
    overlays: ArcSwap<Overlays>,
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
struct Status {
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

/// Refuses settings that cannot work with a database, before anything slow starts.
pub fn check(settings: &Settings) -> Result<(), StoreError> {
    let Some(url) = &settings.store.database_url else {
        return Ok(());
    };
    url.parse::<tokio_postgres::Config>()
        .map_err(|_| StoreError::BadUrl)?;
    if settings.auth.jwt_secret.is_none() {
        return Err(StoreError::NeedsJwtSecret);
    }
    Ok(())
}

/// Connects, migrates, publishes this replica's base module and follows the registry once,
/// then keeps following it on the current tokio runtime. Blocking: call it off the runtime's
/// worker threads (as `AppState::new` runs). `None` without a database URL.
pub fn start(
    settings: &Settings,
    modules: &Modules,
    overlays: &Overlays,
) -> anyhow::Result<Option<Shared>> {
    let Some(url) = &settings.store.database_url else {
        return Ok(None);
    };
    check(settings)?;
    let mut config: tokio_postgres::Config = url.parse().map_err(|_| StoreError::BadUrl)?;
    config.connect_timeout(CONNECT_TIMEOUT);
    let runtime = tokio::runtime::Handle::try_current()
        .map_err(|_| anyhow::anyhow!("the shared registry needs a tokio runtime"))?;
    let shared = Shared {
        inner: Arc::new(Inner {
            target: describe(&config),
            config,
            replica_id: settings
                .store
                .replica_id
                .clone()
                .or_else(|| std::env::var("HOSTNAME").ok().filter(|h| !h.is_empty()))
                .unwrap_or_else(|| format!("replica-{}", crate::auth::keys::random_base62(8))),
            modules: modules.clone(),
            client: tokio::sync::Mutex::new(None),
            syncing: tokio::sync::Mutex::new(()),
            status: RwLock::new(Status::default()),
            wake: Arc::new(Notify::new()),
            task: Mutex::new(None),
            keys: ArcSwap::from_pointee(KeyStore::default()),
            base_overlays: overlays.clone(),
            overlays: ArcSwap::from_pointee(overlays.clone()),
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
    let task = runtime.spawn(sync::follow(Arc::downgrade(&shared.inner)));
    *shared
        .inner
        .task
        .lock()
        .unwrap_or_else(PoisonError::into_inner) = Some(task);
    tracing::info!(replica_id = %shared.inner.replica_id, database = %shared.inner.target, "following the shared registry");
    Ok(Some(shared))
}

impl Shared {
    /// This replica's id.
    pub fn replica_id(&self) -> &str {
        &self.inner.replica_id
    }

    /// Why `/health` should say `degraded` because of the shared registry, if it should.
    pub fn degraded_reason(&self) -> Option<String> {
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
            return Some(format!(
                "shared registry database {} unreachable since {} ({}); serving {serving} from the local cache, admin changes refused",
                self.inner.target,
                status.since.as_deref().unwrap_or("start"),
                status.error.as_deref().unwrap_or("no connection"),
            ));
        }
        status.behind
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
        let now = crate::pipeline::now_rfc3339();
        let result = {
            let mut guard = self.writable().await?;
            let client = guard.as_mut().ok_or_else(|| self.unavailable())?;
            db::publish(client, module, self.actor(key_id), &now).await
        };
        self.finish_write(result)
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
        let now = crate::pipeline::now_rfc3339();
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
        let now = crate::pipeline::now_rfc3339();
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
        let now = crate::pipeline::now_rfc3339();
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
        let now = crate::pipeline::now_rfc3339();
        let stored = {
            let mut guard = self.writable().await?;
            let client = guard.as_mut().ok_or_else(|| self.unavailable())?;
            db::put_overlay(client, tenant, &json, self.actor(key_id), &now).await
        };
        self.finish_write(stored.map_err(WriteError::from))?;
        self.refresh_tenancy().await;
        Ok(json)
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
    async fn load_tenancy(&self, client: &Client) -> Result<(), tokio_postgres::Error> {
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
        self.inner
            .overlays
            .store(Arc::new(self.inner.base_overlays.with(overlays)));
        Ok(())
    }

    fn actor<'a>(&'a self, key_id: &'a str) -> Actor<'a> {
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
    async fn writable(&self) -> Result<tokio::sync::MutexGuard<'_, Option<Client>>, StoreError> {
        let guard = self.inner.client.lock().await;
        match guard.as_ref() {
            Some(client) if !client.is_closed() => Ok(guard),
            _ => Err(self.unavailable()),
        }
    }

    /// A write's outcome: a database failure means the database is gone (503), and the loop
    /// reconnects.
    fn finish_write<T>(&self, result: Result<T, WriteError>) -> Result<T, StoreError> {
        result.map_err(|error| match error {
            WriteError::Registry(error) => error.into(),
            WriteError::Db(error) => {
                self.mark_down(error.to_string());
                self.inner.wake.notify_one();
                self.unavailable()
            }
        })
    }

    fn unavailable(&self) -> StoreError {
        StoreError::Unavailable {
            target: self.inner.target.clone(),
        }
    }

    /// Opens a connection, listens for changes and migrates the schema.
    async fn connect(&self) -> Result<(), String> {
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

    fn status(&self) -> Status {
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

    fn mark_down(&self, reason: String) {
        let was_up = self.status().connected || self.status().since.is_none();
        if was_up {
            tracing::warn!(database = %self.inner.target, %reason, "shared registry database unreachable; serving from the local cache");
        }
        self.update_status(|s| {
            if was_up {
                s.since = Some(crate::pipeline::now_rfc3339());
            }
            s.connected = false;
            s.error = Some(reason);
        });
    }

    fn mark_up(&self, behind: Option<String>) {
        let status = self.status();
        if !status.connected && status.since.is_some() {
            tracing::info!(database = %self.inner.target, "shared registry database reachable again");
        }
        let now = crate::pipeline::now_rfc3339();
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

/// `host:port/database` of a connection config: never the user's password.
pub fn describe(config: &tokio_postgres::Config) -> String {
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .zip(config.get_ports().iter().chain(std::iter::repeat(&5432)))
        .map(|(host, port)| match host {
            Host::Tcp(name) => format!("{name}:{port}"),
            Host::Unix(path) => format!("{}:{port}", path.display()),
        })
        .collect();
    format!(
        "{}/{}",
        if hosts.is_empty() {
            "localhost:5432".to_owned()
        } else {
            hosts.join(",")
        },
        config.get_dbname().unwrap_or("")
    )
}

/// Whether `dir` holds a cache from an earlier sync (see [`SYNCED_MARKER`]).
fn has_local_cache(dir: Option<&Path>) -> bool {
    dir.is_some_and(|d| d.join(SYNCED_MARKER).is_file())
}
