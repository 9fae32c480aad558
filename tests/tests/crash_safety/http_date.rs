//! The `Date` header follows the wall clock when it steps back: `lookback serve` runs under
//! libfaketime (Debian's `faketime` package), whose offset file the test rewrites to step the
//! process's wall clock an hour back (the monotonic clock, which timers use, is left alone).
//! `scripts/test.sh` installs it and sets `LOOKBACK_REQUIRE_FAKETIME=1`; elsewhere the test
//! skips, saying why.

use std::path::PathBuf;
use std::time::Duration;

use lookback_tests::{skip_unless_required, temp_dir};

use super::start_child;

/// Debian's libfaketime, if installed.
fn libfaketime() -> Result<PathBuf, String> {
    let candidates = [
        "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
        "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
        "/usr/lib/faketime/libfaketime.so.1",
    ];
    candidates
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .ok_or_else(|| {
            format!(
                "libfaketime is not installed (apt-get install faketime); looked at {candidates:?}"
            )
        })
}

fn date_of(reply: &lookback_tests::Reply) -> chrono::DateTime<chrono::FixedOffset> {
    let text = reply.header("date").unwrap_or_default();
    chrono::DateTime::parse_from_rfc2822(text).unwrap_or_else(|e| panic!("Date {text:?}: {e}"))
}

#[tokio::test]
async fn the_date_header_follows_the_clock_back() {
    let lib = libfaketime();
    let reason = lib.as_ref().err().cloned();
    if skip_unless_required(
        "LOOKBACK_REQUIRE_FAKETIME",
        "the_date_header_follows_the_clock_back",
        reason,
    ) {
        return;
    }
    let offset = temp_dir("faketime").join("offset");
    std::fs::write(&offset, "+0\n").unwrap();
    let lib = lib.unwrap();
    let server = start_child(
        "clock-step",
        &[
            ("LD_PRELOAD", lib.as_os_str()),
            ("FAKETIME_TIMESTAMP_FILE", offset.as_os_str()),
            ("FAKETIME_NO_CACHE", "1".as_ref()),
            ("FAKETIME_DONT_FAKE_MONOTONIC", "1".as_ref()),
        ],
    );
    let before = date_of(&server.get("/health", None).await.unwrap());
    let now = chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now());
    assert!(
        (now - before.to_utc()).num_seconds().abs() <= 5,
        "{before} vs {now}"
    );

    // The wall clock steps an hour back.
    std::fs::write(&offset, "-3600\n").unwrap();
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let after = date_of(&server.get("/health", None).await.unwrap());
    let step = (before - after).num_seconds();
    assert!(
        (3590..=3600).contains(&step),
        "Date went from {before} to {after}"
    );

    // And it keeps moving from there.
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let later = date_of(&server.get("/health", None).await.unwrap());
    assert!(later > after, "Date stuck at {after}");
}
