//! Configuration: every setting is a command-line flag and an environment variable
//! (DECISIONS §1). The clap argument groups convert into plain [`Settings`] that the library uses,
//! so tests can build a server without going through the command line.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

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
    #[command(flatten)]
    pub engine: EngineArgs,
    #[command(flatten)]
    pub transport: TransportArgs,
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
            transport: a.transport.into(),
        }
    }
}
