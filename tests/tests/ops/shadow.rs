//! Shadow evaluation: a candidate version decides sampled live requests after the client has its
//! answer; only differences are kept, summarised per candidate and written to the decision log.

use std::path::PathBuf;
use std::time::Duration;

use lookback_tests::{
    ADMIN_KEY, CLIENT_KEY, FAULTS_MODULE, NEXT_MODULE, Reply, TestServer,
    ca_conviction_six_years_old, first_charge_decision, temp_dir, valid_request,
};
use serde_json::{Value, json};

use super::decision_log::{logging_settings, read_lines};
use super::get;

async fn upload(server: &TestServer, admin: &str, file: &str) -> String {
    let reply = server
        .upload_module(admin, std::fs::read(file).unwrap(), "")
        .await
        .unwrap();
    assert_eq!(reply.status, 201, "{}", reply.text);
    reply.json["module"]["version"].as_str().unwrap().to_owned()
}

async fn delete(server: &TestServer, token: &str, path: &str) -> Reply {
    let response = server
        .client
        .delete(server.url(path))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    Reply::read(response).await.unwrap()
}

/// The summary once `evaluated` reaches `count`.
async fn summary_after(server: &TestServer, admin: &str, path: &str, count: u64) -> Value {
    for _ in 0..200 {
        let reply = get(server, admin, path).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        if reply.json["evaluated"].as_u64() >= Some(count) {
            return reply.json;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the shadow never evaluated {count} requests");
}

/// A server logging decisions, with `module` uploaded (not active): the server, an admin and a
/// client token, the candidate's shadow path and the log file.
async fn with_candidate(name: &str, module: &str) -> (TestServer, String, String, String, PathBuf) {
    let log = temp_dir(name).join("decisions.jsonl");
    let server = TestServer::start(logging_settings(&log)).await.unwrap();
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let client = server.token(CLIENT_KEY).await.unwrap();
    let version = upload(&server, &admin, module).await;
    let path = format!("/admin/modules/{version}/shadow");
    (server, admin, client, path, log)
}

#[tokio::test]
async fn a_shadow_records_only_the_differences_of_a_candidate() {
    let (server, admin, client, path, log) = with_candidate("shadow-log", NEXT_MODULE).await;

    // Bad input: unknown version 404, rate outside 0-1 400, client role 403, no shadow yet 404.
    let unknown = server
        .admin_post(
            &admin,
            "/admin/modules/9.9.9/shadow",
            Some(json!({"sample_rate": 0.5})),
        )
        .await
        .unwrap();
    assert_eq!(unknown.status, 404, "{}", unknown.text);
    assert_eq!(
        unknown.json["error"]["message"],
        "no loaded module has engine version 9.9.9"
    );
    let rate = server
        .admin_post(&admin, &path, Some(json!({"sample_rate": 1.5})))
        .await
        .unwrap();
    assert_eq!(rate.status, 400, "{}", rate.text);
    assert_eq!(
        rate.json["error"]["message"],
        "sample_rate must be a number from 0 to 1"
    );
    let until = server
        .admin_post(
            &admin,
            &path,
            Some(json!({"sample_rate": 1, "until": "yesterday"})),
        )
        .await
        .unwrap();
    assert_eq!(until.status, 400, "{}", until.text);
    let forbidden = server
        .admin_post(&client, &path, Some(json!({"sample_rate": 1})))
        .await
        .unwrap();
    assert_eq!(forbidden.status, 403);
    assert_eq!(get(&server, &admin, &path).await.status, 404);

    let started = server
        .admin_post(
            &admin,
            &path,
            Some(json!({"sample_rate": 1, "until": "2999-01-01T00:00:00Z"})),
        )
        .await
        .unwrap();
    assert_eq!(started.status, 201, "{}", started.text);
    assert_eq!(started.json["state"], "running");
    assert_eq!(started.json["evaluated"], 0);

    // The client's answers come from the active module, shadow or not.
    let differing = server
        .evaluate_on(&client, None, &ca_conviction_six_years_old())
        .await
        .unwrap();
    assert_eq!(differing.status, 200, "{}", differing.text);
    assert_eq!(first_charge_decision(&differing), "REPORTABLE");
    let same = server
        .evaluate_on(&client, None, &valid_request("S-SHADOW-SAME"))
        .await
        .unwrap();
    assert_eq!(same.status, 200);

    let summary = summary_after(&server, &admin, &path, 2).await;
    assert_eq!(summary["differed"], 1, "{summary}");
    assert_eq!(summary["failed"], 0, "{summary}");
    let changes = summary["by_change"].as_object().unwrap();
    assert_eq!(changes.len(), 1, "{summary}");
    let (change, count) = changes.iter().next().unwrap();
    assert!(
        change.starts_with("REPORTABLE/") && change.contains(" -> NOT_REPORTABLE/"),
        "{change}"
    );
    assert_eq!(count, 1);
    assert_eq!(summary["by_state"], json!({"CA": 1}), "{summary}");
    // The rules cited on the differing charge, by either version.
    let rules = summary["by_rule"].as_object().unwrap();
    assert!(rules.contains_key("CA_CONVICTION_7YR"), "{summary}");
    let example = &summary["examples"][0];
    assert_eq!(
        example["correlation_id"].as_str(),
        differing.header("x-correlation-id")
    );
    assert_eq!(example["from"]["decision"], "REPORTABLE");
    assert_eq!(example["to"]["decision"], "NOT_REPORTABLE");
    // Masked: nothing of the candidate or the court record's person.
    let record = &ca_conviction_six_years_old()["record"];
    let person = &record["record_json"]["criminal_search_results"][0]["criminal_records"][0];
    let text = summary.to_string();
    for field in ["subject_name", "subject_dob", "subject_address"] {
        let value = person[field].as_str().unwrap();
        assert!(!text.contains(value), "{field} in the summary");
    }

    // The decision log: two decision lines, and one shadow line for the differing request only.
    let lines = read_lines(&log, 3).await;
    let shadows: Vec<&Value> = lines.iter().filter(|l| l["type"] == "shadow").collect();
    assert_eq!(shadows.len(), 1, "{lines:?}");
    let shadow = shadows[0];
    assert_eq!(
        shadow["correlation_id"].as_str(),
        differing.header("x-correlation-id")
    );
    assert_eq!(
        format!(
            "/admin/modules/{}/shadow",
            shadow["candidate"]["version"].as_str().unwrap()
        ),
        path
    );
    assert_eq!(shadow["outcome"], "differed");
    assert_eq!(shadow["differences"][0]["to"]["decision"], "NOT_REPORTABLE");

    let ended = delete(&server, &admin, &path).await;
    assert_eq!(ended.status, 200, "{}", ended.text);
    assert_eq!(ended.json["evaluated"], 2);
    assert_eq!(get(&server, &admin, &path).await.status, 404);
    assert_eq!(delete(&server, &admin, &path).await.status, 404);
}

#[tokio::test]
async fn a_candidate_that_hangs_or_traps_never_touches_the_clients_answer() {
    let (server, admin, client, path, log) = with_candidate("shadow-faults", FAULTS_MODULE).await;
    let started = server
        .admin_post(&admin, &path, Some(json!({"sample_rate": 1.0})))
        .await
        .unwrap();
    assert_eq!(started.status, 201, "{}", started.text);

    // The shipped module ignores fault markers; the candidate loops (until the 2 s stage
    // deadline) or traps on them. The client has its answer while the candidate still loops.
    let reply = server
        .evaluate_on(&client, None, &valid_request("FAULT:evaluate-loop"))
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json["data"]["status"], "success");
    let during = get(&server, &admin, &path).await;
    assert_eq!(during.json["evaluated"], 0, "{}", during.text);
    let reply = server
        .evaluate_on(&client, None, &valid_request("FAULT:transform-trap"))
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    let summary = summary_after(&server, &admin, &path, 2).await;
    assert_eq!(summary["failed"], 2, "{summary}");
    assert_eq!(summary["differed"], 0, "{summary}");
    let lines = read_lines(&log, 4).await;
    let failures: Vec<&Value> = lines.iter().filter(|l| l["outcome"] == "failed").collect();
    assert_eq!(failures.len(), 2, "{lines:?}");
}
