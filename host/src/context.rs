//! Per-request context: the correlation id and the start time, made for every request by the
//! outermost middleware (`routes::middleware::correlation`) and echoed in the `X-Correlation-ID`
//! response header (docs/decisions.md §3).

use std::time::Instant;

/// Header carrying the correlation id, in and out.
pub const CORRELATION_HEADER: &str = "x-correlation-id";

/// What every handler and error body needs to know about its request.
#[derive(Debug, Clone)]
pub struct RequestCtx {
    /// Sanitised caller id or a fresh UUID v4.
    pub correlation_id: String,
    /// When the request arrived.
    pub started: Instant,
}

impl RequestCtx {
    /// A context for a request carrying `header` (the raw `X-Correlation-ID`, if any).
    pub fn new(header: Option<&str>) -> Self {
        let correlation_id = header
            .filter(|id| is_sane_correlation_id(id))
            .map(str::to_owned)
            .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
        Self {
            correlation_id,
            started: Instant::now(),
        }
    }

    /// Milliseconds since the request arrived, rounded to microseconds.
    pub fn elapsed_ms(&self) -> f64 {
        round_ms(self.started.elapsed().as_secs_f64() * 1000.0)
    }
}

/// Rounds milliseconds to three decimals (microsecond precision), e.g. 0.412.
pub fn round_ms(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

/// `^[A-Za-z0-9._-]{1,128}$`: anything else is replaced, so a header cannot inject text into
/// logs or responses.
pub fn is_sane_correlation_id(id: &str) -> bool {
    (1..=128).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sane_ids_are_kept() {
        for id in ["abc", "A-1_b.c", "0", &"x".repeat(128)] {
            assert_eq!(RequestCtx::new(Some(id)).correlation_id, id);
        }
    }

    #[test]
    fn other_ids_are_replaced_by_a_uuid() {
        for id in [
            "",
            "a b",
            "a/b",
            "ä",
            "a\nb",
            "<script>",
            &"x".repeat(129),
            "a;b",
            "{}",
        ] {
            let got = RequestCtx::new(Some(id)).correlation_id;
            assert_ne!(got, id);
            assert!(
                uuid::Uuid::parse_str(&got).is_ok_and(|u| u.get_version_num() == 4),
                "{got}"
            );
        }
        assert_eq!(RequestCtx::new(None).correlation_id.len(), 36);
    }

    #[test]
    fn rounding_keeps_microseconds() {
        assert_eq!(round_ms(0.412_345), 0.412);
        assert_eq!(round_ms(12.0), 12.0);
    }
}
