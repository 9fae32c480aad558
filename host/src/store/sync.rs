//! Following the shared registry: load every module it holds (after the same admission as an
//! upload), switch to its active version once loaded, report what this replica serves. Woken by
//! `NOTIFY`, and every [`POLL`] regardless; reconnects after an outage on the same beat.

use std::sync::Weak;
use std::time::Duration;

use super::{Inner, SYNCED_MARKER, Shared, db};
use crate::engine::artifacts::write_atomically;

/// Re-read interval when no notification arrives (a lost connection loses notifications).
pub const POLL: Duration = Duration::from_secs(1);

/// The follow loop; ends when the replica's [`Shared`] is dropped.
pub(super) async fn follow(inner: Weak<Inner>) {
    while let Some(wake) = inner.upgrade().map(|i| i.wake.clone()) {
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(POLL) => {}
        }
        let Some(inner) = inner.upgrade() else {
            break;
        };
        Shared { inner }.sync().await;
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
        let (active, rows) = {
            let guard = self.inner.client.lock().await;
            let Some(client) = guard.as_ref() else {
                return Ok(None);
            };
            self.load_tenancy(client).await?;
            (db::active(client).await?, db::modules(client).await?)
        };
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
            last_sync: crate::pipeline::now_rfc3339(),
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
}
