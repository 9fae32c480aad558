//! The shared registry's schema and its migrations, run by the server itself at every connect.
//!
//! Replicas that start together race for a session advisory lock: the first applies what is
//! missing, the others wait, then find `schema_version` up to date and apply nothing. Each
//! migration runs in its own transaction together with its `schema_version` row, so a crash leaves
//! either all of it or none.

use tokio_postgres::Client;

/// Key of the advisory lock held while migrating (any fixed number: it names our lock).
const MIGRATION_LOCK: i64 = 0x6c6f_6f6b_6261_636b; // "lookback"

/// The migrations, in order; a migration's number is its position plus one. Never edit one that
/// has shipped: add the next.
const MIGRATIONS: &[&str] = &[
    // 1: module bytes by digest, the active pointer with its rollback stack, the activation
    // history, and each replica's last report.
    r"
    CREATE TABLE modules (
        sha256        TEXT PRIMARY KEY,
        version       TEXT NOT NULL UNIQUE,
        rules_version TEXT NOT NULL,
        size_bytes    BIGINT NOT NULL,
        bytes         BYTEA NOT NULL,
        uploaded_by   TEXT NOT NULL,
        replica_id    TEXT NOT NULL,
        uploaded_at   TEXT NOT NULL
    );
    CREATE TABLE registry_state (
        singleton      BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),
        active_version TEXT,
        active_sha256  TEXT,
        history        TEXT[] NOT NULL DEFAULT '{}',
        generation     BIGINT NOT NULL DEFAULT 0
    );
    INSERT INTO registry_state DEFAULT VALUES;
    CREATE TABLE activations (
        id               BIGSERIAL PRIMARY KEY,
        action           TEXT NOT NULL,
        version          TEXT NOT NULL,
        sha256           TEXT NOT NULL,
        previous_version TEXT,
        actor            TEXT NOT NULL,
        replica_id       TEXT NOT NULL,
        at               TEXT NOT NULL
    );
    CREATE TABLE replicas (
        replica_id     TEXT PRIMARY KEY,
        active_version TEXT NOT NULL,
        active_sha256  TEXT NOT NULL,
        last_sync      TEXT NOT NULL,
        detail         TEXT
    );
    ",
    // 2: API keys by hash (never the key) and per-tenant client-rules overlays.
    r"
    CREATE TABLE api_keys (
        key_id     TEXT PRIMARY KEY,
        sha256     TEXT NOT NULL UNIQUE,
        tenant     TEXT,
        role       TEXT NOT NULL,
        created_by TEXT NOT NULL,
        created_at TEXT NOT NULL,
        revoked_at TEXT
    );
    CREATE TABLE client_overlays (
        tenant_id  TEXT PRIMARY KEY,
        overlay    TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    ",
    // Modules unloaded for every replica (a re-upload of the same bytes lifts it).
    r"
    CREATE TABLE unloaded_modules (
        sha256      TEXT PRIMARY KEY,
        version     TEXT NOT NULL,
        unloaded_by TEXT NOT NULL,
        replica_id  TEXT NOT NULL,
        unloaded_at TEXT NOT NULL
    );
    ",
    // Tenants' charge dictionaries: the file as uploaded and its digest (the version is its first
    // 16 hex digits), so every replica reads each tenant's charges the same way.
    r"
    CREATE TABLE charge_dictionaries (
        tenant_id  TEXT PRIMARY KEY,
        dictionary TEXT NOT NULL,
        sha256     TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    ",
];

/// The schema version this build writes and reads.
pub fn latest() -> i32 {
    i32::try_from(MIGRATIONS.len()).unwrap_or(i32::MAX)
}

/// Brings the schema up to [`latest`]; returns how many migrations this call applied.
pub async fn migrate(
    client: &mut Client,
    replica_id: &str,
) -> Result<usize, tokio_postgres::Error> {
    client
        .execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    let applied = apply_missing(client, replica_id).await;
    // Released even when a migration failed (a dropped connection releases it as well).
    let unlocked = client
        .execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK])
        .await;
    let applied = applied?;
    unlocked?;
    Ok(applied)
}

async fn apply_missing(
    client: &mut Client,
    replica_id: &str,
) -> Result<usize, tokio_postgres::Error> {
    client
        .batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_version (
                version    INTEGER PRIMARY KEY,
                applied_at TIMESTAMPTZ NOT NULL DEFAULT now(),
                applied_by TEXT NOT NULL
            )",
        )
        .await?;
    let current: i32 = client
        .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
        .await?
        .get(0);
    let mut applied = 0;
    for (number, sql) in (1..).zip(MIGRATIONS) {
        if number <= current {
            continue;
        }
        let tx = client.transaction().await?;
        tx.batch_execute(sql).await?;
        tx.execute(
            "INSERT INTO schema_version (version, applied_by) VALUES ($1, $2)",
            &[&number, &replica_id],
        )
        .await?;
        tx.commit().await?;
        applied += 1;
    }
    Ok(applied)
}
