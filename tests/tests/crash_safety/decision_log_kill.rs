//! kill -9 of `lookback serve` in the middle of the decision log's writes, then a restart on the
//! same file: every line whole and valid (a torn tail is moved aside at open), and the answered
//! decisions missing from the log counted per kill: none with `LOOKBACK_DECISION_LOG_SYNC=every`,
//! only lines still queued in the process with the default. Small records (one charge, a line of
//! about 400 bytes) and large ones (60 charges, a line of about 10 KB: over the 8 KiB buffer that
//! used to split a line from its newline).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lookback_tests::{CLIENT_KEY, temp_dir, valid_request};
use serde_json::Value;

use super::{eventually, start_child};
use crate::replicas::cluster::Replica;

/// Kills per loop.
const KILLS: usize = 3;
/// Clients sending at once, so lines arrive in batches.
const CLIENTS: usize = 6;

/// `valid_request` with `charges` charges (distinct offense ids, one court case).
pub fn record_with_charges(search_id: &str, charges: usize) -> Value {
    let mut body = valid_request(search_id);
    let offenses = &mut body["record"]["record_json"]["criminal_search_results"][0]["criminal_records"]
        [0]["offenses"];
    let first = offenses[0].clone();
    *offenses = Value::Array(
        (0..charges)
            .map(|n| {
                let mut offense = first.clone();
                offense["offense_id"] = Value::from(format!("{search_id}-{n}"));
                offense
            })
            .collect(),
    );
    body
}

fn start(id: &str, log: &Path, sync: &str) -> Replica {
    start_child(
        id,
        &[
            ("LOOKBACK_DECISION_LOG", log.as_os_str()),
            ("LOOKBACK_DECISION_LOG_SYNC", sync.as_ref()),
        ],
    )
}

/// What one kill left: the search ids answered 200 before it.
struct Kill {
    answered: Vec<String>,
}

/// Sends `body`-shaped records from [`CLIENTS`] clients until the log file has grown by
/// `growth` bytes (the chosen file event), then kills the server with SIGKILL at once.
async fn load_then_kill(
    server: Replica,
    log: &Path,
    label: &str,
    charges: usize,
    growth: u64,
) -> Kill {
    let token = server.token(CLIENT_KEY).await.unwrap();
    let answered = Arc::new(Mutex::new(Vec::new()));
    let size = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.len());
    let start = size(log);
    let clients: Vec<_> = (0..CLIENTS)
        .map(|client| {
            let (url, token, answered) = (server.url("/evaluate"), token.clone(), answered.clone());
            let http = reqwest::Client::new();
            let label = label.to_owned();
            tokio::spawn(async move {
                for n in 0.. {
                    let search_id = format!("K-{label}-{client}-{n}");
                    let body = record_with_charges(&search_id, charges).to_string();
                    let sent = http
                        .post(&url)
                        .bearer_auth(&token)
                        .header("content-type", "application/json")
                        .body(body)
                        .send()
                        .await;
                    // Answered: the whole answer arrived with 200.
                    let answer = match sent {
                        Ok(reply) if reply.status() == 200 => reply.bytes().await,
                        _ => break,
                    };
                    if answer.is_err() {
                        break;
                    }
                    answered.lock().unwrap().push(search_id);
                }
            })
        })
        .collect();
    // With `every` a line is on disk before its answer leaves: wait for answers too.
    let grew = eventually(Duration::from_secs(60), || {
        size(log) >= start + growth && answered.lock().unwrap().len() >= CLIENTS
    })
    .await;
    assert!(grew, "the log did not grow by {growth} bytes");
    drop(server); // SIGKILL, then reaped
    for client in clients {
        let _ = client.await;
    }
    let answered = answered.lock().unwrap().clone();
    Kill { answered }
}

/// The search ids of the log's lines; panics on a line that is not a whole decision line.
fn logged(log: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(log).unwrap();
    assert!(
        text.is_empty() || text.ends_with('\n'),
        "the log ends in part of a line"
    );
    text.lines()
        .enumerate()
        .map(|(n, line)| {
            let json: Value = serde_json::from_str(line).unwrap_or_else(|e| {
                panic!(
                    "line {} is not valid JSON ({e}): {}...",
                    n + 1,
                    &line[..line.len().min(200)]
                )
            });
            assert_eq!(json["type"], "decision", "line {}", n + 1);
            json["search_id"].as_str().unwrap().to_owned()
        })
        .collect()
}

fn torn_files(log: &Path) -> Vec<PathBuf> {
    let prefix = format!("{}.torn-", log.file_name().unwrap().to_string_lossy());
    std::fs::read_dir(log.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(&prefix)
        })
        .collect()
}

/// [`KILLS`] kills, each followed by a restart on the same file; returns the answered decisions
/// missing from the log, per kill.
async fn kill_loop(label: &str, charges: usize, sync: &str) -> Vec<usize> {
    let dir = temp_dir(&format!("kill-{label}-{sync}"));
    let log = dir.join("decisions.jsonl");
    let mut lost = Vec::new();
    for round in 0..KILLS {
        let server = start(&format!("kill-{label}-{round}"), &log, sync);
        // Each kill at another moment: after 40, 80, 120 KB of new lines.
        let growth = 40_000 * (round as u64 + 1);
        let kill = load_then_kill(server, &log, &format!("{label}{round}"), charges, growth).await;
        // The restart repairs what the kill left; every line is whole and valid after it.
        let restarted = start(&format!("kill-{label}-{round}-after"), &log, sync);
        let logged = logged(&log);
        drop(restarted);
        let missing = kill
            .answered
            .iter()
            .filter(|id| !logged.contains(id))
            .count();
        assert!(
            !kill.answered.is_empty(),
            "no request was answered before the kill"
        );
        lost.push(missing);
    }
    let torn = torn_files(&log);
    for file in &torn {
        let tail = std::fs::read_to_string(file).unwrap_or_default();
        assert!(
            !tail.contains('\n'),
            "a torn tail holds only part of one line"
        );
    }
    let lines = logged(&log).len();
    println!(
        "kill -9 loop ({label}, {charges} charges, sync {sync}): {KILLS} kills, {lines} lines all valid, \
         answered but not logged per kill {lost:?}, torn tails moved aside {}",
        torn.len()
    );
    lost
}

#[tokio::test]
async fn kill_9_mid_write_leaves_only_whole_lines_and_every_loses_nothing() {
    // Small and large lines with the default policy: whole lines always; what a kill can lose
    // is what was still queued in the process.
    for (label, charges) in [("small", 1), ("large", 60)] {
        kill_loop(label, charges, "interval").await;
    }
    // `every`: the answer leaves only once its line is on disk.
    for (label, charges) in [("small", 1), ("large", 60)] {
        let lost = kill_loop(&format!("{label}-every"), charges, "every").await;
        assert_eq!(
            lost,
            vec![0; KILLS],
            "{label}: an acknowledged decision was lost"
        );
    }
}

#[tokio::test]
async fn a_log_torn_by_an_earlier_crash_is_repaired_at_start_and_says_so() {
    let dir = temp_dir("torn-at-start");
    let log = dir.join("decisions.jsonl");
    // What a kill in the middle of a 10 KB line's write left behind: whole lines, then a part.
    let whole = r#"{"type":"decision","search_id":"S-BEFORE"}"#;
    let part = format!(
        r#"{{"type":"decision","search_id":"S-TORN","charges":[{}"#,
        "1,".repeat(5000)
    );
    std::fs::write(&log, format!("{whole}\n{part}")).unwrap();
    let server = start("torn-at-start", &log, "interval");
    let token = server.token(CLIENT_KEY).await.unwrap();
    let reply = server
        .evaluate(&token, &valid_request("S-AFTER"))
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert!(
        eventually(Duration::from_secs(10), || std::fs::read_to_string(&log)
            .is_ok_and(|t| t.contains("S-AFTER")))
        .await
    );
    let log_text = server.log_text();
    drop(server);
    let lines = std::fs::read_to_string(&log).unwrap();
    let ids: Vec<&str> = lines.lines().collect();
    assert_eq!(ids.len(), 2, "{lines}");
    assert_eq!(ids[0], whole);
    assert!(
        ids[1].contains("\"S-AFTER\""),
        "the next line stands alone: {lines}"
    );
    let torn = torn_files(&log);
    assert_eq!(torn.len(), 1);
    assert_eq!(std::fs::read_to_string(&torn[0]).unwrap(), part);
    let warning = log_text
        .lines()
        .find(|l| l.contains("\"WARN\"") && l.contains(".torn-"))
        .unwrap_or_else(|| panic!("no WARN names the torn file:\n{log_text}"));
    assert!(
        warning.contains(&torn[0].display().to_string()),
        "{warning}"
    );
}
