//! `GET /openapi.json` and `docs/openapi.json`: the same document (UPDATE_OPENAPI=1 rewrites the
//! file), and real answers valid against it: the whole corpus over HTTP, the 4xx answers, 206 and
//! 500 from the fault module, and every admin answer. Every documented JSON operation is exercised.

use std::collections::BTreeSet;
use std::path::PathBuf;

use lookback_tests::{
    ADMIN_KEY, CLIENT_KEY, NEXT_MODULE, Reply, TestServer, fault_settings, temp_dir, test_settings,
    valid_request,
};
use serde_json::{Value, json};

use super::get;
use crate::evaluate_http::corpus;

fn doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/openapi.json")
}

/// The checked-in document, and the operations answers were checked against.
struct Contract {
    doc: Value,
    seen: BTreeSet<(String, String)>,
}

impl Contract {
    fn load() -> Self {
        let text = std::fs::read_to_string(doc_path()).unwrap();
        Self {
            doc: serde_json::from_str(&text).unwrap(),
            seen: BTreeSet::new(),
        }
    }

    /// The JSON schema of `method path` answering `status`, with the components beside it so
    /// its `$ref`s resolve.
    fn schema(&self, method: &str, path: &str, status: u16) -> Value {
        let operation = &self.doc["paths"][path][method];
        assert!(operation.is_object(), "{method} {path} is not documented");
        let mut response = &operation["responses"][status.to_string()];
        assert!(
            response.is_object(),
            "{method} {path}: status {status} is not documented"
        );
        if let Some(name) = response["$ref"].as_str() {
            let name = name.trim_start_matches("#/components/responses/");
            response = &self.doc["components"]["responses"][name];
        }
        let mut schema = response["content"]["application/json"]["schema"].clone();
        assert!(
            schema.is_object(),
            "{method} {path} {status}: no JSON schema"
        );
        schema["components"] = self.doc["components"].clone();
        schema
    }

    /// Fails with every violation when the answer does not match the document.
    fn check(&mut self, method: &str, path: &str, reply: &Reply) {
        let errors = self.violations(method, path, reply.status, &reply.json);
        assert!(
            errors.is_empty(),
            "{method} {path} {}: {errors:#?}\n{}",
            reply.status,
            reply.text
        );
        self.seen.insert((method.to_owned(), path.to_owned()));
    }

    fn violations(&self, method: &str, path: &str, status: u16, body: &Value) -> Vec<String> {
        let schema = self.schema(method, path, status);
        let validator = jsonschema::draft202012::new(&schema)
            .unwrap_or_else(|e| panic!("{method} {path}: the schema does not compile: {e}"));
        validator
            .iter_errors(body)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect()
    }
}

/// Fails when `reply` to `method path` does not match the checked-in document (for answers other
/// modules provoke: a full disk, a read-only folder, fail-closed health).
pub(crate) fn check_answer(method: &str, path: &str, reply: &Reply) {
    Contract::load().check(method, path, reply);
}

#[test]
fn the_contract_check_rejects_answers_that_break_the_document() {
    let contract = Contract::load();
    let wrong_400 = json!({"success": false, "error": {"code": "UNAUTHORIZED", "message": "x"}});
    assert!(
        !contract
            .violations("post", "/evaluate", 400, &wrong_400)
            .is_empty()
    );
    let no_decision_label = json!({"success": true, "meta": {"api_version": "1.0.0", "process_time_ms": 1, "correlation_id": "c"},
        "data": {"search_id": "S", "correlation_id": "c", "status": "success", "errors": [],
                 "decision": {"search_id": "S", "decision_date": "2026-01-01T00:00:00Z", "record_decision": "MAYBE",
                              "search_queue": "Automation", "court_decisions": []}}});
    assert!(
        !contract
            .violations("post", "/evaluate", 200, &no_decision_label)
            .is_empty()
    );
    let summary = json!({"version": "v"});
    assert!(
        !contract
            .violations("get", "/admin/modules/{version}/shadow", 200, &summary)
            .is_empty()
    );
}

async fn send(request: reqwest::RequestBuilder) -> Reply {
    Reply::read(request.send().await.unwrap()).await.unwrap()
}

#[tokio::test]
async fn the_served_document_is_the_checked_in_one() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let reply = send(server.client.get(server.url("/openapi.json"))).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json["openapi"], "3.1.0");
    let pretty = serde_json::to_string_pretty(&reply.json).unwrap() + "\n";
    if std::env::var("UPDATE_OPENAPI").is_ok_and(|v| v == "1") {
        std::fs::write(doc_path(), &pretty).unwrap();
    }
    let checked_in = std::fs::read_to_string(doc_path()).unwrap_or_default();
    assert!(
        checked_in == pretty,
        "docs/openapi.json differs from GET /openapi.json; run UPDATE_OPENAPI=1 cargo test -p lookback-tests --test e2e openapi"
    );
}

#[tokio::test]
async fn corpus_answers_match_the_document() {
    let mut contract = Contract::load();
    let dir = temp_dir("openapi-overlays");
    let cases = corpus::load();
    corpus::write_overlays(&cases, &dir);
    let mut settings = test_settings();
    settings.client_rules_dir = Some(dir);
    let server = TestServer::start(settings).await.unwrap();
    let token = server.token(CLIENT_KEY).await.unwrap();
    let mut statuses = BTreeSet::new();
    for case in &cases {
        let reply = server
            .evaluate_on(&token, None, &case.request)
            .await
            .unwrap();
        statuses.insert(reply.status);
        contract.check("post", "/evaluate", &reply);
    }
    assert!(
        statuses.is_superset(&BTreeSet::from([200, 400, 422])),
        "{statuses:?}"
    );
}

#[tokio::test]
async fn error_and_admin_answers_match_the_document() {
    let mut contract = Contract::load();
    let server = TestServer::start(test_settings()).await.unwrap();
    let client = server.token(CLIENT_KEY).await.unwrap();
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let url = |path: &str| server.url(path);
    let http = &server.client;

    // Public operations.
    contract.check("get", "/health", &server.health().await.unwrap());
    contract.check(
        "get",
        "/engine/modules",
        &send(http.get(url("/engine/modules"))).await,
    );
    contract.check(
        "get",
        "/openapi.json",
        &send(http.get(url("/openapi.json"))).await,
    );
    let token = send(
        http.post(url("/auth/token"))
            .header("X-API-Key", CLIENT_KEY),
    )
    .await;
    assert_eq!(token.status, 200);
    contract.check("post", "/auth/token", &token);
    let bad_key = send(
        http.post(url("/auth/token"))
            .header("X-API-Key", "lkb_nope"),
    )
    .await;
    assert_eq!(bad_key.status, 401);
    contract.check("post", "/auth/token", &bad_key);

    // /evaluate: 401 (no token, bad token), 400 (not JSON, docs/api.md messages), 413, 404 unknown path.
    let body = valid_request("S-OPENAPI").to_string();
    let evaluate = |token: Option<&str>, body: String| {
        let mut request = http
            .post(url("/evaluate"))
            .header("content-type", "application/json")
            .body(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request
    };
    for reply in [
        send(evaluate(None, body.clone())).await,
        send(evaluate(Some("not-a-token"), body.clone())).await,
    ] {
        assert_eq!(reply.status, 401);
        contract.check("post", "/evaluate", &reply);
    }
    for bad in ["not json", "{}", r#"{"record": {"search_id": "S"}}"#] {
        let reply = send(evaluate(Some(&client), bad.to_owned())).await;
        assert_eq!(reply.status, 400, "{bad}");
        contract.check("post", "/evaluate", &reply);
    }
    let huge = format!(
        r#"{{"record": {{"search_id": "{}"}}}}"#,
        "x".repeat(3 << 20)
    );
    let too_large = send(evaluate(Some(&client), huge)).await;
    assert_eq!(too_large.status, 413);
    contract.check("post", "/evaluate", &too_large);
    let ok = send(evaluate(Some(&client), body.clone())).await;
    assert_eq!(ok.status, 200);
    contract.check("post", "/evaluate", &ok);

    // /transform-xml and identity-match.
    let xml_path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/xml/01-felony-conviction.xml");
    let xml = std::fs::read_to_string(xml_path).unwrap();
    let transform = |body: Value| {
        http.post(url("/transform-xml"))
            .bearer_auth(&client)
            .header("content-type", "application/json")
            .body(body.to_string())
    };
    let mapped = send(transform(
        json!({"record": {"search_id": "S-X", "xml": xml}}),
    ))
    .await;
    assert_eq!(mapped.status, 200, "{}", mapped.text);
    contract.check("post", "/transform-xml", &mapped);
    let bad_xml = send(transform(
        json!({"record": {"search_id": "S-X", "xml": "<nope"}}),
    ))
    .await;
    assert_eq!(bad_xml.status, 400);
    contract.check("post", "/transform-xml", &bad_xml);
    let identity = |body: Value| {
        http.post(url("/complianceEngine/identity-match"))
            .header("content-type", "application/json")
            .body(body.to_string())
    };
    let person = json!({"first_name": "ROBERT", "last_name": "SAMPLE", "date_of_birth": "1980-05-01", "ssn": ""});
    let scores = send(identity(
        json!({"candidate_to_verify": person, "candidate_in_record": person}),
    ))
    .await;
    assert_eq!(scores.status, 200, "{}", scores.text);
    contract.check("post", "/complianceEngine/identity-match", &scores);
    let problem = send(identity(json!({"candidate_to_verify": person}))).await;
    assert_eq!(problem.status, 400, "{}", problem.text);
    contract.check("post", "/complianceEngine/identity-match", &problem);

    // Admin: 401, 403, listing, upload (201, 200, 415, 422), activate, rollback (200, 409),
    // diff, shadow.
    let no_token = send(http.get(url("/admin/modules"))).await;
    assert_eq!(no_token.status, 401);
    contract.check("get", "/admin/modules", &no_token);
    let forbidden = server.modules(&client).await.unwrap();
    assert_eq!(forbidden.status, 403);
    contract.check("get", "/admin/modules", &forbidden);
    contract.check(
        "get",
        "/admin/modules",
        &server.modules(&admin).await.unwrap(),
    );
    let next_bytes = std::fs::read(NEXT_MODULE).unwrap();
    let uploaded = server
        .upload_module(&admin, next_bytes.clone(), "")
        .await
        .unwrap();
    assert_eq!(uploaded.status, 201, "{}", uploaded.text);
    contract.check("post", "/admin/modules", &uploaded);
    let next = uploaded.json["module"]["version"]
        .as_str()
        .unwrap()
        .to_owned();
    let again = server.upload_module(&admin, next_bytes, "").await.unwrap();
    assert_eq!(again.status, 200);
    contract.check("post", "/admin/modules", &again);
    let refused = server
        .upload_module(&admin, b"\0asm junk".to_vec(), "")
        .await
        .unwrap();
    assert_eq!(refused.status, 422);
    contract.check("post", "/admin/modules", &refused);
    let wrong_type = send(
        http.post(url("/admin/modules"))
            .bearer_auth(&admin)
            .header("content-type", "application/json")
            .body("{}"),
    )
    .await;
    assert_eq!(wrong_type.status, 415);
    contract.check("post", "/admin/modules", &wrong_type);

    let activate = format!("/admin/modules/{next}/activate");
    let activated = server.admin_post(&admin, &activate, None).await.unwrap();
    assert_eq!(activated.status, 200, "{}", activated.text);
    contract.check("post", "/admin/modules/{version}/activate", &activated);
    let unknown = server
        .admin_post(&admin, "/admin/modules/9.9.9/activate", None)
        .await
        .unwrap();
    assert_eq!(unknown.status, 404);
    contract.check("post", "/admin/modules/{version}/activate", &unknown);
    let rolled = server
        .admin_post(&admin, "/admin/modules/rollback", None)
        .await
        .unwrap();
    assert_eq!(rolled.status, 200, "{}", rolled.text);
    contract.check("post", "/admin/modules/rollback", &rolled);
    let nothing = server
        .admin_post(&admin, "/admin/modules/rollback", None)
        .await
        .unwrap();
    assert_eq!(nothing.status, 409, "{}", nothing.text);
    contract.check("post", "/admin/modules/rollback", &nothing);

    let base = server.state.registry().active().info.engine_version.clone();
    let record = valid_request("S-DIFF")["record"].clone();
    let diff = server
        .admin_post(
            &admin,
            "/admin/diff",
            Some(json!({"record": record, "versions": [base, next]})),
        )
        .await
        .unwrap();
    assert_eq!(diff.status, 200, "{}", diff.text);
    contract.check("post", "/admin/diff", &diff);
    let bad_diff = server
        .admin_post(&admin, "/admin/diff", Some(json!({"versions": []})))
        .await
        .unwrap();
    assert_eq!(bad_diff.status, 400);
    contract.check("post", "/admin/diff", &bad_diff);

    let shadow = format!("/admin/modules/{next}/shadow");
    let template = "/admin/modules/{version}/shadow";
    let bad_rate = server
        .admin_post(&admin, &shadow, Some(json!({"sample_rate": 2})))
        .await
        .unwrap();
    assert_eq!(bad_rate.status, 400);
    contract.check("post", template, &bad_rate);
    let started = server
        .admin_post(&admin, &shadow, Some(json!({"sample_rate": 0.5})))
        .await
        .unwrap();
    assert_eq!(started.status, 201);
    contract.check("post", template, &started);
    contract.check("get", template, &get(&server, &admin, &shadow).await);
    let ended = send(http.delete(url(&shadow)).bearer_auth(&admin)).await;
    assert_eq!(ended.status, 200);
    contract.check("delete", template, &ended);
    let gone = get(&server, &admin, &shadow).await;
    assert_eq!(gone.status, 404);
    contract.check("get", template, &gone);
    let gone = send(http.delete(url(&shadow)).bearer_auth(&admin)).await;
    contract.check("delete", template, &gone);

    // Unloading: the base version 409, an unknown one 404, the inactive one 200.
    let unload = "/admin/modules/{version}";
    for (version, status) in [(base.as_str(), 409), ("9.9.9", 404), (next.as_str(), 200)] {
        let path = format!("/admin/modules/{version}");
        let reply = send(http.delete(url(&path)).bearer_auth(&admin)).await;
        assert_eq!(reply.status, status, "{version}: {}", reply.text);
        contract.check("delete", unload, &reply);
    }

    // Keys and overlays without a shared registry: 409 DATABASE_REQUIRED; no overlay: 404.
    let no_db = server
        .admin_post(&admin, "/admin/keys", Some(json!({"role": "client"})))
        .await
        .unwrap();
    assert_eq!(no_db.status, 409, "{}", no_db.text);
    contract.check("post", "/admin/keys", &no_db);
    let no_db = send(http.delete(url("/admin/keys/k-1")).bearer_auth(&admin)).await;
    assert_eq!(no_db.status, 409, "{}", no_db.text);
    contract.check("delete", "/admin/keys/{key_id}", &no_db);
    let overlay = "/admin/overlays/{tenant_id}";
    let no_db = send(
        http.put(url("/admin/overlays/acme"))
            .bearer_auth(&admin)
            .header("content-type", "application/json")
            .body(r#"{"tenant_id": "acme"}"#),
    )
    .await;
    assert_eq!(no_db.status, 409, "{}", no_db.text);
    contract.check("put", overlay, &no_db);
    let none = get(&server, &admin, "/admin/overlays/acme").await;
    assert_eq!(none.status, 404, "{}", none.text);
    contract.check("get", overlay, &none);

    // Charge dictionaries: storing one needs the shared registry (409); none here (404); the
    // impact of a proposed one on a record (200), and a refused one (422).
    let dictionary = "/admin/tenants/{tenant_id}/dictionary";
    let file = json!({"tenant_id": "acme", "entries": [{"id": "bank", "charge": "BANK ROBBERY",
        "level": "misdemeanor", "added_by": "r", "reason": "contract test"}]});
    let no_db = send(
        http.put(url("/admin/tenants/acme/dictionary"))
            .bearer_auth(&admin)
            .header("content-type", "application/json")
            .body(file.to_string()),
    )
    .await;
    assert_eq!(no_db.status, 409, "{}", no_db.text);
    contract.check("put", dictionary, &no_db);
    let none = get(&server, &admin, "/admin/tenants/acme/dictionary").await;
    assert_eq!(none.status, 404, "{}", none.text);
    contract.check("get", dictionary, &none);
    let diff_path = "/admin/tenants/acme/dictionary/diff";
    let impact = server
        .admin_post(
            &admin,
            diff_path,
            Some(json!({"dictionary": file, "record": record})),
        )
        .await
        .unwrap();
    assert_eq!(impact.status, 200, "{}", impact.text);
    contract.check(
        "post",
        "/admin/tenants/{tenant_id}/dictionary/diff",
        &impact,
    );
    let conflict = json!({"entries": [file["entries"][0], file["entries"][0]]});
    let refused = server
        .admin_post(
            &admin,
            diff_path,
            Some(json!({"dictionary": conflict, "record": record})),
        )
        .await
        .unwrap();
    assert_eq!(refused.status, 422, "{}", refused.text);
    contract.check(
        "post",
        "/admin/tenants/{tenant_id}/dictionary/diff",
        &refused,
    );

    // 206 and 500 from the fault module.
    let faults = TestServer::start(fault_settings(std::time::Duration::from_secs(1)))
        .await
        .unwrap();
    let token = faults.token(CLIENT_KEY).await.unwrap();
    for (id, status) in [("FAULT:evaluate-trap", 206), ("FAULT:transform-trap", 500)] {
        let reply = faults
            .evaluate_on(&token, None, &valid_request(id))
            .await
            .unwrap();
        assert_eq!(reply.status, status, "{id}: {}", reply.text);
        contract.check("post", "/evaluate", &reply);
    }

    // Every documented JSON operation was checked at least once.
    let mut documented = BTreeSet::new();
    for (path, item) in contract.doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let answers_json = operation["responses"]
                .as_object()
                .into_iter()
                .flatten()
                .any(|(status, r)| {
                    status.starts_with('2')
                        && (r
                            .get("content")
                            .is_none_or(|c| c.get("application/json").is_some())
                            && !r
                                .get("$ref")
                                .is_some_and(|x| x == "#/components/responses/ModuleBytes"))
                });
            if method != "parameters" && answers_json {
                documented.insert((method.clone(), path.clone()));
            }
        }
    }
    let missing: Vec<_> = documented.difference(&contract.seen).collect();
    assert!(
        missing.is_empty(),
        "documented but never checked: {missing:?}"
    );
}
