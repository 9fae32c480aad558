//! The decision log: one JSON line per `/evaluate` answer, naming the module that decided and
//! every charge's outcome, with no personal data.

use std::path::{Path, PathBuf};
use std::time::Duration;

use lookback::decision_log::{Sink, last4_hash};
use lookback_tests::{CLIENT_KEY, TestServer, offenses, temp_dir, test_settings, valid_request};
use serde_json::Value;

const SALT: &str = "decision-log-test-salt";

/// Settings writing the decision log to `path`, with a salt.
pub fn logging_settings(path: &Path) -> lookback::Settings {
    let mut settings = test_settings();
    settings.decision_log.sink = Some(Sink::File(path.to_path_buf()));
    settings.decision_log.salt = Some(SALT.to_owned());
    settings
}

/// The log's lines once there are at least `count` (the writer runs off the response path).
pub async fn read_lines(path: &PathBuf, count: usize) -> Vec<Value> {
    for _ in 0..100 {
        let lines: Vec<Value> = std::fs::read_to_string(path)
            .unwrap_or_default()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        if lines.len() >= count {
            return lines;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("fewer than {count} lines in {}", path.display());
}

#[tokio::test]
async fn shutdown_writes_every_line_of_every_answered_request() {
    let path = temp_dir("decision-log-shutdown").join("decisions.jsonl");
    let server = TestServer::start(logging_settings(&path)).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();
    for n in 0..5 {
        let body = valid_request(&format!("S-SHUTDOWN-{n}")).to_string();
        let reply = server.evaluate(&token, body).await.unwrap();
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    server.shut_down().await.unwrap();
    // Read once, no waiting: the shutdown wrote, flushed and synced the queue.
    let text = std::fs::read_to_string(&path).unwrap();
    let ids: Vec<String> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["search_id"].to_string())
        .collect();
    assert_eq!(ids.len(), 5, "{text}");
    for n in 0..5 {
        assert!(ids.contains(&format!("\"S-SHUTDOWN-{n}\"")), "{ids:?}");
    }
}

#[tokio::test]
async fn each_answer_is_one_masked_line_naming_the_module_and_every_charge() {
    let path = temp_dir("decision-log").join("decisions.jsonl");
    let server = TestServer::start(logging_settings(&path)).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();
    let mut request = valid_request("S-LOG-1");
    request["record"]["candidate_info"]["ssn"] = Value::from("123-45-6789");
    request["record"]["candidate_info"]["address"] = Value::from("12 ELM ROAD, AUSTIN, TX");
    let good = server.evaluate(&token, request.to_string()).await.unwrap();
    assert_eq!(good.status, 200, "{}", good.text);
    let bad = server.evaluate(&token, "{}").await.unwrap();
    assert_eq!(bad.status, 400);

    let text_lines = read_lines(&path, 2).await;
    assert_eq!(text_lines.len(), 2, "{text_lines:?}");
    let raw = std::fs::read_to_string(&path).unwrap();
    for personal in ["JANE", "DOE", "1980-01-01", "6789", "ELM ROAD", "MAIN ST"] {
        assert!(
            !raw.contains(personal),
            "{personal} in the decision log: {raw}"
        );
    }

    let line = &text_lines[0];
    let active = server.state.registry().active();
    assert_eq!(line["type"], "decision");
    assert_eq!(
        line["correlation_id"].as_str(),
        good.header("x-correlation-id")
    );
    assert_eq!(line["search_id"], "S-LOG-1");
    assert_eq!(line["http_status"], 200);
    assert_eq!(line["status"], "success");
    assert_eq!(
        line["engine"]["version"],
        active.info.engine_version.as_str()
    );
    assert_eq!(
        line["engine"]["rules_version"],
        active.info.rules_version.as_str()
    );
    assert_eq!(line["engine"]["sha256"], active.sha256.as_str());
    assert_eq!(
        line["ssn_last4_sha256"].as_str(),
        last4_hash(SALT, "6789").as_deref()
    );
    assert!(line["time"].as_str().unwrap().ends_with('Z'));
    let decision = &good.json["data"]["decision"];
    assert_eq!(line["record_decision"], decision["record_decision"]);
    let expected: Vec<Value> = offenses(decision)
        .into_iter()
        .map(|o| {
            serde_json::json!([
                o["offense_id"],
                o["charge_decision"],
                o["routing"]["queue"],
                o["cited_rules"]
            ])
        })
        .collect();
    let logged: Vec<Value> = line["charges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| serde_json::json!([c["offense_id"], c["decision"], c["queue"], c["cited_rules"]]))
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(logged, expected);

    let refused = &text_lines[1];
    assert_eq!(refused["http_status"], 400);
    assert_eq!(
        refused["correlation_id"].as_str(),
        bad.header("x-correlation-id")
    );
    assert_eq!(refused["charges"], serde_json::json!([]));
}

#[tokio::test]
async fn a_log_path_that_cannot_be_written_refuses_the_start_naming_it() {
    let path = temp_dir("decision-log-bad")
        .join("missing-dir")
        .join("decisions.jsonl");
    let error = TestServer::start(logging_settings(&path))
        .await
        .err()
        .unwrap();
    let message = format!("{error:#}");
    assert!(message.contains(&path.display().to_string()), "{message}");
}

/// The queue really fills: the log is a FIFO whose reading end this test holds and does not read,
/// so the pipe's buffer fills, the writer thread blocks in `write`, the 2-line queue fills and
/// later answers' lines are dropped. Every answer still goes out with 200, and once the pipe is
/// drained the decision metrics count every charge of every answer, dropped lines included.
#[tokio::test]
async fn a_dropped_line_still_counts_its_decisions_in_the_metrics() {
    use std::io::Read as _;

    use super::metrics::{find, scrape, value};

    let fifo = temp_dir("decision-log-full").join("decisions.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo {}", fifo.display());
    // Opened for reading and writing, a FIFO never blocks the open (Linux), and the server's own
    // opens find a reader.
    let mut pipe = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&fifo)
        .unwrap();
    let mut settings = logging_settings(&fifo);
    settings.decision_log.queue = 2;
    let server = TestServer::start(settings).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();

    // A pipe holds 64 KiB; a line of this answer is several hundred bytes.
    let requests = 400;
    let mut charges = 0;
    for n in 0..requests {
        let body = valid_request(&format!("S-FULL-{n}")).to_string();
        let reply = server.evaluate(&token, body).await.unwrap();
        assert_eq!(reply.status, 200, "{}", reply.text);
        charges += offenses(&reply.json["data"]["decision"]).len();
    }
    assert!(charges >= requests);
    let (blocked, _) = scrape(&server).await;
    let dropped = find(
        &blocked,
        "lookback_decision_log_lines_total",
        &[("outcome", "dropped")],
    );
    assert!(dropped > 0.0, "no line was dropped: the queue never filled");

    // Drain the pipe: the writer catches up with what was queued.
    std::thread::spawn(move || {
        let mut buffer = vec![0; 1 << 16];
        while pipe.read(&mut buffer).is_ok_and(|n| n > 0) {}
    });
    let mut counted = 0.0;
    for _ in 0..100 {
        let (metrics, _) = scrape(&server).await;
        counted = metrics
            .samples
            .iter()
            .filter(|s| s.metric == "lookback_decisions_total")
            .map(value)
            .sum();
        let lines = ["written", "dropped"].map(|outcome| {
            find(
                &metrics,
                "lookback_decision_log_lines_total",
                &[("outcome", outcome)],
            )
        });
        if counted >= charges as f64 && lines.iter().sum::<f64>() >= requests as f64 {
            assert_eq!(lines[1], dropped, "only the blocked writer drops lines");
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        counted, charges as f64,
        "{dropped} dropped lines: every charge of every answer is counted once"
    );
}
