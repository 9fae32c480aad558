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

use std::borrow::Cow;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use axum::body::Bytes;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::metrics::Metrics;
use lookback_runtime::LoadedModule;

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

/// One `/evaluate` answer, as the handler saw it.
pub struct Evaluated {
    /// Request correlation id.
    pub correlation_id: String,
    /// The tenant the token is bound to.
    pub tenant: Option<String>,
    /// The module that answered.
    pub module: Arc<LoadedModule>,
    /// The raw request body (read off the response path for the tenant and the SSN hash).
    pub request: Bytes,
    /// HTTP status.
    pub status: u16,
    /// The answer body, when the pipeline produced one (not for 400/403); shared with the response.
    pub answer: Option<Bytes>,
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
            salt: settings.salt.clone(),
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
            count_decisions(&self.inner.metrics, &read_answer(&evaluated));
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

/// The facts of an answer the log and the metrics need (all empty when it is not an envelope).
fn read_answer(evaluated: &Evaluated) -> AnswerFacts<'_> {
    evaluated
        .answer
        .as_deref()
        .and_then(|text| serde_json::from_slice::<AnswerFacts<'_>>(text).ok())
        .unwrap_or_default()
}

/// Counts every charge's decision and queue for the metrics.
fn count_decisions(metrics: &Metrics, answer: &AnswerFacts<'_>) {
    let decision = answer.data.as_ref().and_then(|data| data.decision.as_ref());
    for (charge_decision, queue) in decision.into_iter().flat_map(|d| d.outcomes()) {
        metrics.count_decision(charge_decision, queue);
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
    salt: Option<String>,
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
                    if let Some(line) = self.decision_line(&evaluated, &time) {
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

    /// Counts the answer's charge decisions for the metrics and, when there is a sink, builds
    /// the line. The answer is read typed and borrowed (everything else skipped): a `Value` tree of
    /// it, cloned per court and case, cost a quarter of the server's CPU.
    fn decision_line(&self, evaluated: &Evaluated, time: &str) -> Option<String> {
        let answer = read_answer(evaluated);
        count_decisions(&self.metrics, &answer);
        self.out.as_ref()?;
        let data = answer.data.unwrap_or_default();
        let decision = data.decision.unwrap_or_default();
        let charges = charges_of(&decision);
        let request = RequestFacts::read(&evaluated.request);
        let module = &evaluated.module;
        let line = DecisionLine {
            kind: "decision",
            time,
            correlation_id: &evaluated.correlation_id,
            tenant: evaluated.tenant.as_deref().or(request.tenant_id.as_deref()),
            search_id: data.search_id.as_deref().or(request.search_id.as_deref()),
            http_status: evaluated.status,
            status: data.status.as_deref(),
            engine: EngineRef::of(module),
            ssn_last4_sha256: self.ssn_hash(request.ssn.as_deref()),
            record_decision: decision.record_decision.as_deref(),
            search_queue: decision.search_queue.as_deref(),
            charges,
        };
        Some(serde_json::to_string(&line).unwrap_or_default())
    }

    fn ssn_hash(&self, ssn: Option<&str>) -> Option<String> {
        last4_hash(self.salt.as_deref()?, ssn?)
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

/// A salted SHA-256 (hex) of the SSN's last four digits; `None` with fewer than four digits.
pub fn last4_hash(salt: &str, ssn: &str) -> Option<String> {
    let digits: Vec<u8> = ssn.bytes().filter(u8::is_ascii_digit).collect();
    let last4 = digits.get(digits.len().checked_sub(4)?..)?;
    let mut hasher = Sha256::new();
    hasher.update(salt.as_bytes());
    hasher.update(b":");
    hasher.update(last4);
    Some(hex::encode(hasher.finalize()))
}

/// What the line needs from the request: read, not kept.
#[derive(Default)]
struct RequestFacts {
    tenant_id: Option<String>,
    search_id: Option<String>,
    ssn: Option<String>,
}

impl RequestFacts {
    fn read(body: &[u8]) -> Self {
        #[derive(Deserialize)]
        struct Body {
            record: Record,
        }
        #[derive(Deserialize)]
        struct Record {
            tenant_id: Option<String>,
            search_id: Option<String>,
            candidate_info: Option<Candidate>,
        }
        #[derive(Deserialize)]
        struct Candidate {
            ssn: Option<String>,
        }
        let Ok(body) = serde_json::from_slice::<Body>(body) else {
            return Self::default();
        };
        Self {
            tenant_id: body.record.tenant_id,
            search_id: body.record.search_id,
            ssn: body.record.candidate_info.and_then(|c| c.ssn),
        }
    }
}

/// The module that decided.
#[derive(Serialize)]
pub struct EngineRef<'a> {
    /// Engine version.
    pub version: &'a str,
    /// Rules version.
    pub rules_version: &'a str,
    /// SHA-256 of the module bytes.
    pub sha256: &'a str,
}

impl<'a> EngineRef<'a> {
    /// The reference to `module`.
    pub fn of(module: &'a LoadedModule) -> Self {
        Self {
            version: &module.info.engine_version,
            rules_version: &module.info.rules_version,
            sha256: &module.sha256,
        }
    }
}

#[derive(Serialize)]
struct DecisionLine<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    time: &'a str,
    correlation_id: &'a str,
    tenant: Option<&'a str>,
    search_id: Option<&'a str>,
    http_status: u16,
    status: Option<&'a str>,
    engine: EngineRef<'a>,
    ssn_last4_sha256: Option<String>,
    record_decision: Option<&'a str>,
    search_queue: Option<&'a str>,
    charges: Vec<Charge>,
}

/// One charge's outcome: ids, decision, queue, cited rules (no charge text, no names).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Charge {
    /// Court search id.
    pub court_search_id: String,
    /// Offense id.
    pub offense_id: String,
    /// `charge_decision`.
    pub decision: String,
    /// `routing.queue`.
    pub queue: String,
    /// `cited_rules`.
    pub cited_rules: Vec<String>,
    /// The case's `jurisdiction_state`.
    pub state: String,
}

/// What the log reads of an `/evaluate` answer body.
#[derive(Deserialize, Default)]
struct AnswerFacts<'a> {
    #[serde(borrow)]
    data: Option<DataFacts<'a>>,
}

#[derive(Deserialize, Default)]
struct DataFacts<'a> {
    #[serde(borrow)]
    search_id: Option<Cow<'a, str>>,
    #[serde(borrow)]
    status: Option<Cow<'a, str>>,
    #[serde(borrow)]
    decision: Option<DecisionFacts<'a>>,
}

/// What the log and shadow comparisons read of a decision tree; every member may be missing or
/// null in a module's answer.
#[derive(Deserialize, Default)]
pub struct DecisionFacts<'a> {
    #[serde(borrow)]
    record_decision: Option<Cow<'a, str>>,
    #[serde(borrow)]
    search_queue: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    court_decisions: Option<Vec<CourtFacts<'a>>>,
}

impl DecisionFacts<'_> {
    /// Every charge with its court and case, in order.
    fn offenses(
        &self,
    ) -> impl Iterator<Item = (&CourtFacts<'_>, &CaseFacts<'_>, &OffenseFacts<'_>)> {
        self.court_decisions.iter().flatten().flat_map(|court| {
            court.case_decisions.iter().flatten().flat_map(move |case| {
                case.offenses
                    .iter()
                    .flatten()
                    .map(move |offense| (court, case, offense))
            })
        })
    }

    /// Every charge's `charge_decision` and `routing.queue` (empty where missing), in order.
    fn outcomes(&self) -> impl Iterator<Item = (&str, &str)> {
        self.offenses()
            .map(|(_, _, offense)| (text(&offense.charge_decision), offense.queue()))
    }
}

#[derive(Deserialize)]
struct CourtFacts<'a> {
    #[serde(borrow)]
    court_search_id: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    case_decisions: Option<Vec<CaseFacts<'a>>>,
}

#[derive(Deserialize)]
struct CaseFacts<'a> {
    #[serde(borrow)]
    jurisdiction_state: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    offenses: Option<Vec<OffenseFacts<'a>>>,
}

#[derive(Deserialize)]
struct OffenseFacts<'a> {
    #[serde(borrow)]
    offense_id: Option<Cow<'a, str>>,
    #[serde(borrow)]
    charge_decision: Option<Cow<'a, str>>,
    #[serde(borrow)]
    routing: Option<RoutingFacts<'a>>,
    #[serde(borrow, default)]
    cited_rules: Option<Vec<Cow<'a, str>>>,
}

impl OffenseFacts<'_> {
    fn queue(&self) -> &str {
        self.routing.as_ref().map_or("", |r| text(&r.queue))
    }
}

/// A text member, empty where missing or null.
fn text<'t>(member: &'t Option<Cow<'_, str>>) -> &'t str {
    member.as_deref().unwrap_or_default()
}

#[derive(Deserialize)]
struct RoutingFacts<'a> {
    #[serde(borrow)]
    queue: Option<Cow<'a, str>>,
}

/// Every charge of a decision tree, in order.
pub fn charges_of(decision: &DecisionFacts<'_>) -> Vec<Charge> {
    decision
        .offenses()
        .map(|(court, case, offense)| Charge {
            court_search_id: text(&court.court_search_id).to_owned(),
            offense_id: text(&offense.offense_id).to_owned(),
            decision: text(&offense.charge_decision).to_owned(),
            queue: offense.queue().to_owned(),
            cited_rules: offense
                .cited_rules
                .iter()
                .flatten()
                .map(|rule| rule.to_string())
                .collect(),
            state: text(&case.jurisdiction_state).to_owned(),
        })
        .collect()
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
