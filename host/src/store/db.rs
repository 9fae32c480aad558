//! The shared registry's queries. Every change that replicas must follow ends with a
//! `pg_notify` on [`CHANNEL`] inside its transaction, so listeners hear of it only once it is
//! committed.

use serde::Serialize;
use tokio_postgres::Client;
use tokio_postgres::error::SqlState;

use crate::auth::keys::{KeyRecord, Role};
use lookback_runtime::LoadedModule;
use lookback_runtime::RegistryError;

/// The `LISTEN`/`NOTIFY` channel of registry changes.
pub const CHANNEL: &str = "lookback_registry";

/// What every replica must serve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Active {
    /// Engine version.
    pub version: String,
    /// SHA-256 of its bytes.
    pub sha256: String,
}

/// A module row without its bytes.
#[derive(Debug, Clone)]
pub struct ModuleRow {
    /// SHA-256 the bytes must have.
    pub sha256: String,
    /// Engine version.
    pub version: String,
}

/// One replica's last report.
#[derive(Debug, Clone, Serialize)]
pub struct ReplicaRow {
    /// Replica id.
    pub replica_id: String,
    /// The version it serves.
    pub active_version: String,
    /// Its digest.
    pub active_sha256: String,
    /// When it last read the registry (RFC 3339, the replica's clock).
    pub last_sync: String,
    /// What stops it from following the registry, if anything.
    pub detail: Option<String>,
}

/// Who changes the registry: the admin key id (never a secret) and the replica it went through.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    /// Key id of the admin token (`sub`).
    pub key_id: &'a str,
    /// Replica that took the request.
    pub replica_id: &'a str,
}

/// Why a registry write failed.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The registry refused the change (unknown version, taken version, nothing to roll back to).
    #[error(transparent)]
    Registry(#[from] RegistryError),
    /// The database failed.
    #[error(transparent)]
    Db(#[from] tokio_postgres::Error),
}

/// The active pointer; `None` until the first activation (every replica then serves its base).
pub async fn active(client: &Client) -> Result<Option<Active>, tokio_postgres::Error> {
    let row = client
        .query_one(
            "SELECT active_version, active_sha256 FROM registry_state",
            &[],
        )
        .await?;
    let version: Option<String> = row.get(0);
    let sha256: Option<String> = row.get(1);
    Ok(version
        .zip(sha256)
        .map(|(version, sha256)| Active { version, sha256 }))
}

/// Every module, oldest first, without bytes.
pub async fn modules(client: &Client) -> Result<Vec<ModuleRow>, tokio_postgres::Error> {
    let rows = client
        .query(
            "SELECT sha256, version FROM modules ORDER BY uploaded_at, version",
            &[],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|row| ModuleRow {
            sha256: row.get(0),
            version: row.get(1),
        })
        .collect())
}

/// The stored bytes of a module (checked against its digest by the caller's admission).
pub async fn bytes(
    client: &Client,
    sha256: &str,
) -> Result<Option<Vec<u8>>, tokio_postgres::Error> {
    Ok(client
        .query_opt("SELECT bytes FROM modules WHERE sha256 = $1", &[&sha256])
        .await?
        .map(|row| row.get(0)))
}

/// Stores an admitted module (nothing when its digest is already there); a version held by other
/// bytes is refused.
pub async fn publish(
    client: &mut Client,
    module: &LoadedModule,
    actor: Actor<'_>,
    at: &str,
) -> Result<(), WriteError> {
    let tx = client.transaction().await?;
    let size = i64::try_from(module.bytes.len()).unwrap_or(i64::MAX);
    let inserted = tx
        .execute(
            "INSERT INTO modules (sha256, version, rules_version, size_bytes, bytes, uploaded_by, replica_id, uploaded_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (sha256) DO NOTHING",
            &[
                &module.sha256,
                &module.info.engine_version,
                &module.info.rules_version,
                &size,
                &&module.bytes[..],
                &actor.key_id,
                &actor.replica_id,
                &at,
            ],
        )
        .await;
    match inserted {
        Err(error) if error.code() == Some(&SqlState::UNIQUE_VIOLATION) => {
            let row = tx
                .query_one(
                    "SELECT sha256 FROM modules WHERE version = $1",
                    &[&module.info.engine_version],
                )
                .await?;
            return Err(RegistryError::VersionTaken {
                version: module.info.engine_version.clone(),
                sha256: row.get(0),
            }
            .into());
        }
        Err(error) => return Err(error.into()),
        Ok(0) => {}
        Ok(_) => notify(&tx).await?,
    }
    tx.execute(
        "DELETE FROM unloaded_modules WHERE sha256 = $1",
        &[&module.sha256],
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Unloads a module for every replica: refused while it is the registry's active version;
/// otherwise its row goes, it leaves the rollback history, and its digest is recorded so each
/// replica unloads its copy at its next sync.
pub async fn unload(
    client: &mut Client,
    module: &LoadedModule,
    actor: Actor<'_>,
    at: &str,
) -> Result<(), WriteError> {
    let version = &module.info.engine_version;
    let tx = client.transaction().await?;
    let active: Option<String> = tx
        .query_one("SELECT active_version FROM registry_state FOR UPDATE", &[])
        .await?
        .get(0);
    if active.as_deref() == Some(version.as_str()) {
        return Err(RegistryError::Active(version.clone()).into());
    }
    tx.execute("DELETE FROM modules WHERE sha256 = $1", &[&module.sha256])
        .await?;
    tx.execute(
        "UPDATE registry_state SET history = array_remove(history, $1)",
        &[version],
    )
    .await?;
    tx.execute(
        "INSERT INTO unloaded_modules (sha256, version, unloaded_by, replica_id, unloaded_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (sha256) DO NOTHING",
        &[
            &module.sha256,
            version,
            &actor.key_id,
            &actor.replica_id,
            &at,
        ],
    )
    .await?;
    notify(&tx).await?;
    tx.commit().await?;
    Ok(())
}

/// Digests of the modules unloaded for every replica.
pub async fn unloaded(client: &Client) -> Result<Vec<String>, tokio_postgres::Error> {
    let rows = client
        .query("SELECT sha256 FROM unloaded_modules", &[])
        .await?;
    Ok(rows.iter().map(|row| row.get(0)).collect())
}

/// How the active pointer moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move<'a> {
    /// To this version; the current one goes on the rollback stack.
    Activate(&'a str),
    /// Back to the version active before the current one.
    Rollback,
}

/// Moves the active pointer (with `current` the version serving when none was ever activated),
/// records it in `activations` and notifies. Returns the version now active.
pub async fn move_active(
    client: &mut Client,
    change: Move<'_>,
    current: &str,
    actor: Actor<'_>,
    at: &str,
) -> Result<String, WriteError> {
    let tx = client.transaction().await?;
    let row = tx
        .query_one(
            "SELECT active_version, history FROM registry_state FOR UPDATE",
            &[],
        )
        .await?;
    let current = row
        .get::<_, Option<String>>(0)
        .unwrap_or_else(|| current.to_owned());
    let mut history: Vec<String> = row.get(1);
    let sha_of = async |version: &str| -> Result<Option<String>, tokio_postgres::Error> {
        Ok(tx
            .query_opt("SELECT sha256 FROM modules WHERE version = $1", &[&version])
            .await?
            .map(|row| row.get(0)))
    };
    let (action, target, sha256) = match change {
        Move::Activate(version) => {
            let sha256 = sha_of(version)
                .await?
                .ok_or_else(|| RegistryError::Unknown(version.to_owned()))?;
            if current != version {
                history.push(current.clone());
            }
            ("activate", version.to_owned(), sha256)
        }
        Move::Rollback => loop {
            let Some(version) = history.pop() else {
                return Err(RegistryError::NoHistory.into());
            };
            if version == current {
                continue;
            }
            if let Some(sha256) = sha_of(&version).await? {
                break ("rollback", version, sha256);
            }
        },
    };
    tx.execute(
        "UPDATE registry_state SET active_version = $1, active_sha256 = $2, history = $3, generation = generation + 1",
        &[&target, &sha256, &history],
    )
    .await?;
    tx.execute(
        "INSERT INTO activations (action, version, sha256, previous_version, actor, replica_id, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
        &[
            &action,
            &target,
            &sha256,
            &current,
            &actor.key_id,
            &actor.replica_id,
            &at,
        ],
    )
    .await?;
    notify(&tx).await?;
    tx.commit().await?;
    Ok(target)
}

/// Records what this replica serves.
pub async fn report(client: &Client, row: &ReplicaRow) -> Result<(), tokio_postgres::Error> {
    client
        .execute(
            "INSERT INTO replicas (replica_id, active_version, active_sha256, last_sync, detail)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (replica_id) DO UPDATE SET active_version = $2, active_sha256 = $3,
                 last_sync = $4, detail = $5",
            &[
                &row.replica_id,
                &row.active_version,
                &row.active_sha256,
                &row.last_sync,
                &row.detail,
            ],
        )
        .await?;
    Ok(())
}

/// Every replica's last report, by id.
pub async fn replicas(client: &Client) -> Result<Vec<ReplicaRow>, tokio_postgres::Error> {
    let rows = client
        .query(
            "SELECT replica_id, active_version, active_sha256, last_sync, detail FROM replicas ORDER BY replica_id",
            &[],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|row| ReplicaRow {
            replica_id: row.get(0),
            active_version: row.get(1),
            active_sha256: row.get(2),
            last_sync: row.get(3),
            detail: row.get(4),
        })
        .collect())
}

/// Every key not revoked.
pub async fn keys(client: &Client) -> Result<Vec<KeyRecord>, tokio_postgres::Error> {
    let rows = client
        .query(
            "SELECT key_id, sha256, tenant, role FROM api_keys WHERE revoked_at IS NULL ORDER BY key_id",
            &[],
        )
        .await?;
    Ok(rows
        .iter()
        .filter_map(|row| {
            let role = match row.get::<_, &str>(3) {
                "admin" => Role::Admin,
                "client" => Role::Client,
                _ => return None,
            };
            Some(KeyRecord {
                key_id: row.get(0),
                sha256: row.get(1),
                tenant: row.get(2),
                role,
            })
        })
        .collect())
}

/// Stores a new key's record (its hash, never the key).
pub async fn create_key(
    client: &mut Client,
    record: &KeyRecord,
    actor: Actor<'_>,
    at: &str,
) -> Result<(), tokio_postgres::Error> {
    let role = match record.role {
        Role::Admin => "admin",
        Role::Client => "client",
    };
    let tx = client.transaction().await?;
    tx.execute(
        "INSERT INTO api_keys (key_id, sha256, tenant, role, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        &[&record.key_id, &record.sha256, &record.tenant, &role, &actor.key_id, &at],
    )
    .await?;
    notify(&tx).await?;
    tx.commit().await
}

/// Revokes a key; false when no such key is active.
pub async fn revoke_key(
    client: &mut Client,
    key_id: &str,
    at: &str,
) -> Result<bool, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    let revoked = tx
        .execute(
            "UPDATE api_keys SET revoked_at = $2 WHERE key_id = $1 AND revoked_at IS NULL",
            &[&key_id, &at],
        )
        .await?;
    notify(&tx).await?;
    tx.commit().await?;
    Ok(revoked > 0)
}

/// Every tenant's overlay (validated JSON text).
pub async fn overlays(client: &Client) -> Result<Vec<(String, String)>, tokio_postgres::Error> {
    let rows = client
        .query("SELECT tenant_id, overlay FROM client_overlays", &[])
        .await?;
    Ok(rows.iter().map(|row| (row.get(0), row.get(1))).collect())
}

/// Stores a tenant's validated overlay, replacing the previous one.
pub async fn put_overlay(
    client: &mut Client,
    tenant: &str,
    overlay: &str,
    actor: Actor<'_>,
    at: &str,
) -> Result<(), tokio_postgres::Error> {
    let tx = client.transaction().await?;
    tx.execute(
        "INSERT INTO client_overlays (tenant_id, overlay, updated_by, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (tenant_id) DO UPDATE SET overlay = $2, updated_by = $3, updated_at = $4",
        &[&tenant, &overlay, &actor.key_id, &at],
    )
    .await?;
    notify(&tx).await?;
    tx.commit().await
}

/// Every tenant's charge dictionary digest, to re-read only the dictionaries that changed.
pub async fn dictionary_digests(
    client: &Client,
) -> Result<Vec<(String, String)>, tokio_postgres::Error> {
    let rows = client
        .query("SELECT tenant_id, sha256 FROM charge_dictionaries", &[])
        .await?;
    Ok(rows.iter().map(|row| (row.get(0), row.get(1))).collect())
}

/// A tenant's charge dictionary file, as stored.
pub async fn dictionary(
    client: &Client,
    tenant: &str,
) -> Result<Option<String>, tokio_postgres::Error> {
    let row = client
        .query_opt(
            "SELECT dictionary FROM charge_dictionaries WHERE tenant_id = $1",
            &[&tenant],
        )
        .await?;
    Ok(row.map(|row| row.get(0)))
}

/// Stores a tenant's validated charge dictionary (the file's text, as uploaded) under its digest,
/// replacing the previous one.
pub async fn put_dictionary(
    client: &mut Client,
    tenant: &str,
    text: &str,
    sha256: &str,
    actor: Actor<'_>,
    at: &str,
) -> Result<(), tokio_postgres::Error> {
    let tx = client.transaction().await?;
    tx.execute(
        "INSERT INTO charge_dictionaries (tenant_id, dictionary, sha256, updated_by, updated_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (tenant_id) DO UPDATE SET dictionary = $2, sha256 = $3, updated_by = $4, updated_at = $5",
        &[&tenant, &text, &sha256, &actor.key_id, &at],
    )
    .await?;
    notify(&tx).await?;
    tx.commit().await
}

async fn notify(tx: &tokio_postgres::Transaction<'_>) -> Result<(), tokio_postgres::Error> {
    tx.execute("SELECT pg_notify($1, 'changed')", &[&CHANNEL])
        .await
        .map(drop)
}
