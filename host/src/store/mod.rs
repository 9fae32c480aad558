//! The shared registry on PostgreSQL (docs/decisions.md §12, docs/operations.md), switched on
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
//!
//! Files: [`settings`] (the settings, the errors, the start check), [`shared`] (one replica's
//! connection, status, caches and writes), [`sync`] (starting, following the registry with
//! reconnection backoff, moving the active version everywhere), [`db`] (the queries),
//! [`schema`] (the migrations).

pub mod db;
pub mod schema;
pub mod settings;
pub mod shared;
pub mod sync;

pub use db::ReplicaRow;
pub use settings::{StoreError, StoreSettings, check, describe};
pub use shared::{ReplicaView, SYNCED_MARKER, Shared};
pub use sync::start;
