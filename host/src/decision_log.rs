//! The decision log: one JSON line per `/evaluate` answer (and per shadow evaluation that
//! differed), for audits years later (FCRA 607(b) disputes): correlation id, time, tenant, search
//! id, the module that decided (engine and rules versions, sha256) and per charge the offense id,
//! decision, queue and cited rules. No personal data: no names, dates of birth, SSNs or
//! addresses; at most a salted SHA-256 of the SSN's last four digits, for matching a dispute to its
//! lines (only when a salt is configured).
//!
//! Answers go into a bounded queue and one thread formats and writes them (and counts the
//! decisions for the metrics), each line whole with its newline ([`file`]). When the queue is
//! full the answer still goes out, `lookback_decision_log_lines_total{outcome="dropped"}` rises,
//! the drop is reported (summarised, [`status`]) and the dropped answer's decisions are counted
//! on the spot: the decision metrics never miss an answer. Sinks: a file
//! (`LOOKBACK_DECISION_LOG=path`, size-rotated, reopened when removed or replaced, repaired at
//! open) or standard output (`stdout`). How soon lines are forced to disk is the [`SyncPolicy`]
//! (`LOOKBACK_DECISION_LOG_SYNC`); with `every` an answer waits until its line is on disk, and
//! is refused when it cannot be ([`Receipt`]). [`DecisionLog::close`] writes what is queued,
//! then syncs.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::metrics::Metrics;

mod answer;
#[cfg(test)]
mod equivalence;
mod file;
mod line;
#[cfg(test)]
mod oracle;
mod policy;
mod status;
mod writer;

pub use answer::{Charge, DecisionFacts, charges_of};
pub use line::{DecisionLines, EngineRef, Evaluated, last4_hash};
pub use policy::SyncPolicy;
pub use status::{LogProblem, RECENT};

use file::LogFile;
use status::LogStatus;
use writer::{Job, Output, Writer};

/// Default size at which the log file rotates.
pub const DEFAULT_MAX_BYTES: u64 = 100 << 20;
/// Default number of rotated files kept (`path.1` newest .. `path.N` oldest).
pub const DEFAULT_KEEP: usize = 5;
/// Default queue length between the request handlers and the writer.
pub const DEFAULT_QUEUE: usize = 10_000;
/// Default time between two syncs under [`SyncPolicy::Interval`].
pub const DEFAULT_SYNC_INTERVAL: Duration = Duration::from_millis(1000);

/// Where the lines go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sink {
    /// JSON lines in a size-rotated file.
    File(PathBuf),
    /// JSON lines on standard output (a cluster's log pipeline).
    Stdout,
}

impl Sink {
    /// `stdout` or a path, as `LOOKBACK_DECISION_LOG` gives it.
    pub fn parse(value: &str) -> Self {
        if value == "stdout" {
            Self::Stdout
        } else {
            Self::File(PathBuf::from(value))
        }
    }

    /// The path, or `stdout`.
    fn name(&self) -> String {
        match self {
            Self::File(path) => path.display().to_string(),
            Self::Stdout => "stdout".to_owned(),
        }
    }
}

/// Decision-log settings.
#[derive(Clone)]
pub struct DecisionLogSettings {
    /// Where lines go; `None`: no log (decisions are still counted for the metrics).
    pub sink: Option<Sink>,
    /// Rotate the file once it would grow past this many bytes.
    pub max_bytes: u64,
    /// Rotated files kept.
    pub keep: usize,
    /// Salt of the SSN last-four hash; without one, no hash is written.
    pub salt: Option<String>,
    /// Queue length.
    pub queue: usize,
    /// When lines are forced to disk.
    pub sync: SyncPolicy,
}

impl std::fmt::Debug for DecisionLogSettings {
    // The salt is a secret: never printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DecisionLogSettings")
            .field("sink", &self.sink)
            .field("max_bytes", &self.max_bytes)
            .field("keep", &self.keep)
            .field("salt", &self.salt.as_ref().map(|_| "<set>"))
            .field("queue", &self.queue)
            .field("sync", &self.sync)
            .finish()
    }
}

impl Default for DecisionLogSettings {
    fn default() -> Self {
        Self {
            sink: None,
            max_bytes: DEFAULT_MAX_BYTES,
            keep: DEFAULT_KEEP,
            salt: None,
            queue: DEFAULT_QUEUE,
            sync: SyncPolicy::Interval(DEFAULT_SYNC_INTERVAL),
        }
    }
}

/// The queue into the writer thread. Cheap to clone.
#[derive(Clone)]
pub struct DecisionLog {
    inner: Arc<Inner>,
}

struct Inner {
    sender: SyncSender<Job>,
    closed: AtomicBool,
    writer: Mutex<Option<JoinHandle<()>>>,
    metrics: Metrics,
    status: Arc<LogStatus>,
    /// The sink's name for problem details; `None` without a sink.
    sink: Option<String>,
    /// Whether answers wait for their line (`every` with a sink).
    answers_wait: bool,
}

/// Whether an answer's line was recorded as the sync policy asks; see [`Receipt::recorded`].
#[must_use = "with LOOKBACK_DECISION_LOG_SYNC=every the answer must wait for its line"]
pub struct Receipt(Pending);

enum Pending {
    Done(bool),
    Waiting(tokio::sync::oneshot::Receiver<bool>),
}

/// The line of an answer could not be recorded (`every` only): the answer must not go out.
#[derive(Debug, thiserror::Error)]
#[error("the decision could not be recorded in the decision log")]
pub struct NotRecorded;

impl Receipt {
    /// Resolves once the line is as safe as the policy asks: at once, unless the policy is
    /// `every` (then when the line is on disk). Fails only under `every`, when the line could
    /// not be queued, written or synced.
    pub async fn recorded(self) -> Result<(), NotRecorded> {
        let recorded = match self.0 {
            Pending::Done(recorded) => recorded,
            Pending::Waiting(receiver) => receiver.await.unwrap_or(false),
        };
        recorded.then_some(()).ok_or(NotRecorded)
    }
}

impl DecisionLog {
    /// Opens the sink (a file that cannot be opened for appending refuses the start, naming the
    /// path; one ending in part of a line is repaired) and starts the writer thread.
    pub fn start(settings: &DecisionLogSettings, metrics: Metrics) -> anyhow::Result<Self> {
        let out = match &settings.sink {
            None => None,
            Some(Sink::Stdout) => Some(Output::Stdout),
            Some(Sink::File(path)) => Some(Output::File(LogFile::open(
                path,
                settings.max_bytes,
                settings.keep,
            )?)),
        };
        let (sender, receiver) = std::sync::mpsc::sync_channel(settings.queue.max(1));
        let status = Arc::new(LogStatus::default());
        let writer = Writer::new(
            out,
            DecisionLines::new(settings.salt.clone(), metrics.clone()),
            metrics.clone(),
            status.clone(),
            settings.sync,
        );
        let handle = std::thread::Builder::new()
            .name("lookback-decision-log".into())
            .spawn(move || writer.run(&receiver))?;
        Ok(Self {
            inner: Arc::new(Inner {
                sender,
                closed: AtomicBool::new(false),
                writer: Mutex::new(Some(handle)),
                metrics,
                status,
                sink: settings.sink.as_ref().map(Sink::name),
                answers_wait: settings.sink.is_some() && settings.sync == SyncPolicy::Every,
            }),
        })
    }

    /// Queues one `/evaluate` answer; never waits. The answer may go out once the receipt is
    /// [recorded](Receipt::recorded).
    pub fn submit(&self, evaluated: Evaluated) -> Receipt {
        let time = crate::clock::now_rfc3339_millis();
        if !self.inner.answers_wait {
            self.enqueue(Job::Decision(evaluated, time, None));
            return Receipt(Pending::Done(true));
        }
        let (ack, receiver) = tokio::sync::oneshot::channel();
        if self.enqueue(Job::Decision(evaluated, time, Some(ack))) {
            Receipt(Pending::Waiting(receiver))
        } else {
            Receipt(Pending::Done(false))
        }
    }

    /// Queues a line made elsewhere (a shadow evaluation's differences); never waits.
    pub fn submit_line(&self, line: String) {
        self.enqueue(Job::Line(line));
    }

    /// Queues `job`; false when it was dropped.
    fn enqueue(&self, job: Job) -> bool {
        let (reason, job) = if self.inner.closed.load(Ordering::Acquire) {
            ("closed", job)
        } else {
            match self.inner.sender.try_send(job) {
                Ok(()) => return true,
                Err(TrySendError::Full(job)) => ("queue full", job),
                Err(TrySendError::Disconnected(job)) => ("writer stopped", job),
            }
        };
        self.inner.metrics.count_log_line("dropped");
        self.inner.status.dropped(reason);
        // The line is lost, its decisions are not: the metrics count every answer.
        if let Job::Decision(evaluated, _, _) = job {
            line::count_answer(&self.inner.metrics, &evaluated);
        }
        false
    }

    /// Why the log is not writing as it should, if it is not: writes failing or lines dropped
    /// (`decision_log_failing`), the file found removed or replaced lately
    /// (`decision_log_reopened`).
    pub fn problems(&self) -> Vec<LogProblem> {
        match &self.inner.sink {
            Some(sink) => self.inner.status.problems(sink),
            None => Vec::new(),
        }
    }

    /// Stops taking lines, writes every line already queued, flushes and syncs. Blocking; call
    /// once the server has stopped answering (graceful shutdown).
    pub fn close(&self) {
        if self.inner.closed.swap(true, Ordering::AcqRel) {
            return;
        }
        // A blocking send: everything queued before is written first.
        let _ = self.inner.sender.send(Job::Close);
        let handle = self
            .inner
            .writer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(handle) = handle
            && handle.join().is_err()
        {
            tracing::error!("decision log writer panicked");
        }
    }
}

/// Fails, naming the path, when the configured log file cannot be opened for appending: checked
/// before the modules load, so a bad path refuses the start at once (and a torn last line is
/// repaired then).
pub fn check_writable(settings: &DecisionLogSettings) -> anyhow::Result<()> {
    if let Some(Sink::File(path)) = &settings.sink {
        LogFile::open(path, settings.max_bytes, settings.keep)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last4_hash_is_salted_and_needs_four_digits() {
        let a = last4_hash("salt-a", "123-45-6789").unwrap();
        assert_eq!(a, last4_hash("salt-a", "000006789").unwrap());
        assert_ne!(a, last4_hash("salt-b", "123-45-6789").unwrap());
        assert_eq!(a.len(), 64);
        assert!(!a.contains("6789"));
        assert_eq!(last4_hash("s", "UNAVAILABLE"), None);
        assert_eq!(last4_hash("s", "12-3"), None);
    }

    #[test]
    fn an_unwritable_path_refuses_the_start_naming_it() {
        let settings = DecisionLogSettings {
            sink: Some(Sink::File(PathBuf::from(
                "/nonexistent-dir/decisions.jsonl",
            ))),
            ..DecisionLogSettings::default()
        };
        let error = DecisionLog::start(&settings, Metrics::new(&Default::default()))
            .err()
            .unwrap()
            .to_string();
        assert!(
            error.contains("/nonexistent-dir/decisions.jsonl"),
            "{error}"
        );
    }
}
