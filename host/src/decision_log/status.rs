//! What `/health` and the operators' log learn about the decision log: whether its writes fail,
//! whether lines were dropped or its file was found removed or replaced lately, and the errors
//! themselves summarised (one ERROR every few seconds with a count, not one per line).

use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How often a run of failures is reported (the first at once, then at most once per period).
pub(super) const REPORT_EVERY: Duration = Duration::from_secs(5);
/// How long a dropped line or a reopened file keeps `/health` degraded.
pub const RECENT: Duration = Duration::from_secs(60);

/// One reason to call the decision log unhealthy: a stable code and a detail for operators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogProblem {
    /// `decision_log_failing` or `decision_log_reopened`.
    pub code: &'static str,
    /// What happened, naming the file (admin view only).
    pub detail: String,
}

/// The decision log's state as health sees it.
#[derive(Default)]
pub(super) struct LogStatus {
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// Why the newest write, sync or reopen failed, and since when; cleared by the next success.
    failing: Option<(Instant, String)>,
    /// When the newest line was dropped (queue full, writer stopped).
    dropped: Option<Instant>,
    /// When the file was last found removed or replaced, and what was found.
    reopened: Option<(Instant, String)>,
    failures: Summary,
    drops: Summary,
}

impl LogStatus {
    /// A write, sync or reopen failed; `lines` lines were lost with it.
    pub(super) fn failed(&self, lines: u64, error: &str) {
        let mut state = self.lock();
        if state.failing.is_none() {
            state.failing = Some((Instant::now(), error.to_owned()));
        }
        state
            .failures
            .note(lines, error, "decision log lines not written");
    }

    /// Lines reached the file.
    pub(super) fn written(&self) {
        let mut state = self.lock();
        if let Some((since, _)) = state.failing.take() {
            tracing::info!(
                failing_secs = since.elapsed().as_secs(),
                "decision log writes succeed again"
            );
        }
    }

    /// A line could not be queued.
    pub(super) fn dropped(&self, reason: &str) {
        let mut state = self.lock();
        state.dropped = Some(Instant::now());
        state.drops.note(1, reason, "decision log lines dropped");
    }

    /// The file was found removed or replaced and opened again.
    pub(super) fn reopened(&self, detail: String) {
        self.lock().reopened = Some((Instant::now(), detail));
    }

    /// Reports failures and drops counted since the last report, when one is due.
    pub(super) fn tick(&self) {
        let mut state = self.lock();
        state
            .failures
            .report_if_due("decision log lines not written");
        state.drops.report_if_due("decision log lines dropped");
    }

    /// The current problems, `path` naming the sink.
    pub(super) fn problems(&self, path: &str) -> Vec<LogProblem> {
        let state = self.lock();
        let recent = |at: &Instant| at.elapsed() < RECENT;
        let mut problems = Vec::new();
        if let Some((since, error)) = &state.failing {
            problems.push(LogProblem {
                code: "decision_log_failing",
                detail: format!(
                    "decision log {path}: writes have failed for {} s ({error}); answered decisions are not being recorded",
                    since.elapsed().as_secs()
                ),
            });
        } else if state.dropped.as_ref().is_some_and(recent) {
            problems.push(LogProblem {
                code: "decision_log_failing",
                detail: format!(
                    "decision log {path}: lines were dropped in the last {} s (the writer fell behind; see lookback_decision_log_lines_total)",
                    RECENT.as_secs()
                ),
            });
        }
        if let Some((at, detail)) = &state.reopened
            && recent(at)
        {
            problems.push(LogProblem {
                code: "decision_log_reopened",
                detail: format!("{detail} {} s ago", at.elapsed().as_secs()),
            });
        }
        problems
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Failures of one kind since the last report.
#[derive(Default)]
struct Summary {
    pending: u64,
    last_error: String,
    reported: Option<Instant>,
}

impl Summary {
    fn note(&mut self, lines: u64, error: &str, what: &str) {
        self.pending += lines.max(1);
        error.clone_into(&mut self.last_error);
        self.report_if_due(what);
    }

    fn report_if_due(&mut self, what: &str) {
        if self.pending == 0 || self.reported.is_some_and(|at| at.elapsed() < REPORT_EVERY) {
            return;
        }
        tracing::error!(
            lines = self.pending,
            error = %self.last_error,
            every_secs = REPORT_EVERY.as_secs(),
            "{what}"
        );
        self.pending = 0;
        self.reported = Some(Instant::now());
    }
}
