//! A reviewer's correction of a charge reading, from the page to every replica: two `lookback
//! serve` replicas on one PostgreSQL; in Chromium (`tests/browser/dictionary.test.mjs`) a reviewer
//! corrects a charge the built-in classifier misreads, sees the draft's effect beside the module's
//! and over a batch, and downloads the draft; uploaded as admin on replica A, the next
//! `/evaluate` on both replicas reads that charge the corrected way, names the dictionary version
//! in the evidence, `classification.dictionary` and `meta.dictionary`, and answers exactly what the
//! page previewed. The metric counts the charge; the decision log would name the version.
//!
//! Needs PostgreSQL (as every replica test) and the browser (as `tests/tests/browser.rs`); skips
//! with the reason unless `LOOKBACK_REQUIRE_POSTGRES=1` or `LOOKBACK_REQUIRE_BROWSER=1` demand it.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use lookback_tests::{ADMIN_KEY, CLIENT_KEY, skip_unless_required};
use serde_json::{Value, json};

use super::{PROPAGATION, cluster};
use crate::browser::{chromium, missing_prerequisite, run_with_limit, workspace};

/// A TX record of tenant `acme` whose first charge the built-in classifier does not read as
/// traffic ("no valid inspection sticker", abbreviated), and a second it reads alike either way.
fn record(search_id: &str, first_charge: &str) -> Value {
    let address = "4100 FIXTURE LN, HOUSTON, TX 77002";
    let offense = |id: &str, charge: &str| {
        json!({"offense_id": id, "charge": charge, "type": "MISDEMEANOR", "disposition": "GUILTY",
               "charge_date": "2024-01-20", "disposition_date": "2024-03-05", "arrest_date": "2024-01-20"})
    };
    json!({"record": {
        "search_id": search_id, "search_date": "2025-11-06", "order_id": "ORD-1", "order_number": "ORD-1.1",
        "tenant_id": "acme", "submission_type": "resubmit",
        "candidate_info": {"first_name": "QUENTIN", "last_name": "SAMPLETON", "date_of_birth": "1986-02-17",
                           "ssn": "512-34-7788", "address": address},
        "record_json": {"criminal_search_results": [{
            "court_search_id": "CS-1", "search_date": "2025-11-06", "search_jurisdiction": "HARRIS, TX",
            "criminal_records": [{
                "case_number": "24-TR-0117", "jurisdiction_state": "TX", "file_date": "2024-02-01",
                "subject_name": "QUENTIN SAMPLETON", "sub_first_name": "QUENTIN", "sub_last_name": "SAMPLETON",
                "subject_dob": "1986-02-17", "subject_ssn": "512-34-7788", "subject_address": address,
                "offenses": [offense("OFF-1", first_charge), offense("OFF-2", "OPER W/O BRK LIGHTS")]
            }]
        }]}
    }})
}

fn charge<'a>(answer: &'a Value, offense_id: &str) -> &'a Value {
    let offenses =
        &answer["data"]["decision"]["court_decisions"][0]["case_decisions"][0]["offenses"];
    (offenses.as_array().into_iter().flatten())
        .find(|o| o["offense_id"] == offense_id)
        .unwrap_or(&Value::Null)
}

/// An answer without what differs between two answers to one body (ids, clocks, timings), its
/// numbers as the page's JavaScript holds them (`1.0` is `1`).
fn comparable(mut answer: Value) -> Value {
    for path in [
        "/meta/correlation_id",
        "/meta/process_time_ms",
        "/data/correlation_id",
        "/data/timing",
    ] {
        let (parent, key) = path.rsplit_once('/').unwrap();
        answer
            .pointer_mut(parent)
            .and_then(Value::as_object_mut)
            .map(|o| o.remove(key));
    }
    if let Some(decision) = answer["data"]["decision"].as_object_mut() {
        decision.remove("decision_date");
    }
    as_doubles(answer)
}

fn as_doubles(value: Value) -> Value {
    match value {
        Value::Number(n) => json!(n.as_f64()),
        Value::Array(items) => items.into_iter().map(as_doubles).collect(),
        Value::Object(map) => map.into_iter().map(|(k, v)| (k, as_doubles(v))).collect(),
        other => other,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correction_made_in_the_page_reads_the_charge_alike_on_every_replica() {
    if skip_unless_required(
        "LOOKBACK_REQUIRE_BROWSER",
        "the charge dictionary's browser test",
        missing_prerequisite(),
    ) {
        return;
    }
    let Some((_alone, pg, replicas)) = cluster(&["a", "b"]).await else {
        return;
    };
    let (a, b) = (&replicas[0], &replicas[1]);
    let client = a.token(CLIENT_KEY).await.unwrap();
    let admin = b.token(ADMIN_KEY).await.unwrap();
    let body = record("S-DICT-E2E", "NO VALID INSP STKR");
    for replica in [a, b] {
        let before = replica.evaluate(&client, &body).await.unwrap();
        assert_eq!(before.status, 200, "{}", before.text);
        assert_eq!(
            charge(&before.json, "OFF-1")["charge_decision"],
            "REPORTABLE"
        );
        assert!(before.json["meta"].get("dictionary").is_none());
    }

    // The reviewer, in Chromium on replica A's page.
    let artifacts = workspace().join("target/browser-artifacts");
    let batch = [
        body.to_string(),
        record("S-DICT-E2E-2", "BURGLARY").to_string(),
        record("S-DICT-E2E-3", "THEFT BY TAKING").to_string(),
    ]
    .join("\n");
    let mut command = Command::new("node");
    command
        .current_dir(workspace().join("tests/browser"))
        .args(["--test", "--test-reporter=spec", "dictionary.test.mjs"])
        .env("LOOKBACK_BASE_URL", &a.base)
        .env("LOOKBACK_ARTIFACTS_DIR", &artifacts)
        .env("LOOKBACK_CHROMIUM", chromium())
        .env("LOOKBACK_DICTIONARY_BODY", body.to_string())
        .env("LOOKBACK_DICTIONARY_BATCH", &batch)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let output =
        tokio::task::spawn_blocking(move || run_with_limit(command, Duration::from_secs(300)))
            .await
            .unwrap();
    println!("{}", String::from_utf8_lossy(&output.stdout));
    eprintln!("{}", String::from_utf8_lossy(&output.stderr));
    assert!(
        output.status.success(),
        "the page's part failed; output above"
    );

    // The downloaded draft is a valid dictionary file naming who corrected what, and why.
    let file = std::fs::read_to_string(artifacts.join("dictionary-draft.json")).unwrap();
    let draft: Value = serde_json::from_str(&file).unwrap();
    assert_eq!(draft["tenant_id"], "acme");
    let entry = &draft["entries"][0];
    assert_eq!(
        (&entry["charge"], &entry["jurisdiction"], &entry["traffic"]),
        (&json!("NO VALID INSP STKR"), &json!("TX"), &json!("minor")),
        "{file}"
    );
    assert_eq!(entry["added_by"], "reviewer@acme.example");
    assert!(entry["reason"].as_str().unwrap().contains("inspection"));

    // Uploaded as admin on A: the answer names the version (the file's digest) and the entry.
    let put = a
        .put_json("/admin/tenants/acme/dictionary", &admin, &file)
        .await
        .unwrap();
    assert_eq!(put.status, 200, "{}", put.text);
    let version = put.json["version"].as_str().unwrap().to_owned();
    let sha256: String = {
        use sha2::Digest as _;
        let digest = sha2::Sha256::digest(file.as_bytes());
        digest.iter().map(|b| format!("{b:02x}")).collect()
    };
    assert_eq!(put.json["sha256"], sha256.as_str());
    assert_eq!(version, sha256[..16]);
    assert_eq!(put.json["previous_version"], Value::Null);
    assert_eq!(put.json["changes"]["added"], json!([entry["id"]]));

    // The next /evaluate on every replica reads the charge the corrected way, within 2 s, and
    // answers what the page previewed.
    let preview: Value = serde_json::from_str(
        &std::fs::read_to_string(artifacts.join("dictionary-preview.json")).unwrap(),
    )
    .unwrap();
    for replica in [a, b] {
        let started = Instant::now();
        let answer = loop {
            let reply = replica.evaluate(&client, &body).await.unwrap();
            assert_eq!(reply.status, 200, "{}", reply.text);
            if reply.json["meta"]["dictionary"]["version"] == version.as_str() {
                break reply.json;
            }
            assert!(
                started.elapsed() < PROPAGATION,
                "replica {} does not read with the dictionary: {}",
                replica.id,
                reply.text
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let corrected = charge(&answer, "OFF-1");
        assert_eq!(corrected["charge_decision"], "NOT_REPORTABLE", "{answer}");
        assert_eq!(corrected["classification"]["traffic"], "minor");
        assert_eq!(
            corrected["classification"]["dictionary"],
            json!({"version": version, "entries": [entry["id"]]})
        );
        let evidence = corrected["classification"]["evidence"].to_string();
        assert!(
            evidence.contains(&format!("dictionary version {version}")),
            "{evidence}"
        );
        assert_eq!(
            answer["meta"]["dictionary"],
            json!({"tenant_id": "acme", "version": version})
        );
        assert_eq!(
            comparable(answer.clone()),
            comparable(preview.clone()),
            "replica {} answers what the page previewed",
            replica.id
        );
    }

    // Both replicas hold it; the metric counted the charge; the database keeps one row.
    let held = b
        .get("/admin/tenants/acme/dictionary", Some(&admin))
        .await
        .unwrap();
    assert_eq!(held.json["version"], version.as_str(), "{}", held.text);
    assert_eq!(held.json["dictionary"], draft);
    let metrics = a.get("/metrics", Some(&admin)).await.unwrap();
    let counted = (metrics.text.lines())
        .find_map(|l| l.strip_prefix("lookback_dictionary_charges_total "))
        .and_then(|n| n.trim().parse::<f64>().ok());
    assert!(counted.is_some_and(|n| n >= 1.0), "{}", metrics.text);
    let rows = pg
        .psql("SELECT tenant_id || ' ' || sha256 FROM charge_dictionaries")
        .unwrap();
    assert_eq!(rows.trim(), format!("acme {sha256}"), "{rows}");
}
