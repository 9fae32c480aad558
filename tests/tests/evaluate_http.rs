//! `/evaluate` end to end: the corpus through the real server (real wasmtime, real HTTP) and
//! through the offline path, every 400 message of the contract, the 422 body, and the envelope.
#[path = "support/corpus.rs"]
pub(crate) mod corpus;

use std::sync::{Arc, Mutex};

use lookback::client_rules::Overlays;
use lookback_tests::{CLIENT_KEY, TestServer, temp_dir, test_settings};
use serde_json::{Value, json};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A server whose clock reads the returned cell (each case sets its own `now` before its call; the
/// cases run one at a time), and a client token.
fn server_on_case_clock(
    rt: &tokio::runtime::Runtime,
    settings: lookback::Settings,
) -> (TestServer, String, Arc<Mutex<String>>) {
    let now = Arc::new(Mutex::new(String::new()));
    let clock = {
        let now = Arc::clone(&now);
        Arc::new(move || now.lock().map(|n| n.clone()).unwrap_or_default())
    };
    let (server, token) = rt.block_on(async {
        let server = TestServer::start_with_clock(settings, clock).await.unwrap();
        let token = server.token(CLIENT_KEY).await.unwrap();
        (server, token)
    });
    (server, token, now)
}

/// The corpus's client-rules overlays as a `LOOKBACK_CLIENT_RULES_DIR`.
fn corpus_overlay_dir() -> std::path::PathBuf {
    let dir = temp_dir("corpus-overlays");
    let written = corpus::write_overlays(&corpus::load(), &dir);
    assert!(written >= 3, "the corpus has overlay cases ({written})");
    dir
}

/// Each case is evaluated as of its own `now`, which the server's clock is set to before the call
/// (the cases run one at a time), so the lookback windows do not drift with the calendar.
#[test]
fn corpus_over_http() {
    let rt = runtime();
    let mut settings = test_settings();
    settings.client_rules_dir = Some(corpus_overlay_dir());
    let (server, token, now) = server_on_case_clock(&rt, settings);
    corpus::run_all(|case| {
        *now.lock().unwrap() = case.now.clone();
        let reply = rt
            .block_on(server.evaluate(&token, case.request.to_string()))
            .unwrap();
        (reply.status, reply.json)
    });
}

/// The charge-dictionary corpus through the real server: each case's dictionary file in
/// `LOOKBACK_CLIENT_RULES_DIR` as `<tenant_id>.dictionary.json`, the record read with it (named in
/// `meta.dictionary`); a file the host must refuse refuses the folder, naming the file and the
/// entries.
#[test]
fn dictionary_corpus_over_http() {
    let rt = runtime();
    let (refused, cases): (Vec<_>, Vec<_>) = corpus::load_dir(&corpus::dictionary_dir())
        .into_iter()
        .partition(|case| case.expect["refused"].is_string());
    assert!(!refused.is_empty() && cases.len() >= 2);
    for case in &refused {
        let dir = temp_dir("dictionary-refused");
        corpus::write_overlays(std::slice::from_ref(case), &dir);
        let error = Overlays::load(Some(&dir)).unwrap_err();
        let tenant = case.request["record"]["tenant_id"].as_str().unwrap();
        let message = case.expect["refused"].as_str().unwrap();
        assert!(
            error.starts_with(&format!("{tenant}.dictionary.json: ")) && error.contains(message),
            "{}: {error}",
            case.name
        );
    }
    let dir = temp_dir("dictionary-corpus");
    assert_eq!(corpus::write_overlays(&cases, &dir), cases.len());
    let mut settings = test_settings();
    settings.client_rules_dir = Some(dir);
    let (server, token, now) = server_on_case_clock(&rt, settings);
    for case in &cases {
        *now.lock().unwrap() = case.now.clone();
        let reply = rt
            .block_on(server.evaluate(&token, case.request.to_string()))
            .unwrap();
        corpus::check(case, reply.status, &reply.json).unwrap();
        let meta = &reply.json["meta"]["dictionary"];
        assert_eq!(
            meta["tenant_id"], case.request["record"]["tenant_id"],
            "{}",
            reply.text
        );
        let version = meta["version"].as_str().unwrap();
        assert!(
            reply
                .text
                .contains(&format!(r#""dictionary":{{"version":"{version}""#)),
            "{}: no charge read by the dictionary: {}",
            case.name,
            reply.text
        );
    }
}

/// The same module through `lookback evaluate`'s offline path (no HTTP), as of each case's `now`.
#[test]
fn corpus_offline_wasm() {
    let rt = runtime();
    let overlays = Overlays::load(Some(&corpus_overlay_dir())).unwrap();
    corpus::run_all(|case| {
        let body = case.request.to_string().into_bytes();
        let answer = rt
            .block_on(lookback::cli::evaluate_offline(
                test_settings().engine,
                &overlays,
                body,
                Some(case.now.clone()),
            ))
            .unwrap();
        (
            answer.status.as_u16(),
            serde_json::from_str(&answer.body).unwrap_or(Value::Null),
        )
    });
}

fn valid_body() -> Value {
    json!({"record": {
        "search_id": "S-HTTP-1", "search_date": "2025-11-06", "order_id": "O-1", "order_number": "O-1.1",
        "submission_type": "resubmit",
        "candidate_info": {"first_name": "Ada", "last_name": "Sample", "date_of_birth": "1990-01-02"},
        "record_json": {"criminal_search_results": [{
            "court_search_id": "C-1", "search_date": "2025-11-06",
            "criminal_records": [{
                "case_number": "N-1", "jurisdiction_state": "GA", "file_date": "2020-01-01",
                "subject_name": "ADA SAMPLE", "sub_first_name": "ADA", "sub_last_name": "SAMPLE",
                "subject_dob": "1990-01-02", "subject_ssn": "UNAVAILABLE", "subject_address": "UNAVAILABLE",
                "offenses": [
                    {"offense_id": "X-1", "charge": "THEFT", "disposition": "GUILTY", "type": "M",
                     "charge_date": "2020-01-01", "disposition_date": "2020-03-01"},
                    {"offense_id": "X-2", "charge": "TRESPASS", "disposition": "DISMISSED", "type": "M",
                     "charge_date": "2020-01-01", "disposition_date": "2020-03-01"}
                ]
            }]
        }]}
    }})
}

fn edited(edit: impl FnOnce(&mut Value)) -> Value {
    let mut body = valid_body();
    edit(&mut body["record"]);
    body
}

fn remove(v: &mut Value, key: &str) {
    if let Some(o) = v.as_object_mut() {
        o.remove(key);
    }
}

/// Every request-validation message of the contract over HTTP: 400, the docs/decisions.md §3 body, verbatim.
#[test]
fn every_400_message_over_http() {
    let case = "/record_json/criminal_search_results/0/criminal_records/0";
    type Edit = Box<dyn FnOnce(&mut Value)>;
    let edits: Vec<(&str, Edit)> = vec![
        (
            "Either xml or record_json is required",
            Box::new(|r| remove(r, "record_json")),
        ),
        (
            "Provide exactly one of xml and record_json",
            Box::new(|r| r["xml"] = json!("<ScreeningResults/>")),
        ),
        (
            "record_json must contain criminal_search_results",
            Box::new(|r| remove(&mut r["record_json"], "criminal_search_results")),
        ),
        (
            "criminal_search_results must not be empty",
            Box::new(|r| r["record_json"]["criminal_search_results"] = json!([])),
        ),
        (
            "court_search_id must not be empty",
            Box::new(|r| {
                r["record_json"]["criminal_search_results"][0]["court_search_id"] = json!("")
            }),
        ),
        (
            "search_date must not be empty",
            Box::new(|r| {
                r["record_json"]["criminal_search_results"][0]["search_date"] = Value::Null
            }),
        ),
        (
            "criminal_records must not be empty",
            Box::new(|r| {
                r["record_json"]["criminal_search_results"][0]["criminal_records"] = json!([])
            }),
        ),
        (
            "case_number must not be empty",
            Box::new(move |r| {
                r.pointer_mut(case)
                    .map(|c| c["case_number"] = json!(""))
                    .unwrap_or(())
            }),
        ),
        (
            "jurisdiction_state must not be empty",
            Box::new(move |r| {
                r.pointer_mut(case)
                    .map(|c| c["jurisdiction_state"] = Value::Null)
                    .unwrap_or(())
            }),
        ),
        (
            "file_date must not be empty",
            Box::new(move |r| {
                r.pointer_mut(case)
                    .map(|c| remove(c, "file_date"))
                    .unwrap_or(())
            }),
        ),
        (
            "subject_name must not be empty",
            Box::new(move |r| {
                r.pointer_mut(case)
                    .map(|c| c["subject_name"] = json!(""))
                    .unwrap_or(())
            }),
        ),
        (
            "sub_first_name must not be empty",
            Box::new(move |r| {
                r.pointer_mut(case)
                    .map(|c| c["sub_first_name"] = json!(""))
                    .unwrap_or(())
            }),
        ),
        (
            "sub_last_name must not be empty",
            Box::new(move |r| {
                r.pointer_mut(case)
                    .map(|c| c["sub_last_name"] = json!(""))
                    .unwrap_or(())
            }),
        ),
        (
            "subject_dob must not be empty",
            Box::new(move |r| {
                r.pointer_mut(case)
                    .map(|c| c["subject_dob"] = json!(""))
                    .unwrap_or(())
            }),
        ),
        (
            "subject_ssn must not be empty",
            Box::new(move |r| {
                r.pointer_mut(case)
                    .map(|c| c["subject_ssn"] = json!(""))
                    .unwrap_or(())
            }),
        ),
        (
            "subject_address must not be empty",
            Box::new(move |r| {
                r.pointer_mut(case)
                    .map(|c| c["subject_address"] = json!(""))
                    .unwrap_or(())
            }),
        ),
        (
            "offenses must not be empty",
            Box::new(move |r| {
                r.pointer_mut(case)
                    .map(|c| c["offenses"] = json!([]))
                    .unwrap_or(())
            }),
        ),
        (
            "submission_type must be 'resubmit' when record_json is provided",
            Box::new(|r| remove(r, "submission_type")),
        ),
        (
            "submission_type 'resubmit' requires record_json, not xml",
            Box::new(|r| {
                remove(r, "record_json");
                r["xml"] = json!("<ScreeningResults/>");
            }),
        ),
        (
            "submission_type must not be inside record_json; provide it as a separate field",
            Box::new(|r| r["record_json"]["submission_type"] = json!("resubmit")),
        ),
        (
            "submission_type must not be inside record_json.search; provide it as a separate field",
            Box::new(|r| r["record_json"]["search"] = json!({"submission_type": "resubmit"})),
        ),
        (
            "candidate_info must not be inside record_json; provide it as a separate field",
            Box::new(|r| r["record_json"]["candidate_info"] = json!({"first_name": "A"})),
        ),
        (
            "candidate_info must not be empty",
            Box::new(|r| r["candidate_info"] = json!({})),
        ),
        (
            "candidate_info requires at minimum: first_name, last_name, and date_of_birth",
            Box::new(|r| remove(&mut r["candidate_info"], "date_of_birth")),
        ),
        (
            "Field required [type=bool]",
            Box::new(
                |r| r["cases"] = json!([{"court_search_id": "C-1", "offense_id": "X-1"}, {"court_search_id": "C-1", "offense_id": "X-2", "is_excluded": false}]),
            ),
        ),
        (
            "order_id must not be inside record_json; provide it as a separate field",
            Box::new(|r| r["record_json"]["order_id"] = json!("O-1")),
        ),
        (
            "order_number must not be inside record_json; provide it as a separate field",
            Box::new(|r| r["record_json"]["order_number"] = json!("O-1.1")),
        ),
        (
            "order_id must not be inside record_json.search; provide it as a separate field",
            Box::new(|r| r["record_json"]["search"] = json!({"order_id": "O-1"})),
        ),
        (
            "order_number must not be inside record_json.search; provide it as a separate field",
            Box::new(|r| r["record_json"]["search"] = json!({"order_number": "O-1.1"})),
        ),
        (
            "order_id must not be empty",
            Box::new(|r| r["order_id"] = json!("")),
        ),
        (
            "order_number must not be empty",
            Box::new(|r| remove(r, "order_number")),
        ),
        (
            "Missing required field: search_id",
            Box::new(|r| remove(r, "search_id")),
        ),
        (
            "date_of_birth must be in YYYY-MM-DD format",
            Box::new(|r| r["candidate_info"]["date_of_birth"] = json!("01/02/1990")),
        ),
    ];
    let rt = runtime();
    rt.block_on(async {
        let server = TestServer::start(test_settings()).await.unwrap();
        let token = server.token(CLIENT_KEY).await.unwrap();
        let mut failures = Vec::new();
        let total = edits.len();
        for (message, edit) in edits {
            let reply = server
                .evaluate(&token, edited(edit).to_string())
                .await
                .unwrap();
            let body = &reply.json;
            let ok = reply.status == 400
                && body["success"] == json!(false)
                && body["error"]["code"] == json!("INVALID_REQUEST")
                && body["error"]["message"] == json!(message)
                && body["error"]["errors"]
                    .as_array()
                    .is_some_and(|e| e.contains(&json!(message)))
                && body["meta"]["api_version"] == json!("1.0.0");
            if !ok {
                failures.push(format!("{message}: {} {}", reply.status, reply.text));
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {total} messages wrong:\n{}",
            failures.len(),
            failures.join("\n")
        );
        // The server still serves after all of that.
        let reply = server
            .evaluate(&token, valid_body().to_string())
            .await
            .unwrap();
        assert_eq!(reply.status, 200, "{}", reply.text);
    });
}

#[test]
fn count_mismatch_is_422_without_a_decision() {
    let rt = runtime();
    rt.block_on(async {
        let server = TestServer::start(test_settings()).await.unwrap();
        let token = server.token(CLIENT_KEY).await.unwrap();
        let body = edited(|r| {
            r["cases"] =
                json!([{"court_search_id": "C-1", "offense_id": "X-1", "is_excluded": false}])
        });
        let reply = server.evaluate(&token, body.to_string()).await.unwrap();
        assert_eq!(reply.status, 422, "{}", reply.text);
        let b = &reply.json;
        assert_eq!(b["success"], json!(false));
        assert_eq!(b["data"]["status"], json!("validation_required"));
        assert!(b["data"].get("decision").is_none());
        let error = b["data"]["errors"][0].as_str().unwrap_or_default();
        assert!(error.contains("422"), "{error}");
        assert!(
            error.contains("1 offense_id") && error.contains("2 offense(s)"),
            "{error}"
        );
        assert_eq!(
            b["data"]["degradation"]["xml_transformer"]["status"],
            json!("failed")
        );
        assert_eq!(
            b["data"]["degradation"]["compliance_engine"]["status"],
            json!("not_called")
        );
    });
}

#[test]
fn success_envelope_names_the_module_and_echoes_ids() {
    let rt = runtime();
    rt.block_on(async {
        let server = TestServer::start(test_settings()).await.unwrap();
        let token = server.token(CLIENT_KEY).await.unwrap();
        let body = edited(|r| r["search_type"] = json!("County_criminal"));
        let response = server
            .client
            .post(server.url("/evaluate"))
            .bearer_auth(&token)
            .header("X-Correlation-ID", "trace-123.a_b")
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        let reply = lookback_tests::Reply::read(response).await.unwrap();
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.header("x-correlation-id"), Some("trace-123.a_b"));
        let b = &reply.json;
        let keys: Vec<&str> = b
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default();
        assert_eq!(keys, ["success", "data", "meta"]);
        assert_eq!(b["success"], json!(true));
        assert_eq!(b["data"]["status"], json!("success"));
        assert_eq!(b["data"]["errors"], json!([]));
        assert_eq!(b["data"]["correlation_id"], json!("trace-123.a_b"));
        assert_eq!(b["meta"]["correlation_id"], json!("trace-123.a_b"));
        assert!(b["data"].get("degradation").is_none());
        for t in ["xml_transformer_ms", "compliance_ms", "total_ms"] {
            assert!(
                b["data"]["timing"][t].as_f64().is_some_and(|v| v >= 0.0),
                "{t}"
            );
        }
        let d = &b["data"]["decision"];
        assert_eq!(d["order_id"], json!("O-1"));
        assert_eq!(d["order_number"], json!("O-1.1"));
        assert_eq!(d["client_search_type"], json!("County_criminal"));
        assert!(
            d["decision_date"]
                .as_str()
                .is_some_and(|s| s.ends_with('Z'))
        );
        let engine = &b["meta"]["engine"];
        let module = server.state.registry().active();
        assert_eq!(engine["version"], json!(module.info.engine_version));
        assert_eq!(engine["rules_version"], json!(module.info.rules_version));
        assert_eq!(engine["sha256"], json!(module.sha256));
        assert_eq!(module.sha256.len(), 64);
        // A conviction and a recent dismissal: both reportable, identity from name and DOB only.
        for o in lookback_tests::offenses(d) {
            assert_eq!(o["charge_decision"], json!("REPORTABLE"), "{o}");
            assert_eq!(o["routing"]["third_id_required"], json!(true), "{o}");
        }
    });
}
