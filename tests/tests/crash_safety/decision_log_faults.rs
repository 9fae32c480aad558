//! The decision log on a full disk, with `every`, and deleted or replaced under the server: the
//! answers go on (or, with `every`, stop honestly), `/health` says why in a reason code, the
//! opt-in fail-closed mode takes the replica out of rotation while the log cannot be written,
//! and the errors come summarised, not one per line.

use std::path::Path;
use std::time::Duration;

use lookback::decision_log::{Sink, SyncPolicy};
use lookback_tests::{ADMIN_KEY, CLIENT_KEY, TestServer, temp_dir, test_settings, valid_request};
use serde_json::{Value, json};

use super::{Mount, eventually, start_child};
use crate::replicas::cluster::Replica;

/// The ERROR lines that summarise failed decision-log writes, and the lines they count.
fn failure_reports(server: &Replica) -> (usize, u64) {
    let text = server.log_text();
    let reports: Vec<Value> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|l| {
            l["level"] == "ERROR" && l["fields"]["message"] == "decision log lines not written"
        })
        .collect();
    let lines = reports
        .iter()
        .filter_map(|r| r["fields"]["lines"].as_u64())
        .sum();
    (reports.len(), lines)
}

async fn send(server: &Replica, token: &str, search_id: &str) {
    let reply = server
        .evaluate(token, &valid_request(search_id))
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "the answer goes out: {}", reply.text);
}

#[tokio::test]
async fn a_full_disk_fails_health_closed_summarises_errors_and_recovers() {
    // A 256 KiB tmpfs that really fills; where nothing can be mounted, /dev/full (every write
    // fails with ENOSPC, as on a full disk) and no recovery.
    let mount = Mount::tmpfs("log-disk", 256 << 10);
    let log = match &mount {
        Ok(mount) => mount.path().join("decisions.jsonl"),
        Err(reason) => {
            println!("no tmpfs ({reason}): the decision log goes to /dev/full instead");
            "/dev/full".into()
        }
    };
    let server = start_child(
        "log-full",
        &[
            ("LOOKBACK_DECISION_LOG", log.as_os_str()),
            ("LOOKBACK_FAIL_CLOSED", "1".as_ref()),
        ],
    );
    let token = server.token(CLIENT_KEY).await.unwrap();
    if let Ok(mount) = &mount {
        send(&server, &token, "S-FITS").await;
        assert!(eventually(Duration::from_secs(5), || file_has(&log, "S-FITS")).await);
        assert_eq!(server.get("/health", None).await.unwrap().status, 200);
        mount.fill(0);
    }
    // Violated: 30 answers whose lines cannot be written. Each still goes out.
    let lost: u64 = 30;
    let started = std::time::Instant::now();
    for n in 0..lost {
        send(&server, &token, &format!("S-LOST-{n}")).await;
    }
    let health = server
        .wait_health("unhealthy", Duration::from_secs(10))
        .await
        .unwrap();
    assert_eq!(health.status, 503, "fail-closed: {}", health.text);
    assert_eq!(health.json["reasons"], json!(["decision_log_failing"]));
    assert!(
        !health.text.contains("decisions"),
        "no file names in public health"
    );
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let listing = server.get("/admin/modules", Some(&admin)).await.unwrap();
    let detail = listing.json["degraded"].as_str().unwrap_or_default();
    assert!(detail.contains(&log.display().to_string()), "{detail}");
    // The lines that still fitted in the file's last page were written; the rest were lost.
    let lost = match &mount {
        Ok(_) => {
            let text = std::fs::read_to_string(&log).unwrap();
            lost - (0..lost)
                .filter(|n| text.contains(&format!("\"S-LOST-{n}\"")))
                .count() as u64
        }
        Err(_) => lost,
    };
    assert!(lost > 0, "the disk never filled");
    // One ERROR at once, then at most one every 5 s with a count: never one per line.
    let summed = eventually(Duration::from_secs(20), || {
        failure_reports(&server).1 >= lost
    })
    .await;
    let (reports, lines) = failure_reports(&server);
    assert!(
        summed,
        "{reports} reports count {lines} of {lost} lost lines"
    );
    assert_eq!(lines, lost, "every lost line is counted once");
    let took = started.elapsed().as_secs() + 1;
    assert!(
        reports as u64 <= took / 5 + 2,
        "{reports} ERROR lines in {took} s for {lost} lost lines"
    );

    let Ok(mount) = &mount else { return };
    // Fixed: space again. The next line is written and health recovers.
    mount.free();
    send(&server, &token, "S-AFTER").await;
    assert!(eventually(Duration::from_secs(5), || file_has(&log, "S-AFTER")).await);
    let health = server
        .wait_health("healthy", Duration::from_secs(10))
        .await
        .unwrap();
    assert_eq!(health.status, 200);
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.lines()
            .all(|l| serde_json::from_str::<Value>(l).is_ok()),
        "{text}"
    );
}

fn file_has(path: &Path, needle: &str) -> bool {
    std::fs::read_to_string(path).is_ok_and(|t| t.contains(needle))
}

#[tokio::test]
async fn every_answers_only_what_is_on_disk_and_refuses_what_cannot_be() {
    // Obeyed: with `every`, a decision's line is in the file when its answer arrives.
    let log = temp_dir("log-every").join("decisions.jsonl");
    let mut settings = test_settings();
    settings.decision_log.sink = Some(Sink::File(log.clone()));
    settings.decision_log.sync = SyncPolicy::Every;
    let server = TestServer::start(settings).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();
    for n in 0..5 {
        let id = format!("S-EVERY-{n}");
        let reply = server
            .evaluate(&token, valid_request(&id).to_string())
            .await
            .unwrap();
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert!(file_has(&log, &id), "answered before its line was written");
    }

    // Violated: a log that cannot be written. No answer goes out unrecorded: 503, and health
    // says why.
    let mut settings = test_settings();
    settings.decision_log.sink = Some(Sink::File("/dev/full".into()));
    settings.decision_log.sync = SyncPolicy::Every;
    let server = TestServer::start(settings).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();
    let reply = server
        .evaluate(&token, valid_request("S-UNRECORDED").to_string())
        .await
        .unwrap();
    assert_eq!(reply.status, 503, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "DECISION_LOG_UNAVAILABLE");
    assert!(!reply.text.contains("S-UNRECORDED"), "{}", reply.text);
    crate::ops::openapi::check_answer("post", "/evaluate", &reply);
    let health = server.health().await.unwrap();
    assert_eq!(health.json["status"], "degraded", "{}", health.text);
    assert_eq!(health.json["reasons"], json!(["decision_log_failing"]));
}

#[tokio::test]
async fn a_log_file_deleted_or_replaced_is_opened_again_and_said() {
    let dir = temp_dir("log-moved");
    let log = dir.join("decisions.jsonl");
    // Fail-closed concerns a log that cannot be written; a reopened one can.
    let server = start_child(
        "log-moved",
        &[
            ("LOOKBACK_DECISION_LOG", log.as_os_str()),
            ("LOOKBACK_FAIL_CLOSED", "1".as_ref()),
        ],
    );
    let token = server.token(CLIENT_KEY).await.unwrap();
    send(&server, &token, "S-FIRST").await;
    assert!(eventually(Duration::from_secs(5), || file_has(&log, "S-FIRST")).await);
    assert_eq!(
        server.get("/health", None).await.unwrap().json["status"],
        "healthy"
    );

    // Deleted: the next line goes to a new file at the path, not into the deleted one.
    std::fs::remove_file(&log).unwrap();
    send(&server, &token, "S-AFTER-DELETE").await;
    assert!(eventually(Duration::from_secs(5), || file_has(&log, "S-AFTER-DELETE")).await);
    let health = server.get("/health", None).await.unwrap();
    assert_eq!(health.status, 200, "{}", health.text);
    assert_eq!(health.json["status"], "degraded");
    assert_eq!(health.json["reasons"], json!(["decision_log_reopened"]));

    // Replaced (an outside rotation: renamed away, a new file put in its place).
    let rotated = dir.join("decisions.jsonl.old");
    std::fs::rename(&log, &rotated).unwrap();
    std::fs::write(&log, "").unwrap();
    send(&server, &token, "S-AFTER-REPLACE").await;
    assert!(eventually(Duration::from_secs(5), || file_has(&log, "S-AFTER-REPLACE")).await);
    assert!(file_has(&rotated, "S-AFTER-DELETE"));
    assert!(!file_has(&rotated, "S-AFTER-REPLACE"));

    // Said, each time (the child's standard error is read as it comes).
    for found in ["removed", "replaced"] {
        let said = |text: String| {
            text.lines().any(|l| {
                l.contains("\"WARN\"")
                    && l.contains("opened it again")
                    && l.contains(&format!("\"found\":\"{found}\""))
            })
        };
        assert!(
            eventually(Duration::from_secs(5), || said(server.log_text())).await,
            "no WARN for the {found} file:\n{}",
            server.log_text()
        );
    }
}
