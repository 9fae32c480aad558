//! The command line: every command and flag of `lookback` (clap types), each setting also an
//! environment variable (docs/decisions.md §1, §14), and their conversion into the plain settings the
//! services take: [`Settings`] holds one slice per service (the runtime's `EngineSettings`, the
//! store's `StoreSettings`, ...), so tests build a server without a command line and no service
//! reads this module.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand};
use lookback_core::vocabulary::DEFAULT_STAGE_DEADLINE_MS;
use lookback_runtime::EngineSettings;
use lookback_runtime::settings::{
    DEFAULT_KEEP_RESIDENT_MIB, DEFAULT_MAX_INSTANCES, DEFAULT_MEMORY_LIMIT_MIB,
};

use crate::auth::{AuthSettings, Role};
use crate::decision_log::{self, DecisionLogSettings, Sink, SyncPolicy};
use crate::limits::input::{self as input_limits, InputLimits};
use crate::limits::transport::TransportSettings;
use crate::limits::transport::settings::{DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_MODULE_BYTES};
use crate::store::StoreSettings;
use crate::telemetry::LogFormat;

/// Everything the server needs, one slice per service.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// Engine hosting (the runtime).
    pub engine: EngineSettings,
    /// API keys and tokens.
    pub auth: AuthSettings,
    /// Folder of extra engine modules, loaded at start and watched (docs/decisions.md §1, §9).
    pub modules_dir: Option<PathBuf>,
    /// Folder of per-tenant client-rules overlays (`<tenant_id>.json`, docs/decisions.md §7.5), loaded at
    /// start; a bad file refuses the start.
    pub client_rules_dir: Option<PathBuf>,
    /// The shared registry on PostgreSQL; off without a database URL.
    pub store: StoreSettings,
    /// The decision log (docs/decisions.md §12).
    pub decision_log: DecisionLogSettings,
    /// Timeouts, body and connection caps, rate limits, the shutdown drain.
    pub transport: TransportSettings,
    /// The internal listener's address (`/metrics` without credentials, `/health`); off when
    /// unset (docs/decisions.md §14).
    pub metrics_addr: Option<SocketAddr>,
    /// Caps on names, lists, cases, charges and XML in request bodies.
    pub input_limits: InputLimits,
    /// `/health` answers 503 (not ready) while the persisted active module could not be restored
    /// or the decision log cannot be written, for operators who prefer no answer to an unaudited
    /// or wrongly versioned one.
    pub fail_closed: bool,
}

/// Lookback: decides, charge by charge, whether a criminal record may be reported.
#[derive(Debug, Parser)]
#[command(name = "lookback", version, about)]
pub struct Cli {
    /// How log lines are written on standard error.
    #[arg(
        long,
        env = "LOOKBACK_LOG_FORMAT",
        value_enum,
        default_value_t,
        global = true
    )]
    pub log_format: LogFormat,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP service (boxed: its flags outweigh every other command's).
    Serve(Box<ServeArgs>),
    /// Evaluate one `/evaluate` request body offline and print the response envelope.
    Evaluate(EvaluateArgs),
    /// Describe an engine module and say whether the server would admit it (exit 1 if not).
    Inspect(InspectArgs),
    /// Evaluate every request in a folder with two modules and list the charges that change.
    Diff(DiffArgs),
    /// List the rule catalogue (id, jurisdiction, summary, citation, confidence).
    Rules(RulesArgs),
    /// Ask a running server's `/health`: exit 0 when it serves (for `HEALTHCHECK` and exec probes).
    Health(crate::health_probe::HealthArgs),
    /// Manage API keys.
    Keys {
        /// Key action.
        #[command(subcommand)]
        command: KeysCommand,
    },
}

/// `lookback keys ...`.
#[derive(Debug, Subcommand)]
pub enum KeysCommand {
    /// Create a key, append its hash to the key file and print the key once.
    Create {
        /// Tenant the key is bound to.
        #[arg(long)]
        tenant: Option<String>,
        /// Role of tokens issued for the key.
        #[arg(long, value_enum, default_value_t = Role::Client)]
        role: Role,
        /// Key file to append to.
        #[arg(long, env = "LOOKBACK_KEYS_FILE")]
        file: PathBuf,
    },
    /// Check the configured keys as `lookback serve` would at start (exit 1 when it would
    /// refuse them): plain keys long and varied enough, no key with two roles, the key file
    /// readable.
    Check(KeySourceArgs),
    /// Remove a key from the key file: a running server refuses it and every token issued for
    /// it at their next use.
    Revoke {
        /// Id of the key (`key_...`, as `keys create` printed it).
        key_id: String,
        /// Key file to remove it from.
        #[arg(long, env = "LOOKBACK_KEYS_FILE")]
        file: PathBuf,
    },
}

/// Flags of `lookback serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "LOOKBACK_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Internal listener for scrapers and probes: `/metrics` without credentials and `/health`
    /// only. Off when unset; bind it where only the cluster reaches (never the public address).
    #[arg(long, env = "LOOKBACK_METRICS_ADDR")]
    pub metrics_addr: Option<SocketAddr>,
    #[command(flatten)]
    pub keys: KeySourceArgs,
    /// HS256 secret for tokens; random per process when unset.
    #[arg(long, env = "LOOKBACK_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// Token lifetime in seconds.
    #[arg(long, env = "LOOKBACK_TOKEN_TTL_SECS", default_value_t = 3600)]
    pub token_ttl_secs: u64,
    /// Seconds a token's issue time may lie in the future (clock skew between replicas; max 300).
    #[arg(long, env = "LOOKBACK_JWT_MAX_SKEW_SECS", default_value_t = 60)]
    pub jwt_max_skew_secs: u64,
    /// Folder of extra engine modules (*.wasm): loaded at start, watched for new files; uploads
    /// are saved there and the active choice persists there (active.json).
    #[arg(long, env = "LOOKBACK_MODULES_DIR")]
    pub modules_dir: Option<PathBuf>,
    /// Folder of per-tenant client-rules overlays (`<tenant_id>.json`), loaded at start and
    /// re-read when it changes. An overlay may only make results more protective; a bad one
    /// refuses the start, or later keeps the last good set (and `/health` degraded).
    #[arg(long, env = "LOOKBACK_CLIENT_RULES_DIR")]
    pub client_rules_dir: Option<PathBuf>,
    #[command(flatten)]
    pub decision_log: DecisionLogArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
    #[command(flatten)]
    pub store: StoreArgs,
    #[command(flatten)]
    pub transport: TransportArgs,
    #[command(flatten)]
    pub input_limits: InputLimitArgs,
    /// Answer 503 on /health (not ready) while the persisted active module could not be restored
    /// or the decision log cannot be written, instead of 200 `degraded`.
    #[arg(long, env = "LOOKBACK_FAIL_CLOSED", value_parser = clap::builder::BoolishValueParser::new())]
    pub fail_closed: bool,
}

/// Where API keys come from (`lookback serve`, `lookback keys check`).
#[derive(Debug, Clone, clap::Args)]
pub struct KeySourceArgs {
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
}

impl KeySourceArgs {
    /// The key settings (every other auth setting at its default), keys trimmed, empty ones
    /// dropped.
    pub fn into_settings(self) -> AuthSettings {
        let clean = |keys: Vec<String>| {
            keys.into_iter()
                .map(|k| k.trim().to_owned())
                .filter(|k| !k.is_empty())
                .collect()
        };
        AuthSettings {
            api_keys: clean(self.api_keys),
            admin_keys: clean(self.admin_keys),
            keys_file: self.keys_file,
            ..AuthSettings::default()
        }
    }
}

/// Engine flags, shared by `serve`, `evaluate`, `inspect` and `diff`.
#[derive(Debug, Clone, clap::Args)]
pub struct EngineArgs {
    /// Wall-clock budget of each engine stage, in milliseconds.
    #[arg(long, env = "LOOKBACK_STAGE_DEADLINE_MS", default_value_t = DEFAULT_STAGE_DEADLINE_MS)]
    pub stage_deadline_ms: u64,
    /// Memory cap of each engine instance, in MiB.
    #[arg(long, env = "LOOKBACK_MEMORY_LIMIT_MIB", default_value_t = DEFAULT_MEMORY_LIMIT_MIB)]
    pub memory_limit_mib: usize,
    /// Concurrent engine calls (instance pool slots).
    #[arg(long, env = "LOOKBACK_MAX_INSTANCES", default_value_t = DEFAULT_MAX_INSTANCES)]
    pub max_instances: u32,
    /// Linear memory each instance slot keeps mapped between calls, in MiB (at most the memory
    /// cap). Raise it when big records are common: a call that grows past it pays page faults
    /// for those pages again on the slot's next big call; the cost is up to this much resident
    /// memory per slot.
    #[arg(long, env = "LOOKBACK_KEEP_RESIDENT_MIB", default_value_t = DEFAULT_KEEP_RESIDENT_MIB)]
    pub keep_resident_mib: usize,
    /// Engine module (.wasm) to use instead of the embedded one.
    #[arg(long, env = "LOOKBACK_MODULE")]
    pub module: Option<PathBuf>,
    /// Directory of precompiled engine modules, keyed by module digest and engine configuration
    /// (off when unset). Only this process may write there: artifacts are digest-checked, then
    /// executed as native code.
    #[arg(long, env = "LOOKBACK_COMPILE_CACHE")]
    pub compile_cache: Option<PathBuf>,
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
    /// When decision-log lines are forced to disk: `none` (at rotation and shutdown only),
    /// `interval` (every --decision-log-sync-interval-ms), `every` (before each /evaluate answer
    /// leaves; an answer whose line cannot be written is a 503).
    #[arg(long, env = "LOOKBACK_DECISION_LOG_SYNC", value_enum, default_value_t = SyncMode::Interval)]
    pub decision_log_sync: SyncMode,
    /// Milliseconds between two syncs of the decision log with `interval`.
    #[arg(long, env = "LOOKBACK_DECISION_LOG_SYNC_INTERVAL_MS", default_value_t = decision_log::DEFAULT_SYNC_INTERVAL.as_millis() as u64)]
    pub decision_log_sync_interval_ms: u64,
}

/// `--decision-log-sync`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SyncMode {
    /// Only at rotation and shutdown.
    None,
    /// Every `--decision-log-sync-interval-ms`.
    Interval,
    /// Before each answer leaves.
    Every,
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

/// Transport flags of `lookback serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct TransportArgs {
    /// Seconds a connection has to send a complete request head; also the idle keep-alive timeout.
    #[arg(long, env = "LOOKBACK_HEADER_READ_TIMEOUT_SECS", default_value_t = 10)]
    pub header_read_timeout_secs: u64,
    /// Seconds a request has to send its whole body (then 408).
    #[arg(long, env = "LOOKBACK_BODY_TIMEOUT_SECS", default_value_t = 30)]
    pub body_timeout_secs: u64,
    /// Largest accepted request body in bytes.
    #[arg(long, env = "LOOKBACK_MAX_BODY_BYTES", default_value_t = DEFAULT_MAX_BODY_BYTES)]
    pub max_body_bytes: usize,
    /// Largest accepted module upload (POST /admin/modules) in bytes.
    #[arg(long, env = "LOOKBACK_MAX_MODULE_BYTES", default_value_t = DEFAULT_MAX_MODULE_BYTES)]
    pub max_module_bytes: usize,
    /// Open connections at once (beyond: 503 and close).
    #[arg(long, env = "LOOKBACK_MAX_CONNECTIONS", default_value_t = 1024)]
    pub max_connections: usize,
    /// Open connections of one client address at once, 0 for no cap (beyond: 503 and close,
    /// but `GET /health` is still answered). Behind a proxy every client shares its address.
    #[arg(
        long,
        env = "LOOKBACK_MAX_CONNECTIONS_PER_ADDRESS",
        default_value_t = 256
    )]
    pub max_connections_per_address: usize,
    /// Largest request head (request line and headers) in bytes (beyond: 431 and close).
    #[arg(long, env = "LOOKBACK_MAX_HEADER_BYTES", default_value_t = 64 * 1024)]
    pub max_header_bytes: usize,
    /// Requests on the engine routes at once (beyond: 503 with Retry-After).
    #[arg(long, env = "LOOKBACK_MAX_IN_FLIGHT", default_value_t = 64)]
    pub max_in_flight: usize,
    /// Failed key exchanges per client address and minute (beyond: 429 with Retry-After).
    #[arg(long, env = "LOOKBACK_AUTH_FAILURES_PER_MINUTE", default_value_t = 10)]
    pub auth_failures_per_minute: u32,
    /// Identity-match work per client address and minute, in comparisons: a call costs its name
    /// pairings (name and aliases of one side against the other's) plus its address pairings,
    /// at least 1 (beyond: 429 with Retry-After).
    #[arg(
        long,
        env = "LOOKBACK_IDENTITY_MATCH_PER_MINUTE",
        default_value_t = 3000
    )]
    pub identity_match_per_minute: u32,
    /// Seconds a graceful shutdown (SIGTERM, SIGINT) waits for in-flight requests before it
    /// closes the remaining connections and flushes the decision log.
    #[arg(long, env = "LOOKBACK_DRAIN_SECS", default_value_t = 10)]
    pub drain_secs: u64,
}

/// Caps on request bodies (`lookback serve`): a body over one is answered 400 (413 for the XML
/// size) before any engine work, the message naming the field and the cap.
#[derive(Debug, Clone, clap::Args)]
pub struct InputLimitArgs {
    /// Characters in one name field (first, middle, last or subject name).
    #[arg(long, env = "LOOKBACK_MAX_NAME_CHARS", default_value_t = input_limits::DEFAULT_MAX_NAME_CHARS)]
    pub max_name_chars: usize,
    /// Characters in any other string field (`xml` aside).
    #[arg(long, env = "LOOKBACK_MAX_TEXT_CHARS", default_value_t = input_limits::DEFAULT_MAX_TEXT_CHARS)]
    pub max_text_chars: usize,
    /// Aliases of one person.
    #[arg(long, env = "LOOKBACK_MAX_ALIASES", default_value_t = input_limits::DEFAULT_MAX_ALIASES)]
    pub max_aliases: usize,
    /// Addresses of one person.
    #[arg(long, env = "LOOKBACK_MAX_ADDRESSES", default_value_t = input_limits::DEFAULT_MAX_ADDRESSES)]
    pub max_addresses: usize,
    /// Cases in one search (JSON or XML).
    #[arg(long, env = "LOOKBACK_MAX_CASES", default_value_t = input_limits::DEFAULT_MAX_CASES)]
    pub max_cases: usize,
    /// Charges in one record (JSON offenses, XML charges, `cases[]` rows); also any other list.
    #[arg(long, env = "LOOKBACK_MAX_CHARGES", default_value_t = input_limits::DEFAULT_MAX_CHARGES)]
    pub max_charges: usize,
    /// Bytes of a record's vendor XML (beyond: 413).
    #[arg(long, env = "LOOKBACK_MAX_XML_BYTES", default_value_t = input_limits::DEFAULT_MAX_XML_BYTES)]
    pub max_xml_bytes: usize,
}

impl From<InputLimitArgs> for InputLimits {
    fn from(a: InputLimitArgs) -> Self {
        Self {
            max_name_chars: a.max_name_chars,
            max_text_chars: a.max_text_chars,
            max_aliases: a.max_aliases,
            max_addresses: a.max_addresses,
            max_cases: a.max_cases,
            max_charges: a.max_charges,
            max_xml_bytes: a.max_xml_bytes,
        }
    }
}

/// Flags of `lookback evaluate`.
#[derive(Debug, clap::Args)]
pub struct EvaluateArgs {
    /// File holding an `/evaluate` request body; or, as NDJSON, one body per line (`-` reads
    /// standard input).
    pub file: PathBuf,
    /// Read NDJSON (implied by `-` and by a `.ndjson` or `.jsonl` file): every core, one result
    /// line per input line (`{"line", "status", "answer"}`), in input order, progress on standard
    /// error; exit 1 when any answer is not 200 or 206.
    #[arg(long)]
    pub ndjson: bool,
    /// Pretty-print the response.
    #[arg(long)]
    pub pretty: bool,
    /// Evaluate as of this instant (RFC 3339), e.g. to reproduce an earlier decision. Default:
    /// the current time.
    #[arg(long)]
    pub now: Option<String>,
    /// Folder of per-tenant client-rules overlays; the record's `tenant_id` picks one.
    #[arg(long, env = "LOOKBACK_CLIENT_RULES_DIR")]
    pub client_rules_dir: Option<PathBuf>,
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// Flags of `lookback inspect`.
#[derive(Debug, clap::Args)]
pub struct InspectArgs {
    /// The module file.
    pub file: PathBuf,
    /// Refuse the module unless its SHA-256 (hex) is this.
    #[arg(long)]
    pub sha256: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// Flags of `lookback diff`.
#[derive(Debug, clap::Args)]
pub struct DiffArgs {
    /// The current module (default: the embedded one).
    #[arg(long)]
    pub from: Option<PathBuf>,
    /// The candidate module (default: the current one, with `--dictionary`).
    #[arg(long, required_unless_present = "dictionary")]
    pub to: Option<PathBuf>,
    /// A candidate charge dictionary file (a tenant's `<tenant_id>.dictionary.json`, as the
    /// reviewer page downloads it): every record is read with it on the candidate side, whatever
    /// its tenant.
    #[arg(long)]
    pub dictionary: Option<PathBuf>,
    /// The dictionary in force now, read on the current side (default: none).
    #[arg(long, requires = "dictionary")]
    pub from_dictionary: Option<PathBuf>,
    /// Folder of `/evaluate` bodies (`*.json`; a body may also sit under `request`, as in the
    /// corpus), or one such file; or NDJSON, one such body per line (`-` reads standard input).
    pub dir: PathBuf,
    /// Read NDJSON (implied by `-` and by a `.ndjson` or `.jsonl` file): every core, one report
    /// line per input line (`{"line", "from", "to", "charges", "changes"}`), in input order,
    /// progress and totals on standard error.
    #[arg(long)]
    pub ndjson: bool,
    /// Evaluate as of this instant (RFC 3339). Default: each file's `now`, else the current time.
    #[arg(long)]
    pub now: Option<String>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// Flags of `lookback rules`.
#[derive(Debug, Clone, clap::Args)]
pub struct RulesArgs {
    /// Only this jurisdiction: a two-letter code (`CA`, `DC`, `PR`), `US` (federal), `GEN`, `SYS`,
    /// a place (`New York City`) or `CLIENT`; case-insensitive.
    #[arg(long)]
    pub jurisdiction: Option<String>,
    /// Print JSON (`{"rules_version", "rules": [...]}`) instead of text.
    #[arg(long)]
    pub json: bool,
}

impl From<ServeArgs> for Settings {
    fn from(a: ServeArgs) -> Self {
        Self {
            engine: a.engine.into(),
            auth: AuthSettings {
                jwt_secret: a.jwt_secret.filter(|s| !s.is_empty()),
                token_ttl: Duration::from_secs(a.token_ttl_secs),
                max_clock_skew: Duration::from_secs(a.jwt_max_skew_secs),
                ..a.keys.into_settings()
            },
            modules_dir: a.modules_dir,
            client_rules_dir: a.client_rules_dir,
            store: a.store.into(),
            decision_log: a.decision_log.into(),
            transport: a.transport.into(),
            metrics_addr: a.metrics_addr,
            input_limits: a.input_limits.into(),
            fail_closed: a.fail_closed,
        }
    }
}

impl From<EngineArgs> for EngineSettings {
    fn from(a: EngineArgs) -> Self {
        Self {
            stage_deadline: Duration::from_millis(a.stage_deadline_ms),
            memory_limit_mib: a.memory_limit_mib,
            max_instances: a.max_instances,
            keep_resident_mib: a.keep_resident_mib,
            module: a.module,
            compile_cache: a.compile_cache,
        }
    }
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
            sync: match a.decision_log_sync {
                SyncMode::None => SyncPolicy::None,
                SyncMode::Interval => SyncPolicy::Interval(Duration::from_millis(
                    a.decision_log_sync_interval_ms.max(1),
                )),
                SyncMode::Every => SyncPolicy::Every,
            },
        }
    }
}

impl From<StoreArgs> for StoreSettings {
    fn from(a: StoreArgs) -> Self {
        Self {
            database_url: a.database_url.filter(|u| !u.trim().is_empty()),
            replica_id: a.replica_id.filter(|r| !r.trim().is_empty()),
        }
    }
}

impl From<TransportArgs> for TransportSettings {
    fn from(a: TransportArgs) -> Self {
        Self {
            header_read_timeout: Duration::from_secs(a.header_read_timeout_secs),
            body_timeout: Duration::from_secs(a.body_timeout_secs),
            max_body_bytes: a.max_body_bytes,
            max_module_bytes: a.max_module_bytes,
            max_connections: a.max_connections,
            max_connections_per_address: a.max_connections_per_address,
            max_header_bytes: a.max_header_bytes,
            max_in_flight: a.max_in_flight,
            auth_failures_per_minute: a.auth_failures_per_minute,
            identity_match_per_minute: a.identity_match_per_minute,
            drain: Duration::from_secs(a.drain_secs),
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory as _;

    use super::*;

    /// Every `LOOKBACK_*` variable of every command, as clap knows it: the variable, its flag
    /// and its default (empty when it has none).
    fn variables() -> Vec<(String, String, String)> {
        fn walk(command: &clap::Command, out: &mut Vec<(String, String, String)>) {
            for arg in command.get_arguments() {
                if let Some(env) = arg.get_env() {
                    let defaults: Vec<String> = arg
                        .get_default_values()
                        .iter()
                        .map(|v| v.to_string_lossy().into_owned())
                        .collect();
                    out.push((
                        env.to_string_lossy().into_owned(),
                        format!("--{}", arg.get_long().unwrap_or_default()),
                        defaults.join(","),
                    ));
                }
            }
            for sub in command.get_subcommands() {
                walk(sub, out);
            }
        }
        let mut out = Vec::new();
        walk(&Cli::command(), &mut out);
        out.sort();
        out.dedup();
        out
    }

    /// docs/decisions.md §14: every setting is a flag and a variable, listed once, in the settings table
    /// of docs/operations.md: one row a variable, with its flag and, where the command line has
    /// one, its default as the command line has it; no row for a variable that does not exist.
    #[test]
    fn every_variable_is_in_the_settings_table_as_the_command_line_has_it() {
        let variables = variables();
        assert!(variables.len() > 30, "{variables:?}");
        assert!(variables.iter().all(|(v, _, _)| v.starts_with("LOOKBACK_")));
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/operations.md");
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let rows: Vec<Vec<&str>> = text
            .lines()
            .filter(|l| l.starts_with("| `LOOKBACK_"))
            .map(|l| l.split('|').map(str::trim).skip(1).collect())
            .collect();
        let mut wrong = Vec::new();
        // A variable some commands spell with another flag (`lookback keys create --file`) is one
        // row naming every flag.
        for (variable, flag, default) in &variables {
            let name = format!("`{variable}`");
            let found: Vec<&Vec<&str>> = rows.iter().filter(|r| r[0] == name).collect();
            match found.as_slice() {
                [row] => {
                    let flags = row.get(1).copied().unwrap_or_default();
                    if !flags.contains(&format!("`{flag}`")) {
                        wrong.push(format!("{variable}: flags {flags:?} lack `{flag}`"));
                    }
                    if !default.is_empty() && row.get(2).copied() != Some(default.as_str()) {
                        wrong.push(format!(
                            "{variable}: default {:?}, not {default}",
                            row.get(2)
                        ));
                    }
                }
                _ => wrong.push(format!("{variable}: {} rows", found.len())),
            }
        }
        for row in &rows {
            if !variables.iter().any(|(v, _, _)| format!("`{v}`") == row[0]) {
                wrong.push(format!("{}: no such variable", row[0]));
            }
        }
        assert!(wrong.is_empty(), "docs/operations.md: {wrong:#?}");
    }

    /// `--decision-log-sync` and its interval become the log's policy, `--fail-closed` the
    /// health mode (`LOOKBACK_FAIL_CLOSED=1` is read by the child servers of the e2e tests).
    #[test]
    fn sync_and_fail_closed_flags_reach_the_settings() {
        let parse = |args: &[&str]| {
            let cli = Cli::try_parse_from([&["lookback", "serve"], args].concat());
            match cli {
                Ok(Cli {
                    command: Command::Serve(args),
                    ..
                }) => Settings::from(*args),
                other => panic!("{args:?}: {other:?}"),
            }
        };
        let every = parse(&["--decision-log-sync", "every", "--fail-closed"]);
        assert_eq!(every.decision_log.sync, SyncPolicy::Every);
        assert!(every.fail_closed);
        let interval = parse(&[
            "--decision-log-sync",
            "interval",
            "--decision-log-sync-interval-ms",
            "250",
        ]);
        assert_eq!(
            interval.decision_log.sync,
            SyncPolicy::Interval(Duration::from_millis(250))
        );
        assert!(!interval.fail_closed);
        assert_eq!(
            parse(&["--decision-log-sync", "none"]).decision_log.sync,
            SyncPolicy::None
        );
        assert!(
            Cli::try_parse_from(["lookback", "serve", "--decision-log-sync", "sometimes"]).is_err()
        );
    }

    /// The flags' defaults are the services' defaults: a server started with no flag runs as one
    /// built from `Settings::default()` (what the tests run).
    #[test]
    fn flag_defaults_are_the_settings_defaults() {
        let cli = Cli::try_parse_from(["lookback", "serve"]);
        let Ok(Cli {
            command: Command::Serve(args),
            ..
        }) = cli
        else {
            panic!("lookback serve does not parse");
        };
        let settings = Settings::from(*args);
        let defaults = Settings::default();
        assert_eq!(settings.engine, defaults.engine);
        assert_eq!(settings.transport, defaults.transport);
        assert_eq!(settings.input_limits, defaults.input_limits);
        assert_eq!(
            format!("{:?}", settings.decision_log),
            format!("{:?}", defaults.decision_log)
        );
        assert_eq!(
            (settings.auth.token_ttl, settings.auth.max_clock_skew),
            (defaults.auth.token_ttl, defaults.auth.max_clock_skew)
        );
        assert_eq!(settings.fail_closed, defaults.fail_closed);
    }
}
