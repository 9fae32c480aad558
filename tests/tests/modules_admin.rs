//! End to end: the admin API for rule-module versions (docs/decisions.md §9) on real modules: the shipped
//! one and `rules-next` (California's conviction lookback 7 → 5 years), whose decisions differ on
//! one record, so every answer's decision proves which module made it.
use lookback_tests::{
    ADMIN_KEY, CLIENT_KEY, NEXT_MODULE, TestServer, ca_conviction_six_years_old,
    first_charge_decision, test_settings, wat_module, with_custom_section,
};
use serde_json::{Value, json};

const SHIPPED: &str = env!("CARGO_PKG_VERSION");

fn next_version() -> String {
    format!("{SHIPPED}-rules-next")
}

fn next_bytes() -> Vec<u8> {
    std::fs::read(NEXT_MODULE).unwrap()
}

async fn server() -> (TestServer, String, String) {
    let server = TestServer::start(test_settings()).await.unwrap();
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let client = server.token(CLIENT_KEY).await.unwrap();
    (server, admin, client)
}

#[tokio::test]
async fn admin_routes_need_an_admin_token() {
    let (server, _, client) = server().await;
    let routes = [
        ("GET", "/admin/modules"),
        ("POST", "/admin/modules"),
        ("POST", "/admin/modules/rollback"),
        ("POST", "/admin/modules/0.1.0/activate"),
        ("POST", "/admin/diff"),
    ];
    for (method, path) in routes {
        let request = |token: Option<&str>| {
            let mut r = server
                .client
                .request(method.parse().unwrap(), server.url(path));
            if let Some(token) = token {
                r = r.bearer_auth(token);
            }
            r
        };
        let reply = lookback_tests::Reply::read(request(None).send().await.unwrap())
            .await
            .unwrap();
        assert_eq!(reply.status, 401, "{method} {path}: {}", reply.text);
        let reply = lookback_tests::Reply::read(request(Some(&client)).send().await.unwrap())
            .await
            .unwrap();
        assert_eq!(reply.status, 403, "{method} {path}: {}", reply.text);
        assert_eq!(
            reply.json,
            json!({"success": false, "error": {"code": "FORBIDDEN", "message": "admin role required"}})
        );
    }
}

#[tokio::test]
async fn upload_list_pin_activate_and_roll_back() {
    let (server, admin, client) = server().await;
    let record = ca_conviction_six_years_old();
    let next = next_version();

    let reply = server
        .upload_module(&admin, next_bytes(), "")
        .await
        .unwrap();
    assert_eq!(reply.status, 201, "{}", reply.text);
    assert_eq!(reply.json["status"], "loaded");
    assert_eq!(reply.json["module"]["version"], next.as_str());
    assert_eq!(reply.json["module"]["active"], false);
    assert_eq!(reply.json["module"]["self_test"]["passed"], true);

    // The same bytes again: nothing changes.
    let again = server
        .upload_module(&admin, next_bytes(), "")
        .await
        .unwrap();
    assert_eq!(again.status, 200, "{}", again.text);
    assert_eq!(again.json["status"], "already_loaded");

    let listing = server.modules(&admin).await.unwrap();
    assert_eq!(listing.status, 200);
    assert_eq!(listing.json["active"], SHIPPED);
    let modules = listing.json["modules"].as_array().unwrap();
    assert_eq!(modules.len(), 2);
    for m in modules {
        for field in ["version", "rules_version", "sha256", "loaded_at", "source"] {
            assert!(m[field].is_string(), "{field}: {m}");
        }
        assert_eq!(m["self_test"]["passed"], true, "{m}");
        assert_eq!(m["self_test"]["failed"], 0, "{m}");
        assert!(m["self_test"]["cases"].as_u64().unwrap() > 50);
        assert_eq!(m["active"], m["version"] == SHIPPED);
    }
    assert!(modules[0]["activated_at"].is_string());
    assert!(modules[1]["activated_at"].is_null());
    assert!(listing.json["degraded"].is_null());

    // Unpinned: the active (shipped) module decides. Pinned: the named one, for that request only.
    let reply = server.evaluate_on(&client, None, &record).await.unwrap();
    assert_eq!(reply.json["meta"]["engine"]["version"], SHIPPED);
    assert_eq!(first_charge_decision(&reply), "REPORTABLE");
    let reply = server
        .evaluate_on(&client, Some(&next), &record)
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json["meta"]["engine"]["version"], next.as_str());
    assert_eq!(first_charge_decision(&reply), "NOT_REPORTABLE");
    let reply = server.evaluate_on(&client, None, &record).await.unwrap();
    assert_eq!(reply.json["meta"]["engine"]["version"], SHIPPED);

    // An unknown pinned version: 400 in the usual error shape.
    let reply = server
        .evaluate_on(&client, Some("9.9.9"), &record)
        .await
        .unwrap();
    assert_eq!(reply.status, 400, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "INVALID_REQUEST");
    assert_eq!(
        reply.json["error"]["message"],
        "X-Engine-Version 9.9.9 is not a loaded engine version"
    );
    let reply = server
        .evaluate_on(&client, Some("../x y"), &record)
        .await
        .unwrap();
    assert_eq!(reply.status, 400);
    assert_eq!(
        reply.json["error"]["message"],
        "X-Engine-Version is not a valid engine version"
    );

    // Activate: new requests go to rules-next.
    let path = format!("/admin/modules/{next}/activate");
    let reply = server.admin_post(&admin, &path, None).await.unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json["active"]["version"], next.as_str());
    assert_eq!(reply.json["previous"], SHIPPED);
    let reply = server.evaluate_on(&client, None, &record).await.unwrap();
    assert_eq!(reply.json["meta"]["engine"]["version"], next.as_str());
    assert_eq!(first_charge_decision(&reply), "NOT_REPORTABLE");
    let listing = server.modules(&admin).await.unwrap();
    assert_eq!(listing.json["active"], next.as_str());
    assert_eq!(listing.json["history"], json!([SHIPPED]));

    // Roll back: the shipped module again; nothing further back.
    let reply = server
        .admin_post(&admin, "/admin/modules/rollback", None)
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json["active"]["version"], SHIPPED);
    assert_eq!(reply.json["previous"], next.as_str());
    let reply = server.evaluate_on(&client, None, &record).await.unwrap();
    assert_eq!(first_charge_decision(&reply), "REPORTABLE");
    let reply = server
        .admin_post(&admin, "/admin/modules/rollback", None)
        .await
        .unwrap();
    assert_eq!(reply.status, 409, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "NO_PREVIOUS_VERSION");

    let reply = server
        .admin_post(&admin, "/admin/modules/9.9.9/activate", None)
        .await
        .unwrap();
    assert_eq!(reply.status, 404, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "MODULE_NOT_FOUND");
}

#[tokio::test]
async fn upload_with_activate_and_a_vouched_digest() {
    let (server, admin, client) = server().await;
    let bytes = next_bytes();
    let sha = lookback_tests_sha(&bytes);
    let reply = server
        .upload_module(&admin, bytes, &format!("?sha256={sha}&activate=true"))
        .await
        .unwrap();
    assert_eq!(reply.status, 201, "{}", reply.text);
    assert_eq!(reply.json["module"]["active"], true);
    assert_eq!(reply.json["module"]["sha256"], sha.as_str());
    assert_eq!(reply.json["previous"], SHIPPED);
    let reply = server
        .evaluate_on(&client, None, &ca_conviction_six_years_old())
        .await
        .unwrap();
    assert_eq!(reply.json["meta"]["engine"]["sha256"], sha.as_str());
}

fn lookback_tests_sha(bytes: &[u8]) -> String {
    use sha2::Digest as _;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[tokio::test]
async fn refused_uploads_say_why_keep_the_active_module_and_leave_health_alone() {
    let (server, admin, client) = server().await;
    let health = server.health().await.unwrap();
    assert_eq!(health.json["status"], "healthy", "{}", health.text);

    // Not wasm at all.
    let reply = server
        .upload_module(&admin, b"not a module".to_vec(), "")
        .await
        .unwrap();
    assert_eq!(reply.status, 422, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "MODULE_REFUSED");
    let message = reply.json["error"]["message"].as_str().unwrap();
    assert!(message.contains("does not compile"), "{message}");

    // The admin got the refusal; the service is not degraded by it, and public /health shows
    // nothing of it (docs/decisions.md §14).
    let health = server.health().await.unwrap();
    assert_eq!(health.status, 200);
    assert_eq!(health.json["status"], "healthy", "{}", health.text);
    assert!(!health.text.contains("compile"), "{}", health.text);
    let listing = server.modules(&admin).await.unwrap();
    assert_eq!(listing.json["last_load"]["ok"], false);
    assert_eq!(listing.json["last_load"]["source"], "upload");
    assert_eq!(listing.json["modules"].as_array().unwrap().len(), 1);
    // The active module keeps answering.
    let reply = server
        .evaluate_on(&client, None, &ca_conviction_six_years_old())
        .await
        .unwrap();
    assert_eq!(reply.status, 200);

    // A digest that does not match the bytes.
    let reply = server
        .upload_module(
            &admin,
            next_bytes(),
            &format!("?sha256={}", "ab".repeat(32)),
        )
        .await
        .unwrap();
    assert_eq!(reply.status, 422, "{}", reply.text);
    assert!(
        reply.json["error"]["message"]
            .as_str()
            .unwrap()
            .contains(&format!("expected {}", "ab".repeat(32))),
        "{}",
        reply.text
    );

    // A module that breaks the contract on the corpus.
    let echo = "(call $echo (local.get $p) (local.get $l))";
    let reply = server
        .upload_module(&admin, wat_module("wat-echo", 1, echo, echo), "")
        .await
        .unwrap();
    assert_eq!(reply.status, 422, "{}", reply.text);
    let message = reply.json["error"]["message"].as_str().unwrap();
    assert!(message.starts_with("self-test failed"), "{message}");

    // Wrong media type.
    let reply = lookback_tests::Reply::read(
        server
            .client
            .post(server.url("/admin/modules"))
            .bearer_auth(&admin)
            .header("content-type", "application/json")
            .body("{}")
            .send()
            .await
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(reply.status, 415, "{}", reply.text);

    // A good load is recorded as the newest.
    let reply = server
        .upload_module(&admin, next_bytes(), "")
        .await
        .unwrap();
    assert_eq!(reply.status, 201, "{}", reply.text);
    let health = server.health().await.unwrap();
    assert_eq!(health.json["status"], "healthy", "{}", health.text);
    assert!(health.json.get("reasons").is_none(), "{}", health.text);

    // The same version with other bytes: refused, the loaded build stays.
    let reply = server
        .upload_module(&admin, with_custom_section(&next_bytes()), "")
        .await
        .unwrap();
    assert_eq!(reply.status, 409, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "VERSION_CONFLICT");
}

#[tokio::test]
async fn uploads_larger_than_the_module_limit_get_413() {
    let mut settings = test_settings();
    settings.transport.max_module_bytes = 64 << 10;
    let server = TestServer::start(settings).await.unwrap();
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let reply = server
        .upload_module(&admin, next_bytes(), "")
        .await
        .unwrap();
    assert_eq!(reply.status, 413, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "PAYLOAD_TOO_LARGE");
}

#[tokio::test]
async fn diff_shows_the_charges_that_change_between_two_versions() {
    let (server, admin, _) = server().await;
    let next = next_version();
    server
        .upload_module(&admin, next_bytes(), "")
        .await
        .unwrap();
    let body =
        json!({"record": ca_conviction_six_years_old()["record"], "versions": [SHIPPED, next]});
    let reply = server
        .admin_post(&admin, "/admin/diff", Some(body))
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    let d = &reply.json;
    assert_eq!(d["from"]["version"], SHIPPED);
    assert_eq!(d["to"]["version"], next.as_str());
    assert_eq!(d["from"]["status"], 200);
    assert_eq!(d["charges"], 3);
    let changes = d["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 1, "{}", reply.text);
    let c = &changes[0];
    assert_eq!(c["offense_id"], "OFF-1");
    assert_eq!(c["from"]["decision"], "REPORTABLE");
    assert_eq!(c["to"]["decision"], "NOT_REPORTABLE");
    assert_eq!(c["from"]["queue"], "Auditor");
    assert_eq!(c["to"]["queue"], "Automation");
    assert!(
        c["to"]["cited_rules"]
            .as_array()
            .unwrap()
            .contains(&Value::from("CA_CONVICTION_7YR"))
    );

    // The same version twice: nothing changes.
    let body =
        json!({"record": ca_conviction_six_years_old()["record"], "versions": [SHIPPED, SHIPPED]});
    let reply = server
        .admin_post(&admin, "/admin/diff", Some(body))
        .await
        .unwrap();
    assert_eq!(reply.json["changes"], json!([]));

    let body = json!({"record": {}, "versions": [SHIPPED, "9.9.9"]});
    let reply = server
        .admin_post(&admin, "/admin/diff", Some(body))
        .await
        .unwrap();
    assert_eq!(reply.status, 404, "{}", reply.text);
    let reply = server
        .admin_post(&admin, "/admin/diff", Some(json!({"versions": [SHIPPED]})))
        .await
        .unwrap();
    assert_eq!(reply.status, 400, "{}", reply.text);
}
