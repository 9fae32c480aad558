//! The shared registry's settings, why it refuses a start or a change, and the check of the
//! settings made before anything slow starts.

use tokio_postgres::config::Host;

use lookback_runtime::RegistryError;

use crate::modules::ModuleError;

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
    /// A charge dictionary that is not valid.
    #[error("dictionary refused: {0}")]
    Dictionary(String),
}

/// Refuses settings that cannot work with a database, before anything slow starts.
/// `has_jwt_secret`: whether the replicas share a token secret (they must).
pub fn check(settings: &StoreSettings, has_jwt_secret: bool) -> Result<(), StoreError> {
    let Some(url) = &settings.database_url else {
        return Ok(());
    };
    url.parse::<tokio_postgres::Config>()
        .map_err(|_| StoreError::BadUrl)?;
    if !has_jwt_secret {
        return Err(StoreError::NeedsJwtSecret);
    }
    Ok(())
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
