//! End to end: the module lifecycle (docs/decisions.md §14) on real modules: an upload of
//! bytes already loaded answers at once without a new admission, and `DELETE
//! /admin/modules/{version}` unloads an inactive version (409 for the active one, the base one
//! and one a request pins; 404 for an unknown one), and it stays unloaded after a restart.
use std::time::Duration;

use lookback_tests::{
    ADMIN_KEY, CLIENT_KEY, NEXT_MODULE, Reply, TestServer, temp_dir, test_settings,
};

const SHIPPED: &str = env!("CARGO_PKG_VERSION");

fn next_version() -> String {
    format!("{SHIPPED}-rules-next")
}

async fn delete(server: &TestServer, token: &str, version: &str) -> Reply {
    let request = server
        .client
        .delete(server.url(&format!("/admin/modules/{version}")))
        .bearer_auth(token);
    Reply::read(request.send().await.unwrap()).await.unwrap()
}

#[tokio::test]
async fn an_upload_already_loaded_is_not_admitted_again() {
    let server = TestServer::start(test_settings()).await.unwrap();
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let bytes = std::fs::read(NEXT_MODULE).unwrap();
    let first = server
        .upload_module(&admin, bytes.clone(), "")
        .await
        .unwrap();
    assert_eq!(first.status, 201, "{}", first.text);
    let listed = server.modules(&admin).await.unwrap();
    // Admission stamps the newest load (to the second): wait so a second one would show.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let again = server
        .upload_module(&admin, bytes.clone(), "")
        .await
        .unwrap();
    assert_eq!(again.status, 200, "{}", again.text);
    assert_eq!(again.json["status"], "already_loaded");
    let after = server.modules(&admin).await.unwrap();
    assert_eq!(
        after.json["last_load"], listed.json["last_load"],
        "no new admission"
    );
    // The active module's own bytes too.
    let active = server
        .client
        .get(server.url("/engine/active.wasm"))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let own = server
        .upload_module(&admin, active.to_vec(), "")
        .await
        .unwrap();
    assert_eq!(own.status, 200, "{}", own.text);
    assert_eq!(own.json["module"]["version"], SHIPPED);
    // A wrong vouched digest is still refused: the shortcut never skips a check.
    let wrong = server
        .upload_module(&admin, bytes, &format!("?sha256={}", "0".repeat(64)))
        .await
        .unwrap();
    assert_eq!(wrong.status, 422, "{}", wrong.text);
}

#[tokio::test]
async fn delete_unloads_an_inactive_version_only() {
    let dir = temp_dir("unload-modules-dir");
    let mut settings = test_settings();
    settings.modules_dir = Some(dir.clone());
    let server = TestServer::start(settings.clone()).await.unwrap();
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let client = server.token(CLIENT_KEY).await.unwrap();
    let next = next_version();
    let bytes = std::fs::read(NEXT_MODULE).unwrap();
    let reply = server
        .upload_module(&admin, bytes, "?activate=true")
        .await
        .unwrap();
    assert_eq!(reply.status, 201, "{}", reply.text);
    // Violated: the active version, the base version, an unknown one, and a client token.
    let reply = delete(&server, &admin, &next).await;
    assert_eq!(reply.status, 409, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "MODULE_ACTIVE");
    let reply = delete(&server, &admin, SHIPPED).await;
    assert_eq!(reply.status, 409, "{}", reply.text);
    assert_eq!(reply.json["error"]["code"], "MODULE_BASE");
    let reply = delete(&server, &admin, "9.9.9").await;
    assert_eq!(reply.status, 404, "{}", reply.text);
    let reply = delete(&server, &client, &next).await;
    assert_eq!(reply.status, 403, "{}", reply.text);
    // Obeyed: once another version is active, it goes; pinning it is then a 400, and the
    // rollback history forgets it.
    let reply = server
        .admin_post(&admin, &format!("/admin/modules/{SHIPPED}/activate"), None)
        .await
        .unwrap();
    assert_eq!(reply.status, 200, "{}", reply.text);
    let reply = delete(&server, &admin, &next).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.json["status"], "unloaded");
    let listed = server.modules(&admin).await.unwrap();
    let versions: Vec<&str> = listed.json["modules"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["version"].as_str())
        .collect();
    assert_eq!(versions, [SHIPPED]);
    let body = lookback_tests::valid_request("S-UNLOADED");
    let pinned = server
        .evaluate_on(&client, Some(&next), &body)
        .await
        .unwrap();
    assert_eq!(pinned.status, 400, "{}", pinned.text);
    let reply = server
        .admin_post(&admin, "/admin/modules/rollback", None)
        .await
        .unwrap();
    assert_eq!(reply.status, 409, "{}", reply.text);
    // It stays unloaded after a restart: its file left the modules directory.
    server.shut_down().await.unwrap();
    let server = TestServer::start(settings).await.unwrap();
    let admin = server.token(ADMIN_KEY).await.unwrap();
    let listed = server.modules(&admin).await.unwrap();
    assert_eq!(listed.json["modules"].as_array().map(Vec::len), Some(1));
    assert_eq!(listed.json["active"], SHIPPED);
}
