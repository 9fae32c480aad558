//! The transport's limits as plain settings.

use std::time::Duration;

/// Default cap on a request body, in bytes (then 413).
pub const DEFAULT_MAX_BODY_BYTES: usize = 2 << 20;
/// Default cap on an uploaded engine module, in bytes.
pub const DEFAULT_MAX_MODULE_BYTES: usize = 16 << 20;

/// Limits of the HTTP transport. Every one is a flag and an environment variable of
/// `lookback serve` (`config::TransportArgs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransportSettings {
    /// Time a connection has to deliver a complete request head, counted from when the server
    /// starts waiting for it: for a kept-alive connection that is from the end of the previous
    /// answer, so this is also the idle keep-alive timeout (then the connection is closed).
    pub header_read_timeout: Duration,
    /// Time a request has to deliver its whole body (then 408).
    pub body_timeout: Duration,
    /// Largest accepted request body, in bytes (then 413).
    pub max_body_bytes: usize,
    /// Largest accepted module upload, in bytes.
    pub max_module_bytes: usize,
    /// Open connections at once; a connection beyond it is answered 503 and closed.
    pub max_connections: usize,
    /// Open connections of one client address at once (0: no cap); below `max_connections`, so
    /// one address cannot take every connection. Beyond it, as beyond the global cap.
    pub max_connections_per_address: usize,
    /// Largest request head (request line and headers) a connection may send, in bytes: the
    /// read buffer of each connection is bounded by it (then 431 and close).
    pub max_header_bytes: usize,
    /// Requests on the engine routes at once; one beyond it is answered 503 at once.
    pub max_in_flight: usize,
    /// Failed `POST /auth/token` exchanges allowed per client address and minute (then 429).
    pub auth_failures_per_minute: u32,
    /// `POST /complianceEngine/identity-match` work allowed per client address and minute, in
    /// comparisons: a call costs its name pairings plus its address pairings (at least 1;
    /// `InputLimits::check_identity`).
    pub identity_match_per_minute: u32,
    /// How long a graceful shutdown waits for in-flight requests before it closes the remaining
    /// connections.
    pub drain: Duration,
}

impl Default for TransportSettings {
    fn default() -> Self {
        Self {
            header_read_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            max_module_bytes: DEFAULT_MAX_MODULE_BYTES,
            max_connections: 1024,
            max_connections_per_address: 256,
            max_header_bytes: 64 * 1024,
            max_in_flight: 64,
            auth_failures_per_minute: 10,
            identity_match_per_minute: 3000,
            drain: Duration::from_secs(10),
        }
    }
}
