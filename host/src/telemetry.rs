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
    log_panics_without_their_message();
    LogGuard(guard)
}

/// Replaces the standard panic message on standard error with a log line that names where the
/// panic happened but not what it said, unless the message is a literal of the code: a formatted
/// message (`unwrap` on an error, a `panic!` with arguments) can carry the record being read, and
/// no log line may carry personal data.
fn log_panics_without_their_message() {
    std::panic::set_hook(Box::new(|info| {
        let location = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let thread = std::thread::current();
        let thread = thread.name().unwrap_or("unnamed");
        match info.payload().downcast_ref::<&'static str>() {
            Some(literal) => {
                tracing::error!(%location, thread, message = literal, "panicked");
            }
            None => tracing::error!(
                %location,
                thread,
                "panicked (its message is not logged: it may carry request data)"
            ),
        }
    }));
}

/// Flushes the log writer when dropped (see [`init`]).
#[must_use = "dropping the guard stops and flushes the log writer"]
pub struct LogGuard(
    #[expect(dead_code, reason = "held for its Drop")] tracing_appender::non_blocking::WorkerGuard,
);
