//! Transport hardening (issue 14): what keeps a slow, greedy or hostile client from starving the
//! others. The server loop ([`serve`]) bounds connections and header reads; the guards
//! ([`Guards`], [`guard`]) bound in-flight engine work and rate-limit failed key exchanges and the
//! unauthenticated identity match per client address.

pub mod guard;
pub mod rate;
pub mod serve;

use std::time::Duration;

pub use guard::Guards;
pub use serve::serve;

/// Limits of the HTTP transport. Every one is a flag and an environment variable of
/// `lookback serve` ([`TransportArgs`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransportSettings {
    /// Time a connection has to deliver a complete request head, counted from when the server
    /// starts waiting for it: for a kept-alive connection that is from the end of the previous
    /// answer, so this is also the idle keep-alive timeout (then the connection is closed).
    pub header_read_timeout: Duration,
    /// Time a request has to deliver its whole body (then 408).
    pub body_timeout: Duration,
    /// Open connections at once; a connection beyond it is answered 503 and closed.
    pub max_connections: usize,
    /// Requests on the engine routes at once; one beyond it is answered 503 at once.
    pub max_in_flight: usize,
    /// Failed `POST /auth/token` exchanges allowed per client address and minute (then 429).
    pub auth_failures_per_minute: u32,
    /// `POST /complianceEngine/identity-match` calls allowed per client address and minute.
    pub identity_match_per_minute: u32,
}

impl Default for TransportSettings {
    fn default() -> Self {
        Self {
            header_read_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            max_connections: 1024,
            max_in_flight: 64,
            auth_failures_per_minute: 10,
            identity_match_per_minute: 600,
        }
    }
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
    /// Open connections at once (beyond: 503 and close).
    #[arg(long, env = "LOOKBACK_MAX_CONNECTIONS", default_value_t = 1024)]
    pub max_connections: usize,
    /// Requests on the engine routes at once (beyond: 503 with Retry-After).
    #[arg(long, env = "LOOKBACK_MAX_IN_FLIGHT", default_value_t = 64)]
    pub max_in_flight: usize,
    /// Failed key exchanges per client address and minute (beyond: 429 with Retry-After).
    #[arg(long, env = "LOOKBACK_AUTH_FAILURES_PER_MINUTE", default_value_t = 10)]
    pub auth_failures_per_minute: u32,
    /// Identity-match calls per client address and minute (beyond: 429 with Retry-After).
    #[arg(
        long,
        env = "LOOKBACK_IDENTITY_MATCH_PER_MINUTE",
        default_value_t = 600
    )]
    pub identity_match_per_minute: u32,
}

impl From<TransportArgs> for TransportSettings {
    fn from(a: TransportArgs) -> Self {
        Self {
            header_read_timeout: Duration::from_secs(a.header_read_timeout_secs),
            body_timeout: Duration::from_secs(a.body_timeout_secs),
            max_connections: a.max_connections,
            max_in_flight: a.max_in_flight,
            auth_failures_per_minute: a.auth_failures_per_minute,
            identity_match_per_minute: a.identity_match_per_minute,
        }
    }
}
