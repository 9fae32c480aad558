//! Logging: the global subscriber, on standard error. Request spans are the routes' business
//! (`routes::middleware::trace_layer`); no log line carries a body, a header or personal data.

/// How log lines are written (`--log-format`, `LOOKBACK_LOG_FORMAT`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    #[default]
    Text,
    /// One JSON object per line.
    Json,
}

/// Installs the global subscriber: `RUST_LOG` filter (default `info`), lines in `format`, on
/// standard error. Lines go through a non-blocking writer: a request never waits on a slow
/// terminal or pipe (lines are dropped, not queued without bound, if the writer falls far
/// behind). Colours only when standard error is a terminal. Keep the returned guard alive for
/// the life of the process: dropping it flushes the pending lines.
pub fn init(format: LogFormat) -> LogGuard {
    use std::io::IsTerminal;
    use tracing_subscriber::EnvFilter;
    let (writer, guard) = tracing_appender::non_blocking(std::io::stderr());
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(writer);
    let result = match format {
        LogFormat::Json => builder.json().try_init(),
        LogFormat::Text => builder.try_init(),
    };
    // Already initialised (tests): keep the existing subscriber.
    drop(result);
    LogGuard(guard)
}

/// Flushes the log writer when dropped (see [`init`]).
#[must_use = "dropping the guard stops and flushes the log writer"]
pub struct LogGuard(
    #[expect(dead_code, reason = "held for its Drop")] tracing_appender::non_blocking::WorkerGuard,
);
