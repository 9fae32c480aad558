//! End to end (operators and public answers): weak keys and a key with two roles refuse
//! the start; a key file or client-rules folder that stops loading keeps the last good set and
//! turns `/health` degraded (a reason code only, the details in the admin view) until fixed;
//! `/transform-xml` applies `/evaluate`'s tenant check; answers with tokens, decisions or records
//! say `Cache-Control: no-store`.

use std::time::{Duration, Instant};

use lookback::auth::Role;
use lookback::auth::keys::create_key;
use lookback_tests::{
    ADMIN_KEY, CLIENT_KEY, Reply, TestServer, temp_dir, test_settings, valid_request,
};
use serde_json::{Value, json};

use super::hardening::start;

async fn refused_start(edit: impl FnOnce(&mut lookback::Settings)) -> String {
    let mut settings = test_settings();
    edit(&mut settings);
    match TestServer::start(settings).await {
        Ok(_) => panic!("the server started"),
        Err(error) => format!("{error:#}"),
    }
}

#[tokio::test]
async fn weak_keys_and_keys_with_two_roles_refuse_the_start() {
    // Obeyed: the test keys (long and varied enough) start every other test's server.
    for weak in ["password", "lkb_short", &"ab".repeat(20)] {
        let error = refused_start(|s| s.auth.api_keys = vec![weak.to_owned()]).await;
        assert!(error.contains("LOOKBACK_API_KEYS"), "{error}");
        assert!(!error.contains(weak), "the key is never printed: {error}");
    }
    let error = refused_start(|s| s.auth.admin_keys = vec!["admin".into()]).await;
    assert!(error.contains("LOOKBACK_ADMIN_KEYS"), "{error}");
    // Violated: one key in both lists.
    let error = refused_start(|s| s.auth.admin_keys.push(CLIENT_KEY.to_owned())).await;
    assert!(
        error.contains("LOOKBACK_API_KEYS and LOOKBACK_ADMIN_KEYS"),
        "{error}"
    );
    assert!(!error.contains(CLIENT_KEY), "{error}");
}

/// Polls `/health` until its status is `status` (the overlay folder is looked at once a second).
async fn wait_health(server: &TestServer, status: &str) -> Reply {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let health = server.health().await.unwrap();
        if health.json["status"] == status {
            return health;
        }
        assert!(Instant::now() < deadline, "{}", health.text);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// `POST /auth/token` with `key`: the status.
pub(crate) async fn exchange(server: &TestServer, key: &str) -> u16 {
    let response = server
        .client
        .post(server.url("/auth/token"))
        .header("X-API-Key", key)
        .send()
        .await
        .unwrap();
    response.status().as_u16()
}

#[tokio::test]
async fn a_key_file_that_stops_parsing_keeps_the_last_good_keys_and_degrades_health() {
    let dir = temp_dir("keys-broken");
    let file = dir.join("keys.jsonl");
    let (key, _) = create_key(&file, None, Role::Client).unwrap();
    let server = start(|s| s.auth.keys_file = Some(file.clone())).await;
    let admin = server.token(ADMIN_KEY).await.unwrap();
    // Obeyed: a good file.
    assert_eq!(exchange(&server, &key).await, 200);
    assert_eq!(server.health().await.unwrap().json["status"], "healthy");

    // Violated: the file stops parsing. The last good set stays; health says why, in a code.
    let good = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, format!("{good}garbage{{\n")).unwrap();
    assert_eq!(
        exchange(&server, &key).await,
        200,
        "the last good set stays"
    );
    let health = wait_health(&server, "degraded").await;
    assert_eq!(health.json["reasons"], json!(["keys_file_invalid"]));
    assert!(!health.text.contains("keys.jsonl"), "{}", health.text);
    let listing = server.modules(&admin).await.unwrap();
    let detail = listing.json["degraded"].as_str().unwrap();
    assert!(
        detail.contains("keys.jsonl") && detail.contains("line 2"),
        "{detail}"
    );
    // `lookback keys create` will not append to it either.
    assert!(create_key(&file, None, Role::Client).is_err());

    // Fixed: healthy again.
    std::fs::write(&file, good).unwrap();
    wait_health(&server, "healthy").await;
    assert_eq!(exchange(&server, &key).await, 200);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn a_client_rules_folder_that_stops_loading_keeps_the_last_good_set() {
    let dir = temp_dir("overlays-broken");
    std::fs::write(dir.join("acme.json"), r#"{"conviction_lookback_years": 7}"#).unwrap();
    let server = start(|s| s.client_rules_dir = Some(dir.clone())).await;
    let overlay = |server: &TestServer, tenant: &str| {
        let overlays = server.state.overlays();
        overlays.for_tenant(Some(tenant), None).map(str::to_owned)
    };
    assert!(overlay(&server, "acme").unwrap().contains("7"));

    // Obeyed: a good change is picked up while running.
    std::fs::write(
        dir.join("globex.json"),
        r#"{"always_review_felonies": true}"#,
    )
    .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while overlay(&server, "globex").is_none() {
        assert!(Instant::now() < deadline, "globex.json never loaded");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // Violated: a file that loosens the law. The last good set stays; health is degraded.
    std::fs::write(dir.join("acme.json"), r#"{"report_sealed": true}"#).unwrap();
    let health = wait_health(&server, "degraded").await;
    assert_eq!(health.json["reasons"], json!(["client_rules_invalid"]));
    assert!(!health.text.contains("acme"), "{}", health.text);
    assert!(overlay(&server, "acme").unwrap().contains("7"));
    assert!(overlay(&server, "globex").is_some());

    // Fixed: healthy again, with the new content.
    std::fs::write(dir.join("acme.json"), r#"{"conviction_lookback_years": 5}"#).unwrap();
    wait_health(&server, "healthy").await;
    assert!(overlay(&server, "acme").unwrap().contains("5"));
    std::fs::remove_dir_all(&dir).ok();
}

/// The first vendor XML fixture as a `/transform-xml` record.
fn xml_record() -> Value {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/xml");
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    let first = &manifest["fixtures"][0];
    let bytes = std::fs::read(dir.join(first["xml"].as_str().unwrap())).unwrap();
    let xml = lookback_core::parse::xml::decode_document(&bytes).unwrap();
    json!({"search_id": "S-XML-TENANT", "xml": xml})
}

#[tokio::test]
async fn transform_xml_checks_the_tenant_as_evaluate_does() {
    let dir = temp_dir("xml-tenant");
    let file = dir.join("keys.jsonl");
    let (key, _) = create_key(&file, Some("acme".into()), Role::Client).unwrap();
    let server = start(|s| s.auth.keys_file = Some(file.clone())).await;
    let token = server.token(&key).await.unwrap();
    let transform = |tenant: &str| {
        let mut record = xml_record();
        record["tenant_id"] = json!(tenant);
        server
            .client
            .post(server.url("/transform-xml"))
            .bearer_auth(&token)
            .json(&json!({ "record": record }))
            .send()
    };
    // Obeyed: the key's own tenant.
    let reply = Reply::read(transform("acme").await.unwrap()).await.unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.header("cache-control"), Some("no-store"));
    // Violated: another tenant, refused as /evaluate refuses it.
    let reply = Reply::read(transform("beta").await.unwrap()).await.unwrap();
    assert_eq!(reply.status, 403, "{}", reply.text);
    assert_eq!(
        reply.json["error"]["message"],
        "tenant_id does not match the credentials"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn answers_with_tokens_or_decisions_are_not_stored_and_health_is_terse() {
    let server = start(|_| {}).await;
    let token_reply = server
        .client
        .post(server.url("/auth/token"))
        .header("X-API-Key", CLIENT_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(
        token_reply.headers()["cache-control"],
        "no-store",
        "the token"
    );
    let token = server.token(CLIENT_KEY).await.unwrap();
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let decision = server
        .evaluate(&token, valid_request("S-NO-STORE").to_string())
        .await
        .unwrap();
    assert_eq!(decision.header("cache-control"), Some("no-store"));
    let person = json!({"first_name": "JOHN", "last_name": "SMITH", "date_of_birth": "1985-07-14", "ssn": ""});
    let matched = server
        .client
        .post(server.url("/complianceEngine/identity-match"))
        .json(&json!({"candidate_to_verify": person, "candidate_in_record": person}))
        .send()
        .await
        .unwrap();
    assert_eq!(matched.headers()["cache-control"], "no-store");
    let listing = server.modules(&admin).await.unwrap();
    assert_eq!(listing.header("cache-control"), Some("no-store"));
    // A route with its own caching keeps it: the module bytes revalidate.
    let wasm = server
        .client
        .get(server.url("/engine/active.wasm"))
        .send()
        .await
        .unwrap();
    assert_eq!(wasm.headers()["cache-control"], "no-cache");
    // Public health when healthy: the contract's fields, nothing else (`reasons` only when not).
    let health = server.health().await.unwrap();
    let mut fields: Vec<&String> = health.json.as_object().unwrap().keys().collect();
    fields.sort();
    assert_eq!(fields, ["service", "services", "status"]);
}
