//! Bulk work for operators (`lookback evaluate` and `lookback diff` on NDJSON): one `/evaluate`
//! body per line, from a file or standard input (`-`), worked on every core, written as one JSON
//! line per input line to standard output in input order. A progress bar on a terminal
//! (indicatif); plain progress lines on standard error otherwise, so logs stay readable.

use std::future::Future;
use std::io::{BufRead, BufReader, IsTerminal as _, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use axum::body::Bytes;
use indicatif::{ProgressBar, ProgressStyle};

/// How often the plain progress line is printed when standard error is not a terminal.
const PLAIN_EVERY: Duration = Duration::from_secs(5);

/// Whether `path` is read as NDJSON: `--ndjson`, `-` (standard input), or a `.ndjson` or `.jsonl`
/// file.
pub fn is_ndjson(path: &Path, flag: bool) -> bool {
    flag || path == Path::new("-")
        || path
            .extension()
            .is_some_and(|e| e == "ndjson" || e == "jsonl")
}

/// What one line's work gives back: its JSON result line, and whether it counts towards the
/// caller's tally (a failed evaluation, a changed decision).
pub struct Done {
    /// One JSON value, without a newline.
    pub line: String,
    /// Counted in [`Tally::flagged`].
    pub flagged: bool,
}

/// What a run did.
pub struct Tally {
    /// Non-blank lines worked on.
    pub records: u64,
    /// Of which flagged.
    pub flagged: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl Tally {
    /// Records per second.
    pub fn rate(&self) -> f64 {
        self.records as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The closing line on standard error: `what` were worked on, how fast, and how many were
    /// `flagged_as`.
    pub fn print(&self, what: &str, flagged_as: &str) {
        eprintln!(
            "lookback: {} {what} in {:.1} s ({:.0} records/s); {} {flagged_as}",
            self.records,
            self.elapsed.as_secs_f64(),
            self.rate(),
            self.flagged
        );
    }
}

/// Runs `work` on every non-blank line of `input` (1-based line number, the line's bytes), as many
/// at once as there are cores times two, and writes each result to `out` in input order.
pub async fn run<W, F>(input: &Path, work: W, mut out: impl Write) -> anyhow::Result<Tally>
where
    W: Fn(u64, Bytes) -> F + Send + 'static,
    F: Future<Output = Done> + Send + 'static,
{
    let started = Instant::now();
    let in_flight = std::thread::available_parallelism().map_or(2, |n| n.get() * 2);
    let mut progress = Progress::start(input).await;
    let (jobs, mut done) = tokio::sync::mpsc::channel(in_flight);
    let runtime = tokio::runtime::Handle::current();
    let path = input.to_path_buf();
    // Lines are read on a blocking thread and each one's work spawned at once; the channel's
    // bound keeps at most `in_flight` of them running, and its order is the output's.
    let reader = tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
        let mut lines = open(&path)?;
        let mut buffer = Vec::new();
        for number in 1.. {
            buffer.clear();
            let read = lines
                .read_until(b'\n', &mut buffer)
                .with_context(|| format!("reading {} line {number}", path.display()))?;
            if read == 0 {
                break;
            }
            if buffer.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let job = runtime.spawn(work(number, Bytes::copy_from_slice(&buffer)));
            if jobs.blocking_send(job).is_err() {
                break;
            }
        }
        Ok(())
    });
    let mut tally = Tally {
        records: 0,
        flagged: 0,
        elapsed: Duration::ZERO,
    };
    while let Some(job) = done.recv().await {
        let result = job.await.context("a record's work did not complete")?;
        writeln!(out, "{}", result.line).context("writing a result")?;
        tally.records += 1;
        tally.flagged += u64::from(result.flagged);
        progress.advance(tally.records, started);
    }
    reader.await.context("the input reader stopped")??;
    out.flush().context("writing the results")?;
    tally.elapsed = started.elapsed();
    progress.finish();
    Ok(tally)
}

fn open(path: &Path) -> anyhow::Result<Box<dyn BufRead + Send>> {
    if path == Path::new("-") {
        return Ok(Box::new(BufReader::new(std::io::stdin())));
    }
    let file = std::fs::File::open(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(Box::new(BufReader::new(file)))
}

/// A bar on a terminal, else a plain line every few seconds.
struct Progress {
    bar: Option<ProgressBar>,
    last_line: Instant,
}

impl Progress {
    async fn start(input: &Path) -> Self {
        let bar = if std::io::stderr().is_terminal() {
            Some(match count_lines(input.to_path_buf()).await {
                Some(total) => ProgressBar::new(total).with_style(bar_style(
                    "{bar:40} {pos}/{len} records, {per_sec}, {eta} left",
                )),
                None => ProgressBar::new_spinner()
                    .with_style(bar_style("{spinner} {pos} records, {per_sec}")),
            })
        } else {
            None
        };
        Self {
            bar,
            last_line: Instant::now(),
        }
    }

    fn advance(&mut self, records: u64, started: Instant) {
        if let Some(bar) = &self.bar {
            bar.set_position(records);
            return;
        }
        if self.last_line.elapsed() >= PLAIN_EVERY {
            self.last_line = Instant::now();
            let rate = records as f64 / started.elapsed().as_secs_f64().max(1e-9);
            eprintln!("lookback: {records} records, {rate:.0} records/s");
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

fn bar_style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// The number of non-blank lines of a file, for the bar's length; `None` for standard input.
async fn count_lines(path: PathBuf) -> Option<u64> {
    if path == Path::new("-") {
        return None;
    }
    tokio::task::spawn_blocking(move || {
        let file = std::fs::File::open(path).ok()?;
        let mut count = 0;
        for line in BufReader::new(file).split(b'\n') {
            count += u64::from(!line.ok()?.iter().all(u8::is_ascii_whitespace));
        }
        Some(count)
    })
    .await
    .ok()
    .flatten()
}
