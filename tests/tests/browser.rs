//! The reviewer page in a real browser (docs/decisions.md §10): starts the real server with two
//! more real module versions loaded, then runs `tests/browser/demo.test.mjs` (node's test runner,
//! playwright-core driving Debian's Chromium) against it. That script evaluates every bundled
//! sample in the page and compares it with the server's `/evaluate`, and checks share links,
//! offline use, the version picker, bad input, keyboard use and privacy; it saves screenshots in
//! `target/browser-artifacts/`. `tests/browser/overview.test.mjs` checks the overview above the
//! tree (summary, filters, time line, print layout) and runs axe-core on a rendered result;
//! `tests/browser/batch.test.mjs` checks many records at once (a 200-record version comparison
//! against the server's answers, its CSV, a folder, a 1,000-record progress bar, axe-core).
//!
//! Needs `/usr/bin/chromium` (or `LOOKBACK_CHROMIUM`), `node`, and `npm ci` in `tests/browser/`;
//! `scripts/test.sh` installs them. Without them the test says why and skips, unless
//! `LOOKBACK_REQUIRE_BROWSER=1` (set by `scripts/test.sh`) makes that a failure.
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use lookback_tests::{
    CLIENT_KEY, FAULTS_MODULE, NEXT_MODULE, TestServer, skip_unless_required, test_settings,
};

/// The whole browser run takes well under a minute; this only stops a hung browser.
const RUN_LIMIT: Duration = Duration::from_secs(300);

pub(crate) fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

pub(crate) fn chromium() -> PathBuf {
    std::env::var_os("LOOKBACK_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// Why the browser test cannot run here, if it cannot.
pub(crate) fn missing_prerequisite() -> Option<String> {
    let browser_dir = workspace().join("tests/browser");
    if !chromium().is_file() {
        return Some(format!(
            "{} not found (apt-get install chromium)",
            chromium().display()
        ));
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("node not found".to_owned());
    }
    for package in ["playwright-core", "axe-core"] {
        if !browser_dir.join("node_modules").join(package).is_dir() {
            return Some(format!(
                "{package} not installed (npm ci in {})",
                browser_dir.display()
            ));
        }
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reviewer_page_in_chromium() {
    if skip_unless_required(
        "LOOKBACK_REQUIRE_BROWSER",
        "the browser test",
        missing_prerequisite(),
    ) {
        return;
    }

    let server = TestServer::start(test_settings()).await.unwrap();
    let state = server.state.clone();
    // Two more real versions beside the active one: rules-next (decides one case differently) and
    // the fault-injection build (loops or traps on `FAULT:` search ids).
    let [next_version, faults_version] = tokio::task::spawn_blocking(move || {
        [NEXT_MODULE, FAULTS_MODULE].map(|path| {
            let module = state
                .engine()
                .admit(std::fs::read(path).unwrap(), None)
                .unwrap();
            let version = module.info.engine_version.clone();
            state
                .registry()
                .insert(module, "test", &state.now())
                .unwrap();
            version
        })
    })
    .await
    .unwrap();

    // Emptied first: the screenshots checked below must be this run's, not an earlier one's.
    let artifacts = workspace().join("target/browser-artifacts");
    if artifacts.exists() {
        std::fs::remove_dir_all(&artifacts).unwrap();
    }
    let mut command = Command::new("node");
    command
        .current_dir(workspace().join("tests/browser"))
        .args([
            "--test",
            "--test-reporter=spec",
            "demo.test.mjs",
            "overview.test.mjs",
            "batch.test.mjs",
        ])
        .env("LOOKBACK_BASE_URL", &server.base)
        .env("LOOKBACK_API_KEY", CLIENT_KEY)
        .env("LOOKBACK_CORPUS_DIR", workspace().join("tests/corpus"))
        .env("LOOKBACK_ARTIFACTS_DIR", &artifacts)
        .env("LOOKBACK_NEXT_VERSION", &next_version)
        .env("LOOKBACK_FAULTS_VERSION", &faults_version)
        .env("LOOKBACK_CHROMIUM", chromium())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let started = Instant::now();
    let output = tokio::task::spawn_blocking(move || run_with_limit(command, RUN_LIMIT))
        .await
        .unwrap();
    println!("{}", String::from_utf8_lossy(&output.stdout));
    eprintln!("{}", String::from_utf8_lossy(&output.stderr));
    assert!(
        output.status.success(),
        "the browser test failed ({}); output above",
        output.status
    );
    for shot in [
        "decision.png",
        "summary.png",
        "timeline.png",
        "timeline-windows.png",
        "timeline-no-limit.png",
        "print.png",
        "batch.png",
        "batch-differences.png",
    ] {
        assert!(artifacts.join(shot).is_file(), "{shot}");
    }
    println!(
        "browser test passed in {:.1} s; screenshots in {}",
        started.elapsed().as_secs_f64(),
        artifacts.display()
    );
}

/// Runs `command` to completion, killing it (and failing) after `limit`.
pub(crate) fn run_with_limit(mut command: Command, limit: Duration) -> std::process::Output {
    let mut child = command.spawn().unwrap();
    // Drain the pipes on threads so a chatty child never blocks on a full pipe.
    let read = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut buffer = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut buffer);
            }
            buffer
        })
    };
    let stdout = read(child.stdout.take().map(|p| Box::new(p) as _));
    let stderr = read(child.stderr.take().map(|p| Box::new(p) as _));
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "the browser test did not finish within {} s",
                limit.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    std::process::Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}
