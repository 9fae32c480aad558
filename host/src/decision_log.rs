//! The decision log: one JSON line per `/evaluate` answer (and per shadow evaluation that
//! differed), for audits years later (FCRA 607(b) disputes): correlation id, time, tenant, search
//! id, the module that decided (engine and rules versions, sha256) and per charge the offense id,
//! decision, queue and cited rules. No personal data: no names, dates of birth, SSNs or
//! addresses; at most a salted SHA-256 of the SSN's last four digits, for matching a dispute to its
//! lines (only when a salt is configured).
//!
//! Writing never blocks a response: answers go into a bounded queue and one thread formats and
//! writes them (and counts the decisions for the metrics). When the queue is full the answer
//! still goes out, `lookback_decision_log_lines_total{outcome="dropped"}` rises, an error is
//! logged and the dropped answer's decisions are counted on the spot: the decision metrics never
//! miss an answer. Sinks: a file (`LOOKBACK_DECISION_LOG=path`, size-rotated, fsync on rotation and on
//! close) or standard output (`stdout`). [`DecisionLog::close`] writes what is queued, then
//! flushes and syncs.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::metrics::Metrics;

mod answer;
#[cfg(test)]
mod equivalence;
mod line;
#[cfg(test)]
mod oracle;

pub use answer::{Charge, DecisionFacts, charges_of};
pub use line::{DecisionLines, EngineRef, Evaluated, last4_hash};

/// Default size at which the log file rotates.
pub const DEFAULT_MAX_BYTES: u64 = 100 << 20;
/// Default number of rotated files kept (`path.1` newest .. `path.N` oldest).
pub const DEFAULT_KEEP: usize = 5;
/// Default queue length between the request handlers and the writer.
pub const DEFAULT_QUEUE: usize = 10_000;

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
        }
    }
}

enum Job {
    Decision(Evaluated, String),
    Line(String),
    Close,
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
}

impl DecisionLog {
    /// Opens the sink (a file that cannot be opened for appending refuses the start, naming the
    /// path) and starts the writer thread.
    pub fn start(settings: &DecisionLogSettings, metrics: Metrics) -> anyhow::Result<Self> {
        let out = match &settings.sink {
            None => None,
            Some(Sink::Stdout) => Some(Output::Stdout),
            Some(Sink::File(path)) => Some(Output::File(RotatingFile::open(
                path,
                settings.max_bytes,
                settings.keep,
            )?)),
        };
        let (sender, receiver) = std::sync::mpsc::sync_channel(settings.queue.max(1));
        let writer = Writer {
            out,
            lines: DecisionLines::new(settings.salt.clone(), metrics.clone()),
            metrics: metrics.clone(),
        };
        let handle = std::thread::Builder::new()
            .name("lookback-decision-log".into())
            .spawn(move || writer.run(&receiver))?;
        Ok(Self {
            inner: Arc::new(Inner {
                sender,
                closed: AtomicBool::new(false),
                writer: Mutex::new(Some(handle)),
                metrics,
            }),
        })
    }

    /// Queues one `/evaluate` answer; never waits.
    pub fn submit(&self, evaluated: Evaluated) {
        let correlation_id = evaluated.correlation_id.clone();
        self.enqueue(
            Job::Decision(evaluated, crate::clock::now_rfc3339_millis()),
            &correlation_id,
        );
    }

    /// Queues a line made elsewhere (a shadow evaluation's differences); never waits.
    pub fn submit_line(&self, line: String, correlation_id: &str) {
        self.enqueue(Job::Line(line), correlation_id);
    }

    fn enqueue(&self, job: Job, correlation_id: &str) {
        let (reason, job) = if self.inner.closed.load(Ordering::Acquire) {
            ("closed", job)
        } else {
            match self.inner.sender.try_send(job) {
                Ok(()) => return,
                Err(TrySendError::Full(job)) => ("queue full", job),
                Err(TrySendError::Disconnected(job)) => ("writer stopped", job),
            }
        };
        self.inner.metrics.count_log_line("dropped");
        tracing::error!(correlation_id, reason, "decision log line dropped");
        // The line is lost, its decisions are not: the metrics count every answer.
        if let Job::Decision(evaluated, _) = job {
            line::count_answer(&self.inner.metrics, &evaluated);
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
/// before the modules load, so a bad path refuses the start at once.
pub fn check_writable(settings: &DecisionLogSettings) -> anyhow::Result<()> {
    if let Some(Sink::File(path)) = &settings.sink {
        RotatingFile::open(path, settings.max_bytes, settings.keep)?;
    }
    Ok(())
}

struct Writer {
    out: Option<Output>,
    lines: DecisionLines,
    metrics: Metrics,
}

impl Writer {
    fn run(mut self, jobs: &Receiver<Job>) {
        loop {
            // Flush whenever the queue runs dry, so lines reach the file promptly.
            let job = match jobs.recv_timeout(Duration::from_millis(200)) {
                Ok(job) => job,
                Err(RecvTimeoutError::Timeout) => {
                    self.flush();
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => Job::Close,
            };
            match job {
                Job::Decision(evaluated, time) => {
                    let with_line = self.out.is_some();
                    if let Some(line) = self.lines.answer(&evaluated, &time, with_line) {
                        self.write(&line);
                    }
                }
                Job::Line(line) => self.write(&line),
                Job::Close => {
                    self.close();
                    return;
                }
            }
        }
    }

    fn write(&mut self, line: &str) {
        let Some(out) = &mut self.out else { return };
        match out.write_line(line) {
            Ok(()) => self.metrics.count_log_line("written"),
            Err(error) => {
                self.metrics.count_log_line("failed");
                tracing::error!(%error, "decision log write failed");
            }
        }
    }

    fn flush(&mut self) {
        if let Some(out) = &mut self.out
            && let Err(error) = out.flush()
        {
            tracing::error!(%error, "decision log flush failed");
        }
    }

    fn close(&mut self) {
        if let Some(out) = &mut self.out
            && let Err(error) = out.sync()
        {
            tracing::error!(%error, "decision log sync failed");
        }
    }
}

enum Output {
    Stdout,
    File(RotatingFile),
}

impl Output {
    fn write_line(&mut self, line: &str) -> std::io::Result<()> {
        match self {
            Self::Stdout => {
                let mut out = std::io::stdout().lock();
                out.write_all(line.as_bytes())?;
                out.write_all(b"\n")
            }
            Self::File(file) => file.write_line(line),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Self::Stdout => std::io::stdout().lock().flush(),
            Self::File(file) => file.out.flush(),
        }
    }

    fn sync(&mut self) -> std::io::Result<()> {
        match self {
            Self::Stdout => std::io::stdout().lock().flush(),
            Self::File(file) => file.sync(),
        }
    }
}

/// An append-only file that rotates by size: `path` -> `path.1` -> ... -> `path.keep`.
struct RotatingFile {
    path: PathBuf,
    out: BufWriter<File>,
    size: u64,
    max_bytes: u64,
    keep: usize,
}

impl RotatingFile {
    fn open(path: &Path, max_bytes: u64, keep: usize) -> anyhow::Result<Self> {
        let file = append(path).map_err(|e| {
            anyhow::anyhow!(
                "decision log {} cannot be written (LOOKBACK_DECISION_LOG): {e}",
                path.display()
            )
        })?;
        let size = file.metadata().map(|m| m.len()).unwrap_or(0);
        Ok(Self {
            path: path.to_path_buf(),
            out: BufWriter::new(file),
            size,
            max_bytes: max_bytes.max(1),
            keep: keep.max(1),
        })
    }

    fn write_line(&mut self, line: &str) -> std::io::Result<()> {
        let len = line.len() as u64 + 1;
        if self.size > 0 && self.size + len > self.max_bytes {
            self.rotate()?;
        }
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(b"\n")?;
        self.size += len;
        Ok(())
    }

    fn sync(&mut self) -> std::io::Result<()> {
        self.out.flush()?;
        self.out.get_ref().sync_all()
    }

    /// The full file is synced before it is renamed, and the folder after: a crash never loses
    /// a rotated file's lines.
    fn rotate(&mut self) -> std::io::Result<()> {
        self.sync()?;
        for n in (1..self.keep).rev() {
            let from = numbered(&self.path, n);
            if from.exists() {
                std::fs::rename(&from, numbered(&self.path, n + 1))?;
            }
        }
        std::fs::rename(&self.path, numbered(&self.path, 1))?;
        self.out = BufWriter::new(append(&self.path)?);
        self.size = 0;
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            File::open(dir)?.sync_all()?;
        }
        Ok(())
    }
}

fn append(path: &Path) -> std::io::Result<File> {
    OpenOptions::new().create(true).append(true).open(path)
}

fn numbered(path: &Path, n: usize) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{n}"));
    PathBuf::from(name)
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
    fn files_rotate_by_size_and_keep_the_newest() {
        let dir = std::env::temp_dir().join(format!("lookback-rotate-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("decisions.jsonl");
        let mut file = RotatingFile::open(&path, 25, 2).unwrap();
        for n in 0..5 {
            file.write_line(&format!("line-{n}-0123456789")).unwrap();
        }
        file.sync().unwrap();
        let read = |p: PathBuf| std::fs::read_to_string(p).unwrap_or_default();
        assert_eq!(read(path.clone()), "line-4-0123456789\n");
        assert_eq!(read(numbered(&path, 1)), "line-3-0123456789\n");
        assert_eq!(read(numbered(&path, 2)), "line-2-0123456789\n");
        assert!(!numbered(&path, 3).exists());
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
