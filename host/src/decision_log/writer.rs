//! The writer thread: takes every line queued, writes them in batches (each line whole, with its
//! newline), forces them to disk as the sync policy says, and tells the answers that wait for
//! their line (`every`) whether it is on disk.

use std::io::Write as _;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::file::LogFile;
use super::line::{DecisionLines, Evaluated};
use super::policy::SyncPolicy;
use super::status::LogStatus;
use crate::metrics::Metrics;

/// Bytes taken from the queue before they are written: large enough that a busy server writes
/// hundreds of lines per call, small enough to bound what one write can tear.
const BATCH_BYTES: usize = 256 << 10;
/// How often an idle writer reports summarised failures.
const TICK: Duration = Duration::from_secs(1);

/// Tells an answer waiting for its line whether the line is on disk.
pub(super) type Ack = tokio::sync::oneshot::Sender<bool>;

/// Work for the writer.
pub(super) enum Job {
    /// An `/evaluate` answer, its time, and whoever waits for its line.
    Decision(Evaluated, String, Option<Ack>),
    /// A line made elsewhere (a shadow evaluation's differences).
    Line(String),
    /// Write what is queued, sync, stop.
    Close,
}

/// Where lines go.
pub(super) enum Output {
    Stdout,
    File(LogFile),
}

/// The writer thread's state.
pub(super) struct Writer {
    out: Option<Output>,
    lines: DecisionLines,
    metrics: Metrics,
    status: Arc<LogStatus>,
    policy: SyncPolicy,
    batch: Vec<u8>,
    /// Where each line of `batch` ends (after its newline).
    ends: Vec<usize>,
    acks: Vec<Ack>,
    /// Lines written since the last sync.
    unsynced: u64,
    last_sync: Instant,
}

impl Writer {
    pub(super) fn new(
        out: Option<Output>,
        lines: DecisionLines,
        metrics: Metrics,
        status: Arc<LogStatus>,
        policy: SyncPolicy,
    ) -> Self {
        Self {
            out,
            lines,
            metrics,
            status,
            policy,
            batch: Vec::with_capacity(BATCH_BYTES),
            ends: Vec::new(),
            acks: Vec::new(),
            unsynced: 0,
            last_sync: Instant::now(),
        }
    }

    /// Runs until [`Job::Close`] (or every sender is gone).
    pub(super) fn run(mut self, jobs: &Receiver<Job>) {
        loop {
            let mut closing = match jobs.recv_timeout(self.wait()) {
                Ok(job) => self.take(job),
                Err(RecvTimeoutError::Timeout) => false,
                Err(RecvTimeoutError::Disconnected) => true,
            };
            // Everything already queued joins the batch: one write and one sync for all of it.
            // After `Close`, lines queued by requests that raced the close are written too.
            while closing || self.batch.len() < BATCH_BYTES {
                match jobs.try_recv() {
                    Ok(job) => closing |= self.take(job),
                    Err(_) => break,
                }
            }
            self.commit();
            self.sync_if_due();
            self.status.tick();
            if closing {
                self.close();
                return;
            }
        }
    }

    /// How long to wait for the next job: until the next interval sync is due, at most a tick.
    fn wait(&self) -> Duration {
        match self.policy {
            SyncPolicy::Interval(every) if self.unsynced > 0 => {
                every.saturating_sub(self.last_sync.elapsed()).min(TICK)
            }
            _ => TICK,
        }
    }

    /// Adds a job's line to the batch; true for [`Job::Close`].
    fn take(&mut self, job: Job) -> bool {
        match job {
            Job::Decision(evaluated, time, ack) => {
                let with_line = self.out.is_some();
                if let Some(line) = self.lines.answer(&evaluated, &time, with_line) {
                    self.push(&line);
                }
                self.acks.extend(ack);
                false
            }
            Job::Line(line) => {
                self.push(&line);
                false
            }
            Job::Close => true,
        }
    }

    fn push(&mut self, line: &str) {
        if self.out.is_none() {
            return;
        }
        self.batch.extend_from_slice(line.as_bytes());
        self.batch.push(b'\n');
        self.ends.push(self.batch.len());
    }

    /// Writes the batch (one write per run of whole lines), syncs it under `every`, and answers
    /// the waiting requests.
    fn commit(&mut self) {
        if self.ends.is_empty() && self.acks.is_empty() {
            return;
        }
        let lines = self.ends.len() as u64;
        let mut recorded = true;
        if let Some(out) = &mut self.out
            && lines > 0
        {
            match out.write(&self.batch, &self.ends, &self.status) {
                Ok(()) => {
                    self.metrics.count_log_lines("written", lines);
                    self.unsynced += lines;
                    if self.policy == SyncPolicy::Every {
                        recorded = self.sync();
                    }
                    if recorded {
                        self.status.written();
                    }
                }
                Err(error) => {
                    recorded = false;
                    self.metrics.count_log_lines("failed", lines);
                    self.status.failed(lines, &error.to_string());
                }
            }
        }
        for ack in self.acks.drain(..) {
            let _ = ack.send(recorded);
        }
        self.batch.clear();
        self.ends.clear();
    }

    fn sync_if_due(&mut self) {
        if let SyncPolicy::Interval(every) = self.policy
            && self.unsynced > 0
            && self.last_sync.elapsed() >= every
        {
            self.sync();
        }
    }

    /// Forces the lines written so far to disk; false (reported) when that failed.
    fn sync(&mut self) -> bool {
        let Some(out) = &mut self.out else {
            return true;
        };
        let result = out.sync_data();
        let lines = std::mem::take(&mut self.unsynced);
        self.last_sync = Instant::now();
        match result {
            Ok(()) => true,
            Err(error) => {
                // After a failed fsync the kernel may have dropped the pages: those lines are
                // not known to be anywhere.
                self.status.failed(lines, &format!("fsync: {error}"));
                false
            }
        }
    }

    fn close(&mut self) {
        self.commit();
        if let Some(out) = &mut self.out
            && let Err(error) = out.sync_all()
        {
            tracing::error!(%error, "decision log sync failed");
        }
        self.status.tick();
    }
}

impl Output {
    /// Writes `batch` (whole lines ending at `ends`); a file removed or replaced meanwhile is
    /// opened again first, and `status` told.
    fn write(&mut self, batch: &[u8], ends: &[usize], status: &LogStatus) -> std::io::Result<()> {
        match self {
            Self::Stdout => {
                let mut out = std::io::stdout().lock();
                out.write_all(batch)?;
                out.flush()
            }
            Self::File(file) => {
                if let Some(reason) = file.reopen_if_moved()? {
                    let detail = format!(
                        "decision log {} was {} under the server and was opened again",
                        file.path().display(),
                        reason.as_str()
                    );
                    tracing::warn!(path = %file.path().display(), found = reason.as_str(), "decision log file was removed or replaced; opened it again (lines before this went to the old file)");
                    status.reopened(detail);
                }
                file.append(batch, ends)
            }
        }
    }

    fn sync_data(&mut self) -> std::io::Result<()> {
        match self {
            Self::Stdout => std::io::stdout().lock().flush(),
            Self::File(file) => file.sync_data(),
        }
    }

    fn sync_all(&mut self) -> std::io::Result<()> {
        match self {
            Self::Stdout => std::io::stdout().lock().flush(),
            Self::File(file) => file.sync_all(),
        }
    }
}
