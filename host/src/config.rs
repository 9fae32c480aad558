//! Configuration: every setting is a command-line flag and an environment variable
//! (DECISIONS §1). The clap argument groups convert into plain [`Settings`] that the library uses,
//! so tests can build a server without going through the command line.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::decision_log::{self, DecisionLogSettings, Sink};
use crate::engine::Limits;
use crate::transport::{TransportArgs, TransportSettings};

/// Default cap on a request body (then 413).
pub const DEFAULT_MAX_BODY_BYTES: usize = 2 << 20;
/// Default cap on an uploaded engine module (`POST /admin/modules`).
pub const DEFAULT_MAX_MODULE_BYTES: usize = 16 << 20;

/// Everything the server needs.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Engine hosting.
    pub engine: EngineSettings,
    /// API keys and tokens.
    pub auth: AuthSettings,
    /// Largest accepted request body, in bytes.
    pub max_body_bytes: usize,
    /// Folder of extra engine modules, loaded at start and watched (DECISIONS §1, §9).
    pub modules_dir: Option<PathBuf>,
    /// Largest accepted module upload, in bytes.
    pub max_module_bytes: usize,
    /// Folder of per-tenant client-rules overlays (`<tenant_id>.json`, DECISIONS §7.5), loaded at
    /// start; a bad file refuses the start.
    pub client_rules_dir: Option<PathBuf>,
    /// The shared registry on PostgreSQL (issue 13); off without a database URL.
    pub store: crate::store::StoreSettings,
    /// The decision log (DECISIONS §12).
    pub decision_log: DecisionLogSettings,
    /// Timeouts, connection and in-flight caps, rate limits (issue 14).
    pub transport: TransportSettings,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            engine: EngineSettings::default(),
            auth: AuthSettings::default(),
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            modules_dir: None,
            max_module_bytes: DEFAULT_MAX_MODULE_BYTES,
            client_rules_dir: None,
            store: crate::store::StoreSettings::default(),
            decision_log: DecisionLogSettings::default(),
            transport: TransportSettings::default(),
        }
    }
}

/// Engine hosting settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSettings {
    /// Wall-clock budget of each engine stage.
    pub stage_deadline: Duration,
    /// Memory cap of each engine instance, in MiB.
    pub memory_limit_mib: usize,
    /// Instance pool slots = concurrent engine calls.
    pub max_instances: u32,
    /// A `.wasm` to use instead of the embedded module.
    pub module: Option<PathBuf>,
    /// Directory of precompiled artifacts (restarts skip recompiling the same module).
    pub compile_cache: Option<PathBuf>,
}

impl Default for EngineSettings {
    fn default() -> Self {
        Self {
            stage_deadline: Duration::from_millis(2000),
            memory_limit_mib: 64,
            max_instances: 32,
            module: None,
            compile_cache: None,
        }
    }
}

impl EngineSettings {
    /// Per-call limits.
    pub fn limits(&self) -> Limits {
        Limits {
            deadline: self.stage_deadline,
            memory_bytes: self.memory_limit_mib.saturating_mul(1 << 20),
        }
    }
}

/// API key and token settings.
#[derive(Clone)]
pub struct AuthSettings {
    /// Keys whose tokens carry the client role.
    pub api_keys: Vec<String>,
    /// Keys whose tokens carry the admin role.
    pub admin_keys: Vec<String>,
    /// Key store holding only key hashes.
    pub keys_file: Option<PathBuf>,
    /// HS256 secret; random per process when unset.
    pub jwt_secret: Option<String>,
    /// Token lifetime.
    pub token_ttl: Duration,
    /// How far in the future a token's `iat` may lie (another replica's clock running ahead);
    /// at most 300 s. Expiry gets no allowance.
    pub max_clock_skew: Duration,
}

impl std::fmt::Debug for AuthSettings {
    // Never print keys or the secret, even in debug output.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AuthSettings")
            .field("api_keys", &self.api_keys.len())
            .field("admin_keys", &self.admin_keys.len())
            .field("keys_file", &self.keys_file)
            .field("jwt_secret", &self.jwt_secret.as_ref().map(|_| "<set>"))
            .field("token_ttl", &self.token_ttl)
            .field("max_clock_skew", &self.max_clock_skew)
            .finish()
    }
}

impl Default for AuthSettings {
    fn default() -> Self {
        Self {
            api_keys: Vec::new(),
            admin_keys: Vec::new(),
            keys_file: None,
            jwt_secret: None,
            token_ttl: Duration::from_secs(3600),
            max_clock_skew: Duration::from_secs(60),
        }
    }
}

impl AuthSettings {
    /// True when no key source is configured at all.
    pub fn has_no_keys(&self) -> bool {
        self.api_keys.is_empty() && self.admin_keys.is_empty() && self.keys_file.is_none()
    }
}

/// Engine flags, shared by `serve` and `evaluate`.
#[derive(Debug, Clone, clap::Args)]
pub struct EngineArgs {
    /// Wall-clock budget of each engine stage, in milliseconds.
    #[arg(long, env = "LOOKBACK_STAGE_DEADLINE_MS", default_value_t = 2000)]
    pub stage_deadline_ms: u64,
    /// Memory cap of each engine instance, in MiB.
    #[arg(long, env = "LOOKBACK_MEMORY_LIMIT_MIB", default_value_t = 64)]
    pub memory_limit_mib: usize,
    /// Concurrent engine calls (instance pool slots).
    #[arg(long, env = "LOOKBACK_MAX_INSTANCES", default_value_t = 32)]
    pub max_instances: u32,
    /// Engine module (.wasm) to use instead of the embedded one.
    #[arg(long, env = "LOOKBACK_MODULE")]
    pub module: Option<PathBuf>,
    /// Directory of precompiled engine modules, keyed by module digest and engine configuration
    /// (off when unset). Only this process may write there: artifacts are digest-checked, then
    /// executed as native code.
    #[arg(long, env = "LOOKBACK_COMPILE_CACHE")]
    pub compile_cache: Option<PathBuf>,
}

impl From<EngineArgs> for EngineSettings {
    fn from(a: EngineArgs) -> Self {
        Self {
            stage_deadline: Duration::from_millis(a.stage_deadline_ms),
            memory_limit_mib: a.memory_limit_mib,
            max_instances: a.max_instances,
            module: a.module,
            compile_cache: a.compile_cache,
        }
    }
}

/// Flags of `lookback serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "LOOKBACK_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Comma-separated API keys accepted by /auth/token (client role).
    #[arg(
        long,
        env = "LOOKBACK_API_KEYS",
        value_delimiter = ',',
        hide_env_values = true
    )]
    pub api_keys: Vec<String>,
    /// Comma-separated API keys whose tokens carry the admin role.
    #[arg(
        long,
        env = "LOOKBACK_ADMIN_KEYS",
        value_delimiter = ',',
        hide_env_values = true
    )]
    pub admin_keys: Vec<String>,
    /// Key store file (JSON lines of key hashes), see `lookback keys create`.
    #[arg(long, env = "LOOKBACK_KEYS_FILE")]
    pub keys_file: Option<PathBuf>,
    /// HS256 secret for tokens; random per process when unset.
    #[arg(long, env = "LOOKBACK_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// Token lifetime in seconds.
    #[arg(long, env = "LOOKBACK_TOKEN_TTL_SECS", default_value_t = 3600)]
    pub token_ttl_secs: u64,
    /// Seconds a token's issue time may lie in the future (clock skew between replicas; max 300).
    #[arg(long, env = "LOOKBACK_JWT_MAX_SKEW_SECS", default_value_t = 60)]
    pub jwt_max_skew_secs: u64,
    /// Largest accepted request body in bytes.
    #[arg(long, env = "LOOKBACK_MAX_BODY_BYTES", default_value_t = DEFAULT_MAX_BODY_BYTES)]
    pub max_body_bytes: usize,
    /// Folder of extra engine modules (*.wasm): loaded at start, watched for new files; uploads
    /// are saved there and the active choice persists there (active.json).
    #[arg(long, env = "LOOKBACK_MODULES_DIR")]
    pub modules_dir: Option<PathBuf>,
    /// Largest accepted module upload (POST /admin/modules) in bytes.
    #[arg(long, env = "LOOKBACK_MAX_MODULE_BYTES", default_value_t = DEFAULT_MAX_MODULE_BYTES)]
    pub max_module_bytes: usize,
    /// Folder of per-tenant client-rules overlays (`<tenant_id>.json`), loaded at start. An
    /// overlay may only make results more protective; a bad one refuses the start.
    #[arg(long, env = "LOOKBACK_CLIENT_RULES_DIR")]
    pub client_rules_dir: Option<PathBuf>,
    /// Seconds a graceful shutdown (SIGTERM, SIGINT) waits for in-flight requests before it
    /// closes the remaining connections and flushes the decision log.
    #[arg(long, env = "LOOKBACK_DRAIN_SECS", default_value_t = 10)]
    pub drain_secs: u64,
    #[command(flatten)]
    pub decision_log: DecisionLogArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
    #[command(flatten)]
    pub store: crate::store::StoreArgs,
    #[command(flatten)]
    pub transport: TransportArgs,
}

/// Decision-log flags of `lookback serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct DecisionLogArgs {
    /// Decision log: a file path (JSON lines, size-rotated) or `stdout`. Off when unset.
    #[arg(long, env = "LOOKBACK_DECISION_LOG")]
    pub decision_log: Option<String>,
    /// Rotate the decision-log file when it would grow past this many bytes.
    #[arg(long, env = "LOOKBACK_DECISION_LOG_MAX_BYTES", default_value_t = decision_log::DEFAULT_MAX_BYTES)]
    pub decision_log_max_bytes: u64,
    /// Rotated decision-log files kept (`path.1` newest).
    #[arg(long, env = "LOOKBACK_DECISION_LOG_KEEP", default_value_t = decision_log::DEFAULT_KEEP)]
    pub decision_log_keep: usize,
    /// Salt of the SSN last-four hash in decision-log lines; without it no hash is written.
    #[arg(long, env = "LOOKBACK_DECISION_LOG_SALT", hide_env_values = true)]
    pub decision_log_salt: Option<String>,
    /// Decision-log queue length; when full, lines are dropped (counted and logged), never waited for.
    #[arg(long, env = "LOOKBACK_DECISION_LOG_QUEUE", default_value_t = decision_log::DEFAULT_QUEUE)]
    pub decision_log_queue: usize,
}

impl From<DecisionLogArgs> for DecisionLogSettings {
    fn from(a: DecisionLogArgs) -> Self {
        Self {
            sink: a
                .decision_log
                .filter(|s| !s.is_empty())
                .as_deref()
                .map(Sink::parse),
            max_bytes: a.decision_log_max_bytes,
            keep: a.decision_log_keep,
            salt: a.decision_log_salt.filter(|s| !s.is_empty()),
            queue: a.decision_log_queue,
        }
    }
}

impl From<ServeArgs> for Settings {
    fn from(a: ServeArgs) -> Self {
        let clean = |keys: Vec<String>| {
            keys.into_iter()
                .map(|k| k.trim().to_owned())
                .filter(|k| !k.is_empty())
                .collect()
        };
        Self {
            engine: a.engine.into(),
            auth: AuthSettings {
                api_keys: clean(a.api_keys),
                admin_keys: clean(a.admin_keys),
                keys_file: a.keys_file,
                jwt_secret: a.jwt_secret.filter(|s| !s.is_empty()),
                token_ttl: Duration::from_secs(a.token_ttl_secs),
                max_clock_skew: Duration::from_secs(a.jwt_max_skew_secs),
            },
            max_body_bytes: a.max_body_bytes,
            modules_dir: a.modules_dir,
            max_module_bytes: a.max_module_bytes,
            client_rules_dir: a.client_rules_dir,
            store: a.store.into(),
            decision_log: a.decision_log.into(),
            transport: a.transport.into(),
        }
    }
}
