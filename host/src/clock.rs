//! The server's clock. The engine and the runtime read none: the time a request is evaluated
//! as of, and the times in listings and logs, come from here ([`Clock`] in service, a fixed or
//! scripted one in tests that need an exact "as of").

use std::sync::Arc;
use std::time::SystemTime;

use chrono::{DateTime, SecondsFormat, Utc};

/// Where the server reads the time it passes to the engine (RFC 3339 UTC).
pub type Clock = Arc<dyn Fn() -> String + Send + Sync>;

/// The system clock as a [`Clock`].
pub fn system() -> Clock {
    Arc::new(now_rfc3339)
}

/// Now as RFC 3339 UTC with seconds precision, e.g. `2026-11-22T05:00:00Z`.
pub fn now_rfc3339() -> String {
    DateTime::<Utc>::from(SystemTime::now()).to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Now as RFC 3339 UTC with milliseconds (log lines).
pub fn now_rfc3339_millis() -> String {
    DateTime::<Utc>::from(SystemTime::now()).to_rfc3339_opts(SecondsFormat::Millis, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn now_is_rfc3339_utc_seconds() {
        let now = now_rfc3339();
        assert_eq!(now.len(), 20, "{now}");
        assert!(now.ends_with('Z') && now.as_bytes()[10] == b'T');
        assert_eq!(now_rfc3339_millis().len(), 24);
    }
}
